"""国标 Guobiao (RULES.md §3): one hand valued by PyMahjongGB.

Our notation and the session's facts become the calculator's input (:class:`CalcInput`,
:class:`Situation`); what it silently ignores (an impossible 抢杠和 or 和绝张) is refused; its
fans get the standard names of :mod:`engine.variants.gb_fans` (:class:`GbValue`). The
calculator is imported on first use, so ``import mjscore.engine`` stays light.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from ..errors import ErrorCode, MjError
from ..tiles import (
    Context,
    HandTiles,
    Meld,
    format_hand,
)
from .gb_fans import fan_for_label
from .gb_quick import TILE_CODE, WIND_INDEX, WINDS, FanCount, calculator, name_fans
from .texts_guobiao import txt

COMPETITION_BASE = 8  # MCR: every other player pays 8 on top
_TILE_OF_CODE = {c: t for t, c in TILE_CODE.items()}
GB_FLAGS = frozenset({"kong_bloom", "robbed_kong", "last_tile", "last_copy"})


def _tile_of(code: str) -> str:
    return _TILE_OF_CODE.get(code, code)


# ---------------------------------------------------------------- valuing one hand
@dataclass(frozen=True, slots=True, kw_only=True)
class Situation:
    """The facts of a win besides the tiles (from the |context, or the table and win event)."""

    seat_wind: str = "E"
    prevailing_wind: str = "E"
    self_drawn: bool = False
    last_copy: bool = False  # 和绝张
    last_tile: bool = False  # 妙手回春 / 海底捞月
    kong: bool = False  # 杠上开花 when self-drawn, 抢杠和 otherwise
    flowers: int = 0

    @staticmethod
    @lru_cache(maxsize=1024)
    def of(
        seat_wind: str,
        prevailing_wind: str,
        self_drawn: bool,
        last_copy: bool,
        last_tile: bool,
        kong: bool,
        flowers: int,
    ) -> Situation:
        """The situation of these facts (immutable, so made once per combination)."""
        return Situation(
            seat_wind=seat_wind,
            prevailing_wind=prevailing_wind,
            self_drawn=self_drawn,
            last_copy=last_copy,
            last_tile=last_tile,
            kong=kong,
            flowers=flowers,
        )

    @classmethod
    def from_context(cls, ctx: Context, flowers: int = 0) -> Situation:
        return cls(
            seat_wind=ctx.seat,
            prevailing_wind=ctx.prevailing,
            self_drawn=ctx.self_drawn,
            last_copy=ctx.last_copy,
            last_tile=ctx.last_tile,
            kong=ctx.kong,
            flowers=flowers,
        )


class GbValue(NamedTuple):
    """A valued hand: the fans (flowers last, as 花牌), ``fan`` without and ``total`` with flowers.
    (Named tuples here and below: cheap to make, and ``calc`` makes one per hand.)"""

    fans: tuple[FanCount, ...]
    fan: int  # toward the minimum (flowers excluded)
    flowers: int

    @property
    def total(self) -> int:
        return self.fan + self.flowers

    def summary(self) -> str:
        return " ".join(f.label() for f in self.fans)


# PyMahjongGB raises TypeError with one of these codes (its spelling, ERROE_ included)
_CALC_ERRORS: dict[str, tuple[ErrorCode, str]] = {
    "ERROR_NOT_WIN": (ErrorCode.NOT_A_WIN, "gb_not_a_win"),
    "ERROR_WRONG_TILES_COUNT": (ErrorCode.BAD_TILES, "gb_tile_count"),
    "ERROR_TILE_COUNT_GREATER_THAN_4": (ErrorCode.BAD_TILES, "gb_fifth_copy"),
    "ERROR_INVALID_HAND": (ErrorCode.BAD_TILES, "gb_invalid_hand"),
    "ERROR_INVALID_HAND_OR_PACK": (ErrorCode.BAD_TILES, "gb_invalid_meld"),
    "ERROE_WRONG_TILE_CODE": (ErrorCode.BAD_TILES, "gb_unused_tile"),
    "ERROE_WRONG_PACK_CODE": (ErrorCode.BAD_TILES, "gb_unreadable_meld"),
    "ERROE_WRONG_OFFER_CODE": (ErrorCode.BAD_TILES, "gb_claim_seat"),
}


def _calc_error(msg: str, hand: str) -> MjError:
    code, key = _CALC_ERRORS.get(msg, (ErrorCode.BAD_TILES, "gb_calculator_refused"))
    return MjError(code, txt(key, hand=hand, detail=msg))


def _pack(m) -> tuple[str, str, int]:
    if (
        m.kind == "chow"
    ):  # PyMahjongGB names a chow by its middle tile; offer = which tile was claimed
        return ("CHI", TILE_CODE[m.tiles[1]], m.claim)
    if m.kind == "pung":
        return ("PENG", TILE_CODE[m.tiles[0]], m.claim)
    # kong: 0 concealed, 1..3 exposed from that relative seat; an added kong counts as melded
    return (
        "GANG",
        TILE_CODE[m.tiles[0]],
        0 if m.claim is None else (m.claim - 4 if m.claim >= 5 else m.claim),
    )


class CalcInput(NamedTuple):
    """What the calculator needs from the tiles, plus the two facts the flag checks need."""

    pack: tuple[tuple[str, str, int], ...]
    hand: tuple[str, ...]  # standing tiles without the winning tile, calculator codes
    win: str  # calculator code
    has_kong: bool
    win_copies: int  # copies of the winning tile in the whole hand (melds included)


_PACKS: dict[tuple, tuple[str, str, int]] = {}  # (kind, tiles, claim) → pack; at most a few hundred


def packs_of(melds: tuple[Meld, ...]) -> tuple[tuple[str, str, int], ...]:
    """The calculator's packs of the melds, each made once (KeyError for an unknown tile)."""
    packs = []
    for m in melds:
        key = (m.kind, m.tiles, m.claim)
        p = _PACKS.get(key)
        if p is None:
            p = _PACKS[key] = _pack(m)
        packs.append(p)
    return tuple(packs)


def calc_input(tiles: HandTiles, *, need_copies: bool = True) -> CalcInput:
    """The calculator's input for parsed tiles (``win_copies`` is 0 unless ``need_copies``:
    only a robbed-kong check reads it)."""
    if tiles.win_tile is None:
        raise MjError(ErrorCode.BAD_TILES, txt("tile_waiting_hand_valued_add"))
    try:
        melds = tiles.melds
        return CalcInput(
            packs_of(melds) if melds else (),
            tuple(map(TILE_CODE.__getitem__, tiles.concealed)),
            TILE_CODE[tiles.win_tile],
            any(m.kind == "kong" for m in melds),
            tiles.all_tiles.count(tiles.win_tile) if need_copies else 0,
        )
    except KeyError as e:  # a flower letter or unknown tile among the tiles
        raise MjError(ErrorCode.BAD_TILES, txt("guobiao_playing_tile", p1=e.args[0])) from None


def _check_situation(inp: CalcInput, sit: Situation) -> None:
    """Refuse what the calculator would silently drop or misread."""
    if sit.seat_wind not in WINDS or sit.prevailing_wind not in WINDS:
        raise MjError(ErrorCode.BAD_FLAG, txt("winds_e_s_w_n"))
    if not 0 <= sit.flowers <= 8:
        raise MjError(ErrorCode.BAD_FLAG, txt("flowers_guobiao_flower_tiles", flowers=sit.flowers))
    if sit.kong and sit.self_drawn and not inp.has_kong:
        raise MjError(ErrorCode.BAD_FLAG, txt("kong_bloom_kong_winner_s"))
    if sit.kong and not sit.self_drawn:
        if sit.last_tile:
            raise MjError(ErrorCode.BAD_FLAG, txt("robbed_kong_also_last_tile_2"))
        if inp.win_copies != 1:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt(
                    "robbed_kong_impossible_robbed_player",
                    p1=_tile_of(inp.win),
                    win_copies=inp.win_copies,
                ),
            )


def evaluate(tiles: HandTiles, sit: Situation) -> GbValue:
    """The fans of a winning hand under ``sit``; MjError for a non-win or impossible flags."""
    inp = calc_input(tiles, need_copies=sit.kong and not sit.self_drawn)
    return evaluate_input(inp, sit, lambda: format_hand(tiles))


def evaluate_input(inp: CalcInput, sit: Situation, describe: Any) -> GbValue:
    """:func:`evaluate` on prepared input; ``describe()`` names the hand in error messages."""
    return _name_fans(_raw_fans(inp, sit, describe))


def _raw_fans(inp: CalcInput, sit: Situation, describe: Any) -> tuple:
    """The calculator's own answer (a tuple of (points, count, label, en)) after every check."""
    _check_situation(inp, sit)
    try:
        raw = calculator()(
            inp.pack,
            inp.hand,
            inp.win,
            sit.flowers,
            sit.self_drawn,
            sit.last_copy,
            sit.kong,
            sit.last_tile,
            WIND_INDEX[sit.seat_wind],
            WIND_INDEX[sit.prevailing_wind],
            True,
        )
    except TypeError as e:
        raise _calc_error(str(e), describe()) from None
    if sit.kong or sit.last_copy:
        _check_dropped_flags(_tile_of(inp.win), sit, {fan_for_label(r[2]).zh for r in raw})
    return raw


def _name_fans(raw: tuple) -> GbValue:
    return GbValue(*name_fans(raw))


def _check_dropped_flags(win_tile: str, sit: Situation, names: set[str]) -> None:
    """The calculator drops flags it finds impossible; a record must not say what cannot be."""
    if sit.kong and sit.self_drawn and "杠上开花" not in names:  # pragma: no cover - caught before
        raise MjError(ErrorCode.BAD_FLAG, txt("kong_bloom_impossible_hand"))
    if sit.kong and not sit.self_drawn and "抢杠和" not in names:
        raise MjError(ErrorCode.BAD_FLAG, txt("robbed_kong_impossible_hand", win_tile=win_tile))
    if sit.last_copy and "和绝张" not in names and "抢杠和" not in names:
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("last_copy_impossible_hand_itself", win_tile=win_tile),
        )


def _apply_flags(sit: Situation, flags: Mapping[str, Any]) -> Situation:
    """``--flag`` values on top of the |context (they may only add what the context allows)."""

    changes: dict[str, Any] = {}
    for name, value in flags.items():
        if name not in GB_FLAGS:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("guobiao_does_know_flag_flags", name=name, p2=", ".join(sorted(GB_FLAGS))),
                where="--flag",
            )
        if not value:
            continue
        if name == "kong_bloom":
            if not sit.self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    txt("kong_bloom_self_draw_context"),
                    where="--flag",
                )
            changes["kong"] = True
        elif name == "robbed_kong":
            if sit.self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    txt("robbed_kong_won_another_s"),
                    where="--flag",
                )
            changes["kong"] = True
        else:
            changes[name] = True
    return replace(sit, **changes) if changes else sit
