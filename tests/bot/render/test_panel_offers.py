"""The console prints every offer whole: over the states of random games of the four games, a player's
private panel, page after page, shows each offer with every field it asks for and every option of each
(by pages of 25, as Discord's menus show them; a run of cards its viewer does not know as one range),
never a list cut before its destination; each page within Discord's limits."""

from __future__ import annotations

import re

import pytest

from bot.render import limits
from bot.render import match as mr
from bot.render.panel import Panel
from engine.games import game_keys
from engine.match.actions import CardAt
from engine.match.games import game_definition
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed, offers
from engine.match.simulate import random_walk
from engine.match.state import MatchState
from engine.match.view import view

STEPS = 200
"""States of one random game of each game, every fourth one read."""


def _pages(state: MatchState, seat: int, listed: list[Offer]) -> list[Panel]:
    seen = view(state, seat)
    first = mr.hand_panel(seen, listed, match_id=1, seat=seat)
    found = re.search(r"page 1 of (\d+)", first.body)
    count = int(found[1]) if found else 1
    return [first] + [mr.hand_panel(seen, listed, match_id=1, seat=seat, page=n) for n in range(2, count + 1)]


def _within_limits(panel: Panel) -> None:
    total = len(panel.title) + len(panel.body) + len(panel.footer)
    total += sum(len(name) + len(value) for name, value in panel.fields)
    assert total <= limits.EMBED_TOTAL, total
    assert len(panel.fields) <= limits.EMBED_FIELDS
    assert all(len(value) <= limits.FIELD_VALUE for _, value in panel.fields)


def _offer_text(text: str, number: int) -> str:
    """The lines of offer ``number`` on a panel: its row, or its label line and the lines under it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{number}. "))
    out = [lines[start]]
    for line in lines[start + 1 :]:
        if not line.startswith("  · "):
            break
        out.append(line)
    return "\n".join(out)


def _numbered(text: str, count: int) -> bool:
    """Whether options 1 to ``count`` are all numbered in ``text`` (one by one, or in ranges)."""
    shown: set[int] = set()
    for first, last in re.findall(r"(?<![\w#-])(\d+)(?:-(\d+))?=", text):
        shown.update(range(int(first), int(last or first) + 1))
    return set(range(1, count + 1)) <= shown


@pytest.mark.parametrize("game", game_keys())
def test_every_field_and_option_of_every_offer_is_printed(game: str) -> None:
    definition = game_definition(game)
    checked = 0
    for index, state in enumerate(random_walk(definition, 5, steps=STEPS)):
        if index % 4:
            continue
        for seat in (0, 1):
            listed = offers(state, seat)
            pages = _pages(state, seat, listed)
            for panel in pages:
                _within_limits(panel)
            text = "\n".join(value for panel in pages for _, value in panel.fields)
            for number, offer in enumerate(listed, 1):
                shown = _offer_text(text, number)
                assert offer.label in shown, (number, offer.label)
                for need in offer.needs:
                    assert f"{need.field}: " in shown, (offer.label, need.field, shown[:300])
                    if isinstance(need, CardsNeed | PickNeed):
                        assert _numbered(shown.split(f"{need.field}: ", 1)[1], len(need.options)), (
                            offer.label,
                            need.field,
                            shown,
                        )
                        if len(need.options) > mr.MENU_PAGE:
                            assert "(page 2)" in shown
                    elif isinstance(need, NumberNeed):
                        assert f"from {need.low} to {need.high}" in shown
                checked += 1
    assert checked > 500, checked


def test_cards_the_viewer_does_not_know_read_as_one_range_by_menu_page() -> None:
    """A deck's 30 positions read "1-25=deck #1-#25, (page 2) 26-30=deck #26-#30": every number, no
    wall of "deck #n"; a card named between them breaks the run; the other player's zone says whose."""
    state = next(iter(random_walk(game_definition("duelmasters"), 1, steps=0)))
    seen = view(state, 0)
    deck = tuple(CardAt(zone="deck", player=0, index=i) for i in range(30))
    need = CardsNeed("cards", deck, 1, 30, single=False)
    assert mr.need_text(need, seen) == (
        "cards: 1 to 30 card(s) of (page 1) 1-25=deck #1-#25, (page 2) 26-30=deck #26-#30"
    )
    hand = state.zone("hand", 0)
    name = state.ref(hand[0]).name
    mixed = CardsNeed(
        "cards", (deck[0], deck[1], CardAt(zone="hand", player=0, index=0), deck[2]), 1, 4, single=False
    )
    assert (
        mr.need_text(mixed, seen) == f"cards: 1 to 4 card(s) of 1-2=deck #1-#2, 3=hand #1 {name}, 4=deck #3"
    )
    theirs = CardsNeed("cards", (CardAt(zone="shields", player=1, index=0),), single=False)
    assert mr.need_text(theirs, seen) == f"cards: 1 card(s) of 1={state.match.players[1]}'s shield zone #1"
