"""Duel Masters decklists: sections and deck construction rules (General Game Rules v1.38, 100.2-100.4;
model: ``games/duelmasters.md`` 3.4).

Sections: the main deck (``deck`` zone), the hyperspatial zone and the super gacharange zone.

Rules, with exact numbers:

- 100.2: the main deck has exactly 40 cards. That is the default deck rules (``general``). The English
  TCG (Wizards of the Coast, DM-01 to DM-12: the card set of the ``dm-tcg`` data) was played with a
  main deck of *at least* 40 cards, and its tournament lists hold 41 to 48 cards: a check or an event
  may choose those rules by name (``english-tcg``, :data:`ENGLISH_TCG`); everything else is the same.
  The report says which deck rules it applied;
- 100.2a: at most 4 cards of a name in the deck, unless the card's text says otherwise;
- 100.3: 0 to 8 cards in the hyperspatial zone (407.1 says "0 or 8"; the rules contradict each other and
  the engine follows 100.3, as the model says); 100.3a: at most 4 of a name there, unless its text says
  otherwise;
- 100.4: the super gacharange zone is optional, "up to 12" cards, while 408.1 says it "must be 12": the
  engine takes it as 0 (not used) or exactly 12; 100.4a: at most 2 of a name there, unless an effect
  says otherwise.

With card data (a ``lookup``): hyperspatial cards must be psychic, dragheart or Rule Plus cards (407.1,
804.4, 806.4, 314.1), super gacharange cards must be gacharange cards (408.1, 809.2), and those cards
can't be in the main deck. The Hall of Fame regulation named by 100.2 is not part of the rules and is
reported as not checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.decks.check import Check, copy_limit, section_size
from engine.decks.model import CardLookup, DeckFormat, Decklist, DeckRules, SectionSpec

MAIN, HYPERSPATIAL, GR = "main", "hyperspatial", "gr"
DECK_SIZE = 40
COPIES = 4
HYPERSPATIAL_MAX = 8
GR_SIZE = 12
GR_COPIES = 2

_ANY_NUMBER = re.compile(
    r"\b(?:any number|as many|more than (?:\d+|two|four))(?: of)?(?: copies)? of this (?:card|creature)\b",
    re.IGNORECASE,
)
"""The text that lifts a copy limit (100.2a "the cards that ignore this rule in their text"), as the
data sets write it: an ability of its own, "■ More than 4 of this card in your deck" or "More than 2
of this card in your Super Gacharange" (OCG), and the printed "You can put any number of this card in
your deck" or "as many of this card as you like". Text about other cards ("draw as many cards as...",
"power more than 4000") does not."""


def _words(record: object) -> str:
    types = " ".join(str(t) for t in getattr(record, "types", []) or [])
    return types.lower()


def is_hyperspatial(record: object) -> bool:
    """A psychic, dragheart or Rule Plus card (407.1)."""
    words = _words(record)
    return any(word in words for word in ("psychic", "dragheart", "rule plus"))


def is_gacharange(record: object) -> bool:
    """A gacharange (GR) card (408.1)."""
    words = _words(record)
    return "gacharange" in words or bool(re.search(r"\bgr\b", words))


def _text_allows_more(name: str, record: object | None) -> bool:
    """The card's text lifts the copy limit for this card ("except for the cards that ignore this rule
    in their text", 100.2a; 100.3a, 100.4a): see :data:`_ANY_NUMBER`."""
    return record is not None and bool(_ANY_NUMBER.search(str(getattr(record, "text", "") or "")))


def _main_copies(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """100.2a: at most 4 of a name in the deck, unless its text says otherwise."""
    problems = []
    for name, count in sorted(deck.names(MAIN).items()):
        if count <= COPIES:
            continue
        if _text_allows_more(name, lookup(name) if lookup is not None else None):
            continue
        problems.append(
            f"{count} copies of {name}: at most {COPIES} of a card in the deck, unless its text says "
            "otherwise (100.2a)."
        )
    return problems, []


def _gr_size(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """100.4, 408.1: the super gacharange zone is not used (0 cards) or has exactly 12."""
    count = deck.count(GR)
    if count in (0, GR_SIZE):
        return [], []
    return [
        f"The super gacharange zone needs no cards or exactly {GR_SIZE} (100.4, 408.1); it has {count}."
    ], []


def _placed(section: str, label: str, belongs: Callable[[object], bool], kind: str, rule: str) -> Check:
    """Cards of a section must be of a kind; cards of that kind can't be in the main deck."""

    def check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
        if lookup is None:
            if deck.entries(section):
                return [], [f"whether the {label} holds only {kind} cards ({rule})"]
            return [], []
        problems = []
        for entry in deck.entries(section):
            record = lookup(entry.name)
            if record is not None and not belongs(record):
                problems.append(f"{entry.name} is not a {kind} card; the {label} holds only those ({rule}).")
        for entry in deck.entries(MAIN):
            record = lookup(entry.name)
            if record is not None and belongs(record):
                problems.append(
                    f"{entry.name} is a {kind} card: it starts in the {label}, not in the deck ({rule})."
                )
        return problems, []

    return check


def _hall_of_fame(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    return [], ["the Hall of Fame regulation (100.2), which the rules do not list"]


REST: tuple[Check, ...] = (
    _main_copies,
    section_size(HYPERSPATIAL, "hyperspatial zone", 0, HYPERSPATIAL_MAX, "100.3"),
    copy_limit(COPIES, (HYPERSPATIAL,), "100.3a", _text_allows_more),
    _gr_size,
    copy_limit(GR_COPIES, (GR,), "100.4a", _text_allows_more),
    _placed(HYPERSPATIAL, "hyperspatial zone", is_hyperspatial, "psychic, dragheart or Rule Plus", "407.1"),
    _placed(GR, "super gacharange zone", is_gacharange, "gacharange", "408.1, 809.2"),
    _hall_of_fame,
)

CHECKS: tuple[Check, ...] = (section_size(MAIN, "main deck", DECK_SIZE, DECK_SIZE, "100.2"), *REST)
"""The General Game Rules' deck rules (100.2-100.4): the default."""

GENERAL = DeckRules(
    checks=CHECKS,
    name="general",
    label="the General Game Rules v1.38 (a main deck of exactly 40 cards, 100.2)",
)
ENGLISH_TCG = DeckRules(
    checks=(section_size(MAIN, "main deck", DECK_SIZE, 10_000, "the English TCG's rules"), *REST),
    name="english-tcg",
    label="the English TCG's rules (a main deck of at least 40 cards)",
)
"""The English TCG's deck size: at least 40 cards; the other rules as :data:`CHECKS`."""

FORMAT = DeckFormat(
    game="duelmasters",
    sections=(
        SectionSpec(MAIN, "main deck", ("deck", "main", "maindeck", "main deck"), "deck"),
        SectionSpec(
            HYPERSPATIAL,
            "hyperspatial zone",
            (
                "hyperspatial",
                "hyper spatial",
                "hyperspatial zone",
                "psychic",
                "psychics",
                "psychic creatures",
                "hyperspace",
            ),
            "hyperspatial",
        ),
        SectionSpec(
            GR,
            "super gacharange zone",
            (
                "super gacharange",
                "super gacharange zone",
                "gacharange",
                "gr",
                "gr zone",
                "super gr",
                "gr creatures",
            ),
            "super_gr",
        ),
    ),
    default=MAIN,
    rules=GENERAL,
    variants=(ENGLISH_TCG,),
)
