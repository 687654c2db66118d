"""Duel Masters on the match engine (General Game Rules v1.38; model: ``games/duelmasters.md`` 3 and 6).

**Automated** (rule numbers in each function's docstring):

- zones with the rules' visibility and order (400-408): shields seen by nobody, their owner included
  (406.2); see :mod:`.spec`;
- setup (103): the generic setup shuffles each deck (103.2) and picks the first player at random
  (103.4); then each player puts the top 5 cards of their deck face down as shields and draws 5
  (103.3); the first player skips the draw of their first turn (103.5, 500.6). The rules have no
  mulligan, so there is no setup phase;
- the turn (500.1): the start of turn untap of the active player's battle zone and mana zone cards
  (501.1, 702.3a), the draw (502.1), one mana charge in the charge step (503.1-503.2; multicoloured
  cards enter tapped, 405.1), using cards in the main step with the mana payment checked (504.1,
  112.2a-c, 405.4), the attack step's loop of attacks (505.5) and its sub-steps skipped when no
  attacker is declared (506.2);
- the attack (506-510): attacker legality (untapped, no summoning sickness 301.5 unless Speed
  Attacker 101.2 or evolution 801.3, the opponent or a tapped creature as target 505.2, 506.1e), the
  attacker tapped (506.1c); the block declaration by the defender with an untapped Blocker (507.1a-d);
  the battle by power, ties destroying both (508.1, 115.3b, 701.13, 703.4d); the shield break of as many
  shields as the attacker breaks (509.2-509.3, 701.14), the broken shields going to their owner's hand
  with a Shield Trigger declaration (509.3a, 509.3c, 112.3a); the end of the attack (510);
- psychic and dragheart cards put anywhere but the battle zone return to the hyperspatial zone (117.1,
  804.4b, 806.4b), gacharange cards to the bottom of the super gacharange zone (118.1), when card data
  gives their ``home``;
- losses at every check (after each action): a player whose deck has 0 cards (104.2b, 703.4b) and a
  player attacked directly with no shields (104.2a, 509.1, 703.4a); both at once is a draw (the rules
  are silent; the model's default).

**Left to the players** (with the generic actions: move, tap, reveal, search, shuffle, counters...):
everything card text does (101.1): resolving abilities and spells, standby effects and their order
(101.4, 603), replacement effects (609), declarations of usage such as Ninja Strike and Revolution Change
(506.3b, 506.3d: the defender holds priority in the block declaration step when they have a card in
hand or a possible blocker), Strike Back (509.3b), "before the break" abilities (509.3, 603.7), Win All
Battles (115.3c), cost changes (entered as ``cost``), power changes (entered as ``power``), evolution
stacking (801), seals (116), awakening and links (804, 805), forced attacks (506.1b), and the 409
pending state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from engine.match.actions import BaseAction, NextPhase, NextStep, PassTurn
from engine.match.apply import move_cards
from engine.match.events import Event
from engine.match.game import GameDefinition, refuse, register_game
from engine.match.games.duelmasters import procedures as proc
from engine.match.games.duelmasters.actions import ACTIONS
from engine.match.games.duelmasters.lines import register_lines
from engine.match.games.duelmasters.simulation import random_actions, random_deck
from engine.match.games.duelmasters.spec import OPENING_HAND, SHIELDS_AT_START, SPEC, stats_from_record
from engine.match.state import CardRef, MatchState
from engine.match.view import handle_of

__all__ = ["DEFINITION", "SPEC", "DuelMastersDefinition", "stats_from_record"]

AUTOMATIC_STEPS = frozenset({"start_of_turn", "draw", "end_of_attack"})


class DuelMastersDefinition(GameDefinition):
    """Duel Masters (see the module doc)."""

    spec = SPEC
    actions: ClassVar[tuple[type[BaseAction], ...]] = ACTIONS

    def setup(self, state: MatchState) -> MatchState:
        """103.3: each player sets the top 5 cards of their deck as shields, then draws 5; then the first
        player's first turn starts (103.5) and runs to its charge step (no draw, 500.6)."""
        board = state.board
        for seat in range(len(state.match.players)):
            deck = proc.slot(state, "deck", seat)
            top = board.zones[deck][:SHIELDS_AT_START]
            board, _ = move_cards(
                state, board, seat, [(deck, c) for c in top], proc.slot(state, "shields", seat), face="down"
            )
            hand = board.zones[deck][:OPENING_HAND]
            board, _ = move_cards(
                state, board, seat, [(deck, c) for c in hand], proc.slot(state, "hand", seat), kind="draw"
            )
        state, _ = proc.advance(state.evolve(board=board))
        return state

    def allows(self, state: MatchState, action: BaseAction) -> None:
        """505.4, 510: the turn does not move on in the middle of an attack."""
        if isinstance(action, NextStep | NextPhase | PassTurn) and proc.attack_of(state.board) is not None:
            refuse("An attack is in progress; finish it first (505.4).")

    def settle(self, state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
        return proc.advance(state)

    def losers(self, state: MatchState) -> list[tuple[int, str]]:
        """104.2a-b, 703.4a-b, checked after every action (703.2: state-based actions)."""
        found = []
        for seat in range(len(state.match.players)):
            if not state.zone("deck", seat):
                found.append((seat, "no cards left in their deck (104.2b, 703.4b)"))
        hit = state.board.data("hit")
        if hit is not None:
            found.append((int(hit), "attacked directly with no shields (104.2a, 509.1)"))
        return found

    def view(self, state: MatchState, viewer: int | None) -> dict[str, Any]:
        board = state.board
        bz = board.zones[proc.bz_slot(state)]
        ready = set(proc.ready_of(board))
        data: dict[str, Any] = {
            "charged": bool(board.data("charged")),
            "summoning_sick": [handle_of(state, viewer, c) for c in bz if c not in ready],
            "waiting": None,
            "waiting_for": None,
        }
        attack = proc.attack_of(board)
        if attack is None:
            return data

        def handle(card: int | None) -> str | None:
            return None if card is None else handle_of(state, viewer, card)

        broken = attack["broken"]
        data["attack"] = {
            "attacker": handle(attack["attacker"]),
            "target": handle(attack["target"]),
            "defender": attack["defender"],
            "breaker": attack["breaker"],
            "blocked": attack["blocked"],
            "blocker": handle(attack["blocker"]),
            "broken": None if broken is None else [handle(c) for c in broken],
        }
        step = proc.current(board)
        if step == "block_declaration":
            data["waiting"], data["waiting_for"] = "block", attack["defender"]
        elif step == "battle":
            data["waiting"], data["waiting_for"] = "power", board.priority
        elif step == "direct_attack":
            if broken is None:
                data["waiting"], data["waiting_for"] = "break", board.active
            else:
                data["waiting"], data["waiting_for"] = "shield_trigger", attack["defender"]
        return data

    def check_invariants(self, state: MatchState) -> None:
        if state.status != "playing":
            return
        board = state.board
        step = proc.current(board)
        assert step not in AUTOMATIC_STEPS, f"the turn rests in the automatic step {step}"
        attack = proc.attack_of(board)
        assert (attack is not None) == (step in proc.WAIT_STEPS), f"attack data {attack} in step {step}"
        bz = set(board.zones[proc.bz_slot(state)])
        assert set(proc.ready_of(board)) <= bz, "a creature outside the battle zone is marked ready"
        if attack is not None:
            assert attack["attacker"] in bz or attack["broken"] is not None, "an attack without its attacker"
            if attack["broken"] is None:
                assert not attack["triggers_done"], "triggers done before a break"
        if step == "charge":
            assert not board.data("charged"), "the charge step after a charge"

    def random_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        return random_deck(rng)

    def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[BaseAction]:
        return random_actions(state, rng)


DEFINITION = DuelMastersDefinition()
proc.register_handlers()
register_lines()
register_game(DEFINITION)
