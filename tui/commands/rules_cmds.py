"""``mjscore rules VARIANT [--lang zh|en]``: a rule set's scoring table, house rules and
situation flags, printed from the same declared data the engine and the app use."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mjscore.engine.variant_ids import VARIANTS

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from mjscore.engine.variant import Variant

# The rule set itself, its terms and the labels are imported by the command when it runs:
# the parser is built for every command line, the app's and `--version` too.


def register(sub) -> None:
    r = sub.add_parser(
        "rules",
        help="print a rule set's scoring table, options and flags",
        description="Print a rule set's scoring table, its house rules (options with their "
        "defaults) and the situation flags a win may carry.",
    )
    r.add_argument("variant", choices=VARIANTS, help=" | ".join(VARIANTS))
    r.add_argument(
        "--lang",
        choices=("zh", "en"),
        default=argparse.SUPPRESS,  # keeps a --lang given before the command
        help="language of the names (default: from the locale)",
    )
    r.set_defaults(func=cmd_rules)


def cmd_rules(args) -> int:
    from mjscore.engine.variants import get_variant

    from ..i18n import detect_lang

    lang = getattr(args, "lang", None) or detect_lang()
    sys.stdout.write(rules_text(get_variant(args.variant), lang))
    return 0


def rules_text(v: Variant, lang: str) -> str:
    from mjscore.engine.terms import DISCARD_WIN, SELF_DRAW

    from ..i18n import tr, word

    """The whole page: title, formula and scoring rows, options, declared fields, flags."""
    data = v.data
    out = [
        f"{data.name.name(lang)} · {tr('scoring_table', lang)}",
        data.scoring.formula_in(lang),
        "",
    ]
    out += columns([(r.name(lang), r.worth(lang)) for r in data.scoring_rows])
    out += ["", tr("rules_options", lang)]
    rows = []
    labels = {s.name: s.label(lang) for s in v.option_specs()}
    for spec in v.option_specs():
        desc = spec.zh if lang == "zh" else spec.en
        default = spec.choice_name(spec.default, lang) if spec.choices else spec.default
        extra = f"{tr('rules_default', lang)} {_value(default, lang)}"
        if spec.choices:
            names = " / ".join(
                f"{c} = {spec.choice_name(c, lang)}" if lang == "zh" else c for c in spec.choices
            )
            extra += f"; {tr('rules_choices', lang)} {names}"
        rows.append((spec.name, f"{desc} ({extra})"))
    out += columns(rows)
    if data.declared:
        out += ["", tr("rules_declared", lang)]
        out += columns(
            [(d.id, f"{d.name(lang)} ({tr('kind_' + d.kind, lang)})") for d in data.declared]
        )
    out += ["", tr("rules_flags", lang)]
    wins = {"self_draw": word(SELF_DRAW, lang), "discard": word(DISCARD_WIN, lang)}
    rows = []
    for f in data.flags:
        how = [tr(f"kind_{f.kind}", lang), " / ".join(wins[w] for w in f.wins)]
        if f.option:
            how.append(f"{tr('rules_needs', lang)} {labels.get(f.option, f.option)}")
        rows.append((f.id, f"{f.name(lang)} ({'; '.join(how)})"))
    out += columns(rows)
    return "\n".join(out) + "\n"


def _value(value: object, lang: str) -> str:
    from ..i18n import tr

    if isinstance(value, bool):
        return tr("yes" if value else "no", lang)
    if value is None:
        return tr("none", lang)
    return str(value)


def columns(rows: Sequence[tuple[str, str]], gap: int = 2) -> list[str]:
    """Two aligned columns (CJK characters count two cells)."""
    from unicodedata import east_asian_width

    def width(s: str) -> int:
        return sum(2 if east_asian_width(c) in "WF" else 1 for c in s)

    w = max((width(a) for a, _ in rows), default=0) + gap
    return [f"{a}{' ' * (w - width(a))}{b}".rstrip() for a, b in rows]
