"""Each variant's declared data agrees with what its evaluator accepts and with RULES.md
§0's flag table, and its table status says what the settlement uses."""

from __future__ import annotations

import pytest
from mjscore.engine.declare import TableStatus
from mjscore.engine.record import VARIANTS, WIN_FLAGS, Jing, Kong, Penalty, Pung
from mjscore.engine.results import TableState
from mjscore.engine.terms import KONG_KINDS
from mjscore.engine.terms import WIN_FLAGS as FLAG_FACTS
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.gb_fans import FANS


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_the_data_is_what_the_evaluator_accepts(variant_id):
    v = get_variant(variant_id)
    d = v.data
    assert (d.name.zh, d.name.en) == (v.name_zh, v.name_en)
    assert d.flag_ids == v.flags  # every flag the variant accepts, and no other
    assert {p.id for p in d.declarable} == v.pattern_ids  # the patterns a win may declare
    fields = {f.id for f in d.declared} | ({"patterns"} if d.declarable else set())
    assert fields == v.declared_fields
    assert set(d.events) == v.event_types and len(d.events) == len(set(d.events))
    assert d.multiple_wins == v.multiple_wins


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_flags_and_keys(variant_id):
    d = get_variant(variant_id).data
    ids = [f.id for f in d.flags]
    assert ids == [f for f in WIN_FLAGS if f in ids]  # in the record's order
    for f in d.flags:
        assert f.zh and f.en == FLAG_FACTS[f.id].en
    keys = [x.hotkey for x in (*d.declarable, *d.declared, *d.flags) if x.hotkey]
    assert len(keys) == len(set(keys))


# RULES.md §0 "Situation flags each variant accepts": the names of its table
@pytest.mark.parametrize(
    "variant_id, flag_id, zh",
    [
        ("nanning", "kong_bloom", "杠上花"),
        ("nanjing", "kong_bloom", "大杠开"),
        ("guobiao", "kong_bloom", "杠上开花"),
        ("nanchang", "kong_bloom", "杠上开花"),
        ("nanning", "robbed_kong", "抢杠胡"),
        ("guobiao", "robbed_kong", "抢杠和"),
        ("nanning", "last_tile", "海底捞月/海底炮"),
        ("nanjing", "last_tile", "海底捞"),
        ("guobiao", "last_copy", "和绝张"),
        ("nanjing", "flower_bloom", "小杠开"),
        ("nanning", "discarder_all_melded", "全求炮"),
    ],
)
def test_flag_names_are_the_rules_names(variant_id, flag_id, zh):
    assert get_variant(variant_id).data.flag(flag_id).zh == zh


def test_the_added_kong_has_one_name():
    # RULES.md §0: "Only an added kong (补杠) can be robbed"
    assert KONG_KINDS["added"].zh == "补杠"


def test_guobiao_rows_are_the_fan_table():
    rows = get_variant("guobiao").data.scoring_rows
    assert [(r.zh, r.en, r.value) for r in rows] == [(f.zh, f.en, str(f.points)) for f in FANS]


@pytest.mark.parametrize(
    "stack, bixiahu, flags, factor",
    [
        (False, False, 0, 1),
        (False, True, 2, 2),  # RULES.md §2: a 比下胡 hand pays ×2
        (True, True, 0, 2),
        (True, True, 2, 8),  # bixiahu_stack: ×2^(1+flags)
    ],
)
def test_nanjing_status_shows_the_hands_multiplier(stack, bixiahu, flags, factor):
    v = get_variant("nanjing")
    rules = v.rules({"bixiahu_stack": stack})
    st = v.data.status(TableState(bixiahu=bixiahu, flags=flags), rules, ())
    assert isinstance(st, TableStatus) and st.multiplier == factor
    texts = [m.text("zh") for m in st.marks]
    assert (f"比下胡 ×{factor}" in texts) == bixiahu
    assert any(t.startswith("插旗") for t in texts) == bool(flags)


def test_guobiao_status_shows_the_prevailing_wind():
    v = get_variant("guobiao")
    st = v.data.status(TableState(prevailing_wind="S", dealer=2), v.rules(), ())
    assert st.prevailing_wind == "S" and st.dealer == 2
    assert [m.text("zh") for m in st.marks] == ["南风圈"]
    assert [m.text("en") for m in st.marks] == ["南风圈 South round"]


def test_nanchang_status_shows_the_jing_after_the_reveal():
    v = get_variant("nanchang")
    assert v.data.status(TableState(), v.rules(), ()).jing is None
    jing = Jing(indicator="9m", lower="2p", lower_counts=((0, 0),) * 4)
    st = v.data.status(TableState(), v.rules(), (jing,))
    assert (st.jing, st.sub_jing) == ("9m", "1m")
    assert [m.text("zh") for m in st.marks] == ["正精 9m · 副精 1m"]


# ---- what the scoreboard shows while a hand is played: 现场汇, 封胡 and the game


@pytest.mark.parametrize(
    "bixiahu, events, paid",
    [
        # RULES.md §2: 明杠 "the supplier of the tile/pung pays 20"; 暗杠 "each other player pays 10"
        (False, (Kong(player=1, kind="exposed", from_=2, tile="5p"),), (0, 20, -20, 0)),
        (False, (Kong(player=3, kind="concealed", tile="7s"),), (-10, -10, -10, 30)),
        # 罚 "that player pays 10 to each other player"; a 比下胡 hand: "all its payments ×2"
        (False, (Penalty(player=0, kind="four_copies"),), (-30, 10, 10, 10)),
        (True, (Kong(player=1, kind="exposed", from_=2, tile="5p"),), (0, 40, -40, 0)),
        (False, (), None),
    ],
)
def test_nanjing_status_shows_what_was_paid_on_the_spot(bixiahu, events, paid):
    v = get_variant("nanjing")
    st = v.data.status(TableState(bixiahu=bixiahu), v.rules(), events)
    assert st.paid == paid


def test_nanjing_paid_so_far_is_what_the_hand_settles_on_the_spot():
    # the same payments the finished hand stores, before the hand ends
    from mjscore.engine.record import Draw, Hand

    v = get_variant("nanjing")
    events = (
        Kong(player=1, kind="exposed", from_=2, tile="5p"),
        Penalty(player=3, kind="same_round"),
    )
    st = v.data.status(TableState(), v.rules(), events)
    res = v.settle_hand(Hand(events=(*events, Draw())), TableState(), v.rules())
    assert st.paid == res.deltas


def test_nanning_status_names_the_sealed_player():
    # RULES.md §1 封胡: "three exposed melds ... claimed from the same player B in this hand,
    # B is sealed (B may not win this hand)"
    v = get_variant("nanning")
    pungs = [Pung(player=0, from_=2, tile=t) for t in ("1m", "2p", "3s")]
    assert v.data.status(TableState(), v.rules(), pungs[:2]).sealed == ()
    assert v.data.status(TableState(), v.rules(), pungs).sealed == (2,)


@pytest.mark.parametrize("passes, game", [(0, 1), (15, 1), (16, 2), (33, 3)])
def test_guobiao_status_counts_the_game(passes, game):
    # RULES.md §3: "a game (一局) is 16 hands: 东风圈, 南风圈, 西风圈, 北风圈 of four hands each;
    # the deal passes to the dealer's 下家 after every hand"
    v = get_variant("guobiao")
    assert v.data.status(TableState(passes=passes), v.rules(), ()).game == game


def test_nanchang_status_shows_the_lower_jing_score_once_counted():
    # RULES.md §4 下精分: "counted from the players' starting hands when the 下精 pair is
    # revealed"; raw = 2z + f = 2·2 + 1 = 5, 冲关 "5→×2" gives 10, and as "the only one with
    # raw > 0" 霸王精 "×2" gives 20, collected "from each of the other three" (base 1)
    v = get_variant("nanchang")
    jing = Jing(indicator="5m", lower="2s", lower_counts=((2, 1), (0, 0), (0, 0), (0, 0)))
    assert v.data.status(TableState(), v.rules(), (jing,)).paid == (60, -20, -20, -20)
    nobody = Jing(indicator="5m", lower="2s", lower_counts=((0, 0),) * 4)
    assert v.data.status(TableState(), v.rules(), (nobody,)).paid is None


def test_typed_flags_read_back_what_they_show_and_a_lone_dash_is_nobodys_fish():
    d = get_variant("nanning").data
    fish = d.flag("fish")
    assert fish.read("-") == [None] * 4  # one key for "nobody fished"
    shown = fish.text_of(("5m", None, None, "3s"))
    assert shown == "5m,-,-,3s" and fish.read(shown) == ["5m", None, None, "3s"]
    # RULES §1 摸码 "with h hits", 钓鱼 "hit = at least one tile": nothing hit
    assert fish.no_hit == (None,) * 4 and d.flag("horse_hits").no_hit == 0
    assert d.flag("horses").no_hit is None  # the tiles themselves have no "none"


def test_nanchang_holds_one_reveal_and_one_count_and_starts_the_count_from_the_jing_kongs():
    from mjscore.engine.record import event_from_json

    d = get_variant("nanchang").data
    assert d.once == ("jing", "jing_count")
    reveal = event_from_json(
        {"type": "jing", "indicator": "5m", "lower": "2p", "lower_counts": [[0, 0]] * 4}
    )
    # RULES §4: 正精 5m, 副精 6m; a 精杠 is a kong of four identical jing
    kong = Kong(player=2, kind="concealed", from_=None, tile="6m")
    assert d.prefill("jing_count", [reveal]) is None
    assert d.prefill("jing_count", [reveal, kong]) == {
        "type": "jing_count",
        "counts": [[0, 0], [0, 0], [0, 4], [0, 0]],
        "jing_kongs": [0, 0, 1, 0],
    }
    assert get_variant("nanning").data.once == ()
