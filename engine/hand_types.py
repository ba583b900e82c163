"""The parsed hand of the tile notation: its melds, its win context and the hand itself.

:func:`engine.tiles.parse_hand` makes these from a hand string and
:func:`engine.tiles.format_hand` writes them back; both modules share these types.
"""

from __future__ import annotations

from typing import Literal

from .frozen import frozen
from .tile_kinds import relative_to_absolute

MeldKind = Literal["chow", "pung", "kong"]


@frozen
class Meld:
    """A bracketed meld. ``claim`` is the digit as written (None only for a concealed kong).

    pung: 1/2/3 = claimed from 上家/对家/下家. kong: None = concealed, 1/2/3 = exposed
    (direct) from that seat, 5/6/7 = added kong on a pung claimed from 1/2/3.
    chow: 1/2/3 = which tile (1st/2nd/3rd in sorted order) was claimed, always from 上家.
    """

    kind: MeldKind
    tiles: tuple[str, ...]
    claim: int | None

    @property
    def tile(self) -> str:
        """The meld's tile for a pung/kong, the lowest tile for a chow."""
        return self.tiles[0]

    @property
    def concealed(self) -> bool:
        return self.kind == "kong" and self.claim is None

    @property
    def added(self) -> bool:
        return self.kind == "kong" and self.claim is not None and self.claim >= 5

    @property
    def exposed(self) -> bool:
        return not self.concealed

    @property
    def from_rel(self) -> int | None:
        """Claimed-from seat relative to the owner (1 上家, 2 对家, 3 下家), None if concealed."""
        if self.claim is None:
            return None
        if self.kind == "chow":
            return 1
        return self.claim - 4 if self.claim >= 5 else self.claim

    def from_seat(self, owner: int) -> int | None:
        rel = self.from_rel
        return None if rel is None else relative_to_absolute(owner, rel)

    @property
    def claimed_tile(self) -> str | None:
        if self.claim is None:
            return None
        if self.kind == "chow":
            return self.tiles[self.claim - 1]
        return self.tiles[0]


@frozen
class Context:
    """The ``|WSZJHK`` section."""

    prevailing: str = "E"
    seat: str = "E"
    self_drawn: bool = False
    last_copy: bool = False
    last_tile: bool = False
    kong: bool = False  # 杠上开花 when self-drawn, 抢杠 otherwise

    def format(self) -> str:
        return (
            self.prevailing
            + self.seat
            + "".join(
                "1" if b else "0"
                for b in (self.self_drawn, self.last_copy, self.last_tile, self.kong)
            )
        )


DEFAULT_CONTEXT = Context()


@frozen
class HandTiles:
    """A parsed hand. ``concealed`` are the standing tiles without the winning tile (sorted);
    ``win_tile`` is None for a 13-tile waiting hand; ``flowers`` is a sorted tuple of flower
    tiles, a bare count, or None when the string had no flower section."""

    concealed: tuple[str, ...]
    melds: tuple[Meld, ...]
    win_tile: str | None
    context: Context | None = None
    flowers: tuple[str, ...] | int | None = None

    @property
    def closed(self) -> tuple[str, ...]:
        """Standing tiles including the winning tile (14 − 3 per meld)."""
        return self.concealed + ((self.win_tile,) if self.win_tile else ())

    @property
    def all_tiles(self) -> tuple[str, ...]:
        """Every tile of the hand, a kong counted as four."""
        out = list(self.closed)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)

    @property
    def flower_count(self) -> int:
        if self.flowers is None:
            return 0
        return self.flowers if isinstance(self.flowers, int) else len(self.flowers)

    @property
    def exposed_melds(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.exposed)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.kind == "kong")

    @property
    def effective_context(self) -> Context:
        return self.context or DEFAULT_CONTEXT
