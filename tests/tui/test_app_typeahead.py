"""Type-ahead: keys typed in a burst (as a terminal delivers them when someone types fast,
or as tmux send-keys does) fill the fields in the order typed, even before a dialog is
mounted. ``type_fast`` queues all keys at once; ``pilot.press`` would wait for the app
after each key and hide the race. Each test asserts what the ledger holds."""

from __future__ import annotations

from mjscore.tui.screens.dialogs import WinDialog
from mjscore.tui.screens.table import TableScreen

from tests.builders import (
    SIZE,
    app_on,
    events,
    open_table,
    run,
    session,
    text_of,
    totals,
    type_fast,
)

NAMES = ["Alice", "Bob", "Mei", "Wang"]


@run
async def test_win_typed_in_one_burst(ledger):
    # "w 1 3 p" fast meant "seat 1 wins on seat 3's discard, 碰碰胡"; the 3 used to
    # overwrite the winner and the p was swallowed by the discarder prompt.
    sid = session(ledger, "nanning", names=NAMES)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "w", "2", "3", "p", "enter")  # p: 碰碰胡's hotkey (hint "pung")
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [
        [{"type": "win", "player": 1, "from": 2, "patterns": ["all_pungs"]}]
    ]
    # RULES.md §1: 碰碰胡 k=1, not 门清 b=3: N(1) = 3·b·2^0 = 9 from the discarder
    assert totals(ledger, sid) == (0, 9, -9, 0)


@run
async def test_several_events_in_one_burst_each_sees_the_previous(ledger):
    # kong, pung, then a win whose preview needs the kong: typed without pauses
    sid = session(ledger, "nanning", names=NAMES)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(
            pilot, "k", "3", "c", "7", "s", "enter", "p", "1", "4", "enter", "w", "3", "0", "enter"
        )
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [
        [
            {"type": "kong", "player": 2, "kind": "concealed", "tile": "7s"},
            {"type": "pung", "player": 0, "from": 3},
            {"type": "win", "player": 2, "from": None, "patterns": []},
        ]
    ]


@run
async def test_burst_in_the_edit_screen(ledger):
    # in Edit hand, "w 2 1 p" right after w: the 2 was lost and the rest re-targeted
    sid = session(ledger, "nanning", names=NAMES)
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 1, "patterns": []})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "e", "delete", "w", "2", "1", "p", "enter", "ctrl+s")
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [
        [{"type": "win", "player": 1, "from": 0, "patterns": ["all_pungs"]}]
    ]


@run
async def test_tiles_typed_fast_with_backspaces(ledger):
    # a burst of Backspaces then text in the tiles field; nothing reordered or lost
    sid = session(ledger, "nanning", names=NAMES)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(
            pilot, "w", "1", "3", "ctrl+t", "1"
        )  # the field's Focus event comes between
        await type_fast(
            pilot, *"23m456m789m12x", *["backspace"] * 15, *"[555p,2]11122233m99s9s", "enter"
        )
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [
        [{"type": "win", "player": 0, "from": 2, "hand": "[555p,2]11122233m99s9s"}]
    ]
    assert totals(ledger, sid) == (9, 0, -9, 0)


@run
async def test_key_the_field_cannot_use_is_refused_not_passed_on(ledger):
    # A pattern hotkey while the discarder is still asked: bell + "choose the discarder
    # first"; it neither picks a seat nor ticks the pattern.
    sid = session(ledger, "nanning", names=NAMES)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "w", "2", "p")
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#winner").value == 1 and not d.query_one("#from").chosen
        assert d.query_one("#patterns").values() == {}
        assert "Discarder" in text_of(d.query_one("#dialog-error"))
        await type_fast(pilot, "3", "p", "enter")
    assert events(ledger, sid) == [
        [{"type": "win", "player": 1, "from": 2, "patterns": ["all_pungs"]}]
    ]


@run
async def test_prefilled_fields_are_replaced_when_tabbed_into(ledger):
    # Tab into a "0,0" jing-count field then "2,1" gave "2,10,0"
    sid = session(ledger, "nanchang", names=NAMES)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "c", *"2,1", "tab", "tab", "tab")
        await type_fast(pilot, *"1,1", "tab", "1")  # Bob: counts 1,1 and one 精杠
        await type_fast(pilot, "enter")
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [
        [
            {
                "type": "jing_count",
                "counts": [[2, 1], [1, 1], [0, 0], [0, 0]],
                "jing_kongs": [0, 1, 0, 0],
            }
        ]
    ]


@run
async def test_the_row_being_typed_into_is_marked(ledger):
    # the focus marker (reversed label) must follow the focus, also after type-ahead
    sid = session(ledger, "nanning", names=NAMES)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "w", "2", "0")
        d = app.screen
        marked = [r for r in d.query(".frow") if r.has_class("current")]
        assert len(marked) == 1 and marked[0] is d.query_one("#patterns").parent
        await type_fast(pilot, "ctrl+t")
        marked = [r for r in d.query(".frow") if r.has_class("current")]
        assert len(marked) == 1 and marked[0] is d.query_one("#tiles").parent
