"""Every refusal has a code, its values and a template in both languages.

The walk below reads every ``.py`` file of engine/, db/ and tui/: each ``MjError`` (or a
helper that makes one) gets its message from a ``txt("code", ...)`` of a template table,
from another error's ``.msg``, or from a helper's own parameter; no bare string or f-string
is left. Each code named exists in the table the file imports, and every value a template
uses is passed at the site. Then the tables themselves: the Chinese has no English word
(tile notation, numbers, command-line flags and the JSON words of the record aside), the
English no Chinese except rule names.
"""

from __future__ import annotations

import ast
import importlib
import re
import string
from pathlib import Path

import pytest
from mjscore.engine.errors import ErrorCode, MjError, Msg, Seat

ROOT = Path(__file__).resolve().parents[2]
TREES = ("engine", "db", "tui")
# the functions that turn a message into an MjError, and where the message goes
MAKERS = {"MjError": 1, "_contra": 0, "_bad": 1, "bad": 0, "_err": 1, "_flag_err": 0, "_Refused": 0}
MSG_FUNCS = {"txt", "small_win_msg"}  # calls that return a Msg
MSG_METHODS = {"located", "literal"}


def _sources() -> list[Path]:
    return [
        p
        for tree in TREES
        for p in sorted((ROOT / tree).rglob("*.py"))
        if p.name != "errors.py" or p.parent.name != "engine"
    ]


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    return ".".join(("mjscore", *rel.parts))


def _txt_tables(tree: ast.Module, path: Path) -> dict:
    """The template table each file's ``txt`` comes from."""
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any(a.name == "txt" for a in node.names):
            if node.level:
                pkg = _module(path).rsplit(".", node.level)[0]
                name = f"{pkg}.{node.module}"
            else:
                name = node.module
            return importlib.import_module(name).TEXTS
    return {}


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _ok_message(node: ast.expr, fn: ast.FunctionDef | None, assigns: dict) -> bool:
    if isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Name) and f.id in MSG_FUNCS:
            return True
        return isinstance(f, ast.Attribute) and f.attr in MSG_METHODS
    if isinstance(node, ast.Attribute):
        return node.attr == "msg"  # another error's message, passed on
    if isinstance(node, ast.BoolOp):
        return all(_ok_message(v, fn, assigns) for v in node.values)
    if isinstance(node, ast.Name) and fn is not None:
        params = [a.arg for a in fn.args.args + fn.args.kwonlyargs]
        if node.id in params:  # a maker's own parameter: its callers are checked
            return fn.name in MAKERS and params.index(node.id) == MAKERS[fn.name]
        values = assigns.get((fn.name, node.id), [])
        return bool(values) and all(_ok_message(v, fn, assigns) for v in values)
    return False


def _keys(node: ast.expr) -> list[str] | None:
    """The codes a ``txt`` call may name: a constant, or either side of a conditional."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _keys(node.body), _keys(node.orelse)
        return None if a is None or b is None else a + b
    return None


# a code chosen from a table of codes: the table is checked instead (test_calculator_codes)
DYNAMIC_KEYS = {("engine/variants/gb_eval.py", "_calc_error")}


def _walk(path: Path):
    """(line, problem) for each maker call whose message is not a Msg, and each txt call
    naming a code its table lacks or leaving out a value its templates use."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    table = _txt_tables(tree, path)
    parent: dict = {}
    for n in ast.walk(tree):
        for c in ast.iter_child_nodes(n):
            parent[c] = n
    assigns: dict = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign):
            fn = _enclosing(n, parent)
            for t in n.targets:
                if isinstance(t, ast.Name):
                    assigns.setdefault((getattr(fn, "name", ""), t.id), []).append(n.value)
    problems = []
    rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    for n in ast.walk(tree):
        if not isinstance(n, ast.Call):
            continue
        fn = _enclosing(n, parent)
        name = n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", None)
        if name in MAKERS and len(n.args) > MAKERS[name]:
            if not _ok_message(n.args[MAKERS[name]], fn, assigns):
                problems.append((n.lineno, f"{name}(...) without a coded message"))
        if name == "txt" and isinstance(n.func, ast.Name):
            keys = _keys(n.args[0]) if n.args else None
            if keys is None and (rel, getattr(fn, "name", "")) in DYNAMIC_KEYS:
                continue
            for key in keys or [None]:
                if key is None or key not in table:
                    problems.append((n.lineno, f"txt({key!r}): no such code in its table"))
                    continue
                given = {k.arg for k in n.keywords}
                for t in table[key]:
                    if not _fields(t) <= given:
                        problems.append((n.lineno, f"{key}: {_fields(t) - given} not passed"))
    return sorted(set(problems))


def _enclosing(node: ast.AST, parent: dict):
    while node in parent:
        node = parent[node]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return node
    return None


def test_every_refusal_has_a_coded_message():
    bad = [f"{p.relative_to(ROOT)}:{line}: {what}" for p in _sources() for line, what in _walk(p)]
    assert not bad, "\n".join(bad)


def test_the_walk_sees_a_bare_string(tmp_path):
    # the check above is only as good as its walk: a bare message must be caught
    f = tmp_path / "x.py"
    f.write_text(
        "def f(x):\n    raise MjError(ErrorCode.BAD_RECORD, f'bad {x}')\n"
        "def g():\n    raise _contra('plain', None)\n"
        "def _oops(m):\n    return MjError(ErrorCode.BAD_RECORD, m)\n",
        encoding="utf-8",
    )
    assert [line for line, _ in _walk(f)] == [2, 4, 6]


def tables() -> dict[str, dict]:
    out = {}
    for tree in TREES:
        for p in sorted((ROOT / tree).rglob("texts*.py")):
            out[_module(p)] = importlib.import_module(_module(p)).TEXTS
    return out


def all_templates():
    return [(mod, key, texts) for mod, tab in tables().items() for key, texts in tab.items()]


def test_calculator_codes():
    """The fan calculator's refusals map to codes with their templates."""
    from mjscore.engine.variants.gb_eval import _CALC_ERRORS
    from mjscore.engine.variants.texts_guobiao import TEXTS

    for key in [k for _, k in _CALC_ERRORS.values()] + ["gb_calculator_refused"]:
        assert all(_fields(t) <= {"hand", "detail"} for t in TEXTS[key]), key


def test_codes_are_unique_across_tables():
    seen: dict[str, tuple] = {}
    for _, key, texts in all_templates():
        assert seen.setdefault(key, texts) == texts, f"{key} has two different templates"


# ---------------------------------------------------------------- the words of each language

# ASCII a Chinese message may keep: tile notation and the tiles' letters, the command line's
# own flags and placeholders, units and standards, and the JSON words a record is written in
_ZH_ASCII = re.compile(
    r"^(?:[0-9]*[mpsz]|[ESWNCFPa-hWSZJHK]+|[0-9a-f]+|--[a-z]+|ID|UUID|JSON|UTF|MB|ISO|UTC|"
    r"U|YYYY|MM|DD|Z|true|false|null|events|seat|player|format|sessions|e|g|x)$"
)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


def _literal(template: str) -> str:
    return "".join(lit for lit, *_ in string.Formatter().parse(template))


# notation inside a Chinese message: command-line flags, code points, a sample time
_ZH_NOTATION = re.compile(r"--[a-z-]+|U\+[0-9A-F]+|\d{4}-\d\d-\d\dT[\d:]+Z|\|[A-Z0-9]+")


def _rule_words() -> list[str]:
    """Every rule name the engine declares (its terms, each rule set's patterns, flags and
    declared facts, the tiles' Chinese names), longest first."""
    from mjscore.engine import terms
    from mjscore.engine.declare import Term
    from mjscore.engine.tile_kinds import TILE_ZH
    from mjscore.engine.variants import get_variant

    words: set[str] = set(TILE_ZH.values())
    for v in vars(terms).values():
        if isinstance(v, Term):
            words.add(v.zh)
        elif isinstance(v, dict):
            words |= {t.zh for t in v.values() if isinstance(t, Term) and t.zh}
    for vid in terms.VARIANTS:
        d = get_variant(vid).data
        for group in (d.patterns, d.flags, d.declared):
            words |= {x.zh for x in group if x.zh}
    return sorted(words, key=len, reverse=True)


# rule names of RULES.md the declared data does not list as terms, and rule sentences the
# English quotes in Chinese beside its English reading
_QUOTED = (
    "一炮多响",
    "海底炮无杠上花",
    "海底",
    "花杠",
    "报听",
    "起和",
    "截和",
    "抢连杠",
    "不准吃",
    "错和",
    "封胡",
    "小胡",
    "无花牌",
    "无花果",
    "承包",
    "现场汇",
    "番",
    "精",
    "报听后不能换牌，只能抓一张出一张",
    "别人打出的精只能作为本张",
    "暗杠等于加了保险",
    "用精吃、碰、杠只能作为本身牌张",
)


@pytest.mark.parametrize(("mod", "key", "texts"), all_templates())
def test_chinese_has_no_english_word(mod, key, texts):
    words = re.findall(r"[A-Za-z][A-Za-z_]*", _ZH_NOTATION.sub(" ", _literal(texts[1])))
    assert all(_ZH_ASCII.match(w) for w in words), (key, texts[1], words)


_WORDS = sorted({*_rule_words(), *_QUOTED}, key=len, reverse=True)


@pytest.mark.parametrize(("mod", "key", "texts"), all_templates())
def test_english_has_chinese_only_in_rule_names(mod, key, texts):
    for en in (texts[0], *texts[2:]):
        text = _literal(en)
        for q in _WORDS:
            text = text.replace(q, " ")
        assert not _CJK.search(text), (key, en, _CJK.findall(text))


@pytest.mark.parametrize(("mod", "key", "texts"), all_templates())
def test_every_template_renders(mod, key, texts):
    table = tables()[mod]
    fields = set().union(*(_fields(t) for t in texts))
    msg = Msg(key, dict.fromkeys(fields, 1), table)
    for lang in ("en", "zh"):
        assert msg.render(lang) and msg.render(lang, ["A", "B", "C", "D"], app=True)


def test_a_refusal_in_both_languages():
    """A 南昌 win fed by its own winner's 冲关: the command line keeps the path and the
    record's seat; the app names the player as shown."""
    from mjscore.engine.variants.texts_nanchang import txt

    e = MjError(
        ErrorCode.CONTRADICTION,
        txt("chongguan_self_feed", p=Seat(2)),
        where="hands[0].events[3].fed_by[2]",
    )
    assert str(e) == "hands[0].events[3].fed_by[2]: seat 2 cannot feed his own 冲关"
    assert e.key == "chongguan_self_feed" and e.params == {"p": 2}
    assert e.line("zh") == "hands[0].events[3].fed_by[2]: 座位 2 不能给自己冲关供精"
    names = ["阿明", "老王", "小李", "Mei"]
    assert e.text("zh", names) == "小李 [3] 不能给自己冲关供精"
    assert e.text("en", names) == "小李 [3] cannot feed his own 冲关"


# ---------------------------------------------------------------- the app's English

NAMES = ["阿明", "小芳", "老王", "Lee"]


def _record_keys() -> set[str]:
    """Every field name the session record has (docs/record.schema.json), and every id of
    a pattern, flag or declared fact of a rule set: the words of the record."""
    import json

    from mjscore.engine.terms import VARIANTS
    from mjscore.engine.variants import get_variant

    keys: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            keys.update(
                node.get("properties", {}) if isinstance(node.get("properties"), dict) else ()
            )
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(json.loads((ROOT / "docs" / "record.schema.json").read_text(encoding="utf-8")))
    for vid in VARIANTS:
        d = get_variant(vid).data
        keys |= {x.id for group in (d.patterns, d.flags, d.declared) for x in group}
    return keys


def _alternatives(words: set[str]) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


_KEYS = _alternatives(_record_keys())
# record keys that are also the English a sentence lists things by: "(players: Ann, Bo)"
_LISTING = _alternatives(_record_keys() - {"players", "sessions"})
# how a record field shows itself in a sentence: a snake_case id, a quoted key, a JSON value,
# a field path, a command-line flag, "key: value" in brackets or
# after "declared", and a key or rule id glossed in brackets ("人胡 (human)")
RECORD_WORDS = re.compile(
    r"\b[a-z]+(?:_[a-z]+)+\b"
    r"|['\"][a-z][a-z_]*['\"]"
    r"|\b(?:null|true)\b|\bfalse\b(?! win)"
    r"|\b[a-z]+\[\d"
    r"|--[a-z]"
    rf"|\(\s*'?(?:{_LISTING})'?:\s"
    r"|\bdeclared [a-z_]+:"
    rf"|\((?:{_KEYS})\)"
)


def _app_english(mod: str, key: str, texts: tuple[str, ...]) -> str:
    """The template as the app shows it in English, filled with sample values (a number for
    each value, the four players by name)."""
    fields = set().union(*(_fields(t) for t in texts))
    return Msg(key, dict.fromkeys(fields, 7), tables()[mod]).render("en", NAMES, app=True)


@pytest.mark.parametrize(("mod", "key", "texts"), all_templates())
def test_app_english_names_no_record_field(mod, key, texts):
    """The app's English reads as a person says it: no record field, JSON value, path or
    command-line flag (the command line's English keeps them: the third template is the
    app's when the first names them)."""
    text = _app_english(mod, key, texts)
    assert not RECORD_WORDS.findall(text), (key, text, RECORD_WORDS.findall(text))


def test_the_record_word_rule_sees_the_command_lines_field_names():
    # the check above is only as good as its rule: the command line's own wording is caught
    cli = {}
    for mod, key, texts in all_templates():
        fields = set().union(*(_fields(t) for t in texts))
        cli[key] = Msg(key, dict.fromkeys(fields, 7), tables()[mod]).render("en")
    for key in (
        "kong_bloom_self_draw_from",  # 'from' must be null
        "hand_never_ends_win_false",  # false_win
        "win_fish_each_player_s",  # 'fish'
        "win_either_hand_tiles_declared",  # 'hand'
        "untouched_first_go_round_logged",  # events[{i}]
        "win_another_player_s_tile",  # (from: null)
        "declared_quads_hand",  # declared quads:
        "human_won_dealer_s_first",  # 人胡 (human)
        "jing_nanchang",  # --jing
    ):
        assert RECORD_WORDS.search(cli[key]), (key, cli[key])
    assert not RECORD_WORDS.search("the hand has not ended (no win, false win or draw)")
    assert not RECORD_WORDS.search('expected one tile such as "5p" or "E"; \'[\' is never closed')


def test_several_players_named_as_shown():
    """德中德 refused because others hold jing: the command line keeps the seat numbers, the
    app names the players."""
    from mjscore.engine.errors import Seats
    from mjscore.engine.variants.texts_nanchang import txt

    e = MjError(
        ErrorCode.CONTRADICTION,
        txt("says_other_player_holds_jing", p1=Seats([1, 3])),
        where="hands[0].events[2].patterns",
    )
    assert e.line() == (
        "hands[0].events[2].patterns: 德中德 says no other player holds jing, "
        "but jing_count gives seat(s) 1, 3 jing"
    )
    assert e.text("en", NAMES) == (
        "德中德 says no other player holds jing, but the jing count gives jing to 小芳 [2], Lee [4]"
    )
    assert e.text("zh", NAMES) == "德中德表示别家都没有精，但精数记了 小芳 [2]、Lee [4] 有精"


def test_a_flag_and_a_seat_named_as_the_app_shows_them():
    """南京 大杠开 with a discarder: the app names the flag by its rule name (not
    ``kong_bloom``) and the discarder as shown; the command line keeps the bare seat number
    and its field."""
    from mjscore.engine.core import TableState
    from mjscore.engine.variants import get_variant

    from tests.builders import settle_events, win_event

    with pytest.raises(MjError) as caught:
        settle_events(
            get_variant("nanjing"),
            [win_event(0, 1, "123m456m789m123pEE", kong_bloom=1)],
            TableState(dealer=0),
        )
    e = caught.value
    assert e.text("zh", NAMES) == "大杠开是自摸，但这次胡记了放炮者"
    assert e.text("en", NAMES) == "大杠开 is a self-draw, but the win names a discarder (小芳 [2])"
    assert e.line().endswith("大杠开 is a self-draw, but the win names a discarder ('from': 1)")
