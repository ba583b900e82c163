"""``mjscore rebuild``: settle stored sessions again with this version's rules.

The ledger keeps each hand's settlement as it was stored when the hand was recorded (the
payments the table saw and settled up); an upgrade that corrects a rule reading changes no
stored session by itself. ``rebuild`` settles the named sessions (or ``--all``) afresh from
their events and rewrites the stored settlement of those that come out differently, one
transaction per session. ``--dry-run`` only lists them. A session with a hand the current rules
refuse is kept as stored and named with the reason, so the hand can be amended; the command
then exits with status 1.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field

from mjscore.tui.commands.ledger_cmds import open_ledger, open_ledger_to_read


def register(sub) -> None:
    r = sub.add_parser(
        "rebuild",
        help="settle stored sessions again with this version's rules",
        description="Settle stored sessions afresh from their events (after an upgrade that "
        "corrects a rule) and store the new settlement of every session that changes. A session "
        "the current rules refuse is kept as stored and named (exit status 1).",
    )
    r.add_argument("sessions", type=int, nargs="*", metavar="SESSION", help="session ids")
    r.add_argument("--all", action="store_true", help="every session of the ledger")
    r.add_argument(
        "--dry-run", action="store_true", help="only list what would change; write nothing"
    )
    r.add_argument("--json", action="store_true", help="print JSON")
    r.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    r.set_defaults(func=cmd_rebuild)


@dataclass(slots=True)
class Check:
    """One session compared: the hands (numbered from 1) whose stored settlement differs from
    a fresh one, or why the session no longer settles."""

    session: int
    variant: str
    hands: int = 0
    changed: list[int] = field(default_factory=list)
    before: tuple[int, ...] = ()
    after: tuple[int, ...] = ()
    refused: str | None = None

    def to_json(self) -> dict:
        return {
            "session": self.session,
            "variant": self.variant,
            "hands": self.hands,
            "changed": self.changed,
            "totals_before": list(self.before),
            "totals_after": list(self.after),
            "refused": self.refused,
        }


def compare(led, session_id: int) -> Check:
    """Stored against fresh settlement of one session (nothing is written)."""
    from mjscore.engine.errors import MjError

    info = led.session_info(session_id)
    check = Check(session_id, info.variant)
    stored = led.stored_replay(session_id)
    check.hands, check.before = len(stored.hands), stored.totals
    try:
        fresh = led.replay(session_id)
    except MjError as e:
        check.refused = str(e)
        return check
    check.after = fresh.totals
    for old, new in zip(stored.hands, fresh.hands, strict=False):
        a, b = old.result, new.result
        if (a.payments, a.deltas, a.next_state, old.state) != (
            b.payments,
            b.deltas,
            b.next_state,
            new.state,
        ):
            check.changed.append(old.index)
    if len(stored.hands) != len(fresh.hands):  # pragma: no cover - both stop at the open hand
        check.changed.append(min(len(stored.hands), len(fresh.hands)) + 1)
    return check


def _line(c: Check, dry_run: bool) -> str:
    head = f"session {c.session} ({c.variant})"
    if c.refused:
        m = re.match(r"hands\[(\d+)\]", c.refused)
        which = f"hand {int(m.group(1)) + 1}" if m else "a hand"
        return f"{head}: kept as stored, {which} no longer settles (amend it): {c.refused}"
    hands = ", ".join(map(str, c.changed))
    verb = "would change" if dry_run else "re-settled"
    totals = " ".join(f"{t:+d}" for t in c.before) + " → " + " ".join(f"{t:+d}" for t in c.after)
    return f"{head}: {verb}, hand{'s' if len(c.changed) > 1 else ''} {hands}; totals {totals}"


def cmd_rebuild(args) -> int:
    if bool(args.sessions) == bool(args.all):
        print("mjscore: rebuild: name the sessions to rebuild, or give --all", file=sys.stderr)
        return 2
    opener = open_ledger_to_read if args.dry_run else open_ledger
    checks: list[Check] = []
    with opener(args) as led:
        ids = [i.id for i in led.list_sessions()] if args.all else list(args.sessions)
        for sid in sorted(ids):
            c = compare(led, sid)
            if c.changed and not c.refused and not args.dry_run:
                led.rebuild(sid)
            checks.append(c)
    changed = [c for c in checks if c.changed and not c.refused]
    refused = [c for c in checks if c.refused]
    if args.json:
        print(
            json.dumps(
                {
                    "dry_run": args.dry_run,
                    "sessions": [c.to_json() for c in checks],
                    "changed_sessions": len(changed),
                    "changed_hands": sum(len(c.changed) for c in changed),
                    "refused_sessions": len(refused),
                },
                ensure_ascii=False,
            )
        )
    else:
        for c in checks:
            if c.changed or c.refused:
                print(_line(c, args.dry_run))
        verb = "would be re-settled" if args.dry_run else "re-settled"
        print(
            f"{len(checks)} session(s) checked, {sum(c.hands for c in checks)} hands: "
            f"{len(changed)} {verb} ({sum(len(c.changed) for c in changed)} hands changed), "
            f"{len(refused)} kept as stored because a hand no longer settles, "
            f"{len(checks) - len(changed) - len(refused)} unchanged"
        )
    return 1 if refused else 0
