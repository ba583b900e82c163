"""Recording hands: events stored verbatim, settlement stored, totals, metadata."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from mjscore.db import LedgerError, NotFound
from mjscore.engine.errors import MjError
from mjscore.engine.record import Draw, FalseWin, Kong

from tests.builders import MARKUP_NAMES as PLAYERS
from tests.db.toy import win


def test_create_and_list(ledger, session):
    infos = ledger.list_sessions()
    assert [i.id for i in infos] == [session]
    info = infos[0]
    assert info.players == tuple(PLAYERS)
    assert info.stake == Decimal("0.5")
    assert info.notes == "notes <i>"
    assert info.hands_played == 0 and info.totals == (0, 0, 0, 0)
    assert not info.ended


def test_players_are_people_across_sessions(ledger, session):
    ledger.create_session("guobiao", [PLAYERS[1], PLAYERS[0], "新人", PLAYERS[3]])
    assert ledger.db.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 5
    names = ledger.player_names()
    assert set(names) == {*PLAYERS, "新人"}
    assert names[0] in {PLAYERS[1], PLAYERS[0], "新人", PLAYERS[3]}
    assert ledger.player_names("阿") == ["阿明"]


@pytest.mark.parametrize(
    "players, msg",
    [
        (["a", "b", "c"], "four players"),
        (["a", "b", "c", "a"], "different"),
        (["a", "b", "c", " d"], "spaces"),
        (["a", "b", "c", "x\ny"], "control"),
    ],
)
def test_bad_players_refused(ledger, players, msg):
    with pytest.raises(MjError, match=msg):
        ledger.create_session("guobiao", players)
    assert ledger.list_sessions() == []


def test_bad_stake_and_dealer_refused(ledger):
    with pytest.raises(MjError):
        ledger.create_session("guobiao", PLAYERS, stake="-1")
    with pytest.raises(MjError):
        ledger.create_session("guobiao", PLAYERS, first_dealer=4)
    with pytest.raises(MjError):
        ledger.create_session("guobiao", PLAYERS, options={"no_such_option": 1})
    assert ledger.list_sessions() == []


def test_events_stored_verbatim_and_hand_settled(ledger, session):
    h = ledger.add_event(session, {"type": "kong", "player": 1, "kind": "concealed"})
    assert h.status == "open" and h.number == 1 and h.result is None
    h = ledger.add_event(session, {"type": "win", "player": 0, "from": 2, "fan": 8})
    assert h.status == "win" and h.result is not None
    # dealer 0 wins on 2's discard: 16 (8 ×2 庄); kong: 1 from each to seat 1
    assert h.deltas == (15, 3, -17, -1)
    assert h.deltas == h.result.deltas
    assert [p.reason for p in h.payments] == ["杠", "杠", "杠", "放炮 ×2 庄"]
    rows = list(ledger.db.query("SELECT type, payload FROM events ORDER BY seq"))
    assert [json.loads(r["payload"]) for r in rows] == [
        {"type": "kong", "player": 1, "kind": "concealed"},
        {"type": "win", "player": 0, "from": 2, "fan": 8},
    ]
    assert ledger.session_info(session).totals == (15, 3, -17, -1)
    assert [t.money for t in ledger.session_totals(session)] == [
        Decimal("7.5"),
        Decimal("1.5"),
        Decimal("-8.5"),
        Decimal("-0.5"),
    ]


def test_current_hand_carries_next_state(ledger, session):
    assert ledger.current_hand(session).number == 1
    ledger.add_event(session, win(1, 0))  # non-dealer wins: deal passes to seat 1
    cur = ledger.current_hand(session)
    assert cur.number == 2 and cur.events == () and cur.state.dealer == 1
    ledger.add_event(session, Draw())
    assert ledger.current_hand(session).state.dealer == 1  # a draw keeps the deal


def test_refused_event_writes_nothing(ledger, session):
    ledger.add_event(session, {"type": "kong", "player": 2, "kind": "concealed"})
    before = ledger.db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    with pytest.raises(MjError):  # unknown flag for this variant
        ledger.add_event(
            session, {"type": "win", "player": 0, "from": None, "fan": 8, "heavenly": True}
        )
    with pytest.raises(MjError):  # the toy variant refuses this kong when settling
        ledger.add_events(session, [Kong(player=3, kind="concealed", tile="9s"), win(0)])
    with pytest.raises(MjError):  # structural: a bad seat
        ledger.add_event(session, {"type": "win", "player": 7, "from": None})
    assert ledger.db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == before
    assert ledger.current_hand(session).status == "open"


def test_multiple_wins_in_one_call(ledger, session):
    h = ledger.add_events(session, [win(1, 0), win(2, 0)])
    assert h.status == "win" and h.deltas == (-16, 8, 8, 0)
    assert ledger.lifetime_stats(PLAYERS[0]).deal_ins == 1


def test_record_hand_and_open_hand(ledger, session):
    ledger.record_hand(session, [Draw()])
    ledger.add_event(session, {"type": "kong", "player": 0, "kind": "concealed"})
    with pytest.raises(LedgerError, match="being played"):
        ledger.record_hand(session, [Draw()])
    with pytest.raises(MjError):
        ledger.record_hand(session, [{"type": "kong", "player": 0, "kind": "concealed"}])


def test_undo_last_event(ledger, session):
    ledger.add_event(session, {"type": "kong", "player": 1, "kind": "concealed"})
    ledger.add_event(session, win(2))
    assert ledger.session_info(session).hands_played == 1
    h = ledger.undo_last_event(session)
    assert h.status == "open" and len(h.events) == 1
    assert ledger.session_info(session).totals == (0, 0, 0, 0)
    assert ledger.db.execute("SELECT COUNT(*) FROM payments").fetchone()[0] == 0
    h = ledger.undo_last_event(session)
    assert h.events == () and h.number == 1
    with pytest.raises(LedgerError, match="no events"):
        ledger.undo_last_event(session)
    # nothing destroyed: both removals are in the audit table and can be undone
    hist = ledger.history(session)
    assert [e.action for e in hist] == ["undo_event", "undo_event"]
    with pytest.raises(LedgerError, match="changed since"):
        ledger.undo_change(hist[1].id)  # the newer removal must be undone first
    ledger.undo_change(hist[0].id)
    ledger.undo_change(hist[1].id)
    assert ledger.hand(session, 1).status == "win"
    # kong by 1: +3 / -1 each; 2 self-draws (not dealer): 4 from each
    assert ledger.session_info(session).totals == (-1 - 4, 3 - 4, -1 + 12, -1 - 4)


def test_ended_session_refuses_events(ledger, session):
    ledger.end_session(session)
    assert ledger.session_info(session).ended
    with pytest.raises(LedgerError, match="ended"):
        ledger.add_event(session, Draw())
    ledger.reopen_session(session)
    ledger.add_event(session, Draw())


def test_unknown_session(ledger):
    with pytest.raises(NotFound):
        ledger.get_session(99)
    with pytest.raises(NotFound):
        ledger.add_event(99, Draw())


def test_get_session_round_trip(ledger, session):
    ledger.add_event(session, win(0, 1))
    ledger.add_event(session, FalseWin(player=3))
    ledger.add_event(session, {"type": "pung", "player": 1, "from": 0, "tile": "5p"})
    s = ledger.get_session(session)
    assert s.players == tuple(PLAYERS) and s.stake == Decimal("0.5")
    assert [h.outcome for h in s.hands] == ["win", "false_win", "open"]
    rep = ledger.replay(session)
    assert rep.totals == ledger.session_info(session).totals


def test_lifetime_stats(ledger, session):
    s2 = ledger.create_session("guobiao", [PLAYERS[0], "x", "y", "z"], stake=2)
    ledger.add_event(session, win(0, 1))  # 阿明 dealer wins: +16
    ledger.add_event(session, win(1))  # 小芳 self-draw (dealer still 0): -4 each
    ledger.add_event(s2, FalseWin(player=0))  # -15
    st = ledger.lifetime_stats(PLAYERS[0])
    assert (st.sessions, st.hands, st.wins, st.self_draws, st.deal_ins, st.false_wins) == (
        2,
        3,
        1,
        0,
        0,
        1,
    )
    assert st.net_points == 16 - 4 - 15
    assert st.net_money == Decimal("0.5") * 12 + 2 * -15
    assert st.biggest_hand == 16 and st.biggest_hand_at == (session, 1)
    view = next(ledger.db.query("SELECT * FROM player_lifetime WHERE player = ?", [PLAYERS[0]]))
    assert (
        view["sessions"],
        view["hands"],
        view["wins"],
        view["net_points"],
        view["biggest_hand"],
    ) == (2, 3, 1, -3, 16)
    with pytest.raises(NotFound):
        ledger.lifetime_stats("nobody")


def test_close_hand(ledger, session):
    ledger.add_event(session, Kong(player=1, kind="concealed"))
    with pytest.raises(MjError, match="needs a win"):
        ledger.close_hand(session, [Kong(player=2, kind="concealed")])
    h = ledger.close_hand(session, [win(2, 0), win(3, 0)])
    assert h.status == "win" and len(h.events) == 3 and h.result is not None


def test_a_very_long_session(ledger):
    from mjscore.engine.record import Hand, Session

    hands = tuple(Hand((win(i % 4, (i + 1) % 4),) if i % 5 else (Draw(),)) for i in range(1500))
    sid = ledger.import_session(
        Session(variant="guobiao", players=tuple(PLAYERS), options={}, hands=hands)
    )
    assert [h.number for h in ledger.hands(sid)] == list(range(1, 1501))
    ledger.amend_hand(sid, 1, [win(0)])
    assert ledger.session_info(sid).totals == ledger.replay(sid).totals
