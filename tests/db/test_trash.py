"""Deleting a whole session keeps it whole in the ledger; restoring brings it back as it was."""

from __future__ import annotations

import pytest
from mjscore.db import Ledger, LedgerError, NotFound
from mjscore.engine.record import Draw, Kong

from tests.db.test_corrections import assert_consistent, play
from tests.db.toy import win


def test_delete_session_leaves_every_list_and_restore_brings_it_back(ledger, session):
    play(ledger, session)
    ledger.add_event(session, Kong(player=2, kind="concealed"))  # an open hand
    ledger.set_notes(session, "Friday")
    ledger.delete_hand(session, 1)  # a correction, kept with the session
    before = ledger.get_session(session)
    info = ledger.session_info(session)
    other = ledger.create_session("guobiao", ["A", "B", "C", "D"])

    did = ledger.delete_session(session, note="wrong table")
    assert [s.id for s in ledger.list_sessions()] == [other]
    with pytest.raises(NotFound):
        ledger.session_info(session)
    gone = ledger.deleted_sessions()
    assert [(d.id, d.session_id, d.hands, d.note) for d in gone] == [
        (did, session, 4, "wrong table")
    ]
    assert gone[0].players == info.players and gone[0].restored_as is None

    sid = ledger.restore_session(did)
    assert sid != session
    again = ledger.get_session(sid)
    assert again == before  # same identity, times, notes, hands and open hand
    assert ledger.session_info(sid).totals == info.totals
    assert_consistent(ledger, sid)
    # its corrections came back with it: the delete of hand 1 can still be undone
    (entry,) = ledger.history(sid)
    assert (entry.action, entry.before) == ("delete", (win(1, 2),))
    ledger.undo_change(entry.id)
    assert ledger.hands(sid)[0].events == (win(1, 2),)
    assert_consistent(ledger, sid)
    assert ledger.deleted_sessions() == []
    (done,) = ledger.deleted_sessions(restored=True)
    assert done.restored_as == sid and done.restored_at is not None
    with pytest.raises(LedgerError, match="already restored"):
        ledger.restore_session(did)
    with pytest.raises(NotFound):
        ledger.restore_session(did + 7)


def test_a_deleted_session_survives_reopening_the_file(file_ledger, toy_variant):
    sid = file_ledger.create_session("guobiao", ["A", "B", "C", "D"])
    file_ledger.add_event(sid, win(1, 2))
    file_ledger.add_event(sid, Draw())
    file_ledger.end_session(sid)
    did = file_ledger.delete_session(sid)
    path = file_ledger.path
    file_ledger.close()
    with Ledger.open(path) as led:
        new = led.restore_session(did)
        info = led.session_info(new)
        assert info.ended and info.hands_played == 2
        assert led.last_change(new) is None  # nothing was corrected in it


def test_undone_undo_chain_keeps_its_links(ledger, session):
    play(ledger, session)
    ledger.undo_last_event(session)
    undo_id = ledger.last_change(session)
    ledger.undo_change(undo_id)  # the redo
    sid = ledger.restore_session(ledger.delete_session(session))
    first, second = sorted(ledger.history(sid), key=lambda e: e.id)
    assert (first.action, second.action) == ("undo_event", "undo")
    assert second.undoes == first.id and first.undone_by == second.id


def test_undoing_the_undo_of_a_delete_deletes_again(ledger, session):
    play(ledger, session)
    aid = ledger.delete_hand(session, 1)
    back = ledger.undo_change(aid)
    entry = ledger.history(session)[0]
    assert (entry.id, entry.before, entry.after) == (back, None, (win(1, 2),))
    ledger.undo_change(back)  # a redo of the delete: hand 1 goes again, nothing overwritten
    assert [h.events for h in ledger.hands(session)] == [(win(1),), (Draw(),), (win(3, 1),)]
    assert_consistent(ledger, session)
