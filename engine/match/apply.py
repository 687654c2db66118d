"""``apply(state, action) -> (state, events)``: the one way a match changes. Pure and deterministic: the
same state and action always give equal results, nothing is mutated, and randomness comes only from
the match's stream keyed by the action's version (:mod:`engine.match.rng`).

Checks, in this order, each refusing with one sentence (:class:`ActionRefused`) and changing nothing
(docs/architecture.md, Invariants: "Bad input gets one sentence and changes nothing"):

1. the match is not over, and the actor is one of its players;
2. the action's ``version`` is the state's (docs/architecture.md, "One writer per match"): an action
   equal to the last accepted one is a duplicate, any other mismatch is stale;
3. while an undo request waits, only its answer, a concession or a note is accepted;
4. turn: unless the action may be taken any time (``anytime``: reveals, coin, dice, the match's own
   actions), the actor is the active player, holds priority, or the step lets both players act;
5. touch: a player never touches the opponent's hidden zones (hand, deck, shields...), may act on
   their own zones (even the hidden-to-all ones: your shields, your deck), on shared zones and on the
   opponent's public zones (to destroy a unit, say). A card may be moved *into* any zone;
6. the action's own rules (enough cards, a known orientation, a counter that exists...).

**Knowledge** (docs/architecture.md, Invariants: "Track knowledge per card"):

- a card entering a zone from another zone (outside its ``group``) is known exactly by who sees it
  there (the zone's visibility for its face): what was known resets, so a card put into a deck or a
  hand is forgotten by whoever cannot see that zone;
- moving within a zone or a group, turning face up or down and changing control keep what was known
  and add whoever now sees the card;
- a shuffle resets every card of the zone to who sees it there;
- looking at, searching and revealing add the looker, the searcher or the audience;
- undo keeps what was known (see :mod:`engine.match.replay`).

**Undo bookkeeping**: an undoable action (one that changes the board) keeps the board before it in
``undo_base`` (shared, not copied); a look or a reveal clears it (it read that board); other actions
leave it. :class:`AcceptUndo` puts that board back with the knowledge union. An automatic pass
(``auto``, :mod:`engine.match.stops`) right after an undoable action keeps that action's base: the
action and the run of passes after it undo as one step.

**Stops**: an action marked ``auto`` must be the pass of the seat the game waits for at its window
(:func:`engine.match.stops.check_automatic`); after every action the seats' one-press passes end when
they say (:func:`engine.match.stops.follow`). :class:`SetStops` changes only the actor's stops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from engine.match.actions import (
    AcceptDraw,
    AcceptUndo,
    Action,
    AddCounter,
    AdjustValue,
    Attach,
    BaseAction,
    CardAt,
    Concede,
    DeclineDraw,
    DeclineUndo,
    Detach,
    Draw,
    Flip,
    FlipCoin,
    GiveControl,
    Look,
    Move,
    NextPhase,
    NextStep,
    Note,
    OfferDraw,
    Orient,
    PassPriority,
    PassTurn,
    RequestUndo,
    Reveal,
    RevealHand,
    RevealTop,
    RollDie,
    Search,
    SetStops,
    SetValue,
    Shuffle,
    TimeOut,
    ZoneRef,
)
from engine.match.errors import ActionRefused
from engine.match.events import Event, seen_mask
from engine.match.game import ACTION_GAME, all_definitions, definition_of
from engine.match.outcome import Loss, Outcome
from engine.match.rng import RandomStream, action_context
from engine.match.state import Board, Card, Match, MatchState, MatchStatus
from engine.match.stops import check_automatic, follow, set_stops

__all__ = ["ActionRefused", "apply", "pick", "register_handler"]

Meta = dict[str, Any]
HandlerResult = tuple[Board | None, list[Event], Meta | None]
Handler = Callable[[MatchState, Any], HandlerResult]
_HANDLERS: dict[type[BaseAction], Handler] = {}
_DURING_UNDO: frozenset[type[BaseAction]] = frozenset({AcceptUndo, DeclineUndo, Concede, TimeOut, Note})


def refuse(message: str) -> NoReturn:
    """Refuse the action with one sentence."""
    raise ActionRefused(message)


def register_handler(action_type: type[BaseAction], handler: Handler) -> None:
    """Register how an action type changes the state: ``handler(state, action)`` returns the new board
    (or None), the events, and match-level field changes (or None). Game definitions add theirs."""
    _HANDLERS[action_type] = handler


def _handles(action_type: type[BaseAction]) -> Callable[[Handler], Handler]:
    def decorate(handler: Handler) -> Handler:
        register_handler(action_type, handler)
        return handler

    return decorate


def apply(
    state: MatchState, action: Action | BaseAction, *, check_version: bool = True
) -> tuple[MatchState, list[Event]]:
    """Apply an action to a state: the new state and what happened, or :class:`ActionRefused`.

    ``check_version=False`` is for replaying a list of actions that were already accepted in another
    order of versions (undo's "replay without the undone action"); randomness is still keyed by each
    action's own version, so the results are the same.
    """
    match = state.match
    board = state.board
    actor = action.actor
    cls = type(action)
    if state.status != MatchStatus.PLAYING:
        refuse("The match is over.")
    if actor >= len(match.players):
        refuse("Only the players of this match can act in it.")
    if check_version and action.version != state.version:
        _refuse_version(state, action)
    handler = _HANDLERS.get(cls)
    if handler is None:
        all_definitions()  # a game's handlers are registered with its definition
        handler = _HANDLERS.get(cls)
    if handler is None:
        refuse(f"This game has no '{action.type}' action.")
    if state.undo_request is not None and cls not in _DURING_UNDO:
        requester = state.undo_request
        refuse(
            f"{match.players[requester]}'s undo request is waiting for "
            f"{match.players[1 - requester]}'s answer."
        )
    game = ACTION_GAME.get(cls)
    if game is not None and game != match.spec.key:
        refuse(f"{match.spec.name} has no '{action.type}' action.")
    if (
        not cls.anytime
        and actor != board.active
        and actor != board.priority
        and not match.step_both[board.phase][board.step]
    ):
        refuse(f"It is {match.players[board.active]}'s turn and you do not hold priority.")
    definition = definition_of(match.spec)
    if definition is not None:
        definition.allows(state, action)
    if action.auto:
        problem = check_automatic(state, action)
        if problem is not None:
            refuse(problem)
    new_board, events, meta = handler(state, action)
    if new_board is None:
        new_board = board
    elif new_board.passes and cls.undoable and cls is not PassPriority:
        new_board = new_board.evolve(passes=0)
    new = MatchState.__new__(MatchState)
    new.spectator_seen = None
    new.match = match
    new.board = new_board
    new.version = state.version + 1
    new.status = state.status
    new.winner = state.winner
    new.end_reason = state.end_reason
    new.outcome = state.outcome
    new.draw_offer = state.draw_offer
    new.undo_request = state.undo_request
    new.undo_used = state.undo_used
    new.stops = state.stops
    new.last_action = action  # type: ignore[assignment]
    if action.auto and _extends_step(state):
        new.undo_base = state.undo_base
        new.undo_actor = state.undo_actor
        new.undo_version = state.undo_version
        new.undo_learned = state.undo_learned
    elif cls.undoable:
        new.undo_base = board
        new.undo_actor = actor
        new.undo_version = action.version
        new.undo_learned = ()
    elif cls.seals_undo:
        new.undo_base = new.undo_actor = new.undo_version = None
        new.undo_learned = ()
    else:
        new.undo_base = state.undo_base
        new.undo_actor = state.undo_actor
        new.undo_version = state.undo_version
        new.undo_learned = state.undo_learned
    if meta:
        for name, value in meta.items():
            setattr(new, name, value)
    if definition is not None and new.status == MatchStatus.PLAYING:
        new, settled = definition.settle(new, action)
        events = [*events, *settled]
        losers = definition.losers(new) if new.status == MatchStatus.PLAYING else []
        if losers:
            new, ending = _game_over(new, losers)
            events.append(ending)
    if new.stops is not None:
        stops = follow(state, new, action)
        if stops is not new.stops:
            new = new.evolve(stops=stops)
    return new, events


def _extends_step(state: MatchState) -> bool:
    """Whether an automatic pass joins the undo step of the action before it (docs/architecture.md,
    "Undo treats an action and the run of passes after it as one step"): that action was undoable, or
    an automatic pass that did. Mirrored by :func:`engine.match.replay.undone_versions`."""
    last = state.last_action
    return state.undo_base is not None and last is not None and (type(last).undoable or bool(last.auto))


def _game_over(state: MatchState, losers: Sequence[Loss | tuple[int, str]]) -> tuple[MatchState, Event]:
    """End the match for the players who lose at a check timing: one loser gives the other the win;
    every player losing at once is a draw. ``losers`` are :class:`Loss` values or a game's older
    ``(seat, "reason (rule)")`` pairs (:meth:`Loss.of`)."""
    outcome = Outcome.by_rules([Loss.of(item) for item in losers], len(state.match.players))
    return state.evolve(**_end(state, outcome)), _end_event(state, outcome)


def _refuse_version(state: MatchState, action: BaseAction) -> NoReturn:
    if action.version == state.version - 1 and action == state.last_action:
        refuse("That action was already applied; it is not applied twice.")
    if action.version < state.version:
        refuse(
            f"The match has moved on since this was shown (version {action.version}, now "
            f"{state.version}); look again and retry."
        )
    refuse(f"This was made for a version of the match that does not exist yet ({action.version}).")


# Zones and cards ---------------------------------------------------------------------------------


def zone_phrase(match: Match, slot: int, viewer: int | None) -> str:
    """'your hand', "Bob's hand" or 'the field', for a viewer."""
    label = match.slot_spec[slot].label
    player = match.slot_player[slot]
    if player is None:
        return f"the {label}"
    if player == viewer:
        return f"your {label}"
    return f"{match.players[player]}'s {label}"


def _slot(state: MatchState, ref: ZoneRef, actor: int) -> int:
    match = state.match
    zone = match.zone_specs.get(ref.zone)
    if zone is None:
        refuse(f"This game has no zone called '{ref.zone}'.")
    if zone.shared:
        if ref.player is not None:
            refuse(f"The {zone.label} is shared; it belongs to no player.")
        return match.slot_of[(zone.name, None)]
    player = actor if ref.player is None else ref.player
    if player >= len(match.players):
        refuse(f"There is no player {player} in this match.")
    return match.slot_of[(zone.name, player)]


def _touch(match: Match, slot: int, actor: int, verb: str = "touch") -> None:
    player = match.slot_player[slot]
    if player is not None and player != actor and match.slot_hidden[slot]:
        label = match.slot_spec[slot].label
        refuse(f"You can't {verb} {match.players[player]}'s {label}: that zone is hidden from you.")


def _own(match: Match, slot: int, actor: int, card: Card | None, what: str) -> None:
    player = match.slot_player[slot]
    if player == actor or (player is None and (card is None or card.controller == actor)):
        return
    refuse(f"You can only {what} your own cards.")


def pick(state: MatchState, at: CardAt, actor: int, verb: str = "touch") -> tuple[int, int]:
    """The ``(slot, card id)`` at a position, refused if the actor may not touch that zone (a hidden
    zone of the opponent's) or there is no card there. Game definitions use it for their actions."""
    slot = _slot(state, at, actor)
    _touch(state.match, slot, actor, verb)
    ids = state.board.zones[slot]
    if at.index >= len(ids):
        refuse(
            f"There is no card at index {at.index} of {zone_phrase(state.match, slot, actor)} "
            f"(it holds {len(ids)})."
        )
    return slot, ids[at.index]


def _picks(
    state: MatchState, cards: Sequence[CardAt], actor: int, verb: str = "touch"
) -> list[tuple[int, int]]:
    picked = [pick(state, at, actor, verb) for at in cards]
    if len({card for _, card in picked}) != len(picked):
        refuse("The same card is chosen twice.")
    return picked


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _slot_of_card(board: Board, card: int) -> int:
    for slot, ids in enumerate(board.zones):
        if card in ids:
            return slot
    raise AssertionError(f"card {card} is in no zone")


def _orientation(state: MatchState, name: str) -> int:
    index = state.match.spec.orientation_index(name)
    if index is None:
        names = ", ".join(o.name for o in state.match.spec.orientations)
        refuse(f"This game has no orientation called '{name}'; it has {names}.")
    return index


def _position(position: int | str | None, zone_spec_enter: str, size: int) -> int:
    if position is None:
        position = zone_spec_enter
    if position == "top":
        return 0
    if position == "bottom":
        return size
    return min(int(position), size)


def move_cards(
    state: MatchState,
    board: Board,
    actor: int,
    picks: Sequence[tuple[int, int]],
    dest: int,
    position: int | str | None = None,
    face: str | None = None,
    orientation: int | None = None,
    kind: str = "move",
) -> tuple[Board, Event]:
    """Move picked ``(slot, card)`` pairs as one block into slot ``dest``; the building block of every
    action that moves cards (games reuse it for their own actions)."""
    match = state.match
    everyone = match.all
    dest_spec = match.slot_spec[dest]
    dest_player = match.slot_player[dest]
    dest_group = dest_spec.group
    if orientation is not None and not dest_spec.orientable:
        refuse(f"Cards in {zone_phrase(match, dest, actor)} have no orientation.")
    zones = list(board.zones)
    cards = list(board.cards)
    moved = [card for _, card in picks]
    moved_set = set(moved)
    for slot in {slot for slot, _ in picks}:
        zones[slot] = tuple(card for card in zones[slot] if card not in moved_set)
    target = zones[dest]
    at = _position(position, dest_spec.enter_at, len(target))
    zones[dest] = target[:at] + tuple(moved) + target[at:]
    mentions = []
    kept: set[int] = set()
    for slot, card_id in picks:
        old = cards[card_id]
        if slot == dest or (dest_group is not None and match.slot_spec[slot].group == dest_group):
            face_up = old.face_up if face is None else face == "up"
            grant = match.sees(dest, face_up, old.owner, old.controller)
            new = Card(
                old.ref,
                old.owner,
                old.controller,
                face_up,
                old.orientation if orientation is None else orientation,
                old.counters,
                old.known | grant,
            )
            kept.add(card_id)
        else:
            face_up = dest_spec.default_face == "up" if face is None else face == "up"
            controller = actor if dest_player is None else dest_player
            new = Card(
                old.ref,
                old.owner,
                controller,
                face_up,
                (match.slot_enter[dest] if orientation is None else orientation)
                if dest_spec.orientable
                else 0,
                (),
                match.sees(dest, face_up, old.owner, controller),
            )
        cards[card_id] = new
        mentions.append((old.ref, seen_mask(old.known, new.known, everyone)))
    attachments = board.attachments
    if attachments:
        attachments = tuple(
            (card, host)
            for card, host in attachments
            if (card not in moved_set or card in kept) and (host not in moved_set or host in kept)
        )
    sources = list(dict.fromkeys(slot for slot, _ in picks))
    where: int | str = "top" if at == 0 else "bottom" if at == len(target) else at
    new_board = board.evolve(zones=tuple(zones), cards=tuple(cards), attachments=attachments)
    data = {"from": sources, "to": dest, "at": where, "count": len(picks), "face": face}
    return new_board, Event(kind, actor, tuple(mentions), data)


@_handles(Draw)
def _draw(state: MatchState, action: Draw) -> HandlerResult:
    actor = action.actor
    spec = state.match.spec
    deck = state.match.slot_of[(spec.deck_zone, actor)]
    hand = state.match.slot_of[(spec.hand_zone, actor)]
    ids = state.board.zones[deck]
    if action.count > len(ids):
        label = state.match.slot_spec[deck].label
        if not ids:
            refuse(f"There are no cards in your {label} to draw.")
        refuse(f"There {'is' if len(ids) == 1 else 'are'} only {_cards(len(ids))} in your {label}.")
    picks = [(deck, card) for card in ids[: action.count]]
    board, event = move_cards(state, state.board, actor, picks, hand, kind="draw")
    return board, [event], None


@_handles(Move)
def _move(state: MatchState, action: Move) -> HandlerResult:
    actor = action.actor
    picks = _picks(state, action.cards, actor)
    dest = _slot(state, action.to, actor)
    orientation = None if action.orientation is None else _orientation(state, action.orientation)
    board = state.board
    if action.with_attached and board.attachments:
        expanded: list[tuple[int, int]] = []
        chosen = {card for _, card in picks}
        for slot, card in picks:
            expanded.append((slot, card))
            stack = [c for c, host in board.attachments if host == card and c not in chosen]
            while stack:
                under = stack.pop(0)
                chosen.add(under)
                expanded.append((_slot_of_card(board, under), under))
                stack.extend(c for c, host in board.attachments if host == under and c not in chosen)
        picks = expanded
    new_board, event = move_cards(state, board, actor, picks, dest, action.position, action.face, orientation)
    return new_board, [event], None


@_handles(Shuffle)
def _shuffle(state: MatchState, action: Shuffle) -> HandlerResult:
    slot = _slot(state, action.zone, action.actor)
    _touch(state.match, slot, action.actor, "shuffle")
    board, event = shuffle_zone(state, state.board, slot, action.actor, action.version)
    return board, [event], None


def shuffle_zone(state: MatchState, board: Board, slot: int, actor: int, version: int) -> tuple[Board, Event]:
    """Shuffle a zone with the stream of this version; knowledge of its cards resets to who sees them."""
    match = state.match
    ids = board.zones[slot]
    order = RandomStream(match.seed, action_context(version)).shuffle(ids)
    cards = list(board.cards)
    for card_id in ids:
        card = cards[card_id]
        cards[card_id] = card.with_known(match.sees(slot, card.face_up, card.owner, card.controller))
    zones = list(board.zones)
    zones[slot] = tuple(order)
    new_board = board.evolve(zones=tuple(zones), cards=tuple(cards))
    return new_board, Event("shuffle", actor, (), {"zone": slot, "count": len(ids)})


def _learn(
    state: MatchState, board: Board, card_ids: Sequence[int], mask: int
) -> tuple[Board, tuple[tuple[int, int], ...]]:
    everyone = state.match.all
    cards = list(board.cards)
    mentions = []
    for card_id in card_ids:
        old = cards[card_id]
        new = old.with_known(old.known | mask)
        cards[card_id] = new
        mentions.append((old.ref, seen_mask(old.known, new.known, everyone)))
    return board.evolve(cards=tuple(cards)), tuple(mentions)


def _ends(state: MatchState, slot: int, count: int, end: str, actor: int) -> tuple[int, ...]:
    ids = state.board.zones[slot]
    where = zone_phrase(state.match, slot, actor)
    if not ids:
        refuse(f"There are no cards in {where}.")
    if count > len(ids):
        refuse(f"There {'is' if len(ids) == 1 else 'are'} only {_cards(len(ids))} in {where}.")
    return ids[:count] if end == "top" else ids[len(ids) - count :]


@_handles(Look)
def _look(state: MatchState, action: Look) -> HandlerResult:
    actor = action.actor
    slot = _slot(state, action.zone, actor)
    _touch(state.match, slot, actor, "look at")
    ids = _ends(state, slot, action.count, action.end, actor)
    board, mentions = _learn(state, state.board, ids, 1 << actor)
    data = {"zone": slot, "count": len(ids), "end": action.end}
    return board, [Event("look", actor, mentions, data)], None


def _audience(state: MatchState, actor: int, to: str) -> int:
    return state.match.all if to == "everyone" else state.match.all & ~(1 << actor)


@_handles(Reveal)
def _reveal(state: MatchState, action: Reveal) -> HandlerResult:
    actor = action.actor
    picks = _picks(state, action.cards, actor, "reveal")
    for slot, card in picks:
        _own(state.match, slot, actor, state.board.cards[card], "reveal")
    board, mentions = _learn(state, state.board, [c for _, c in picks], _audience(state, actor, action.to))
    data = {"to": action.to, "zones": list(dict.fromkeys(s for s, _ in picks))}
    return board, [Event("reveal", actor, mentions, data)], None


@_handles(RevealTop)
def _reveal_top(state: MatchState, action: RevealTop) -> HandlerResult:
    actor = action.actor
    slot = _slot(state, action.zone, actor)
    _touch(state.match, slot, actor, "reveal")
    _own(state.match, slot, actor, None, "reveal")
    ids = _ends(state, slot, action.count, action.end, actor)
    board, mentions = _learn(state, state.board, ids, _audience(state, actor, action.to))
    data = {"to": action.to, "zone": slot, "count": len(ids), "end": action.end}
    return board, [Event("reveal_top", actor, mentions, data)], None


@_handles(RevealHand)
def _reveal_hand(state: MatchState, action: RevealHand) -> HandlerResult:
    actor = action.actor
    slot = state.match.slot_of[(state.match.spec.hand_zone, actor)]
    ids = state.board.zones[slot]
    board, mentions = _learn(state, state.board, ids, _audience(state, actor, action.to))
    return board, [Event("reveal_hand", actor, mentions, {"to": action.to, "zone": slot})], None


@_handles(Search)
def _search(state: MatchState, action: Search) -> HandlerResult:
    actor = action.actor
    match = state.match
    slot = _slot(state, action.zone, actor)
    _touch(match, slot, actor, "search")
    ids = state.board.zones[slot]
    for index in action.take:
        if index >= len(ids):
            where = zone_phrase(match, slot, actor)
            refuse(f"There is no card at index {index} of {where} (it holds {len(ids)}).")
    if len(set(action.take)) != len(action.take):
        refuse("The same card is chosen twice.")
    if action.take and action.name is not None:
        refuse("Take cards by their places or by a name, not both.")
    chosen = list(action.take)
    if action.name is not None:
        wanted = action.name.casefold()
        chosen = [
            i
            for i, card in enumerate(ids)
            if match.table[state.board.cards[card].ref].name.casefold() == wanted
        ]
        chosen = chosen[:1]  # none found: the search takes nothing
    moves = action.to is not None or action.position is not None or action.face is not None
    if moves and not action.take and action.name is None:
        refuse("Say which cards to take from the search.")
    board, _ = _learn(state, state.board, ids, 1 << actor)
    events = [Event("search", actor, (), {"zone": slot, "count": len(ids)})]
    taken: Event | None = None
    picks: list[tuple[int, int]] = []
    if chosen:
        dest = _slot(state, action.to or ZoneRef(zone=match.spec.hand_zone), actor)
        picks = [(slot, ids[index]) for index in chosen]
        board, taken = move_cards(state, board, actor, picks, dest, action.position, action.face)
        events.append(taken)
    meta = None
    if action.shuffle:
        board, event = shuffle_zone(state, board, slot, actor, action.version)
        events.append(event)
        meta = {"undo_learned": tuple((card, 1 << actor) for card in ids)}
    if taken is not None:
        taken.cards = _searched_mentions(state, board, [card for _, card in picks], actor)
    return board, events, meta


def _searched_mentions(
    state: MatchState, board: Board, card_ids: Sequence[int], actor: int
) -> tuple[tuple[int, int], ...]:
    """Who reads the names of the cards a search took: whoever knew them just before the search or
    knows them after it (:func:`seen_mask`, spectators only if every player did at one of those two
    moments), and the searcher, who chose them. Not the moment between the private look and the move:
    there the searcher's look joins what the opponent alone knew (a card seen in their hand before an
    undo, or revealed to them), the card counts as known to every player, and spectators would read
    the name of a card taken from a deck to a hand that no spectator ever saw."""
    everyone = state.match.all
    before, after = state.board.cards, board.cards
    return tuple(
        (after[card].ref, seen_mask(before[card].known, after[card].known, everyone) | 1 << actor)
        for card in card_ids
    )


@_handles(Orient)
def _orient(state: MatchState, action: Orient) -> HandlerResult:
    actor = action.actor
    match = state.match
    index = _orientation(state, action.orientation)
    picks = _picks(state, action.cards, actor)
    cards = list(state.board.cards)
    mentions = []
    for slot, card_id in picks:
        if not match.slot_spec[slot].orientable:
            refuse(f"Cards in {zone_phrase(match, slot, actor)} have no orientation.")
        old = cards[card_id]
        cards[card_id] = Card(old.ref, old.owner, old.controller, old.face_up, index, old.counters, old.known)
        mentions.append((old.ref, seen_mask(old.known, old.known, match.all)))
    board = state.board.evolve(cards=tuple(cards))
    return board, [Event("orient", actor, tuple(mentions), {"orientation": index})], None


@_handles(Flip)
def _flip(state: MatchState, action: Flip) -> HandlerResult:
    actor = action.actor
    match = state.match
    picks = _picks(state, action.cards, actor)
    cards = list(state.board.cards)
    mentions = []
    for slot, card_id in picks:
        old = cards[card_id]
        face_up = (not old.face_up) if action.face is None else action.face == "up"
        known = old.known | match.sees(slot, face_up, old.owner, old.controller)
        cards[card_id] = Card(
            old.ref, old.owner, old.controller, face_up, old.orientation, old.counters, known
        )
        mentions.append((old.ref, seen_mask(old.known, known, match.all)))
    board = state.board.evolve(cards=tuple(cards))
    return board, [Event("flip", actor, tuple(mentions), {"face": action.face})], None


@_handles(AddCounter)
def _counter(state: MatchState, action: AddCounter) -> HandlerResult:
    actor = action.actor
    match = state.match
    allowed = match.spec.counters
    if allowed and action.name not in allowed:
        refuse(f"This game has no '{action.name}' counter; it has {', '.join(allowed)}.")
    picks = _picks(state, action.cards, actor)
    cards = list(state.board.cards)
    mentions = []
    for _, card_id in picks:
        old = cards[card_id]
        count = old.counter(action.name) + action.amount
        if count < 0:
            have = old.counter(action.name)
            refuse(f"That card has {have or 'no'} '{action.name}' counter{'' if have == 1 else 's'}.")
        counters = tuple(
            sorted(
                [
                    *(p for p in old.counters if p[0] != action.name),
                    *([(action.name, count)] if count else []),
                ]
            )
        )
        cards[card_id] = Card(
            old.ref, old.owner, old.controller, old.face_up, old.orientation, counters, old.known
        )
        mentions.append((old.ref, seen_mask(old.known, old.known, match.all)))
    board = state.board.evolve(cards=tuple(cards))
    data = {"name": action.name, "amount": action.amount}
    return board, [Event("counter", actor, tuple(mentions), data)], None


@_handles(Attach)
def _attach(state: MatchState, action: Attach) -> HandlerResult:
    actor = action.actor
    board = state.board
    _, card = pick(state, action.card, actor)
    _, host = pick(state, action.host, actor)
    if card == host:
        refuse("A card can't be attached to itself.")
    hosts = {c: h for c, h in board.attachments}
    above = host
    while above in hosts:
        above = hosts[above]
        if above == card:
            refuse("That card already holds the other one in its stack.")
    attachments = (*(pair for pair in board.attachments if pair[0] != card), (card, host))
    everyone = state.match.all
    mentions = tuple(
        (board.cards[c].ref, seen_mask(board.cards[c].known, board.cards[c].known, everyone))
        for c in (card, host)
    )
    return board.evolve(attachments=attachments), [Event("attach", actor, mentions)], None


@_handles(Detach)
def _detach(state: MatchState, action: Detach) -> HandlerResult:
    actor = action.actor
    board = state.board
    _, card = pick(state, action.card, actor)
    host = next((h for c, h in board.attachments if c == card), None)
    if host is None:
        refuse("That card is not attached to anything.")
    attachments = tuple(pair for pair in board.attachments if pair[0] != card)
    everyone = state.match.all
    mentions = tuple(
        (board.cards[c].ref, seen_mask(board.cards[c].known, board.cards[c].known, everyone))
        for c in (card, host)
    )
    return board.evolve(attachments=attachments), [Event("detach", actor, mentions)], None


@_handles(GiveControl)
def _control(state: MatchState, action: GiveControl) -> HandlerResult:
    actor = action.actor
    match = state.match
    if action.player >= len(match.players):
        refuse(f"There is no player {action.player} in this match.")
    picks = _picks(state, action.cards, actor)
    cards = list(state.board.cards)
    mentions = []
    for slot, card_id in picks:
        old = cards[card_id]
        known = old.known | match.sees(slot, old.face_up, old.owner, action.player)
        cards[card_id] = Card(
            old.ref, old.owner, action.player, old.face_up, old.orientation, old.counters, known
        )
        mentions.append((old.ref, seen_mask(old.known, known, match.all)))
    board = state.board.evolve(cards=tuple(cards))
    return board, [Event("control", actor, tuple(mentions), {"player": action.player})], None


# Values, chance, turn ----------------------------------------------------------------------------


def _value_index(state: MatchState, player: int, name: str) -> int:
    names = list(state.match.spec.player_values)
    if player >= len(state.match.players):
        refuse(f"There is no player {player} in this match.")
    if name not in names:
        kept = ", ".join(names) if names else "none"
        refuse(f"This game keeps no '{name}' value for players; it keeps {kept}.")
    return names.index(name)


def _set_value(state: MatchState, player: int, index: int, value: int) -> Board:
    values = list(state.board.values)
    row = list(values[player])
    row[index] = value
    values[player] = tuple(row)
    return state.board.evolve(values=tuple(values))


@_handles(SetValue)
def _set(state: MatchState, action: SetValue) -> HandlerResult:
    index = _value_index(state, action.player, action.name)
    old = state.board.values[action.player][index]
    board = _set_value(state, action.player, index, action.value)
    data = {"player": action.player, "name": action.name, "value": action.value, "delta": action.value - old}
    return board, [Event("value", action.actor, (), data)], None


@_handles(AdjustValue)
def _adjust(state: MatchState, action: AdjustValue) -> HandlerResult:
    index = _value_index(state, action.player, action.name)
    value = state.board.values[action.player][index] + action.delta
    board = _set_value(state, action.player, index, value)
    data = {"player": action.player, "name": action.name, "value": value, "delta": action.delta}
    return board, [Event("value", action.actor, (), data)], None


@_handles(FlipCoin)
def _coin(state: MatchState, action: FlipCoin) -> HandlerResult:
    heads = RandomStream(state.match.seed, action_context(action.version)).coin()
    return None, [Event("coin", action.actor, (), {"heads": heads})], None


@_handles(RollDie)
def _die(state: MatchState, action: RollDie) -> HandlerResult:
    stream = RandomStream(state.match.seed, action_context(action.version))
    rolls = [stream.die(action.sides) for _ in range(action.count)]
    return None, [Event("die", action.actor, (), {"sides": action.sides, "rolls": rolls})], None


@_handles(PassPriority)
def _pass_priority(state: MatchState, action: PassPriority) -> HandlerResult:
    board = state.board
    if action.actor != board.priority:
        refuse("You do not hold priority.")
    to = (board.priority + 1) % len(state.match.players)
    new = board.evolve(priority=to, passes=board.passes + 1)
    return new, [Event("priority", action.actor, (), {"to": to})], None


def _only_active(state: MatchState, actor: int, what: str) -> None:
    active = state.board.active
    if actor != active:
        refuse(f"Only {state.match.players[active]} can {what}: it is their turn.")


def _goto(state: MatchState, actor: int, phase: int, step: int) -> HandlerResult:
    board = state.board.evolve(phase=phase, step=step, priority=state.board.active, passes=0)
    data = {"phase": phase, "step": step}
    return board, [Event("step", actor, (), data)], None


@_handles(NextStep)
def _next_step(state: MatchState, action: NextStep) -> HandlerResult:
    _only_active(state, action.actor, "move the turn on")
    board = state.board
    steps = [(p, s) for p, names in enumerate(state.match.phase_steps) for s in range(len(names))]
    later = steps[steps.index((board.phase, board.step)) + 1 :]
    if action.to is not None:
        later = [(p, s) for p, s in later if state.match.phase_steps[p][s] == action.to]
        if not later:
            refuse(f"There is no step called '{action.to}' later in this turn.")
    else:
        definition = definition_of(state.match.spec)
        if definition is not None:
            names = state.match.phase_steps
            later = [(p, s) for p, s in later if not definition.skipped(state, names[p][s])]
    if not later:
        refuse("This is the last step of the turn; pass the turn instead.")
    return _goto(state, action.actor, *later[0])


@_handles(NextPhase)
def _next_phase(state: MatchState, action: NextPhase) -> HandlerResult:
    _only_active(state, action.actor, "move the turn on")
    phases = state.match.spec.phases
    later = list(range(state.board.phase + 1, len(phases)))
    if action.to is not None:
        later = [p for p in later if phases[p].name == action.to]
        if not later:
            refuse(f"There is no phase called '{action.to}' later in this turn.")
    if not later:
        refuse("This is the last phase of the turn; pass the turn instead.")
    return _goto(state, action.actor, later[0], 0)


@_handles(PassTurn)
def _pass_turn(state: MatchState, action: PassTurn) -> HandlerResult:
    _only_active(state, action.actor, "end the turn")
    board = state.board
    count = len(state.match.players)
    active = (board.active + 1) % count
    new = board.evolve(turn=board.turn + 1, active=active, phase=0, step=0, priority=active, passes=0)
    event = Event("turn", action.actor, (), {"turn": board.turn + 1, "active": active})
    return new, [event], {"undo_used": (0,) * count}


# The match ---------------------------------------------------------------------------------------


def _end(state: MatchState, outcome: Outcome) -> Meta:
    return {
        "status": MatchStatus.ENDED,
        "winner": outcome.winner,
        "end_reason": outcome.reason(state.match.players),
        "outcome": outcome,
        "draw_offer": None,
        "undo_request": None,
        "undo_base": None,
        "undo_actor": None,
        "undo_version": None,
        "undo_learned": (),
    }


def _end_event(state: MatchState, outcome: Outcome) -> Event:
    """The end line's event: the winner and the reason players read (its rendering, kept as it always
    was), the typed outcome, and the seed (secret until now)."""
    data = {
        "winner": outcome.winner,
        "reason": outcome.reason(state.match.players),
        "seed": state.match.seed.hex(),
        "outcome": outcome.to_json(),
    }
    return Event("end", None, (), data)


@_handles(Concede)
def _concede(state: MatchState, action: Concede) -> HandlerResult:
    outcome = Outcome.concession(action.actor, len(state.match.players))
    events = [Event("concede", action.actor), _end_event(state, outcome)]
    return None, events, _end(state, outcome)


@_handles(TimeOut)
def _time_out(state: MatchState, action: TimeOut) -> HandlerResult:
    outcome = Outcome.time_out(action.actor, len(state.match.players))
    events = [Event("time_out", action.actor), _end_event(state, outcome)]
    return None, events, _end(state, outcome)


@_handles(OfferDraw)
def _offer_draw(state: MatchState, action: OfferDraw) -> HandlerResult:
    if state.draw_offer == action.actor:
        refuse("You have already offered a draw.")
    if state.draw_offer is not None:
        refuse(f"{state.match.players[state.draw_offer]} has already offered a draw; accept or decline it.")
    return None, [Event("draw_offer", action.actor)], {"draw_offer": action.actor}


@_handles(AcceptDraw)
def _accept_draw(state: MatchState, action: AcceptDraw) -> HandlerResult:
    if state.draw_offer is None or state.draw_offer == action.actor:
        refuse("No draw has been offered to you.")
    outcome = Outcome.agreed_draw()
    events = [Event("draw_accepted", action.actor), _end_event(state, outcome)]
    return None, events, _end(state, outcome)


@_handles(DeclineDraw)
def _decline_draw(state: MatchState, action: DeclineDraw) -> HandlerResult:
    if state.draw_offer is None:
        refuse("No draw has been offered.")
    kind = "draw_withdrawn" if state.draw_offer == action.actor else "draw_declined"
    return None, [Event(kind, action.actor)], {"draw_offer": None}


@_handles(Note)
def _note(state: MatchState, action: Note) -> HandlerResult:
    return None, [Event("note", action.actor, (), {"text": action.text})], None


@_handles(RequestUndo)
def _request_undo(state: MatchState, action: RequestUndo) -> HandlerResult:
    actor = action.actor
    if state.undo_base is None:
        refuse("There is no action that can be undone.")
    if state.undo_actor != actor:
        refuse(f"The last action was {state.match.players[state.undo_actor]}'s; you can only undo your own.")  # type: ignore[index]
    used = state.undo_used[actor]
    cap = state.match.spec.undo_per_turn
    if used >= cap:
        refuse(f"You have already asked to undo {cap} times this turn.")
    undo_used = tuple(n + 1 if seat == actor else n for seat, n in enumerate(state.undo_used))
    event = Event("undo_request", actor, (), {"version": state.undo_version})
    return None, [event], {"undo_request": actor, "undo_used": undo_used}


@_handles(AcceptUndo)
def _accept_undo(state: MatchState, action: AcceptUndo) -> HandlerResult:
    requester = state.undo_request
    if requester is None:
        refuse("There is no undo request to answer.")
    if requester == action.actor:
        refuse("You can't accept your own undo request.")
    base = state.undo_base
    assert base is not None
    # Knowledge already revealed stays known: the rewound board keeps every card's current knowledge.
    known = [card.known | now.known for card, now in zip(base.cards, state.board.cards, strict=True)]
    for card_id, mask in state.undo_learned:
        known[card_id] |= mask
    cards = tuple(card.with_known(known[i]) for i, card in enumerate(base.cards))
    board = base.evolve(cards=cards)
    event = Event("undo", action.actor, (), {"requester": requester, "version": state.undo_version})
    meta = {
        "undo_request": None,
        "undo_base": None,
        "undo_actor": None,
        "undo_version": None,
        "undo_learned": (),
    }
    return board, [event], meta


@_handles(SetStops)
def _set_stops(state: MatchState, action: SetStops) -> HandlerResult:
    return set_stops(state, action)


@_handles(DeclineUndo)
def _decline_undo(state: MatchState, action: DeclineUndo) -> HandlerResult:
    if state.undo_request is None:
        refuse("There is no undo request to answer.")
    kind = "undo_withdrawn" if state.undo_request == action.actor else "undo_declined"
    return None, [Event(kind, action.actor)], {"undo_request": None}
