"""Duel Masters on the match engine (General Game Rules v1.38; model: ``games/duelmasters.md`` 3 and 6).

Modules (the four games' shape): :mod:`.spec` (zones, phases and steps, each with its rule, and card
stats), :mod:`.actions` (the ``dm_`` actions), :mod:`.board` (the working context
:class:`~.board.DuelMastersWork` over the engine's ``BoardWork``, the board data and helpers),
:mod:`.lines` (log lines), :mod:`.simulate`, :mod:`.steps` (the step table run by the engine's settle
loop: the settle hook), :mod:`.checks` (the losses); and the game's own: the handlers in :mod:`.mana`
(charge and use, evolution), :mod:`.attack` (the attack's choices) and :mod:`.effects` (effects until
the end of the turn, evolution stacks).
Losses are typed outcomes (``Loss(seat, rule, reason)``).

**Automated** (rule numbers in each function's docstring):

- zones with the rules' visibility and order (400-408): shields seen by nobody, their owner included
  (406.2), the super gacharange zone a face-down stack seen by nobody (408.2); see :mod:`.spec`;
- setup (103): the generic setup shuffles each deck (103.2) and picks the first player at random
  (103.4); then each player puts the top 5 cards of their deck face down as shields and draws 5
  (103.3); the first player skips the draw of their first turn (103.5, 500.6). The rules have no
  mulligan, so there is no setup phase;
- the turn (500.1): the start of turn untap of the active player's battle zone and mana zone cards
  (501.1, 702.3a), the draw (502.1), one mana charge in the charge step (503.1-503.2; multicoloured
  cards enter tapped, 405.1), using cards in the main step with the mana payment checked (504.1,
  112.2a-c, 405.4), the attack step's loop of attacks (505.5) and its sub-steps skipped when no
  attacker is declared (506.2: "next step" goes on to the end of turn step without announcing them,
  and naming a skipped sub-step is refused);
- entered numbers (101.1: card text changes costs, powers, breakers): kept, and when one differs from
  the card data both players read it next to the printed one ("at a cost of 0 instead of its printed
  8", 201.2a), with the card or effect the player names (``because``); a change to the opponent's
  creature must name it; a declared cost change (``cost_change``, 112.2b) makes the mana tapped the
  payment, one card of each civilization still among it, read next to the printed cost;
- effects until the end of the turn (:class:`.actions.Change`: a power change, 206.1, and the keywords
  Blocker, Speed Attacker and "can attack untapped creatures"): they count in battles, blocks and
  attacks, last through the end of turn step's triggers (511.1) and expire together when the turn
  ends (511.2), or when their creature leaves the battle zone;
- evolution (801): an evolution creature is used onto a creature of the battle zone (``onto``; refused
  without one, 801.1a, and for a card that is not an evolution, 801.1); the source stays under it as a
  card, not a creature (200.3a), the evolution keeps its tapped status, its effects and its place in an
  attack (801.2, 801.2a) and has no summoning sickness (801.3); the stack leaves as one when the creature
  is destroyed (109.2b); when only its top leaves, the card under it stays as the creature with the
  top's position, effects and attack (rebuilding, 801.4, 801.4c-e);
- the attack (506-510): attacker legality (untapped, no summoning sickness 301.5 unless Speed Attacker
  101.2 or evolution 801.3, the opponent or a tapped creature as target 505.2, 506.1e; an effect's
  permission to attack despite summoning sickness or to attack an untapped creature wins, 101.2, declared
  as ``speed_attacker`` / ``untapped`` with the attack or given until the end of the turn, and shown in
  the log), the attacker tapped (506.1c); the attacking player's window for their attack triggers, holding
  priority until they pass it (506.3b-c); outside an attack, the turn player handing priority to the
  non-active player to carry out card text, and waiting until it comes back (101.4a); the defender's
  window for their declarations of usage and their block with an untapped Blocker (506.3d, 507.1a-d),
  skipped when they have no possible blocker and no card in hand; the battle by power, ties destroying
  both (508.1, 115.3b, 701.13, 703.4d); the shield break of as many shields as the attacker breaks, chosen
  by the attacking player (509.2-509.3, 701.14), the broken shields going to their owner's hand with the
  defender's declaration window after every break (509.3a-b, 113.6: whatever the broken cards are, so that
  the attacker and the spectators learn nothing about them from whether the game waits; the defender
  declines with one tap, and only their own view lists the broken cards that may have Shield Trigger), the
  declared Shield Triggers used for free (509.3c, 112.3a) and carried out by the defender, who keeps
  priority until they pass it, before the attack goes on (509.3c, 101.4: Shield Trigger effects first;
  only after a declaration, which everyone sees); the end of the attack (510);
- keyword abilities from card data only when the card has them itself, not when its text names them
  (``destroy ... creatures that have "blocker"``; see :func:`.spec.own_keywords`);
- while the defender decides (block, power of their creature, Shield Triggers) or the non-active
  player carries out card text (101.4a, 509.3c), the active player can take only the actions that
  leave the board as it is (notes, reveals, looks, concession, draw offers, the undo protocol);
- psychic and dragheart cards put anywhere but the battle zone return to the hyperspatial zone (117.1,
  804.4b, 806.4b), gacharange cards face down to the bottom of the super gacharange zone (118.1,
  408.2), when card data gives their ``home``;
- the board (the view's ``creatures``, with a short ``card_notes`` line each): every creature's power
  now (206.1; in a battle the power it battles with, 508.1), its keywords from card data or an effect,
  its breakers and summoning sickness; the cards under an evolution creature are part of it, listed
  under it and not as creatures (801.2, 200.3a);
- losses at every check (after each action, 703.2): a player whose deck has 0 cards, at once and not
  at a failed draw (104.2b, 703.4b), and a player attacked directly with no shields (104.2a, 509.1,
  703.4a); both at once is a draw (the rules are silent; the model's default).

**Judgment calls** (the rules silent or contradictory): the attacking player chooses the broken
shields (509.2-509.3 are passive); the broken shields are in their owner's hand while the Shield
Triggers are declared, so that the owner sees them (113.6, 509.3c put them there after the
declaration); a double loss is a draw; the super gacharange zone is shuffled at setup (no rule says
so); the decklist numbers follow 100.3 (0 to 8 hyperspatial) and take 100.4 with 408.1 as 0 or 12.

**Left to the players** (with the generic actions: move, tap, reveal, search, shuffle, counters...):
everything card text does (101.1): resolving abilities and spells, standby effects and their order (101.4,
603), attack triggers (506.3b-c, in their window), block triggers (507.2: the battle follows the block at
once; a changed power is entered with the block or the attack), replacement effects (609), declarations of
usage such as Ninja Strike (506.3d, in the block declaration window) and Revolution Change (506.3b,
701.26), Strike Back and Guard Strike (509.3b, 113.6, in the Shield Trigger window), "before the break"
abilities (509.3, 603.7), Win All Battles (115.3c), cost changes (declared as ``cost_change`` or entered
as ``cost``: the engine can't know them, 101.1), power set to a number or doubled (206.3, 206.4: entered
as ``power`` for the battle) and so a creature with power 0 or less (703.4c: ``0+`` powers count on card
text), effects lasting other than until the end of the turn, keyword abilities given by effects besides
those of :class:`.actions.Change` (``granted`` on the block and the Shield Trigger declaration; 113.6b-c);
for evolution, the evolution condition (the race or civilization of the source, and whose creature it is:
card data gives a card's races but the condition is card text the engine does not read, so the players
check it), evolutions from several cards (801.1b, 801.2b, by hand with the generic attach), a card under
the stack that can't exist in the battle zone when it is rebuilt (801.4a-b), and Neo creatures (802);
seals (116), awakening and links (804, 805), castles (fortify, 304, 701.19), forced attacks (506.1b), the
409 pending state, and looking at shields: 406.2 forbids it, card text allows it (the generic look and
search are not refused; the engine only hides the shields).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from engine.match.actions import BaseAction, NextPhase, NextStep, PassPriority, PassTurn
from engine.match.events import Event
from engine.match.game import GameDefinition, refuse
from engine.match.games.duelmasters import board as proc
from engine.match.games.duelmasters import checks, spec, steps
from engine.match.games.duelmasters.actions import ACTIONS, Block, DeclarePower, ShieldTrigger
from engine.match.games.duelmasters.attack import shield_triggers
from engine.match.games.duelmasters.handlers import HANDLERS
from engine.match.games.duelmasters.lines import LINES
from engine.match.games.duelmasters.offers import seat_offers
from engine.match.games.duelmasters.simulate import random_actions, random_deck
from engine.match.games.duelmasters.spec import OPENING_HAND, SHIELDS_AT_START, SPEC, stats_from_record
from engine.match.games.duelmasters.stops import STOPS
from engine.match.offers import Offer
from engine.match.outcome import Loss
from engine.match.state import CardRef, MatchState, MatchStatus
from engine.match.view import handle_of

__all__ = ["DEFINITION", "SPEC", "DuelMastersDefinition", "stats_from_record"]

AUTOMATIC_STEPS = frozenset({"start_of_turn", "draw", "end_of_attack"})
_DEFENDER_ACTIONS = (Block, DeclarePower, ShieldTrigger)
"""The defender's own choices: their handlers say who may take them (507.1, 206, 509.3a)."""


class DuelMastersDefinition(GameDefinition):
    """Duel Masters (see the module doc)."""

    spec = SPEC
    actions: ClassVar[tuple[type[BaseAction], ...]] = ACTIONS
    handlers = HANDLERS
    lines = LINES
    stops = STOPS

    def setup(self, state: MatchState) -> MatchState:
        """103.3: each player sets the top 5 cards of their deck as shields, then draws 5; then the first
        player's first turn starts (103.5) and runs to its charge step (no draw, 500.6)."""
        work = proc.DuelMastersWork(state, 0)
        for seat in range(len(state.match.players)):
            work.move(seat, work.ids("deck", seat)[:SHIELDS_AT_START], "shields", seat, face="down")
            work.move(seat, work.ids("deck", seat)[:OPENING_HAND], "hand", seat, kind="draw")
        state, _ = steps.advance(work.result()[0])
        return state

    def skipped(self, state: MatchState, step: str) -> bool:
        """506.2: with no attacking creature declared, the attack's other sub-steps are skipped, so a
        "next step" from the attack declaration step goes on to the end of turn step unannounced."""
        return (
            proc.current(state.board) == "attack_declaration"
            and proc.attack_of(state.board) is None
            and step in proc.WAIT_STEPS | {"end_of_attack"}
        )

    def allows(self, state: MatchState, action: BaseAction) -> None:
        """505.4, 510: the turn does not move on in the middle of an attack. While the defender decides
        (their declarations and block, 506.3d, 507.1; the power of their creature, 206, 508.1; their
        Shield Triggers, Guard Strikes and Strike Backs, 509.3a-b, 113.6), the active player, whom the
        engine lets act at any time, may take only the actions that change nothing on the board
        (``anytime``: notes, reveals, concession, draw offers, the undo protocol; and looks), and the
        defender makes the decision rather than passing priority. The same wait while the non-active
        player holds priority to carry out card text (101.4a) or their Shield Triggers (509.3c), until
        they pass it back."""
        cls = type(action)
        if isinstance(action, NextStep | NextPhase | PassTurn) and proc.attack_of(state.board) is not None:
            refuse("An attack is in progress; finish it first (505.4).")
        if (
            isinstance(action, NextStep)
            and proc.current(state.board) == "attack_declaration"
            and action.to in proc.WAIT_STEPS | {"end_of_attack"}
        ):
            refuse(
                "With no attack declared the attack's other steps are skipped (506.2): move on to the end of "
                "turn step or the end phase."
            )
        deciding = proc.deciding(state)
        waiting = deciding or proc.carrying_out(state)
        if (
            waiting is not None
            and action.actor == state.board.active
            and cls.undoable
            and not cls.anytime
            and cls not in _DEFENDER_ACTIONS
        ):
            name = state.match.players[1 - state.board.active]
            refuse(f"{name} is {waiting}: wait for them before you act.")
        if deciding is not None and action.actor != state.board.active and isinstance(action, PassPriority):
            refuse(f"You are {deciding}: make that choice to go on; passing does not.")

    def offers(self, state: MatchState, seat: int, generic: Sequence[Offer]) -> Sequence[Offer]:
        """What ``seat`` may do now, ordered for a phone (:mod:`.offers`)."""
        return seat_offers(state, seat, generic)

    def settle(self, state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
        return steps.settle(state, action)

    def losers(self, state: MatchState) -> list[Loss]:
        return checks.losers(state)

    def view(self, state: MatchState, viewer: int | None) -> dict[str, Any]:
        board = state.board
        bz = board.zones[proc.bz_slot(state)]
        ready = set(proc.ready_of(board))
        under = proc.under_cards(board)
        sick = [c for c in bz if c not in ready and c not in under and not proc.stacked(board, c)]
        creatures = _creatures(state, viewer)
        data: dict[str, Any] = {
            "creatures": creatures,
            "card_notes": {entry["creature"]: entry["note"] for entry in creatures},
            "charged": bool(board.data("charged")),
            "summoning_sick": [handle_of(state, viewer, c) for c in sick],
            "evolution_sources": [handle_of(state, viewer, c) for c in bz if c in under],
            "until_end_of_turn": [
                {
                    "creature": handle_of(state, viewer, int(e["card"])),
                    "power": e["power"],
                    "keywords": list(e["keywords"]),
                    "because": e["because"],
                }
                for e in map(dict, board.data("effects", ()))
            ],
            "waiting": None,
            "waiting_for": None,
        }
        attack = proc.attack_of(board)
        if attack is None:
            if board.priority != board.active:  # 101.4a: handed card text to carry out
                data["waiting"], data["waiting_for"] = "carry_out", board.priority
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
            "shield_triggers": None,
        }
        if broken is not None and viewer == attack["defender"] and not attack["triggers_done"]:
            # 509.3a, 112.3a: the defender's prompt; hidden from everyone else (see attack._break).
            data["attack"]["shield_triggers"] = [handle(c) for c in shield_triggers(state, broken)]
        step = proc.current(board)
        if step == "attack_declaration":
            data["waiting"], data["waiting_for"] = "attack_triggers", board.active
        elif step == "block_declaration":
            data["waiting"], data["waiting_for"] = "block", attack["defender"]
        elif step == "battle":
            data["waiting"], data["waiting_for"] = "power", board.priority
        elif step == "direct_attack":
            if broken is None:
                data["waiting"], data["waiting_for"] = "break", board.active
            elif not attack["triggers_done"]:
                data["waiting"], data["waiting_for"] = "shield_trigger", attack["defender"]
            else:
                data["waiting"], data["waiting_for"] = "carry_out", attack["defender"]
        return data

    def check_invariants(self, state: MatchState) -> None:
        if state.status != MatchStatus.PLAYING:
            return
        board = state.board
        step = proc.current(board)
        assert step not in AUTOMATIC_STEPS, f"the turn rests in the automatic step {step}"
        attack = proc.attack_of(board)
        if step in proc.WAIT_STEPS:
            assert attack is not None, f"no attack data in step {step}"
        elif attack is not None:
            assert step == "attack_declaration", f"attack data {attack} in step {step}"
            assert board.priority == board.active, "attack triggers' window without the attacker's priority"
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


_KEYWORD_WORDS = (("blocker", "Blocker"), ("speed_attacker", "Speed Attacker"))
_GIVEN_WORDS = (*_KEYWORD_WORDS, ("attack_untapped", "can attack untapped creatures"))
_BREAKERS = {2: "Double Breaker", 3: "Triple Breaker", spec.WORLD_BREAKER: "World Breaker"}


def _creatures(state: MatchState, viewer: int | None) -> list[dict[str, Any]]:
    """What the board shows of each creature of the battle zone, the numbers the rules use: its power
    now (printed, with the changes until the end of the turn, 206.1; in a battle, the power the battle
    uses, 508.1), the keywords it has from its card data or an effect (507.1a, 101.2), the shields it
    breaks (509.2), whether it has summoning sickness (301.5), and the cards under it, which are part
    of it and not creatures of their own (801.2, 200.3a); with a short note for the board. A face-down
    card is none of this."""
    board = state.board
    under = proc.under_cards(board)
    ready = set(proc.ready_of(board))
    attack = proc.attack_of(board)
    fighting: dict[int, int | None] = {}
    if attack is not None and proc.current(board) == "battle":
        apower, dpower = proc.powers(state, board, attack)
        fighting[attack["attacker"]] = apower
        defender = attack["blocker"] if attack["blocked"] else attack["target"]
        if defender is not None:
            fighting[defender] = dpower
    out = []
    for card_id in board.zones[proc.bz_slot(state)]:
        card = board.cards[card_id]
        if card_id in under or not card.face_up or not proc.is_creature(state, card_id):
            continue
        ref = state.match.table[card.ref]
        power = fighting.get(card_id, proc.current_power(state, board, card_id))
        keywords = [
            word
            for key, word in _GIVEN_WORDS
            if (key != "attack_untapped" and spec.flag(ref, key)) or proc.given(board, card_id, key)
        ]
        breaker = spec.int_stat(ref, "breaker") or 1
        evolved = bool(spec.flag(ref, "evolution")) or proc.stacked(board, card_id)
        sick = card_id not in ready and "Speed Attacker" not in keywords and not evolved
        parts = [f"{'?' if power is None else power} power", *keywords]
        if breaker > 1:
            parts.append(_BREAKERS.get(breaker, f"breaks {breaker} shields"))
        if sick:
            parts.append("summoning sickness")
        below = proc.stack_below(board, card_id)  # the board lists them under it (attached)
        out.append(
            {
                "creature": handle_of(state, viewer, card_id),
                "power": power,
                "keywords": keywords,
                "breaker": breaker,
                "summoning_sick": sick,
                "under": [handle_of(state, viewer, c) for c in below],
                "note": ", ".join(parts),
            }
        )
    return out


DEFINITION = DuelMastersDefinition()
