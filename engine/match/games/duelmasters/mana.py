"""The handlers of the charge step and the main step: charging mana (503, 701.8, 405.1) and using
cards with the mana payment checked (504.1, 601.1, 701.3-701.5, 112.2a-c, 405.4), evolution creatures
put onto their evolution source (801.1-801.3)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.match.apply import HandlerResult, refuse
from engine.match.games.duelmasters.actions import Charge, UseCard
from engine.match.games.duelmasters.board import (
    TAPPED,
    UNTAPPED,
    DuelMastersWork,
    attack_of,
    entered,
    is_creature,
    note,
    require_step,
    under_cards,
)
from engine.match.games.duelmasters.effects import rekey
from engine.match.games.duelmasters.spec import card_type, civilizations, flag, int_stat
from engine.match.state import Board, CardRef, MatchState


def _charge(state: MatchState, action: Charge) -> HandlerResult:
    """503.1-503.2, 701.8, 405.1."""
    require_step(state, "charge", "charge mana", "503.1")
    if state.board.data("charged"):
        refuse("You have already charged mana this turn (503.2).")
    work = DuelMastersWork(state, action.version)
    _, card_id = work.pick(action.card, action.actor, "hand", what="the card to charge")
    civs = civilizations(work.ref(card_id))
    multi = civs is not None and len(civs) >= 2
    orientation = TAPPED if multi else UNTAPPED
    work.move(
        action.actor, [card_id], "mana", action.actor, face="up", orientation=orientation, kind="dm_charge"
    )
    work.events[-1].data["tapped"] = multi
    work.set(charged=True)
    work.goto("main")
    return work.handled()


def match_civs(needed: Sequence[str], sources: Sequence[frozenset[str] | None]) -> bool:
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


def _source(work: DuelMastersWork, action: UseCard, ref: CardRef, kind: str) -> int | None:
    """801.1, 801.1a: the evolution source an evolution creature is put onto (None for another card)."""
    evolution = flag(ref, "evolution")
    if action.onto is None:
        if evolution:
            refuse(f"{ref.name} is an evolution creature: name the creature it is put onto (801.1a).")
        return None
    if evolution is False or kind != "summon":
        refuse(f"{ref.name} is not an evolution creature: only those are put onto a creature (801.1).")
    _, source = work.pick(action.onto, action.actor, "battle_zone", what="the evolution source")
    card = work.card(source)
    if not card.face_up or not is_creature(work.state, source) or source in under_cards(work.board):
        refuse(f"{work.name_of(source)} is not a creature an evolution can be put onto (801.1, 200.3a).")
    return source


def _use(state: MatchState, action: UseCard) -> HandlerResult:
    """504.1, 601.1, 701.3-701.5, 112.2a-c, 801.1-801.2. An entered cost that differs from the printed
    one is kept (card text changes costs; 201.2a: the printed cost stays the card's) and shown. With a
    declared cost change and no entered cost, the mana tapped is the payment (112.2b), one card of each
    civilization among it still (112.2a), and the log shows it next to the printed cost."""
    require_step(state, "main", "use cards", "504.1")
    actor = action.actor
    match = state.match
    work = DuelMastersWork(state, action.version)
    _, card_id = work.pick(action.card, actor, "hand", what="the card to use")
    ref = work.ref(card_id)
    if card_type(ref) == "castle":
        refuse(
            f"{ref.name} is a castle: fortify it by hand, tapping its mana and attaching it to one of your "
            "shields (304.1-304.2, 605.3, 701.19)."
        )
    kind = action.kind or (_USE_KIND.get(card_type(ref) or "", "use") if card_type(ref) else None)
    if kind is None:
        refuse(f"Say how to use {ref.name} (summon, cast or use): its card data gives no card type.")
    source = _source(work, action, ref, kind)
    mana = work.picks(action.mana, actor, "mana", what="the mana cards to tap")
    for _, mana_id in mana:
        if state.board.cards[mana_id].orientation != UNTAPPED:
            refuse("Tap only untapped mana cards to pay (112.2).")
    printed = int_stat(ref, "cost")
    cost = action.cost if action.cost is not None or action.cost_change is not None else printed
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
        if not match_civs(sorted(civs), sources):
            wanted = ", ".join(sorted(civs))
            refuse(f"{ref.name} needs a mana card of each of its civilizations ({wanted}) (112.2a).")
    work.orient([m for _, m in mana], TAPPED)
    # 302.2: a spell goes to the graveyard once resolved; 701.3, 403.1: other cards to the battle zone;
    # 801.2: an evolution creature keeps its source's tapped or untapped position.
    if kind == "cast":
        work.move(actor, [card_id], "graveyard", actor, face="up", kind=f"dm_{kind}")
    else:
        position = UNTAPPED if source is None else work.card(source).orientation
        work.move(actor, [card_id], "battle_zone", face="up", orientation=position, kind=f"dm_{kind}")
    event = work.events[-1]
    event.data["mana"] = len(mana)
    note(event.data, entered("cost", action.cost, printed), action.because)
    if action.cost_change is not None:
        event.data["cost_change"] = action.cost_change
        event.data["printed"] = printed
    if source is not None:
        work.board = _evolve(work.board, source, card_id)
        event.data["onto"] = work.name_of(source)
    return work.handled()


def _evolve(board: Board, source: int, top: int) -> Board:
    """801.1-801.2, 801.2a: the evolution creature is put on top of its source, which stays in the
    battle zone under it (a card, not a creature: 200.3a); the stack is one creature that keeps the
    source's effects and its place in an attack."""
    board = board.evolve(attachments=(*board.attachments, (source, top)))
    board = rekey(board, source, top)
    attack = attack_of(board)
    if attack is not None and attack["attacker"] == source:
        board = board.with_data(attack={**attack, "attacker": top})
    return board.with_data(evolved=[*board.data("evolved", ()), [source, top]])


HANDLERS = ((Charge, _charge), (UseCard, _use))
"""The handlers of this module's actions, registered by the definition."""
