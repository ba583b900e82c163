"""``mjscore replay --json`` writes a UTF-8 stream's bytes straight into its binary layer
(tui/commands/engine_cmds.py ``write_json``): held here against the standard encoder's text
of each hand written through the text layer, as the command wrote it before: the same bytes,
and where the stream cannot take a text, the same refusal after the same hands."""

from __future__ import annotations

import io
import json

import pytest

from tests.builders import ENGINE_DATA


def _replays():
    from mjscore.engine.core import HandOutcome, Replay, replay
    from mjscore.engine.record import load_session
    from mjscore.engine.results import HandResult, Payment, TableState

    out = {}
    for path in sorted(ENGINE_DATA.glob("*.json")):
        rep = replay(load_session(path.read_text(encoding="utf-8")))
        # a few hundred hands: the bytes go out in several blocks
        out[path.stem] = Replay(hands=rep.hands * 40, totals=rep.totals, next_state=rep.next_state)
    # texts a stream may refuse, after a few plain hands: a lone surrogate (only
    # surrogateescape's own pass), escapes, characters outside Latin-1
    plain = out["nanchang_session"].hands[:5]
    for name, reason in (
        ("surrogate", "自摸 \ud800"),
        ("escaped", "\udcff back\\slash"),
        ("quoted", '"番" \u2028'),
    ):
        pay = (Payment(0, 1, 3, reason), Payment(2, 1, 4, "胡分"))
        res = HandResult(
            payments=pay, deltas=(-3, 7, -4, 0), next_state=TableState(), outcome="win"
        )
        odd = HandOutcome(index=6, state=TableState(), result=res, totals=(-3, 7, -4, 0))
        out[name] = Replay(
            hands=(*plain, odd, *plain), totals=(0, 0, 0, 0), next_state=TableState()
        )
    return out


REPLAYS = _replays()


def _standard_parts(rep) -> list[str]:
    """The JSON text of ``rep`` cut hand by hand, each part by the standard encoder."""
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    parts = ['{"hands": [']
    parts += [(", " if n else "") + dumps(h.to_json()) for n, h in enumerate(rep.hands)]
    parts.append(
        f'], "totals": {dumps(list(rep.totals))}, "next": {dumps(rep.next_state.to_json())}}}'
    )
    assert "".join(parts) == dumps(rep.to_json())
    return [*parts, "\n"]


def _written(write, encoding: str, errors: str, **kw):
    """What ``write(stream)`` raised and the bytes it left, for a text stream."""
    binary = io.BytesIO()
    out = io.TextIOWrapper(binary, encoding=encoding, errors=errors, **kw)
    out.write("before ")
    try:
        write(out)
        raised = None
    except UnicodeEncodeError as e:
        raised = (e.encoding, e.reason)
    out.flush()
    return raised, binary.getvalue()


STREAMS = [
    ("utf-8", "strict"),
    ("utf-8", "surrogateescape"),
    ("UTF8", "backslashreplace"),
    ("utf-8", "replace"),
    ("ascii", "strict"),
    ("latin-1", "xmlcharrefreplace"),
    ("utf-8-sig", "strict"),
    ("utf-16", "surrogatepass"),
]


@pytest.mark.parametrize("name", sorted(REPLAYS))
@pytest.mark.parametrize(("encoding", "errors"), STREAMS)
def test_a_replay_writes_what_the_text_layer_wrote(name, encoding, errors):
    from mjscore.tui.commands.engine_cmds import write_json

    rep = REPLAYS[name]

    def standard(out):
        for part in _standard_parts(rep):
            out.write(part)

    for kw in ({}, {"write_through": True}, {"line_buffering": True}):
        want = _written(standard, encoding, errors, **kw)
        got = _written(lambda out: write_json(rep, out), encoding, errors, **kw)
        assert got == want
    if name == "surrogate" and encoding == "utf-8" and errors == "strict":
        assert got[0] is not None  # the refusal is exercised


def test_an_unbuffered_stream_takes_every_block(tmp_path):
    """An unbuffered stream's binary layer is the file itself, which may take a write in
    parts: all of it arrives."""
    from mjscore.tui.commands.engine_cmds import write_json

    rep = REPLAYS["nanchang_session"]
    path = tmp_path / "out.json"
    with open(path, "wb", buffering=0) as raw:
        out = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
        write_json(rep, out)
        out.flush()
    assert path.read_text(encoding="utf-8") == "".join(_standard_parts(rep))

    class Trickle(io.RawIOBase):  # takes at most 1,000 bytes a call
        def __init__(self):
            self.data = bytearray()

        def writable(self):
            return True

        def write(self, b):
            n = min(len(b), 1000)
            self.data += bytes(b[:n])
            return n

    raw = Trickle()
    out = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
    write_json(rep, out)
    out.flush()
    assert raw.data.decode("utf-8") == "".join(_standard_parts(rep))


def test_a_replay_in_process_keeps_nothing_and_collects_as_before():
    """Only the process that ends as the command returns keeps what it made (tui/cli.py)."""
    import gc

    from mjscore.tui import heap

    from tests.builders import mjscore

    path = ENGINE_DATA / "nanchang_session.json"
    assert gc.isenabled()
    for argv in (["replay", str(path), "--json"], ["replay", str(path)]):
        assert mjscore(*argv).returncode == 0
        assert heap._kept == [] and gc.isenabled()
