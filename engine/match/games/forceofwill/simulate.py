"""Random legal decks and plausible random players for :mod:`engine.match.simulate`.

Decks (402): one ruler with a J-ruler side, 40 main deck cards (ten names, four copies each: eight
resonators and two chants) and ten basic magic stones. The random players call a stone each turn,
produce will and play what they can afford, battle with their recovered J/resonators, sometimes
block and sometimes do judgment, then pass; games end by life (1202.1) or, rarely, by the deck (1202.2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.games.forceofwill import rules
from engine.match.games.forceofwill.actions import (
    Attack,
    Block,
    CallStone,
    Discard,
    InitiateBattle,
    Judgment,
    Mulligan,
    Payment,
    PlayCard,
    Produce,
    Resolve,
)
from engine.match.games.forceofwill.spec import (
    MAIN,
    S_ATTACK,
    S_BLOCK,
    SETUP,
    card_type,
    has_keyword,
    stat_int,
)
from engine.match.state import CardRef, MatchState

_ATTRS = ("light", "fire", "water", "wind", "darkness")
_STONE_NAMES = {a: f"{a.capitalize()} Magic Stone" for a in _ATTRS}


def random_deck(rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
    """A legal deck with generated names and stats (see the module doc)."""
    attr = rng.choice(_ATTRS)
    tag = f"{attr.capitalize()} {rng.randrange(100):02d}"
    ruler = CardRef(
        f"{tag} Ruler",
        f"SIM-{tag[:2].upper()}R",
        tuple(
            sorted(
                (
                    ("type", "ruler"),
                    ("attribute", attr),
                    ("j_atk", 1000 + 100 * rng.randrange(6)),
                    ("j_def", 1000),
                )
            )
        ),
    )
    main: list[CardRef] = []
    for number in range(1, 11):
        if number <= 8:
            cost = rng.choice((1, 1, 2, 2, 3))
            stats: list[tuple[str, int | str]] = [
                ("type", "resonator"),
                ("cost", cost),
                ("atk", 900 * cost + 100 * rng.randint(2, 5)),
                ("def", 300 * cost + 100 * rng.randint(0, 3)),
                ("attribute", attr),
            ]
            for keyword in ("flying", "first_strike", "swiftness", "precision"):
                if rng.random() < 0.12:
                    stats.append((keyword, 1))
            name = f"{tag} Resonator {number:02d}"
        else:
            stats = [("type", "chant"), ("cost", rng.randint(1, 2)), ("attribute", attr)]
            if rng.random() < 0.5:
                stats.append(("quickcast", 1))
            name = f"{tag} Chant {number:02d}"
        ref = CardRef(name, f"SIM-{number:03d}", tuple(sorted(stats)))
        main.extend([ref] * 4)
    stone = CardRef(
        _STONE_NAMES[attr], f"SIM-{attr[:2].upper()}S", (("attribute", attr), ("type", "magic stone"))
    )
    return {"ruler_area": [ruler], "deck": main, "stone_deck": [stone] * 10}


def _at(state: MatchState, card_id: int) -> CardAt:
    board = state.board
    match = state.match
    for slot, ids in enumerate(board.zones):
        if card_id in ids:
            return CardAt(
                zone=match.slot_spec[slot].name, player=match.slot_player[slot], index=ids.index(card_id)
            )
    raise AssertionError(card_id)


def _fighters(state: MatchState, seat: int, recovered: bool = True) -> list[int]:
    board = state.board
    out = []
    for card_id in rules.field_ids(state, board):
        card = board.cards[card_id]
        if card.controller != seat or (recovered and card.orientation != 0):
            continue
        if rules.is_jresonator(state, board, card_id):
            out.append(card_id)
    return out


def random_actions(state: MatchState, rng: random.Random) -> list[BaseAction]:
    """Plausible actions for the player who must act now, most wanted first; passing priority last."""
    board = state.board
    version = state.version
    match = state.match
    if board.phase == SETUP:
        seat = board.priority
        hand = len(board.zones[match.slot_of[("hand", seat)]])
        chosen = tuple(sorted(rng.sample(range(hand), rng.choice((0, 0, 0, 1, 2)))))
        return [Mulligan(actor=seat, version=version, cards=chosen)]
    need = board.data("discard")
    if need:
        hand = len(board.zones[match.slot_of[("hand", board.active)]])
        chosen = tuple(sorted(rng.sample(range(hand), int(need))))
        return [Discard(actor=board.active, version=version, cards=chosen)]
    entry = board.data("resolving")
    if entry is not None:
        seat = rules.entry_controller(board, tuple(entry))
        return [Resolve(actor=seat, version=version), Resolve(actor=seat, version=version, to="graveyard")]
    seat = board.priority
    actions: list[BaseAction] = []
    battle = rules.battle_of(board)
    if rules.main_timing_problem(state, seat) is None:
        actions += _main(state, rng, seat)
    elif board.phase == MAIN and board.step == S_ATTACK and battle and not battle.get("declared"):
        if seat == board.active and not rules.chase_entries(board):
            actions += _attack(state, rng, seat)
    elif (
        board.phase == MAIN
        and board.step == S_BLOCK
        and battle
        and battle.get("blocker") is None
        and seat != board.active
        and battle.get("attacker") is not None
        and rng.random() < 0.2
    ):
        blockers = [c for c in _fighters(state, seat) if ("card", c) != tuple(battle["target"])]
        if blockers:
            actions.append(Block(actor=seat, version=version, blocker=_at(state, rng.choice(blockers))))
    actions.append(PassPriority(actor=seat, version=version))
    return actions


def _main(state: MatchState, rng: random.Random, seat: int) -> list[BaseAction]:
    board = state.board
    match = state.match
    version = state.version
    out: list[BaseAction] = []
    area = board.zones[match.slot_of[("ruler_area", seat)]]
    ruler_ready = bool(area) and board.cards[area[0]].orientation == 0
    if (
        ruler_ready
        and not board.data("judged")
        and not board.data("called")
        and board.turn >= 6
        and rng.random() < 0.2
    ):
        out.append(Judgment(actor=seat, version=version))
    if not board.data("called") and not board.data("judged") and rng.random() < 0.95:
        out.append(CallStone(actor=seat, version=version))
    pool = rules.pool_of(board)[seat]
    stones = [
        c
        for c in rules.field_ids(state, board)
        if board.cards[c].controller == seat
        and board.cards[c].orientation == 0
        and card_type(state.match.table[board.cards[c].ref]) == "magic stone"
    ]
    hand = board.zones[match.slot_of[("hand", seat)]]
    affordable = []
    for index, card_id in enumerate(hand):
        cost = stat_int(match.table[board.cards[card_id].ref], "cost") or 0
        if cost <= len(pool) + len(stones):
            affordable.append((index, cost))
    if affordable and rng.random() < 0.9:
        index, cost = rng.choice(affordable)
        if cost <= len(pool):
            generic: Payment = "any"
            out.append(
                PlayCard(
                    actor=seat,
                    version=version,
                    card=CardAt(zone="hand", player=seat, index=index),
                    pay=(generic,) * cost,
                )
            )
        else:
            used = stones[: cost - len(pool)]
            out.append(Produce(actor=seat, version=version, cards=tuple(_at(state, stone) for stone in used)))
    attackers = _attackers(state, seat)
    if attackers and not board.data("no_battle") and rng.random() < 0.85:
        out.append(InitiateBattle(actor=seat, version=version))
    return out


def _attackers(state: MatchState, seat: int) -> list[int]:
    board = state.board
    since = set(board.data("since", ()))
    return [
        c
        for c in _fighters(state, seat)
        if c in since or has_keyword(state.match.table[board.cards[c].ref], "swiftness")
    ]


def _attack(state: MatchState, rng: random.Random, seat: int) -> list[BaseAction]:
    attackers = _attackers(state, seat)
    if not attackers:
        return []
    attacker = rng.choice(attackers)
    ref = state.match.table[state.board.cards[attacker].ref]
    targets = [
        c for c in _fighters(state, 1 - seat, recovered=False) if state.board.cards[c].orientation == 1
    ]
    if has_keyword(ref, "precision"):
        targets = _fighters(state, 1 - seat, recovered=False)
    version = state.version
    out: list[BaseAction] = []
    if targets and rng.random() < 0.2:
        out.append(
            Attack(
                actor=seat,
                version=version,
                attacker=_at(state, attacker),
                target=_at(state, rng.choice(targets)),
            )
        )
    out.append(Attack(actor=seat, version=version, attacker=_at(state, attacker)))
    return out
