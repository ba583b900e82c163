"""南京 Nanjing scoring math (RULES.md §2): one row per pattern value, soft-flower source and
bonus, each quoting its source; expected values are worked by hand from the formula
H = 20 + 2·(hard + soft) + Σ patterns (+20 小杠开, +10 海底捞), ×2 大杠开 / ×4 花杠开."""

import pytest
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.hands import waits
from mjscore.engine.tiles import parse_hand
from mjscore.engine.variants.nanjing_read import value_tiles
from mjscore.engine.variants.nanjing_score import (
    PATTERNS,
    Bonuses,
    close_patterns,
    value_declared,
)

NO_BONUS = Bonuses()


def val(hand, *, exposed=(), bonus=NO_BONUS, last_closed_declared=False):
    t = parse_hand(hand, variant="nanjing")
    return value_tiles(
        t,
        hard=t.flower_count,
        hard_known=t.flowers is not None,
        bonus=bonus,
        exposed_pung_tiles=frozenset(exposed),
        last_closed_declared=last_closed_declared,
    )


def soft(v):
    return {i.id: int(i.value) * i.count for i in v.soft_items}


# (quote, hand, options, patterns, soft items, H)
PATTERN_ROWS = [
    ("§2 门清 ... 20", "123m456m789p23s55s4s", {}, {"concealed"}, {}, 20 + 20),
    (
        "§2 对对胡 all pungs 40",
        "[111m,1][999p,2]555s77s88s8s|EE0000|1",
        {},
        {"all_pungs"},
        {},
        20 + 2 + 40,
    ),
    (
        "§2 混一色 one suit + winds 40 (风客 1 soft)",
        "[111m,1]234m567m99mEEE|EE0000|4",
        {},
        {"half_flush"},
        {"wind_pung": 1},
        20 + 2 * 5 + 40,
    ),
    (
        "§2 无花果 no hard flower at all 40",
        "123m456m789p23s55s4s|EE0000|0",
        {},
        {"concealed", "no_flowers"},
        {},
        20 + 20 + 40,
    ),
    (
        "§2 压绝 a 压档 win on a tile whose pung is exposed 40; the 压档 soft flower is then not counted",
        "123m456m789p24s55s3s|EE0000|1",
        {"exposed": {"3s"}},
        {"concealed", "last_closed"},
        {},
        20 + 2 + 20 + 40,
    ),
    (
        "§2 压绝 ... or 边枝 40",
        "123m456m789p12s55s3s|EE0000|1",
        {"exposed": {"3s"}},
        {"concealed", "last_closed"},
        {},
        20 + 2 + 20 + 40,
    ),
    (
        "§2 压绝 (declared) 40",
        "123m456m789p24s55s3s|EE0000|1",
        {"last_closed_declared": True},
        {"concealed", "last_closed"},
        {},
        20 + 2 + 20 + 40,
    ),
    (
        "§2 清一色 one suit, no winds 60",
        "[111m,1]234m567m99m88m8m|EE0000|1",
        {},
        {"full_flush"},
        {},
        20 + 2 + 60,
    ),
    (
        "§2 全球独钓 is also 对对胡 (60 + 40) and gets the 独占 soft flower",
        "[111m,1][999p,2][555s,3][777s,1]8s8s|EE0000|1",
        {},
        {"all_pungs", "all_melded"},
        {"wait_single": 1},
        20 + 2 * 2 + 40 + 60,
    ),
    (
        "§2 七对 seven pairs 80 (门清 not counted)",
        "1133m5577p1199s2s2s|EE0000|1",
        {},
        {"seven_pairs"},
        {},
        20 + 2 + 80,
    ),
    (
        "§2 双七对 160 (replaces 七对)",
        "1111m5577p1199s2s2s|EE0000|1",
        {},
        {"luxury_seven_pairs"},
        {},
        20 + 2 + 160,
    ),
    (
        "§2 风一色 160 ... adds to 双七对",
        "EEEESSSSWWWWNN|EE0000|1",
        {},
        {"luxury_seven_pairs", "all_winds"},
        {},
        20 + 2 + 160 + 160,
    ),
    (
        "§2 天胡 60 (门清 not counted with 天胡)",
        "123m456m789p23s55s4s|EE1000|1",
        {"bonus": Bonuses(heavenly=True)},
        {"heavenly"},
        {},
        20 + 2 + 60,
    ),
    (
        "§2 地胡 40 (门清 not counted with 地胡)",
        "123m456m789p23s55s4s|EE1000|1",
        {"bonus": Bonuses(earthly=True)},
        {"earthly"},
        {},
        20 + 2 + 40,
    ),
    (
        "§2 + 20 if 小杠开",
        "123m456m789p23s55s4s|EE1000|1",
        {"bonus": Bonuses(flower_bloom=True)},
        {"concealed"},
        {},
        20 + 2 + 20 + 20,
    ),
    (
        "§2 + 10 if 海底捞",
        "123m456m789p23s55s4s|EE1000|1",
        {"bonus": Bonuses(last_tile=True)},
        {"concealed"},
        {},
        20 + 2 + 20 + 10,
    ),
    (
        "§2 then ×2 for 大杠开 (暗杠 2 soft)",
        "[5555p]123m456m23s55s4s|EE1000|1",
        {"bonus": Bonuses(kong_bloom=True)},
        {"concealed"},
        {"kong_concealed": 2},
        (20 + 2 * 3 + 20) * 2,
    ),
    (
        "§2 or ×4 for 花杠开 (no +20)",
        "123m456m789p23s55s4s|EE1000|CCCC",
        {"bonus": Bonuses(flower_kong_bloom=True)},
        {"concealed"},
        {},
        (20 + 2 * 4 + 20) * 4,
    ),
]

SOFT_ROWS = [
    (
        "§2 each pung of a wind, exposed: 1; 缺一: 1",
        "[EEE,1]123m456m55s67s8s|EE0000|4",
        {"wind_pung": 1, "missing_suit": 1},
        20 + 2 * 6,
    ),
    (
        "§2 each pung of a wind ... concealed: 1",
        "EEE123m456m23s55s4s|EE0000|1",
        {"wind_pung": 1, "missing_suit": 1},
        20 + 2 * 3 + 20,
    ),
    (
        "§2 a wind kong instead counts 2 if exposed (direct kong keeps 门清)",
        "[EEEE,1]123m456m23s55s4s|EE0000|4",
        {"wind_kong_exposed": 2, "missing_suit": 1},
        20 + 2 * 7 + 20,
    ),
    (
        "§2 a wind kong ... 2 if ... added (a pung later kong-ed is not 门清)",
        "[EEEE,5]123m456m23s55s4s|EE0000|4",
        {"wind_kong_exposed": 2, "missing_suit": 1},
        20 + 2 * 7,
    ),
    (
        "§2 a wind kong ... 3 if concealed",
        "[EEEE]123m456m23s55s4s|EE0000|4",
        {"wind_kong_concealed": 3, "missing_suit": 1},
        20 + 2 * 8 + 20,
    ),
    (
        "§2 each suited kong: 1 exposed",
        "[5555p,2]123m456m23s55s4s|EE0000|4",
        {"kong_exposed": 1},
        20 + 2 * 5 + 20,
    ),
    (
        "§2 each suited kong: ... 1 added",
        "[5555p,6]123m456m23s55s4s|EE0000|4",
        {"kong_exposed": 1},
        20 + 2 * 5,
    ),
    (
        "§2 each suited kong: ... 2 concealed",
        "[5555p]123m456m23s55s4s|EE0000|1",
        {"kong_concealed": 2},
        20 + 2 * 3 + 20,
    ),
    (
        "§2 压档 (closed wait, e.g. 2-4 waiting 3) 1",
        "123m456m789p24s55s3s|EE0000|1",
        {"wait_closed": 1},
        20 + 2 * 2 + 20,
    ),
    (
        "§2 边枝 (edge wait, 1-2 waiting 3) 1",
        "123m456m789p12s55s3s|EE0000|1",
        {"wait_edge": 1},
        20 + 2 * 2 + 20,
    ),
    (
        "§2 边枝 (... or 8-9 waiting 7) 1",
        "123m456m123p89s55s7s|EE0000|1",
        {"wait_edge": 1},
        20 + 2 * 2 + 20,
    ),
    (
        "§2 独占 (single wait on the pair, 单钓) 1",
        "123m456m789p123s5s5s|EE0000|1",
        {"wait_single": 1},
        20 + 2 * 2 + 20,
    ),
    (
        "§2 缺一 (exactly one of the three suits absent): 1",
        "123m456m789m23s55s4s|EE0000|1",
        {"missing_suit": 1},
        20 + 2 * 2 + 20,
    ),
    (
        "§2 缺一 not for one suit only (two absent)",
        "[111m,1]234m567m99m88m8m|EE0000|1",
        {},
        20 + 2 + 60,
    ),
    ("§2 seven-pairs hands get no wait flower", "1133m5577p1199s2s2s|EE0000|1", {}, 20 + 2 + 80),
]


@pytest.mark.parametrize(
    ("quote", "hand", "opts", "patterns", "soft_items", "h"),
    PATTERN_ROWS,
    ids=[r[0] for r in PATTERN_ROWS],
)
def test_pattern_values(quote, hand, opts, patterns, soft_items, h):
    v = val(hand, **opts)
    got = set(v.patterns)
    assert got == patterns
    assert soft(v) == soft_items
    assert v.value == h
    assert v.legal


@pytest.mark.parametrize(
    ("quote", "hand", "soft_items", "h"), SOFT_ROWS, ids=[r[0] for r in SOFT_ROWS]
)
def test_soft_flower_sources(quote, hand, soft_items, h):
    v = val(hand)
    assert soft(v) == soft_items
    assert v.soft == sum(soft_items.values())
    assert v.value == h


def test_every_pattern_has_a_row():
    covered = set().union(*(r[3] for r in PATTERN_ROWS))
    assert {p.id for p in PATTERNS} <= covered
    assert {"heavenly", "earthly"} <= covered


def test_pattern_table_values_quote_rules():
    # RULES.md §2 pattern table, value column
    table = {
        "concealed": 20, "all_pungs": 40, "half_flush": 40, "no_flowers": 40, "last_closed": 40,
        "full_flush": 60, "all_melded": 60, "seven_pairs": 80, "luxury_seven_pairs": 160, "all_winds": 160,
    }  # fmt: skip
    assert {p.id: p.value for p in PATTERNS} == table
    assert {p.id for p in PATTERNS if not p.big} == {
        "concealed"
    }  # "big patterns are every row except 门清"


def test_seed_worked_example_math():
    # seed 001 算分: 混一色40+门清20+基数20+软硬花4*2=88花 (hard flowers via the flower section)
    v = val("123456789m23mEE1m|EE1000|abcd")
    assert set(v.patterns) == {"concealed", "half_flush"}
    assert v.hard == 4 and v.soft == 0
    assert v.value == 40 + 20 + 20 + 4 * 2 == 88


# ---------------------------------------------------------------- waits
@pytest.mark.parametrize(
    ("quote", "hand", "wait_count", "wait_item"),
    [
        ("one wait: 压档 2-4 waiting 3 counts", "123m456m789p24s55s3s|EE0000|1", 1, "wait_closed"),
        ("two waits: 23s waits 1s/4s, no shape flower", "123m456m789p23s55s4s|EE0000|1", 2, None),
        (
            "a 压档 shape that also waits elsewhere (2444s waits 2s and 3s) gets no soft flower",
            "123m456m789p2444s3s|EE0000|1",
            2,
            None,
        ),
        (
            "many waits: 九莲 1112345678999m waits 1–9m; the 4-5-6 reading gets nothing",
            "1112345678999m5m|EE0000|1",
            9,
            None,
        ),
        (
            "一 pair + pung 双碰 waits two tiles, nothing",
            "[111m,1][999p,2]555s77s88s8s|EE0000|1",
            2,
            None,
        ),
        (
            "单钓 on a seven-pairs hand: one wait, but 七对 gets no shape",
            "1133m5577p1199s2s2s|EE0000|1",
            1,
            None,
        ),
    ],
)
def test_wait_analysis(quote, hand, wait_count, wait_item):
    t = parse_hand(hand, variant="nanjing")
    visible = [x for m in t.melds for x in m.tiles]
    assert len(waits(t.concealed, visible)) == wait_count
    ids = {i.id for i in val(hand).soft_items if i.id.startswith("wait_")}
    assert ids == ({wait_item} if wait_item else set())


def test_last_closed_needs_the_single_wait_shape():
    # 压绝 is "a 压档 or 边枝 win", and 压档/边枝 count "only when the hand waited on exactly one tile"
    v = val("123m456m789p2444s3s|EE0000|1", exposed={"3s"})
    assert "last_closed" not in v.patterns
    # a pung of another tile does not make 压绝
    v = val("123m456m789p24s55s3s|EE0000|1", exposed={"4s"})
    assert "last_closed" not in v.patterns and soft(v) == {"wait_closed": 1}


def test_best_reading_is_used():
    # 就高不就低: 112233m... reads as seven pairs (80) or as sets (门清 20) — seven pairs wins
    v = val("112233m445566p7s7s|EE0000|1")
    assert "seven_pairs" in v.patterns and v.value == 20 + 2 + 80


# ---------------------------------------------------------------- 小胡 rule
@pytest.mark.parametrize(
    ("quote", "hand", "legal"),
    [
        ("小胡 open with 3 hard flowers is refused", "[111m,1]234m567p23s55s4s|EE0000|3", False),
        (
            "小胡 open with ≥ 4 hard flowers (包括4个) is legal",
            "[111m,1]234m567p23s55s4s|EE0000|4",
            True,
        ),
        ("小胡 门清 with no flowers is legal", "123m456m789p23s55s4s|EE0000|0", True),
        (
            "无花果 小牌必须是门清: open 无花果 small hand refused",
            "[111m,1]234m567p23s55s4s|EE0000|0",
            False,
        ),
        (
            "成大胡没这个限制: open 对对胡 with 0 hard flowers",
            "[111m,1][999p,2]555s77s88s8s|EE0000|0",
            True,
        ),
    ],
)
def test_small_win_rule(quote, hand, legal):
    v = val(hand)
    assert v.legal is legal
    if not legal:
        assert "门清" in v.refusal and "4 hard" in v.refusal


def test_not_a_win_and_chow_refused():
    with pytest.raises(MjError) as e:
        val("123m456m789p24s56s3s|EE0000|1")
    assert e.value.code == ErrorCode.NOT_A_WIN
    with pytest.raises(MjError) as e:
        val("[123m,1]456m789p24s55s3s|EE0000|1")
    assert e.value.code == ErrorCode.NOT_A_WIN and "chow" in e.value.message


# ---------------------------------------------------------------- declared mode
def test_declared_matches_tiles_for_the_seed():
    v = value_declared(
        ["concealed", "half_flush"], soft=0, hard=4, hard_known=True, bonus=Bonuses()
    )
    assert v.value == 88


@pytest.mark.parametrize(
    ("declared", "closed"),
    [
        (["all_melded"], ["all_pungs", "all_melded"]),  # 全球独钓 is also 对对胡
        (["all_winds"], ["luxury_seven_pairs", "all_winds"]),  # 风一色 adds to 双七对
        (["seven_pairs", "luxury_seven_pairs"], ["luxury_seven_pairs"]),  # 双七对 replaces 七对
    ],
)
def test_implied_patterns_count_once(declared, closed):
    assert close_patterns(declared) == closed


@pytest.mark.parametrize(
    "declared",
    [
        ["seven_pairs", "all_pungs"],
        ["full_flush", "half_flush"],
        ["all_winds", "full_flush"],
        ["luxury_seven_pairs", "all_melded"],
    ],
)
def test_contradictory_declared_patterns_refused(declared):
    with pytest.raises(MjError) as e:
        close_patterns(declared)
    assert e.value.code == ErrorCode.BAD_PATTERN


def test_declared_no_flowers_with_flowers_refused():
    with pytest.raises(MjError) as e:
        value_declared(["no_flowers"], soft=0, hard=2, hard_known=True, bonus=Bonuses())
    assert e.value.code == ErrorCode.CONTRADICTION


def test_assembled_lines_and_summary_read_from_their_memos_are_made_afresh():
    import random

    from mjscore.engine.results import ScoreItem
    from mjscore.engine.variants import nanjing_score as ns

    rng = random.Random(7)
    ids = list(ns.PATTERN_ORDER)
    words = {"hard_flowers": "硬花", "soft_flowers": "软花", "flowers_x2": "软硬花×2 (砸2)"}
    for n in range(300):
        if n % 100 == 0:  # the memos start empty, and fill again
            for lines in ns._COUNTED_LINES.values():
                lines.clear()
            ns._SUMMARIES.clear()
        hard, soft = rng.randrange(0, 12), rng.randrange(0, 12)
        patterns = rng.sample(ids, rng.randrange(0, 4))
        for _ in range(2):  # the second time from the memos
            val = ns.assemble(
                patterns, hard=hard, soft_items=(), soft=soft, concealed=False, bonus=NO_BONUS
            )
            counted = [i for i in val.items if i.id in words]
            want = [(i, v) for i, v in zip(words, (hard, soft, 2 * (hard + soft)), strict=True)]
            assert [(i.id, i.value) for i in counted] == want
            assert all(type(i) is ScoreItem and i.zh == words[i.id] for i in counted)
            names = [ns.PATTERN_ITEMS[p].zh for p in val.patterns]
            assert val.summary == (" ".join(names) or "小胡")
