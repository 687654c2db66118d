"""Card names through the service, over the real public data sets in a real SQLite file: a card's own
name wins over another card's face, a did-you-mean never suggests the query that failed, and a
different card sharing a long title is offered rather than chosen."""

from __future__ import annotations

from collections import defaultdict

from bot.app import App
from bot.render.cards import card_panel, miss_panel
from bot.services.cards import CardMiss, CardView
from engine.cards.names import normalise_name
from engine.games import GAMES


async def _own_names_that_are_faces(app: App, game: str) -> dict[str, set[str]]:
    """Every card name of ``game`` that another card also carries as a face: the name as printed,
    and the own names of the cards whose face it is."""
    rows = await app.cards.repo.name_rows(game)
    own = {normalise_name(name): name for _, name, _, _ in rows}
    shared: dict[str, set[str]] = defaultdict(set)
    for _, name, faces, _ in rows:
        for face in faces:
            norm = normalise_name(face)
            if norm in own and norm != normalise_name(name):
                shared[own[norm]].add(name)
    return shared


async def test_a_cards_own_name_wins_over_other_cards_faces(cards_app: App) -> None:
    checked = set()
    for game_key, expected in (("duelmasters", "Lost Soul"), ("forceofwill", "Flame of Outer World")):
        game = GAMES[game_key]
        shared = await _own_names_that_are_faces(cards_app, game_key)
        assert expected in shared and len(shared) >= 10, sorted(shared)
        found = await cards_app.cards.deck_lookup(game, list(shared))
        assert found is not None and set(found) == set(shared), set(shared) - set(found or {})
        for name, others in shared.items():
            view = await cards_app.cards.get(game, name)
            assert isinstance(view, CardView), (name, view)
            assert view.stored.card.name == name and found[name].name == name
            assert {other for _, other in view.shared_with} == others, name
            checked.add(name)
    lost = await cards_app.cards.get(GAMES["duelmasters"], "lost soul")
    assert isinstance(lost, CardView) and lost.stored.card.code == "DM-02 31/55"
    text = card_panel(lost).body
    assert "also a face of: Death Carl, Merciless King/Lost Soul" in text
    assert {"Lost Soul", "Super Spark", "Flame of Outer World", "Tina, Virtuous Stella"} <= checked


async def test_a_did_you_mean_suggests_names_that_find_each_card(cards_app: App) -> None:
    dm = GAMES["duelmasters"]
    query = "Baraghiara, Heavenly Earth Momentum"  # the creature half of four twinpacts
    miss = await cards_app.cards.get(dm, query)
    assert isinstance(miss, CardMiss) and len(miss.candidates) >= 2
    assert len(miss.lookups) == len(miss.candidates)
    for (card_id, _), lookup in zip(miss.candidates, miss.lookups, strict=True):
        assert normalise_name(lookup) != normalise_name(query)
        again = await cards_app.cards.get(dm, lookup)
        assert isinstance(again, CardView) and again.stored.id == card_id, lookup
    commands = miss_panel(miss, "duelmasters").commands
    assert commands and all(query not in command.split('"')[1:2] for command in commands)


async def test_a_different_card_sharing_a_long_title_is_offered_not_chosen(cards_app: App) -> None:
    vanguard = GAMES["vanguard"]
    kay = await cards_app.cards.get(vanguard, "Knight of Friendship, Kay")
    assert isinstance(kay, CardMiss), kay
    assert [label for _, label in kay.candidates] == ["Knight of Friendship, Cyrus"]
    typo = await cards_app.cards.get(vanguard, "knight of frendship cyrus")
    assert isinstance(typo, CardView) and typo.stored.card.name == "Knight of Friendship, Cyrus"
    found = await cards_app.cards.deck_lookup(vanguard, ["Knight of Friendship, Kay"])
    assert found == {}
