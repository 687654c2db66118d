"""What the card query language can filter on: each card flattened into ``(key, num, txt)`` rows.

The store keeps these rows in ``card_values`` (one row per value; list stats give one row per item),
so a query such as ``power>=10000`` or ``race:dragon`` compiles to an ``EXISTS`` over that table.
Text values are folded (case and accents) with :func:`engine.rules.search.fold`.
"""

from __future__ import annotations

from engine.cards.model import CardRecord, StatValue
from engine.games import GAMES
from engine.rules.search import fold

ValueRow = tuple[str, int | None, str | None]


def _rows(key: str, value: StatValue) -> list[ValueRow]:
    if isinstance(value, bool):
        return [(key, int(value), None)]
    if isinstance(value, int):
        return [(key, value, str(value))]
    if isinstance(value, list):
        return [(key, None, fold(item)) for item in value if item]
    return [(key, None, fold(value))] if value else []


def searchable_values(card: CardRecord) -> list[ValueRow]:
    """Every filterable value of a card, its faces included.

    Keys: ``type``, ``cost``, ``set``, ``rarity``, ``keyword`` (for Vanguard also the skill icon),
    and each stat key of the game's stats model (``power``, ``grade``, ``civilizations``, ``race``,
    ``atk``, ``defense``...).
    """
    rows: list[ValueRow] = []
    for type_ in [*card.types, *(t for face in card.faces for t in face.types)]:
        rows.extend(_rows("type", type_))
    if card.cost_value is not None:
        rows.append(("cost", card.cost_value, card.cost and fold(card.cost)))
    if card.set:
        rows.extend(_rows("set", card.set))
    if card.rarity:
        rows.extend(_rows("rarity", card.rarity))
    for keyword in card.keywords:
        rows.extend(_rows("keyword", keyword))
    game = GAMES.get(card.game)
    for stat in game.keyword_stats if game is not None else ():
        # Vanguard prints Boost, Intercept and Twin Drive!! as a skill icon rather than in the text,
        # but players call them keywords: `k:intercept` finds them as `skill:intercept` does.
        for stats in (card.stats, *(face.stats for face in card.faces)):
            value = stats.get(stat)
            if isinstance(value, str):
                rows.extend(_rows("keyword", value))
    for stats in (card.stats, *(face.stats for face in card.faces)):
        for key, value in stats.items():
            rows.extend(_rows(key, value))
    return list(dict.fromkeys(rows))
