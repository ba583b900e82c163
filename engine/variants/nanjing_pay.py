"""南京 Nanjing: what a valued win pays (RULES.md §2 "Who pays" and 承包) and the win's
result line, shared by the full settlement and the one-pass settlement of a plain hand.

The payments and the result depend only on the valuation, the winner, the discarder, whether
the kong was robbed, the 比下胡 multiplier and who is liable, so they are made once per such
case and shared (payments and results are immutable)."""

from __future__ import annotations

from functools import lru_cache

from ..frozen import maker
from ..results import Payment, ScoreItem, WinResult
from .nanjing_score import Valuation
from .nanjing_spot import make_payment, multiplier_tag

LIABLE_PATTERNS = ("all_pungs", "full_flush", "all_melded")  # 对三嘴/对四嘴 承包 applies to these

_make_win_result = maker(WinResult)  # WinResult without the setters of its __init__


@lru_cache(maxsize=64)
def _bixiahu_item(m: int) -> ScoreItem:
    """The line of a 比下胡 hand's multiplier (immutable, so made once per multiplier)."""
    return ScoreItem(id="bixiahu", zh="比下胡", en="Bixiahu hand", value=f"×{m}")


# A valuation's words, by the valuation itself: tile-mode valuations are made once per
# reading's facts and shared by every hand with those facts, so most wins find theirs here.
# Each entry holds its valuation, so the id it is filed under is never reused while it is kept:
# an entry found by a live valuation's id is that valuation's.
_WORDS: dict[int, tuple[Valuation, str, str]] = {}
_WORDS_MAX = 4096  # the memo starts afresh past this many valuations


def _words(val: Valuation) -> tuple[str, str]:
    """(the multiplier lines as a win's reason lists them, ' 大杠开×2'; the summary)."""
    got = _WORDS.get(id(val))
    if got is not None:
        return got[1], got[2]
    # every factor in the reason, so a payer can check the amount from the line alone
    # (engine.variants.nanjing_score.assemble lists a multiplier's line only with a factor)
    mults = (
        "".join(
            f" {i.zh}{i.value}"
            for i in val.items
            if isinstance(i.value, str) and i.value.startswith("×")
        )
        if val.factor != 1
        else ""
    )
    if len(_WORDS) >= _WORDS_MAX:
        _WORDS.clear()
    _WORDS[id(val)] = (val, mults, val.summary)
    return mults, val.summary


# (id of the valuation, multiplier, how it was won, why someone is liable) → (the valuation,
# the words of its payments, the amount each pays, the win's items and summary, its value
# with the multiplier). Each entry holds its valuation, so the id it is filed under is never
# reused while it is kept.
_WORDING: dict[tuple, tuple[Valuation, str, int, tuple[ScoreItem, ...], str, int]] = {}
_WORDING_MAX = 8192  # the memo starts afresh past this many cases
# (summary, multiplier lines, value, multiplier, how it was won, whether someone is liable,
# why) → (the words of the payments, the amount each pays, the win's summary, its value with
# the multiplier): all that _WORDING holds but the items, shared by the valuations that word
# alike (most differ from another only in how their flowers make up the same value)
_SAID: dict[tuple, tuple[str, int, str, int]] = {}
# (payer, payee, amount, reason) → the payment (immutable, and a session repeats the same few)
_PAID: dict[tuple[int, int, int, str], Payment] = {}
_PAID_MAX = 50_000
_OTHERS = tuple(tuple(p for p in range(4) if p != w) for w in range(4))  # each seat's others


def _wording(
    val: Valuation, m: int, how: str, liable: bool, why: str
) -> tuple[Valuation, str, int, tuple[ScoreItem, ...], str, int]:
    key = (id(val), m, how, liable, why)
    got = _WORDING.get(key)
    if got is not None:
        return got
    mults, summary = _words(val)
    value = val.value
    said_key = (summary, mults, value, m, how, liable, why)
    said = _SAID.get(said_key)
    if said is None:
        said = _said(summary, mults, value, m, how, liable, why)
        if len(_SAID) >= _WORDING_MAX:
            _SAID.clear()
        _SAID[said_key] = said
    reason, amount, line, h = said
    items = (*val.items, _bixiahu_item(m)) if m > 1 else val.items
    got = (val, reason, amount, items, line, h)
    if len(_WORDING) >= _WORDING_MAX:
        _WORDING.clear()
    _WORDING[key] = got
    return got


def _said(
    summary: str, mults: str, value: int, m: int, how: str, liable: bool, why: str
) -> tuple[str, int, str, int]:
    """(the words of a win's payments, the amount each pays, the win's summary, its value
    with the multiplier) for a valuation worth ``value`` worded ``summary`` and ``mults``."""
    h = value * m
    tag = multiplier_tag(m)
    base = f"{summary}{mults} {value}花 {how}"
    if how != "放炮":
        reason = f"{base}{tag} {why} 3×{h}" if liable else f"{base}{tag}"
    else:
        reason = f"{base}{tag}{' ' + why if why else ''}"
    amount = 3 * h if liable and how != "放炮" else h
    return reason, amount, f"{summary}{mults}{tag}", h


def _paid(payer: int, payee: int, amount: int, reason: str) -> Payment:
    key = (payer, payee, amount, reason)
    p = _PAID.get(key)
    if p is None:
        if payer == payee:
            raise AssertionError(f"self-payment {payer} ({reason})")
        if len(_PAID) >= _PAID_MAX:
            _PAID.clear()
        p = _PAID[key] = make_payment(payer=payer, payee=payee, amount=amount, reason=reason)
    return p


def win_part(
    val: Valuation,
    w: int,
    from_: int | None,
    robbed: bool,
    m: int,
    liable: int | None,
    why: str,
) -> tuple[tuple[Payment, ...], tuple[int, ...], WinResult]:
    """The payments of the win of ``w`` valued ``val`` (RULES.md §2: a self-drawn or robbed
    win is paid by each other player, or 3× by the liable one; a discard by the discarder or
    the liable player), the nets they make and the win's result, at multiplier ``m``."""
    how = "抢杠" if robbed else ("自摸" if from_ is None else "放炮")
    got = _WORDING.get((id(val), m, how, liable is not None, why))  # (its memo read in place)
    if got is None:
        got = _wording(val, m, how, liable is not None, why)
    _, reason, amount, items, line, h = got
    kept = _PAID.get  # (most payments are made already: their memo read in place)
    if how != "放炮" and liable is None:  # each other player pays
        payments = tuple(
            [kept((p, w, amount, reason)) or _paid(p, w, amount, reason) for p in _OTHERS[w]]
        )
        nets = [-amount, -amount, -amount, -amount]
        nets[w] = 3 * amount
    else:
        payer = liable if liable is not None else from_
        assert payer is not None
        payments = (kept((payer, w, amount, reason)) or _paid(payer, w, amount, reason),)
        nets = [0, 0, 0, 0]
        nets[payer] = -amount
        nets[w] = amount
    wr = _make_win_result(player=w, from_=from_, items=items, value=h, unit="花", summary=line)
    return payments, tuple(nets), wr
