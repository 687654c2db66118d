"""The turn (500): the draw (502.4), recovery (503), the end of the turn (505.5, 505.6) and moving on
when a priority sequence ends with an empty chase (605.1, through the battle steps of 800): one
procedure per step, run by the settle table's row of that step (:data:`.steps.TABLE`), each
changing the board through the working context (:class:`.board.FowWork`)."""

from __future__ import annotations

from typing import Any

from engine.match.apply import HandlerResult, refuse
from engine.match.games.forceofwill.actions import Discard
from engine.match.games.forceofwill.battle import battle_damage
from engine.match.games.forceofwill.board import RECOVER, FowWork, battle_of, field_ids, since_start
from engine.match.games.forceofwill.spec import DRAW, MAX_HAND
from engine.match.state import Card, MatchState


def _discard(state: MatchState, action: Discard) -> HandlerResult:
    """505.5: the turn player discards down to the maximum hand size; then 505.6, the next turn."""
    work = FowWork(state, action)
    need = int(work.data("discard", 0))
    if not need:
        refuse("You discard down to your maximum hand size only at the end of your turn (505.5).")
    if len(action.cards) != need:
        refuse(f"Discard exactly {need} card{'s' if need != 1 else ''} to keep {MAX_HAND} (505.5).")
    if len(set(action.cards)) != len(action.cards):
        refuse("The same card is chosen twice.")
    ids = work.ids("hand", action.actor)
    for index in action.cards:
        if index >= len(ids):
            refuse(f"There is no card at index {index} of your hand (it holds {len(ids)}).")
    work.move(action.actor, [ids[i] for i in action.cards], "graveyard", action.actor, kind="fow_discard")
    work.set(discard=None)
    next_turn(work)
    board, events, _ = work.handled()
    return board, events, {"undo_used": (0, 0)}


def end_of_turn(work: FowWork) -> None:
    """505.5: damage on J/resonators becomes 0, "until end of turn" values end, will clearance, then
    the turn player discards down to the maximum hand size (a choice: the game waits for it)."""
    cards = list(work.board.cards)
    for card_id in field_ids(work.state, work.board):
        card = cards[card_id]
        if card.counter("damage"):
            counters = tuple(p for p in card.counters if p[0] != "damage")
            cards[card_id] = Card(
                card.ref, card.owner, card.controller, card.face_up, card.orientation, counters, card.known
            )
    work.board = work.board.evolve(cards=tuple(cards))
    work.set(entered=[], pool=[[], []])
    active = work.board.active
    hand = work.ids("hand", active)
    if len(hand) > MAX_HAND:
        need = len(hand) - MAX_HAND
        work.set(discard=need)
        work.board = work.board.evolve(priority=active, passes=0)
        work.emit("fow_hand_size", active, count=need)
        return
    next_turn(work)


def next_turn(work: FowWork) -> None:
    """505.6: the other player becomes the turn player; 502.4: they draw a card (a player who must draw
    from an empty deck in their draw phase loses, 1202.2)."""
    board = work.board
    previous = board.active
    active = 1 - previous
    board = board.evolve(turn=board.turn + 1, active=active, phase=DRAW, step=0, priority=active, passes=0)
    board = board.with_data(called=None, judged=None, no_battle=None, battle=None, pool=[[], []])
    work.board = since_start(work.state, board)
    work.emit("turn", previous, turn=work.board.turn, active=active)
    ids = work.ids("deck", active)
    if not ids:
        work.set(deckout=sorted({*work.data("deckout", ()), active}))
        work.emit("fow_deckout", active)
    else:
        work.move(active, [ids[0]], "hand", active, kind="draw")


def recovery(work: FowWork) -> None:
    """503.1: skipped on a player's first turn (produced will ceases to exist); otherwise will
    clearance (503.4) and the turn player recovers every card they control in the field and their ruler
    area (503.5). Then the main phase (504)."""
    seat = work.board.active
    work.goto("recovery")
    work.set(pool=[[], []])
    if work.board.turn <= 2:
        work.emit("fow_recovery", seat, skipped=True, count=0)
    else:
        ids = [c for c in field_ids(work.state, work.board) if work.card(c).controller == seat]
        ids += list(work.ids("ruler_area", seat))
        rested = [c for c in ids if work.card(c).orientation != RECOVER]
        work.orient(rested, RECOVER)
        work.emit("fow_recovery", seat, skipped=False, count=len(rested))
    work.goto("main")


def leave_draw(work: FowWork) -> None:
    """The draw phase ends (605.1): the recovery phase (503), then the main phase (504)."""
    recovery(work)


def leave_main(work: FowWork) -> None:
    """The main phase ends with no battle in progress (605.1): the end phase (505)."""
    work.goto("end")


def leave_battle_start(work: FowWork) -> None:
    """802.2 ends: the declare attack step (803)."""
    _battle_step(work, "attack")


def leave_attack(work: FowWork) -> None:
    """803 ends: with an attack declared, the declare block step (804); otherwise the battle ends (803.3:
    forfeiting the attack ends the battle; unanswered, no more battles this turn)."""
    battle = _battle(work)
    if battle.get("declared"):
        _battle_step(work, "block")
        return
    if not battle.get("acted"):
        work.set(no_battle=True)
    work.emit("fow_forfeit", work.board.active)
    _battle_step(work, "battle_end")


def leave_block(work: FowWork) -> None:
    """804 ends: the first strike battle resolution step with [First Strike] or [Multi Strike], else the
    normal one; no attacking J/resonator: the end of battle step (805.1)."""
    battle = _battle(work)
    if battle.get("attacker") is None:
        _battle_step(work, "battle_end")
    elif battle["first_strike"] or battle["multi_strike"]:
        _battle_step(work, "first_strike")
    else:
        _battle_step(work, "damage")


def leave_first_strike(work: FowWork) -> None:
    """805 ends: the normal battle resolution step, or the end of battle step without an attacking
    J/resonator (806.1)."""
    _battle_step(work, "damage" if _battle(work).get("attacker") is not None else "battle_end")


def leave_damage(work: FowWork) -> None:
    """806 ends: the end of battle step (807)."""
    _battle_step(work, "battle_end")


def leave_battle_end(work: FowWork) -> None:
    """807.4: the battle ends; back to the main phase."""
    work.set(battle=None)
    work.goto("main")


def _battle(work: FowWork) -> dict[str, Any]:
    battle = battle_of(work.board)
    assert battle is not None, "a battle step without a battle"
    return battle


def _battle_step(work: FowWork, step: str) -> None:
    """Move on to a battle step; the battle resolution steps deal their damage (805.2, 806.2)."""
    work.goto(step)
    if step in ("first_strike", "damage"):
        battle_damage(work, step == "first_strike")


HANDLERS = ((Discard, _discard),)
