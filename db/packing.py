"""Compact forms of the ledger's derived per-hand data (schemas m005 and m007).

``hands.wins`` is each win's valuation, read back for explanations and lifetime figures. It
is stored as one version byte and the raw-deflated JSON, compressed against a preset
dictionary of the text such valuations repeat (keys, fan and pattern names). A version's
dictionary is frozen: rows packed with it must always unpack, so a better dictionary is a new
version byte, never an edit of this one. Plain JSON text is still read (rows written before
m005 are packed by the migration, but a value typed by hand stays readable).

A hand's payment lines are stored as *runs* (m007): consecutive lines with the same payee,
amount and reason, their payers in increasing seat order, are one ``payments`` row whose
payers are a bit mask (seat ``s`` is bit ``1 << s``). :func:`payment_runs` and
:func:`payment_lines` turn one form into the other; the line order is kept exactly.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

# a payment line: (payer seat, payee seat, amount, reason)
Line = tuple[int, int, int, str]
# a run of lines: (position of its first line in the hand, payers mask, payee, amount, reason)
Run = tuple[int, int, int, int, str]

# version 1: valuations of 国标, 南京, 南宁 and 南昌 hands, most frequent items last
_DICT_1 = (
    '[{"player":0,"from":null,"items":[],"value":0,"unit":"花","summary":""},"unit":"番'
    '","unit":"花","unit":"倍","unit":"×",{"id":"gb_all_green","name":"绿一色","name_en":"'
    'All Green","value":88,"count":1},{"id":"gb_mixed_double_chow","name":"喜相逢","name'
    '_en":"Mixed Double Chow","value":1,"count":2},{"id":"gb_pung_of_terminals_or_hon'
    'ors","name":"幺九刻","name_en":"Pung of Terminals or Honors","value":1,"count":3},{'
    '"id":"gb_lower_four","name":"小于五","name_en":"Lower Four","value":12,"count":1},{'
    '"id":"gb_outside_hand","name":"全带幺","name_en":"Outside Hand","value":4,"count":1'
    '},{"id":"gb_mixed_straight","name":"花龙","name_en":"Mixed Straight","value":8,"co'
    'unt":1},{"id":"gb_all_terminals_and_honors","name":"混幺九","name_en":"All Terminal'
    's and Honors","value":32,"count":1},{"id":"gb_melded_hand","name":"全求人","name_en'
    '":"Melded Hand","value":6,"count":1},{"id":"gb_mixed_shifted_pungs","name":"三色三节'
    '高","name_en":"Mixed Shifted Pungs","value":8,"count":1},{"id":"gb_all_fives","na'
    'me":"全带五","name_en":"All Fives","value":16,"count":1},{"id":"gb_three_kongs","na'
    'me":"三杠","name_en":"Three Kongs","value":32,"count":1},{"id":"gb_tile_hog","name'
    '":"四归一","name_en":"Tile Hog","value":2,"count":3},{"id":"seven_pairs","name":"七对'
    '","name_en":"Seven pairs","value":80,"count":1},{"id":"soft_flowers","name":"软花"'
    ',"name_en":"Soft flowers","value":8,"count":1},{"id":"soft:wind_kong_concealed",'
    '"name":"· 风暗杠","name_en":"· Concealed wind kong","value":3,"count":2},{"id":"lux'
    'ury_seven_pairs","name":"七大对一组","name_en":"luxury seven pairs","value":2,"count"'
    ':1},{"id":"gb_mixed_triple_chow","name":"三色三同顺","name_en":"Mixed Triple Chow","v'
    'alue":8,"count":1},{"id":"soft_flowers","name":"软花","name_en":"Soft flowers","va'
    'lue":7,"count":1},{"id":"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×2",'
    '"value":22,"count":1},{"id":"gb_seven_pairs","name":"七对","name_en":"Seven Pairs"'
    ',"value":24,"count":1},{"id":"gb_big_three_dragons","name":"大三元","name_en":"Big '
    'Three Dragons","value":88,"count":1},{"id":"gb_pure_double_chow","name":"一般高","n'
    'ame_en":"Pure Double Chow","value":1,"count":2},{"id":"gb_four_pure_shifted_chow'
    's","name":"一色四步高","name_en":"Four Pure Shifted Chows","value":32,"count":1},{"id'
    '":"gb_pure_shifted_pungs","name":"一色三节高","name_en":"Pure Shifted Pungs","value":'
    '24,"count":1},{"id":"gb_short_straight","name":"连六","name_en":"Short Straight","'
    'value":1,"count":2},{"id":"gb_upper_four","name":"大于五","name_en":"Upper Four","v'
    'alue":12,"count":1},{"id":"soft_flowers","name":"软花","name_en":"Soft flowers","v'
    'alue":6,"count":1},{"id":"gb_pure_triple_chow","name":"一色三同顺","name_en":"Pure Tr'
    'iple Chow","value":24,"count":1},{"id":"gb_last_tile","name":"和绝张","name_en":"La'
    'st Tile","value":4,"count":1},{"id":"last_closed","name":"压绝","name_en":"Closed '
    'wait on the last tile","value":40,"count":1},{"id":"soft:kong_concealed","name":'
    '"· 暗杠","name_en":"· Concealed kong","value":2,"count":2},{"id":"clean_sweep","na'
    'me":"德中德","name_en":"Clean Sweep (no other jing)","value":"×4","count":1},{"id":'
    '"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×2","value":20,"count":1},{"'
    'id":"gb_mixed_shifted_chows","name":"三色三步高","name_en":"Mixed Shifted Chows","val'
    'ue":6,"count":1},{"id":"gb_four_concealed_pungs","name":"四暗刻","name_en":"Four Co'
    'ncealed Pungs","value":64,"count":1},{"id":"flowers_x2","name":"软硬花×2 (砸2)","nam'
    'e_en":"Flowers ×2","value":18,"count":1},{"id":"gb_pure_straight","name":"清龙","n'
    'ame_en":"Pure Straight","value":16,"count":1},{"id":"gb_reversible_tiles","name"'
    ':"推不倒","name_en":"Reversible Tiles","value":8,"count":1},{"id":"soft_flowers","n'
    'ame":"软花","name_en":"Soft flowers","value":5,"count":1},{"id":"gb_two_concealed_'
    'kongs","name":"双暗杠","name_en":"Two Concealed Kongs","value":6,"count":1},{"id":"'
    'gb_edge_wait","name":"边张","name_en":"Edge Wait","value":1,"count":1},{"id":"all_'
    'pungs","name":"对对胡","name_en":"All pungs","value":40,"count":1},{"id":"gb_pung_o'
    'f_terminals_or_honors","name":"幺九刻","name_en":"Pung of Terminals or Honors","val'
    'ue":1,"count":2},{"id":"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×2","'
    'value":16,"count":1},{"id":"all_pungs","name":"碰碰胡","name_en":"all pungs","value'
    '":1,"count":1},{"id":"gb_double_pung","name":"双同刻","name_en":"Double Pung","valu'
    'e":2,"count":1},{"id":"gb_mixed_double_chow","name":"喜相逢","name_en":"Mixed Doubl'
    'e Chow","value":1,"count":1},{"id":"gb_all_pungs","name":"碰碰和","name_en":"All Pu'
    'ngs","value":6,"count":1},{"id":"soft:wind_pung","name":"· 风客","name_en":"· Wind'
    ' pung","value":1,"count":2},{"id":"gb_two_terminal_chows","name":"老少副","name_en"'
    ':"Two Terminal Chows","value":1,"count":1},{"id":"soft:wait_edge","name":"· 边枝",'
    '"name_en":"· Edge wait","value":1,"count":1},{"id":"full_flush","name":"清一色","na'
    'me_en":"full flush / all honours","value":1,"count":1},{"id":"soft_flowers","nam'
    'e":"软花","name_en":"Soft flowers","value":4,"count":1},{"id":"flowers_x2","name":'
    '"软硬花×2 (砸2)","name_en":"Flowers ×2","value":0,"count":1},{"id":"soft:wind_kong_c'
    'oncealed","name":"· 风暗杠","name_en":"· Concealed wind kong","value":3,"count":1},'
    '{"id":"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×2","value":14,"count"'
    ':1},{"id":"gb_pure_shifted_chows","name":"一色三步高","name_en":"Pure Shifted Chows",'
    '"value":16,"count":1},{"id":"gb_tile_hog","name":"四归一","name_en":"Tile Hog","val'
    'ue":2,"count":2},{"id":"half_flush","name":"混一色","name_en":"Half flush","value":'
    '40,"count":1},{"id":"gb_two_dragon_pungs","name":"双箭刻","name_en":"Two Dragon Pun'
    'gs","value":6,"count":1},{"id":"soft:wait_single","name":"· 独占","name_en":"· Sin'
    'gle wait on the pair","value":1,"count":1},{"id":"gb_single_wait","name":"单钓将","'
    'name_en":"Single Wait","value":1,"count":1},{"id":"full_flush","name":"清一色","nam'
    'e_en":"Full flush","value":60,"count":1},{"id":"gb_no_honors","name":"无字","name_'
    'en":"No Honors","value":1,"count":1},{"id":"flowers_x2","name":"软硬花×2 (砸2)","nam'
    'e_en":"Flowers ×2","value":12,"count":1},{"id":"gb_closed_wait","name":"坎张","nam'
    'e_en":"Closed Wait","value":1,"count":1},{"id":"gb_all_simples","name":"断幺","nam'
    'e_en":"All Simples","value":2,"count":1},{"id":"gb_three_concealed_pungs","name"'
    ':"三暗刻","name_en":"Three Concealed Pungs","value":16,"count":1},{"id":"soft_flowe'
    'rs","name":"软花","name_en":"Soft flowers","value":3,"count":1},{"id":"gb_fully_co'
    'ncealed_hand","name":"不求人","name_en":"Fully Concealed Hand","value":4,"count":1}'
    ',{"id":"soft:kong_concealed","name":"· 暗杠","name_en":"· Concealed kong","value":'
    '2,"count":1},{"id":"hard_flowers","name":"硬花","name_en":"Hard flowers","value":3'
    ',"count":1},{"id":"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×2","value'
    '":2,"count":1},{"id":"hard_flowers","name":"硬花","name_en":"Hard flowers","value"'
    ':1,"count":1},{"id":"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×2","val'
    'ue":8,"count":1},{"id":"gb_all_chows","name":"平和","name_en":"All Chows","value":'
    '2,"count":1},{"id":"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×2","valu'
    'e":6,"count":1},{"id":"hard_flowers","name":"硬花","name_en":"Hard flowers","value'
    '":2,"count":1},{"id":"soft:wait_closed","name":"· 压档","name_en":"· Closed wait",'
    '"value":1,"count":1},{"id":"flowers_x2","name":"软硬花×2 (砸2)","name_en":"Flowers ×'
    '2","value":4,"count":1},{"id":"seven_pairs","name":"七对","name_en":"Seven Pairs",'
    '"value":"×2","count":1},{"id":"gb_one_voided_suit","name":"缺一门","name_en":"One V'
    'oided Suit","value":1,"count":1},{"id":"gb_pure_double_chow","name":"一般高","name_'
    'en":"Pure Double Chow","value":1,"count":1},{"id":"hard_flowers","name":"硬花","na'
    'me_en":"Hard flowers","value":5,"count":1},{"id":"jing_single","name":"精吊","name'
    '_en":"Jing Single Wait","value":"×2","count":1},{"id":"flowers_x2","name":"软硬花×2'
    ' (砸2)","name_en":"Flowers ×2","value":10,"count":1},{"id":"hard_flowers","name":'
    '"硬花","name_en":"Hard flowers","value":4,"count":1},{"id":"gb_concealed_kong","na'
    'me":"暗杠","name_en":"Concealed Kong","value":2,"count":1},{"id":"soft_flowers","n'
    'ame":"软花","name_en":"Soft flowers","value":2,"count":1},{"id":"gb_self_drawn","n'
    'ame":"自摸","name_en":"Self-Drawn","value":1,"count":1},{"id":"gb_short_straight",'
    '"name":"连六","name_en":"Short Straight","value":1,"count":1},{"id":"gb_concealed_'
    'hand","name":"门前清","name_en":"Concealed Hand","value":2,"count":1},{"id":"hard_f'
    'lowers","name":"硬花","name_en":"Hard flowers","value":0,"count":1},{"id":"no_flow'
    'ers","name":"无花果","name_en":"No flowers","value":40,"count":1},{"id":"gb_pung_of'
    '_terminals_or_honors","name":"幺九刻","name_en":"Pung of Terminals or Honors","valu'
    'e":1,"count":1},{"id":"soft_flowers","name":"软花","name_en":"Soft flowers","value'
    '":0,"count":1},{"id":"gb_two_concealed_pungs","name":"双暗刻","name_en":"Two Concea'
    'led Pungs","value":2,"count":1},{"id":"soft:wind_pung","name":"· 风客","name_en":"'
    '· Wind pung","value":1,"count":1},{"id":"gb_half_flush","name":"混一色","name_en":"'
    'Half Flush","value":6,"count":1},{"id":"base","name":"基数","name_en":"base","valu'
    'e":3,"count":1},{"id":"soft_flowers","name":"软花","name_en":"Soft flowers","value'
    '":1,"count":1},{"id":"gb_dragon_pung","name":"箭刻","name_en":"Dragon Pung","value'
    '":2,"count":1},{"id":"soft:missing_suit","name":"· 缺一","name_en":"· One suit mis'
    'sing","value":1,"count":1},{"id":"gb_tile_hog","name":"四归一","name_en":"Tile Hog"'
    ',"value":2,"count":1},{"id":"gb_full_flush","name":"清一色","name_en":"Full Flush",'
    '"value":24,"count":1},{"id":"bixiahu","name":"比下胡","name_en":"Bixiahu hand","val'
    'ue":"×2","count":1},{"id":"base","name":"门清 基数","name_en":"base","value":4,"coun'
    't":1},{"id":"concealed","name":"门清","name_en":"Concealed hand","value":20,"count'
    '":1},{"id":"run","name":"跑20","name_en":"Base (跑20)","value":20,"count":1}],"val'
    'ue":8,"unit":"番","summary":"'
).encode()

_DICTS = {1: _DICT_1}
_VERSION = 1


def pack(value: Any) -> bytes:
    """``value`` (JSON-able) as stored: version byte + raw deflate against its dictionary."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    c = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_DICTS[_VERSION])
    return bytes((_VERSION,)) + c.compress(text) + c.flush()


def unpack(data: bytes | str) -> Any:
    """The value :func:`pack` stored (or plain JSON text). ValueError if it does not decode."""
    if isinstance(data, str):
        return json.loads(data)
    if not data or data[0] not in _DICTS:
        raise ValueError("unknown packing of a stored valuation")
    try:
        d = zlib.decompressobj(-15, zdict=_DICTS[data[0]])
        return json.loads(d.decompress(data[1:]) + d.flush())
    except zlib.error as e:
        raise ValueError(f"damaged packed valuation: {e}") from None


def payment_runs(lines: Sequence[Line]) -> list[Run]:
    """The runs of a hand's payment lines, in order (see the module text)."""
    out: list[Run] = []
    for i, (payer, payee, amount, reason) in enumerate(lines):
        if out:
            seq, mask, to, amt, why = out[-1]
            if (to, amt, why) == (payee, amount, reason) and mask >> payer == 0:
                out[-1] = (seq, mask | 1 << payer, to, amt, why)
                continue
        out.append((i, 1 << payer, payee, amount, reason))
    return out


def payment_lines(runs: Iterable[Run]) -> Iterator[Line]:
    """The lines of a hand's runs (given in order); ValueError if they do not follow on."""
    n = 0
    for seq, mask, payee, amount, reason in runs:
        if seq != n or not 0 < mask < 16:
            raise ValueError(f"payment run at {seq} (mask {mask}) does not follow line {n}")
        for payer in range(4):
            if mask >> payer & 1:
                n += 1
                yield payer, payee, amount, reason
