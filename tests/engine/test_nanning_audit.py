"""Audit of 南宁 Nanning against RULES.md §0/§1, one row per sentence probed.

Each row quotes the sentence it checks (in its id) and builds the record that would break it.
Expected amounts are worked out by hand from the formulas in the comments: b = 4 (门清) or 3,
S(k) = b·2^k, N(0) = 4/2, N(k) = 3·b·2^(k−1), C(k) = 3·b·2^k, V = 2·S(k)·2^(n−1).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.core import TableState
from mjscore.engine.errors import MjError
from mjscore.engine.variants import get_variant

from tests.builders import settle_events
from tests.builders import win_event as win

V = get_variant("nanning")
MQ = "123m456m789p234s55s"  # 门清 鸡胡, wins on 5s
ROB_PLAIN = "[555p,2]123m456m77s23s4s"  # 鸡胡 won on a 4s (a robbable tile: one copy in the hand)


def settle(events, *, dealer=0, **options):
    return settle_events(V, events, TableState(dealer=dealer), options)


def kong(player, kind, frm=None, tile=None):
    ev = {"type": "kong", "player": player, "kind": kind}
    if frm is not None:
        ev["from"] = frm
    if tile is not None:
        ev["tile"] = tile
    return ev


def pung(player, frm, tile=None):
    ev = {"type": "pung", "player": player, "from": frm}
    if tile is not None:
        ev["tile"] = tile
    return ev


def per_pair(res):
    out: dict[tuple[int, int], int] = {}
    for p in res.payments:
        out[p.payer, p.payee] = out.get((p.payer, p.payee), 0) + p.amount
    return out


def R(quote, events, want, *, dealer=0, next_dealer=None, **options):
    """A settlement row: ``want`` maps (payer, payee) → the total paid between them."""
    return pytest.param(events, want, dealer, next_dealer, options, id=quote)


SETTLE = [
    # ---------------------------------------------------------------- 门清
    R(
        "§1 门清: a direct kong also claims a discard … so it breaks 门清 (鸡胡 N(0) = 2, kong point from 对家)",
        [kong(0, "exposed", 2, "5p"), win(hand="[5555p,2]123m456m234s77s")],
        {(1, 0): 2, (2, 0): 1},
    ),
    R(
        "§1 门清: concealed kongs keep 门清 (N(0) = 4, the kong 1 from each)",
        [kong(0, "concealed", tile="5p"), win(hand="[5555p]123m456m234s77s")],
        {(1, 0): 4 + 1, (2, 0): 1, (3, 0): 1},
    ),
    R(
        "§1 门清: no pung, no exposed or added kong — an added kong breaks it too (S(0) = 3 each + its point)",
        [
            pung(0, 3, "5p"),
            kong(0, "added", 3, "5p"),
            win(frm=None, hand="[5555p,5]123m456m234s77s"),
        ],
        {(1, 0): 3, (2, 0): 3, (3, 0): 3 + 1},
    ),
    R(
        "§1 七小对/七大对 are always 门清 (declared without 'concealed': N(1) = 3·4 = 12)",
        [win(frm=2, patterns=["seven_pairs"])],
        {(2, 0): 12},
    ),
    R(
        "§1 明杠 杠上花 is never 门清 — derived from the kong event when 'concealed' is not declared (RECORD.md: derivable facts)",
        [kong(0, "exposed", 2), win(frm=None, patterns=[], kong_bloom=1)],
        {(2, 0): 18 + 1},
    ),
    # ---------------------------------------------------------------- S, N, C
    R(
        "§1 N(k) = 3·b·2^(k−1) for k ≥ 1 (清一色 门清 k = 1: 12)",
        [win(hand="123m456m789m234m55m")],
        {(1, 0): 12},
    ),
    R(
        "§1 S(k) = b·2^k (清一色 碰碰胡 门清 k = 2: 16 each)",
        [win(frm=None, hand="555m111m999m333m77m")],
        {(1, 0): 16, (2, 0): 16, (3, 0): 16},
    ),
    R(
        "§1 C(k) = 3·b·2^k (海底炮 清一色 k = 1, b = 3: 18)",
        [win(hand="[555m,2]123m456m678m99m", last_tile=True)],
        {(1, 0): 18},
    ),
    # ---------------------------------------------------------------- 大炮 do not stack
    R(
        "§1 大炮 do not stack: 全求炮 + 海底炮 pay one C(0) = 9",
        [win(hand="[555p,2]123m456m234s77s", last_tile=True, discarder_all_melded=True)],
        {(1, 0): 9},
    ),
    R(
        "§1 大炮 do not stack (人胡 included): the dealer's 杠上炮 ×2 C(0)·2 = 24 beats 人胡 C(0) = 12",
        [
            kong(0, "concealed"),
            kong(0, "concealed"),
            win(player=1, frm=0, hand=MQ, human=True, kong_cannon=2),
        ],
        {(0, 1): 24, (1, 0): 2, (2, 0): 2, (3, 0): 2},
    ),
    R(
        "§1 大炮 do not stack: 抢杠 with 全求炮 pays the robbed C(0) once (9)",
        [win(hand=ROB_PLAIN, robbed_kong=1, discarder_all_melded=True)],
        {(1, 0): 9},
    ),
    # ---------------------------------------------------------------- 杠上炮
    R(
        "§1 杠上炮 ×2^(n−1): three kongs (concealed, added, added) then the discard: C(0)·4 = 36",
        [
            kong(1, "concealed"),
            kong(1, "added", 2),
            kong(1, "added", 3),
            win(hand="[555p,2]123m456m234s77s", kong_cannon=3),
        ],
        {(1, 0): 36, (0, 1): 1, (2, 1): 1 + 1, (3, 1): 1 + 1},
    ),
    # ---------------------------------------------------------------- 抢杠
    R(
        "§0 robbed_kong: 1 = a lone added kong; the robbed player pays C(0) = 9 and the kong scores nothing",
        [pung(1, 2, "4s"), win(hand=ROB_PLAIN, robbed_kong=1)],
        {(1, 0): 9},
    ),
    R(
        "§0 robbed_kong n ≥ 2: the n-th kong of a chain whose earlier kongs are logged (and score): 2nd → C(0)·2",
        [kong(1, "exposed", 3, "9s"), win(hand=ROB_PLAIN, robbed_kong=2)],
        {(1, 0): 18, (3, 1): 1},
    ),
    R(
        "§1 一炮多响 on a robbed kong: each winner paid by the robbed player; he deals next",
        [
            win(0, 1, hand="123m456m789p77s23s4s", robbed_kong=1),
            win(2, 1, hand="[555p,3]123m456m88s23s4s", robbed_kong=1),
        ],
        {(1, 0): 12, (1, 2): 9},
        next_dealer=1,
    ),
    # ---------------------------------------------------------------- 杠上花
    R(
        "§1 杠上花 exposed-liable: the supplier of the FIRST exposed/added kong pays 3V + 1 per kong; "
        "nobody else pays for those kongs (3 kongs: V = 2·3·4 = 24 → 72 + 3; the added kong's supplier pays nothing)",
        [
            kong(0, "exposed", 2, "5p"),
            kong(0, "concealed", tile="6p"),
            kong(0, "added", 3, "7p"),
            win(frm=None, patterns=[], concealed=False, kong_bloom=3),
        ],
        {(2, 0): 72 + 3},
    ),
    R(
        "§1 杠上花 exposed-liable: a kong of the winner outside the chain keeps its normal kong point",
        [
            kong(0, "exposed", 1, "9s"),
            kong(0, "exposed", 2, "5p"),
            win(frm=None, hand="[9999s,3][5555p,2]123m456m77s", kong_bloom=1),
        ],
        {(1, 0): 1, (2, 0): 18 + 1},
    ),
    R(
        "§1 杠上花 concealed chain: each other player pays V (+ normal kong points): 门清 n = 2, V = 2·4·2 = 16",
        [
            kong(0, "concealed", tile="5p"),
            kong(0, "concealed", tile="6p"),
            win(frm=None, hand="[5555p][6666p]123m456m77s", kong_bloom=2),
        ],
        {(1, 0): 18, (2, 0): 18, (3, 0): 18},
    ),
    # ---------------------------------------------------------------- 天胡 / 地胡 / 人胡
    R(
        "§1 地胡: a non-dealer wins on his first draw (each 2·S(k) with b = 4); an earlier player's concealed kong is no claim",
        [kong(0, "concealed"), win(player=2, frm=None, hand=MQ, earthly=True)],
        {(0, 2): 8, (1, 2): 8, (3, 2): 8, (1, 0): 1, (2, 0): 1, (3, 0): 1},
    ),
    # ---------------------------------------------------------------- 封胡
    R(
        "§1 封胡: robbing C's kong counts as C's discard (双飞: C pays X, B pays X; 抢杠 鸡胡 C(0) = 9)",
        [win(frm=2, hand="[111m,3][555p,3][999s,3]77s23s4s", robbed_kong=1)],
        {(2, 0): 9, (1, 0): 9},
    ),
    R(
        "§1 封胡: 杠上花 of a concealed chain → B alone pays 3V; other kong points are not affected",
        [
            pung(0, 1, "1m"),
            pung(0, 1, "5p"),
            pung(0, 1, "9s"),
            kong(0, "concealed", tile="E"),
            win(frm=None, hand="[111m,3][555p,3][999s,3][EEEE]77s", kong_bloom=1),
        ],
        {(1, 0): 3 * 12 + 1, (2, 0): 1, (3, 0): 1},
    ),
    R(
        "§1 封胡 with 摸码: the sealed player pays everything, ×(1+h) (自摸 碰碰胡 6·3 = 18, one hit → 36)",
        [win(frm=None, hand="[111m,3][555p,3][999s,3]EEE77s", horses="5m2p")],
        {(1, 0): 36},
        horses=2,
    ),
    R(
        "§1 死双 with an exposed-liable 杠上花: B's hand payment 3V doubled, the chain's kong point not (72 + 1)",
        [
            pung(0, 1, "1m"),
            pung(0, 1, "5p"),
            pung(0, 1, "9s"),
            kong(0, "exposed", 2, "E"),
            win(frm=None, hand="[111m,3][555p,3][999s,3][EEEE,2]77s", kong_bloom=1),
        ],
        {(1, 0): 72 + 1},
        dead_double=True,
    ),
    # ---------------------------------------------------------------- 钓鱼
    R(
        "§1 钓鱼: the extra share on a discard win is the discarder's final X after 封胡 (B discards: 2·9 = 18 to D)",
        [win(hand="[111m,3][555p,3][999s,3]EEE77s", fish=["2m", "3m", "2p", "1s"])],
        {(1, 0): 18, (1, 3): 18},
        fishing=True,
    ),
    R(
        "§1 钓鱼: 'every other non-winner' — a second winner of the discard gets no extra share",
        [
            win(0, 2, hand=MQ, fish=["1m", "9p", "2p", "E"]),
            win(1, 2, hand="[555p,3]123m456m234s55s", fish=["1m", "9p", "2p", "E"]),
        ],
        {(2, 0): 8, (2, 1): 2, (2, 3): 4},
        fishing=True,
    ),
]


@pytest.mark.parametrize(("events", "want", "dealer", "next_dealer", "options"), SETTLE)
def test_settlement(events, want, dealer, next_dealer, options):
    res = settle(events, dealer=dealer, **options)
    assert per_pair(res) == want
    assert all(p.reason for p in res.payments)
    if next_dealer is not None:
        assert res.next_state.dealer == next_dealer


def X(events, match, options=None, *, id):
    """A refusal row: the record must be refused with a message matching ``match``."""
    return pytest.param(events, match, options or {}, id=id)


REFUSE = [
    X(
        [kong(1, "added", 2, "4s"), win(hand=ROB_PLAIN, robbed_kong=1)],
        "never completed",
        id="§0 the robbed kong is not logged as a kong event (a logged kong of the tile is refused)",
    ),
    X(
        [win(hand="[555p,2]123m456m234s77s", robbed_kong=1)],
        "7s appears 5 times",
        id="§0 only an added kong can be robbed: the robbed player held a pung, so the winner has no other copy",
    ),
    X(
        [kong(1, "exposed", 2, "5p"), win(hand=MQ.replace("789p", "567p"))],
        "5p appears 5 times",
        id="§1 136 tiles: no fifth copy between the winner and logged kongs",
    ),
    X(
        [win(frm=None, hand=MQ, horses="5s5s5s")],
        "5s appears 5 times",
        {"horses": 3},
        id="§1 摸码 the winner turns horse tiles: real tiles, no fifth copy",
    ),
    X(
        [
            kong(2, "concealed"),
            win(0, 2, hand=MQ, kong_cannon=1),
            win(1, 2, hand="[555p,3]123m456m234s55s"),
        ],
        "must be the same for all",
        id="§1 一炮多响 one discard: 杠上炮 holds for every winner or none",
    ),
    X(
        [win(0, 2, hand=MQ), win(1, 2, hand="[555p,3]123m456m234s77s")],
        "same discarded tile",
        id="§1 一炮多响 one discard: every winner wins on the same tile",
    ),
    X(
        [pung(0, 1, "5p"), kong(0, "added", 2, "5p"), win(frm=3, patterns=[], concealed=False)],
        r"differs from (its|the) pung's",
        id="§0 a pung later turned into an added kong is one meld: the added kong's from equals the pung's",
    ),
    X(
        [kong(2, "concealed"), win(frm=None, hand=MQ, heavenly=True)],
        "has not drawn",
        id="§1 天胡 the dealer's dealt hand wins: nobody has drawn, so no other kong comes before it",
    ),
    X(
        [kong(3, "concealed"), win(player=1, frm=None, hand=MQ, earthly=True)],
        "has not drawn",
        id="§1 地胡 on his first draw: a player after him in turn order has not drawn yet",
    ),
    X(
        [kong(2, "concealed"), win(player=1, frm=0, hand=MQ, human=True)],
        "has not drawn",
        id="§1 人胡 the dealer's very first discard: only the dealer has drawn",
    ),
    X(
        [kong(1, "concealed"), kong(1, "added", 2), win(hand=ROB_PLAIN, robbed_kong=3)],
        "concealed kong cannot be robbed",
        id="§0 Nanning forbids robbing a chain that contains a concealed kong (先暗杠后连明杠)",
    ),
    X(
        [
            kong(1, "exposed", 2),
            kong(1, "concealed"),
            kong(1, "added", 3),
            win(hand=ROB_PLAIN, robbed_kong=4),
        ],
        "concealed kong cannot be robbed",
        id="§1 先明杠后连暗杠再连明杠也不能算抢杠胡",
    ),
    X(
        [kong(1, "concealed"), win(hand="[555p,2]123m456m234s77s", discarder_all_melded=True)],
        "at most four melds",
        id="§1 全求炮 the discarder had four exposed melds: not with a concealed kong of his",
    ),
    X(
        [win(player=1, frm=0, hand=MQ, human=True, discarder_all_melded=True)],
        "before any meld",
        id="§1 人胡 the dealer's very first discard: he has no melds, so no 全求炮",
    ),
    X(
        [kong(0, "exposed", 2), win(frm=None, patterns=[], concealed=True, kong_bloom=1)],
        "exposed kong",
        id="§1 明杠 杠上花 is never 门清 (declared)",
    ),
    X(
        [kong(0, "concealed") for _ in range(4)]
        + [win(frm=None, patterns=["all_pungs", "full_flush"], concealed=False, kong_bloom=4)],
        "always 门清",
        id="§1 seed correction: 588 describes an impossible hand — four concealed kongs are always 门清",
    ),
]


@pytest.mark.parametrize(("events", "match", "options"), REFUSE)
def test_refused(events, match, options):
    with pytest.raises(MjError, match=match):
        settle(events, **options)


def test_calc_human_needs_a_non_dealer_seat():
    # §1 "人胡 the dealer's very first discard wins": the winner is not the dealer
    with pytest.raises(MjError, match="non-dealer"):
        V.calc(MQ, V.rules(), flags={"human": True})
    out = V.calc(MQ + "|SS0000", V.rules(), flags={"human": True}).json
    assert [d["total"] for d in out["discard"]] == [12]  # only the dealer (上家 of 南) can discard


# ---------------------------------------------------------------- an independent oracle of §1's table
def oracle(k: int, mq: bool, way: str, n: int) -> dict[tuple[int, int], int]:
    """What RULES.md §1 says the winner (seat 0) receives, per payer, for a hand of k doublings."""
    b = 4 if mq else 3
    s, c = b * 2**k, 3 * b * 2**k
    nn = (4 if mq else 2) if k == 0 else 3 * b * 2 ** (k - 1)
    v = 2 * s * 2 ** (n - 1)
    if way == "self":
        return {(p, 0): s for p in (1, 2, 3)}
    if way == "last_tile_self":
        return {(p, 0): 2 * s for p in (1, 2, 3)}
    if way == "discard":
        return {(1, 0): nn}
    if way == "last_tile_discard":
        return {(1, 0): c}
    if (
        way == "kong_cannon"
    ):  # seat 1 made n concealed kongs: 1 point from each other player per kong
        return {(1, 0): c * 2 ** (n - 1), (0, 1): n, (2, 1): n, (3, 1): n}
    if way == "concealed_bloom":
        return {(p, 0): v + n for p in (1, 2, 3)}
    if way == "exposed_bloom":  # first kong of the chain exposed from seat 2: 3V + 1 per kong
        return {(2, 0): 3 * v + n}
    raise AssertionError(way)


@settings(max_examples=80, deadline=None)
@given(
    flush=st.booleans(),
    shape=st.sampled_from(["sets", "all_pungs", "seven_pairs", "lux1", "lux2", "lux3"]),
    mq=st.booleans(),
    way=st.sampled_from(
        [
            "self",
            "last_tile_self",
            "discard",
            "last_tile_discard",
            "kong_cannon",
            "concealed_bloom",
            "exposed_bloom",
        ]
    ),
    n=st.integers(1, 4),
)
def test_declared_amounts_follow_the_formulas(flush, shape, mq, way, n):
    """§1 S(k) = b·2^k, N(0) = 4/2, N(k) = 3·b·2^(k−1), C(k) = 3·b·2^k, V = 2·S(k)·2^(n−1)."""
    pairs = shape in ("seven_pairs", "lux1", "lux2", "lux3")
    bloom = way.endswith("bloom")
    if pairs:
        mq = True  # 七小对/七大对 are always 门清
    if bloom and pairs:
        shape, pairs = "all_pungs", False  # seven pairs hold no kong
    if way == "exposed_bloom":
        mq = False  # 明杠 杠上花 is never 门清
    if way == "concealed_bloom" and n == 4:
        mq = True  # four concealed kongs are always 门清 (and 碰碰胡)
        shape = "all_pungs"
    patterns = ["full_flush"] if flush else []
    quads = None
    if shape == "all_pungs":
        patterns.append("all_pungs")
    elif shape == "seven_pairs":
        patterns.append("seven_pairs")
    elif pairs:
        patterns.append("luxury_seven_pairs")
        quads = int(shape[-1])
    k = (
        flush
        + (shape == "all_pungs")
        + (1 if shape == "seven_pairs" else 0)
        + ((1 + quads) if quads else 0)
    )
    events: list[dict] = []
    w: dict = {"patterns": patterns}
    if quads:
        w["quads"] = quads
    if not pairs:
        w["concealed"] = mq
    if way in ("self", "last_tile_self") or bloom:
        w = win(frm=None, **w)
    else:
        w = win(frm=1, **w)
    if way.startswith("last_tile"):
        w["last_tile"] = True
    if way == "kong_cannon":
        events = [kong(1, "concealed") for _ in range(n)]
        w["kong_cannon"] = n
    if bloom:
        events = [kong(0, "concealed") for _ in range(n)]
        if way == "exposed_bloom":
            events[0] = kong(0, "exposed", 2)
        w["kong_bloom"] = n
    res = settle([*events, w])
    assert per_pair(res) == oracle(k, mq, way, n)
