"""Random legal decks and plausible actions, for :mod:`engine.match.simulate`.

Decks follow the deck construction rules (100.2-100.4): 40 cards of two civilizations, 4 copies of
10 names; sometimes a card without stats (the players enter its numbers), a multicoloured card,
2 psychic cards in the hyperspatial zone, 12 gacharange cards (6 names, 2 copies) in the super
gacharange zone and evolution creatures (801). Players charge, summon what they can pay for (an
evolution onto one of their creatures; now and then a card whose cost an effect changed, 112.2b), now
and then change a creature's power until the end of the turn (511.2) or hand priority to the opponent
for card text (101.4a), attack with everything able (now and then by an effect's permission, 101.2),
block, and answer the window every break opens (509.3a, 113.6) at random: some of the broken cards
that may have Shield Trigger, or none with one tap (Guard Strike and Strike Back are declined); card
text handed to them is carried out at once; games end by the rules (a direct attack with no shields,
or a deck at 0 cards).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from engine.match.actions import BaseAction, CardAt, NextStep, PassPriority, PassTurn
from engine.match.games.duelmasters.actions import (
    Attack,
    Block,
    Break,
    Change,
    Charge,
    DeclarePower,
    ShieldTrigger,
    UseCard,
)
from engine.match.games.duelmasters.attack import shield_triggers
from engine.match.games.duelmasters.board import (
    UNTAPPED,
    attack_of,
    bz_slot,
    carrying_out,
    current,
    possible_blockers,
    ready_of,
    stacked,
    under_cards,
)
from engine.match.games.duelmasters.spec import (
    CIVILIZATIONS,
    DECK_SIZE,
    card_type,
    civilizations,
    flag,
    int_stat,
)
from engine.match.state import CardRef, MatchState


def _card(name: str, **stats: int | str) -> CardRef:
    return CardRef(name, "", tuple(sorted(stats.items())))


def random_deck(rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
    """A legal deck by zone name (see the module doc)."""
    civs = rng.sample(CIVILIZATIONS, 2)
    tag = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(2))
    names: list[CardRef] = []
    for n in range(DECK_SIZE // 4):
        civ = civs[n % 2]
        if n == 9 and rng.random() < 0.4:
            names.append(CardRef(f"Mystery Card {tag}{n:02d}"))  # no card data: the players enter numbers
            continue
        civ_text = "/".join(civs) if n == 8 else civ
        if n % 5 == 4:
            names.append(
                _card(
                    f"{civ.title()} Spell {tag}{n:02d}",
                    type="spell",
                    cost=rng.randint(1, 5),
                    civilizations=civ_text,
                    shield_trigger=int(rng.random() < 0.6),
                )
            )
            continue
        cost = rng.randint(1, 7)
        stats: dict[str, int | str] = {
            "type": "creature",
            "cost": cost,
            "civilizations": civ_text,
            "power": max(1000, cost * 1000 + rng.choice((-1000, 0, 0, 500, 1000, 2000))),
        }
        if rng.random() < 0.3:
            stats["blocker"] = 1
        if rng.random() < 0.2:
            stats["shield_trigger"] = 1
        if rng.random() < 0.1:
            stats["speed_attacker"] = 1
        if rng.random() < 0.1:  # 113.6, 112.3b: declared (by hand) in the window after a break
            stats[rng.choice(("guard_strike", "strike_back"))] = 1
        if cost >= 6:
            stats["breaker"] = rng.choice((2, 2, 3))
        if n == 7 and rng.random() < 0.5:  # 801: put onto one of its player's creatures
            stats["evolution"] = 1
        names.append(_card(f"{civ.title()} Creature {tag}{n:02d}", **stats))
    deck = [ref for ref in names for _ in range(4)]
    zones: dict[str, list[CardRef]] = {"deck": deck}
    if rng.random() < 0.3:
        zones["hyperspatial"] = [
            _card(f"Psychic {tag}{n}", type="creature", cost=5, power=6000, civilizations=civs[0])
            for n in (1, 2)
        ]
    if rng.random() < 0.2:
        zones["super_gr"] = [
            _card(f"Gacharange {tag}{n}", type="creature", cost=3, power=3000, civilizations=civs[1])
            for n in range(6)
            for _ in range(2)
        ]
    return zones


def _pay(
    state: MatchState,
    ref: CardRef,
    untapped: list[tuple[int, frozenset[str] | None]],
    rng: random.Random,
    changed: bool = False,
) -> tuple[int, ...] | None:
    """Mana positions that pay for a card (112.2), or None if the untapped mana can't; ``changed``: an
    effect changed its cost (112.2b), so any number of mana cards holding its civilizations."""
    cost = int_stat(ref, "cost")
    civs = sorted(civilizations(ref) or ())
    if changed:
        need = rng.randint(len(civs), max(len(civs), len(untapped)))
    else:
        need = rng.randint(1, 3) if cost is None else max(cost, len(civs))
    if need > len(untapped):
        return None
    chosen: list[int] = []
    for civ in civs:
        found = next(
            (i for i, c in untapped if i not in chosen and (c is None or civ in c)),
            None,
        )
        if found is None:
            return None
        chosen.append(found)
    rest = [i for i, _ in untapped if i not in chosen]
    chosen += rest[: need - len(chosen)]
    return tuple(sorted(chosen))  # in the mana zone's order, as the offers list payments


def random_actions(state: MatchState, rng: random.Random) -> Iterable[BaseAction]:
    """Actions a random player tries now, most wanted first (see the module doc)."""
    board = state.board
    match = state.match
    active = board.active
    other = 1 - active
    version = state.version
    name = current(board)
    table = match.table
    cards = board.cards
    bz = board.zones[bz_slot(state)]
    under = under_cards(board)
    out: list[BaseAction] = []
    if carrying_out(state) is not None:  # 101.4a, 509.3c: no card text here to carry out
        return [PassPriority(actor=board.priority, version=version)]
    if name in ("main", "end_of_turn") and rng.random() < 0.03:  # 101.4a: the opponent's turn to act
        out.append(PassPriority(actor=active, version=version))
    if name == "charge":
        hand = state.zone("hand", active)
        mana = state.zone("mana", active)
        if hand and (len(mana) < 7 or rng.random() < 0.2):
            out.append(
                Charge(
                    actor=active, version=version, card=CardAt(zone="hand", index=rng.randrange(len(hand)))
                )
            )
    elif name == "main":
        hand = state.zone("hand", active)
        mana = state.zone("mana", active)
        untapped = [
            (i, civilizations(table[cards[c].ref]) if cards[c].face_up else frozenset())
            for i, c in enumerate(mana)
            if cards[c].orientation == UNTAPPED
        ]
        mine = [i for i, c in enumerate(bz) if cards[c].controller == active and c not in under]
        if mine and rng.random() < 0.05:  # an effect until the end of the turn (511.2)
            creature = CardAt(zone="battle_zone", index=rng.choice(mine))
            power = rng.choice((-2000, 1000, 3000))
            out.append(Change(actor=active, version=version, creature=creature, power=power))
        order = list(range(len(hand)))
        rng.shuffle(order)
        changed = rng.random() < 0.08  # 112.2b: an effect changes the cost, named
        for index in order:
            ref = table[cards[hand[index]].ref]
            if card_type(ref) == "castle":
                continue
            paid = _pay(state, ref, untapped, rng, changed)
            if paid is None:
                continue
            kind: Literal["summon"] | None = None if card_type(ref) else "summon"
            mana_at = tuple(CardAt(zone="mana", index=i) for i in paid)
            onto = None
            if flag(ref, "evolution"):
                sources = [i for i, c in enumerate(bz) if cards[c].controller == active and c not in under]
                if not sources:
                    continue
                onto = CardAt(zone="battle_zone", index=rng.choice(sources))
            out.append(
                UseCard(
                    actor=active,
                    version=version,
                    card=CardAt(zone="hand", index=index),
                    mana=mana_at,
                    kind=kind,
                    onto=onto,
                    cost_change="a cost changed by an effect" if changed else None,
                )
            )
            if len(out) >= 3:
                break
    elif name == "attack_declaration" and attack_of(board) is not None:
        out.append(PassPriority(actor=active, version=version))  # 506.3b-c: no attack trigger to resolve
    elif name == "attack_declaration" and (state.match.seed[0] % 4 or rng.random() < 0.02):
        # One game in four is played by cautious players who rarely attack: it ends by a deck out.
        ready = set(ready_of(board))
        targets = [
            i
            for i, c in enumerate(bz)
            if cards[c].controller == other and cards[c].orientation != UNTAPPED and c not in under
        ]
        theirs = [i for i, c in enumerate(bz) if cards[c].controller == other and c not in under]
        for index, card_id in enumerate(bz):
            card = cards[card_id]
            if (
                card.controller != active
                or card.orientation != UNTAPPED
                or not card.face_up
                or card_id in under
            ):
                continue
            ref = table[card.ref]
            attacker = CardAt(zone="battle_zone", index=index)
            sick = card_id not in ready and not flag(ref, "speed_attacker") and not stacked(board, card_id)
            aims = theirs if sick else [i for i in theirs if cards[bz[i]].orientation == UNTAPPED]
            if aims and rng.random() < 0.05:  # 101.2: an effect lets it attack this creature
                out.append(
                    Attack(
                        actor=active,
                        version=version,
                        attacker=attacker,
                        target=CardAt(zone="battle_zone", index=rng.choice(aims)),
                        speed_attacker=True,
                        untapped=True,
                        because="an effect allows the attack",
                    )
                )
            if sick:
                if rng.random() < 0.1:  # 101.2, 301.5: an effect lets it attack at once
                    out.append(
                        Attack(
                            actor=active,
                            version=version,
                            attacker=attacker,
                            speed_attacker=True,
                            because="an effect gives it speed attacker",
                        )
                    )
                continue
            target: CardAt | None = None
            if targets and rng.random() < 0.3:
                target = CardAt(zone="battle_zone", index=rng.choice(targets))
            out.append(Attack(actor=active, version=version, attacker=attacker, target=target))
            if len(out) >= 2:
                break
    elif name == "block_declaration":
        attack = attack_of(board)
        if attack is not None:
            defender = attack["defender"]
            blockers = possible_blockers(state, board, defender)
            if blockers and rng.random() < 0.6:
                at = CardAt(zone="battle_zone", index=bz.index(rng.choice(blockers)))
                out.append(Block(actor=defender, version=version, blocker=at))
            out.append(Block(actor=defender, version=version))
    elif name == "battle":
        out.append(DeclarePower(actor=board.priority, version=version, power=rng.randint(1, 12) * 1000))
    elif name == "direct_attack":
        attack = attack_of(board)
        if attack is not None and attack["broken"] is None:
            defender = attack["defender"]
            shields = state.zone("shields", defender)
            count = min(attack["breaker"], len(shields))
            if count:
                picked = rng.sample(range(len(shields)), count)
                chosen = tuple(CardAt(zone="shields", player=defender, index=i) for i in picked)
                out.append(Break(actor=active, version=version, shields=chosen))
        elif attack is not None:
            defender = attack["defender"]
            hand = state.zone("hand", defender)
            eligible = [hand.index(c) for c in shield_triggers(state, attack["broken"])]
            declared = tuple(CardAt(zone="hand", index=i) for i in eligible if rng.random() < 0.7)
            if declared:
                out.append(ShieldTrigger(actor=defender, version=version, cards=declared))
            out.append(ShieldTrigger(actor=defender, version=version))  # 509.3a: none, one tap
    out.append(NextStep(actor=active, version=version))
    out.append(PassTurn(actor=active, version=version))
    return out
