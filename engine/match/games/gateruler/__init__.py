"""Gate Ruler on the match engine (key ``gateruler``, actions ``gr_``), from the Comprehensive Rules
v1.5.0 ("CR"; where the Set 3 article disagrees, the CR wins: ``shared/games/gateruler.md`` 2.9).

**Files**: :mod:`.spec` (zones, phases and steps, each with its ``rule``), :mod:`.actions`,
:mod:`.board` (reading and writing the board; :class:`~.board.GrWork`, the working context of the
automatic procedures), :mod:`.handlers` (one per action), :mod:`.playing` (summoning, playing and setting,
14-4b), :mod:`.combat` (the attack, Section 8), :mod:`.steps` (the automatic procedures and their
settle table :data:`~.steps.TABLE`, run by the engine's one settle loop), :mod:`.offers` (what
each seat may do now, the step's decision first, computed with the predicates the handlers refuse
with), :mod:`.lines`, :mod:`.simulate`. A defeat is a typed :class:`~engine.match.outcome.Loss` citing
the conditions still fulfilled (12-2a-1, 12-2a-2), read by :mod:`.checks`.

**Automated** (each with its rule):

- zones and who sees what (Section 3, :mod:`.spec`, each zone, phase and step with its rule; the board's
  readers and writers in :mod:`.board`): the deck hidden from all (3-4b), a face-down
  damage-zone card seen by its owner only (3-13c), face-down units by their controller (3-8b, 3-9b),
  set and drive zones by their owner (3-10b, 3-12c), the shared gate (3-18b), the counter zone (3-19);
- preparation (5-3): ruler in the ruler zone with a geas stacked under it (5-3a, 5-3a-1), deck shuffled
  (5-3a), each ruler's Setup (5-3b: cards in hand, resources), random first player (5-3c). The CR has no
  redraw or mulligan, so there is none. The ruler's numbers come from its card data or are entered by
  its player (:class:`~.actions.GrRuler`) in the setup phase, where both players act;
- the start phase (6-2): summon and set caps (6-2a, 4-3a, 4-3b), ruler and attack zones ready (6-2c; not
  defense zones nor resources), the ruler's Start of Turn (6-2f): draw, one fewer on the first player's
  first turn (6-2f-1), ready and gain resources, drive (10-2);
- main-phase actions with their conditions (7-1a, 9-3e-5): normal summon within the summon cap, paying
  the level in resources (7-3, 15-17, 14-4b-6a, 15-15a), into a zone that may hold a unit already
  (14-4b-3a, 15-28a-1: the player names that unit, which the overlapping rules effect puts into the
  graveyard when the summon resolves, 12-4a), play fields and events (7-4, 7-6, 7-8), set
  within the set cap from the hand or face down from the drive zone (7-5a, 7-5d), each set counted (7-5c,
  15-4a, also through a drive resolution process), rearrange (7-10); the main phase's drive-zone cleanup
  (6-3c);
- events by their timing (the ``timing`` stat, from the card's "Timing:" line, 16-1a-3): a Standard Action
  event, like a field, is a standard action card (2-17b), played only in its player's main phase with
  the gate empty (7-4, 7-6, 7-8, 9-3e-5) and by a drive resolution process (10-4d); an Instant Action
  event, or one whose timing is a condition, is played with priority from a set zone (9-3e-2, 14-5b,
  14-5d), or from the hand when its text says so (14-20a), and a drive resolution process only sets it;
  an event whose card data gives no timing is offered as before, the offer saying so;
- the gate (Section 9): played cards, Counter abilities and defeat processes resolve when both players
  pass priority in a row (9-3g-1, 9-4c, 9-4f); a unit then enters its zone (ready in attack, exhausted in
  defense, 3-3a-1, 3-9c), a field its field zone, an event the graveyard (14-4c); nobody responds to a
  drive or ruler damage process (9-3d);
- the drive process (Section 10, 15-19): face down in one's own start and main phase (10-2a); otherwise
  revealed except the cards kept hidden (10-3a-1), a drive resolution process in the gate (10-3c) that
  its controller resolves card by card: summon, play, set, or leave unused to the graveyard (10-4);
- attacks (Section 8, :mod:`.combat`): declaration with a ready ruler or attack-zone unit against the
  frontmost card of a column or an attack-zone column with no unit (8-4c, 8-4c-1, 3-6e-2, 3-6e-3a),
  exhausting the attacker (8-4d), one attack on the first player's first turn (8-2a-2), the gate window
  (8-4i). The attack is aimed at the column: the card being attacked is whichever card is frontmost in
  it when the damage step reads it (8-4e-1, 15-26b-1), so a unit that came into the column is attacked
  and the ruler is once the defense unit has left; a direct attack stays on the ruler (15-34b). The
  attacker attacks until it leaves its controller's play area (8-4e-2). Combat damage is read at the
  damage step, STK to a ruler and ATK to a unit (8-6d; an effect's change during the attack entered with
  :class:`~.actions.GrCombatDamage`, 15-2a), no damage when the attacker stopped attacking or nothing is
  being attacked (8-6a); end of attacks (8-4c-2);
- priority (9-3e): only the player holding it acts (besides the ``anytime`` actions), so the turn player
  waits while the opponent responds, resolves their counter-zone card (13-6d) or their drive resolution
  process (10-4c); after a counter-zone card is dealt with, priority is the active player's (9-3b);
- the gate processes that move the turn on (9-2): the active player gains priority (9-3b), a pass gives it
  to the other player (9-3g-2), and with the gate empty the process ends only when both have passed in a
  row (9-3g-1, 9-4b): the main phase's (6-3b, then the attack phase, 6-4), the attack start and
  declaration steps' (8-3b, 8-4b, then the active player declares an attack or stops, 8-4c), the one once
  attacks stopped (8-4c-2b, then the end phase) and the end phase's (6-5b, then the turn ends, 6-5c,
  6-5e). Nothing else moves the turn on (no next phase or end of turn without those passes), so the
  opponent holds priority in each of them whatever either player holds; an attack sub phase starts only
  while the active player controls a ready ruler or attack-zone unit (8-2a, once on the first player's
  first turn, 8-2a-2; public information), otherwise the attack phase's end comes (8-4c-2);
- damage (Section 13): ruler damage goes to the current ruler damage (13-2b-1) and becomes one ruler
  damage application process per point (12-3, 13-5b, active player's first 13-5b-2), each putting the
  top card of the deck face up in the counter zone (13-6b), then into the damage zone (13-6c) or, with a
  Counter ability, played (13-6d-1, mandatory) or to the graveyard without a target (13-6d-2, 13-6d-3);
  unit damage and destruction at HP (13-2b-2, 15-12b), cleared at the end of the turn (6-5c-1);
- values players enter for card text (14-4b-6b to 14-4b-6e, 15-16a-2, 15-2a): the cost paid, the
  attacker's STK or ATK. They are kept, since card text changes them, but every one that differs from
  the card data is shown to both players next to the printed value ("paying 0 resources instead of its
  level 9"), with the card or effect named (``because``); a change to the opponent's card is refused
  without it;
- the Intercept step (8-5): when the card being attacked by a unit has Intercept (16-7a; its ``intercept``
  stat, face up, its ATK in the card data), the ability goes into the gate after the declaration's
  window (8-5b, 8-5c); when it resolves and the card is still being attacked, it deals its ATK to the
  attacking unit as combat damage (16-7b, 16-7c), and the damage step follows a new window. Skipped for
  an attacking ruler or an attacker no longer attacking (8-5a-1);
- rules effects in the system process (11-2a, 12-1b, 12-1b-1): overlapping cards (12-4a), the in-play
  level cap (12-6: a unit that entered play over the cap makes its controller put another allied unit of
  level 1 or more into the graveyard, 12-6b; for any other reason, any of them, 12-6c; the engine does it
  when one unit can be chosen, otherwise the player chooses with :class:`~.actions.GrLevelCap` before
  anything else happens), illegal charges
  (12-5a; linked charges stay linked from the drive zone through the gate into play, 3-14e-1, 3-14e-2),
  ruler damage (12-3), player defeat (12-2);
- defeat (12-2): damage-zone cards equal to or more than life (12-2a-1, 3-13d; the ``life`` player value,
  which players change for an effect that changes it, 2-6c) or an empty deck zone
  (12-2a-2) add a defeat process (12-2c; one for both, 12-2c-1); when it resolves, whoever still fulfils
  a condition loses (12-2d-1); both at once is a draw (1-4b-1). Once a player has lost the game is over
  (1-4b): no rules effect runs after that, so no new defeat process is added. Concession is generic
  (1-4c);
- damage reversal "DR N", all or nothing (15-30c); effect damage (15-20);
- player values set or adjusted by hand stay in their ranges (:data:`.spec.VALUE_RANGES`: caps -1
  for infinite, 4-3a-1b, 4-3b-1a); the current ruler damage comes only from damage dealt (13-2b-1).

**Left to the players** (with the generic actions), and why:

- card text, abilities and their triggers, targets and choices, Overdrive and Touchdown abilities,
  replacement and prevention effects (13-3), "end of turn" and other triggers of each step, the "end the
  turn" effect (15-24): there is no machine-readable card text (``shared/games/gateruler.md`` 6);
- keyword abilities (Retaliate, Breakthrough, Double Attack...), Gear Up (14-18), Deploy and other
  keyword summons; Intercept of a card whose data lacks it or its ATK, or whose ATK an effect changed
  (the players deal it with :class:`~.actions.GrDamage`): the engine reads only printed values;
- healing (13-4b: move damage-zone cards to the graveyard); which card to add as a charge (15-14a, with
  :class:`~.actions.GrAddCharge`, which links it and changes an opponent's card's controller);
- the in-play level cap for face-down units and units without a level in their card data (12-6): a
  face-down unit's level is its controller's secret, and making the game wait on it would tell the
  opponent about a card they do not know; several units entering play at once (12-6b-1): the engine's
  own procedures put units into play one at a time, units moved by card text are the players';
- revealing a drive-zone card and its Overdrive (7-2: playing from the drive zone reveals it).

**Judgment calls** (the engine's shape, not the CR's words):

- the attack, defense and set zones of a kind are one zone holding up to the ruler's count (one card per
  zone, 12-4a); each attack zone is still its own column for attacks (3-6e-2), and the center column is
  the defense zones in front of the ruler (3-6e-1). Which attack zone a unit is in is not tracked: a unit
  that comes into the attack zones during an attack on one of them is in the attacked column when it is
  the only free one; otherwise, and for several defense units once the attacked one left, the players
  name the frontmost unit (:class:`~.actions.GrFrontmost`) before the damage step can start;
- the attack start step's and the declaration step's gate processes (8-3b, 8-4b) are one window before
  each declaration (the ``attack_start`` step), and an attack's (8-4i, 8-5c, 8-6c) one window before the
  damage step; what the later ones (8-6e, 8-6g, 8-7b) would resolve is resolved in the next window (the
  next attack start or the end of the attack phase). Their triggers are the players';
- the start phase's gate processes (6-2b, 6-2e, 6-2g) open no window: the start phase runs on its own
  into the main phase, whose gate process gives both players priority;
- a ready attacker is required (8-4c names a ready ruler; a unit is taken to need it too, as 16-9 implies);
- resources come from a supply section of the decklist (the CR's "N resources" does not say from where);
- a resolved card's text is carried out by its controller with the generic actions when they hold
  priority (the turn player's card at once, the opponent's once the turn player passes).

**Stats read** from :class:`~engine.match.state.CardRef` (see :func:`stats_from_record`): ``type``
(``ruler``, ``geas``, ``unit``, ``event``, ``field``, ``resource``), ``level``, ``atk``, ``stk``, ``hp``,
``cnt`` (1: has a Counter ability), ``intercept`` (1: has Intercept, 16-7), an event's ``timing``
(``standard``, ``instant`` or ``condition``) and ``from_hand`` (1: 14-20a), and for a ruler ``life``
plus the ruler numbers of :data:`.spec.RULER_NUMBERS` (``attack_zones``, ``defense_zones``,
``set_zones``, ``hand``, ``resources``, ``summon_cap``, ``draw``, ``ready``, ``gain``, ``set_cap``,
``drive``, ``level_cap``; -1 is infinite for caps, no cap for the in-play level cap (12-6a), and "all"
for ``ready``). A card without stats makes the procedure ask: the level paid, the attacker's ATK or
STK, whether a counter-zone card has a Counter ability.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.errors import ArbiterError
from engine.match.actions import (
    AdjustValue,
    BaseAction,
    CardAt,
    Move,
    NextPhase,
    NextStep,
    PassPriority,
    PassTurn,
    SetValue,
)
from engine.match.events import Event
from engine.match.game import GameDefinition, refuse
from engine.match.games.gateruler import actions as gr
from engine.match.games.gateruler import card_text, checks, steps
from engine.match.games.gateruler.board import (
    GrWork,
    battle,
    capacity,
    gate,
    numbers,
    ruler_card,
    ruler_damage,
    ruler_numbers,
    started,
    value,
    with_values,
    zone_ids,
)
from engine.match.games.gateruler.combat import amount as combat_amount
from engine.match.games.gateruler.combat import attacked, attacking, pass_problem
from engine.match.games.gateruler.handlers import HANDLERS
from engine.match.games.gateruler.lines import LINES
from engine.match.games.gateruler.offers import seat_offers
from engine.match.games.gateruler.simulate import practice_deck, random_actions, random_deck
from engine.match.games.gateruler.spec import (
    ATTACK,
    BATTLE,
    DECLARE,
    END,
    NO_CAP,
    RULER_NUMBERS,
    RULER_OPTIONAL,
    RULER_REQUIRED,
    SETUP,
    SPEC,
    UNIT_ZONES,
    VALUE_INDEX,
    numbers_problem,
    value_problem,
)
from engine.match.games.gateruler.steps import settle_work
from engine.match.games.gateruler.stops import STOPS
from engine.match.offers import Offer
from engine.match.outcome import Loss
from engine.match.state import CardRef, MatchState
from engine.match.view import handle_of

__all__ = ["DEFINITION", "SPEC", "GateRuler", "stats_from_record"]

_ALWAYS = (gr.GrRuler,)


def stats_from_record(record: Any) -> tuple[tuple[str, int | str], ...]:
    """The stats this definition reads, from an :class:`engine.cards.model.CardRecord` of Gate Ruler:
    ``type`` (its first card type, lowercase), ``level``, ``atk``, ``hp``, ``stk``, ``life``, a ruler's
    numbers where its data has them (zone counts, Setup, caps, Start of Turn: ``RULER_NUMBERS``, so
    the preparation needs no entry, 5-3b), and ``cnt`` = 1 when its icons or keywords include CNT (2-8,
    16-4), ``timing`` from an event's "Timing:" line (``standard``, ``instant`` or ``condition``, see
    :data:`.playing.TIMINGS`; 2-17b, 7-6, 9-3e-2, 14-5) and ``from_hand`` = 1 when its text lets it also be
    played from the hand (14-20a). Sorted by name, as CardRef keeps them."""
    stats: dict[str, int | str] = {}
    if record.types:
        stats["type"] = str(record.types[0]).lower()
    for name in ("level", "atk", "hp", "stk", *RULER_NUMBERS):
        number = record.stats.get(name)
        if isinstance(number, int) and not isinstance(number, bool):
            stats[name] = number
    marks = {str(mark).upper() for mark in [*record.stats.get("icons", []), *record.keywords]}
    if "INTERCEPT" in marks:
        stats["intercept"] = 1  # 16-7, read by the Intercept step (8-5)
    text = str(record.text or "")
    timing = _TIMING.search(text)
    if timing is not None:
        stats["timing"] = _timing_of(timing.group("timing"))
    if _FROM_HAND.search(text):
        stats["from_hand"] = 1  # 14-20a
    if marks & {"CNT", "COUNTER"}:
        stats["cnt"] = 1
    elif stats:
        stats["cnt"] = 0
    stats.update(card_text.effects(record))
    return tuple(sorted(stats.items()))


_TIMING = re.compile(r"^[■\s]*Timing\s*:\s*(?P<timing>.+)$", re.MULTILINE | re.IGNORECASE)
"""An event's "Timing:" line (16-1a-3: not a keyword, the card's timing)."""
_FROM_HAND = re.compile(r"can also be played (?:directly )?from (?:your|the) hand", re.IGNORECASE)
"""14-20a: text that lets a card also be played from the hand (the Set 3 article's "This event can also
be played directly from your hand")."""


def _timing_of(text: str) -> str:
    """The ``timing`` stat of a "Timing:" line: ``standard`` (Standard Action, 2-17b, 7-6), ``instant``
    (Instant Action, 14-5d), or ``condition`` (any other timing: "This can be set. If set, you can play it
    when ...", 14-5a, 14-5b)."""
    words = text.strip().lower()
    if words.startswith("standard action"):
        return "standard"
    if words.startswith("instant action"):
        return "instant"
    return "condition"


class GateRuler(GameDefinition):
    """The Gate Ruler definition (see the module doc)."""

    spec = SPEC
    actions = gr.ACTIONS
    handlers = HANDLERS
    lines = LINES
    stops = STOPS

    def setup(self, state: MatchState) -> MatchState:
        """5-3a: each ruler is in its ruler zone (a geas under it, 5-3a-1), the deck shuffled (generic);
        5-3b runs once both rulers' numbers are known (from card data here, or entered)."""
        board = state.board
        attachments = list(board.attachments)
        for seat in range(2):
            ids = zone_ids(state, board, "ruler", seat)
            if not ids:
                raise ArbiterError("Each Gate Ruler deck needs exactly one ruler card (5-2b).")
            attachments += [(geas, ids[0]) for geas in ids[1:]]
        board = board.evolve(attachments=tuple(attachments))
        for seat in range(2):
            known = ruler_numbers(state, board, seat)
            if all(name in known for name in RULER_REQUIRED):
                for name, default in RULER_OPTIONAL.items():
                    known.setdefault(name, default)
                problem = numbers_problem(known)
                if problem is not None:
                    ruler = ruler_card(state, board, seat)
                    assert ruler is not None  # every seat's ruler zone was checked above
                    name = state.match.table[board.cards[ruler].ref].name
                    raise ArbiterError(f"The card data of {name} is wrong: {problem}")
                board = with_values(board.with_data(**{f"ruler{seat}": known}), seat, life=known["life"])
        state = state.evolve(board=board)
        if numbers(board, 0) is not None and numbers(board, 1) is not None:
            work = GrWork(state, state.version)
            settle_work(work)
            state = work.result()[0]
        return state

    def allows(self, state: MatchState, action: BaseAction) -> None:
        """Refuse what the structure forbids now: anything but entering the ruler's numbers before the
        first turn (5-3b); anything but the card in a counter zone while it waits (13-6d); any board change
        by a player not holding priority (9-3e); a pass while a drive process is on top (9-3d) or while the
        active player declares an attack (8-4c); moving the turn on other than by both players passing
        priority in a row (9-3g-1, 9-4b); moving a ruler (3-7c, 3-7e); a player value out of its range, or
        the damage, which damage dealt makes (3-13a, 13-2b-1)."""
        board = state.board
        cls = type(action)
        if cls.anytime:
            return
        if not started(board):
            if cls not in _ALWAYS:
                refuse("The match is being prepared: each player first enters their ruler's numbers (5-3b).")
            return
        waiting = board.data("counter")
        if waiting is not None and cls is not gr.GrCounter:
            name = state.match.players[waiting]
            refuse(f"{name} must first resolve the card in their counter zone (13-6).")
        choosing = board.data("level_wait")
        if choosing is not None and cls is not gr.GrLevelCap:
            name = state.match.players[choosing]
            refuse(
                f"{name} must first choose a unit to put into the graveyard for the in-play level cap (12-6)."
            )
        if action.actor != board.priority and cls.undoable and cls is not PassPriority:
            # 9-3e: only the player holding priority takes a gate action. The engine lets the active
            # player act at any time, so while the opponent holds priority (their response, the choice in
            # their counter zone 13-6d, their drive resolution process 10-4c) the turn player waits.
            name = state.match.players[board.priority]
            refuse(f"{name} holds priority (9-3e): wait until they pass or finish before you act.")
        if cls is PassPriority:
            # 9-3d; a pass that starts the damage step (8-6) needs what it deals known (8-4e-1, 8-6d).
            problem = pass_problem(state)
            if problem is not None:
                refuse(problem)
        if cls in (NextStep, NextPhase, PassTurn):
            # 9-3g-1, 9-4b: a phase or step moves on when its gate process ends, both players having
            # passed priority in a row with the gate empty; the opponent always holds priority first.
            refuse(
                "The turn moves on when both players pass priority in a row with the gate empty "
                "(9-3g-1, 9-4b): pass priority."
            )
        if isinstance(action, SetValue | AdjustValue):
            problem = _value_change_problem(board, action)
            if problem is not None:
                refuse(problem)
        if isinstance(action, Move):
            if action.to.zone == "ruler":
                refuse("Only a ruler or a geas can be in a ruler zone (3-7c).")
            for at in action.cards:
                seat = action.actor if at.player is None else at.player
                if at.zone == "ruler" and seat in (0, 1) and at.index == 0:
                    refuse("A ruler never leaves its ruler zone (3-7e).")

    def offers(self, state: MatchState, seat: int, generic: Sequence[Offer]) -> Sequence[Offer]:
        """What ``seat`` may do now, ordered for a phone (:mod:`.offers`): the step's decision (the
        ruler's numbers 5-3b, the counter-zone card 13-6d, the drive process's cards 10-4, the frontmost
        unit 8-4e-1, passing 9-3g), then summon, play, set, drive and attack, then the rest."""
        return seat_offers(state, seat, generic)

    def settle(self, state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
        return steps.settle(state, action)

    def losers(self, state: MatchState) -> list[Loss]:
        return checks.losers(state)

    def view(self, state: MatchState, viewer: int | None) -> dict[str, Any]:
        """Gate Ruler's own part of a view: how a player value reads where its name and number would not
        (``value_words``, by value and number: a cap of -1 reads "no summon cap", "no set cap", 4-3a-1b,
        4-3b-1a), the rulers' numbers, the gate (3-18b), the attack in progress, and whose decision the
        game waits for."""
        board = state.board

        def handle(card_id: int) -> str:
            return handle_of(state, viewer, card_id)

        items = []
        for item in gate(board):
            shown = {"kind": item["kind"]}
            if "controller" in item:
                shown["controller"] = item["controller"]
            if "players" in item:
                shown["players"] = item["players"]
            if "card" in item:
                shown["card"] = handle(item["card"])
            if "dest" in item:
                shown["to"] = item["dest"]
            if item["kind"] == "drive":
                shown["cards"] = [handle(c) for c in item["cards"]]
            items.append(shown)
        fight = battle(board)
        return {
            "value_words": {name: {"-1": words} for name, words in NO_CAP.items()},
            "rulers": [numbers(board, seat) for seat in range(2)],
            "prepared": started(board),
            "gate": items,
            "battle": None if fight is None else _battle_view(state, board, fight, handle),
            "attacks_this_turn": int(board.data("attacks", 0)),
            "counter_wait": board.data("counter"),
            "level_cap_wait": board.data("level_wait"),
        }

    def check_invariants(self, state: MatchState) -> None:
        board = state.board
        if not started(board):
            assert board.phase == SETUP, "the match left its setup phase before the rulers were known"
            return
        assert board.phase != SETUP, "a prepared match is back in its setup phase"
        for seat in range(2):
            assert ruler_card(state, board, seat) is not None, f"player {seat} has no ruler"
            for zone in ("attack", "defense", "set"):
                room = capacity(board, seat, zone)
                assert room is not None and len(zone_ids(state, board, zone, seat)) <= room, (
                    f"player {seat}'s {zone} zones hold more cards than their ruler gives (12-4a)"
                )
            assert ruler_damage(board, seat) == 0 or board.data("counter") is not None, (
                "current ruler damage was left unprocessed (12-3)"
            )
            assert value(board, seat, "damage") == len(zone_ids(state, board, "damage", seat)), (
                "the damage shown is not the number of cards in the damage zone (3-13a)"
            )
            assert value(board, seat, "summons") >= 0 and value(board, seat, "sets") >= 0
            assert not zone_ids(state, board, "charge", seat) or all(
                any(card == c for c, _ in board.attachments)
                for card in zone_ids(state, board, "charge", seat)
            ), "an unlinked charge was left (12-5a)"
        items = gate(board)
        gate_cards = set(zone_ids(state, board, "gate", None))
        for item in items:
            if item["kind"] == "card":
                assert item["card"] in gate_cards or state.ended, "a played card left the gate unresolved"
        if board.data("counter") is not None:
            assert items and items[0]["kind"] == "damage", "a counter-zone card waits without its process"
        fight = battle(board)
        if fight is not None:
            assert board.phase == ATTACK and board.step == BATTLE, "a battle outside the battle step"
        waiting = board.data("counter") is not None or board.data("level_wait") is not None
        if board.phase == ATTACK and board.step == DECLARE and not items and not waiting:
            assert board.priority == board.active, "someone but the active player decides the attack (8-4c)"
        if board.data("lost") is not None:
            assert state.ended, "a player lost but the match goes on"
        for seat in range(2):
            for zone in UNIT_ZONES:
                for card_id in zone_ids(state, board, zone, seat):
                    assert board.cards[card_id].counter("damage") >= 0

    def random_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        return random_deck(rng)

    def practice_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        """A random legal deck whose ruler has every number, so that nobody enters them (5-3b)."""
        return practice_deck(rng)

    def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[BaseAction]:
        return random_actions(state, rng)


def _value_change_problem(board: Any, action: SetValue | AdjustValue) -> str | None:
    """Why a player value cannot change so (:func:`.spec.value_problem`), or None; a player or value the
    game does not have is left to the generic handler's sentence."""
    if action.player not in (0, 1):
        return None
    if action.name in ("damage", "ruler_damage"):
        return value_problem(action.name, 0)
    if action.name not in VALUE_INDEX:
        return None
    if isinstance(action, SetValue):
        return value_problem(action.name, action.value)
    return value_problem(action.name, value(board, action.player, action.name) + action.delta)


def _battle_view(state: MatchState, board: Any, fight: dict[str, Any], handle: Any) -> dict[str, Any]:
    """The attack in progress as its players see it: the column attacked (8-4e-1), the card being attacked
    now (``target``; None: nothing, or ``unclear`` lists the units the players must choose from), its
    zone, and the damage it would take now (8-6d; None when nobody entered it and the card data has none).
    """
    target = attacked(state, board, fight)
    return {
        "attacker": handle(fight["attacker"]),
        "attacking": attacking(state, board, fight),
        "column": fight["column"],
        "direct": fight["direct"],
        "target": None if target.card is None else handle(target.card),
        "target_zone": target.zone,
        "unclear": [handle(c) for c in target.unclear],
        "damage": None if target.card is None else combat_amount(state, board, fight, target),
    }


DEFINITION = GateRuler()
_ = (CardAt, END)
