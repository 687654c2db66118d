"""Force of Will as data: zones, orientations, phases and steps, player values, card stats.

Rule numbers are those of the Force of Will Comprehensive Rules ver. 12.9 (``data/rules``).

**Zones** (300s): each player's deck (304) and magic stone deck (305) are hidden from everyone, owner
included; the hand (306) is seen by its owner; the ruler area (308) and the field (307, one field shared
by both players, each card with a controller) hold cards that are rested or recovered (303.1) and form
one group, so a ruler doing judgment keeps its orientation and counters (302.3, 1304.6); the graveyard
(309) is public and ordered; the standby area (310) shows its order but its faces only to the owner;
the removed area (311) is public, a face-down removed card hidden (311.2a); the chase area (312) is one
shared ordered zone (the top is the last object played); the item area (313); outside the game (322:
face-up cards public, face-down ones seen by their owner) for expelled cards (1047).

**Card stats** the definition automates with (``CardRef.stats``; :func:`stats_from_record` fills them
from card data; absent when the players must enter them):

- ``type``: ``resonator``, ``chant``, ``addition``, ``regalia``, ``rune``, ``magic stone``, ``ruler``
  (202.2; the first the card has). Where a resolving card goes (702.3, 703.3) and what can attack.
- ``atk``, ``def``: ATK and DEF (207, 208); ``j_atk``, ``j_def``: those of a ruler's J-ruler side (1302).
- ``cost``: total cost (204.1c); ``printed_cost``: the printed cost (204.1d) in will symbols, ``{R}{1}``
  (``{W}`` light, ``{R}`` fire, ``{U}`` water, ``{G}`` wind, ``{B}`` darkness; ``{M}``, ``{T}``,
  ``{V}`` will without attribute, kept as void, 907.6; a number or ``{X}`` the free cost, 204.1b).
  Playing a card checks its payment against them (903.2l-1, :func:`card_cost`).
- ``judgment_cost``: the ruler's [Judgment] cost as printed in its text (``[Judgment] {W}{W}{1}``).
- ``attribute``: attributes, comma separated (``fire`` or ``fire,water``; 209); the will coin's
  choices (1119.2), and a magic stone's will when the card data gives no ``will``.
- ``will``: what the card's own will ability with [Rest] in its cost produces (907.1; a basic magic
  stone's comes from its magic stone type, 202.4e): alternatives separated by commas (``wind,darkness``:
  one of them), the wills of one alternative joined by ``+`` (``water+darkness``: both); ``void`` is
  will without attribute (907.5; the moon and time characteristics, 907.6, are not kept); ``any`` when
  the text lets the player choose or says more than its wills ("one will of any attribute", "for
  each..."); ``none`` for a magic stone without such an ability (202.4d).
- ``j_ruler``: 1 when the ruler has a J-ruler side (705.3a).
- ``enter_text``: 1 for a resonator, addition or regalia whose text (or type) its controller carries
  out as it enters the field (702.3a-c: "as this card enters the field", "enters the field rested" or
  "with ... counters", [Awakening], an addition added to a J/resonator); without it the card resolves
  by itself (605.1 with 702.3, :mod:`.stops`).
- keyword flags (value 1): ``first_strike`` (1105), ``multi_strike`` (1169), ``flying`` (1107),
  ``swiftness`` (1108), ``precision`` (1104), ``pierce`` (1103), ``quickcast`` (1112), ``trigger`` (1113).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec
from engine.match.state import CardRef, Stat

ATTRIBUTES = ("light", "fire", "water", "wind", "darkness", "void")
"""Kinds of will (907.5, 1119.2): the five attributes and void."""
KEYWORDS = (
    "first_strike",
    "multi_strike",
    "flying",
    "swiftness",
    "precision",
    "pierce",
    "quickcast",
    "trigger",
)
"""Keyword abilities the battle procedure reads (1105, 1169, 1107, 1108, 1104, 1103) and those that let a card
be played with any priority: [Quickcast] (1112.2) and a chant's [Trigger] (1113, 604.1)."""
LIFE = 4000
"""405.3: each player sets their life to 4000."""
OPENING_HAND = 5
"""405.5: each player moves the top five cards of their deck to their hand."""
MAX_HAND = 7
"""306.3: the maximum hand size is seven at the beginning of the game."""
ENTITY_TYPES = ("resonator", "addition", "regalia")
"""Cards that enter the field when they resolve (702.3)."""

_ALL_STEPS = True  # every step lets both act; the definition enforces priority itself (see allows)

SPEC = GameSpec(
    key="forceofwill",
    name="Force of Will",
    zones=(
        ZoneSpec(name="deck", rule="304", ordered=True, default_face="down", shuffle_at_setup=True),
        ZoneSpec(
            name="stone_deck",
            rule="305",
            label="magic stone deck",
            ordered=True,
            default_face="down",
            shuffle_at_setup=True,
        ),
        ZoneSpec(
            name="hand", rule="306", visible_to="owner", face_down_visible_to="owner", enter_at="bottom"
        ),
        ZoneSpec(
            name="ruler_area",
            rule="308",
            label="ruler area",
            orientable=True,
            face_down_visible_to="owner",
            group="play",
        ),
        ZoneSpec(
            name="field",
            rule="307",
            shared=True,
            orientable=True,
            face_down_visible_to="controller",
            group="play",
        ),
        ZoneSpec(name="chase", rule="312", label="chase area", shared=True, ordered=True),
        ZoneSpec(name="graveyard", rule="309", ordered=True),
        ZoneSpec(
            name="standby",
            rule="310",
            label="standby area",
            ordered=True,
            default_face="down",
            face_down_visible_to="owner",
        ),
        ZoneSpec(name="removed", rule="311", label="removed area"),
        ZoneSpec(name="item", rule="313", label="item area"),
        ZoneSpec(name="outside", rule="322", label="outside the game", face_down_visible_to="owner"),
    ),
    orientations=(
        OrientationSpec(name="recover", adjective="recovered"),
        OrientationSpec(name="rest", adjective="rested"),
    ),
    tap="rest",
    untap="recover",
    phases=(
        PhaseSpec(
            name="setup", rule="405", steps=(StepSpec(name="mulligan", rule="405.5", both_act=_ALL_STEPS),)
        ),
        PhaseSpec(name="draw", rule="502", both_act=_ALL_STEPS),
        PhaseSpec(name="recovery", rule="503", both_act=_ALL_STEPS),
        PhaseSpec(
            name="main",
            rule="504",
            steps=tuple(
                StepSpec(name=name, rule=rule, both_act=_ALL_STEPS)
                for name, rule in (
                    ("main", "504.2"),
                    ("battle_start", "802"),
                    ("attack", "803"),
                    ("block", "804"),
                    ("first_strike", "805"),
                    ("damage", "806"),
                    ("battle_end", "807"),
                )
            ),
        ),
        PhaseSpec(name="end", rule="505", both_act=_ALL_STEPS),
    ),
    player_values={"life": LIFE, "will_coins": 0},
    undo_per_turn=3,
)

# Phase and step indexes.
SETUP, DRAW, RECOVERY, MAIN, END = range(5)
(S_MAIN, S_BATTLE_START, S_ATTACK, S_BLOCK, S_FIRST_STRIKE, S_DAMAGE, S_BATTLE_END) = range(7)


def stat_int(ref: CardRef, name: str) -> int | None:
    """An integer stat, or None when the card data does not give it."""
    value = ref.stat(name)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return None


def card_type(ref: CardRef) -> str | None:
    value = ref.stat("type")
    return str(value).lower() if value is not None else None


def has_keyword(ref: CardRef, keyword: str) -> bool:
    return bool(ref.stat(keyword))


def will_choices(ref: CardRef) -> list[tuple[str, ...]] | None:
    """The ``will`` stat as alternatives, each the wills it produces (``[("any",)]`` when the player
    names it, ``[]`` for ``none``); None when the card data does not say (no ``will`` stat)."""
    value = ref.stat("will")
    if value is None:
        return None
    text = str(value).strip().lower()
    if text == "none":
        return []
    return [tuple(w.strip() for w in part.split("+")) for part in text.split(",") if part.strip()]


class Cost(NamedTuple):
    """A cost in will (204.1): ``specified`` the wills of the specified cost, one per symbol (204.1a;
    moon, time and void symbols as ``void``, 907.6), ``free`` the number of the free cost (204.1b),
    ``x`` whether the free cost has an X (any amount more), ``text`` the cost as printed; ``total_only``
    when the card data gives only the total cost (204.1c), so only the number of will can be checked."""

    specified: tuple[str, ...]
    free: int
    x: bool
    text: str
    total_only: bool = False


def parse_cost(text: str) -> Cost | None:
    """A printed cost (``{R}{R}{2}``, ``{X}{U}``) as a :class:`Cost`; None for text that is not one."""
    if text.strip().isdigit():
        return Cost((), int(text), False, text.strip())
    symbols = _SYMBOL.findall(text)
    if _SYMBOL.sub("", text).strip():
        return None
    specified: list[str] = []
    free, x = 0, False
    for symbol in symbols:
        symbol = symbol.strip().lower()
        if symbol in _WILL_SYMBOLS:
            specified.append(_WILL_SYMBOLS[symbol])
        elif symbol in ("m", "t", "v"):
            specified.append("void")
        elif symbol.isdigit():
            free += int(symbol)
        elif symbol == "x":
            x = True
        else:
            return None
    return Cost(tuple(specified), free, x, text.strip() or "0")


def card_cost(ref: CardRef) -> Cost | None:
    """The card's cost from its card data (204.1): its printed cost, else its total cost only (free of
    attributes); None when the card data gives neither."""
    printed = ref.stat("printed_cost")
    if printed is not None:
        cost = parse_cost(str(printed))
        if cost is not None:
            return cost
    total = stat_int(ref, "cost")
    if total is None:
        return None
    return Cost((), total, False, str(total), total_only=True)


def judgment_cost(ref: CardRef) -> Cost | None:
    """The ruler's [Judgment] cost from its card data (``judgment_cost``), None when unknown."""
    printed = ref.stat("judgment_cost")
    return None if printed is None else parse_cost(str(printed))


def has_jruler_side(ref: CardRef) -> bool | None:
    """705.3a: whether the ruler has a J-ruler side; None when the card data does not say (no type)."""
    if ref.stat("j_ruler") or ref.stat("j_atk") is not None or ref.stat("j_def") is not None:
        return True
    return None if card_type(ref) is None else False


def attributes(ref: CardRef) -> list[str]:
    value = ref.stat("attribute")
    if not value:
        return []
    return [part.strip().lower() for part in str(value).split(",") if part.strip()]


_TYPE_ORDER = ("ruler", "magic stone", "resonator", "chant", "addition", "regalia", "rune")
_STONE_TYPES = ("magic stone", "basic magic stone", "special magic stone", "true magic stone")
"""Card types that make a magic stone card (202.2); ``Fire Magic Stone`` and the like are magic stone
types (202.4), which a resonator or an addition may also have."""
_WILL_SYMBOLS = {"w": "light", "r": "fire", "u": "water", "g": "wind", "b": "darkness"}
"""fowsim's will symbols (``{W}`` light ... ``{B}`` darkness); ``{M}`` moon, ``{T}`` time, ``{V}`` void
and numbers are will without attribute (907.5, 907.6)."""
_REST_WILL = re.compile(
    r'^[^:"\n]*?[\[{]Rest[\]}][^:"\n]*:\s*Produc[et]\b([^."\n]*)', re.IGNORECASE | re.MULTILINE
)
"""An activate ability with [Rest] (``{Rest}`` in fowsim) in its cost whose effect is "Produce ..."
("Product" too: three stones in fowsim misspell it);
not one given to other cards (``... gain "{Rest}: Produce {G}"``), which opens with a quote."""
_SYMBOL = re.compile(r"\{([^{}]+)\}")
_JUDGMENT_COST = re.compile(r"\[Judg(?:e)?ment\]\s*((?:\{[^{}]+\})+)", re.IGNORECASE)
_ENTER_TEXT = re.compile(
    r"\bas (?:this card|it|they) enters? the field|\benters? the field (?:rested|with|added|as)\b"
    r"|\[awakening\]|\badded\b",
    re.IGNORECASE,
)
"""Text its controller carries out as the card enters the field (702.3b, 702.3c): "as this card enters
the field", "enters the field rested", "with ... counters", "added to" a target, an [Awakening] (1110)
or an addition's "added" J/resonator (702.3a: it enters added to what it names)."""
_JOINERS = re.compile(r"\b(?:or|and|and/or)\b|[,/\s]")
_KEYWORD_NAMES = {
    "first strike": "first_strike",
    "multi strike": "multi_strike",
    "flying": "flying",
    "swiftness": "swiftness",
    "swiftress": "swiftness",
    "swift": "swiftness",
    "precision": "precision",
    "target attack": "precision",
    "pierce": "pierce",
    "quickcast": "quickcast",
    "trigger": "trigger",
}


def _type_of(types: list[str]) -> str | None:
    lowered = [t.lower() for t in types]
    if any("j-ruler" in t or t == "j ruler" for t in lowered) and not any(t == "ruler" for t in lowered):
        return "ruler"
    for name in _TYPE_ORDER:
        if name == "magic stone":
            if any(t in _STONE_TYPES for t in lowered):
                return name
        elif any(name in t and "j-ruler" not in t for t in lowered):
            return name
    return None


def _symbol_wills(symbol: str) -> list[str] | None:
    """The wills one symbol stands for: an attribute, or ``void`` per will without attribute."""
    symbol = symbol.strip().lower()
    if symbol in _WILL_SYMBOLS:
        return [_WILL_SYMBOLS[symbol]]
    if symbol in ("m", "t", "v"):
        return ["void"]
    if symbol.isdigit() and 0 < int(symbol) <= 9:
        return ["void"] * int(symbol)
    return None


def _produced(text: str) -> str:
    """What one "Produce ..." effect produces, as the ``will`` stat (see the module doc)."""
    symbols = _SYMBOL.findall(text)
    wills = [_symbol_wills(symbol) for symbol in symbols]
    if not symbols or _JOINERS.sub("", _SYMBOL.sub("", text)) or any(w is None for w in wills):
        return "any"
    if re.search(r"\bor\b", text):
        return ",".join("+".join(w) for w in wills if w)
    return "+".join(will for w in wills if w for will in w)


def will_of_text(text: str) -> str | None:
    """The ``will`` stat of a card's own will abilities with [Rest] in their cost (907.1; several
    abilities are alternatives), None without one."""
    found = [_produced(match.group(1)) for match in _REST_WILL.finditer(text or "")]
    if not found:
        return None
    if "any" in found:
        return "any"
    return ",".join(dict.fromkeys(",".join(found).split(",")))


def _stone_will(types: list[str]) -> str | None:
    """202.4e: a basic magic stone produces the will of its magic stone type."""
    lowered = [t.lower() for t in types]
    if "basic magic stone" not in lowered:
        return None
    wills = [a for a in ATTRIBUTES if f"{a} magic stone" in lowered]
    return ",".join(wills) or None


def stats_from_record(record: Any) -> tuple[Stat, ...]:
    """The stats of an :class:`engine.cards.model.CardRecord` the definition reads (see the module doc),
    sorted by name as ``CardRef.stats`` keeps them."""
    stats: dict[str, int | str] = {}
    kind = _type_of(list(record.types))
    if kind:
        stats["type"] = kind
    data = record.stats
    if isinstance(data.get("atk"), int):
        stats["atk"] = data["atk"]
    if isinstance(data.get("defense"), int):
        stats["def"] = data["defense"]
    if data.get("attribute"):
        stats["attribute"] = ",".join(str(a).lower() for a in data["attribute"])
    if record.cost_value is not None:
        stats["cost"] = int(record.cost_value)
    if record.cost and parse_cost(record.cost) is not None:
        stats["printed_cost"] = record.cost
    judgment = _JUDGMENT_COST.search(record.text or "")
    if judgment and parse_cost(judgment.group(1)) is not None:
        stats["judgment_cost"] = judgment.group(1)
    for keyword in record.keywords:
        flag = _KEYWORD_NAMES.get(str(keyword).strip("[] ").lower())
        if flag:
            stats[flag] = 1
    will = _stone_will(list(record.types)) or will_of_text(record.text)
    if will:
        stats["will"] = will
    elif kind == "magic stone":
        stats["will"] = "none"
    if kind in ENTITY_TYPES and (
        _ENTER_TEXT.search(" ".join([record.text or "", *(f.text or "" for f in record.faces)]))
        or any(t.lower().startswith("addition:") and "field" not in t.lower() for t in record.types)
    ):
        stats["enter_text"] = 1
    if any("j-ruler" in t.lower() for t in record.types):
        stats["j_ruler"] = 1
    for face in record.faces:
        if any("j-ruler" in t.lower() for t in face.types):
            stats["j_ruler"] = 1
            if isinstance(face.stats.get("atk"), int):
                stats["j_atk"] = face.stats["atk"]
            if isinstance(face.stats.get("defense"), int):
                stats["j_def"] = face.stats["defense"]
    from engine.match.games.forceofwill.card_text import (
        effects,  # it reads the board, which reads this module
    )

    stats.update(effects(record))
    return tuple(sorted(stats.items()))
