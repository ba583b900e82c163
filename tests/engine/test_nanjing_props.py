"""南京 Nanjing property tests: random legal hands settle zero-sum; the declared mode
(patterns + soft/hard flowers) agrees with the tile mode on every payment and refusal;
contradictory input is refused; the 比下胡/插旗 state machine over random sessions."""

from collections import Counter

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from mjscore.engine.core import TableState, replay
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import Session, hand_from_json
from mjscore.engine.variants import get_variant

V = get_variant("nanjing")
SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
KINDS = SUITED + list("ESWN")
FAST = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)


def fmt(tiles):
    out = []
    for t in tiles:
        out.append(t)
    # one tile at a time is valid notation ("1m2m3m"), which keeps the generator simple
    return "".join(out)


@st.composite
def win_case(draw):
    """A random legal Nanjing win with its events: (events before the win, win fields, tile-mode hand)."""
    dealer = draw(st.integers(0, 3))
    player = draw(st.integers(0, 3))
    self_drawn = draw(st.booleans())
    frm = None if self_drawn else draw(st.sampled_from([p for p in range(4) if p != player]))
    used: Counter = Counter()
    melds: list[str] = []
    events: list[dict] = []
    closed: list[str] = []
    if draw(st.integers(0, 4)) == 0:  # seven pairs
        kinds = draw(st.lists(st.sampled_from(KINDS), min_size=7, max_size=7))
        assume(max(Counter(kinds).values()) <= 2)
        closed = [t for t in kinds for _ in range(2)]
        used.update(closed)
    else:
        pair = draw(st.sampled_from(KINDS))
        closed += [pair, pair]
        used.update([pair, pair])
        for _ in range(4):
            if draw(st.booleans()):
                t = draw(st.sampled_from([s for s in SUITED if int(s[0]) <= 7]))
                run = [t, f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"]
                closed += run
                used.update(run)
                continue
            t = draw(st.sampled_from(KINDS))
            how = draw(st.sampled_from(["hand", "pung", "exposed", "added", "concealed"]))
            if how == "hand":
                closed += [t] * 3
                used.update([t] * 3)
                continue
            rel = draw(st.integers(1, 3))
            src = (player - rel) % 4
            if how == "pung":
                used.update([t] * 3)
                melds.append(f"[{t * 3 if len(t) == 1 else t[0] * 3 + t[1]},{rel}]")
                events.append({"type": "pung", "player": player, "from": src, "tile": t})
            else:
                used.update([t] * 4)
                quad = t * 4 if len(t) == 1 else t[0] * 4 + t[1]
                if how == "exposed":
                    melds.append(f"[{quad},{rel}]")
                    events.append(
                        {
                            "type": "kong",
                            "player": player,
                            "kind": "exposed",
                            "from": src,
                            "tile": t,
                        }
                    )
                elif how == "added":
                    melds.append(f"[{quad},{rel + 4}]")
                    events.append({"type": "pung", "player": player, "from": src, "tile": t})
                    events.append(
                        {"type": "kong", "player": player, "kind": "added", "from": src, "tile": t}
                    )
                else:
                    melds.append(f"[{quad}]")
                    events.append(
                        {"type": "kong", "player": player, "kind": "concealed", "tile": t}
                    )
    assume(max(used.values()) <= 4)
    win_tile = draw(st.sampled_from(sorted(set(closed))))
    rest = list(closed)
    rest.remove(win_tile)
    hand = "".join(melds) + fmt(rest) + fmt([win_tile])
    flowers = draw(
        st.one_of(
            st.none(), st.lists(st.sampled_from(list("abcdefghCFP")), max_size=7, unique=True)
        )
    )
    if flowers:
        events.insert(0, {"type": "flowers", "player": player, "tiles": "".join(flowers)})
    elif flowers is not None:
        other = (player + 1) % 4  # the table logs flowers: the winner's count is known to be 0
        events.insert(0, {"type": "flowers", "player": other, "tiles": "a"})
    n_kongs = sum(1 for e in events if e["type"] == "kong")
    win: dict = {"type": "win", "player": player, "from": frm}
    if draw(st.booleans()):
        win["last_tile"] = True
    if self_drawn:
        extra = draw(st.sampled_from(["none", "flower_bloom", "kong_bloom", "heavenly", "earthly"]))
        if extra == "flower_bloom":
            win["flower_bloom"] = True
        elif extra == "kong_bloom" and n_kongs:
            win["kong_bloom"] = draw(st.integers(1, n_kongs))
        elif extra == "heavenly" and player == dealer:
            win["heavenly"] = True
        elif extra == "earthly" and player != dealer:
            win["earthly"] = True
    if frm is not None and draw(st.integers(0, 5)) == 0:
        win["robbed_kong"] = 1
    state = TableState(dealer=dealer, bixiahu=draw(st.booleans()), flags=draw(st.integers(0, 3)))
    return events, win, hand, state


def outcome(events, state, stack=False):
    try:
        res = V.settle_hand(
            hand_from_json({"events": events}, V), state, V.rules({"bixiahu_stack": stack})
        )
    except MjError as e:
        return ("refused", e.code)
    return (sorted((p.payer, p.payee, p.amount) for p in res.payments), res.deltas, res.next_state)


@FAST
@given(win_case(), st.booleans())
def test_zero_sum_and_payments_net_to_deltas(case, stack):
    events, win, hand, state = case
    out = outcome([*events, {**win, "hand": hand}], state, stack)
    assume(out[0] != "refused")
    payments, deltas, _ = out
    assert sum(deltas) == 0
    assert all(a > 0 for _, _, a in payments)
    net = [0] * 4
    for a, b, x in payments:
        net[a] -= x
        net[b] += x
    assert tuple(net) == deltas


@FAST
@given(win_case())
def test_declared_mode_agrees_with_tile_mode(case):
    events, win, hand, state = case
    tile_events = [*events, {**win, "hand": hand}]
    try:
        res = V.settle_hand(hand_from_json({"events": tile_events}, V), state, V.rules())
    except MjError as e:
        # a refusal in tile mode that is not about the tiles must repeat in declared mode
        assume(
            e.code in (ErrorCode.SMALL_WIN,)
            or e.code == ErrorCode.CONTRADICTION
            and "kong_bloom" in str(e)
        )
        event(f"tile mode refused: {e.code}")
        return
    event("compared")
    val = res.details["valuation"]
    declared = {
        **win,
        "patterns": [p["id"] for p in val["patterns"] if p["id"] not in ("heavenly", "earthly")],
        "soft_flowers": val["soft_flowers"],
    }
    if not any(e["type"] == "flowers" for e in events) or val["hard_flowers"]:
        declared["hard_flowers"] = (
            val["hard_flowers"] if any(e["type"] == "flowers" for e in events) else None
        )
    declared = {k: v for k, v in declared.items() if v is not None or k == "from"}
    if (
        "concealed" not in declared["patterns"]
        and val["concealed"]
        and not any(p in declared["patterns"] for p in ("seven_pairs", "luxury_seven_pairs"))
    ):
        declared["concealed"] = True  # 门清 held but not counted (天胡/地胡)
    res2 = V.settle_hand(hand_from_json({"events": [*events, declared]}, V), state, V.rules())
    assert sorted((p.payer, p.payee, p.amount) for p in res2.payments) == sorted(
        (p.payer, p.payee, p.amount) for p in res.payments
    )
    assert res2.next_state == res.next_state
    assert res2.wins[0].value == res.wins[0].value


@FAST
@given(win_case(), st.integers(1, 5))
def test_wrong_declared_soft_flowers_refused(case, k):
    events, win, hand, state = case
    out = outcome([*events, {**win, "hand": hand}], state)
    assume(out[0] != "refused")
    soft = None
    res = V.settle_hand(
        hand_from_json({"events": [*events, {**win, "hand": hand}]}, V), state, V.rules()
    )
    soft = res.details["valuation"]["soft_flowers"]
    bad = outcome([*events, {**win, "hand": hand, "soft_flowers": soft + k}], state)
    assert bad == ("refused", ErrorCode.CONTRADICTION)


@FAST
@given(win_case())
def test_kong_in_hand_without_its_event_refused(case):
    events, win, hand, state = case
    assume(any(e["type"] == "kong" for e in events) and "kong_bloom" not in win)
    drop = next(i for i, e in enumerate(events) if e["type"] == "kong")
    out = outcome([*events[:drop], *events[drop + 1 :], {**win, "hand": hand}], state)
    assert out[0] == "refused"


# ---------------------------------------------------------------- sessions
SPOT = st.sampled_from([
    {"type": "kong", "player": 1, "kind": "exposed", "from": 2, "tile": "3m"},
    {"type": "kong", "player": 3, "kind": "concealed", "tile": "W"},
    {"type": "penalty", "player": 0, "kind": "same_round"},
    {"type": "penalty", "player": 2, "kind": "four_copies"},
    {"type": "flowers", "player": 2, "tiles": "FFFF"},
])  # fmt: skip
ENDS = st.one_of(
    st.just({"type": "draw"}),
    st.builds(lambda p: {"type": "false_win", "player": p}, st.integers(0, 3)),
    st.builds(
        lambda p, f, pats, hard, last: {
            "type": "win", "player": p, "from": None if f == p else f, "patterns": pats,
            "hard_flowers": hard, **({"last_tile": True} if last else {}),
        },
        st.integers(0, 3), st.integers(0, 3),
        st.sampled_from([["concealed"], ["all_pungs"], ["concealed", "half_flush"], ["full_flush"]]),
        st.integers(1, 8), st.booleans(),
    ),
)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.lists(SPOT, max_size=3, unique_by=lambda e: (e["type"], e["player"])), ENDS),
        min_size=1,
        max_size=14,
    ),
    st.booleans(),
)
def test_random_sessions_state_machine(hands, stack):
    recs = []
    for spots, end in hands:
        if end["type"] == "win" and any(
            e["type"] == "flowers" and e["player"] == end["player"] for e in spots
        ):
            end.pop(
                "hard_flowers"
            )  # the flowers event gives them (declaring a different count is refused)
        recs.append(hand_from_json({"events": [*spots, end]}, V))
    s = Session(
        variant="nanjing",
        players=("a", "b", "c", "d"),
        options={"bixiahu_stack": stack},
        hands=tuple(recs),
    )
    rep = replay(s)
    streak = 0
    dealer = 0
    for h, (spots, end) in zip(rep.hands, hands, strict=True):
        assert h.state.dealer == dealer
        assert h.state.bixiahu == (streak > 0) and h.state.flags == max(streak - 1, 0)
        assert sum(h.result.deltas) == 0
        m = (2 ** (1 + h.state.flags) if stack else 2) if h.state.bixiahu else 1
        # every on-the-spot amount is the base amount × the hand's multiplier
        for p in h.result.payments:
            if p.reason.startswith(("明杠", "暗杠", "罚", "花杠")):
                assert p.amount in (20 * m, 10 * m)
        penalty = any(e["type"] == "penalty" for e in spots)
        if end["type"] == "draw":
            trigger, stays = True, True
        elif end["type"] == "false_win":
            trigger, stays = penalty, True
        else:
            big = end["patterns"] != ["concealed"]
            trigger = penalty or big or end["player"] == dealer or bool(end.get("last_tile"))
            stays = end["player"] == dealer
        streak = streak + 1 if trigger else 0
        dealer = dealer if stays else (dealer + 1) % 4
    assert rep.next_state.dealer == dealer
    assert rep.next_state.flags == max(streak - 1, 0)


# ---------------------------------------------------------------- fuzz: refusals are always MjError
HANDS = st.sampled_from([
    "123456789m23mEE1m", "[111m,3][999p,3][555s,3]77s88s8s", "[5555p,2]123m456m23s55s4s",
    "[5555p]123m456m23s55s4s|EE1001|1", "1133m5577p1199s2s2s|EE0000|CC", "[EEEE,5]123m456m23s55s4s|ES0000|4",
    "123m456m789p24s55s3s", "EEEESSSSWWWWNN", "[111m,1]234m567p23s55s4s|EE0000|3",
])  # fmt: skip
TILE = st.sampled_from(["1m", "5p", "9s", "E", "N", "3s", "C"])
SEAT = st.integers(0, 3)
ANY_EVENT = st.one_of(
    st.builds(lambda p, f, t: {"type": "pung", "player": p, "from": f, "tile": t}, SEAT, SEAT, TILE),
    st.builds(
        lambda p, k, f, t: {"type": "kong", "player": p, "kind": k, "tile": t, **({} if k == "concealed" else {"from": f})},
        SEAT, st.sampled_from(["exposed", "added", "concealed"]), SEAT, TILE,
    ),
    st.builds(lambda p, t: {"type": "flowers", "player": p, "tiles": t}, SEAT, st.sampled_from(["a", "CC", "abCF", "PPPP", "5m"])),
    st.builds(lambda p, n: {"type": "flowers", "player": p, "count": n}, SEAT, st.integers(1, 20)),
    st.builds(lambda p, k: {"type": "penalty", "player": p, "kind": k}, SEAT, st.sampled_from(["same_round", "four_copies"])),
)  # fmt: skip
WIN_EXTRA = st.fixed_dictionaries(
    {},
    optional={
        "kong_bloom": st.integers(1, 3), "robbed_kong": st.integers(1, 2), "last_tile": st.booleans(),
        "flower_bloom": st.booleans(), "flower_kong_bloom": st.booleans(), "heavenly": st.booleans(),
        "earthly": st.booleans(), "hard_flowers": st.integers(0, 8), "soft_flowers": st.integers(0, 6),
        "concealed": st.booleans(),
        "patterns": st.lists(st.sampled_from(sorted(V.pattern_ids)), max_size=3, unique=True),
    },
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.lists(ANY_EVENT, max_size=5), SEAT, st.one_of(st.none(), SEAT), st.one_of(st.none(), HANDS), WIN_EXTRA,
    st.builds(TableState, dealer=SEAT, bixiahu=st.booleans(), flags=st.integers(0, 2)),
)  # fmt: skip
def test_any_input_settles_or_is_refused_clearly(events, player, frm, hand, extra, state):
    win = {"type": "win", "player": player, "from": frm, **extra}
    if hand is not None:
        win["hand"] = hand
    try:
        res = V.settle_hand(hand_from_json({"events": [*events, win]}, V), state, V.rules())
    except MjError as e:
        assert e.message and isinstance(e.code, ErrorCode)
        return
    assert sum(res.deltas) == 0
    assert len(res.wins) == 1 and res.wins[0].value > 0
