"""``mjscore calc`` and ``mjscore replay``: the engine from the command line."""

from __future__ import annotations

import gc
import sys

from mjscore.engine.errors import ErrorCode, MjError
from mjscore.tui.texts import txt

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (calc stays light)
if TYPE_CHECKING:
    from typing import Any

    from mjscore.engine.variant import Variant


def register(sub) -> None:
    c = sub.add_parser(
        "calc",
        help="value one winning hand",
        description="Value one winning hand written in tile notation.",
    )
    c.add_argument("variant", help="nanning | nanjing | guobiao | nanchang")
    c.add_argument("hand", help="tile string, e.g. '19m19p19sESWNCFPP|EE1000'")
    c.add_argument(
        "--option", action="append", default=[], metavar="K=V", help="a house-rule option"
    )
    c.add_argument(
        "--flag",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="a situation flag (RULES.md §0)",
    )
    c.add_argument("--jing", metavar="TILE", help="Nanchang: the 正精 tile")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.set_defaults(func=cmd_calc)

    r = sub.add_parser(
        "replay",
        help="settle a session record",
        description="Settle every hand of a session record (JSON).",
    )
    r.add_argument("file", help="session record (RECORD.md JSON); '-' reads standard input")
    r.add_argument("--json", action="store_true", help="print JSON")
    add_session_option(r)
    r.set_defaults(func=cmd_replay)


def parse_options(variant: Variant, items: list[str]) -> dict[str, Any]:
    from mjscore.engine.rules import parse_option_value

    specs = {s.name: s for s in variant.option_specs()}
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise MjError(ErrorCode.BAD_OPTION, txt("option_takes_name_value_got", item=item))
        k, v = item.split("=", 1)
        k = k.strip()
        out[k] = parse_option_value(specs[k], v) if k in specs else v
    return out


def parse_flags(items: list[str]) -> dict[str, Any]:
    """``--flag ID=N --flag ID`` (a flag id of RECORD.md) → checked values as in a win event."""
    from mjscore.engine.record import WIN_FLAGS, Win
    from mjscore.engine.terms import WIN_FLAGS as FLAG_FACTS
    from mjscore.engine.tiles import ascii_text, is_count

    specs = {f.key: f for f in Win.SPEC}
    out: dict[str, Any] = {}
    for item in items:
        name, _, text = item.partition("=")
        name = name.strip()
        if name not in WIN_FLAGS:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("unknown_flag_flags", name=name, p2=", ".join(WIN_FLAGS)),
                where="--flag",
            )
        value: Any
        if not _:
            value = True
        elif FLAG_FACTS[name].kind == "per_seat":
            value = [
                None if t.strip().lower() in ("", "null", "-") else t.strip()
                for t in text.split(",")
            ]
        elif FLAG_FACTS[name].kind == "tiles":
            value = text
        elif text.lower() in ("true", "false"):
            value = text.lower() == "true"
        else:
            text = ascii_text(text.strip(), where=f"--flag {name}")
            value = int(text) if is_count(text) else text
        out[name] = specs[name].check(value, f"--flag {name}")
    return out


def cmd_calc(args) -> int:
    from mjscore.engine.variants import get_variant, quick_calc

    answer = None
    if not (args.option or args.flag or args.jing is not None):
        answer = quick_calc(args.variant, args.hand)  # the rule set's light path, if any
    if answer is None:
        from mjscore.engine.tiles import tile_text

        v = get_variant(args.variant)
        rules = v.rules(parse_options(v, args.option), where="--option")
        flags = parse_flags(args.flag)
        jing = None if args.jing is None else tile_text(args.jing)
        res = v.calc(tile_text(args.hand), rules, flags=flags, jing=jing)
        answer = (res.json, res.lines)
    if args.json:
        import json

        print(json.dumps(answer[0], ensure_ascii=False))
    else:
        print("\n".join(answer[1]))
    return 0


def read_record(path: str) -> str:
    """The text of a record file (``-``: standard input), UTF-8 with or without a BOM."""
    from mjscore.engine.jsonin import MAX_RECORD_CHARS

    label = "standard input" if path == "-" else path
    if path == "-" and not hasattr(sys.stdin, "buffer"):  # a text stream put in by a caller
        return sys.stdin.read(MAX_RECORD_CHARS + 1).removeprefix("\ufeff")
    limit = MAX_RECORD_CHARS
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except OSError as e:
        raise MjError(
            ErrorCode.BAD_RECORD, txt("cannot_read", path=path, strerror=e.strerror)
        ) from None
    if len(data) > limit:
        raise MjError(
            ErrorCode.BAD_RECORD,
            txt("larger_than_mb_too_large", label=label, p2=limit // 1_000_000),
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MjError(ErrorCode.BAD_RECORD, txt("file_not_utf8", label=label)) from None


def load_records(path: str) -> list:
    """The sessions in the file (``-``: standard input): one record or the many-session file
    of ``mjscore export --all``; a JSON syntax error names the file."""
    from mjscore.engine.record import load_records as load

    text = read_record(path)
    try:
        return load(text)
    except MjError as e:
        if e.where and e.where.startswith("line "):
            label = "standard input" if path == "-" else path
            raise MjError(e.code, e.msg, where=f"{label} {e.where}") from None
        raise


def load_record(path: str, session_id: str | None = None):
    """The :class:`engine.record.Session` in the file (``-``: standard input). A
    many-session file needs ``session_id`` (the session's UUID); without it the ids are
    listed in the refusal."""
    sessions = load_records(path)
    label = "standard input" if path == "-" else path
    if session_id is None:
        if len(sessions) == 1:
            return sessions[0]
        raise MjError(
            ErrorCode.BAD_RECORD,
            txt(
                "holds_sessions_choose_one_session",
                label=label,
                p2=len(sessions),
                p3=", ".join(str(s.id) for s in sessions),
            ),
        )
    found = [s for s in sessions if s.id is not None and s.id == session_id.strip().lower()]
    if not found:
        ids = ", ".join(str(s.id) for s in sessions)
        raise MjError(
            ErrorCode.BAD_RECORD,
            txt("session_sessions", label=label, session_id=session_id, ids=ids),
        )
    return found[0]


def add_session_option(parser) -> None:
    parser.add_argument(
        "--session",
        dest="session_uuid",
        metavar="UUID",
        help="the session to use from a file of several sessions (mjscore export --all)",
    )


def cmd_replay(args) -> int:
    from mjscore.engine.core import replay
    from mjscore.engine.money import pad, text_width
    from mjscore.engine.terms import BIXIAHU, DEALER
    from mjscore.tui.heap import keep_until_exit

    # Reading and settling a record makes next to no reference cycles, and the process ends: the
    # cycle collector would only walk the growing heap again and again (a tenth of the time
    # of a long replay), so it is paused while the record is read, settled and written (and
    # stays paused if it was, as when the process ends right after, see tui/cli.py run()).
    collecting = gc.isenabled()
    gc.disable()
    try:
        session = load_record(args.file, args.session_uuid)
        rep = replay(session)
        keep_until_exit(session, rep)
        if args.json:
            write_json(rep, sys.stdout)
            return 0
    finally:
        if collecting:
            gc.enable()
    names = session.players
    width = max(text_width(n) for n in names)
    for h in rep.hands:
        st = h.state
        head = f"#{h.index:<3} {DEALER.zh} {names[st.dealer]}  圈 {st.prevailing_wind}"
        if st.bixiahu:
            head += f"  {BIXIAHU.zh} 旗 {st.flags}"
        print(head)
        for p in h.result.payments:
            print(
                f"     {pad(names[p.payer], width, right=True)} → {pad(names[p.payee], width)} {p.amount:>6}  {p.reason}"
            )
        print(
            "     " + "  ".join(f"{n} {d:+d}" for n, d in zip(names, h.result.deltas, strict=True))
        )
    print(
        "总计 totals: " + "  ".join(f"{n} {t:+d}" for n, t in zip(names, rep.totals, strict=True))
    )
    return 0


def write_json(rep, out) -> None:
    """The replay's JSON (the same text as ``json.dumps`` of its ``to_json()``) and a newline
    on the text stream ``out``, each hand's part as it is made (the whole text of a long
    night would be held in memory only to be written once). A UTF-8 stream gets the bytes
    straight into its binary layer, a block of hands at a time: its text layer would encode
    every hand's text again, and an unbuffered one would make a system call per hand. Any
    other stream gets each hand's text, as it always has."""
    import codecs
    import io

    if not (isinstance(out, io.TextIOWrapper) and codecs.lookup(out.encoding).name == "utf-8"):
        for part in rep.json_parts():
            out.write(part)
        out.write("\n")
        return
    out.flush()  # anything written before goes first
    binary = out.buffer
    block: list[bytes] = []
    try:
        for chunk in rep.json_chunks(out.errors):  # its error handler: the bytes it would write
            block.append(chunk)
            if len(block) == 200:
                _write_all(binary, b"".join(block))
                block.clear()
    except UnicodeEncodeError:  # a text the stream cannot write: the hands before it are out
        _write_all(binary, b"".join(block))
        raise
    _write_all(binary, b"".join(block))
    out.write("\n")


def _write_all(binary, data: bytes) -> None:
    """``data`` on the binary stream: an unbuffered one may take only part of it at a time."""
    done = binary.write(data)
    while done is not None and done < len(data):
        data = data[done:]
        done = binary.write(data)
