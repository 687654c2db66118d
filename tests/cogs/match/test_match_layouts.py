"""A match's places as Discord's Components V2 layouts, over random games of the four games (the
states :func:`engine.match.simulate.random_walk` goes through, both seats): a player's private panel
shows at most twelve buttons at once outside **More**, every offer is a button of its own or behind
More, each card's button takes that card, and no panel or board goes past Discord's 40 components or
4,000 characters of text, as discord.py builds them and as the fake wire checks them; a panel names no
card its player does not know; the board beside its picture says the counts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import cogs.match.components as mc
from bot.actions.match_tables import SeatPanel, Table
from bot.render import layout as ly
from bot.render import limits
from bot.render import match as mr
from bot.reply import answer
from bot.simulation.match_play import leaked_names
from engine.games import game_keys
from engine.match.games import game_definition
from engine.match.offers import CardsNeed, Offer, PickNeed, offers
from engine.match.simulate import random_walk
from engine.match.state import MatchState
from engine.match.view import view
from tests.discord.fake_discord import count_components, layout_problems, layout_text

SEEDS = range(4)
STEPS = 400
WHERE = " · board: <#1234567890123456789>"
NOTE = "⚠️ The match has moved on since that panel; here it is now."


def _states(game: str) -> Iterator[MatchState]:
    definition = game_definition(game)
    for seed in SEEDS:
        yield from random_walk(definition, seed, steps=STEPS)


def _seat_panel(state: MatchState, seat: int, listed: list[Offer]) -> SeatPanel:
    seen = view(state, seat)
    table = Table(1, state.match.spec.name, ((11, "Player 1"), (12, "Player 2")), state.version, None, True)
    return SeatPanel(table, seat, None, tuple(listed), seen)


async def _payload(view_: Any) -> list[dict[str, Any]]:
    components: list[dict[str, Any]] = view_.to_components()
    return components


def _first_choice(offer: Offer) -> CardsNeed | PickNeed:
    return next(need for need in offer.needs if isinstance(need, CardsNeed | PickNeed))


@pytest.mark.parametrize("game", sorted(game_keys()))
async def test_every_private_panel_fits_a_phone_and_discord(game: str) -> None:
    busiest: tuple[int, int, int] = (0, 0, 0)
    for state in _states(game):
        for seat in (0, 1):
            listed = offers(state, seat)
            panel = _seat_panel(state, seat, listed)
            layout = mc.seat_layout(panel, where=WHERE, note=NOTE)
            presses = ly.presses(layout)
            assert len(presses) <= mr.MOST_CONTROLS, [p.label for p in presses]
            assert ly.fits(layout), (ly.components(layout), ly.text_length(layout))
            # every offer is a button of its own or behind More, once
            shown = [int(p.key[1]) for p in presses if p.key[0] == "offer"]
            assert sorted([*shown, *layout.more]) == list(range(1, len(listed) + 1))
            assert bool(layout.more) == any(p.key[0] == "more" for p in presses)
            now = [n for n, offer in enumerate(listed, 1) if offer.group == "now"]
            assert shown[: min(len(now), mr.NOW_MOST)] == now[: mr.NOW_MOST], "the step's decision first"
            # a card's button takes that card of the hand, with the offer's own first choice
            for press in presses:
                if press.key[0] == "card":
                    number, option = int(press.key[1]), int(press.key[2])
                    offer = listed[number - 1]
                    chosen = _first_choice(offer).options[option - 1]
                    assert chosen.zone == "hand" and chosen.player == seat
                    assert press.label == limits.truncate(offer.label, 40)
            # as discord.py builds it and as Discord checks it
            built = mc.seat_view(panel, layout)
            components = await _payload(built)
            assert not layout_problems(components), layout_problems(components)
            assert count_components(components) == ly.components(layout) == built.total_children_count
            assert layout_text(components) == ly.text_length(layout)
            text = "\n".join(ly.texts(layout)) + "\n".join(p.label for p in presses)
            assert not leaked_names(state, seat, text)
            if ly.components(layout) > busiest[0]:
                busiest = (ly.components(layout), len(presses), ly.text_length(layout))
            if layout.more:
                more = await _payload(mc.more_view(panel, page=len(layout.more) // mc.MENU_OPTIONS))
                assert not layout_problems(more), layout_problems(more)
    print(f"{game}: busiest panel {busiest[0]} components, {busiest[1]} buttons, {busiest[2]} characters")
    assert busiest[0] <= 40


@pytest.mark.parametrize("game", sorted(game_keys()))
async def test_every_board_fits_discord_and_says_the_counts_beside_its_picture(game: str) -> None:
    for n, state in enumerate(_states(game)):
        if n % 5:
            continue
        seen = view(state, None)
        lines = [f"line {i}" for i in range(8)]
        for counts in (True, False):
            panel = mr.board_panel(seen, lines, match_id=1, notes=["Clock: 3:00 each"], counts=counts)
            if counts:
                panel = mr.with_picture(panel, seen, match_id=1)
            layout = mc.board_layout(answer(panel), 1)
            assert ly.fits(layout), (ly.components(layout), ly.text_length(layout))
            components = await _payload(mc.board_view(1, layout))
            names = [name for name, _ in layout.files]
            assert not layout_problems(components, names), layout_problems(components, names)
            assert any(isinstance(block, ly.Picture) for block in layout.blocks) == counts
            if not counts:
                continue
            text = "\n".join(ly.texts(layout))
            for zone in seen["zones"]:
                if zone["player"] is not None and (zone["count"] or zone["zone"] == "hand"):
                    assert f"{zone['label']} {zone['count']}" in text, (zone["label"], text)
            cards = [card for zone in seen["zones"] for card in zone["cards"] if card.get("name")]
            noted = {card["name"] for card in cards if str(card.get("handle")) in mr_notes(seen)}
            named = {card["name"] for card in cards} - noted
            assert not [name for name in named if re.search(rf"\b{re.escape(name)}\b", text)], (
                "beside its picture the board names only cards whose game says something of them now"
            )


def mr_notes(seen: dict[str, Any]) -> dict[str, str]:
    return (seen.get("game_data") or {}).get("card_notes") or {}
