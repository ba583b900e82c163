"""The app's own words both ways: every label of tui/i18n.py (and of the report's table) is
Chinese in Chinese and English in English, and one thing has one word (盘 for a hand, 放炮
for a discard win)."""

from __future__ import annotations

import re

import pytest
from mjscore.tui.i18n import all_labels
from mjscore.tui.report_text import WORDS

from tests.engine.test_error_texts import _CJK, _WORDS, _literal

TABLES = {
    **{f"i18n.{k}": v for k, v in all_labels().items()},
    **{f"report.{k}": v for k, v in WORDS.items()},
}
# ASCII a Chinese label keeps: keys and key names, tile notation, numbers and placeholders
_ZH_OK = re.compile(
    r"^(?:[a-zA-Z]|Tab|Enter|Esc|Delete|Ctrl|Del|PageUp|PageDown|aCC|mjscore|[0-9]*[mpsz])$"
)


@pytest.mark.parametrize("key", sorted(TABLES))
def test_chinese_label_has_no_english_word(key):
    zh = _literal(TABLES[key][0])
    words = re.findall(r"[A-Za-z][A-Za-z_]*", re.sub(r"\[[^\]]*\]", " ", zh))
    assert all(_ZH_OK.match(w) for w in words), (key, zh, words)


@pytest.mark.parametrize("key", sorted(TABLES))
def test_english_label_has_chinese_only_in_rule_names(key):
    text = _literal(TABLES[key][1])
    # 正/副: the short names of 正精/副精 in a count "正,副"
    for word in (*_WORDS, "正", "副"):
        text = text.replace(word, " ")
    assert not _CJK.search(text), (key, TABLES[key][1])


@pytest.mark.parametrize("key", sorted(TABLES))
def test_one_word_per_thing(key):
    zh = TABLES[key][0]
    assert "点炮" not in zh, (key, zh)  # a discard win is 放炮
    if key.startswith("i18n.game_"):  # a 国标 game (16 hands, four wind rounds) is a 局
        assert "局" in zh and "盘" not in zh, (key, zh)
        return
    assert not re.search(r"第\s*\{n\}\s*局|\d+ 局|^局$", zh), (key, zh)  # a hand is 盘
