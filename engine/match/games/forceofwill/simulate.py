"""Random legal decks and plausible random players for :mod:`engine.match.simulate`.

Decks (402): one ruler with a J-ruler side, 40 main deck cards (ten names, four copies each: eight
resonators and two chants) and ten basic magic stones. The random players sometimes declare first
draw phase triggers with their mulligan decision (502.1), call a stone each turn, play what they can
afford, resting the magic stones it needs in the same action (907.2; now and then a card or a judgment
with a declared cost change, paying part of the will they produced first, 903.2k-1), battle with
their recovered J/resonators, sometimes block and sometimes do judgment, then pass; games end by life
(1202.1) or, rarely, by the deck (1202.2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.match.actions import BaseAction, CardAt, PassPriority
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
from engine.match.games.forceofwill.board import (
    battle_of,
    chase_entries,
    entry_controller,
    field_ids,
    is_jresonator,
    main_timing_problem,
    pool_of,
)
from engine.match.games.forceofwill.chase import payments, pool_parts, will_lacking
from engine.match.games.forceofwill.spec import (
    MAIN,
    S_ATTACK,
    S_BLOCK,
    SETUP,
    Cost,
    card_cost,
    card_type,
    has_keyword,
    judgment_cost,
)
from engine.match.games.forceofwill.will import definite_will
from engine.match.state import CardRef, MatchState

_ATTRS = ("light", "fire", "water", "wind", "darkness")
_STONE_NAMES = {a: f"{a.capitalize()} Magic Stone" for a in _ATTRS}
_SYMBOLS = {"light": "W", "fire": "R", "water": "U", "wind": "G", "darkness": "B"}
_CHANGE = "a cost changed by an effect"
"""The words a random player declares a cost change with (903.2k-1)."""


def _printed(attr: str, cost: int) -> str:
    """A printed cost of ``cost`` will: one will symbol of the attribute, the rest free (204.1)."""
    return f"{{{_SYMBOLS[attr]}}}" + (f"{{{cost - 1}}}" if cost > 1 else "")


def _payment(cost: Cost | None, pool: Sequence[str]) -> tuple[Payment, ...] | None:
    """The payment of ``cost`` from the produced will (903.2l, 204.1), None when the pool lacks it:
    the first the offers list (:func:`.chase.payments`), nothing for a card without cost data."""
    found = payments(cost, pool, most=1)
    return found[0] if found else None


def _resting(
    state: MatchState, seat: int, cost: Cost | None, pool: Sequence[str]
) -> tuple[tuple[Payment, ...], tuple[CardAt, ...]] | None:
    """The payment of ``cost`` (without X) from the produced will and the will of the seat's cards
    rested in the same action (907.2), with the cards to rest: those producing the wills the pool
    lacks, then any; None when they can't pay it."""
    if cost is None or cost.x:
        return None
    board = state.board
    sources = []
    for card_id in field_ids(state, board):
        if board.cards[card_id].controller == seat:
            will = definite_will(state, seat, card_id)
            if will is not None:
                sources.append((card_id, will))
    whole = _payment(cost, [*pool, *(will for _, will in sources)])
    if whole is None:
        return None
    short, count = will_lacking(whole, pool)
    chosen: list[int] = []
    for will, many in short.items():
        chosen += [card_id for card_id, made in sources if made == will][:many]
    chosen += [card_id for card_id, _ in sources if card_id not in chosen][: count - len(chosen)]
    return whole, tuple(_at(state, card_id) for card_id in chosen)


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
                    ("judgment_cost", f"{{{_SYMBOLS[attr]}}}{{1}}"),
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
                ("printed_cost", _printed(attr, cost)),
                ("atk", 900 * cost + 100 * rng.randint(2, 5)),
                ("def", 300 * cost + 100 * rng.randint(0, 3)),
                ("attribute", attr),
            ]
            for keyword in ("flying", "first_strike", "swiftness", "precision", "pierce"):
                if rng.random() < 0.12:
                    stats.append((keyword, 1))
            name = f"{tag} Resonator {number:02d}"
        else:
            cost = rng.randint(1, 2)
            stats = [
                ("type", "chant"),
                ("cost", cost),
                ("printed_cost", _printed(attr, cost)),
                ("attribute", attr),
            ]
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
    for card_id in field_ids(state, board):
        card = board.cards[card_id]
        if card.controller != seat or (recovered and card.orientation != 0):
            continue
        if is_jresonator(state, board, card_id):
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
        triggers = rng.random() < 0.1  # 502.1: "at the beginning of the game" abilities to trigger
        return [Mulligan(actor=seat, version=version, cards=chosen, triggers=triggers)]
    need = board.data("discard")
    if need:
        hand = len(board.zones[match.slot_of[("hand", board.active)]])
        chosen = tuple(sorted(rng.sample(range(hand), int(need))))
        return [Discard(actor=board.active, version=version, cards=chosen)]
    entry = board.data("resolving")
    if entry is not None:
        seat = entry_controller(board, tuple(entry))
        return [Resolve(actor=seat, version=version), Resolve(actor=seat, version=version, to="graveyard")]
    seat = board.priority
    actions: list[BaseAction] = []
    battle = battle_of(board)
    if main_timing_problem(state, seat) is None:
        actions += _main(state, rng, seat)
    elif board.phase == MAIN and board.step == S_ATTACK and battle and not battle.get("declared"):
        if seat == board.active and not chase_entries(board):
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
    pool = pool_of(board)[seat]
    stones = [
        c
        for c in field_ids(state, board)
        if board.cards[c].controller == seat
        and board.cards[c].orientation == 0
        and card_type(state.match.table[board.cards[c].ref]) == "magic stone"
    ]
    if (
        ruler_ready
        and not board.data("judged")
        and not board.data("called")
        and board.turn >= 6
        and rng.random() < 0.2
    ):
        cost = judgment_cost(match.table[board.cards[area[0]].ref])
        pay = _payment(cost, pool)
        if rng.random() < 0.3:  # 903.2k-1: an effect changes the [Judgment] cost
            pay = rng.choice(pool_parts(pool, 64))
            out.append(Judgment(actor=seat, version=version, pay=pay, cost_change=_CHANGE))
        elif pay is not None:
            out.append(Judgment(actor=seat, version=version, pay=pay))
        elif (plan := _resting(state, seat, cost, pool)) is not None:  # 907.2: produce while paying
            out.append(Judgment(actor=seat, version=version, pay=plan[0], produce=plan[1]))
        elif stones:
            out.append(Produce(actor=seat, version=version, cards=tuple(_at(state, c) for c in stones)))
    if not board.data("called") and not board.data("judged") and rng.random() < 0.95:
        out.append(CallStone(actor=seat, version=version))
    hand = board.zones[match.slot_of[("hand", seat)]]
    affordable = []
    for index, card_id in enumerate(hand):
        cost = card_cost(match.table[board.cards[card_id].ref])
        total = 0 if cost is None else len(cost.specified) + cost.free
        if total <= len(pool) + len(stones):
            affordable.append((index, cost, total))
    if hand and rng.random() < (0.3 if pool else 0.06):  # 903.2k-1: an effect changes a card's cost
        if not pool and stones and rng.random() < 0.5:  # its will produced first (907.2), then paid
            used = stones[: rng.randint(1, len(stones))]
            out.append(Produce(actor=seat, version=version, cards=tuple(_at(state, c) for c in used)))
        index = rng.randrange(len(hand))
        at = CardAt(zone="hand", player=seat, index=index)
        pay = rng.choice(pool_parts(pool, 64))
        out.append(PlayCard(actor=seat, version=version, card=at, pay=pay, cost_change=_CHANGE))
    if affordable and rng.random() < 0.9:
        index, cost, total = rng.choice(affordable)
        pay = _payment(cost, pool)
        card = CardAt(zone="hand", player=seat, index=index)
        plan = None if pay is not None else _resting(state, seat, cost, pool)
        if pay is not None:
            out.append(PlayCard(actor=seat, version=version, card=card, pay=pay))
        elif plan is not None:  # 907.2: rest the magic stones it needs in the same action
            out.append(PlayCard(actor=seat, version=version, card=card, pay=plan[0], produce=plan[1]))
        else:
            used = stones[: max(1, total - len(pool))]
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
