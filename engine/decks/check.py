"""Checking a decklist against its game's deck construction rules, and building blocks for the rules.

Each game's rules are functions ``(decklist, lookup) -> (problems, unchecked)``. Counting rules need
no card data; rules about card types (a Vanguard deck's triggers, a Force of Will ruler) use the
``lookup`` (card data by exact name) and, without it or for a card it does not know, say what could
not be checked instead of guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from engine.decks.model import CardLookup, Decklist, DeckReport

Check = Callable[[Decklist, CardLookup | None], tuple[list[str], list[str]]]


def cards_word(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def section_size(section: str, label: str, low: int, high: int, rule: str) -> Check:
    """The section holds between ``low`` and ``high`` cards (``low == high``: exactly)."""

    def check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
        count = deck.count(section)
        if low <= count <= high:
            return [], []
        if high == 0:
            wanted = "no cards"
        elif low == high:
            wanted = f"exactly {cards_word(low)}"
        elif high >= 10_000:
            wanted = f"at least {cards_word(low)}"
        else:
            wanted = f"{low} to {high} cards"
        return [f"The {label} needs {wanted} ({rule}); it has {cards_word(count)}."], []

    return check


def copy_limit(
    limit: int,
    sections: Iterable[str],
    rule: str,
    exempt: Callable[[str, object | None], bool] | None = None,
    *,
    exempt_unchecked: str = "",
) -> Check:
    """At most ``limit`` copies of a card name over ``sections``. ``exempt(name, record)`` frees a card
    from the limit (basic magic stones); without card data such a card is reported as unchecked."""
    keys = tuple(sections)

    def check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
        problems: list[str] = []
        unchecked: list[str] = []
        for name, count in sorted(deck.names(*keys).items()):
            if count <= limit:
                continue
            if exempt is not None:
                record = lookup(name) if lookup is not None else None
                if exempt(name, record):
                    continue
                if record is None and exempt_unchecked:
                    unchecked.append(exempt_unchecked.format(name=name))
                    continue
            problems.append(f"{count} copies of {name}: at most {limit} of a card ({rule}).")
        return problems, unchecked

    return check


def unknown_cards(deck: Decklist, lookup: CardLookup | None) -> list[str]:
    """Names the card data does not know (empty without card data)."""
    if lookup is None:
        return []
    return sorted({entry.name for _, entry in deck.all_entries() if lookup(entry.name) is None})


def _shown(name: str, suggestions: Mapping[str, Sequence[str]]) -> str:
    offered = list(suggestions.get(name, ()))[:3]
    if not offered:
        return name
    return f"{name} (did you mean {' or '.join(offered)}?)"


def run_checks(
    game: str,
    deck: Decklist,
    checks: Iterable[Check],
    lookup: CardLookup | None,
    labels: dict[str, str],
    *,
    rules: str = "",
    suggestions: Mapping[str, Sequence[str]] | None = None,
) -> DeckReport:
    """Run every check and gather a report (counts by section label, sections with cards or rules).

    ``rules`` names the deck rules applied where the game has a choice; ``suggestions`` are close card
    names for names the card data does not know, shown as a did-you-mean beside each (offered, never
    substituted)."""
    problems: list[str] = []
    unchecked: list[str] = []
    for check in checks:
        found, missing = check(deck, lookup)
        problems += found
        unchecked += missing
    unknown = unknown_cards(deck, lookup)
    offered = {name: list(suggestions[name]) for name in unknown if suggestions and suggestions.get(name)}
    if unknown:
        shown = "; ".join(_shown(name, offered) for name in unknown[:10])
        shown += f" and {len(unknown) - 10} more" if len(unknown) > 10 else ""
        unchecked.append(f"cards not in the imported card data: {shown}")
    elif lookup is None:
        unchecked.append("card types and names (no card data imported for this game)")
    counts = {labels[key]: deck.count(key) for key in labels}
    total = sum(entry.count for _, entry in deck.all_entries())
    not_found = set(unknown)
    copies = sum(entry.count for _, entry in deck.all_entries() if entry.name in not_found)
    return DeckReport(
        game,
        counts,
        problems,
        list(dict.fromkeys(unchecked)),
        rules=rules,
        cards=total,
        unknown=copies,
        suggestions=offered,
        card_data=lookup is not None,
    )
