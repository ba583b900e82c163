"""History and review lines name everything that changed money (封胡 and who was sealed, 摸码
hits, 承包 and who pays, the false-win offender), call each flag by its own rule set's name,
and give 南宁's value in 翻 (its doublings), not "0倍"."""

from __future__ import annotations

from mjscore.engine.core import replay
from mjscore.engine.record import load_session
from mjscore.tui.report_text import review
from mjscore.tui.screens.review import result_cell
from mjscore.tui.widgets.describe import hand_summary

NAMES = ["阿明", "小芳", "老王", "Lee"]


def _lines(variant, hands, **options):
    s = load_session(
        {
            "variant": variant,
            "players": NAMES,
            "options": options,
            "stake": 1,
            "hands": [{"events": h} for h in hands],
        }
    )
    rep = replay(s)
    table = [hand_summary(h.result, NAMES, "zh", s.hands[h.index - 1].events) for h in rep.hands]
    reviewed = review(s, rep)
    return table, [str(result_cell(hr, NAMES)) for hr in reviewed], reviewed


def test_sealed_payer_and_horse_hits_are_named():
    # RULES.md §1 封胡 with 摸码: 阿明's three pungs are all from 小芳, who pays everything,
    # ×(1+h) for one horse hit (the audit's "自摸 碰碰胡 6·3 = 18, one hit → 36")
    table, cells, _ = _lines(
        "nanning",
        [
            [
                {
                    "type": "win",
                    "player": 0,
                    "from": None,
                    "hand": "[111m,3][555p,3][999s,3]EEE77s",
                    "horses": "5m2p",
                }
            ]
        ],
        horses=2,
    )
    for line in (table[0], cells[0]):
        assert "封胡 被封者包付 小芳" in line and "摸码 中1" in line


def test_a_chicken_hand_counts_in_fan_and_a_false_win_names_its_offender():
    table, cells, _ = _lines(
        "nanning",
        [
            [{"type": "win", "player": 1, "from": 0, "hand": "123m456m789p234s55s"}],
            [{"type": "false_win", "player": 3}],
        ],
    )
    assert "0倍" not in table[0] + cells[0]
    assert "(0翻)" in table[0] and "0翻" in cells[0]
    assert cells[1].startswith("Lee ") and table[1].startswith("Lee ")


def test_nanjing_big_kong_bloom_is_called_so_and_its_liable_payer_named():
    # RULES.md §2 承包 2: 大杠开 off 阿明's exposed kong, 阿明 pays all 3H
    table, cells, reviewed = _lines(
        "nanjing",
        [
            [
                {"type": "kong", "player": 2, "kind": "exposed", "from": 0, "tile": "5p"},
                {
                    "type": "win",
                    "player": 2,
                    "from": None,
                    "kong_bloom": 1,
                    "hand": "[5555p,2]123m456m23s55s4s|EW1001|4",
                },
            ]
        ],
    )
    win_line = reviewed[0].events[1]
    assert "大杠开" in win_line and "杠上开花" not in win_line
    assert "大杠开承包 阿明" in table[0] and "大杠开承包 阿明" in cells[0]


def test_fish_and_dead_double_are_named():
    # RULES.md §1 钓鱼 (the winner's own fish hit doubles what he is paid) and 死双 (the
    # sealed player's payment doubled)
    table, cells, _ = _lines(
        "nanning",
        [
            [
                {
                    "type": "win",
                    "player": 1,
                    "from": 0,
                    "hand": "123m456m789p234s55s",
                    "fish": ["5m", "1m2m", None, "1p"],
                }
            ],
            [{"type": "pung", "player": 0, "from": 1, "tile": t} for t in ("1m", "5p", "9s")]
            + [
                {
                    "type": "win",
                    "player": 0,
                    "from": None,
                    "hand": "[111m,3][555p,3][999s,3]EEE77s",
                    "fish": [None, None, None, None],
                }
            ],
        ],
        fishing=True,
        dead_double=True,
    )
    assert "钓鱼 ×2" in table[0] and "钓鱼 ×2" in cells[0]
    assert "封胡 被封者包付 小芳" in table[1] and "死双" in table[1] and "死双" in cells[1]
