"""The user's settings: one JSON file in the platform's config directory.

``config.json`` in ``platformdirs.user_config_dir("mjscore")``, or the file named by
``--config PATH`` or ``$MJSCORE_CONFIG``. It holds::

    {
      "language": "zh",                 # "zh" or "en"
      "theme": "textual-dark",          # the last theme chosen in the command palette
      "stake": "0.5", "unit": "0.01",   # the new-session form's default stake; money unit
      "presets": {                      # offered by the new-session form
        "Friday": {"variant": "guobiao", "options": {}, "stake": "1",
                   "players": ["阿明", "小芳", "老王", "Lee"]}
      }
    }

Every key is optional. The language is ``--lang``, then this file, then the locale. A file
that cannot be read or does not have this shape is reported in one line and the defaults
are used (the file is left as it is until the app saves a setting).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

ENV = "MJSCORE_CONFIG"
LANGS = ("zh", "en")
_override: str | None = None


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    variant: str
    options: Mapping[str, Any] = field(default_factory=dict)
    stake: str | None = None
    players: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"variant": self.variant, "options": dict(self.options)}
        if self.stake is not None:
            out["stake"] = self.stake
        if self.players:
            out["players"] = list(self.players)
        return out


@dataclass(frozen=True, slots=True)
class Settings:
    language: str | None = None
    theme: str | None = None
    stake: str | None = None
    unit: str | None = None
    presets: tuple[Preset, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in ("language", "theme", "stake", "unit"):
            if getattr(self, k) is not None:
                out[k] = getattr(self, k)
        if self.presets:
            out["presets"] = {p.name: p.to_json() for p in self.presets}
        return out


class ConfigError(ValueError):
    """The config file does not have the expected shape (one line for the user)."""


def use_path(path: str | None) -> None:
    """``--config PATH`` for this run (None: ``$MJSCORE_CONFIG`` or the default)."""
    global _override
    _override = path


def config_path() -> Path:
    p = _override or os.environ.get(ENV)
    if p:
        return Path(p).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("mjscore", appauthor=False)) / "config.json"


def load() -> tuple[Settings, str | None]:
    """The settings and, if the file is bad, the one line that says why (then defaults)."""
    p = config_path()
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as e:
        return Settings(), f"config file {p} cannot be read ({e}); using the defaults"
    try:
        return parse(text), None
    except ConfigError as e:
        return Settings(), f"config file {p}: {e}; using the defaults"


def _decimal_text(v: Any, where: str) -> str:
    if isinstance(v, bool) or not isinstance(v, str | int | float):
        raise ConfigError(f'{where} must be an amount such as "0.5"')
    try:
        d = Decimal(str(v))
    except InvalidOperation:
        d = Decimal(0)
    if not d.is_finite() or d <= 0:
        raise ConfigError(f"{where} must be a positive amount, not {v!r}")
    return str(v)


def parse(text: str) -> Settings:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise ConfigError(f"not valid JSON (line {e.lineno} column {e.colno}: {e.msg})") from None
    if not isinstance(obj, dict):
        raise ConfigError("expected a JSON object")
    known = ("language", "theme", "stake", "unit", "presets")
    for k in obj:
        if k not in known:
            raise ConfigError(f"unknown key {k!r} (keys: {', '.join(known)})")
    lang = obj.get("language")
    if lang is not None and lang not in LANGS:
        raise ConfigError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    theme = obj.get("theme")
    if theme is not None and not isinstance(theme, str):
        raise ConfigError("theme must be a theme name")
    stake = None if obj.get("stake") is None else _decimal_text(obj["stake"], "stake")
    unit = None if obj.get("unit") is None else _decimal_text(obj["unit"], "unit")
    raw = obj.get("presets") or {}
    if not isinstance(raw, dict):
        raise ConfigError("presets must be an object of named presets")
    presets = tuple(_preset(name, p) for name, p in raw.items())
    return Settings(language=lang, theme=theme, stake=stake, unit=unit, presets=presets)


def _preset(name: str, p: Any) -> Preset:
    from mjscore.engine.record import VARIANTS

    where = f"presets.{name}"
    if not isinstance(p, dict):
        raise ConfigError(f"{where} must be an object")
    for k in p:
        if k not in ("variant", "options", "stake", "players"):
            raise ConfigError(
                f"{where}: unknown key {k!r} (keys: variant, options, stake, players)"
            )
    if p.get("variant") not in VARIANTS:
        raise ConfigError(f"{where}.variant must be one of {', '.join(VARIANTS)}")
    options = p.get("options") or {}
    if not isinstance(options, dict):
        raise ConfigError(f"{where}.options must be an object")
    stake = None if p.get("stake") is None else _decimal_text(p["stake"], f"{where}.stake")
    players = p.get("players") or []
    if (
        not isinstance(players, list)
        or len(players) > 4
        or not all(isinstance(n, str) for n in players)
    ):
        raise ConfigError(f"{where}.players must be a list of up to four names")
    return Preset(
        name=name, variant=p["variant"], options=options, stake=stake, players=tuple(players)
    )


def save(settings: Settings) -> str | None:
    """Write the settings (atomically); the one line that says why not, or None."""
    p = config_path()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_name(p.name + ".tmp")
        tmp.write_text(
            json.dumps(settings.to_json(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        os.replace(tmp, p)
    except OSError as e:
        return f"config file {p} cannot be written ({e.strerror or e})"
    return None


def update(**changes: Any) -> str | None:
    """Change some settings in the file and keep the rest. A bad file is not overwritten."""
    current, problem = load()
    if problem is not None:
        return problem
    return save(replace(current, **changes))


def language(cli_lang: str | None) -> str:
    """The language of this run: ``--lang``, then the config file, then the locale."""
    if cli_lang:
        return cli_lang
    settings, _ = load()
    if settings.language:
        return settings.language
    from .i18n import detect_lang

    return detect_lang()
