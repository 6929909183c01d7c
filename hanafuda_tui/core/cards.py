"""The 48 cards, their one-letter codes and bit-set helpers (docs/rules/README.md §2).

A card is an int 0..47 in month order (card ``c`` is month ``c // 4 + 1``); a set of cards is an int
with bit ``c`` set. Codes are the letters ``A``–``Z`` then ``a``–``v`` of the Hanafudasymbol font.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

CODES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuv"
CARD_OF_CODE = {code: i for i, code in enumerate(CODES)}
ALL_CARDS = (1 << 48) - 1

HIKARI, TANE, TAN, KASU = "光", "種", "短", "カス"
KINDS = (HIKARI, TANE, TAN, KASU)

MONTH_NAMES = ("松", "梅", "桜", "藤", "菖蒲", "牡丹", "萩", "芒", "菊", "紅葉", "柳", "桐")
MONTH_NAMES_EN = (
    "pine",
    "plum",
    "cherry",
    "wisteria",
    "iris",
    "peony",
    "bush clover",
    "pampas",
    "chrysanthemum",
    "maple",
    "willow",
    "paulownia",
)

# (kind, name, English) for each card, in code order.
_TABLE = (
    (HIKARI, "松に鶴", "crane"),
    (TAN, "松に赤短", "red poetry ribbon"),
    (KASU, "松のカス", "pine chaff"),
    (KASU, "松のカス", "pine chaff"),
    (TANE, "梅に鶯", "bush warbler"),
    (TAN, "梅に赤短", "red poetry ribbon"),
    (KASU, "梅のカス", "plum chaff"),
    (KASU, "梅のカス", "plum chaff"),
    (HIKARI, "桜に幕", "curtain"),
    (TAN, "桜に赤短", "red poetry ribbon"),
    (KASU, "桜のカス", "cherry chaff"),
    (KASU, "桜のカス", "cherry chaff"),
    (TANE, "藤に不如帰", "cuckoo"),
    (TAN, "藤に短冊", "plain red ribbon"),
    (KASU, "藤のカス", "wisteria chaff"),
    (KASU, "藤のカス", "wisteria chaff"),
    (TANE, "菖蒲に八橋", "eight-plank bridge"),
    (TAN, "菖蒲に短冊", "plain red ribbon"),
    (KASU, "菖蒲のカス", "iris chaff"),
    (KASU, "菖蒲のカス", "iris chaff"),
    (TANE, "牡丹に蝶", "butterflies"),
    (TAN, "牡丹に青短", "blue ribbon"),
    (KASU, "牡丹のカス", "peony chaff"),
    (KASU, "牡丹のカス", "peony chaff"),
    (TANE, "萩に猪", "boar"),
    (TAN, "萩に短冊", "plain red ribbon"),
    (KASU, "萩のカス", "bush clover chaff"),
    (KASU, "萩のカス", "bush clover chaff"),
    (HIKARI, "芒に月", "full moon"),
    (TANE, "芒に雁", "geese"),
    (KASU, "芒のカス", "pampas chaff"),
    (KASU, "芒のカス", "pampas chaff"),
    (TANE, "菊に盃", "sake cup"),
    (TAN, "菊に青短", "blue ribbon"),
    (KASU, "菊のカス", "chrysanthemum chaff"),
    (KASU, "菊のカス", "chrysanthemum chaff"),
    (TANE, "紅葉に鹿", "deer"),
    (TAN, "紅葉に青短", "blue ribbon"),
    (KASU, "紅葉のカス", "maple chaff"),
    (KASU, "紅葉のカス", "maple chaff"),
    (HIKARI, "柳に小野道風", "rain man"),
    (TANE, "柳に燕", "swallow"),
    (TAN, "柳に短冊", "ribbon"),
    (KASU, "柳のカス", "lightning"),
    (HIKARI, "桐に鳳凰", "phoenix"),
    (KASU, "桐のカス", "paulownia chaff"),
    (KASU, "桐のカス", "paulownia chaff"),
    (KASU, "桐のカス", "paulownia chaff"),
)
KIND = tuple(row[0] for row in _TABLE)
NAME = tuple(row[1] for row in _TABLE)
NAME_EN = tuple(row[2] for row in _TABLE)
POINTS = tuple({HIKARI: 20, TANE: 10, TAN: 5, KASU: 1}[k] for k in KIND)
MONTH = tuple(c // 4 for c in range(48))
"""0-based month of each card (0 = 1月 松)."""


def mask(codes: str | Iterable[int]) -> int:
    """The bit set of the given codes (``"AIc"``) or card numbers."""
    if isinstance(codes, str):
        return sum(1 << CARD_OF_CODE[ch] for ch in codes)
    m = 0
    for c in codes:
        m |= 1 << c
    return m


def cards_of(m: int) -> Iterator[int]:
    """The cards of a bit set, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def _chunk_table(first: int) -> tuple[tuple[int, ...], ...]:
    """For each 12-bit value ``v``, the cards ``first + i`` of its set bits ``i``, lowest first:
    built by doubling (the rows with bit ``i`` are those without it, each with that card added)."""
    rows: list[tuple[int, ...]] = [()]
    for card in range(first, first + 12):
        rows += [row + (card,) for row in rows]
    return tuple(rows)


class _Unbuilt:
    """Stands for chunk table ``k`` until the first look-up into any of them, which builds all four
    (16,384 tuples) into this module's globals: the commands that deal no card (the selector,
    ``--help``) never build them, and the hot path below reads plain tuples from then on."""

    def __init__(self, k: int) -> None:
        self.k = k

    def __getitem__(self, index: int) -> tuple[int, ...]:
        global _C0, _C1, _C2, _C3
        _C0, _C1, _C2, _C3 = (_chunk_table(12 * k) for k in range(4))
        return (_C0, _C1, _C2, _C3)[self.k][index]


_C0: tuple[tuple[int, ...], ...] | _Unbuilt = _Unbuilt(0)
_C1: tuple[tuple[int, ...], ...] | _Unbuilt = _Unbuilt(1)
_C2: tuple[tuple[int, ...], ...] | _Unbuilt = _Unbuilt(2)
_C3: tuple[tuple[int, ...], ...] | _Unbuilt = _Unbuilt(3)


def card_list(m: int) -> list[int]:
    """The cards of a bit set as a list, lowest first (table look-ups: this is the hot path)."""
    return [*_C0[m & 4095], *_C1[m >> 12 & 4095], *_C2[m >> 24 & 4095], *_C3[m >> 36]]


def card_tuple(m: int) -> tuple[int, ...]:
    """The cards of a bit set as a tuple, lowest first (the legal plays of a view)."""
    return _C0[m & 4095] + _C1[m >> 12 & 4095] + _C2[m >> 24 & 4095] + _C3[m >> 36]


def codes_of(m: int) -> str:
    """The codes of a bit set in card order (``mask("cA") -> "Ac"``)."""
    return "".join(CODES[c] for c in cards_of(m))


def parse_deck(text: str) -> list[int]:
    """A 48-card deck string, top card first, as card numbers; ValueError if it is not one."""
    if len(text) != 48:
        raise ValueError(f"a deck has 48 cards, this one has {len(text)}")
    bad = sorted({ch for ch in text if ch not in CARD_OF_CODE})
    if bad:
        raise ValueError(f"unknown card code(s) {''.join(bad)!r} in deck")
    if len(set(text)) != 48:
        raise ValueError("a deck must hold every card exactly once")
    return [CARD_OF_CODE[ch] for ch in text]


_TO_CODES = bytes.maketrans(bytes(range(48)), CODES.encode())


def deck_string(deck: Iterable[int]) -> str:
    """The codes of a deck in order (``[0, 8] -> "AI"``)."""
    return bytes(deck).translate(_TO_CODES).decode()


MONTH_MASK = tuple(0b1111 << (4 * m) for m in range(12))
BIT = tuple(1 << c for c in range(48))
"""Each card's bit (a look-up: the hot path avoids building 48-bit ints)."""
ALL_BUT = tuple(~(1 << c) for c in range(48))
"""Every bit but the card's, to remove it from a set."""
LIGHTS = sum(1 << c for c in range(48) if KIND[c] == HIKARI)
TANES = sum(1 << c for c in range(48) if KIND[c] == TANE)
TANS = sum(1 << c for c in range(48) if KIND[c] == TAN)
KASUS = sum(1 << c for c in range(48) if KIND[c] == KASU)
KIND_MASK = {HIKARI: LIGHTS, TANE: TANES, TAN: TANS, KASU: KASUS}

# Named groups (docs/rules/README.md §3).
MATSU_TSURU = mask("A")
SAKURA_MAKU = mask("I")
SUSUKI_TSUKI = mask("c")
KIKU_SAKAZUKI = mask("g")
ONO_MICHIKAZE = mask("o")
AKATAN = mask("BFJ")
AOTAN = mask("Vhl")
KUSA = mask("NRZ")
INOSHIKACHO = mask("YkU")
OTORI = mask("AEMdps")
KOTORI = mask("EMdp")
GOUN = mask("EQUYg")
OMOTE_SUGAWARA = mask("AEI")
HANAMI = mask("Ig")
TSUKIMI = mask("cg")
TEPPO = mask("Icg")
SHIKO = mask("AIcs")
GOKO = mask("AIcos")
AME = MONTH_MASK[10]
"""雨札: every November (柳) card."""
