"""What a Duel Masters seat may do now (:mod:`engine.match.offers`): the game's own offers, and the
generic ones kept as the engine accepts them.

Ordered for a phone (``now``, then ``main``, then ``more``):

- ``now``, the step's decision: the charge (503.1); in the attack declaration step the attacks (506.1)
  or moving on without one (506.2), and passing the window of one's attack triggers (506.3b-c); the
  defender's block or no block (507.1), the power of a creature the card data lacks (206, 508.1), the
  shields the attacking player breaks (509.2-509.3), the defender's Shield Triggers or none, one tap
  after every break (509.3a, 113.6), then saying the declared ones are carried out (509.3c); the
  non-active player saying the card text handed to them is carried out (101.4a); moving on to the next
  step (500.1), and ending the turn in the end of turn step (512);
- ``main``: using a card of the hand whose cost the untapped mana pays (504.1, 112.2a-c), an evolution
  onto one of one's creatures (801.1);
- ``more``: using a card whose cost an effect changed, with the mana tapped for it and the effect's
  words (112.2b); an attack an effect's permission allows, with its cause (101.2: despite summoning
  sickness, on an untapped creature); a block or a Shield Trigger an effect allows (the keyword given,
  101.1, 113.6b-c); a change until the end of the turn (206.1, 511.2); handing priority to the other
  player to carry out card text (101.4a); and the generic actions the turn's structure lets through.

Each offer comes from the predicates the handlers and :meth:`.DuelMastersDefinition.allows` refuse
with (:func:`.board.possible_blockers`, :func:`.board.deciding`, :func:`.board.carrying_out`,
:func:`.mana.match_civs`, :func:`.attack.shield_triggers`), so an offer taken with any valid choices is
accepted: a card is offered with how many untapped mana cards pay for it and the shares a payment must
hold (at least one of each civilization, and for two or more civilizations at least as many of their
payers: Hall's condition, 112.2a-c), so any choice meeting them pays. While the other player decides or
carries out card text, the active player keeps only what changes nothing on the board. Cards are
positions; a seat's offers read its own hand and the public zones; pick options read in words (steps
as 500.1 names them, keywords, players by name).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from engine.match.actions import ACTION_TYPES, BaseAction, CardAt
from engine.match.games.duelmasters import card_text
from engine.match.games.duelmasters.attack import shield_triggers
from engine.match.games.duelmasters.board import (
    TAPPED,
    UNTAPPED,
    WAIT_STEPS,
    attack_of,
    bz_slot,
    carrying_out,
    current,
    deciding,
    given,
    is_creature,
    possible_blockers,
    powers,
    ready_of,
    stacked,
    under_cards,
)
from engine.match.games.duelmasters.mana import match_civs
from engine.match.games.duelmasters.spec import SPEC, card_type, civilizations, flag, int_stat
from engine.match.offers import (
    AtLeast,
    CardsNeed,
    Destinations,
    Need,
    NumberNeed,
    Offer,
    PickNeed,
    TextNeed,
    split_moves,
)
from engine.match.state import MatchState

_CLASSES: dict[str, type[BaseAction]] = {cls.model_fields["type"].default: cls for cls in ACTION_TYPES}
_STRUCTURE = frozenset({"next_step", "next_phase", "pass_priority"})
"""The generic offers Duel Masters replaces with its own (500.1, 506.2, 101.4a, 506.3b): the steps by
name (the rules' turn is made of steps, 500.1, so a "next phase" is one of them) and passing priority
named for what it is for."""
_POWER = 1_000_000
"""The largest power an action takes (the actions' own bound)."""
_KEYWORDS = (("blocker",), ("speed_attacker",), ("attack_untapped",))
_KEYWORD_WORDS = ("Blocker", "Speed Attacker", "can attack untapped creatures")
"""What a player reads for each keyword an effect gives (507.1a, 101.2)."""
_STEP_WORDS = {
    "start_of_turn": "the start of turn step",
    "draw": "the draw step",
    "charge": "the mana charge step",
    "main": "the main step",
    "attack_declaration": "the attack step",
    "end_of_turn": "the end of turn step",
}
"""The steps as 500.1 names them (the attack step begins with its attack declaration, 505.1)."""
_USES = ("summon", "cast", "use")
_USE_WORDS = ("summon it (a creature)", "cast it (a spell)", "put it into the battle zone")
"""How to use a card whose type the card data does not give (701.3, 701.4, 701.5)."""


def seat_offers(state: MatchState, seat: int, generic: Sequence[Offer]) -> list[Offer]:
    """What ``seat`` may do now (see the module doc)."""
    if state.undo_request is not None:
        return list(generic)  # only the answers to the undo request
    board = state.board
    if seat not in (board.active, board.priority):
        return list(generic)  # the match's life only (the generic offers say so)
    if (deciding(state) or carrying_out(state)) is not None and seat == board.active:
        # The other player decides or carries out card text: the active player changes nothing on the
        # board meanwhile (allows).
        return [o for o in generic if _CLASSES[o.type].anytime or not _CLASSES[o.type].undoable]
    attack = attack_of(board)
    kept = [o for o in generic if o.type not in _STRUCTURE]
    if attack is not None:
        kept = [o for o in kept if o.type not in ("next_phase", "pass_turn")]  # 505.4
    elif current(board) == "end_of_turn":  # 512: the end of the turn step's own decision
        kept = [replace(o, group="now", rule="512") if o.type == "pass_turn" else o for o in kept]
    kept = [split for o in kept for split in split_moves(state, seat, o, _where(state, seat))]
    out = [
        *_decisions(state, seat),
        *_uses(state, seat),
        *card_text.offers(state, seat, _more(state, seat), _where(state, seat)),
        *kept,
    ]
    return out


_HOMES: dict[str, Destinations] = {
    "hyperspatial": ("psychic creatures and draghearts", frozenset({"battle_zone", "hyperspatial"})),
    "super_gr": ("gacharange creatures", frozenset({"battle_zone", "super_gr"})),
}
"""117.1, 118.1: a psychic creature or dragheart is in the battle zone or the hyperspatial zone, a
gacharange creature in the battle zone or the super gacharange zone; put anywhere else, it goes back."""
_OTHERS: Destinations = ("", frozenset(zone.name for zone in SPEC.zones) - {"hyperspatial", "super_gr"})
"""407, 408: the hyperspatial and super gacharange zones hold those cards only."""


def _where(state: MatchState, seat: int) -> Callable[[CardAt, int], Destinations]:
    """Where a card may go (:func:`engine.match.offers.split_moves`): by its card data's ``home`` when
    ``seat`` knows it, else by the zone it is in (a card of the super gacharange zone is a gacharange
    creature, one of a deck or a hand is neither)."""
    table = state.match.table
    cards = state.board.cards

    def where(at: CardAt, card_id: int) -> Destinations:
        known = state.knows(seat, card_id)
        home = table[cards[card_id].ref].stat("home") if known else at.zone
        return _HOMES.get(str(home), _OTHERS)

    return where


# Positions -------------------------------------------------------------------------------------------


def _bz(state: MatchState) -> list[tuple[CardAt, int]]:
    return [
        (CardAt(zone="battle_zone", player=None, index=i), c)
        for i, c in enumerate(state.board.zones[bz_slot(state)])
    ]


def _creatures(state: MatchState) -> list[tuple[CardAt, int]]:
    """The face-up creatures of the battle zone, not the cards under an evolution (200.3a)."""
    cards = state.board.cards
    under = under_cards(state.board)
    return [(at, c) for at, c in _bz(state) if cards[c].face_up and c not in under and is_creature(state, c)]


# The step's decision ("now") -------------------------------------------------------------------------


def _decisions(state: MatchState, seat: int) -> list[Offer]:
    board = state.board
    step = current(board)
    attack = attack_of(board)
    out: list[Offer] = []
    if attack is None:
        if seat == board.active:
            if step == "charge" and not board.data("charged"):
                hand = state.zone("hand", seat)
                if hand:
                    options = tuple(CardAt(zone="hand", player=seat, index=i) for i in range(len(hand)))
                    need = CardsNeed("card", options, label="card to charge")
                    out.append(Offer("dm_charge", "Charge", "now", needs=(need,), rule="503.1"))
            if step == "attack_declaration":
                out += _attacks(state, seat)
            out += _moving_on(state, step)
        out += _card_text(state, seat)
        return out
    defender = attack["defender"]
    if step == "attack_declaration" and seat == board.active:
        out.append(Offer("pass_priority", "Pass", "now", rule="506.3b"))
    elif step == "block_declaration" and seat == defender and not attack["block_done"]:
        out += _blocks(state, seat)
    elif step == "battle":
        out += _power(state, seat, attack)
    elif step == "direct_attack" and attack["broken"] is None and seat == board.active:
        shields = state.zone("shields", defender)
        count = min(attack["breaker"], len(shields))
        if count:
            options = tuple(CardAt(zone="shields", player=defender, index=i) for i in range(len(shields)))
            need = CardsNeed("shields", options, count, count, single=False, label="shields to break")
            out.append(Offer("dm_break", "Break", "now", needs=(need,), rule="509.2"))
    elif (
        step == "direct_attack"
        and attack["broken"] is not None
        and not attack["triggers_done"]
        and seat == defender
    ):
        out += _triggers(state, seat, attack["broken"])
    elif step == "direct_attack" and attack.get("carrying") and seat == defender == board.priority:
        out.append(Offer("pass_priority", "Shield Triggers carried out", "now", rule="509.3c"))
    return out


def _card_text(state: MatchState, seat: int) -> list[Offer]:
    """101.4a: outside an attack, the active player may hand priority to the non-active player to carry
    out card text (their own effects, or what the active player's effect asks of them: a choice from
    their hand, a discard); the non-active player hands it back when done."""
    board = state.board
    if board.priority != seat:
        return []
    if seat == board.active:
        other = state.match.players[1 - seat]
        return [Offer("pass_priority", f"Let {other} carry out card text", "more", rule="101.4a")]
    return [Offer("pass_priority", "Done carrying out card text", "now", rule="101.4a")]


def _moving_on(state: MatchState, step: str) -> list[Offer]:
    """500.1: the next step (506.2: from the attack declaration step without an attack, the attack's
    sub-steps are skipped); a later step by name, but not the attack's sub-steps."""
    labels = {"charge": "No charge", "main": "To the attack step", "attack_declaration": "No attack"}
    match = state.match
    board = state.board
    steps = [name for phase in match.phase_steps for name in phase]
    here = sum(len(phase) for phase in match.phase_steps[: board.phase]) + board.step
    later = tuple(
        name for name in dict.fromkeys(steps[here + 1 :]) if name not in WAIT_STEPS | {"end_of_attack"}
    )
    if not later:
        return []
    out = [Offer("next_step", labels.get(step, "Next step"), "now", rule="500.1")]
    if len(later) > 1:
        pick = PickNeed("to", later, "step", labels=tuple(_STEP_WORDS[name] for name in later))
        out.append(Offer("next_step", "Go to a step", "more", needs=(pick,), rule="500.1"))
    return out


def _attacks(state: MatchState, seat: int) -> list[Offer]:
    """506.1a-e, 505.2, 301.5, 801.3: an untapped creature of one's own without summoning sickness
    (unless it has Speed Attacker or is an evolution) attacks the opponent or one of their tapped
    creatures (an untapped one with an effect that allows it, 101.2); and the attacks an effect's
    permission allows, declared with the attack and its cause (:func:`_permitted`)."""
    board = state.board
    cards = board.cards
    table = state.match.table
    ready = set(ready_of(board))
    creatures = _creatures(state)
    attackers = []
    sick = []
    for at, c in creatures:
        card = cards[c]
        if card.controller != seat or card.orientation != UNTAPPED:
            continue
        ref = table[card.ref]
        fast = flag(ref, "speed_attacker") or given(board, c, "speed_attacker")
        if c in ready or fast or flag(ref, "evolution") or stacked(board, c):
            attackers.append((at, c))
        else:
            sick.append((at, c))
    theirs = [(at, c) for at, c in creatures if cards[c].controller != seat]
    out = _permitted(state, attackers, sick, theirs)
    if not attackers:
        return out
    free = frozenset({"power", "breaker", "because"})
    need = CardsNeed("attacker", tuple(at for at, _ in attackers), label="attacker")
    out.append(Offer("dm_attack", "Attack the player", "now", needs=(need,), free=free, rule="506.1"))
    grouped: dict[tuple[CardAt, ...], list[CardAt]] = {}
    for at, c in attackers:
        untapped = given(board, c, "attack_untapped")
        targets = tuple(t for t, tc in theirs if untapped or cards[tc].orientation == TAPPED)
        if targets:
            grouped.setdefault(targets, []).append(at)
    for targets, group in grouped.items():
        needs: tuple[Need, ...] = (
            CardsNeed("attacker", tuple(group), label="attacker"),
            CardsNeed("target", targets, label="creature to attack"),
        )
        out.append(Offer("dm_attack", "Attack a creature", "now", needs=needs, free=free, rule="506.1e"))
    return out


def _permitted(
    state: MatchState,
    attackers: Sequence[tuple[CardAt, int]],
    sick: Sequence[tuple[CardAt, int]],
    theirs: Sequence[tuple[CardAt, int]],
) -> list[Offer]:
    """101.2: an effect's "can" wins over the rules' "can't", declared with the attack itself and the
    card or effect it comes from (both players read it): a creature with summoning sickness attacks
    (301.5, ``speed_attacker``), any of one's untapped creatures attacks any of the opponent's
    creatures, untapped ones included (505.2, ``untapped``). The handler records only the permissions
    the attack uses."""
    cause = TextNeed("because", 80, label="the card or effect allowing it")
    free = frozenset({"power", "breaker"})
    out: list[Offer] = []
    if sick:
        need = CardsNeed("attacker", tuple(at for at, _ in sick), label="attacker")
        out.append(
            Offer(
                "dm_attack",
                "Attack the player despite summoning sickness",
                "more",
                fixed=(("speed_attacker", True),),
                needs=(need, cause),
                free=free,
                rule="101.2",
            )
        )
    cards = state.board.cards
    untapped = [at for at, c in theirs if cards[c].orientation == UNTAPPED]
    if theirs and (sick or (attackers and untapped)):
        needs: tuple[Need, ...] = (
            CardsNeed("attacker", tuple(at for at, _ in (*attackers, *sick)), label="attacker"),
            CardsNeed("target", tuple(at for at, _ in theirs), label="creature to attack"),
            cause,
        )
        out.append(
            Offer(
                "dm_attack",
                "Attack a creature an effect allows",
                "more",
                fixed=(("speed_attacker", True), ("untapped", True)),
                needs=needs,
                free=free,
                rule="101.2",
            )
        )
    return out


def _blocks(state: MatchState, seat: int) -> list[Offer]:
    """507.1a-d: block with an untapped Blocker, or not; an effect may give Blocker (101.1)."""
    board = state.board
    free = frozenset({"power", "because"})
    blockers = set(possible_blockers(state, board, seat))
    mine = [(at, c) for at, c in _creatures(state) if board.cards[c].controller == seat]
    out: list[Offer] = []
    able = tuple(at for at, c in mine if c in blockers)
    if able:
        need = CardsNeed("blocker", able, label="blocker")
        out.append(Offer("dm_block", "Block", "now", needs=(need,), free=free, rule="507.1a"))
    out.append(Offer("dm_block", "No block", "now", free=free, rule="507.1"))
    others = tuple(at for at, c in mine if c not in blockers and board.cards[c].orientation == UNTAPPED)
    if others:
        need = CardsNeed("blocker", others, label="blocker")
        out.append(
            Offer(
                "dm_block",
                "Block (given Blocker)",
                "more",
                fixed=(("granted", True),),
                needs=(need,),
                free=free,
                rule="507.1a",
            )
        )
    return out


def _power(state: MatchState, seat: int, attack: dict[str, Any]) -> list[Offer]:
    """206, 508.1: the power of one's creature in the battle, when the card data gives none."""
    board = state.board
    apower, dpower = powers(state, board, attack)
    defender = attack["blocker"] if attack["blocked"] else attack["target"]
    mine_a = apower is None and board.cards[attack["attacker"]].controller == seat
    mine_d = defender is not None and dpower is None and board.cards[defender].controller == seat
    if not (mine_a or mine_d):
        return []
    need = NumberNeed("power", -_POWER, _POWER, label="power")
    return [Offer("dm_power", "Enter power", "now", needs=(need,), free=frozenset({"because"}), rule="206")]


def _triggers(state: MatchState, seat: int, broken: Sequence[int]) -> list[Offer]:
    """509.3a, 112.3a, 113.6: the Shield Triggers among the broken cards, or none with one tap; an
    effect may give Shield Trigger to a broken card (113.6b-c)."""
    hand = state.zone("hand", seat)
    able = set(shield_triggers(state, broken))
    out: list[Offer] = []
    triggers = tuple(CardAt(zone="hand", player=seat, index=i) for i, c in enumerate(hand) if c in able)
    if triggers:
        need = CardsNeed("cards", triggers, 1, len(triggers), single=False, label="Shield Triggers")
        out.append(Offer("dm_trigger", "Shield Trigger", "now", needs=(need,), rule="509.3a"))
    out.append(Offer("dm_trigger", "No Shield Trigger", "now", rule="509.3a"))
    held = set(broken)
    granted = tuple(CardAt(zone="hand", player=seat, index=i) for i, c in enumerate(hand) if c in held)
    if granted:
        need = CardsNeed("cards", granted, 1, len(granted), single=False, label="broken cards")
        out.append(
            Offer(
                "dm_trigger",
                "Shield Trigger (given)",
                "more",
                fixed=(("granted", True),),
                needs=(need,),
                rule="113.6",
            )
        )
    return out


# Using cards ("main") --------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _shares(
    need: int,
    civs: tuple[str, ...],
    sources: tuple[frozenset[str] | None, ...],
    positions: tuple[CardAt, ...],
) -> tuple[AtLeast, ...]:
    """112.2a-c as shares of a payment of ``need`` untapped mana cards for a card of civilizations
    ``civs``: for each group of the civilizations, at least as many of its payers as the group has
    members (Hall's condition, which :func:`.mana.match_civs` decides). A share any ``need`` cards meet
    is left out, so a card any mana pays has none."""
    out: list[AtLeast] = []
    for size in range(1, len(civs) + 1):
        for group in itertools.combinations(civs, size):
            payers = frozenset(
                positions[i]
                for i, source in enumerate(sources)
                if source is None or any(civ in source for civ in group)
            )
            if len(sources) - len(payers) > need - size:
                out.append(AtLeast(payers, size, f"at least {size} {' or '.join(group)}"))
    return tuple(out)


def _uses(state: MatchState, seat: int) -> list[Offer]:
    """504.1, 112.2a-c, 801.1: the cards of the hand the untapped mana pays for, grouped by cost and
    civilizations, each with the shares of its payment (:func:`_shares`); an evolution onto one of
    one's creatures; a card without data says how it is used."""
    board = state.board
    if current(board) != "main" or seat != board.active or attack_of(board) is not None:
        return []
    table = state.match.table
    cards = board.cards
    mana = state.zone("mana", seat)
    untapped = [(i, c) for i, c in enumerate(mana) if cards[c].orientation == UNTAPPED]
    sources = tuple(
        civilizations(table[cards[c].ref]) if cards[c].face_up else frozenset() for _, c in untapped
    )
    positions = tuple(CardAt(zone="mana", player=seat, index=i) for i, _ in untapped)
    onto = tuple(at for at, c in _creatures(state) if cards[c].controller == seat)
    grouped: dict[tuple[Any, ...], list[CardAt]] = {}
    changed: dict[tuple[Any, ...], list[CardAt]] = {}
    for index, card_id in enumerate(state.zone("hand", seat)):
        ref = table[cards[card_id].ref]
        kind = card_type(ref)
        if kind == "castle":
            continue  # 304.1-304.2: fortified by hand
        cost = int_stat(ref, "cost")
        civs = civilizations(ref)
        evolution = flag(ref, "evolution")
        if evolution and (kind != "creature" or not onto):
            continue
        if civs is None or match_civs(sorted(civs), sources):  # 112.2a-b: a changed cost's payment
            shape = (None if civs is None else tuple(sorted(civs)), kind is None, bool(evolution))
            changed.setdefault(shape, []).append(CardAt(zone="hand", player=seat, index=index))
        if cost is None:
            if civs:
                continue  # a cost the card data lacks, with civilizations to match: by hand
            key: tuple[Any, ...] = ("any", kind is None, bool(evolution))
        else:
            need = max(cost, len(civs or ()))
            if need > len(untapped) or (civs and not match_civs(sorted(civs), sources)):
                continue
            key = ("paid", need, tuple(sorted(civs or ())), kind is None, bool(evolution))
        grouped.setdefault(key, []).append(CardAt(zone="hand", player=seat, index=index))
    out: list[Offer] = []
    for key, group in grouped.items():
        needs: list[Need] = [CardsNeed("card", tuple(group), label="card to use")]
        if key[0] == "any":
            if positions:
                needs.append(CardsNeed("mana", positions, 0, len(positions), single=False, label="mana"))
        elif key[1]:
            need, civs_needed = key[1], key[2]
            shares = _shares(need, civs_needed, sources, positions)
            needs.append(
                CardsNeed("mana", positions, need, need, single=False, label="mana", at_least=shares)
            )
        if key[-2]:
            needs.append(PickNeed("kind", _USES, "how to use it", labels=_USE_WORDS))
        if key[-1]:
            needs.append(CardsNeed("onto", onto, label="creature to evolve"))
        label = "Evolve" if key[-1] else "Use"
        out.append(
            Offer("dm_use", label, "main", needs=tuple(needs), free=frozenset({"because"}), rule="504.1")
        )
    for (civs_needed, untyped, evolves), group in changed.items():
        needs = [CardsNeed("card", tuple(group), label="card to use")]
        if positions:
            low = len(civs_needed or ())
            shares = _shares(low, civs_needed, sources, positions) if civs_needed else ()
            mana_need = CardsNeed(
                "mana", positions, low, len(positions), single=False, label="mana to tap", at_least=shares
            )
            needs.append(mana_need)
        if untyped:
            needs.append(PickNeed("kind", _USES, "how to use it", labels=_USE_WORDS))
        if evolves:
            needs.append(CardsNeed("onto", onto, label="creature to evolve"))
        needs.append(TextNeed("cost_change", 80, label="the effect changing its cost"))
        label = "Evolve, cost changed" if evolves else "Use, cost changed"
        out.append(Offer("dm_use", label, "more", needs=tuple(needs), rule="112.2b"))
    return out


# Card text ("more") ----------------------------------------------------------------------------------


def _more(state: MatchState, seat: int) -> list[Offer]:
    """206.1, 511.2: a change until the end of the turn to a creature (one's opponent's names its cause,
    101.1)."""
    cards = state.board.cards
    creatures = _creatures(state)
    other = state.match.players[1 - seat]
    out: list[Offer] = []
    for mine in (True, False):
        options = tuple(at for at, c in creatures if (cards[c].controller == seat) == mine)
        if not options:
            continue
        creature = CardsNeed("creature", options, label="creature")
        cause: tuple[Need, ...] = () if mine else (TextNeed("because", 80, label="the card or effect"),)
        free = frozenset({"because"}) if mine else frozenset()
        whose = "" if mine else f" ({other}'s creature)"
        for label, low, high in (("Power up", 1, _POWER), ("Power down", -_POWER, -1)):
            amount = NumberNeed("power", low, high, label="power change")
            out.append(
                Offer(
                    "dm_change",
                    f"{label}{whose}",
                    "more",
                    needs=(creature, amount, *cause),
                    free=free,
                    rule="206.1",
                )
            )
        keywords = PickNeed("keywords", _KEYWORDS, "keyword", labels=_KEYWORD_WORDS)
        out.append(
            Offer(
                "dm_change",
                f"Give a keyword{whose}",
                "more",
                needs=(creature, keywords, *cause),
                free=free,
                rule="511.2",
            )
        )
    return out
