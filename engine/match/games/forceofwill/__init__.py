"""Force of Will on the match engine (Comprehensive Rules ver. 12.9, ``data/rules``).

What is automated, with rule numbers (the rest is left to the players, with the generic actions):

- zones (300s) with the rules' visibility: deck and magic stone deck hidden from everyone (304, 305),
  hand seen by its owner (306), one shared field (307) and chase area (312), standby area order public
  and faces the owner's (310), face-down removed cards hidden (311.2a);
- setup (405): ruler in the ruler area, deck and magic stone deck shuffled, life 4000, five cards,
  one mulligan each, first player first (405.5a), a will coin for the non-first player ([Energize],
  1119.2; its will one of its owner's rulers' attributes, void when they have none, 1119.2a);
- the turn (500): draw phase with its draw (502.4), the game's first draw phase without its draw and so
  without its priority sequences (502.3-502.5), one opened only for the triggers a player declared with
  their mulligan decision (502.1-502.2), which the opponent reads once both decided; recovery phase
  skipped on each player's first turn (503.1), will clearance (503.4) and recovering the turn player's
  cards (503.5), main phase, end phase's final step (505.5: damage to 0, entered "until end of turn"
  values end, will clearance, discard down to seven, 306.3), the next turn (505.6);
- priority and the chase (600): only the player with priority acts (601.1), for every action type and
  both players (see :meth:`ForceOfWill.allows`); the chase is last in, first out (312); both players
  passing in succession resolves its top, which its controller carries out and finishes
  (``fow_resolve``; a resonator, addition or regalia enters the field, 702.3, a chant goes to the
  graveyard, 703.3), then the turn player gains priority; a resonator, addition or regalia whose card
  data shows nothing to carry out as it enters (702.3b-c) the match finishes by itself, an automatic
  ``fow_resolve`` read from what both players see (:mod:`.stops`, window ``my_resolve``); with an empty
  chase it ends the step or phase (605.1); main timing (701.2) for resonators, additions, regalia,
  runes, chants without [Quickcast] or [Trigger] (604.2, 604.1, 1112, 1113), battles, judgment and
  calling a magic stone;
- will (907, 1003): producing will by banishing the will coin or by resting a card for its will
  ability with [Rest] in its cost: with card data a magic stone's (a basic one's will is that of its
  magic stone type, 202.4e; none without such an ability, 202.4d) or another card's whose text has one
  (907.1), a J/resonator only if its controller has controlled it since the start of the turn, unless
  [Swiftness] (905.3, 1108.2); without card data (no type) any card its controller rests, for the will
  they name; a will pool per player, paying all or nothing (1003.4); while paying a card's or a
  judgment's cost, in the same action, the cards whose will ability definitely produces its will
  (907.2: the card data fixes it) are rested first (``produce``), the whole refused if any part is;
- costs (204.1, 903.2k-903.2l-1): with the card's cost in its card data (``printed_cost``, else the
  total ``cost``) a card is played only by paying it: one will of the symbol's attribute per will symbol
  of the specified cost (204.1a), as many wills of any kind as the free cost (204.1b; any amount more
  for X), no more (1003.3); with the total cost alone, the number of wills (204.1c); the same for a
  ruler's [Judgment] cost from its text. A declared cost change (an alternate cost, "without paying its
  cost", a reduction: 903.2k-1 to 903.2k-4) lets the payment through, paid in the same action with any
  part of the produced will, and both players read it next to the printed cost with the change's text.
  Every payment is in the log, "paying nothing" included;
- calling a magic stone (710.1, 710.1a), judgment (705.1, 705.3a: a ruler whose card data shows no
  J-ruler side stays in the ruler area; astral 1024.2);
- battle (800): initiate (704), declare attack (803.3-803.4: a recovered J/resonator controlled
  continuously since the start of the turn unless [Swiftness] (1108), a card that left the field being a
  new object (302.3); the opponent or a rested J/resonator unless [Precision] (1104); forfeit and
  803.3's no-more-battles), declare block (804: recovered, not the attacked object, [Flying] 1107),
  first strike (805, 1105, [Multi Strike] 1169), [Pierce] (1103.2a, 1103.3: a blocked attacker deals
  damage to the blocker up to its capacity, DEF minus damage, 208.2a, and the exceeding damage to the
  attacked player or J/resonator; from card data or declared with the attack), normal damage (806,
  simultaneous, 1007.3; a blocker that survived a first strike strikes back, 806.2d with 1105.2; an
  attacked J/resonator strikes back only while it battles the attacker, 804.5b), end of battle (807),
  attackers, blockers and attacked objects leaving (803.4a/b, 804.4a); damage to players lowers life
  (1007.2); ATK and DEF entered with the attack or the block that differ from the card data (207.2,
  208.2, with counters, 1022) are shown to both players next to it, and one entered for the opponent's
  J/resonator must name the card or effect changing it (``because``, 909.1);
- rule processes (1200) after every action, not while a chase object is being carried out: 1203,
  1204.1 with 1010.1 (J-ruler back to the ruler area, astral), 1205.1 and 1205.6 (DEF 0 or less),
  1206.1; losses 1202.1 (life 0 or less) and 1202.2 (the draw of the draw phase from an empty deck);
  both at once is a draw (103.3); a concession any time (103.4).

Who may act now is one predicate (:func:`.priority.structure_problem`: 405.5, 505.5, 601.1, 605.1)
that the turn check and the offers share; the offers (:mod:`.offers`) list what a seat may do now, the
step's decision first (keep or mulligan, discard, resolve, attack or no attack, block or no block,
pass), then the main actions (produce, play for a payment the produced will covers or that cards
rested in the same action make up, call, judgment, battle, ability), computed from the predicates the
handlers refuse with. The view gives the board what decides a battle's offers: each J/resonator's
ATK and DEF now, its battle keywords, and whether it is new this turn (``fighters``, with a short
``card_notes`` line each).

What runs without a choice after each action is the settle table (:data:`.steps.TABLE`, one row
per step with its rule, run by the shared :func:`engine.match.settle.settle`); handlers and procedures
change the board through the game's working context (:class:`.board.FowWork`, a
:class:`~engine.match.work.BoardWork`); losses are :class:`~engine.match.outcome.Loss` values citing
1202.1 or 1202.2 (:mod:`.checks`).

Left to the players: card text and its effects (909, 910), will abilities given by effects (the
``granted`` produce) and those without [Rest], a will ability's other costs (life, banishing...) and
will's moon and time characteristics (907.6: kept as void), triggers (906) and their priority windows
(502.1-502.2, 503.2, 504.1, 505.1-505.3, 802.1...) as ``fow_ability`` objects, the repeated final
steps of 505.5 and 807.3b, targets, X (204.1b: its value is chosen while paying, card text),
continuous effects on ATK/DEF (entered with the attack and block, their source named as above),
effects forcing or forbidding attacks ([Bloodlust] 718.2), [Explode] and other battle keywords;
costs the card data does not give: an ability's cost (903.2k-2: the part before its ":" is card text
the card data does not split from the rest), a card without cost data, and whether a declared cost
change applies (903.2k-1 to 903.2k-4: the effect is card text); the moon and time characteristics of
cost symbols (paid with void will, since will keeps no characteristic, 907.6); [Pierce] against a
warden (1103.2b: wardens are not modelled); the standby area (706), runes, wardens, Contract,
Transcend, Revolution Order, sub-rulers, extra decks, loops (1301), 1204.1b, 1205.2-1205.5 and
1205.7-1208. Judgment calls: the draw of 502.4 happens as the turn begins, so 502.3's priority before it
is not given (502.5's after it is the draw phase's one priority sequence, triggers of 502.2 included);
"At the beginning of the game" triggers are declared with the mulligan decision, since the engine reads
no card text and a window may open only on what a player declared (no hidden card decides it); the non-turn
player may block whenever they hold priority in the declare block step (804.3); while a chase object
is being carried out both players may use the generic actions, since card text may ask either to act;
a card effect's draw in the draw phase from a too small deck (1202.2) is not detected: the generic
draw refuses it, and the player concedes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from engine.match.actions import BaseAction
from engine.match.game import GameDefinition, refuse
from engine.match.games.forceofwill import checks, handlers, steps
from engine.match.games.forceofwill.actions import ACTIONS
from engine.match.games.forceofwill.board import (
    base_atk_def,
    battle_of,
    chase_entries,
    controlled_since,
    entry_controller,
    field_ids,
    is_jresonator,
    jrulers,
    main_timing_problem,
    pool_of,
)
from engine.match.games.forceofwill.chase import enters_alone
from engine.match.games.forceofwill.handlers import HANDLERS
from engine.match.games.forceofwill.lines import LINES
from engine.match.games.forceofwill.offers import seat_offers
from engine.match.games.forceofwill.priority import structure_problem
from engine.match.games.forceofwill.simulate import random_actions, random_deck
from engine.match.games.forceofwill.spec import ATTRIBUTES, SETUP, SPEC, has_keyword, stats_from_record
from engine.match.games.forceofwill.stops import STOPS
from engine.match.offers import Offer
from engine.match.outcome import Loss
from engine.match.state import CardRef, MatchState, MatchStatus
from engine.match.view import handle_of

__all__ = ["DEFINITION", "SPEC", "ForceOfWill", "stats_from_record"]


class ForceOfWill(GameDefinition):
    """The Force of Will definition (see the module doc)."""

    spec = SPEC
    actions: ClassVar[tuple[type[BaseAction], ...]] = ACTIONS
    handlers = HANDLERS
    lines = LINES
    stops = STOPS

    def setup(self, state: MatchState) -> MatchState:
        return handlers.setup(state)

    def allows(self, state: MatchState, action: BaseAction) -> None:
        """Every step lets both players act in the engine's turn check (the spec's ``both_act``), so
        this is where the turn is enforced, for every action type, generic or Force of Will's, and for
        both players: :func:`.priority.structure_problem` says who may act now (405.5, 505.5, 601.1,
        605.1); the offers read the same predicate."""
        problem = structure_problem(state, type(action), action.actor)
        if problem is not None:
            refuse(problem)

    def settle(self, state: MatchState, action: BaseAction) -> tuple[MatchState, list[Any]]:
        return steps.settle(state, action)

    def losers(self, state: MatchState) -> list[Loss]:
        return checks.losers(state)

    def offers(self, state: MatchState, seat: int, generic: Sequence[Offer]) -> Sequence[Offer]:
        """What ``seat`` may do now (:mod:`.offers`): the priority and the chase first, then the game's
        main actions, then the generic ones the turn's structure lets through (601.1, 605.1)."""
        return seat_offers(state, seat, generic)

    def view(self, state: MatchState, viewer: int | None) -> dict[str, Any]:
        board = state.board

        def card(card_id: int) -> dict[str, Any]:
            entry: dict[str, Any] = {"card": handle_of(state, viewer, card_id)}
            if state.knows(viewer, card_id):
                entry["name"] = state.ref(card_id).name
            return entry

        chase = []
        for entry in chase_entries(board):
            if entry[0] == "card":
                chase.append(
                    {"kind": "card", "controller": board.cards[entry[1]].controller, **card(entry[1])}
                )
            elif entry[0] == "ability":
                chase.append({"kind": "ability", "controller": entry[1], "text": entry[2]})
            else:
                chase.append({"kind": "judgment", "controller": entry[1], **card(entry[2])})
        battle = battle_of(board)
        battle_view: dict[str, Any] | None = None
        if battle is not None:
            battle_view = {"declared": bool(battle.get("declared"))}
            for key in ("attacker", "blocker"):
                if battle.get(key) is not None:
                    battle_view[key] = card(int(battle[key]))
            target = battle.get("target")
            if target is not None:
                target = tuple(target)
                battle_view["target"] = {"player": target[1]} if target[0] == "player" else card(target[1])
        resolving = board.data("resolving")
        fighters = _fighters(state, viewer, card)
        return {
            "fighters": fighters,
            "card_notes": {entry["card"]: entry["note"] for entry in fighters},
            "chase": chase,
            "resolving": None if resolving is None else entry_controller(board, tuple(resolving)),
            "enters_alone": enters_alone(state, viewer),
            "will": [list(pool) for pool in pool_of(board)],
            "battle": battle_view,
            "called_stone": bool(board.data("called")),
            "judgment_played": bool(board.data("judged")),
            "no_more_battles": bool(board.data("no_battle")),
            "discard": int(board.data("discard", 0) or 0),
            "mulligan_done": list(board.data("mull", ())),
            "j_rulers": [card(c) for c in jrulers(board)],
            "main_timing": main_timing_problem(state, board.priority) is None,
        }

    def check_invariants(self, state: MatchState) -> None:
        board = state.board
        match = state.match
        chase_ids = set(board.zones[match.slot_of[("chase", None)]])
        entries = chase_entries(board)
        listed = [e[1] for e in entries if e[0] == "card"]
        assert set(listed) == chase_ids and len(listed) == len(chase_ids), (
            "chase objects differ from its cards"
        )
        field = set(field_ids(state, board))
        assert jrulers(board) <= field, "a J-ruler is not in the field"
        pools = pool_of(board)
        assert len(pools) == 2 and all(w in ATTRIBUTES for pool in pools for w in pool), "bad will pool"
        assert board.priority in (0, 1) and board.active in (0, 1), "priority or turn player out of range"
        battle = battle_of(board)
        if battle is not None:
            assert board.phase == 3 and board.step != 0, "a battle outside the battle steps"
            for key in ("attacker", "blocker"):
                if battle.get(key) is not None:
                    assert battle[key] in field, f"the {key} is not in the field"
        if board.data("resolving") is None and board.phase != SETUP and state.status == MatchStatus.PLAYING:
            for seat in range(2):
                assert state.value(seat, "life") % 100 == 0, "life is not rounded to 100 (1206.1)"
        for seat in range(2):
            assert (
                len(board.zones[match.slot_of[("ruler_area", seat)]])
                + sum(1 for c in jrulers(board) if board.cards[c].owner == seat)
                <= 3
            ), "too many rulers"

    def random_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        return random_deck(rng)

    def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[BaseAction]:
        return random_actions(state, rng)


_KEYWORD_WORDS = {
    "first_strike": "First Strike",
    "multi_strike": "Multi Strike",
    "flying": "Flying",
    "swiftness": "Swiftness",
    "precision": "Precision",
    "pierce": "Pierce",
}
"""The battle keywords a J/resonator's card data gives, as its text writes them (1103-1108, 1169)."""


def _fighters(
    state: MatchState, viewer: int | None, card: Callable[[int], dict[str, Any]]
) -> list[dict[str, Any]]:
    """What the board shows of each J/resonator in the field (202.2a), the numbers the battle uses:
    its ATK and DEF now (entered values, else its card data with its counters, 207.2, 208.2, 1022),
    the battle keywords of its card data (1103-1108, 1169), and whether its controller has controlled
    it since the start of the turn (803.3, 905.3: without that or [Swiftness] it neither attacks nor
    rests for will); with a short note for the board. Damage is a counter, shown with the card."""
    board = state.board
    out = []
    for card_id in field_ids(state, board):
        if not board.cards[card_id].face_up or is_jresonator(state, board, card_id) is False:
            continue
        atk, dfn = base_atk_def(state, board, card_id)
        ref = state.ref(card_id)
        keywords = [word for key, word in _KEYWORD_WORDS.items() if has_keyword(ref, key)]
        new = card_id not in controlled_since(board, board.cards[card_id].controller)
        parts = [f"ATK {'?' if atk is None else atk} / DEF {'?' if dfn is None else dfn}", *keywords]
        if new:
            parts.append("new this turn")
        if card_id in jrulers(board):
            parts.insert(0, "J-ruler")
        entry = {**card(card_id), "atk": atk, "def": dfn, "keywords": keywords, "new": new}
        entry["note"] = ", ".join(parts)
        out.append(entry)
    return out


DEFINITION = ForceOfWill()
