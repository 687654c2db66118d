"""No offer acts on a place where it means nothing, over the states of random games of the four games.

- A shuffle, a look, a search or a reveal of the top acts on a pile whose cards its seat does not see
  (a deck, a shield zone): never on a circle, a battle zone or a field (a card's place, or cards seen
  one by one), a hand its seat holds, a graveyard; a shuffle on two cards or more, and nothing on an
  empty pile (Duel Masters 701.10a, 701.11a; Vanguard 10.10.1, 10.11.1).
- A move (the generic one or a card text preset) never takes a card the seat knows into a zone that
  cannot hold its kind, as each game's rules say, restated here from the rules: Duel Masters'
  hyperspatial and super gacharange zones (117.1, 118.1, 407, 408), Vanguard's G zone and G units
  (4.6.9, 4.11, 5.3.3), Force of Will's field, ruler area and magic stone deck (305, 307.1, 308.1),
  Gate Ruler's ruler, attack, defense, set and field zones (3-7c, 3-8d, 3-9d, 3-10c, 3-11c); nor a card
  the seat does not know into a zone that cannot hold what its zone holds (a deck card into a G zone).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.games import game_keys
from engine.match.actions import CardAt, ZoneRef
from engine.match.games import game_definition
from engine.match.offers import PILE_USES, CardsNeed, Offer, PickNeed, offers
from engine.match.simulate import random_walk
from engine.match.state import CardRef, MatchState

GAMES = 2
STEPS = 300

Holds = Callable[[str, CardRef | None, str], bool]
"""Whether zone ``zone`` may hold a card with card data ``ref`` (None: a card its seat does not know)
that is now in zone ``source``."""


def _dm(zone: str, ref: CardRef | None, source: str) -> bool:
    home = ref.stat("home") if ref is not None else {"super_gr": "super_gr"}.get(source)
    if home in ("hyperspatial", "super_gr"):
        return zone in ("battle_zone", home)  # 117.1, 118.1
    return zone not in ("hyperspatial", "super_gr")  # 407, 408


def _vg(g_units: frozenset[int]) -> Callable[[int], Holds]:
    def holds_for(card_id: int) -> Holds:
        def holds(zone: str, ref: CardRef | None, source: str) -> bool:
            if card_id in g_units:
                return zone == "gzone" or zone in ("vc", "gc") or zone.startswith("rc_")  # 4.6.9
            return zone != "gzone"  # 4.11, 5.3.3

        return holds

    return holds_for


def _fow(zone: str, ref: CardRef | None, source: str) -> bool:
    kind = str(ref.stat("type") or "").lower() if ref is not None else ""
    if ref is None and source == "stone_deck":
        kind = "magic stone"
    if zone == "stone_deck":
        return kind == "magic stone" or (ref is not None and not kind)  # 305
    if zone == "ruler_area":
        return kind == "ruler" or (ref is not None and not kind)  # 308.1
    if zone == "field":
        return kind not in ("chant", "rune")  # 307.1
    return True


def _gr(zone: str, ref: CardRef | None, source: str) -> bool:
    kind = str(ref.stat("type") or "") if ref is not None else ""
    if ref is None:
        kind = {"attack": "unit", "defense": "unit", "set": "event", "field": "field"}.get(source, "")
    if zone == "ruler":
        return kind in ("ruler", "geas")  # 3-7c
    if zone in ("attack", "defense"):
        return kind in ("unit", "")  # 3-8d, 3-9d
    if zone == "field":
        return kind in ("field", "")  # 3-11c
    if zone == "set":
        return kind in ("event", "")  # 3-10c, 3-10c-1
    return True


def _holds(game: str, state: MatchState) -> Callable[[int], Holds]:
    if game == "vanguard":
        return _vg(frozenset(state.board.data("g_units", ())))
    table = {"duelmasters": _dm, "forceofwill": _fow, "gateruler": _gr}[game]
    return lambda _: table


def _destinations(offer: Offer) -> tuple[ZoneRef, ...]:
    fixed = dict(offer.fixed)
    if "to" in fixed:
        return (fixed["to"],)
    return next(need.options for need in offer.needs if isinstance(need, PickNeed) and need.field == "to")


def _cards(offer: Offer) -> tuple[CardAt, ...]:
    fixed = dict(offer.fixed)
    if "cards" in fixed:
        return tuple(fixed["cards"])
    return next(need.options for need in offer.needs if isinstance(need, CardsNeed) and need.field == "cards")


def _check_pile(state: MatchState, seat: int, offer: Offer) -> None:
    zone = dict(offer.fixed)["zone"]
    spec = state.match.zone_specs[zone.zone]
    player = None if spec.shared else (seat if zone.player is None else zone.player)
    count = len(state.zone(zone.zone, player))
    seen = spec.sees(spec.default_face == "up")
    what = f"{offer.label} ({offer.type} of {zone.zone})"
    assert not spec.orientable, f"{what}: a zone of cards in play is no pile"
    assert seen != "everyone" and not (seen in ("owner", "controller") and player == seat), (
        f"{what}: its cards are seen"
    )
    assert count >= (2 if offer.type == "shuffle" else 1), f"{what}: {count} card(s)"
    if offer.type != "search":
        assert spec.ordered, f"{what}: the zone keeps no order"


def _check_move(state: MatchState, seat: int, offer: Offer, holds_for: Callable[[int], Holds]) -> None:
    table = state.match.table
    for at in _cards(offer):
        card_id = state.zone(at.zone, at.player)[at.index]
        ref = table[state.board.cards[card_id].ref] if state.knows(seat, card_id) else None
        holds = holds_for(card_id)
        for to in _destinations(offer):
            assert holds(to.zone, ref, at.zone), (
                f"{offer.label}: {ref.name if ref else 'an unknown card'} of {at.zone} into {to.zone}"
            )


def _states(game: str) -> list[MatchState]:
    definition = game_definition(game)
    return [state for seed in range(1, GAMES + 1) for state in random_walk(definition, seed, steps=STEPS)]


@pytest.mark.parametrize("game", game_keys())
def test_no_offer_acts_on_a_place_where_it_means_nothing(game: str) -> None:
    seen: dict[str, int] = {"pile": 0, "move": 0}
    for state in _states(game):
        holds_for = _holds(game, state)
        for seat in (0, 1):
            for offer in offers(state, seat):
                if offer.type in PILE_USES:
                    _check_pile(state, seat, offer)
                    seen["pile"] += 1
                elif offer.type == "move":
                    _check_move(state, seat, offer, holds_for)
                    seen["move"] += 1
    assert seen["pile"] > 100 and seen["move"] > 100, seen
