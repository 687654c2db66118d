"""The Duel Masters procedures: the handlers of the ``dm_`` actions and the automatic parts of the turn.

Game data kept on the board (:meth:`~engine.match.state.Board.data`):

- ``ready``: card ids in the battle zone since the start of the turn; a creature not in it has
  summoning sickness (301.5);
- ``charged``: whether the active player has charged mana this turn (503.2);
- ``attack``: the attack in progress (506-510): ``attacker``, ``target`` (None: the player),
  ``defender`` (seat), ``breaker``, ``apower`` / ``dpower`` (powers entered by the players),
  ``block_done``, ``blocked``, ``blocker``, ``broken`` (ids of the shields broken, None before the
  break), ``triggers_done``;
- ``hit``: the seat of a player attacked directly with no shields (509.1, 703.4a), a loss.

:func:`advance` runs what the rules do without a choice (the settle hook): the start of turn untap
(501.1, 702.3a), the draw with the first player's first-turn skip (502.1, 500.6), skipping the attack
sub-steps when no attacker is declared (506.2), the battle (508.1, 115.3, 701.13) with the
destruction of its losers (703.4d), the direct attack on a player with no shields (509.1) and the end
of attack (510) that returns to the attack declaration (505.5). Where a player must choose, it gives
them priority and waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.match.actions import CardAt
from engine.match.apply import HandlerResult, move_cards, refuse, register_handler
from engine.match.events import Event, seen_mask
from engine.match.games.duelmasters.actions import (
    Attack,
    Block,
    Break,
    Charge,
    DeclarePower,
    ShieldTrigger,
    UseCard,
)
from engine.match.games.duelmasters.spec import (
    ATTACK_PHASE,
    STEP,
    card_type,
    civilizations,
    flag,
    int_stat,
    step_name,
)
from engine.match.state import Board, Card, CardRef, MatchState

UNTAPPED, TAPPED = 0, 1
WAIT_STEPS = frozenset({"block_declaration", "battle", "direct_attack"})


# Small helpers ---------------------------------------------------------------------------------------


def slot(state: MatchState, zone: str, player: int | None = None) -> int:
    return state.match.slot_of[(zone, player)]


def bz_slot(state: MatchState) -> int:
    return state.match.slot_of[("battle_zone", None)]


def attack_of(board: Board) -> dict[str, Any] | None:
    value = board.data("attack")
    return None if value is None else dict(value)


def ready_of(board: Board) -> tuple[int, ...]:
    return tuple(board.data("ready", ()))


def name_of(state: MatchState, card_id: int) -> str:
    return state.match.table[state.board.cards[card_id].ref].name


def pick(
    state: MatchState, at: CardAt, zone: str, actor: int, what: str, own: bool = True
) -> tuple[int, int]:
    """``(slot, card id)`` of a card at a position of a zone (your own unless the zone is shared)."""
    spec = state.match.zone_specs[zone]
    if at.zone != zone:
        refuse(f"Choose {what} in the {spec.label}, not in the {at.zone.replace('_', ' ')}.")
    if spec.shared:
        player = None
    else:
        player = actor if at.player is None else at.player
        if own and player != actor:
            refuse(f"Choose {what} in your own {spec.label}.")
        if player not in (0, 1):
            refuse(f"There is no player {player} in this match.")
    where = slot(state, zone, player)
    ids = state.board.zones[where]
    if at.index >= len(ids):
        refuse(f"There is no card at index {at.index} of that {spec.label} (it holds {len(ids)}).")
    return where, ids[at.index]


def picks(
    state: MatchState, cards: Sequence[CardAt], zone: str, actor: int, what: str, own: bool = True
) -> list[tuple[int, int]]:
    chosen = [pick(state, at, zone, actor, what, own) for at in cards]
    if len({card for _, card in chosen}) != len(chosen):
        refuse("The same card is chosen twice.")
    return chosen


def set_orientation(board: Board, card_ids: Sequence[int], orientation: int) -> Board:
    cards = list(board.cards)
    for card_id in card_ids:
        old = cards[card_id]
        cards[card_id] = Card(
            old.ref, old.owner, old.controller, old.face_up, orientation, old.counters, old.known
        )
    return board.evolve(cards=tuple(cards))


def mention(state: MatchState, board: Board, card_id: int) -> tuple[int, int]:
    card = board.cards[card_id]
    return card.ref, seen_mask(card.known, card.known, state.match.all)


def goto(board: Board, name: str, events: list[Event]) -> Board:
    """Move the turn to a step (the active player holds priority), with a log line unless it is a
    sub-step of an attack (the attack's own lines tell those)."""
    phase, step = STEP[name]
    if phase != ATTACK_PHASE or (name == "attack_declaration" and board.phase != ATTACK_PHASE):
        events.append(Event("step", None, (), {"phase": phase, "step": step}))
    return board.evolve(phase=phase, step=step, priority=board.active, passes=0)


def current(board: Board) -> str:
    return step_name(board.phase, board.step)


def require_step(state: MatchState, name: str, what: str, rule: str) -> None:
    if current(state.board) != name:
        refuse(f"You can {what} only in the {name.replace('_', ' ')} step ({rule}).")


def is_creature(state: MatchState, card_id: int) -> bool:
    """A creature, or a card whose type the card data does not give (the players know)."""
    kind = card_type(state.match.table[state.board.cards[card_id].ref])
    return kind is None or kind == "creature"


def base_power(state: MatchState, board: Board, card_id: int) -> int | None:
    return int_stat(state.match.table[board.cards[card_id].ref], "power")


def powers(state: MatchState, board: Board, attack: dict[str, Any]) -> tuple[int | None, int | None]:
    """The powers of the attacker and of the defending creature in the coming battle."""
    defender = attack["blocker"] if attack["blocked"] else attack["target"]
    apower = (
        attack["apower"] if attack["apower"] is not None else base_power(state, board, attack["attacker"])
    )
    dpower = None
    if defender is not None:
        dpower = attack["dpower"] if attack["dpower"] is not None else base_power(state, board, defender)
    return apower, dpower


def possible_blockers(state: MatchState, board: Board, seat: int) -> list[int]:
    """The seat's untapped face-up creatures that have Blocker or whose card data is unknown (507.1a)."""
    table = state.match.table
    found = []
    for card_id in board.zones[bz_slot(state)]:
        card = board.cards[card_id]
        if card.controller != seat or card.orientation != UNTAPPED or not card.face_up:
            continue
        if flag(table[card.ref], "blocker") is not False:
            found.append(card_id)
    return found


# The automatic parts of the turn -----------------------------------------------------------------------


def advance(state: MatchState) -> tuple[MatchState, list[Event]]:
    """Run the automatic parts of the turn from this state until a player must act (see module doc)."""
    events: list[Event] = []
    board = state.board
    for _ in range(16):
        new = _step(state, board, events)
        if new is None:
            break
        board = new
    board = _return_home(state, board, events)
    bz = set(board.zones[bz_slot(state)])
    ready = ready_of(board)
    if any(card not in bz for card in ready):  # 301.5: a creature that left has to wait again
        board = board.with_data(ready=[card for card in ready if card in bz])
    return (state if board is state.board else state.evolve(board=board)), events


def _step(state: MatchState, board: Board, events: list[Event]) -> Board | None:
    """One automatic change, or None when a player must act now."""
    name = current(board)
    active = board.active
    if name == "start_of_turn":
        # 501.1, 702.3a: the active player untaps their cards in the battle zone and mana zone at once.
        cards = board.cards
        mana = board.zones[slot(state, "mana", active)]
        bz = board.zones[bz_slot(state)]
        tapped = [c for c in mana if cards[c].orientation != UNTAPPED]
        tapped += [c for c in bz if cards[c].controller == active and cards[c].orientation != UNTAPPED]
        board = set_orientation(board, tapped, UNTAPPED)
        events.append(Event("dm_untap", active, (), {"count": len(tapped)}))
        # 301.5: what is in the battle zone now has been there since the start of the turn.
        board = board.with_data(ready=list(bz), charged=None)
        return goto(board, "draw", events)
    if name == "draw":
        if board.turn == 1:
            events.append(Event("dm_skip_draw", active))  # 103.5, 500.6
        else:
            deck = slot(state, "deck", active)
            ids = board.zones[deck]
            if ids:  # 502.1; an empty deck has already lost (104.2b, 703.4b)
                board, event = move_cards(
                    state, board, active, [(deck, ids[0])], slot(state, "hand", active), kind="draw"
                )
                events.append(event)
        return goto(board, "charge", events)
    if board.phase != ATTACK_PHASE:
        return None
    attack = attack_of(board)
    if name == "end_of_attack":
        # 510.2: the attacking and blocking statuses end; 505.5: the next attack may be declared.
        return goto(board.with_data(attack=None), "attack_declaration", events)
    if attack is None:
        if name == "attack_declaration":
            return None
        return goto(board, "end_of_turn", events)  # 506.2: no attacker, the sub-steps are skipped
    bz = board.zones[bz_slot(state)]
    if attack["attacker"] not in bz and attack["broken"] is None:
        # 505.6a: an attacker removed from the battle zone ends the attack at once.
        events.append(Event("dm_attack_ends", None))
        return goto(board, "end_of_attack", events)
    defender = attack["defender"]
    if name == "block_declaration":
        if attack["block_done"]:
            return goto(board, "battle", events)
        hand = board.zones[slot(state, "hand", defender)]
        if not possible_blockers(state, board, defender) and not hand:
            attack["block_done"] = True
            events.append(Event("dm_no_block", defender, (), {"auto": True}))
            return goto(board.with_data(attack=attack), "battle", events)
        return _wait(board, defender)
    if name == "battle":
        if attack["target"] is None and not attack["blocked"]:
            return goto(board, "direct_attack", events)
        return _battle(state, board, attack, events)
    if name == "direct_attack":
        if attack["broken"] is None:
            if not board.zones[slot(state, "shields", defender)]:
                if board.data("hit") is None:
                    events.append(Event("dm_direct_hit", active, (), {"defender": defender}))
                    return board.with_data(hit=defender)
                return None
            return _wait(board, active)
        if not attack["triggers_done"]:
            return _wait(board, defender)
        return goto(board, "end_of_attack", events)
    return None


@lru_cache(maxsize=64)
def _homes(table: tuple[CardRef, ...]) -> dict[int, str]:
    """Card-table indices of the cards with a ``home`` zone, and that zone."""
    return {index: str(ref.stat("home")) for index, ref in enumerate(table) if ref.stat("home") in HOMES}


HOMES = ("hyperspatial", "super_gr")
_AWAY = ("deck", "hand", "graveyard", "mana", "shields")


def _return_home(state: MatchState, board: Board, events: list[Event]) -> Board:
    """117.1, 804.4b, 806.4b: a psychic or dragheart card put anywhere but the battle zone returns to the
    hyperspatial zone; 118.1: a gacharange card returns to the bottom of the super gacharange zone."""
    homes = _homes(state.match.table)
    if not homes:
        return board
    for seat in (0, 1):
        for zone in _AWAY:
            source = slot(state, zone, seat)
            away = [c for c in board.zones[source] if board.cards[c].ref in homes]
            for card_id in away:
                owner = board.cards[card_id].owner
                home = homes[board.cards[card_id].ref]
                board, event = move_cards(
                    state, board, owner, [(source, card_id)], slot(state, home, owner), "bottom", face="up"
                )
                event.kind, event.actor = "dm_return", None
                events.append(event)
    return board


def _wait(board: Board, seat: int) -> Board | None:
    """Give priority to the player who must choose now; None (nothing more to run)."""
    if board.priority != seat:
        return board.evolve(priority=seat, passes=0)
    return None


def _battle(state: MatchState, board: Board, attack: dict[str, Any], events: list[Event]) -> Board | None:
    """508.1, 115.3, 701.13: the attacker battles the blocker or the attacked creature."""
    bz = board.zones[bz_slot(state)]
    attacker = attack["attacker"]
    defender = attack["blocker"] if attack["blocked"] else attack["target"]
    if attacker not in bz or defender not in bz:
        events.append(Event("dm_no_battle", None))  # 115.3a
        return goto(board, "end_of_attack", events)
    apower, dpower = powers(state, board, attack)
    if apower is None:
        return _wait(board, board.cards[attacker].controller)
    if dpower is None:
        return _wait(board, board.cards[defender].controller)
    # 115.3b, 701.13b: the higher power wins; equal power, both lose. 115.3c (Win All Battles) is card
    # text: the players enter the powers that give its result, or move the cards themselves.
    losers = []
    if apower <= dpower:
        losers.append(attacker)
    if dpower <= apower:
        losers.append(defender)
    data = {"apower": apower, "dpower": dpower, "losers": len(losers)}
    winner = "defender" if apower < dpower else "attacker" if apower > dpower else "none"
    data["winner"] = winner
    mentions = (mention(state, board, attacker), mention(state, board, defender))
    events.append(Event("dm_battle", None, mentions, data))
    board = destroy(state, board, losers, events)
    return goto(board, "end_of_attack", events)


def destroy(state: MatchState, board: Board, card_ids: Sequence[int], events: list[Event]) -> Board:
    """701.6, 703.4d: put creatures from the battle zone into their owners' graveyards, with the cards
    stacked under them (109.2b)."""
    for owner in (0, 1):
        mine = [c for c in card_ids if board.cards[c].owner == owner]
        if not mine:
            continue
        chosen = list(mine)
        for card_id in mine:
            chosen += [c for c, host in board.attachments if host == card_id and c not in chosen]
        where = {c: s for s, ids in enumerate(board.zones) for c in ids if c in chosen}
        board, event = move_cards(
            state,
            board,
            owner,
            [(where[c], c) for c in chosen],
            slot(state, "graveyard", owner),
            kind="dm_destroy",
        )
        event.actor = None  # the rules destroy it, not a player
        events.append(event)
    return board


# Handlers --------------------------------------------------------------------------------------------


def _charge(state: MatchState, action: Charge) -> HandlerResult:
    """503.1-503.2, 701.8, 405.1."""
    require_step(state, "charge", "charge mana", "503.1")
    if state.board.data("charged"):
        refuse("You have already charged mana this turn (503.2).")
    hand, card_id = pick(state, action.card, "hand", action.actor, "the card to charge")
    civs = civilizations(state.match.table[state.board.cards[card_id].ref])
    multi = civs is not None and len(civs) >= 2
    board, event = move_cards(
        state,
        state.board,
        action.actor,
        [(hand, card_id)],
        slot(state, "mana", action.actor),
        face="up",
        orientation=TAPPED if multi else UNTAPPED,
        kind="dm_charge",
    )
    event.data["tapped"] = multi
    events = [event]
    board = goto(board.with_data(charged=True), "main", events)
    return board, events, None


def _match_civs(needed: Sequence[str], sources: Sequence[frozenset[str] | None]) -> bool:
    """Whether each needed civilization can be paid by a distinct mana card (112.2a): bipartite
    matching; a mana card of unknown civilizations can pay any."""
    owner: dict[int, int] = {}

    def augment(civ: int, seen: set[int]) -> bool:
        for index, civs in enumerate(sources):
            if index in seen or (civs is not None and needed[civ] not in civs):
                continue
            seen.add(index)
            if index not in owner or augment(owner[index], seen):
                owner[index] = civ
                return True
        return False

    return all(augment(civ, set()) for civ in range(len(needed)))


_USE_KIND = {"creature": "summon", "spell": "cast"}


def _use(state: MatchState, action: UseCard) -> HandlerResult:
    """504.1, 601.1, 701.3-701.5, 112.2a-c."""
    require_step(state, "main", "use cards", "504.1")
    actor = action.actor
    match = state.match
    hand, card_id = pick(state, action.card, "hand", actor, "the card to use")
    ref = match.table[state.board.cards[card_id].ref]
    kind = action.kind or (_USE_KIND.get(card_type(ref) or "", "use") if card_type(ref) else None)
    if kind is None:
        refuse(f"Say how to use {ref.name} (summon, cast or use): its card data gives no card type.")
    mana = picks(state, action.mana, "mana", actor, "the mana cards to tap")
    for _, mana_id in mana:
        if state.board.cards[mana_id].orientation != UNTAPPED:
            refuse("Tap only untapped mana cards to pay (112.2).")
    cost = action.cost if action.cost is not None else int_stat(ref, "cost")
    civs = civilizations(ref)
    if cost is not None:
        need = max(cost, len(civs or ()))  # 112.2b: at least one card per civilization
        if len(mana) < need:
            refuse(f"{ref.name} costs {need}: tap {need} mana cards, not {len(mana)} (112.2a).")
        if len(mana) > need:
            refuse(f"{ref.name} costs {need}: paying more is not allowed (112.2c).")
    if civs:
        sources = []
        for _, mana_id in mana:
            card = state.board.cards[mana_id]
            # 405.4: a face-down mana card is colourless.
            sources.append(civilizations(match.table[card.ref]) if card.face_up else frozenset())
        if not _match_civs(sorted(civs), sources):
            wanted = ", ".join(sorted(civs))
            refuse(f"{ref.name} needs a mana card of each of its civilizations ({wanted}) (112.2a).")
    board = set_orientation(state.board, [m for _, m in mana], TAPPED)
    # 302.2: a spell goes to the graveyard once resolved; 701.3, 403.1: other cards to the battle zone.
    dest = slot(state, "graveyard", actor) if kind == "cast" else bz_slot(state)
    board, event = move_cards(
        state,
        board,
        actor,
        [(hand, card_id)],
        dest,
        face="up",
        orientation=UNTAPPED if kind != "cast" else None,
        kind=f"dm_{kind}",
    )
    event.data["mana"] = len(mana)
    return board, [event], None


def _attack(state: MatchState, action: Attack) -> HandlerResult:
    """505.2, 506.1a-e, 301.5."""
    require_step(state, "attack_declaration", "declare an attack", "506.1")
    board = state.board
    actor = action.actor
    if actor != board.active:
        refuse("Only the active player attacks (506.1).")
    if attack_of(board) is not None:
        refuse("An attack is already in progress (505.4).")
    _, attacker = pick(state, action.attacker, "battle_zone", actor, "the attacking creature")
    card = board.cards[attacker]
    name = name_of(state, attacker)
    if card.controller != actor or not card.face_up:
        refuse("Attack with one of your own creatures (506.1a).")
    if not is_creature(state, attacker):
        refuse(f"Only creatures attack; {name} is not a creature (505.3).")
    if card.orientation != UNTAPPED:
        refuse(f"{name} is tapped: an attacking creature must be untapped (506.1a).")
    ref = state.match.table[card.ref]
    if (
        attacker not in ready_of(board)
        and not action.speed_attacker
        and not flag(ref, "speed_attacker")
        and not flag(ref, "evolution")
    ):
        refuse(
            f"{name} has summoning sickness: it has not been in the battle zone since the start of the "
            "turn (301.5)."
        )
    target = None
    if action.target is not None:
        _, target = pick(state, action.target, "battle_zone", actor, "the creature to attack", own=False)
        tcard = board.cards[target]
        if tcard.controller == actor:
            refuse("Attack the opponent or one of their creatures (506.1e).")
        if not is_creature(state, target) or not tcard.face_up:
            refuse("Only creatures can be attacked, besides the opponent (506.1e).")
        if tcard.orientation != TAPPED:
            refuse(f"{name_of(state, target)} is untapped: only tapped creatures can be attacked (505.2).")
    breaker = action.breaker or int_stat(ref, "breaker") or 1  # 509.2a-b
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
    board = set_orientation(board, [attacker], TAPPED)  # 506.1c
    board = board.with_data(attack=attack)
    mentions = [mention(state, board, attacker)] + ([] if target is None else [mention(state, board, target)])
    events = [
        Event("dm_attack", actor, tuple(mentions), {"defender": defender, "creature": target is not None})
    ]
    board = goto(board, "block_declaration", events)
    return board, events, None


def _block(state: MatchState, action: Block) -> HandlerResult:
    """507.1a-d."""
    require_step(state, "block_declaration", "declare a block", "507.1")
    board = state.board
    attack = attack_of(board)
    actor = action.actor
    if attack is None or attack["block_done"]:
        refuse("There is no attack waiting for a block declaration.")
    if actor != attack["defender"]:
        refuse("Only the attacked player declares a block (507.1).")
    events: list[Event] = []
    if action.blocker is not None:
        _, blocker = pick(state, action.blocker, "battle_zone", actor, "the blocking creature")
        card = board.cards[blocker]
        name = name_of(state, blocker)
        if card.controller != actor or not card.face_up:
            refuse("Block with one of your own creatures (507.1a).")
        if card.orientation != UNTAPPED:
            refuse(f"{name} is tapped: a blocker must be untapped (507.1a).")
        if flag(state.match.table[card.ref], "blocker") is False:
            refuse(f"{name} does not have Blocker (507.1a, 701.12a).")
        board = set_orientation(board, [blocker], TAPPED)  # 507.1c
        attack.update(blocked=True, blocker=blocker)
        events.append(Event("dm_block", actor, (mention(state, board, blocker),)))
    else:
        events.append(Event("dm_no_block", actor))
    attack["block_done"] = True
    if action.power is not None:
        attack["dpower"] = action.power
    board = goto(board.with_data(attack=attack), "battle", events)
    return board, events, None


def _power(state: MatchState, action: DeclarePower) -> HandlerResult:
    """206: the power of a creature whose card data gives none, for the battle in progress."""
    require_step(state, "battle", "enter a power", "508.1")
    board = state.board
    attack = attack_of(board)
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
    event = Event("dm_power", actor, (mention(state, board, card),), {"power": action.power})
    return board.with_data(attack=attack), [event], None


def _break(state: MatchState, action: Break) -> HandlerResult:
    """509.2-509.3, 701.14: the chosen shields go to their owner's hand."""
    require_step(state, "direct_attack", "break shields", "509.2")
    board = state.board
    attack = attack_of(board)
    actor = action.actor
    if attack is None or attack["broken"] is not None:
        refuse("There are no shields to break now.")
    if actor != board.active:
        refuse("The attacking player chooses the shields to break (509.3).")
    defender = attack["defender"]
    shields = board.zones[slot(state, "shields", defender)]
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
    source = slot(state, "shields", defender)
    board, event = move_cards(
        state, board, actor, [(source, c) for c in chosen], slot(state, "hand", defender), kind="dm_break"
    )
    table = state.match.table
    # 509.3a: a declaration is asked only if a broken card may have Shield Trigger.
    maybe = any(flag(table[board.cards[c].ref], "shield_trigger") is not False for c in chosen)
    attack.update(broken=chosen, triggers_done=not maybe)
    return board.with_data(attack=attack), [event], None


def _trigger(state: MatchState, action: ShieldTrigger) -> HandlerResult:
    """509.3a, 509.3c, 112.3a: declared Shield Triggers are shown and used for free."""
    require_step(state, "direct_attack", "declare Shield Triggers", "509.3a")
    board = state.board
    attack = attack_of(board)
    actor = action.actor
    if attack is None or attack["broken"] is None or attack["triggers_done"]:
        refuse("No Shield Trigger can be declared now.")
    if actor != attack["defender"]:
        refuse("Only the player whose shields were broken declares Shield Triggers (509.3a).")
    chosen = picks(state, action.cards, "hand", actor, "the Shield Trigger cards")
    table = state.match.table
    broken = set(attack["broken"])
    for _, card_id in chosen:
        name = name_of(state, card_id)
        if card_id not in broken:
            refuse(f"{name} was not among the shields just broken (509.3a).")
        if flag(table[board.cards[card_id].ref], "shield_trigger") is False:
            refuse(f"{name} does not have Shield Trigger (112.3a).")
    everyone = state.match.all
    cards = list(board.cards)
    mentions = []
    for _, card_id in chosen:  # declared by showing them to everyone (509.3a)
        old = cards[card_id]
        cards[card_id] = old.with_known(everyone)
        mentions.append((old.ref, seen_mask(old.known, everyone, everyone)))
    board = board.evolve(cards=tuple(cards))
    events = [Event("dm_trigger", actor, tuple(mentions))]
    hand = slot(state, "hand", actor)
    for _, card_id in chosen:  # 509.3c: used one by one, for free (112.3a, 112.3e)
        kind = card_type(table[board.cards[card_id].ref])
        if kind == "spell":
            board, event = move_cards(
                state, board, actor, [(hand, card_id)], slot(state, "graveyard", actor), kind="dm_cast"
            )
        elif kind is not None:
            board, event = move_cards(
                state,
                board,
                actor,
                [(hand, card_id)],
                bz_slot(state),
                face="up",
                orientation=UNTAPPED,
                kind="dm_summon" if kind == "creature" else "dm_use",
            )
        else:
            continue  # no card type known: the players use it by hand
        event.data["free"] = True
        events.append(event)
    attack["triggers_done"] = True
    return board.with_data(attack=attack), events, None


def register_handlers() -> None:
    register_handler(Charge, _charge)
    register_handler(UseCard, _use)
    register_handler(Attack, _attack)
    register_handler(Block, _block)
    register_handler(DeclarePower, _power)
    register_handler(Break, _break)
    register_handler(ShieldTrigger, _trigger)
