"""Random legal Gate Ruler decks and random players, for :mod:`engine.match.simulate`.

A deck: one ruler (half of them with every ruler number in their stats, half with only life, ATK and STK,
so their players enter the rest at setup; every ruler has an in-play level cap of 6, 12-6a), a 30-card
deck of units (some with Intercept, 16-7), events (some with a Counter ability) and fields, every card
with a unique generated name and its stats, and 6 resource cards in the supply. The random players play
plausible actions: summon what they can pay for (now and then into an occupied attack zone, 14-4b-3a,
12-4a), set and play events, attack the frontmost card, name the frontmost unit of the attacked column
when the engine cannot tell (8-4e-1), choose a unit for the level cap (12-6b), pass priority to resolve
the gate, so games end by the rules (damage or an empty deck), never by a cap. A practice deck
(:func:`practice_deck`, ``deck:practice``) is the same deck with every ruler number.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.games.gateruler import actions as gr
from engine.match.games.gateruler.board import (
    battle,
    capacity,
    gate,
    numbers,
    ready_resources,
    ref,
    ruler_card,
    ruler_numbers,
    started,
    value,
    zone_ids,
)
from engine.match.games.gateruler.combat import attacked
from engine.match.games.gateruler.spec import ATTACK, DECLARE, INFINITE, MAIN
from engine.match.games.gateruler.steps import has_counter, level_cap_choices
from engine.match.state import CardRef, MatchState

DECK_SIZE = 30
RULER_FULL = {
    "attack_zones": 2,
    "defense_zones": 1,
    "set_zones": 2,
    "hand": 4,
    "resources": 2,
    "summon_cap": 2,
    "draw": 1,
    "ready": INFINITE,
    "gain": 1,
    "set_cap": 1,
    "drive": 0,
    "level_cap": 6,
}


TIMINGS = ("standard", "instant", "standard", None, "instant", "condition")
"""The timings of the random decks' events (:data:`.playing.TIMINGS`; None: the card data gives none)."""


def random_deck(rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
    """A legal deck by zone: ruler, deck, supply (see the module doc)."""
    tag = f"{rng.randrange(10_000):04d}"
    life = rng.randint(5, 7) if rng.random() < 0.8 else rng.randint(12, 18)
    ruler_stats: dict[str, int | str] = {"type": "ruler", "life": life, "atk": 2, "stk": 1}
    if rng.random() < 0.5:
        ruler_stats.update(RULER_FULL)
    ruler = CardRef(f"Ruler {tag}", f"GR-{tag}-R", tuple(sorted(ruler_stats.items())))
    deck = []
    for number in range(1, DECK_SIZE + 1):
        roll = rng.random()
        if roll < 0.65:
            level = rng.choice((0, 1, 1, 2, 2, 3))
            stats: dict[str, int | str] = {
                "type": "unit",
                "level": level,
                "atk": 1 + level + rng.randint(0, 1),
                "hp": 1 + level + rng.randint(0, 1),
                "stk": 1 + (level >= 2),
                "cnt": 0,
            }
            if rng.random() < 0.15:
                stats["intercept"] = 1  # 16-7, the Intercept step (8-5)
            name = f"Level {level} Unit {tag}-{number:02d}"
        elif roll < 0.93:
            cnt = int(rng.random() < 0.4)
            stats = {"type": "event", "level": rng.choice((0, 1, 2)), "cnt": cnt}
            when = TIMINGS[number % len(TIMINGS)]  # by position: the decks draw from ``rng`` as before
            if when is not None:
                stats["timing"] = when
            if when == "instant" and number % 4 == 0:
                stats["from_hand"] = 1  # 14-20a
            name = f"{'Counter ' if cnt else ''}Event {tag}-{number:02d}"
        else:
            stats = {"type": "field", "level": 1, "cnt": 0}
            name = f"Field {tag}-{number:02d}"
        deck.append(CardRef(name, f"GR-{tag}-{number:02d}", tuple(sorted(stats.items()))))
    supply = [CardRef("Resource", "GR-RES", (("type", "resource"),)) for _ in range(6)]
    return {"ruler": [ruler], "deck": deck, "supply": supply}


def practice_deck(rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
    """A practice deck: :func:`random_deck`'s deck, drawn from ``rng`` exactly as it draws it, whose ruler
    has every number (:data:`RULER_FULL`, Appendix A), so that a practice match starts without
    anyone entering them (5-3b). The simulations keep drawing :func:`random_deck`, whose rulers lack
    them half the time, so that they cover the entry."""
    deck = random_deck(rng)
    ruler = deck["ruler"][0]
    stats = {**RULER_FULL, **dict(ruler.stats)}
    return {**deck, "ruler": [ruler._replace(stats=tuple(sorted(stats.items())))]}


def _at(state: MatchState, zone: str, seat: int | None, card_id: int) -> CardAt:
    return CardAt(zone=zone, player=seat, index=zone_ids(state, state.board, zone, seat).index(card_id))


def random_actions(state: MatchState, rng: random.Random) -> list[BaseAction]:
    """What a random player tries now, most wanted first (see the module doc)."""
    board = state.board
    version = state.version
    if not started(board):
        return [_ruler_entry(state, seat) for seat in range(2) if numbers(board, seat) is None]
    waiting = board.data("counter")
    if waiting is not None:
        card_id = zone_ids(state, board, "counter", waiting)[0]
        cnt = has_counter(state, board, card_id)
        return [gr.GrCounter(actor=waiting, version=version, cnt=cnt is not False, play=rng.random() < 0.7)]
    choosing = board.data("level_wait")
    if choosing is not None:
        # 12-6b, 12-6c: the player over their in-play level cap chooses a unit.
        choices = level_cap_choices(state, board, choosing) or []
        zone_of = {c: z for z in ("attack", "defense") for c in zone_ids(state, board, z, choosing)}
        card_id = rng.choice(choices)
        at = _at(state, zone_of[card_id], choosing, card_id)
        return [gr.GrLevelCap(actor=choosing, version=version, card=at)]
    items = gate(board)
    if items:
        top = items[0]
        if top["kind"] == "drive":
            return _drive_choices(state, top["controller"], top["cards"])
        return [PassPriority(actor=board.priority, version=version)]
    active = board.active
    fight = battle(board)
    if fight is not None and (unclear := attacked(state, board, fight).unclear):
        # 8-4e-1: the engine cannot tell which unit is frontmost in the attacked column; the players say.
        return _frontmost_choices(state, rng, fight, unclear)
    if board.priority != active:
        # The opponent holds priority with an empty gate (9-3e): they pass, or now and then respond.
        out: list[BaseAction] = []
        if fight is not None and attacked(state, board, fight).card is not None and rng.random() < 0.1:
            # 15-2a: a change to the opponent's attacker names the effect it comes from.
            amount = rng.randint(0, 3)
            out.append(
                gr.GrCombatDamage(actor=board.priority, version=version, amount=amount, because="an effect")
            )
        if rng.random() < 0.02:
            out.append(gr.GrDrive(actor=board.priority, version=version, count=1))
        if rng.random() < 0.05:
            out += _instant_choices(state, board.priority)
        out.append(PassPriority(actor=board.priority, version=version))
        return out
    if fight is not None:
        out = []
        if rng.random() < 0.02:
            out.append(gr.GrDrive(actor=board.priority, version=version, count=1))
        out.append(PassPriority(actor=board.priority, version=version))
        return out
    if board.phase == MAIN:
        # 6-3b: the main phase's standard actions, then a pass (the attack phase once Bob passes too).
        return [*_main_choices(state, rng), PassPriority(actor=active, version=version)]
    if board.phase == ATTACK and board.step == DECLARE:
        return [*_attack_choices(state, rng), gr.GrEndAttacks(actor=active, version=version)]
    # The gate processes of the attack start (8-3b, 8-4b), of the attack phase's end (8-4c-2b) and of
    # the end phase (6-5b): the active player passes (the opponent then holds priority, 9-3g-2).
    return [PassPriority(actor=active, version=version)]


def _instant_choices(state: MatchState, seat: int, instant: bool = True) -> list[BaseAction]:
    """Play a set event, or one its text lets be played from the hand, as an instant action (9-3e-2,
    14-5d, 14-20a; ``instant`` False: in one's own main phase, where a play needs no instant timing); a
    standard action event among them is refused outside the main phase (7-6), and the next choice is
    tried."""
    board = state.board
    cards = [("set", c) for c in zone_ids(state, board, "set", seat)]
    hand = zone_ids(state, board, "hand", seat)
    cards += [("hand", c) for c in hand if ref(state, board, c).stat("from_hand")]
    ready = len(ready_resources(state, board, seat))
    out: list[BaseAction] = [
        gr.GrPlay(actor=seat, version=state.version, card=_at(state, zone, seat, card_id), instant=instant)
        for zone, card_id in cards
        if ref(state, board, card_id).stat("type") == "event"
        and int(ref(state, board, card_id).stat("level", 0) or 0) <= ready
    ]
    return out[:2]


def _frontmost_choices(
    state: MatchState, rng: random.Random, fight: dict[str, Any], unclear: tuple[int, ...]
) -> list[BaseAction]:
    """Name a unit as frontmost in the attacked column, or (an attack-zone column) say none came in."""
    board = state.board
    other = 1 - board.active
    zone = "defense" if fight["column"] == "center" else "attack"
    picked = _at(state, zone, other, rng.choice(unclear))
    named = gr.GrFrontmost(actor=board.priority, version=state.version, card=picked)
    if zone == "defense" or rng.random() < 0.5:
        return [named]
    return [gr.GrFrontmost(actor=board.priority, version=state.version), named]


_UNIT_ZONES: tuple[gr.UnitZone, ...] = ("attack", "defense")


def _ruler_entry(state: MatchState, seat: int) -> BaseAction:
    given = ruler_numbers(state, state.board, seat)
    entered = {k: v for k, v in RULER_FULL.items() if k not in given}
    return gr.GrRuler.model_validate({"actor": seat, "version": state.version, **entered})


def _units(state: MatchState, seat: int, zone: str) -> list[int]:
    board = state.board
    return [c for c in zone_ids(state, board, zone, seat) if ref(state, board, c).stat("type") == "unit"]


def _summon_zone(state: MatchState, seat: int) -> gr.UnitZone | None:
    board = state.board
    for zone in _UNIT_ZONES:
        if len(zone_ids(state, board, zone, seat)) < (capacity(board, seat, zone) or 0):
            return zone
    return None


def _main_choices(state: MatchState, rng: random.Random) -> list[BaseAction]:
    board = state.board
    seat = board.active
    version = state.version
    out: list[BaseAction] = []
    ready = len(ready_resources(state, board, seat))
    cap, done = value(board, seat, "summon_cap"), value(board, seat, "summons")
    zone = _summon_zone(state, seat)
    hand = zone_ids(state, board, "hand", seat)
    over: CardAt | None = None
    if zone is None and rng.random() < 0.2 and zone_ids(state, board, "attack", seat):
        # 14-4b-3a, 15-28a-1: summon into an occupied zone; its unit goes to the graveyard (12-4a).
        zone = "attack"
        over = _at(state, "attack", seat, rng.choice(zone_ids(state, board, "attack", seat)))
    if zone is not None and (cap == INFINITE or done < cap) and rng.random() < 0.9:
        for card_id in _units(state, seat, "hand"):
            if int(ref(state, board, card_id).stat("level", 0) or 0) <= ready:
                out.append(
                    gr.GrSummon(
                        actor=seat,
                        version=version,
                        card=_at(state, "hand", seat, card_id),
                        zone=zone,
                        over=over,
                    )
                )
                break
    events = [c for c in hand if ref(state, board, c).stat("type") in ("event", "field")]
    if events and rng.random() < 0.3:
        card_id = rng.choice(events)
        at = _at(state, "hand", seat, card_id)
        if ref(state, board, card_id).stat("type") == "event" and rng.random() < 0.6:
            out.append(gr.GrSet(actor=seat, version=version, card=at))
        elif int(ref(state, board, card_id).stat("level", 0) or 0) <= ready:
            out.append(gr.GrPlay(actor=seat, version=version, card=at))
    if rng.random() < 0.1:
        out += _instant_choices(state, seat, instant=False)
    attackers = zone_ids(state, board, "attack", seat)
    if attackers and not zone_ids(state, board, "defense", seat) and rng.random() < 0.15:
        out.append(gr.GrRearrange(actor=seat, version=version, card=_at(state, "attack", seat, attackers[0])))
    if rng.random() < 0.03:
        out.append(gr.GrDrive(actor=seat, version=version, count=1))
    face_up = [c for c in zone_ids(state, board, "damage", seat) if board.cards[c].face_up]
    if face_up and rng.random() < 0.03:
        out.append(
            gr.GrReversal(actor=seat, version=version, cards=(_at(state, "damage", seat, face_up[0]),))
        )
    return out


def _attack_choices(state: MatchState, rng: random.Random) -> list[BaseAction]:
    board = state.board
    seat = board.active
    other = 1 - seat
    version = state.version
    if board.turn == 1 and int(board.data("attacks", 0)) >= 1:
        return []
    attackers = [c for c in zone_ids(state, board, "attack", seat) if board.cards[c].orientation == 0]
    ruler = ruler_card(state, board, seat)
    if ruler is not None and board.cards[ruler].orientation == 0:
        attackers.append(ruler)
    if not attackers or rng.random() < 0.05:
        return []
    attacker = rng.choice(attackers)
    source = "ruler" if attacker == ruler else "attack"
    defenders = zone_ids(state, board, "defense", other)
    enemy_attack = zone_ids(state, board, "attack", other)
    if len(enemy_attack) < (capacity(board, other, "attack") or 0) and rng.random() < 0.05:
        at = _at(state, source, seat, attacker)
        return [gr.GrAttack(actor=seat, version=version, attacker=at)]  # an empty column (8-4c)
    target: int | None
    if defenders:
        target_zone, target = "defense", rng.choice(defenders)
    elif enemy_attack and rng.random() < 0.25:
        target_zone, target = "attack", rng.choice(enemy_attack)
    else:
        target_zone, target = "ruler", ruler_card(state, board, other)
    assert target is not None
    return [
        gr.GrAttack(
            actor=seat,
            version=version,
            attacker=_at(state, source, seat, attacker),
            target=_at(state, target_zone, other, target),
        )
    ]


def _drive_choices(state: MatchState, seat: int, cards: list[int]) -> list[BaseAction]:
    board = state.board
    version = state.version
    drive = zone_ids(state, board, "drive", seat)
    left = [c for c in cards if c in drive]
    if not left:
        return [PassPriority(actor=board.priority, version=version)]
    card_id = left[0]
    at = _at(state, "drive", seat, card_id)
    kind = ref(state, board, card_id).stat("type")
    out: list[BaseAction] = []
    zone = _summon_zone(state, seat)
    if kind == "unit" and zone is not None:
        out.append(gr.GrDriveUse(actor=seat, version=version, card=at, use="summon", zone=zone))
    if kind == "event":
        out.append(gr.GrDriveUse(actor=seat, version=version, card=at, use="set"))
    out.append(gr.GrDriveUse(actor=seat, version=version, card=at, use="discard"))
    return out
