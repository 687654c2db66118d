"""Every card query example of the README and ``docs/card-query.md`` finds cards in the public data
sets (and the Gate Ruler cards shipped with Arbiter), and every example of a mistake is refused. The
examples are read from the two documents (:mod:`tests.bot.services.card_examples`), so a new one is tested
as soon as it is written."""

from __future__ import annotations

from bot.app import App
from engine.cards.query import QueryError
from engine.games import GAMES
from tests.bot.services.card_examples import ANY, Example, examples


def test_the_documents_hold_examples_for_every_game() -> None:
    found = examples()
    assert len(found) >= 60, [e.source for e in found]
    assert {e.game for e in found} >= {*GAMES, ANY}
    assert any(e.refused for e in found) and any(e.every_game for e in found)
    assert any(e.source.startswith("README.md") for e in found)
    first = next(e for e in found if e.source.startswith("README.md"))
    assert first.game == "duelmasters" and first.query.startswith("race:dragon")


async def _totals(app: App, example: Example) -> dict[str, int | str]:
    totals: dict[str, int | str] = {}
    for key in GAMES if example.game == ANY else [example.game]:
        try:
            totals[key] = (await app.cards.search(GAMES[key], example.query, per_page=1)).total
        except QueryError as error:
            totals[key] = f"refused: {error}"
    return totals


async def test_every_documented_query_finds_cards(cards_app: App) -> None:
    failures: list[str] = []
    for example in examples():
        totals = await _totals(cards_app, example)
        found = {key: total for key, total in totals.items() if isinstance(total, int) and total > 0}
        if example.refused:
            if any(isinstance(total, int) for total in totals.values()):
                failures.append(f"{example.source}: {example.query!r} should be refused: {totals}")
        elif example.every_game and len(found) < len(GAMES):
            failures.append(f"{example.source}: {example.query!r} finds nothing in some game: {totals}")
        elif not found:
            failures.append(f"{example.source}: {example.query!r} finds no card: {totals}")
    assert not failures, "\n".join(failures)


async def test_vanguard_skill_icons_are_keywords(cards_app: App) -> None:
    vanguard = GAMES["vanguard"]
    for skill in ("boost", "intercept", "twin drive"):
        by_keyword = await cards_app.cards.search(vanguard, f'k:"{skill}"', per_page=500)
        by_skill = await cards_app.cards.search(vanguard, f'skill:"{skill}"', per_page=500)
        assert by_keyword.total >= by_skill.total > 0, skill
        assert {c.id for c in by_skill.cards} <= {c.id for c in by_keyword.cards}


async def test_the_readmes_first_query_finds_big_dragons_that_are_not_fire(cards_app: App) -> None:
    dragons = await cards_app.cards.search(
        GAMES["duelmasters"], "race:dragon power>=6000 -civ:fire", per_page=50
    )
    assert dragons.total > 50
    for stored in dragons.cards:
        stats = stored.card.stats
        assert any("dragon" in race.lower() for race in stats.get("race", []))
        assert "Fire" not in stats.get("civilizations", [])
