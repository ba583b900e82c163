"""The Guobiao (Chinese Official) fan table: 81 fans plus 明暗杠, in the seed's order.

``no`` is the number the seed (``seeds/002_*.txt``) gives the fan; the seed's own names are
synonym-spun noise, so the names here are the standard ones (and the conformance file's).
``calc`` is the label PyMahjongGB prints when it differs from the standard name (its
独听・边张/独听・嵌张/独听・单钓 for 边张/坎张/单钓将).
"""

from __future__ import annotations

# a fan's id: "gb_" and the words of its English name, joined by "_" (every character but an
# ASCII letter or digit separates words). A table, not a regular expression: compiling one
# costs ``mjscore calc`` more than reading the whole fan table.
_SEPARATORS = {i: " " for i in range(128) if not (48 <= i <= 57 or 97 <= i <= 122)}


class Fan:
    """One fan: immutable, compared and hashed by its fields (a plain class rather than a
    dataclass: ``mjscore calc`` loads this table and nothing else of the engine, and building a
    dataclass costs more than the rest of that start-up)."""

    __slots__ = ("no", "zh", "en", "points", "calc", "id")

    no: int  # the seed's number (1..81); 0 for 明暗杠, which the seed lacks
    zh: str
    en: str
    points: int
    calc: str  # PyMahjongGB's label when it differs from ``zh``
    id: str  # "gb_" and the English name in snake case

    def __init__(self, no: int, zh: str, en: str, points: int, calc: str = "") -> None:
        set_ = object.__setattr__  # past the refusal below
        set_(self, "no", no)
        set_(self, "zh", zh)
        set_(self, "en", en)
        set_(self, "points", points)
        set_(self, "calc", calc)
        set_(self, "id", "gb_" + "_".join(en.lower().translate(_SEPARATORS).split()))

    def _key(self) -> tuple[int, str, str, int, str]:
        return (self.no, self.zh, self.en, self.points, self.calc)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Fan(no={self.no!r}, zh={self.zh!r}, en={self.en!r}, points={self.points!r}, "
            f"calc={self.calc!r})"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Fan is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a Fan is immutable")


FANS: tuple[Fan, ...] = (
    # 88
    Fan(1, "大四喜", "Big Four Winds", 88),
    Fan(2, "大三元", "Big Three Dragons", 88),
    Fan(3, "绿一色", "All Green", 88),
    Fan(4, "九莲宝灯", "Nine Gates", 88),
    Fan(5, "四杠", "Four Kongs", 88),
    Fan(6, "连七对", "Seven Shifted Pairs", 88),
    Fan(7, "十三幺", "Thirteen Orphans", 88),
    # 64
    Fan(8, "清幺九", "All Terminals", 64),
    Fan(9, "小四喜", "Little Four Winds", 64),
    Fan(10, "小三元", "Little Three Dragons", 64),
    Fan(11, "字一色", "All Honors", 64),
    Fan(12, "四暗刻", "Four Concealed Pungs", 64),
    Fan(13, "一色双龙会", "Pure Terminal Chows", 64),
    # 48
    Fan(14, "一色四同顺", "Quadruple Chow", 48),
    Fan(15, "一色四节高", "Four Pure Shifted Pungs", 48),
    # 32
    Fan(16, "一色四步高", "Four Pure Shifted Chows", 32),
    Fan(17, "三杠", "Three Kongs", 32),
    Fan(18, "混幺九", "All Terminals and Honors", 32),
    # 24
    Fan(19, "七对", "Seven Pairs", 24),
    Fan(20, "七星不靠", "Greater Honors and Knitted Tiles", 24),
    Fan(21, "全双刻", "All Even Pungs", 24),
    Fan(22, "清一色", "Full Flush", 24),
    Fan(23, "一色三同顺", "Pure Triple Chow", 24),
    Fan(24, "一色三节高", "Pure Shifted Pungs", 24),
    Fan(25, "全大", "Upper Tiles", 24),
    Fan(26, "全中", "Middle Tiles", 24),
    Fan(27, "全小", "Lower Tiles", 24),
    # 16
    Fan(28, "清龙", "Pure Straight", 16),
    Fan(29, "三色双龙会", "Three-Suited Terminal Chows", 16),
    Fan(30, "一色三步高", "Pure Shifted Chows", 16),
    Fan(31, "全带五", "All Fives", 16),
    Fan(32, "三同刻", "Triple Pung", 16),
    Fan(33, "三暗刻", "Three Concealed Pungs", 16),
    # 12
    Fan(34, "全不靠", "Lesser Honors and Knitted Tiles", 12),
    Fan(35, "组合龙", "Knitted Straight", 12),
    Fan(36, "大于五", "Upper Four", 12),
    Fan(37, "小于五", "Lower Four", 12),
    Fan(38, "三风刻", "Big Three Winds", 12),
    # 8
    Fan(39, "花龙", "Mixed Straight", 8),
    Fan(40, "推不倒", "Reversible Tiles", 8),
    Fan(41, "三色三同顺", "Mixed Triple Chow", 8),
    Fan(42, "三色三节高", "Mixed Shifted Pungs", 8),
    Fan(43, "无番和", "Chicken Hand", 8),
    Fan(44, "妙手回春", "Last Tile Draw", 8),
    Fan(45, "海底捞月", "Last Tile Claim", 8),
    Fan(46, "杠上开花", "Out with Replacement Tile", 8),
    Fan(47, "抢杠和", "Robbing the Kong", 8),
    # 6
    Fan(48, "碰碰和", "All Pungs", 6),
    Fan(49, "混一色", "Half Flush", 6),
    Fan(50, "三色三步高", "Mixed Shifted Chows", 6),
    Fan(51, "五门齐", "All Types", 6),
    Fan(52, "全求人", "Melded Hand", 6),
    Fan(53, "双暗杠", "Two Concealed Kongs", 6),
    Fan(54, "双箭刻", "Two Dragon Pungs", 6),
    # 5 (MIL addition, not in the seed)
    Fan(0, "明暗杠", "Concealed Kong and Melded Kong", 5),
    # 4
    Fan(55, "全带幺", "Outside Hand", 4),
    Fan(56, "不求人", "Fully Concealed Hand", 4),
    Fan(57, "双明杠", "Two Melded Kongs", 4),
    Fan(58, "和绝张", "Last Tile", 4),
    # 2
    Fan(59, "箭刻", "Dragon Pung", 2),
    Fan(60, "圈风刻", "Prevalent Wind", 2),
    Fan(61, "门风刻", "Seat Wind", 2),
    Fan(62, "门前清", "Concealed Hand", 2),
    Fan(63, "平和", "All Chows", 2),
    Fan(64, "四归一", "Tile Hog", 2),
    Fan(65, "双同刻", "Double Pung", 2),
    Fan(66, "双暗刻", "Two Concealed Pungs", 2),
    Fan(67, "暗杠", "Concealed Kong", 2),
    Fan(68, "断幺", "All Simples", 2),
    # 1
    Fan(69, "一般高", "Pure Double Chow", 1),
    Fan(70, "喜相逢", "Mixed Double Chow", 1),
    Fan(71, "连六", "Short Straight", 1),
    Fan(72, "老少副", "Two Terminal Chows", 1),
    Fan(73, "幺九刻", "Pung of Terminals or Honors", 1),
    Fan(74, "明杠", "Melded Kong", 1),
    Fan(75, "缺一门", "One Voided Suit", 1),
    Fan(76, "无字", "No Honors", 1),
    Fan(77, "边张", "Edge Wait", 1, calc="独听・边张"),
    Fan(78, "坎张", "Closed Wait", 1, calc="独听・嵌张"),
    Fan(79, "单钓将", "Single Wait", 1, calc="独听・单钓"),
    Fan(80, "自摸", "Self-Drawn", 1),
    Fan(81, "花牌", "Flower Tiles", 1),
)

BY_ZH: dict[str, Fan] = {f.zh: f for f in FANS}
BY_NO: dict[int, Fan] = {f.no: f for f in FANS if f.no}
FLOWER = BY_ZH["花牌"]


def fan_for_label(label: str) -> Fan:
    """The fan for one of PyMahjongGB's labels (its own wait labels, a Ⅰ/Ⅱ suffix if any)."""
    f = _BY_LABEL.get(label)
    if f is None:
        import re  # only for a suffixed label (start-up needs no regular expression here)

        f = _BY_LABEL.get(re.sub(r"[\s・]*[ⅠⅡⅢⅣ]+$", "", label))
        if f is None:  # pragma: no cover - a calculator version with a fan we do not know
            raise KeyError(f"unknown fan label from PyMahjongGB: {label!r}")
    return f


_BY_LABEL: dict[str, Fan] = {**BY_ZH, **{f.calc: f for f in FANS if f.calc}}
