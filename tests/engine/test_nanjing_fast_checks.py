"""南京 event checks written for speed against the plain versions they replace.

Each reference below is the check as it was first written (the winner's copies counted in a
dict of every tile, every flag test made whatever the flags, a Counter's own update for the
flowers); the engine's versions skip work that cannot change the answer. Over seeded inputs,
many of them refused, both must give the same answer: the same result, or the same refusal
word for word and at the same place."""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from types import SimpleNamespace

import pytest
from mjscore.engine import facts
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.events import Flowers
from mjscore.engine.results import TableState
from mjscore.engine.variants import nanjing, nanjing_checks
from mjscore.engine.variants.nanjing_checks import (
    FlowerLog,
    _check_flags,
    _contra,
    _flower_event,
    _tile_name,
    check_win_copies,
)
from mjscore.engine.variants.nanjing_score import close_patterns
from mjscore.engine.variants.texts_nanjing import Seat, txt

from tests.builders import outcome

TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWN")


# ---------------------------------------------------------------- the winner's copies
def _copies_reference(win, tiles, shown, where) -> None:
    # the count of every held tile, as it was before only the tiles the others show were counted
    mine = tiles.all_tiles
    others = nanjing_checks.others_shown(win, shown)
    nanjing_checks.check_robbed_kong(win, tiles, mine, shown, where)
    held: dict[str, int] = {}
    for t in mine:
        held[t] = held.get(t, 0) + 1
    over = [t for t, n in held.items() if n + others.get(t, 0) > 4]
    if over:
        t = min(over)
        raise _contra(
            txt("winner_s_hand_holds_other", n=held[t], p2=_tile_name(t), p3=others.get(t, 0)),
            f"{where}.hand",
        )


def _copies_case(rng: random.Random):
    kinds = rng.sample(TILES, rng.randint(2, 8))
    mine = tuple(rng.choice(kinds) for _ in range(rng.choice((2, 5, 8, 11, 14, 15, 18))))
    shown: list[defaultdict[str, int]] = [defaultdict(int) for _ in range(4)]
    for _ in range(rng.randint(0, 4)):
        t = rng.choice(kinds if rng.random() < 0.7 else TILES)
        shown[rng.randrange(4)][t] += rng.choice((3, 4, 1))
    if rng.random() < 0.1:
        shown[rng.randrange(4)][rng.choice(TILES)] = 0  # a count read from a defaultdict
    player = rng.randrange(4)
    robbed = rng.random() < 0.3
    from_ = (
        rng.choice([p for p in range(4) if p != player]) if robbed or rng.random() < 0.5 else None
    )
    win = SimpleNamespace(player=player, robbed_kong=1 if robbed else None, from_=from_)
    tiles = SimpleNamespace(all_tiles=mine, win_tile=rng.choice(mine))
    return win, tiles, shown


@pytest.mark.parametrize("seed", range(4))
def test_win_copies_as_counted_tile_by_tile(seed: int) -> None:
    rng = random.Random(seed)
    refused = 0
    for _ in range(3000):
        win, tiles, shown = _copies_case(rng)
        copy = [defaultdict(int, s) for s in shown]  # the reference may add zero counts
        got = outcome(check_win_copies, win, tiles, shown, "events[2]")
        want = outcome(_copies_reference, win, tiles, copy, "events[2]")
        assert got == want, (win, tiles, shown)
        refused += got[0] == "refused"
    assert 300 < refused < 2700  # both answers are well represented


# ---------------------------------------------------------------- the flags
_flags_reference = nanjing_checks._flag_rules  # every rule, without the quick return


FLAGS = (
    "kong_bloom",
    "flower_bloom",
    "flower_kong_bloom",
    "robbed_kong",
    "heavenly",
    "earthly",
    "last_tile",
)


def test_flags_as_checked_one_by_one() -> None:
    state = TableState(dealer=1)
    for bits in range(1 << len(FLAGS)):
        for player in (0, 1):
            for from_ in (None, 2):
                for on in (1, True, 2):
                    flags = {
                        f: (on if f in ("kong_bloom", "robbed_kong") else True)
                        if bits >> k & 1
                        else None
                        for k, f in enumerate(FLAGS)
                    }
                    win = SimpleNamespace(player=player, from_=from_, **flags)
                    args = (win, state, "events[3]", nanjing.FLAG_ZH)
                    assert outcome(_check_flags, *args) == outcome(_flags_reference, *args)


# ---------------------------------------------------------------- the flowers
def test_flower_log_made_empty_as_four_new_counters() -> None:
    rng = random.Random(7)
    letters = list("abcdefgh") + ["C", "F", "P"] * 3
    for _ in range(2000):
        fast = FlowerLog.empty()
        slow = FlowerLog([Counter() for _ in range(4)], [0] * 4, [False] * 4, [False] * 4)
        assert fast == slow
        for i in range(rng.randint(1, 6)):
            ev = Flowers(
                player=rng.randrange(4), tiles="".join(rng.sample(letters, rng.randint(1, 5)))
            )
            got = outcome(_flower_event, fast, ev, f"events[{i}]")
            want = outcome(_flower_event, slow, ev, f"events[{i}]")
            assert got == want
            assert fast.tiles == slow.tiles and fast.counts == slow.counts
            assert all(type(t) is Counter for t in fast.tiles)
            if got[0] == "refused":
                break


def test_flower_tally_counts_like_counter_update() -> None:
    rng = random.Random(11)
    letters = list("abcdefghCFP")
    for _ in range(500):
        log = FlowerLog.empty()
        ref = [Counter() for _ in range(4)]
        for i in range(3):
            ev = Flowers(player=i, tiles="".join(rng.sample(letters, rng.randint(1, 4))))
            if outcome(_flower_event, log, ev, "e")[0] != "ok":
                break
            ref[i].update(nanjing_checks.parse_tiles(ev.tiles, allow_flowers=True))
            assert log.tiles == ref


# ---------------------------------------------------------------- declared patterns
def test_no_declared_patterns_close_to_a_fresh_empty_list() -> None:
    a, b = close_patterns(()), close_patterns([])
    assert a == b == [] and a is not b
    a.append("concealed")
    assert close_patterns(()) == []


# ---------------------------------------------------------------- the winner's pungs
def test_pung_tallies_agree_as_counters_do() -> None:
    rng = random.Random(5)
    keys = [None, 0, 1, 2, 3, ("1m", 2), ("1m", 3), ("E", 2), ("E", None)]
    for _ in range(5000):
        a = [rng.choice(keys) for _ in range(rng.randint(0, 4))]
        b = [rng.choice(keys) for _ in range(rng.randint(0, 4))]
        if rng.random() < 0.3:
            b = rng.sample(a, len(a))
        assert (facts._tally(a) == facts._tally(b)) == (Counter(a) == Counter(b))


# ---------------------------------------------------------------- a win's words
def test_win_words_by_memo_as_worded_afresh() -> None:
    from mjscore.engine.variants.nanjing_score import PATTERN_IDS, Bonuses, value_declared

    rng = random.Random(3)
    ids = sorted(PATTERN_IDS - {"no_flowers"})
    vals = []
    for _ in range(600):
        bonus = Bonuses(*(rng.random() < 0.3 for _ in range(4)))
        try:
            v = value_declared(
                rng.sample(ids, rng.randint(0, 2)),
                soft=rng.randint(0, 5),
                hard=rng.randint(0, 8),
                hard_known=True,
                bonus=bonus,
            )
        except MjError:
            continue
        vals.append(v)
    assert len(vals) > 300
    for v in vals + vals + rng.sample(vals, 100):
        mults = "".join(
            f" {i.zh}{i.value}"
            for i in v.items
            if isinstance(i.value, str) and i.value.startswith("×")
        )
        assert nanjing._words(v) == (mults, v.summary)
    assert any(nanjing._words(v)[0] for v in vals)  # some carry a multiplier line


def test_valuation_json_by_memo_as_built_afresh_and_read_only() -> None:
    import copy

    from mjscore.engine.variants.nanjing_score import PATTERN_IDS, Bonuses, value_declared

    rng = random.Random(9)
    ids = sorted(PATTERN_IDS - {"no_flowers"})
    vals = []
    for _ in range(400):
        try:
            vals.append(
                value_declared(
                    rng.sample(ids, rng.randint(0, 2)),
                    soft=rng.randint(0, 5),
                    hard=rng.randint(0, 8),
                    hard_known=True,
                    bonus=Bonuses(*(rng.random() < 0.3 for _ in range(6))),
                )
            )
        except MjError:
            continue
    assert len(vals) > 200
    for v in vals + vals:
        got = v.to_json()
        assert got == v._json() and json.dumps(got) == json.dumps(v._json())
        # shared by every hand with this valuation: no caller can change what the next gets
        with pytest.raises(TypeError):
            got["value"] = -1
        for k in ("patterns", "soft_items", "items"):
            with pytest.raises(TypeError):
                got[k].append({})
            for d in got[k]:
                with pytest.raises(TypeError):
                    d["x"] = 1
        mine = copy.deepcopy(got)  # a copy is a plain one, the caller's to change
        mine["value"] = -1
        mine["items"].append({})
        assert v.to_json() == v._json() and type(mine) is dict and type(mine["items"]) is list


def test_event_index_is_of_the_event_itself() -> None:
    a = Flowers(player=0, tiles="a")
    b = Flowers(player=0, tiles="a")  # equal to a, not a
    hand = SimpleNamespace(events=(a, b, a))
    assert a == b
    assert facts.event_index(hand, a) == 0
    assert facts.event_index(hand, b) == 1


def _flower_reference(log, ev, where):
    """The flowers event as first written (every check made, Counter's own update)."""
    p = ev.player
    log.logged[p] = True
    if ev.tiles is None:
        log.count_only[p] = True
        log.counts[p] += ev.n
    else:
        ts = nanjing_checks.parse_tiles(ev.tiles, allow_flowers=True, where=f"{where}.tiles")
        for t in ts:
            if t not in "abcdefgh" and t not in "CFP":
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    txt("nanjing_flower_flowers_h_dragons", t=t),
                    where=f"{where}.tiles",
                )
        mine = log.tiles[p]
        before = [mine.get(d, 0) for d in "CFP"]
        mine.update(ts)
        log.counts[p] += len(ts)
        t0, t1, t2, t3 = log.tiles
        if any(
            t0.get(t, 0) + t1.get(t, 0) + t2.get(t, 0) + t3.get(t, 0) > (4 if t in "CFP" else 1)
            for t in set(ts)
        ):
            table = sum(log.tiles, Counter())
            for t, n in table.items():
                cap = 4 if t in "CFP" else 1
                if n > cap:
                    raise _contra(
                        txt(
                            "flower_shown_times_table_there",
                            p1=nanjing_checks.TILE_ZH[t],
                            t=t,
                            n=n,
                            cap=cap,
                        ),
                        f"{where}.tiles",
                    )
        newly = [t for t, n in zip("CFP", before, strict=True) if n < 4 <= mine.get(t, 0)]
        if log.counts[p] > 20:
            raise _contra(
                txt("would_hold_flowers_there", p=Seat(p, "player"), p2=log.counts[p]), where
            )
        return newly
    if log.counts[p] > 20:
        raise _contra(txt("would_hold_flowers_there", p=Seat(p, "player"), p2=log.counts[p]), where)
    return []


def test_flower_events_as_first_written() -> None:
    rng = random.Random(13)
    letters = list("abcdefgh") + ["C", "F", "P"] * 8 + ["1m", "E", "5p"]
    outcomes = Counter()
    for _ in range(4000):
        fast = FlowerLog.empty()
        slow = FlowerLog([Counter() for _ in range(4)], [0] * 4, [False] * 4, [False] * 4)
        for i in range(rng.randint(1, 8)):
            player = rng.randrange(4)
            if rng.random() < 0.15:
                ev = Flowers(player=player, count=rng.randint(1, 12))
            else:
                k = rng.randint(1, 6)
                ev = Flowers(player=player, tiles="".join(rng.choice(letters) for _ in range(k)))
            got = outcome(_flower_event, fast, ev, f"events[{i}]")
            want = outcome(_flower_reference, slow, ev, f"events[{i}]")
            assert got == want, ev
            outcomes[got[0] if got[0] == "refused" else bool(got[1])] += 1
            if got[0] == "refused":
                break
            assert fast == slow
    assert min(outcomes.values()) > 100, outcomes  # 花杠, none, and refusals all come


def test_win_result_and_bixiahu_line_as_made_by_their_classes() -> None:
    from mjscore.engine.results import ScoreItem, WinResult

    for m in (2, 4, 8, 2):
        item = nanjing._bixiahu_item(m)
        assert item == ScoreItem(id="bixiahu", zh="比下胡", en="Bixiahu hand", value=f"×{m}")
        kw = dict(player=1, from_=None if m == 4 else 2, items=(item,), value=40 * m)
        a = nanjing._make_win_result(**kw, unit="花", summary="对对胡")
        b = WinResult(**kw, unit="花", summary="对对胡")
        assert type(a) is WinResult and a == b and hash(a) == hash(b)
        with pytest.raises(AttributeError):
            a.value = 1  # type: ignore[misc]
