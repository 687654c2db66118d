"""The handlers of the attack step's choices: the attack declaration (506.1), the block declaration
(507.1), a power the card data lacks (206, 508.1), the shields the direct attack breaks (509.2-509.3)
and the declaration window that follows every break (Shield Trigger, 509.3a, 509.3c, 112.3a; Guard Strike
and Strike Back, 113.6, 509.3b, by hand). The automatic parts between them are in :mod:`.steps`.

The window opens after *every* break that puts shields into the hand, whatever the broken cards are
(:func:`_break`): the broken shields were seen by nobody (406.2) and are in the defender's hand now,
so a window that opened only when one of them may have Shield Trigger would tell the attacker and the
spectators what the defender drew (docs/architecture.md, "Hidden information by construction"). The defender
answers it with one tap (:class:`~.actions.ShieldTrigger` with no card: "no Shield Trigger"), and only
their own view lists the broken cards that may have Shield Trigger (:func:`shield_triggers`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.match.apply import HandlerResult, refuse
from engine.match.events import Event, seen_mask
from engine.match.games.duelmasters.actions import Attack, Block, Break, DeclarePower, ShieldTrigger
from engine.match.games.duelmasters.board import (
    TAPPED,
    UNTAPPED,
    DuelMastersWork,
    current_power,
    entered,
    given,
    is_creature,
    note,
    powers,
    ready_of,
    require_step,
    stacked,
    under_cards,
)
from engine.match.games.duelmasters.spec import card_type, flag, int_stat
from engine.match.state import MatchState


def _attack(state: MatchState, action: Attack) -> HandlerResult:
    """505.2, 506.1a-e, 301.5, 801.3; the step stays the attack declaration, with the attacking
    player's priority, for their attack triggers (506.3b-c). An effect's permission to attack despite
    summoning sickness or to attack an untapped creature (101.2: the card's "can" wins over the rules'
    "can't") is the player's to declare (``speed_attacker``, ``untapped``) or given until the end of the
    turn (:class:`~.actions.Change`); the log shows it, with the entered numbers that differ from the
    card data."""
    require_step(state, "attack_declaration", "declare an attack", "506.1")
    work = DuelMastersWork(state, action.version)
    board = state.board
    actor = action.actor
    if actor != board.active:
        refuse("Only the active player attacks (506.1).")
    if work.attack() is not None:
        refuse("An attack is already in progress (505.4).")
    _, attacker = work.pick(action.attacker, actor, "battle_zone", what="the attacking creature")
    card = work.card(attacker)
    name = work.name_of(attacker)
    if card.controller != actor or not card.face_up:
        refuse("Attack with one of your own creatures (506.1a).")
    if not is_creature(state, attacker):
        refuse(f"Only creatures attack; {name} is not a creature (505.3).")
    if attacker in under_cards(board):
        refuse(f"{name} is under an evolution creature: a card there is not a creature (200.3a).")
    if card.orientation != UNTAPPED:
        refuse(f"{name} is tapped: an attacking creature must be untapped (506.1a).")
    ref = work.ref(attacker)
    sick = attacker not in ready_of(board)
    own_speed = flag(ref, "speed_attacker") or given(board, attacker, "speed_attacker")
    evolved = flag(ref, "evolution") or stacked(board, attacker)  # 801.3
    if sick and not action.speed_attacker and not own_speed and not evolved:
        refuse(
            f"{name} has summoning sickness: it has not been in the battle zone since the start of the "
            "turn (301.5)."
        )
    permissions = []
    if sick and action.speed_attacker and not own_speed and not evolved:
        permissions.append("speed")
    target = None
    if action.target is not None:
        _, target = work.pick(action.target, actor, "battle_zone", what="the creature to attack", own=False)
        tcard = work.card(target)
        if tcard.controller == actor:
            refuse("Attack the opponent or one of their creatures (506.1e).")
        if not is_creature(state, target) or not tcard.face_up or target in under_cards(board):
            refuse("Only creatures can be attacked, besides the opponent (506.1e).")
        if tcard.orientation != TAPPED:
            if not action.untapped and not given(board, attacker, "attack_untapped"):
                refuse(
                    f"{work.name_of(target)} is untapped: only tapped creatures can be attacked unless an "
                    "effect allows it (505.2, 101.2)."
                )
            if action.untapped:
                permissions.append("untapped")
    printed_breaker = (int_stat(ref, "breaker") or 1) if ref.stats else None  # 509.2a-b
    breaker = action.breaker or printed_breaker or 1
    defender = 1 - actor
    attack = {
        "attacker": attacker,
        "target": target,
        "defender": defender,
        "breaker": breaker,
        "apower": action.power,
        "dpower": None,
        "block_done": False,
        "blocked": False,
        "blocker": None,
        "broken": None,
        "triggers_done": False,
    }
    work.orient([attacker], TAPPED)  # 506.1c
    # 506.3b-c: the attacking player holds priority for their attack triggers (even if they had passed
    # it before declaring).
    work.set(attack=attack)
    work.board = work.board.evolve(priority=actor, passes=0)
    data: dict[str, Any] = {"defender": defender, "creature": target is not None}
    if permissions:
        data["permissions"] = permissions
    changes = entered("power", action.power, current_power(state, work.board, attacker))
    changes += entered("breaker", action.breaker, printed_breaker)
    note(data, changes, action.because)
    work.emit("dm_attack", actor, [attacker] if target is None else [attacker, target], **data)
    # 506.3b-c: the attacking player keeps priority for their attack triggers; passing it goes on.
    return work.handled()


def _block(state: MatchState, action: Block) -> HandlerResult:
    """507.1a-d."""
    require_step(state, "block_declaration", "declare a block", "507.1")
    work = DuelMastersWork(state, action.version)
    board = state.board
    attack = work.attack()
    actor = action.actor
    if attack is None or attack["block_done"]:
        refuse("There is no attack waiting for a block declaration.")
    if actor != attack["defender"]:
        refuse("Only the attacked player declares a block (507.1).")
    if action.blocker is not None:
        _, blocker = work.pick(action.blocker, actor, "battle_zone", what="the blocking creature")
        card = work.card(blocker)
        name = work.name_of(blocker)
        if card.controller != actor or not card.face_up:
            refuse("Block with one of your own creatures (507.1a).")
        if blocker in under_cards(board):
            refuse(f"{name} is under an evolution creature: a card there is not a creature (200.3a).")
        if card.orientation != UNTAPPED:
            refuse(f"{name} is tapped: a blocker must be untapped (507.1a).")
        has = flag(state.match.table[card.ref], "blocker") is not False or given(board, blocker, "blocker")
        if not has and not action.granted:
            refuse(f"{name} does not have Blocker (507.1a, 701.12a).")
        work.orient([blocker], TAPPED)  # 507.1c
        attack.update(blocked=True, blocker=blocker)
        data: dict[str, Any] = {"granted": "Blocker"} if not has else {}
        note(data, entered("power", action.power, current_power(state, board, blocker)), action.because)
        work.emit("dm_block", actor, [blocker], **data)
    else:
        data = {}
        target = attack["target"]
        if target is not None:
            note(data, entered("power", action.power, current_power(state, board, target)), action.because)
        work.emit("dm_no_block", actor, **data)
    attack["block_done"] = True
    if action.power is not None:
        attack["dpower"] = action.power
    work.set(attack=attack)
    work.goto("battle")
    return work.handled()


def _power(state: MatchState, action: DeclarePower) -> HandlerResult:
    """206: the power of a creature whose card data gives none, for the battle in progress."""
    require_step(state, "battle", "enter a power", "508.1")
    work = DuelMastersWork(state, action.version)
    board = state.board
    attack = work.attack()
    if attack is None:
        refuse("There is no battle in progress.")
    apower, dpower = powers(state, board, attack)
    defender = attack["blocker"] if attack["blocked"] else attack["target"]
    actor = action.actor
    if apower is None and board.cards[attack["attacker"]].controller == actor:
        attack["apower"] = action.power
        card = attack["attacker"]
    elif defender is not None and dpower is None and board.cards[defender].controller == actor:
        attack["dpower"] = action.power
        card = defender
    else:
        refuse("No power is needed from you for this battle.")
    data: dict[str, Any] = {"power": action.power}
    note(data, entered("power", action.power, current_power(state, board, card)), action.because)
    work.emit("dm_power", actor, [card], **data)
    work.set(attack=attack)
    return work.handled()


def _break(state: MatchState, action: Break) -> HandlerResult:
    """509.2-509.3, 701.14: the chosen shields go to their owner's hand, and the defender's declaration
    window opens, always (113.6: "the player may declare the usage of 'Shield Trigger', 'Guard Strike'
    and 'Strike Back'" whenever a shield is added to the hand by a break; 509.3a-b).

    The window opens whether or not a broken card has Shield Trigger or Guard Strike, or the hand holds
    a Strike Back card: what the defender holds is hidden from the attacker (the shields were seen by
    nobody, 406.2), and a decision point that opened only for some hands would show the attacker which
    kind of card they just broke. An effect may also give Shield Trigger to a broken card whose data
    says it has none (113.6b-c, declared with ``granted``), so the rules themselves give every broken
    card a chance at the window. On a phone the defender gets one prompt per break: the cards they may
    declare (:func:`shield_triggers`, in their own view), or a single "no Shield Trigger" tap."""
    require_step(state, "direct_attack", "break shields", "509.2")
    work = DuelMastersWork(state, action.version)
    board = state.board
    attack = work.attack()
    actor = action.actor
    if attack is None or attack["broken"] is not None:
        refuse("There are no shields to break now.")
    if actor != board.active:
        refuse("The attacking player chooses the shields to break (509.3).")
    defender = attack["defender"]
    shields = work.ids("shields", defender)
    count = min(attack["breaker"], len(shields))
    for at in action.shields:
        if at.zone != "shields" or at.player != defender:
            refuse("Choose shields in the attacked player's shield zone.")
    chosen = []
    for at in action.shields:
        if at.index >= len(shields):
            refuse(f"There is no shield at index {at.index} (there are {len(shields)}).")
        chosen.append(shields[at.index])
    if len(set(chosen)) != len(chosen):
        refuse("The same shield is chosen twice.")
    if len(chosen) != count:
        what = "shield" if count == 1 else "shields"
        refuse(f"This attack breaks {count} {what}; choose exactly {count} (509.2).")
    work.move(actor, chosen, "hand", defender, kind="dm_break")
    attack.update(broken=chosen, triggers_done=False)  # 113.6: the window opens after every break
    work.set(attack=attack)
    return work.handled()


def shield_triggers(state: MatchState, broken: Sequence[int]) -> list[int]:
    """509.3a, 112.3a: the broken cards still in their owner's hand that may have Shield Trigger (a card
    without data may), which the defender's own view lists for their prompt. Only the defender may be
    shown this: to anyone else it tells what the hidden broken shields are."""
    table = state.match.table
    cards = state.board.cards
    return [
        c
        for c in broken
        if c in state.zone("hand", cards[c].owner)
        and flag(table[cards[c].ref], "shield_trigger") is not False
    ]


def _trigger(state: MatchState, action: ShieldTrigger) -> HandlerResult:
    """509.3a, 509.3c, 112.3a: declared Shield Triggers are shown and used for free; then the defender
    carries out their text (a spell's, a creature's "when put into the battle zone") before the attack
    goes on (101.4: Shield Trigger effects are resolved first), and passes priority when done."""
    require_step(state, "direct_attack", "declare Shield Triggers", "509.3a")
    work = DuelMastersWork(state, action.version)
    board = state.board
    attack = work.attack()
    actor = action.actor
    if attack is None or attack["broken"] is None or attack["triggers_done"]:
        refuse("No Shield Trigger can be declared now.")
    if actor != attack["defender"]:
        refuse("Only the player whose shields were broken declares Shield Triggers (509.3a).")
    chosen = work.picks(action.cards, actor, "hand", what="the Shield Trigger cards")
    table = state.match.table
    broken = set(attack["broken"])
    for _, card_id in chosen:
        name = work.name_of(card_id)
        if card_id not in broken:
            refuse(f"{name} was not among the shields just broken (509.3a).")
        if flag(table[board.cards[card_id].ref], "shield_trigger") is False and not action.granted:
            refuse(f"{name} does not have Shield Trigger (112.3a).")
    everyone = state.match.all
    cards = list(board.cards)
    mentions = []
    for _, card_id in chosen:  # declared by showing them to everyone (509.3a)
        old = cards[card_id]
        cards[card_id] = old.with_known(everyone)
        mentions.append((old.ref, seen_mask(old.known, everyone, everyone)))
    work.board = board.evolve(cards=tuple(cards))
    lacking = [c for _, c in chosen if flag(work.ref(c), "shield_trigger") is False]
    data = {"granted": "Shield Trigger"} if lacking else {}
    work.events.append(Event("dm_trigger", actor, tuple(mentions), data))
    for _, card_id in chosen:  # 509.3c: used one by one, for free (112.3a, 112.3e)
        kind = card_type(work.ref(card_id))
        if kind == "spell":
            work.move(actor, [card_id], "graveyard", actor, kind="dm_cast", free=True)
        elif kind is not None:
            used = "dm_summon" if kind == "creature" else "dm_use"
            work.move(actor, [card_id], "battle_zone", face="up", orientation=UNTAPPED, kind=used, free=True)
        # no card type known: the players use it by hand
    # 509.3c, 101.4: declared Shield Triggers are resolved first; the defender keeps priority to carry
    # out their text and passes it back when done. Declared cards are public, so is the window.
    attack["triggers_done"] = True
    attack["carrying"] = bool(chosen)
    work.set(attack=attack)
    return work.handled()


HANDLERS = (
    (Attack, _attack),
    (Block, _block),
    (DeclarePower, _power),
    (Break, _break),
    (ShieldTrigger, _trigger),
)
"""The handlers of this module's actions, registered by the definition."""
