"""Lines and scores that are made once and shared (memoised pure functions of their inputs)
give what a fresh one gives: the key keeps apart what compares equal but is not the same
(1 and True), and inputs that are no key (lists) are still answered."""

from __future__ import annotations

from mjscore.engine.declare import Pattern
from mjscore.engine.variant import pattern_items
from mjscore.engine.variants.nanchang_score import jing_scores


def test_a_pattern_worth_1_and_one_worth_true_keep_their_own_values():
    one = Pattern(id="p", zh="甲", en="p", value=1, applies=lambda r: True)
    yes = Pattern(id="p", zh="甲", en="p", value=True, applies=lambda r: True)  # type: ignore[arg-type]
    (a,) = pattern_items((one,), None)
    (b,) = pattern_items((yes,), None)
    assert a.value is not True and a.to_json()["value"] == 1
    assert b.value is True
    assert pattern_items((one,), None)[0] is a  # the same line, shared


def test_jing_scores_of_lists_are_those_of_tuples():
    as_lists = [[3, 1], [0, 0], [1, 0], [0, 0]]
    as_tuples = tuple(tuple(c) for c in as_lists)
    got = jing_scores(as_lists, None)  # type: ignore[arg-type]
    assert got == jing_scores(as_tuples, None)
    assert [s.score for s in got] == [7 * 4, 0, 2, 0]  # 2·3+1 = 7, 冲关 ×4; 2·1 = 2
    assert got[0].label() == "正精×3 副精×1 7分 冲关×4"
