"""House rules (options) as frozen dataclasses, one per variant.

A variant declares ``@dataclass(frozen=True, slots=True, kw_only=True) class XRules`` whose
fields are made with :func:`option`; the metadata carries the one-line meaning (zh/en) and
allowed values, which the TUI shows and the record loader checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .errors import ErrorCode, MjError
from .jsonin import show
from .texts_record import txt
from .tiles import ascii_text, is_count


class Rules(Protocol):
    """What every variant's house rules have (each variant's own frozen dataclass adds the
    rest): the false-win penalty (RULES.md §0)."""

    @property
    def false_win_penalty(self) -> int: ...


OptionValue = bool | int | str | None  # what an option holds in a record's "options"
MAX_OPTION_INT = 1_000_000  # the largest whole-number option (penalties, base, caps)
T = TypeVar("T")


def option(
    default: Any,
    zh: str,
    en: str,
    *,
    choices: tuple[str, ...] | None = None,
    nullable: bool = False,
    minimum: int | None = None,
    maximum: int | None = None,
    label: str = "",
    choice_names: dict[str, str] | None = None,
) -> Any:
    """A rules field. Type follows the default (bool, int or str); ``nullable`` admits null.
    A whole-number option without a ``maximum`` is bounded by :data:`MAX_OPTION_INT`.
    ``label``: its short Chinese name as a form shows it; ``choice_names``: each choice's
    Chinese name (in English the id and the choice are the words, as the command line
    takes them)."""
    kind = type(default) if default is not None else int
    if kind is int and maximum is None:
        maximum = MAX_OPTION_INT
    return dataclasses.field(
        default=default,
        metadata={
            "zh": zh,
            "en": en,
            "kind": kind,
            "choices": choices,
            "nullable": nullable or default is None,
            "minimum": minimum,
            "maximum": maximum,
            "label": label,
            "choice_names": choice_names or {},
        },
    )


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    default: Any
    kind: type
    zh: str
    en: str
    choices: tuple[str, ...] | None
    nullable: bool
    minimum: int | None
    maximum: int | None
    label_zh: str = ""
    choice_names: Mapping[str, str] = field(default_factory=dict)

    def describe(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    def label(self, lang: str = "en") -> str:
        """The option's name in ``lang``: the Chinese name, or in English its id."""
        return (self.label_zh if lang == "zh" else "") or self.name

    def choice_name(self, value: Any, lang: str = "en") -> str:
        """A choice's name in ``lang``: the Chinese name, or in English the choice itself."""
        name = self.choice_names.get(value, "") if lang == "zh" else ""
        return name or str(value)


def option_specs(rules_cls: type) -> tuple[OptionSpec, ...]:
    out = []
    for f in dataclasses.fields(rules_cls):
        md = f.metadata
        out.append(
            OptionSpec(
                f.name,
                f.default,
                md.get("kind", type(f.default)),
                md.get("zh", ""),
                md.get("en", ""),
                md.get("choices"),
                md.get("nullable", False),
                md.get("minimum"),
                md.get("maximum"),
                md.get("label", ""),
                md.get("choice_names", {}),
            )
        )
    return tuple(out)


def check_option(spec: OptionSpec, value: Any, where: str) -> Any:
    def bad(msg: str) -> MjError:
        return MjError(ErrorCode.BAD_OPTION, msg, where=where)

    if value is None:
        if spec.nullable:
            return None
        raise bad(txt("option_null", name=spec.name))
    if spec.kind is bool:
        if not isinstance(value, bool):
            raise bad(txt("option_takes_true_false", name=spec.name, p2=show(value)))
        return value
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(txt("option_takes_whole_number", name=spec.name, p2=show(value)))
        if spec.minimum is not None and value < spec.minimum:
            raise bad(txt("option_least", name=spec.name, minimum=spec.minimum))
        if spec.maximum is not None and value > spec.maximum:
            raise bad(txt("option_most", name=spec.name, maximum=spec.maximum))
        return value
    if spec.kind is str:
        if not isinstance(value, str) or (spec.choices and value not in spec.choices):
            choices = ", ".join(repr(c) for c in spec.choices or ())
            raise bad(txt("option_takes_one", name=spec.name, choices=choices, p3=show(value)))
        return value
    raise TypeError(f"unsupported option kind {spec.kind}")


def rules_from_options(
    rules_cls: type[T], options: Mapping[str, OptionValue] | None, where: str = "options"
) -> T:
    """Validate ``options`` (unknown names and ill-typed values are errors) into rules."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise MjError(ErrorCode.BAD_OPTION, txt("options_object", p1=show(options)), where=where)
    specs = {s.name: s for s in option_specs(rules_cls)}
    values: dict[str, OptionValue] = {}
    for name, value in options.items():
        if not isinstance(name, str) or name not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise MjError(
                ErrorCode.BAD_OPTION,
                txt("unknown_option_rule_set_known", name=name, known=known),
                where=f"{where}.{name}",
            )
        values[name] = check_option(specs[name], value, f"{where}.{name}")
    return rules_cls(**values)


def parse_option_value(spec: OptionSpec, text: str) -> Any:
    """A command-line/TUI text value: 'true', '2', 'null', 'same'."""
    t = text.strip()
    if t.lower() in ("null", "none", "off") and spec.nullable:
        return None
    if spec.kind is bool:
        if t.lower() in ("true", "1", "yes", "on"):
            return True
        if t.lower() in ("false", "0", "no", "off"):
            return False
        return t
    if spec.kind is int:
        t = ascii_text(t, where=spec.name)
        if is_count(t.removeprefix("-")):
            return int(t)
        return t
    return t


def rules_to_options(rules: Rules) -> dict[str, OptionValue]:
    """The options that differ from the defaults (what a record stores)."""
    out = {}
    for f in dataclasses.fields(rules):
        v = getattr(rules, f.name)
        if v != f.default:
            out[f.name] = v
    return out
