"""The home list's rows: the same cells in either layout, dates as the local minute."""

from __future__ import annotations

from datetime import datetime

from mjscore.tui.screens import home_list

from tests.builders import new_ledger, session


def test_dates_are_the_local_minute_and_bad_ones_are_shown_as_stored():
    dates = home_list._Dates()
    for iso in (
        "2026-12-02T14:47:40.374+00:00",
        "1999-01-05T03:04:00+08:00",
        "2026-03-29T01:30:00",
    ):
        want = datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
        assert dates.local(iso) == want
    assert dates.local("yesterday evening, late") == "yesterday evenin"
    assert dates.local(None) == "None"  # type: ignore[arg-type]


def test_both_layouts_show_the_same_cells():
    led = new_ledger()
    sid = session(led, "nanning", names=["阿明", "小芳", "老王", "Lee"])
    led.add_event(sid, {"type": "win", "player": 3, "from": 0, "patterns": ["all_pungs"]})
    session(led, "guobiao", names=["A", "B", "C", "D"])
    sessions = led.list_sessions()
    for lang in ("zh", "en"):
        wide = {k: [str(c) for c in cells] for k, cells in home_list.rows(sessions, lang, False)}
        compact = {k: [str(c) for c in cells] for k, cells in home_list.rows(sessions, lang, True)}
        wide_keys = [k for k, _l, _w in home_list.WIDE]
        compact_keys = [k for k, _l, _w in home_list.COMPACT]
        for key, cells in wide.items():
            by_column = dict(zip(wide_keys, cells, strict=True))
            other = dict(zip(compact_keys, compact[key], strict=True))
            for column in ("id", "date", "variant", "hands", "status"):
                assert other[column] == by_column[column]
        assert (
            dict(zip(compact_keys, compact[str(sid)], strict=True))["players"]
            == "阿明·小芳·老王·Lee"
        )
        assert dict(zip(wide_keys, wide[str(sid)], strict=True))["leader"] == "Lee +9"
