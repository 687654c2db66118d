"""Cardfight!! Vanguard on the match engine (comprehensive rules ver. 2.01, ``data/rules``).

The structure of the game is enforced and its mechanical procedures automated; card text stays with
the players, who use the generic actions (move, draw, search, reveal, rest/stand, flip...) and
:class:`~engine.match.games.vanguard.actions.VgModify` for what their cards say.

**Automated**

- Setup (5.4): the main deck is shuffled (5.4.3.1), the G deck put face down in the G zone (5.4.3.1,
  4.11.4), the first player chosen at random (5.4.3.2), vanguard damage 0 (5.4.3.3), five cards
  drawn and the redraw offered from the first player on (5.4.3.4, :class:`VgRedraw`), then Stand Up
  (6.1.1). The first vanguard (5.4.3) comes from the deck's ``vc`` section when the decklist names one;
  otherwise the grade 0 card of the deck (a non-trigger one first, by name) is taken; without card
  data the player puts it face down on the vanguard circle with a generic search during the setup
  (one card of their own deck, face down, grade 0 when data tells), and only then is their deck
  shuffled (5.4.3.1) and their five cards drawn (5.4.3.4); the redraw waits until both hands exist.
- Turn (6.2-6.8): stand phase stands the turn player's units (6.3.1.2); draw step draws a card
  (6.4.1.1.2; these rules skip no draw on the first turn); the G assist step passes on its own, and
  its player asks for it as their first action of the ride step (6.4.1.2, see G assist below); ride
  step (6.5.1.1, :class:`VgRide`, once per turn, grade equal or one higher, 8.5.2.1.1.1, old vanguard
  to the soul 8.5.3.1), which waits every turn until the ride is done, whatever the hand holds;
  stride step (6.5.1.2, :class:`VgStride`, 8.5.2.1.1.3, the vanguard becomes a heart whose power is
  added, 10.27, 10.28.2.3); main phase (6.6: :class:`VgCall` with the grade limit 8.5.2.1.1.2,
  :class:`VgSwap` 6.6.1.2.3); battle phase (Section 7; a next step from the start step is the choice
  not to attack, on to the end phase, 7.3.1.2.2); end phase (6.8.1.1.1 G units back to the G zone
  face up, their hearts the vanguard again in the G unit's orientation, 10.28.3; 6.8.1.4 end of
  "until end of turn"). Players move on with the generic next step / next phase / pass turn.
- Hidden information (docs/architecture.md, Invariants): whether a step waits for a player never depends on
  cards the opponent cannot see. A step passes by itself only on public information (zone counts,
  face-up cards, the ride or stride done this turn): the ride step waits whatever the hand holds, the
  stride step and the automatic pass of the guard step read only public information, and the G
  assist step, whose conditions read the hand, never waits on its own.
- Battle (Section 7): :class:`VgAttack` (no attack on the first turn of the game 7.3.1.3; a standing
  front-row attacker 7.4.1.3 rests 7.4.1.5; a front-row target 7.4.1.6; boost 7.4.1.10-7.4.1.11); the
  attack step's check timing for "when ... attacks" / "when ... boosts" abilities (7.4.1.12): the
  battle stops there when the attack asks to (``hold``) or card data on the attacker's circles shows
  such an ability (``on_attack``), the attacker acting (power changes, generic actions) until their
  :class:`VgPass` goes on to the guard step (7.4.1.13), else it goes on at once; guard
  step with priority to the attacked player (:class:`VgGuard` 7.5.1.2.2 with shields 3.11.3,
  :class:`VgIntercept` 7.5.1.2.4 / 11.3, :class:`VgPass` 7.5.1.2.1, automatic pass when nothing can
  guard 7.5.1.2.1.1: an empty hand, no unit with Intercept, and no G guardian possible, 7.5.1.2.3),
  during which the turn player may take only the ``anytime`` actions (the same while the opponent makes
  a trigger's choice); drive checks by drive (7.6.1.2, 2.17, 11.2: 1, Twin Drive 2, Triple Drive 3); the
  hit when the attacked unit's power is at most the attacker's (7.7.1.2), none if either left its circle
  (7.7.1.3); damage equal to the attacker's critical to a hit vanguard (7.7.1.5); guardians then a hit
  rear-guard retired (7.7.1.9); "until end of battle" ends at the close step (7.8.1.2).
- Damage process (9.6): one damage check at a time, the turn player's first (9.6.1.1), the card to
  the damage zone (9.6.6).
- Triggers (2.8.1.1) of drive and damage checks, when the card shares a clan with a unit on the vanguard
  or rear-guard circles (7.6.1.2.4, 9.6.5; Cray Elemental shares every clan, 2.2.5): critical (+1
  critical and the icon's power to chosen units, guardians included, 3.11.1), draw (a card, and power),
  stand (a chosen rear-guard stands, a vanguard does not, and power), heal (only with at least as much
  damage as the opponent, a chosen damage card to the drop zone, and power), front (power to every
  front-row unit, until end of turn [inference: no duration is written]). Choices are prompts answered
  with :class:`VgChoose`, made automatically when there is one option. The checked card then goes to the
  hand (7.6.1.2.6) or the damage zone (9.6.6).
- Rule actions (Section 9) at every check timing: 6 or more damage (9.2.2), an empty deck (9.2.3), no
  vanguard and no soul (9.2.4) lose, and all players losing at once is a draw (1.2.3); extra
  rear-guards on a circle to the drop zone (9.3.6); the overloaded vanguard circle (9.3.1 the units
  not in a legion state but the one last placed to the soul; 9.3.3 several placed last together, the
  player chooses the one kept, a prompt answered with :class:`VgChoose`; 9.3.5 a unit put on a legion's
  circle stays and the legion goes to the soul; 9.3.2 and 9.3.4, two Legion Mates, cannot arise since a
  legion cannot legion again, 10.25.1.2); guardians outside the battle phase to the drop zone (9.4.1),
  a ride from the soul when there is no vanguard (9.5.1, a prompt), G units that would go elsewhere
  to the G zone face up (4.6.9). Concede is generic (1.2.4).
- Legion (10.25, :class:`VgLegion`): Seek Mate (11.10.2) in the main phase (6.6.1.2.2), for a vanguard
  never in a legion state, while the opponent's vanguard is grade 3 or greater: its cost (four cards of
  the drop zone on top of the deck), up to one card of the named card searched from the deck (a name the
  deck no longer holds finds nothing) and put beside the vanguard in its orientation (10.25.1), the deck
  shuffled; with a ``source`` (card text that legions) the mate comes from the zone named and nothing is
  paid. No second legion (10.25.1.2). The legion attacks with both cards rested (10.25.5) and the sum of
  their power (10.25.6), the leader's critical and drive (7.7.1.5, 2.17.1); attacked, the leader's power
  counts (10.25.8); rides compare with the leader's grade (10.25.9) and put both into the soul
  (10.6.1.2); standing or resting one stands or rests the other (10.25.10, the stand phase 6.3.1.2
  included); the state ends when either changes zones (10.25.2). Hearts under a G unit keep their legion
  (10.27.4).
- G assist (6.4.1.2, :class:`VgGAssist` then :class:`VgGAssistTake`): asked for by the turn player as
  their first action of the ride step while their vanguard is below grade 3 (the game goes back to the G
  assist step for it); the conditions (6.4.1.2.2) checked with card data, the hand revealed to the
  opponent (6.4.1.2.4: the engine checks the conditions the opponent would confirm; without card data
  the opponent reads the revealed hand in the log), the top five looked at by their player only, up to
  one card one grade above the vanguard shown and put into the hand, two cards of the hand removed from
  the game (10.36), the deck shuffled either way (6.4.1.2.5); the step then ends.
- Entered numbers (power, critical, drive, shield: :class:`VgAttack`, :class:`VgGuard`,
  :class:`VgIntercept`) are needed for cards without card data; for a card with data, a number that
  differs from the printed one is card text: it is applied (for the battle) and the log shows it to
  both players next to the printed one. A change to an opponent's unit (:class:`VgModify` on their
  unit, :class:`VgAttack`'s ``target_power``) names the card or effect it comes from (``source``,
  2.11.1), or is refused; :class:`VgModify`'s line shows the unit's printed power.
- Circles (4.6): a card moved to the vanguard circle from another circle stands (4.6.4.1), and so does
  a card moved to a rear-guard circle from the vanguard or guardian circle (4.6.6.1); from another
  rear-guard circle it keeps its orientation (4.6.6.2); a generic move that names an orientation (card
  text) is followed.

**Left to players**: card text (ACT/AUTO/CONT abilities and their costs: counter blast 10.16 with a
flip, soul blast 10.17 and soul charge 10.18 with moves...), the stride cost (11.11.2; the stride offer
shows it where card data gives it), G guardians (7.5.1.2.3), the legion edge cases that need card text:
whether the vanguard has Seek Mate and which card it names (11.10.1.1: card data has no field for it, so
the player picks the name among those their main deck began with, offered in the main phase, and the
opponent reads it in the log), damage prevention shared by a legion (10.25.6.1), legion in a heart state
by effect (10.25.18), dominate (10.35); lock (10.22), delete (10.26), Imaginary Gifts (10.6.3), extra
turns (12.4), loops (12.1), "at the beginning of" automatic abilities and their check timing order
(8.4.1). The choice among several units placed last on a vanguard circle by one card effect (9.3.3) is
prompted only when one action put them there together; otherwise the newest (the top card) is the one
last placed.

**Files**: ``spec.py`` (zones, phases and steps, each with its rule), ``actions.py``, ``board.py``
(:class:`~engine.match.games.vanguard.board.VgBoardWork`, the engine's working context with Vanguard's
circles), ``handlers.py``, ``lines.py``, ``simulate.py``, and what only Vanguard needs: ``battle.py``
(Section 7), ``triggers.py`` (2.8.1.1, 9.6), ``rule_actions.py`` (Section 9), ``turn.py`` (Section 6
and the settle table, 8.4.1), ``stats.py`` (card stats of Section 2: triggers 2.8, drive 2.17).

**Card stats** read from :class:`~engine.match.state.CardRef` (see :func:`stats_from_record`):
``grade`` (2.4), ``power`` (2.5), ``shield`` (2.6), ``critical`` (2.7), ``trigger`` (2.8.1.1:
critical, draw, stand, heal, front), ``trigger_power`` (2.8.3), ``skill`` (2.10: boost, intercept,
twin drive, triple drive), ``clan`` (2.2), ``nation`` (2.15), ``unit`` (3.8.1.1: normal, trigger,
g), ``on_attack`` (1 when the text has a "when ... attacks" or "when ... boosts" ability, 7.4.1.12),
``stride_cost`` (a G unit's stride skill cost as written, 11.11.2: the stride offer shows it).
A card with no stats at all is a card without card data: the actions carry the numbers the players
enter (attack ``power``/``critical``/``drive``/``target_power``/``boost_power``, guard
``shields``, intercept ``shield``) and a checked card's trigger is declared (:class:`VgDeclareTrigger`).
A card with data but no shield has shield 0 (3.11.2); without critical, critical 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.match.actions import (
    BaseAction,
    NextPhase,
    NextStep,
    PassPriority,
    PassTurn,
    Search,
)
from engine.match.events import Event
from engine.match.game import GameDefinition, refuse
from engine.match.games.vanguard import card_text, checks, steps
from engine.match.games.vanguard.actions import (
    VANGUARD_ACTIONS,
    VgAttack,
    VgCall,
    VgChoose,
    VgDeclareTrigger,
    VgGAssist,
    VgGAssistTake,
    VgGuard,
    VgIntercept,
    VgLegion,
    VgModify,
    VgPass,
    VgRedraw,
    VgRide,
    VgStride,
    VgSwap,
)
from engine.match.games.vanguard.handlers import HANDLERS
from engine.match.games.vanguard.lines import LINES
from engine.match.games.vanguard.offers import seat_offers
from engine.match.games.vanguard.simulate import random_actions, random_deck
from engine.match.games.vanguard.spec import CIRCLES, FIELD, GC, PHASE, REAR, SPEC, VC
from engine.match.games.vanguard.stats import ON_ATTACK, stride_cost_of, trigger_of
from engine.match.games.vanguard.steps import Work
from engine.match.games.vanguard.stops import STOPS
from engine.match.offers import Offer
from engine.match.outcome import Loss
from engine.match.state import Card, CardRef, MatchState, MatchStatus

__all__ = [
    "SPEC",
    "VanguardDefinition",
    "VgAttack",
    "VgCall",
    "VgChoose",
    "VgDeclareTrigger",
    "VgGAssist",
    "VgGAssistTake",
    "VgGuard",
    "VgIntercept",
    "VgLegion",
    "VgModify",
    "VgPass",
    "VgRedraw",
    "VgRide",
    "VgStride",
    "VgSwap",
    "stats_from_record",
]

_TURN_ACTIONS = (NextStep, NextPhase, PassTurn)
_BATTLE_STEPS = frozenset(("attack", "guard", "drive", "damage", "close"))
"""The battle phase's steps after the start step: only with an attack declared (7.3.1.2)."""
_OWN_SENTENCE = (VgGuard, VgIntercept, VgPass, VgChoose, VgDeclareTrigger, VgGAssistTake)
"""Actions of the deciding player: their handlers say who may take them (7.5.1.2, 2.8.1.1)."""
_SKILLS = ("triple drive", "twin drive", "intercept", "boost")


def stats_from_record(record: Any) -> tuple[tuple[str, int | str], ...]:
    """The stats this definition reads, from an :class:`engine.cards.model.CardRecord` (module doc).
    A trigger written with its power ("Critical +10000") gives both ``trigger`` and
    ``trigger_power``; a G unit (types or grade 4) gets ``unit`` "g", and ``stride_cost`` when its
    text has a stride skill (11.11.2); a text with a "when ... attacks" or "when ... boosts" ability
    gives ``on_attack`` 1 (7.4.1.12)."""
    stats = dict(getattr(record, "stats", {}) or {})
    out: dict[str, int | str] = {}
    for name in ("grade", "power", "shield", "critical"):
        if isinstance(stats.get(name), int):
            out[name] = stats[name]
    for name in ("clan", "nation"):
        if isinstance(stats.get(name), str) and stats[name]:
            out[name] = stats[name]
    trigger = stats.get("trigger")
    if isinstance(trigger, str) and trigger.strip():
        found = trigger_of(CardRef("x", "", (("trigger", trigger),)))
        if found is not None and found[0] != "none":
            out["trigger"], out["trigger_power"] = found
    skill = stats.get("skill")
    if isinstance(skill, str):
        named = next((s for s in _SKILLS if s in skill.lower()), None)
        if named:
            out["skill"] = named
    types = " ".join(getattr(record, "types", []) or []).lower()
    if "g unit" in types or out.get("grade") == 4:
        out["unit"] = "g"
    elif "trigger" in out:
        out["unit"] = "trigger"
    elif out:
        out["unit"] = "normal"
    text = str(getattr(record, "text", "") or "")
    if out and ON_ATTACK.search(text):
        out["on_attack"] = 1
    cost = stride_cost_of(text) if out.get("unit") == "g" else None
    if cost:
        out["stride_cost"] = cost
    if out:
        out.update(card_text.effects(record))
    return tuple(sorted(out.items()))


class VanguardDefinition(GameDefinition):
    """Cardfight!! Vanguard (see the module doc)."""

    spec = SPEC
    actions = VANGUARD_ACTIONS
    handlers = HANDLERS
    lines = LINES
    stops = STOPS
    transient_values = frozenset({"vanguard_damage"})
    """Vanguard damage (3.9.2) is damage dealt and not yet put through the damage process (9.6), which
    runs at once (a rule action): it is not zero only while a check of it waits for a trigger's
    choice, so a view shows it only then. A player's damage, what loses the game at six (9.2.2) and
    what Limit Break counts (11.6.1), is the cards in their damage zone (4.8), a public count (4.1.2)
    the board shows with the zone."""

    def setup(self, state: MatchState) -> MatchState:
        """5.4.3-5.4.3.4: first vanguards face down, G decks face down, five cards each; the redraw
        waits for the first player (the setup phase). A player whose first vanguard cannot be placed
        (no card data) draws no hand yet: they choose it with a search, then their deck is shuffled
        (5.4.3.1) and they draw five (5.4.3.4, :meth:`Work.deal`)."""
        work = Work(state, 0)
        g_units = sorted(c for p in (0, 1) for c in work.ids("gzone", p))
        work.set(g_units=g_units)
        cards = list(work.board.cards)
        for player in (0, 1):
            vc = work.ids(VC, player)
            if not vc:
                first = _first_vanguard(work, player)
                if first is not None:
                    work.move(player, [first], VC, player, face="down")
                    cards = list(work.board.cards)
            for card_id in work.ids(VC, player):
                old = cards[card_id]
                cards[card_id] = Card(old.ref, old.owner, old.controller, False, 0, (), 1 << player)
        work.board = work.board.evolve(cards=tuple(cards))
        for player in (0, 1):
            if work.ids(VC, player):
                work.move(player, list(work.ids("deck", player)[:5]), "hand", player, kind="draw")
        work.set(dealt=[p for p in (0, 1) if work.ids(VC, p)] or None)
        work.board = work.board.evolve(priority=work.setup_priority())
        return state.evolve(board=work.board)

    def allows(self, state: MatchState, action: BaseAction) -> None:
        """Refuse what the structure forbids now: anything but the redraw (and placing a first
        vanguard: one grade 0 card of your deck, face down, 5.4.3) before the game begins; moving the
        turn on in the middle of a battle (a held attack step included, 7.4.1.12) or a choice; the turn
        player's board-changing actions while the opponent decides (the guard step, 7.5.1.2, or a
        choice of theirs, 2.8.1.1, 9.5.1; see :func:`_deciding`)."""
        if (
            not state.board.data("started")
            and isinstance(action, Search)
            and action.to is not None
            and action.to.zone == VC
        ):
            _first_vanguard_search(state, action)
            return
        problem = structure_problem(state, type(action), action.actor)
        if problem is not None:
            refuse(problem)
        if isinstance(action, NextStep) and action.to in _BATTLE_STEPS and state.board.data("battle") is None:
            refuse(
                f"The {action.to} step comes only with an attack: declare one in the start step, or go "
                "on without attacking (7.3.1.2.2)."
            )

    def offers(self, state: MatchState, seat: int, generic: Sequence[Offer]) -> Sequence[Offer]:
        """What ``seat`` may do now, ordered for a phone (:mod:`.offers`)."""
        return seat_offers(state, seat, generic)

    def skipped(self, state: MatchState, step: str) -> bool:
        """A "next step" from the start step without an attack is the choice not to attack: the battle
        phase's later steps do not happen and the turn goes on to the end phase (7.3.1.2.2)."""
        return step in _BATTLE_STEPS and state.board.data("battle") is None

    def settle(self, state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
        return steps.settle(state, action)

    def losers(self, state: MatchState) -> list[Loss]:
        return checks.losers(state)

    def view(self, state: MatchState, viewer: int | None) -> dict[str, Any]:
        """The battle, pending choices, power changes, this turn's ride and stride, and whether the
        turn player may still ask for the G assist step (``g_assist_open``, set on public information
        only, :meth:`Work.g_assist_step`): all public."""
        work = Work(state, 0)
        board = state.board
        out: dict[str, Any] = {
            "started": bool(board.data("started")),
            "legion": [work.legion(p) is not None for p in (0, 1)],
            "redrawn": list(board.data("redrawn", ())),
            "ride_done": bool(board.data("ride_done")),
            "stride_done": bool(board.data("stride_done")),
            "g_assist_open": bool(board.data("g_assist_open")),
            "damage": [work.damage_count(p) for p in (0, 1)],
            "prompts": [dict(p) for p in board.data("prompts", ())],
            "modifiers": [],
            "battle": None,
        }
        for card, power, critical, until in board.data("mods", ()):
            where = work.where(card)
            if where is not None:
                out["modifiers"].append(
                    {
                        "player": where[1],
                        "circle": where[0],
                        "power": power,
                        "critical": critical,
                        "until": until,
                    }
                )
        battle = board.data("battle")
        if battle is not None:
            b = dict(battle)
            active = board.active
            out["battle"] = {
                "attacker": {"player": active, "circle": b["attacker_circle"]},
                "target": {"player": 1 - active, "circle": b["target_circle"]},
                "boosted": b["booster"] is not None,
                "attacker_power": work.power(b["attacker"]),
                "target_power": work.power(b["target"]),
                "drive": b["drive"],
                "drive_checks": b["drives"],
                "hit": b["hit"],
                "held": bool(b.get("hold")),
            }
        return out

    def check_invariants(self, state: MatchState) -> None:
        """Vanguard's own invariants after every action (the simulator runs them)."""
        board = state.board
        work = Work(state, 0)
        prompts = board.data("prompts", ())
        if not board.data("started"):
            assert board.phase == PHASE["setup"], "the turn began before Stand Up"
            for p in (0, 1):
                if p not in board.data("dealt", ()):
                    assert not work.ids("hand", p), "an opening hand before the first vanguard (5.4.3)"
            return
        if state.status == MatchStatus.PLAYING:
            for p in (0, 1):
                assert work.loses(p) is None, f"player {p} should have lost: {work.loses(p)}"
                assert work.vanguard_damage(p) >= 0, "negative vanguard damage"
        if prompts:
            assert board.priority == dict(prompts[0])["player"], "the prompted player does not hold priority"
            return
        for p in (0, 1):
            for circle in REAR:
                assert len(work.ids(circle, p)) <= 1, f"two units on {circle} of player {p} (9.3.6)"
            if board.phase != PHASE["battle"]:
                assert not work.ids(GC, p), "guardians outside the battle phase (9.4.1)"
        battle = board.data("battle")
        step = state.match.phase_steps[board.phase][board.step]
        in_battle = step in ("attack", "guard", "drive", "damage", "close")
        assert (battle is not None) == in_battle, f"battle data {battle!r} in step {step}"
        if battle is not None and state.status == MatchStatus.PLAYING:
            b = dict(battle)
            assert b["drives"] <= b["drive"], "more drive checks than the drive"
            if step == "guard":
                assert board.priority == 1 - board.active, (
                    "the attacked player does not hold priority in guard"
                )
            if step == "attack":
                assert b.get("hold") and board.priority == board.active, (
                    "the attack step without the attacker's check timing (7.4.1.12)"
                )
        for card, *_ in board.data("mods", ()):
            assert work.where(card) is not None, "a power change on a card off the field"
        if board.data("check") is None:
            assert not any(work.ids("trigger", p) for p in (0, 1)), "a card left in a trigger zone"

    def random_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        return random_deck(rng)

    def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[BaseAction]:
        return random_actions(state, rng)


def structure_problem(state: MatchState, cls: type[BaseAction], actor: int) -> str | None:
    """Why the turn's structure refuses an action of type ``cls`` from ``actor`` now, or None: before
    the game begins only the redraw (5.4.3.4; the first vanguard's search is checked apart, 5.4.3);
    no priority to pass; moving the turn on only outside a battle (7.4.1.12, 7.5), a pending choice
    and a check (7.6.1.2, 9.6), and ending the turn only from the main phase (6.2); Vanguard's own
    actions wait for a pending choice but its answers and card text; the turn player's board-changing
    actions wait while the opponent decides (7.5.1.2, 2.8.1.1, 9.5.1, :func:`_deciding`). The
    definition's ``allows`` and the offers (:mod:`.offers`) both read it."""
    board = state.board
    if not board.data("started"):
        if cls is VgRedraw or cls.anytime:
            return None
        return "The game has not begun: finish the redraw first (5.4.3.4)."
    prompts = board.data("prompts", ())
    if cls in _TURN_ACTIONS or cls is PassPriority:
        if cls is PassPriority:
            return "Vanguard has no priority to pass: each step says who acts (Section 6, 7)."
        if prompts:
            head = dict(prompts[0])
            return f"{state.match.players[head['player']]} must first make the pending choice."
        if board.data("battle") is not None:
            if state.match.phase_steps[board.phase][board.step] == "attack":
                return (
                    'Finish the attack step first: pass once your "when ... attacks" abilities '
                    "have resolved (7.4.1.12-7.4.1.13)."
                )
            return "Finish the battle first: the attacked player guards or passes (7.5)."
        if board.data("check") is not None:
            return "Finish the check in progress first (7.6.1.2, 9.6)."
        if cls is PassTurn and board.phase < PHASE["main"]:
            return "Go on to your main phase before ending your turn (6.2)."
    elif (
        prompts
        and cls in VANGUARD_ACTIONS
        and cls not in (VgChoose, VgDeclareTrigger, VgModify, VgGAssistTake)
    ):
        head = dict(prompts[0])
        return f"{state.match.players[head['player']]} must first make the pending choice."
    deciding = _deciding(state)
    if (
        deciding is not None
        and actor == board.active
        and cls.undoable
        and not cls.anytime
        and cls not in _OWN_SENTENCE
    ):
        name = state.match.players[deciding]
        if prompts:
            return f"{name} must first make the pending choice: wait for it before you act."
        return f"{name} is deciding how to guard (7.5.1.2): wait until they pass before you act."
    return None


def _deciding(state: MatchState) -> int | None:
    """The turn player's opponent when the rules have them decide now: a choice of theirs is pending
    (a trigger of their damage check, 2.8.1.1, 9.6.5; a ride from their soul, 9.5.1), or the guard
    step, where only the attacked player acts (7.5.1.2). The engine lets the turn player act at any
    time; while the opponent decides, the turn player may only take the ``anytime`` actions."""
    board = state.board
    prompts = board.data("prompts", ())
    if prompts:
        player = int(dict(prompts[0])["player"])
        return player if player != board.active else None
    if state.match.phase_steps[board.phase][board.step] == "guard" and board.data("battle") is not None:
        return 1 - board.active
    return None


def _first_vanguard_search(state: MatchState, action: Search) -> None:
    """5.4.3 with a generic search before the game begins: one card of your own main deck, onto your
    own vanguard circle, face down (it is not revealed until the game begins), of grade 0 when card
    data tells; only once."""
    actor = action.actor
    if action.to is not None and action.to.player not in (None, actor):
        refuse("Put your first vanguard on your own vanguard circle (5.4.3).")
    if state.zone(VC, actor):
        refuse("Your first vanguard is already on your vanguard circle (5.4.3).")
    if action.zone.zone != "deck" or action.zone.player not in (None, actor):
        refuse("Your first vanguard comes from your main deck (5.4.3).")
    if len(action.take) != 1:
        refuse("Take exactly one card of your deck as your first vanguard (5.4.3).")
    if action.face != "down":
        refuse("Put your first vanguard face down: it is not revealed until the game begins (5.4.3).")
    deck = state.zone("deck", actor)
    if action.take[0] < len(deck):
        grade = state.ref(deck[action.take[0]]).stat("grade")
        # A deck whose card data shows no grade 0 card at all (5.4.3 cannot be followed) still starts:
        # any card may be chosen, or the match could never begin.
        grades = [state.ref(card).stat("grade") for card in deck]
        possible = any(g == 0 or not isinstance(g, int) for g in grades)
        if isinstance(grade, int) and grade != 0 and possible:
            refuse(f"Your first vanguard is a grade 0 card (5.4.3); that card is grade {grade}.")


def _first_vanguard(work: Work, player: int) -> int | None:
    """5.4.3 without a named first vanguard: a grade 0 card of the deck, a non-trigger one first, by
    name (a choice that does not depend on the shuffled order)."""
    best: tuple[bool, str, int] | None = None
    for card_id in work.ids("deck", player):
        ref = work.ref(card_id)
        if ref.stat("grade") != 0:
            continue
        trigger = trigger_of(ref)
        key = (trigger is not None and trigger[0] != "none", ref.name, card_id)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]


DEFINITION = VanguardDefinition()

_ = (CIRCLES, FIELD, VgAttack, VgCall, VgGuard, VgIntercept, VgModify, VgPass, VgRide, VgStride, VgSwap)
