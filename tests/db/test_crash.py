"""Kill a writing process with SIGKILL at random moments: every hand it reported as
committed is in the ledger, the file passes ``PRAGMA integrity_check``, and the stored
settlement equals a fresh replay (no half-written transaction)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mjscore.db import Ledger
from mjscore.engine.record import event_from_json

from tests.builders import available
from tests.db.crash_writer import amended_first, hand_events
from tests.db.test_corrections import assert_consistent

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
ROUNDS = 8


@pytest.mark.skipif(
    not hasattr(signal, "SIGKILL") or not available("guobiao"), reason="needs SIGKILL and guobiao"
)
def test_sigkill_loses_nothing_committed(tmp_path):
    path = tmp_path / "crash.sqlite3"
    with Ledger.open(path) as led:
        sid = led.create_session("guobiao", ["甲", "乙", "丙", "丁"])
    rng = random.Random(20261130)
    reported_hands = 0
    reported_amends = 0
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)])}
    for _ in range(ROUNDS):
        proc = subprocess.Popen(
            [sys.executable, str(HERE / "crash_writer.py"), str(path), str(sid)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
        )
        # wait for the first commit of this round, then kill at a random moment
        first = proc.stdout.readline()
        assert first, proc.stderr.read()
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        assert proc.returncode == -signal.SIGKILL
        for line in [first, *out.splitlines()]:
            kind, _, num = line.strip().partition(" ")
            if kind == "hand":
                reported_hands = max(reported_hands, int(num))
            elif kind == "amend":
                reported_amends = max(reported_amends, int(num))
        with Ledger.open(path) as led:
            assert led.check() == "ok"
            hands = led.hands(sid)
            assert len(hands) >= reported_hands
            # hands after the first are exactly what the writer wrote
            for h in hands[1:]:
                assert [e.to_json() for e in h.events] == hand_events(h.number)
            amends = sum(1 for e in led.history(sid) if e.action == "amend")
            assert amends >= reported_amends
            first_evs = [e.to_json() for e in hands[0].events]
            assert first_evs == (amended_first(amends) if amends else hand_events(1))
            assert_consistent(led, sid)
    assert reported_hands >= ROUNDS  # the writer really made progress every round
    print(f"{ROUNDS} kills, {reported_hands} hands and {reported_amends} amends reported committed")
    # every stored event is a well-formed RECORD.md object
    with Ledger.open(path) as led:
        for (payload,) in led.db.execute("SELECT payload FROM events"):
            event_from_json(json.loads(payload))
