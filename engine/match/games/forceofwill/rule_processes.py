"""After every action: the game data follows generic moves (803.4a, 803.4b, 804.4a), the rule
processes (1200) and the loss checks (1202, 103.3)."""

from __future__ import annotations

from engine.match.apply import move_cards
from engine.match.events import Event
from engine.match.games.forceofwill.board import (
    Entry,
    base_atk_def,
    battle_of,
    chase_entries,
    field_ids,
    is_jresonator,
    jrulers,
    mention,
    player_value,
    set_life,
    step_event,
    with_card,
)
from engine.match.games.forceofwill.spec import (
    MAIN,
    S_BATTLE_END,
    SETUP,
)
from engine.match.outcome import Loss
from engine.match.state import Board, MatchState


def reconcile(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """Keep the game data in step with cards moved by generic actions: the chase's objects, J-rulers
    and entered values of cards that left the field, the cards each player has controlled continuously
    since the start of the turn (803.3, 905.3: a card that left the field and its ruler area is a new
    object, 302.3, and one whose control changed was not controlled continuously), and the battle
    (803.4a, 803.4b, 804.4a)."""
    match = state.match
    chase_ids = board.zones[match.slot_of[("chase", None)]]
    field = set(field_ids(state, board))
    entries = chase_entries(board)
    kept = [e for e in entries if e[0] != "card" or e[1] in chase_ids]
    listed = {e[1] for e in kept if e[0] == "card"}
    added: list[Entry] = [("card", c) for c in chase_ids if c not in listed]
    if added or len(kept) != len(entries):
        board = board.with_data(chase=[*added, *kept])
    rulers = jrulers(board)
    if rulers - field:
        board = board.with_data(jrulers=sorted(rulers & field))
    values = board.data("entered", ())
    if any(v[0] not in field for v in values):
        board = board.with_data(entered=[list(v) for v in values if v[0] in field])
    for key, seat in (("since", board.active), ("since_other", 1 - board.active)):
        since = board.data(key, ())
        if since:
            area = board.zones[match.slot_of[("ruler_area", seat)]]
            still = [c for c in since if c in area or (c in field and board.cards[c].controller == seat)]
            if len(still) != len(since):
                board = board.with_data(**{key: still})
    events: list[Event] = []
    battle = battle_of(board)
    if battle is not None and battle.get("declared"):
        active = board.active
        changed = False
        attacker = battle.get("attacker")
        if attacker is not None and (attacker not in field or board.cards[attacker].controller != active):
            battle["attacker"] = None
            changed = True
        blocker = battle.get("blocker")
        if blocker is not None and (blocker not in field or board.cards[blocker].controller == active):
            battle["blocker"] = None
            changed = True
        target = tuple(battle["target"])
        gone = target[0] == "card" and (target[1] not in field or board.cards[target[1]].controller == active)
        if changed or gone:
            board = board.with_data(battle=battle)
        if gone and board.step < S_BATTLE_END and not battle.get("ended"):
            battle["ended"] = True
            board = board.with_data(battle=battle).evolve(step=S_BATTLE_END, priority=active, passes=0)
            events.append(step_event(MAIN, S_BATTLE_END))
    return board, events


def rule_processes(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """1200, performed at the start of every priority sequence: 1203 (pairs of [+100/+100] and
    [-100/-100] counters are removed), 1204.1 (a J/resonator with damage at least its DEF is destroyed;
    a J-ruler goes back to the ruler area ruler side up with an astral counter, 1010.1, 1024), 1205.1
    (DEF 0 or less, printed or modified by counters or entered values: into the graveyard; a J-ruler,
    1205.6), 1206.1 (life is rounded up to a multiple of 100)."""
    match = state.match
    events: list[Event] = []
    field = field_ids(state, board)
    doomed: list[tuple[int, bool]] = []
    for card_id in field:
        card = board.cards[card_id]
        plus, minus = card.counter("+100/+100"), card.counter("-100/-100")
        if plus and minus:
            both = min(plus, minus)
            counters = dict(card.counters)
            for name, count in (("+100/+100", plus - both), ("-100/-100", minus - both)):
                if count:
                    counters[name] = count
                else:
                    counters.pop(name)
            board = with_card(board, card_id, counters=tuple(sorted(counters.items())))
            events.append(Event("fow_counters", None, (mention(state, board, card_id),), {"count": both}))
        if is_jresonator(state, board, card_id) is False:
            continue
        _, dfn = base_atk_def(state, board, card_id)
        if dfn is None:
            continue
        damage = board.cards[card_id].counter("damage")
        if dfn <= 0 or (damage and damage >= dfn):
            doomed.append((card_id, dfn <= 0))
    rulers = jrulers(board)
    field_slot = match.slot_of[("field", None)]
    for card_id, no_def in doomed:
        card = board.cards[card_id]
        if card_id in rulers:
            area = match.slot_of[("ruler_area", card.owner)]
            board, moved = move_cards(state, board, card.owner, [(field_slot, card_id)], area)
            counters = dict(board.cards[card_id].counters)
            counters.pop("damage", None)
            counters["astral"] = counters.get("astral", 0) + 1
            board = with_card(board, card_id, counters=tuple(sorted(counters.items())), controller=card.owner)
            rulers.discard(card_id)
            board = board.with_data(jrulers=sorted(rulers))
            events.append(Event("fow_destroy", None, moved.cards, {"jruler": True, "no_def": no_def}))
        else:
            grave = match.slot_of[("graveyard", card.owner)]
            board, moved = move_cards(state, board, card.owner, [(field_slot, card_id)], grave)
            events.append(Event("fow_destroy", None, moved.cards, {"jruler": False, "no_def": no_def}))
    if doomed:
        board, more = reconcile(state, board)
        events += more
    for seat in range(2):
        life = player_value(state, board, seat, "life")
        if life % 100:
            rounded = -(-life // 100) * 100
            board = set_life(state, board, seat, rounded)
            events.append(Event("fow_round", None, (), {"player": seat, "life": rounded}))
    return board, events


def losers(state: MatchState) -> list[Loss]:
    """1202.1: life 0 or less loses; 1202.2: a player who had to draw in their draw phase from a deck
    with too few cards loses. Checked as rule processes, so not while an object is being carried out.
    Both at once: a draw (103.3)."""
    board = state.board
    if board.phase == SETUP or board.data("resolving") is not None:
        return []
    out: list[Loss] = []
    decked = set(board.data("deckout", ()))
    for seat in range(2):
        if player_value(state, board, seat, "life") <= 0:
            out.append(Loss(seat, "1202.1", "life 0 or less"))
        if seat in decked:
            out.append(Loss(seat, "1202.2", "had to draw from an empty deck in their draw phase"))
    return out
