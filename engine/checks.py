"""The checks of one hand's events against a rule set (RULES.md §0): the order of terminal
events, the flags and declared facts the variant knows, an added kong's supplier, the copies of
each tile and flower. Every entry path (record loading, the table, the ledger) runs these.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from .errors import ErrorCode, MjError
from .event_shapes import read_common, read_won_hand
from .events import (
    DECLARED_FIELDS,
    TERMINAL,
    WIN_FLAGS,
    Event,
    Flowers,
    Hand,
    Jing,
    JingCount,
    Kong,
    Penalty,
    Pung,
    Win,
    _bad,
    _Checked,
    event_from_json,
)
from .frozen import positional_maker
from .texts_checks import Seat, txt
from .tiles import LETTER_TILES, MAX_TILE_CHARS, parse_ascii_hand, parse_hand, parse_tiles
from .variant import Variant


def _at(where: str, i: int) -> str:
    return f"{where}.events[{i}]" if where else f"events[{i}]"


# A hand found consistent by a rule set's checks keeps that rule set (events._Checked): it is
# checked when it is read and again when its rule set settles it, a whole record read before
# its first hand is settled.
_remember_consistent = _Checked.__dict__["_consistent_for"].__set__  # (hand, variant)
_make_hand = positional_maker(Hand, "events")  # a Hand without the setter of its __init__


_CROSS_CHECKED = frozenset((Pung, Kong, Flowers))  # the event types the checks below read


def check_event_consistency(hand: Hand, variant: Variant, where: str = "") -> None:
    """The cross-event checks every entry path runs (RULES.md §0): an added kong keeps its
    pung's supplier; no tile beyond four copies in pungs and kongs; each flower once."""
    for e in hand.events:
        if type(e) in _CROSS_CHECKED:
            break
    else:  # a hand of wins, draws, penalties…: no meld or flower to hold against another
        return
    if getattr(hand, "_consistent_for", None) is variant:
        return
    if not _plainly_consistent(hand.events, variant.data.flower_tiles):
        _check_added_kongs(hand.events, where)
        _check_copies(hand.events, variant, where)
    _remember_consistent(hand, variant)


def _plainly_consistent(evs: tuple[Event, ...], limit: int) -> bool:
    """True when neither check below can refuse ``evs``: no added kong, at most four copies
    of each melded tile and each flower letter once, ``limit`` flowers in all. Every tally
    the checks keep only grows, so its end value is its highest. False sends the events to
    the checks, which find and word any refusal at the event where it happens."""
    melded: dict[str, int] = {}
    letters: list[str] = []
    total = 0
    for e in evs:
        t = type(e)
        if t is Pung:
            if e.tile is not None:
                melded[e.tile] = melded.get(e.tile, 0) + 3
        elif t is Kong:
            if e.tile is not None:
                if e.kind == "added":
                    return False
                melded[e.tile] = melded.get(e.tile, 0) + 4
        elif t is Flowers:
            got = e.tiles
            if type(got) is not str or len(got) > MAX_TILE_CHARS or got.strip(LETTER_TILES):
                try:  # (letters alone are each a tile, as parse_tiles reads them at once)
                    got = parse_tiles(got, allow_flowers=True) if got else ()
                except MjError:
                    return False
            letters += got
            n = e.count
            if n is None:
                total += len(got)
            elif type(n) is int and n >= 0:
                total += n
            else:
                return False
    if melded and max(melded.values()) > 4:
        return False
    return total <= limit and len(set(letters)) == len(letters)


def _check_added_kongs(evs: tuple[Event, ...], where: str) -> None:
    """RULES.md §0: "A pung later turned into an added kong is one meld: the added kong's
    `from` equals the pung's." Checked wherever the pung was logged with its tile."""
    pung_from: dict[tuple[int, str], int] = {}
    for i, e in enumerate(evs):
        if isinstance(e, Pung) and e.tile is not None:
            pung_from[(e.player, e.tile)] = e.from_
        elif isinstance(e, Kong) and e.kind == "added" and e.tile is not None:
            supplier = pung_from.get((e.player, e.tile))
            if supplier is not None and supplier != e.from_:
                raise MjError(
                    ErrorCode.CONTRADICTION,
                    txt(
                        "added_kong_from_differs_from",
                        tile=e.tile,
                        from_=Seat(e.from_),
                        supplier=Seat(supplier),
                    ),
                    where=f"{_at(where, i)}.from",
                )


def _check_copies(evs: tuple[Event, ...], variant: Variant, where: str) -> None:
    """Four copies of each tile, one of each flower (中发白 four each in Nanjing): refused at
    the event that would exceed them, so a wrong entry is caught when it is made."""
    melded: dict[str, int] = {}
    pungs: set[tuple[int, str]] = set()
    flowers: dict[str, int] = {}
    flower_total = 0
    limit = variant.data.flower_tiles
    for i, e in enumerate(evs):
        if isinstance(e, Pung) and e.tile is not None:
            n = melded[e.tile] = melded.get(e.tile, 0) + 3
            pungs.add((e.player, e.tile))
        elif isinstance(e, Kong) and e.tile is not None:
            upgrade = e.kind == "added" and (e.player, e.tile) in pungs
            n = melded[e.tile] = melded.get(e.tile, 0) + (1 if upgrade else 4)
            pungs.discard((e.player, e.tile))
        elif isinstance(e, Flowers):
            got = parse_tiles(e.tiles, allow_flowers=True) if e.tiles else ()
            for t in got:
                flowers[t] = flowers.get(t, 0) + 1
            flower_total += e.count if e.count is not None else len(got)
            for t in got:
                cap = 4 if t in "CFP" else 1
                if flowers[t] > cap:
                    raise MjError(
                        ErrorCode.CONTRADICTION,
                        txt(
                            "flower_shown_times_hand_there",
                            t=t,
                            p2=flowers[t],
                            p3="are four" if cap == 4 else "is one",
                            cap=cap,
                        ),
                        where=f"{_at(where, i)}.tiles",
                    )
            if flower_total > limit:
                raise MjError(
                    ErrorCode.CONTRADICTION,
                    txt("flowers_shown_hand_there", flower_total=flower_total, limit=limit),
                    where=_at(where, i),
                )
            continue
        else:
            continue
        if n > 4:
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("copies_hand_s_pungs_kongs", n=n, tile=e.tile),
                where=f"{_at(where, i)}.tile",
            )


# a win's flags and declared facts, all unset: a win typed as tiles and nothing more
_FLAGS_AND_FACTS = attrgetter(*WIN_FLAGS, *DECLARED_FIELDS)
_NONE_SET = (None,) * (len(WIN_FLAGS) + len(DECLARED_FIELDS))


# events that neither end a hand nor carry anything checked here beyond their type
_MIDDLE = frozenset((Pung, Kong, Flowers, Jing, JingCount, Penalty))


def _one_plain_win_last(evs: tuple[Event, ...], event_types: frozenset[str]) -> bool:
    """Whether ``evs`` is the common hand: events of the rule set's types, none of them
    terminal but the last, a win typed as tiles with no flag or declared fact."""
    win = evs[-1]
    if type(win) is not Win or win.hand is None or Win.type not in event_types:
        return False
    if _FLAGS_AND_FACTS(win) != _NONE_SET:
        return False
    for e in evs[:-1]:
        if type(e) not in _MIDDLE or e.type not in event_types:
            return False
    return True


def validate_hand_structure(hand: Hand, variant: Variant, where: str, *, last: bool) -> None:
    """Order of terminal events, flags and declared facts the variant knows."""
    evs = hand.events
    if evs and _one_plain_win_last(evs, variant.event_types):
        # the checks below come to these three for such a hand, in this order
        check_event_consistency(hand, variant, where)
        try:
            parse_hand(evs[-1].hand, variant=variant.id, waiting_ok=False)
        except MjError as err:
            w = f"{where}.events[{len(evs) - 1}]"
            raise MjError(err.code, err.msg, where=f"{w}.hand ({err.where})") from None
        return
    terminal_at = None
    for i, e in enumerate(evs):
        if isinstance(e, TERMINAL):
            terminal_at = i
            break
    if terminal_at is None:
        if not last:
            raise _bad(
                f"{where}.events",
                txt("hand_never_ends_win_false"),
            )
    else:
        first = evs[terminal_at]
        for j in range(terminal_at + 1, len(evs)):
            e = evs[j]
            if isinstance(first, Win) and isinstance(e, Win):
                continue
            raise _bad(
                f"{where}.events[{j}]", txt("event_after_hand_ended", type=e.type, type2=first.type)
            )
    # only wins follow a first terminal win, and nothing terminal comes before it
    wins = evs[terminal_at:] if terminal_at is not None and isinstance(first, Win) else ()
    if len(wins) > 1:
        if not variant.multiple_wins:
            raise MjError(
                ErrorCode.MULTIPLE_WINS,
                txt("allows_one_winner_per_hand", name_en=variant.name_en, rules=variant.name_zh),
                where=f"{where}.events",
            )
        if any(w.from_ is None for w in wins) or len({w.from_ for w in wins}) != 1:
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("several_winners_all_win_same"),
                where=f"{where}.events",
            )
        if len({w.player for w in wins}) != len(wins):
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("same_player_wins_twice_one"),
                where=f"{where}.events",
            )
    check_event_consistency(hand, variant, where)
    event_types = variant.event_types
    for i, e in enumerate(evs):
        if e.type in event_types and not isinstance(e, Win):
            continue  # the common event: nothing more to check
        w = f"{where}.events[{i}]"
        if e.type not in event_types:
            raise _bad(
                f"{w}.type",
                txt("no_such_event", name_en=variant.name_en, type=e.type, rules=variant.name_zh),
            )
        if isinstance(e, Win):
            if _FLAGS_AND_FACTS(e) != _NONE_SET:  # a win typed as tiles has none of them
                _check_win_facts(e, variant, w)
            if e.hand is not None:
                try:
                    parse_hand(e.hand, variant=variant.id, waiting_ok=False)
                except MjError as err:
                    raise MjError(err.code, err.msg, where=f"{w}.hand ({err.where})") from None
            elif not variant.accepts_declared(e):
                raise _bad(w, txt("win_either_hand_tiles_declared"))


def _check_win_facts(e: Win, variant: Variant, w: str) -> None:
    """The flags and declared facts of the win ``e`` are ones its rule set knows."""
    for name in e.flags_set:
        if name not in variant.flags:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt(
                    "does_know_flag",
                    name_en=variant.name_en,
                    name=name,
                    rules=variant.name_zh,
                ),
                where=f"{w}.{name}",
            )
    for name in DECLARED_FIELDS:
        if getattr(e, name) is not None and name not in variant.declared_fields:
            raise _bad(
                f"{w}.{name}",
                txt(
                    "does_take_declared",
                    name_en=variant.name_en,
                    name=name,
                    rules=variant.name_zh,
                ),
            )
    if e.patterns:
        for j, p in enumerate(e.patterns):
            if p not in variant.pattern_ids:
                raise MjError(
                    ErrorCode.BAD_PATTERN,
                    txt(
                        "unknown_pattern_known",
                        p=p,
                        name_en=variant.name_en,
                        p3=", ".join(sorted(variant.pattern_ids)),
                        rules=variant.name_zh,
                    ),
                    where=f"{w}.patterns[{j}]",
                )


def hand_from_json(h: Any, variant: Variant, where: str = "hand", *, last: bool = True) -> Hand:
    """The hand ``h`` (JSON) of a record of ``variant``, checked as every entry path checks it
    (``where`` names it in a refusal; ``last``: it may be the record's open hand)."""
    return read_won_hand_json(h, variant) or read_hand_json(h, variant, where, last=last)


def hands_from_json(raw: list[Any], variant: Variant) -> tuple[Hand, ...]:
    """The hands ``raw`` (JSON) of a record of ``variant``, each as :func:`hand_from_json`
    reads it, named ``hands[i]`` in a refusal, the last one the record's open hand if any.
    The name is made only for a hand read event by event: the common hand needs none."""
    out = []
    last = len(raw) - 1
    for i, h in enumerate(raw):
        out.append(
            read_won_hand_json(h, variant)
            or read_hand_json(h, variant, f"hands[{i}]", last=i == last)
        )
    return tuple(out)


def read_won_hand_json(h: Any, variant: Variant) -> Hand | None:
    """The common hand, :func:`hand_from_json` of a hand whose events
    :func:`engine.event_shapes.read_won_hand` reads, and that passes the checks that
    :func:`validate_hand_structure` makes of it (for consistency, then the win's tiles);
    None for any other hand, and for one those checks refuse: :func:`read_hand_json` then
    reads it and words the refusal."""
    if type(h) is not dict or len(h) != 1:
        return None
    evs = h.get("events")
    if type(evs) is not list or not evs:
        return None
    events = read_won_hand(evs, variant.event_types)
    if events is None:
        return None
    hand = _make_hand(events)
    for e in events:
        if type(e) in _CROSS_CHECKED:
            if not _plainly_consistent(events, variant.data.flower_tiles):
                return None
            _remember_consistent(hand, variant)
            break
    try:  # the win's hand is ASCII and not too long (read_won_hand read it so)
        parse_ascii_hand(events[-1].hand, variant.id, False)
    except MjError:
        return None
    return hand


def read_hand_json(h: Any, variant: Variant, where: str = "hand", *, last: bool = True) -> Hand:
    """:func:`hand_from_json` event by event: each event read, then the hand checked."""
    if not isinstance(h, Mapping):
        raise _bad(where, txt("hand_object"))
    for k in h:
        if k != "events":
            raise _bad(f"{where}.{k}", txt("unknown_field_hand_events", k=k))
    evs = h.get("events")
    if not isinstance(evs, list):
        raise _bad(f"{where}.events", txt("expected_list_events"))
    out = [read_common(e) for e in evs]  # (never raises: None where the field loop must read)
    if not all(out):  # an event is always true
        for j, e in enumerate(evs):
            if out[j] is None:
                out[j] = event_from_json(e, f"{where}.events[{j}]")
    hand = Hand(tuple(out))
    validate_hand_structure(hand, variant, where, last=last)
    return hand
