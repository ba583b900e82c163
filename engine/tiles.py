"""Tile notation of spec/RECORD.md: parse and format, exactly.

A tile is a short string: ``"5m"`` ``"9p"`` ``"1s"`` for suited tiles, ``"E" "S" "W" "N"`` for
winds, ``"C" "F" "P"`` for 中 发 白, ``"a"``–``"h"`` for the flowers 梅兰竹菊 春夏秋冬.

``parse_hand`` turns a hand string such as ``[345s,2]3p55p5567p[7777s]4p|EE0100|cbaghdfe``
into a :class:`HandTiles`; ``format_hand`` writes the canonical string back. Every
malformed string raises :class:`~engine.errors.MjError` naming the position and the reason.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from .errors import ErrorCode, MjError, Msg
from .hand_types import DEFAULT_CONTEXT, Context, HandTiles, Meld, MeldKind  # noqa: F401 - re-exported
from .texts_record import txt
from .tile_kinds import (  # noqa: F401 - re-exported: the tile notation's vocabulary
    _ORDER,
    ALL_TILES,
    DRAGONS,
    FLOWER_LETTERS,
    HONOURS,
    MAX_TILE_CHARS,
    SUITED_TILES,
    SUITS,
    TILE_ZH,
    WINDS,
    absolute_to_relative,
    ascii_text,
    format_tiles,
    is_count,
    is_dragon,
    is_honour,
    is_suited,
    is_terminal,
    is_wind,
    predecessor,
    rank,
    relative_to_absolute,
    sort_tiles,
    successor,
    suit,
    tile_key,
)
from .tiles_plain import _is_honour_chow, _parse_plain  # noqa: F401 - the tests read it here


def _err(pos: int, reason: str) -> MjError:
    return MjError(ErrorCode.BAD_TILES, reason, where=f"position {pos}")


def _tokenize(
    s: str, start: int, end: int, *, allow_flowers: bool = False
) -> list[tuple[str, int]]:
    """Tiles of s[start:end] (no brackets) with their 1-based positions."""
    out: list[tuple[str, int]] = []
    digits: list[tuple[str, int]] = []
    i = start
    while i < end:
        ch = s[i]
        pos = i + 1
        if ch in "0123456789":
            if ch == "0":
                raise _err(pos, txt("tile_rank_ranks"))
            digits.append((ch, pos))
        elif ch in SUITS:
            if not digits:
                raise _err(pos, txt("suit_letter_digits_before", ch=ch))
            out.extend((d + ch, p) for d, p in digits)
            digits = []
        elif ch in HONOURS or (allow_flowers and ch in FLOWER_LETTERS):
            if digits:
                raise _err(
                    digits[0][1],
                    txt("digits_suit_letter_m_p", p1="".join(d for d, _ in digits)),
                )
            out.append((ch, pos))
        elif ch in FLOWER_LETTERS:
            raise _err(pos, txt("flower_belongs_flower_section_after", ch=ch))
        elif ch == " ":
            raise _err(pos, txt("space_may_end_hand_tile"))
        else:
            raise _err(pos, txt("unknown_character", ch=ch))
        i += 1
    if digits:
        raise _err(
            digits[0][1],
            txt("digits_suit_letter_m_p", p1="".join(d for d, _ in digits)),
        )
    return out


def _parse_meld(s: str, open_pos: int, close_pos: int, *, honour_chows: bool) -> Meld:
    inner_start = open_pos + 1
    comma = s.find(",", inner_start, close_pos)
    tiles_end = comma if comma != -1 else close_pos
    toks = _tokenize(s, inner_start, tiles_end)
    pos = open_pos + 1
    if not toks:
        raise _err(pos, txt("empty_meld"))
    tiles = tuple(t for t, _ in toks)
    claim: int | None = None
    if comma != -1:
        digit = s[comma + 1 : close_pos]
        if len(digit) != 1 or digit not in "123567":
            raise _err(comma + 2, txt("meld_seat_one", digit=digit))
        claim = int(digit)
    uniq = set(tiles)
    if len(tiles) == 4 and len(uniq) == 1:
        return Meld("kong", tiles, claim)
    if len(tiles) == 3 and len(uniq) == 1:
        if claim is not None and claim >= 5:
            raise _err(comma + 2, txt("mark_added_kong_pung_takes"))
        return Meld("pung", tiles, 1 if claim is None else claim)
    if len(tiles) == 3:
        st = sort_tiles(tiles)
        is_run = (
            all(len(t) == 2 for t in st)
            and len({t[1] for t in st}) == 1
            and [int(t[0]) for t in st] == list(range(int(st[0][0]), int(st[0][0]) + 3))
        )
        if is_run or (honour_chows and _is_honour_chow(tiles)):
            if claim is not None and claim >= 5:
                raise _err(comma + 2, txt("chow_s_number_says_which"))
            return Meld("chow", st if is_run else tiles, 1 if claim is None else claim)
    note = (
        # RULES §4: a jing used to claim a discard counts only as itself in that meld
        " (a 精 in a claimed meld counts only as itself: 用精吃、碰、杠只能作为本身牌张)"
        if honour_chows
        else ""
    )
    raise _err(pos, txt("pung_kong_chow", p1=format_tiles(tiles), note=note))


def _parse_context(s: str, start: int) -> Context:
    ctx = s[start:]
    if len(ctx) != 6:
        raise _err(start + 1, txt("context_six_characters_wszjhk_e", ctx=ctx))
    for i, ch in enumerate(ctx[:2]):
        if ch not in WINDS:
            raise _err(start + i + 1, txt("wind_one_e_s_w", ch=ch))
    for i, ch in enumerate(ctx[2:], start=2):
        if ch not in "01":
            raise _err(start + i + 1, txt("context_flag", ch=ch))
    c = Context(ctx[0], ctx[1], ctx[2] == "1", ctx[3] == "1", ctx[4] == "1", ctx[5] == "1")
    if c.kong and c.last_tile and not c.self_drawn:
        raise _err(start + 5, txt("robbed_kong_also_last_tile"))
    return c


def _flowers_alone(section: str) -> bool:
    """Whether the one section after a single ``|`` is flowers rather than a context: only
    flower letters (a–h, C F P), or a count; a context starts with two winds."""
    return bool(section) and (
        section.isdigit() or all(ch in FLOWER_LETTERS + DRAGONS for ch in section)
    )


def _parse_flowers(s: str, start: int, *, dragons_are_flowers: bool) -> tuple[str, ...] | int:
    text = s[start:]
    limit = 20 if dragons_are_flowers else 8
    if is_count(text):
        n = int(text)
        if n > limit:
            raise _err(start + 1, txt("flower_count_more_than_flower", n=n, limit=limit))
        return n
    allowed = FLOWER_LETTERS + (DRAGONS if dragons_are_flowers else "")
    seen: Counter[str] = Counter()
    for i, ch in enumerate(text):
        if ch not in allowed:
            raise _err(start + i + 1, txt("flower_use_count", ch=ch, allowed=allowed))
        seen[ch] += 1
        cap = 4 if ch in DRAGONS else 1
        if seen[ch] > cap:
            raise _err(start + i + 1, txt("flower_appears_more_than_time", ch=ch, cap=cap))
    return sort_tiles(text)


def tile_text(s: str) -> str:
    """A tile string bounded in length and in ASCII (:func:`ascii_text`)."""
    if len(s) > MAX_TILE_CHARS:
        raise _err(
            MAX_TILE_CHARS + 1, txt("tile_string_most_characters", MAX_TILE_CHARS=MAX_TILE_CHARS)
        )
    return ascii_text(s)


def parse_hand(s: str, *, variant: str | None = None, waiting_ok: bool = True) -> HandTiles:
    """Parse a hand string. ``variant`` turns on Nanchang honour chows and Nanjing's
    dragons-as-flowers; ``waiting_ok=False`` refuses a 13-tile (trailing space) hand.

    The result is immutable and depends on the arguments only, so it is remembered: a
    session checks a win's tiles and then values them, and both read the same string. A
    record is read whole before its first hand is valued, so the memo holds as many hands as
    a long record has (a 10,000-hand record's wins all hit it the second time)."""
    if not waiting_ok:
        # a won hand (the common call) is looked up by the very string it was read from, in
        # its rule set's plain dict: no argument tuple to build, as a cache wrapper would
        try:
            return _WON_HANDS[variant][s]
        except (KeyError, TypeError):  # not read yet, or not a str at all
            pass
    if not isinstance(s, str):
        raise MjError(ErrorCode.BAD_TILES, txt("hand_string"))
    return _parse_hand(tile_text(s), variant, waiting_ok)


# the won hands read so far, by rule set and then by hand string; emptied when one rule set's
# holds _WON_HANDS_HELD of them, so that it stays bounded
_WON_HANDS: dict[str | None, dict[str, HandTiles]] = {}
_WON_HANDS_HELD = 50_000


def _parse_hand(s: str, variant: str | None, waiting_ok: bool) -> HandTiles:
    if waiting_ok:
        return _parse_any_hand(s, variant)
    memo = _WON_HANDS.get(variant)
    if memo is None:
        memo = _WON_HANDS[variant] = {}
    else:
        tiles = memo.get(s)
        if tiles is not None:
            return tiles
    tiles = _parse_plain(s, variant) or _parse_checked(s, variant, False)
    if len(memo) >= _WON_HANDS_HELD:
        memo.clear()
    memo[s] = tiles
    return tiles


@lru_cache(maxsize=50_000)
def _parse_any_hand(s: str, variant: str | None) -> HandTiles:
    # the common shape read at once (engine.tiles_plain), anything else by the checked parser
    return _parse_plain(s, variant) or _parse_checked(s, variant, True)


# parse_hand of a hand string already known to be a str of ASCII, at most MAX_TILE_CHARS long
# (a win event's, as engine.event_shapes reads it), with the arguments by position: the same
# memo, without tile_text's tests again
parse_ascii_hand = _parse_hand


def _parse_checked(s: str, variant: str | None, waiting_ok: bool) -> HandTiles:
    honour_chows = variant == "nanchang"
    dragons_are_flowers = variant == "nanjing"
    bar = s.find("|")
    body_end = bar if bar != -1 else len(s)
    context: Context | None = None
    flowers: tuple[str, ...] | int | None = None
    if bar != -1:
        bar2 = s.find("|", bar + 1)
        ctx_end = bar2 if bar2 != -1 else len(s)
        if bar2 == -1 and _flowers_alone(s[bar + 1 :]):
            # a lone section of flower letters or a count cannot be a context (which starts
            # with two winds): `…5s|ab` reads as `…5s||ab`
            flowers = _parse_flowers(s, bar + 1, dragons_are_flowers=dragons_are_flowers)
        elif ctx_end > bar + 1:
            context = _parse_context(s[:ctx_end], bar + 1)
        if bar2 != -1:
            if s.find("|", bar2 + 1) != -1:
                raise _err(s.find("|", bar2 + 1) + 1, txt("most_two_sections_context_flowers"))
            if bar2 + 1 < len(s):  # GB-Mahjong strings may end in an empty section: no flowers
                flowers = _parse_flowers(s, bar2 + 1, dragons_are_flowers=dragons_are_flowers)
    waiting = body_end > 0 and s[body_end - 1] == " "
    scan_end = body_end - 1 if waiting else body_end
    if waiting and not waiting_ok:
        raise _err(body_end, txt("winning_hand_winning_tile_remove"))
    melds: list[Meld] = []
    loose: list[tuple[str, int]] = []
    i = 0
    while i < scan_end:
        ch = s[i]
        if ch == "[":
            close = s.find("]", i + 1, scan_end)
            nxt = s.find("[", i + 1, scan_end)
            if close == -1 or (nxt != -1 and nxt < close):
                raise _err(i + 1, txt("never_closed"))
            melds.append(_parse_meld(s, i, close, honour_chows=honour_chows))
            i = close + 1
            continue
        if ch == "]":
            raise _err(i + 1, txt("unopened_bracket"))
        j = i
        while j < scan_end and s[j] not in "[]":
            j += 1
        loose.extend(_tokenize(s, i, j))
        i = j
    if not loose and not melds:
        raise _err(1, txt("no_tiles"))
    if dragons_are_flowers:
        for t, p in loose:
            if t in DRAGONS:
                raise _err(p, txt("flower_nanjing_put_flower_section", t=t))
        for m in melds:
            if any(t in DRAGONS for t in m.tiles):
                raise _err(1, txt("flower_nanjing_melded", tile=m.tile))
    # fifth copy
    count: Counter[str] = Counter()
    for m in melds:
        count.update(m.tiles)
    for t, p in loose:
        count[t] += 1
        if count[t] > 4:
            raise _err(p, txt("fifth_copy", t=t))
    for t, c in count.items():
        if c > 4:
            raise _err(1, txt("fifth_copy", t=t))
    # tile count: 14 (or 13 waiting) counting each meld as three
    n = len(loose) + 3 * len(melds)
    want = 13 if waiting else 14
    if n != want:
        more = "too many" if n > want else "too few"
        kind = "a 13-tile waiting hand" if waiting else "a winning hand"
        raise _err(
            len(s[:body_end]) or 1,
            txt("tiles_counting_each_meld", more=more, n=n, kind=kind, want=want),
        )
    if waiting:
        concealed = sort_tiles(t for t, _ in loose)
        win = None
        if context and (
            context.self_drawn or context.last_copy or context.last_tile or context.kong
        ):
            raise _err(bar + 3, txt("waiting_hand_winning_tile_carry"))
    else:
        if not loose:
            raise _err(scan_end or 1, txt("winning_tile_outside_melds"))
        win = loose[-1][0]
        concealed = sort_tiles(t for t, _ in loose[:-1])
    if isinstance(flowers, tuple) and dragons_are_flowers:
        for d in DRAGONS:
            if flowers.count(d) + count[d] > 4:
                raise _err(bar + 1, txt("more_than_four", d=d))
    return HandTiles(concealed, tuple(melds), win, context, flowers)


def parse_tiles(
    s: str, *, allow_flowers: bool = False, where: str | None = None
) -> tuple[str, ...]:
    """A plain run of tiles such as ``"15E"``-style horse tiles (``"19mEC"``) or flowers ``"aCC"``."""
    if type(s) is str and len(s) <= MAX_TILE_CHARS:
        if not s.strip(LETTER_TILES if allow_flowers else HONOURS):
            return tuple(s)  # letters alone, each a tile of its own (as _tokenize reads them)
    try:
        if isinstance(s, str):
            return _plain_run(s, allow_flowers)
        return _plain_run.__wrapped__(s, allow_flowers)
    except MjError as e:
        if where:
            raise MjError(e.code, Msg.located(e.where, e.msg), where=where) from None
        raise


LETTER_TILES = FLOWER_LETTERS + HONOURS  # the tiles written as one letter each


@lru_cache(maxsize=4096)
def _plain_run(s: str, allow_flowers: bool) -> tuple[str, ...]:
    """The tiles of a plain run (remembered: a flowers event is read by every check)."""
    s = tile_text(s)
    if any(ch in "[]|," for ch in s):
        bad = next(i for i, ch in enumerate(s) if ch in "[]|,")
        raise _err(bad + 1, txt("allowed_plain_tile_list", p1=s[bad]))
    return tuple(t for t, _ in _tokenize(s, 0, len(s), allow_flowers=allow_flowers))


def format_meld(m: Meld) -> str:
    inner = format_tiles(m.tiles)
    if m.claim is None:
        return f"[{inner}]"
    return f"[{inner},{m.claim}]"


def format_hand(h: HandTiles) -> str:
    """Canonical string: melds, sorted standing tiles, the winning tile last (or a trailing
    space for a waiting hand), then ``|context`` and ``|flowers`` when present."""
    body = "".join(format_meld(m) for m in h.melds)
    body += format_tiles(h.concealed)
    if h.win_tile is None:
        body += " "
    else:  # written apart so it reads as the winning tile: 2377s4s, not 23774s
        body += format_tiles((h.win_tile,))
    if h.context is not None or h.flowers is not None:
        body += "|" + (h.context.format() if h.context is not None else "")
    if h.flowers is not None:
        body += "|" + (str(h.flowers) if isinstance(h.flowers, int) else "".join(h.flowers))
    return body
