"""The game-definition contract (engine.match.game): setup, structure checks, automatic procedures,
loss checks at the check timing, game data on the board, card stats, and the simulator.

A small definition on a copy of the demo spec stands in for a real game: it deals an opening hand,
forbids ending the turn outside the end phase, draws automatically for the new active player, has
one game action ("hits" a player for damage equal to the power in the attacking card's stats) and
loses a player at 3 damage or an empty deck.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

import pytest
from pydantic import Field

from engine.match import actions as a
from engine.match.apply import HandlerResult, apply, move_cards, register_handler
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.game import GameDefinition, definition_for, refuse, register_definition
from engine.match.render import register_line, render_all
from engine.match.setup import new_match
from engine.match.simulate import SimulationError, check_invariants, simulate, simulate_game
from engine.match.state import CardRef, MatchState, state_digest
from engine.match.view import view
from tests.engine.match.demo import DEMO_SPEC, PLAYERS

SPEC = DEMO_SPEC.model_copy(update={"key": "hooks_demo", "name": "Hooks Demo"})
OTHER_SPEC = DEMO_SPEC.model_copy(update={"key": "hooks_other", "name": "Other Demo"})
LOSING_DAMAGE = 3


class Hit(a.BaseAction):
    """Deal the top card of the field's power in damage to the opponent (a stand-in for a battle)."""

    type: Literal["hooks_hit"] = "hooks_hit"
    power: int | None = Field(default=None, ge=0, le=10)


def _hit(state: MatchState, action: Hit) -> HandlerResult:
    field = state.zone("field", action.actor)
    if not field:
        refuse("You have no unit on your field to hit with.")
    power = state.ref(field[0]).stat("power", action.power)
    if power is None:
        refuse("That card's power is not known; enter it.")
    assert isinstance(power, int)
    target = 1 - action.actor
    values = list(state.board.values[target])
    values[1] += power
    board = state.board.evolve(
        values=tuple(tuple(values) if seat == target else v for seat, v in enumerate(state.board.values))
    )
    board = board.with_data(hits=state.board.data("hits", 0) + 1)
    return board, [Event("hooks_hit", action.actor, (), {"power": power})], None


register_handler(Hit, _hit)
register_line(
    "hooks_hit", lambda line: f"{line.subject()} {line.verb('hit')} for {line.event.data['power']}."
)
register_line("hooks_auto_draw", lambda line: f"{line.name(line.event.actor)} draws for the turn.")


class HooksDemo(GameDefinition):
    spec = SPEC
    actions = (Hit,)

    def setup(self, state: MatchState) -> MatchState:
        board = state.board
        for seat in (0, 1):
            deck = state.match.slot_of[("deck", seat)]
            picks = [(deck, card) for card in board.zones[deck][:3]]
            board, _ = move_cards(state, board, seat, picks, state.match.slot_of[("hand", seat)], kind="draw")
        return state.evolve(board=board.with_data(opening=3))

    def allows(self, state: MatchState, action: a.BaseAction) -> None:
        phase = state.spec.phases[state.board.phase].name
        if isinstance(action, a.PassTurn) and phase != "end":
            refuse("End the turn from the end phase.")

    def settle(self, state: MatchState, action: a.BaseAction) -> tuple[MatchState, list[Event]]:
        if not isinstance(action, a.PassTurn):
            return state, []
        seat = state.board.active
        deck = state.match.slot_of[("deck", seat)]
        ids = state.board.zones[deck]
        if not ids:
            return state, []
        board, event = move_cards(
            state, state.board, seat, [(deck, ids[0])], state.match.slot_of[("hand", seat)]
        )
        return state.evolve(board=board), [event, Event("hooks_auto_draw", seat)]

    def losers(self, state: MatchState) -> list[tuple[int, str]]:
        out = []
        for seat in (0, 1):
            if state.value(seat, "damage") >= LOSING_DAMAGE:
                out.append((seat, f"{LOSING_DAMAGE} damage"))
            elif not state.zone("deck", seat):
                out.append((seat, "empty deck"))
        return out

    def view(self, state: MatchState, viewer: int | None) -> dict[str, object]:
        return {"hits": state.board.data("hits", 0)}

    def check_invariants(self, state: MatchState) -> None:
        assert state.board.data("opening") == 3

    def random_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        return {
            "deck": [
                CardRef(f"Unit {n:02d}", f"U-{n:02d}", (("power", rng.randrange(3)),)) for n in range(12)
            ]
        }

    def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[a.BaseAction]:
        actor = state.board.active
        version = state.version
        phase = state.spec.phases[state.board.phase].name
        if phase == "main" and state.zone("hand", actor) and rng.random() < 0.7:
            yield a.Move(
                actor=actor,
                version=version,
                cards=(a.CardAt(zone="hand", index=0),),
                to=a.ZoneRef(zone="field"),
            )
        if phase == "battle" and rng.random() < 0.8:
            yield Hit(actor=actor, version=version)
        yield a.NextPhase(actor=actor, version=version)
        yield a.PassTurn(actor=actor, version=version)


class OtherDemo(GameDefinition):
    spec = OTHER_SPEC


register_definition(HooksDemo())
register_definition(OtherDemo())


def decks(powers: bool = True) -> list[dict[str, list[CardRef]]]:
    stats = (("power", 1),) if powers else ()
    return [{"deck": [CardRef(f"{side} {n:02d}", "", stats) for n in range(8)]} for side in ("Red", "Blue")]


def start(**kwargs: object) -> MatchState:
    return new_match(SPEC, PLAYERS, decks(**kwargs), bytes(32), first_player=0)  # type: ignore[arg-type]


def go(
    state: MatchState, action_type: type[a.BaseAction], **fields: object
) -> tuple[MatchState, list[Event]]:
    actor = fields.pop("actor", state.board.active)
    return apply(state, action_type(actor=actor, version=state.version, **fields))


def test_setup_runs_after_the_generic_setup() -> None:
    state = start()
    assert [len(state.zone("hand", seat)) for seat in (0, 1)] == [3, 3]
    assert [len(state.zone("deck", seat)) for seat in (0, 1)] == [5, 5]
    assert state.board.data("opening") == 3 and state.version == 0
    assert definition_for(state) is not None and definition_for("demo") is None


def test_allows_refuses_with_one_sentence_and_changes_nothing() -> None:
    state = start()
    with pytest.raises(ActionRefused, match=r"^End the turn from the end phase\.$"):
        go(state, a.PassTurn)
    state, _ = go(state, a.NextPhase, to="end")
    state, events = go(state, a.PassTurn)
    assert state.board.active == 1 and len(state.zone("hand", 1)) == 4
    assert [event.kind for event in events][-1] == "hooks_auto_draw"
    assert render_all(events, state, 0)[-1] == "Bob draws for the turn."


def test_a_game_action_reads_card_stats_and_game_data() -> None:
    state, _ = go(start(), a.Move, cards=(a.CardAt(zone="hand", index=0),), to=a.ZoneRef(zone="field"))
    state, events = go(state, Hit)
    assert state.value(1, "damage") == 1 and state.board.data("hits") == 1
    assert view(state, 1)["game_data"] == {"hits": 1}
    assert render_all(events, state, None) == ["Alice hits for 1."]


def test_a_missing_stat_is_entered_by_the_player() -> None:
    state, _ = go(
        start(powers=False), a.Move, cards=(a.CardAt(zone="hand", index=0),), to=a.ZoneRef(zone="field")
    )
    with pytest.raises(ActionRefused, match=r"power is not known"):
        go(state, Hit)
    state, _ = go(state, Hit, power=2)
    assert state.value(1, "damage") == 2


def test_a_loss_at_the_check_timing_ends_the_match() -> None:
    state, _ = go(start(), a.Move, cards=(a.CardAt(zone="hand", index=0),), to=a.ZoneRef(zone="field"))
    for _ in range(LOSING_DAMAGE):
        state, events = go(state, Hit)
    assert state.status == "ended" and state.winner == 0 and state.end_reason == "Bob: 3 damage"
    assert events[-1].kind == "end" and events[-1].data["seed"] == bytes(32).hex()
    with pytest.raises(ActionRefused, match=r"^The match is over\.$"):
        go(state, Hit)


def test_both_players_losing_at_once_is_a_draw() -> None:
    state = start()
    both_empty = state.evolve(
        board=state.board.evolve(
            zones=tuple(
                () if state.match.slot_spec[slot].name == "deck" else ids
                for slot, ids in enumerate(state.board.zones)
            )
        )
    )
    # The cards taken out of the decks are not needed: only the loss check is exercised here.
    ended, _ = go(both_empty, a.Note, text="check")
    assert ended.status == "ended" and ended.winner is None
    assert ended.end_reason == "draw (Alice: empty deck; Bob: empty deck)"


def test_another_games_action_is_refused() -> None:
    state = new_match(OTHER_SPEC, PLAYERS, decks(), bytes(32), first_player=0)
    with pytest.raises(ActionRefused, match=r"^Other Demo has no 'hooks_hit' action\.$"):
        go(state, Hit)


def test_game_data_and_stats_survive_a_snapshot() -> None:
    state, _ = go(start(), a.Move, cards=(a.CardAt(zone="hand", index=0),), to=a.ZoneRef(zone="field"))
    state, _ = go(state, Hit)
    again = MatchState.from_json(state.to_json(), SPEC)
    assert again == state and state_digest(again) == state_digest(state)
    assert again.match.table[0].stats == (("power", 1),)
    assert again.board.data("hits") == 1


def test_game_data_holds_frozen_json_values() -> None:
    board = start().board.with_data(battle={"attacker": 3, "targets": [1, 2]}, pending=[0, [1, 2]])
    assert board.data("pending") == (0, (1, 2))
    assert board.data("battle") == (("attacker", 3), ("targets", (1, 2)))
    assert board.with_data(pending=None).data("pending") is None
    with pytest.raises(TypeError):
        board.with_data(bad=object())


def test_the_simulator_plays_to_the_end_and_replays() -> None:
    results = simulate(HooksDemo(), games=5, seed=3)
    assert [r.game for r in results] == [1, 2, 3, 4, 5]
    for result in results:
        assert result.reason and result.actions > 0 and result.turns >= 1
        assert result.winner in ("Player 1", "Player 2", None)
    assert simulate(HooksDemo(), games=2, seed=3) == results[:2]


def test_the_simulator_reports_a_stall_and_a_game_that_never_ends() -> None:
    class Stalls(HooksDemo):
        def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[a.BaseAction]:
            yield a.PassTurn(actor=state.board.active, version=state.version)

    with pytest.raises(SimulationError, match="no offered action was accepted"):
        simulate_game(Stalls(), 1, 1)

    class Dawdles(HooksDemo):
        def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[a.BaseAction]:
            yield a.Note(actor=0, version=state.version, text="thinking")

    with pytest.raises(SimulationError, match="did not end after 50 actions"):
        simulate_game(Dawdles(), 1, 1, max_actions=50)


def test_the_invariant_checker_catches_a_lost_card_and_a_leak() -> None:
    state = start()
    check_invariants(state, HooksDemo())
    deck = state.slot("deck", 0)
    zones = list(state.board.zones)
    zones[deck] = zones[deck][1:]
    with pytest.raises(AssertionError, match="in no zone"):
        check_invariants(state.evolve(board=state.board.evolve(zones=tuple(zones))))
    hand = state.zone("hand", 0)[0]
    cards = list(state.board.cards)
    cards[hand] = cards[hand].with_known(0)
    with pytest.raises(AssertionError, match="not known by who sees it"):
        check_invariants(state.evolve(board=state.board.evolve(cards=tuple(cards))))
