"""What a seat may do now: typed offers, in the spirit of python-chess's ``legal_moves``.

``offers(state, seat)`` lists the actions ``seat`` may take in this state, each as an :class:`Offer`:
the action's type, the fields already decided, and what the player still has to choose (its
*needs*): cards from the positions allowed and how many (:class:`CardsNeed`), a number in a range
(:class:`NumberNeed`), one of some values such as a zone or yes/no (:class:`PickNeed`), or a short
text (:class:`TextNeed`). ``offer.build(seat, version, choices)`` makes the action, refusing with one
sentence a choice outside the offer; ``offer.covers(action)`` says whether an action is one of the
offer's; ``offer.sample(rng)`` draws valid choices (random players, property tests).

Offers are ordered for a phone: the current step's decision first (``group="now"``: guard or no
guard, block or no block, pass), then, while a card's text is carried out, the card text offers
(``"card text"``), then the game's main actions (``"main"``), then everything else (``"more"``: the
card text offers at other times, and the generic actions players use to resolve card text), each group
ending with the seat's stops (:func:`engine.match.stops.stop_offers`: the one-press passes, adding or
removing a stop, full control). Refusals stay where they are: the engine still checks every action it
is given; an offer only says what is worth showing.

Card text offers are the generic actions preset in a game's words for what card text asks most
(destroy, retire, draw, discard, search a deck for a card, put into a zone...): one offer each, its
targets its only choice and its destination fixed (:func:`move_text`, :func:`top_text`,
:func:`draw_text`, :func:`search_text`, :func:`look_text`, :func:`orient_text`, :func:`flip_text`).
Each carries the word of card text it carries out (``effect``); while a card both players see is
carried out (:class:`Resolving`), those its card data names come first (:func:`card_text`). The
generic actions stay, complete, and act only where they mean something (:func:`pile_uses`,
:func:`split_moves`).

What a seat is offered may depend on that seat's own hidden cards (its hand) but never on cards it
does not know: the positions an offer lists are positions, not identities, so an offer names no
card the seat does not know. A game adds its own offers and adjusts the generic ones through
:meth:`engine.match.game.GameDefinition.offers`.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from pydantic import ValidationError

from engine.match.actions import BaseAction, CardAt, ZoneRef, parse_action
from engine.match.errors import ActionRefused
from engine.match.game import definition_of
from engine.match.state import CardRef, MatchState, MatchStatus

Group = Literal["now", "card text", "main", "more"]
GROUPS: tuple[Group, ...] = ("now", "card text", "main", "more")


@dataclass(frozen=True)
class AtLeast:
    """A share of a :class:`CardsNeed`'s choice: at least ``count`` of the cards chosen are among
    ``options`` (a mana payment: "at least 1 nature")."""

    options: frozenset[CardAt]
    count: int
    label: str


@dataclass(frozen=True)
class CardsNeed:
    """Cards to choose among ``options`` (positions), from ``low`` to ``high`` of them, each share in
    ``at_least`` met. ``single``: the action's field holds one position (``None`` when ``low`` is 0);
    otherwise a tuple. ``indexes``: the field holds the positions' indexes only (a hand's), not
    positions."""

    field: str
    options: tuple[CardAt, ...]
    low: int = 1
    high: int = 1
    single: bool = True
    indexes: bool = False
    label: str = "card"
    at_least: tuple[AtLeast, ...] = ()

    def valid(self, value: Any) -> bool:
        chosen = _as_list(value)
        if not self.low <= len(chosen) <= self.high:
            return False
        allowed = set(self.options) if not self.indexes else {at.index for at in self.options}
        if self.indexes:
            return all(isinstance(index, int) and index in allowed for index in chosen)
        if not all(isinstance(at, CardAt) and at in allowed for at in chosen) or len(set(chosen)) != len(
            chosen
        ):
            return False
        return all(sum(at in share.options for at in chosen) >= share.count for share in self.at_least)

    def sample(self, rng: random.Random) -> Any:
        count = rng.randint(self.low, min(self.high, len(self.options)))
        picked = rng.sample(self.options, count)
        if self.at_least and not self.valid(picked):
            picked = self._sample_shares(rng)
        values: list[Any] = [at.index for at in picked] if self.indexes else picked
        if self.single:
            return values[0] if values else None
        return tuple(values)

    def _sample_shares(self, rng: random.Random) -> list[CardAt]:
        """Random choices meeting every share: a few random draws, then the first that does in
        a random order of the options."""
        high = min(self.high, len(self.options))
        for _ in range(200):
            picked = rng.sample(self.options, rng.randint(self.low, high))
            if self.valid(picked):
                return picked
        order = rng.sample(self.options, len(self.options))
        for count in range(self.low, high + 1):
            for combo in itertools.islice(itertools.combinations(order, count), 100_000):
                if self.valid(list(combo)):
                    return list(combo)
        return picked

    def json_value(self, value: Any) -> Any:
        if isinstance(value, CardAt):
            return value.model_dump()
        if isinstance(value, tuple | list):
            return [self.json_value(item) for item in value]
        return value


@dataclass(frozen=True)
class NumberNeed:
    """A whole number from ``low`` to ``high`` (``None`` too when ``optional``)."""

    field: str
    low: int
    high: int
    optional: bool = False
    label: str = "number"

    def valid(self, value: Any) -> bool:
        if value is None:
            return self.optional
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def sample(self, rng: random.Random) -> Any:
        if self.optional and rng.random() < 0.5:
            return None
        return rng.randint(self.low, self.high)

    def json_value(self, value: Any) -> Any:
        return value


@dataclass(frozen=True)
class PickNeed:
    """One of ``options`` (a zone, an orientation, a face, yes/no...). ``labels``: what a player reads
    for each option, in the game's words, where its value is not already a word (a circle's code, a
    tuple of keywords); ``players``: the options are seats, read as the players' names."""

    field: str
    options: tuple[Any, ...]
    label: str = "choice"
    labels: tuple[str, ...] = ()
    players: bool = False
    aliases: tuple[Any, ...] = ()
    """Other values an action may give for one of the options (``tap`` for Vanguard's ``rest``): valid,
    never listed."""

    def __post_init__(self) -> None:
        if self.labels and len(self.labels) != len(self.options):
            raise ValueError(f"{self.field}: {len(self.labels)} labels for {len(self.options)} options")

    def valid(self, value: Any) -> bool:
        return value in self.options or value in self.aliases

    def sample(self, rng: random.Random) -> Any:
        return rng.choice(self.options)

    def json_value(self, value: Any) -> Any:
        return value.model_dump() if isinstance(value, ZoneRef) else value


@dataclass(frozen=True)
class TextNeed:
    """A short text, up to ``max_length`` characters."""

    field: str
    max_length: int
    label: str = "text"

    def valid(self, value: Any) -> bool:
        return isinstance(value, str) and 0 < len(value.strip()) <= self.max_length

    def sample(self, rng: random.Random) -> Any:
        return rng.choice(("ok", "my ability resolves", "good game"))

    def json_value(self, value: Any) -> Any:
        return value


Need = CardsNeed | NumberNeed | PickNeed | TextNeed


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, tuple | list):
        return list(value)
    return [value]


@dataclass(frozen=True)
class Offer:
    """One thing a seat may do now (see the module doc)."""

    type: str
    """The action's type tag (``"vg_guard"``, ``"draw"``)."""
    label: str
    """What a button says: "Guard", "No guard", "Draw"."""
    group: Group = "more"
    fixed: tuple[tuple[str, Any], ...] = ()
    """Fields already decided, as ``(name, value)`` pairs."""
    needs: tuple[Need, ...] = ()
    free: frozenset[str] = field(default_factory=frozenset)
    """Fields a player may add freely (a stat the card data lacks, a reason): the action's own
    validation bounds them; an offer does not constrain them."""
    rule: str = ""
    """The rule the offer comes from, when the game's procedure makes it."""
    distinct: bool = False
    """The cards of its several card needs must be different cards (a card and its host)."""
    effect: str = ""
    """The word of card text a card text offer carries out (``"destroy"``, ``"draw"``): while a card is
    carried out, the offers whose effect its card data names come first (:func:`card_text`)."""

    @property
    def key(self) -> str:
        """A name for the offer, stable within a state: its type and its fixed fields."""
        fixed = ",".join(f"{name}={value}" for name, value in self.fixed)
        return f"{self.type}({fixed})" if fixed else self.type

    def build(self, actor: int, version: int, choices: Mapping[str, Any] | None = None) -> BaseAction:
        """The action this offer makes with ``choices`` (one per need; free fields optional). A choice
        outside the offer, or a missing one, is refused with one sentence."""
        choices = dict(choices or {})
        data: dict[str, Any] = {"type": self.type, "actor": actor, "version": version}
        data.update(dict(self.fixed))
        for need in self.needs:
            if need.field not in choices:
                if isinstance(need, NumberNeed) and need.optional:
                    continue
                if isinstance(need, CardsNeed) and need.low == 0:
                    continue
                raise ActionRefused(f"Choose the {need.label} first.")
            value = choices.pop(need.field)
            if not need.valid(value):
                raise ActionRefused(f"That {need.label} is not one you may choose now.")
            data[need.field] = need.json_value(value)
        if self.distinct and not _distinct(data, self.needs):
            raise ActionRefused("Choose different cards.")
        for name, value in choices.items():
            if name not in self.free:
                raise ActionRefused(f"'{name[:32]}' is not something this action asks for.")
            data[name] = value
        try:
            return parse_action(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"][1:]) or "the action"
            raise ActionRefused(f"{where}: {first['msg']}.") from None

    def covers(self, action: BaseAction, state: MatchState) -> bool:
        """Whether ``action`` is one of this offer's actions: the same type and fixed fields, each
        need's field within the need, and nothing else set away from its default but free fields."""
        if action.type != self.type:
            return False
        actor = action.actor
        for name, value in self.fixed:
            if _normal(state, actor, getattr(action, name, None)) != _normal(state, actor, value):
                return False
        constrained = {name for name, _ in self.fixed} | {"type", "actor", "version"}
        for need in self.needs:
            constrained.add(need.field)
            value = _normal(state, actor, getattr(action, need.field, None))
            if isinstance(need, CardsNeed) and not need.indexes:
                if not need.valid(_normal_cards(state, actor, value)):
                    return False
            elif isinstance(need, PickNeed):
                if value not in {_normal(state, actor, option) for option in (*need.options, *need.aliases)}:
                    return False
            elif not need.valid(value):
                return False
        defaults = type(action).model_fields
        for name, info in defaults.items():
            if name in constrained or name in self.free:
                continue
            if getattr(action, name) != info.default:
                return False
        return True

    def choices_of(self, action: BaseAction, state: MatchState) -> dict[str, Any]:
        """The choices that make ``action`` from this offer (it must cover it): each need's value as
        the action holds it, positions with their player filled in, and the free fields it sets."""
        out: dict[str, Any] = {}
        for need in self.needs:
            value = getattr(action, need.field)
            out[need.field] = (
                value if isinstance(need, CardsNeed) and need.indexes else _normal(state, action.actor, value)
            )
        for name in self.free:
            value = getattr(action, name)
            if value != type(action).model_fields[name].default:
                out[name] = value.model_dump() if isinstance(value, ZoneRef) else value
        return out

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """Valid choices for every need, drawn at random (free fields left out)."""
        while True:
            choices = {need.field: need.sample(rng) for need in self.needs}
            if not self.distinct or _distinct(choices, self.needs):
                return choices

    def to_json(self) -> dict[str, Any]:
        """The offer as plain data, for a client that draws buttons from it."""
        needs = []
        for need in self.needs:
            entry: dict[str, Any] = {"field": need.field, "kind": type(need).__name__, "label": need.label}
            if isinstance(need, CardsNeed):
                entry.update(options=[at.model_dump() for at in need.options], low=need.low, high=need.high)
                entry["at_least"] = [
                    {
                        "options": [at.model_dump() for at in need.options if at in share.options],
                        "count": share.count,
                        "label": share.label,
                    }
                    for share in need.at_least
                ]
            elif isinstance(need, NumberNeed):
                entry.update(low=need.low, high=need.high, optional=need.optional)
            elif isinstance(need, PickNeed):
                entry.update(options=[need.json_value(option) for option in need.options])
            else:
                entry.update(max_length=need.max_length)
            needs.append(entry)
        return {
            "type": self.type,
            "label": self.label,
            "group": self.group,
            "fixed": {name: _json(value) for name, value in self.fixed},
            "needs": needs,
            "rule": self.rule,
        }


def _distinct(values: Mapping[str, Any], needs: Sequence[Need]) -> bool:
    chosen = [
        json.dumps(value, sort_keys=True, default=str)
        for need in needs
        if isinstance(need, CardsNeed)
        for value in _as_list(values.get(need.field))
    ]
    return len(set(chosen)) == len(chosen)


def _json(value: Any) -> Any:
    if isinstance(value, ZoneRef):
        return value.model_dump()
    if isinstance(value, tuple):
        return [_json(item) for item in value]
    return value


def _normal(state: MatchState, actor: int, value: Any) -> Any:
    """A zone reference with its player filled in (the actor's zone when unsaid), for comparing."""
    if isinstance(value, CardAt):
        return CardAt(zone=value.zone, player=_player(state, actor, value), index=value.index)
    if isinstance(value, ZoneRef):
        return ZoneRef(zone=value.zone, player=_player(state, actor, value))
    if isinstance(value, tuple):
        return tuple(_normal(state, actor, item) for item in value)
    return value


def _normal_cards(state: MatchState, actor: int, value: Any) -> Any:
    return _normal(state, actor, value)


def _player(state: MatchState, actor: int, ref: ZoneRef) -> int | None:
    zone = state.match.zone_specs.get(ref.zone)
    if zone is None or zone.shared:
        return ref.player
    return actor if ref.player is None else ref.player


# The generic offers -----------------------------------------------------------------------------


@lru_cache(maxsize=65_536)
def position(zone: str, player: int | None, index: int) -> CardAt:
    """A card's position, made once and shared (positions are immutable; offers list thousands)."""
    return CardAt(zone=zone, player=player, index=index)


@lru_cache(maxsize=4_096)
def zone_ref(zone: str, player: int | None) -> ZoneRef:
    """A zone reference, made once and shared."""
    return ZoneRef(zone=zone, player=player)


def touchable(state: MatchState, seat: int) -> tuple[CardAt, ...]:
    """Every position ``seat`` may touch: all cards but those in another player's hidden zones."""
    match = state.match
    out: list[CardAt] = []
    for slot, ids in enumerate(state.board.zones):
        player = match.slot_player[slot]
        if player is not None and player != seat and match.slot_hidden[slot]:
            continue
        name = match.slot_spec[slot].name
        out.extend(position(name, player, index) for index in range(len(ids)))
    return tuple(out)


def zone_refs(state: MatchState, seat: int, *, own_only: bool = False) -> tuple[ZoneRef, ...]:
    """Every zone as a :class:`ZoneRef` (``own_only``: the seat's own and the shared ones)."""
    match = state.match
    out: list[ZoneRef] = []
    for slot in range(len(match.slot_spec)):
        player = match.slot_player[slot]
        if own_only and player is not None and player != seat:
            continue
        out.append(zone_ref(match.slot_spec[slot].name, player))
    return tuple(out)


PILE_USES = frozenset({"shuffle", "look", "search", "reveal_top"})
"""The generic actions that act on a zone as a pile rather than on cards."""


def pile_uses(state: MatchState, seat: int, slot: int) -> frozenset[str]:
    """Which of the generic pile actions mean something on zone ``slot`` for ``seat`` now: only a pile
    whose cards ``seat`` does not see (a deck, a shield zone, a G zone seen by its owner alone is not one
    for its owner), each kept only where there is something to act on. A shuffle randomizes the hidden
    order of a pile (Duel Masters 701.11a, Vanguard 10.11.1), so the pile must keep its order
    (``ordered``) and hold two cards; a look or a reveal reads its top or bottom cards, so it must be
    ordered and hold one; a search looks through all of it (701.10a, 10.10.1), so it must hold one.
    Never a circle, a battle zone, a hand or a graveyard: their cards are seen, one by one, by who may see
    them, and are moved, turned or revealed as cards."""
    match = state.match
    spec = match.slot_spec[slot]
    count = len(state.board.zones[slot])
    if not count or _seen_by(spec.sees(spec.default_face == "up"), match.slot_player[slot], seat):
        return frozenset()
    uses = {"search"}
    if spec.ordered:
        uses |= {"look", "reveal_top"}
        if count > 1:
            uses.add("shuffle")
    return frozenset(uses)


def _seen_by(visibility: str, player: int | None, seat: int) -> bool:
    """Whether ``seat`` sees a card of a zone whose default face is seen by ``visibility``: everyone's,
    or the seat's own zone seen by its owner or controller."""
    return visibility == "everyone" or (visibility in ("owner", "controller") and player == seat)


def _may_act(state: MatchState, seat: int) -> bool:
    """Whether ``seat`` may take actions that are not "anytime" now: the turn player, the player
    with priority, or anyone in a step both players act in (the engine's own check)."""
    board = state.board
    match = state.match
    return seat in (board.active, board.priority) or match.step_both[board.phase][board.step]


def _life_offers(state: MatchState, seat: int) -> list[Offer]:
    """The match's life, open at any time: undo, draw offers, notes, concede."""
    out: list[Offer] = []
    if state.undo_request is not None:
        if state.undo_request != seat:
            out.append(Offer("accept_undo", "Allow the undo", "now"))
            out.append(Offer("decline_undo", "Refuse the undo", "now"))
        else:
            out.append(Offer("decline_undo", "Withdraw the undo request", "more"))
        out.append(Offer("note", "Note", "more", needs=(TextNeed("text", 500),)))
        out.append(Offer("concede", "Concede", "more"))
        return out
    if (
        state.undo_base is not None
        and state.undo_actor == seat
        and state.undo_used[seat] < state.match.spec.undo_per_turn
    ):
        out.append(Offer("request_undo", "Ask to undo", "more"))
    if state.draw_offer is None:
        out.append(Offer("offer_draw", "Offer a draw", "more"))
    elif state.draw_offer != seat:
        out.append(Offer("accept_draw", "Accept the draw", "now"))
        out.append(Offer("decline_draw", "Decline the draw", "now"))
    else:
        out.append(Offer("decline_draw", "Withdraw the draw offer", "more"))
    out.append(Offer("reveal_hand", "Reveal hand", "more", free=frozenset({"to"})))
    own_cards = _own_cards(state, seat)
    if own_cards:
        out.append(
            Offer(
                "reveal",
                "Reveal cards",
                "more",
                needs=(CardsNeed("cards", own_cards, 1, min(len(own_cards), 200), single=False),),
                free=frozenset({"to"}),
            )
        )
    for ref in zone_refs(state, seat, own_only=True):
        slot = state.match.slot_of[(ref.zone, ref.player)]
        ids = state.board.zones[slot]
        if "reveal_top" in pile_uses(state, seat, slot):
            label = state.match.zone_specs[ref.zone].label
            out.append(
                Offer(
                    "reveal_top",
                    f"Reveal from {label}",
                    "more",
                    fixed=(("zone", ref),),
                    needs=(NumberNeed("count", 1, min(len(ids), 200), label="how many"),),
                    free=frozenset({"end", "to"}),
                )
            )
    out.append(Offer("coin", "Flip a coin", "more"))
    out.append(Offer("die", "Roll a die", "more", free=frozenset({"sides", "count"})))
    out.append(Offer("note", "Note", "more", needs=(TextNeed("text", 500),)))
    out.append(Offer("concede", "Concede", "more"))
    return out


def _own_cards(state: MatchState, seat: int) -> tuple[CardAt, ...]:
    """Positions of the cards ``seat`` may reveal: in its own zones, or its own in shared ones."""
    match = state.match
    board = state.board
    out: list[CardAt] = []
    for slot, ids in enumerate(board.zones):
        player = match.slot_player[slot]
        name = match.slot_spec[slot].name
        for index, card_id in enumerate(ids):
            if player == seat or (player is None and board.cards[card_id].controller == seat):
                out.append(position(name, player, index))
    return tuple(out)


def _structure_offers(state: MatchState, seat: int) -> list[Offer]:
    """Moving the turn on: next step, next phase, end of turn (the turn player); pass priority."""
    match = state.match
    board = state.board
    out: list[Offer] = []
    if board.active == seat:
        steps = [name for phase in match.phase_steps for name in phase]
        here = sum(len(phase) for phase in match.phase_steps[: board.phase]) + board.step
        later_steps = tuple(dict.fromkeys(steps[here + 1 :]))
        later_phases = tuple(phase.name for phase in match.spec.phases[board.phase + 1 :])
        if later_steps:
            out.append(
                Offer("next_step", "Next step", "now", needs=(PickNeed("to", (None, *later_steps), "step"),))
            )
        if later_phases:
            out.append(
                Offer(
                    "next_phase",
                    "Next phase",
                    "more",
                    needs=(PickNeed("to", (None, *later_phases), "phase"),),
                )
            )
        out.append(Offer("pass_turn", "End turn", "more"))
    if board.priority == seat:
        out.append(Offer("pass_priority", "Pass", "now"))
    return out


def _manual_offers(state: MatchState, seat: int) -> list[Offer]:
    """The manual actions players resolve card text with: draw, move, turn, flip, counters, stack,
    control, zones (shuffle, look, search) and values."""
    match = state.match
    board = state.board
    spec = match.spec
    out: list[Offer] = []
    deck = board.zones[match.slot_of[(spec.deck_zone, seat)]]
    if deck:
        count = NumberNeed("count", 1, min(len(deck), 100), label="how many")
        out.append(Offer("draw", "Draw", "more", needs=(count,)))
    cards = touchable(state, seat)
    many = min(len(cards), 200)
    players = tuple(range(len(match.players)))
    if cards:
        out.append(
            Offer(
                "move",
                "Move cards",
                "more",
                needs=(
                    CardsNeed("cards", cards, 1, many, single=False),
                    PickNeed("to", zone_refs(state, seat), "zone"),
                ),
                free=frozenset({"position", "face", "orientation", "with_attached"}),
            )
        )
        orientable = tuple(at for at in cards if match.zone_specs[at.zone].orientable)
        if orientable:
            names = tuple(o.name for o in spec.orientations)  # listed in the game's own words
            aliases = tuple(
                word
                for word in ("tap", "untap")
                if word not in names and spec.orientation_index(word) is not None
            )
            out.append(
                Offer(
                    "orient",
                    "Turn cards",
                    "more",
                    needs=(
                        CardsNeed("cards", orientable, 1, min(len(orientable), 200), single=False),
                        PickNeed("orientation", names, "orientation", aliases=aliases),
                    ),
                )
            )
        out.append(
            Offer(
                "flip",
                "Flip cards",
                "more",
                needs=(CardsNeed("cards", cards, 1, many, single=False),),
                free=frozenset({"face"}),
            )
        )
        if spec.counters:
            out.append(
                Offer(
                    "counter",
                    "Counters",
                    "more",
                    needs=(
                        CardsNeed("cards", cards, 1, many, single=False),
                        PickNeed("name", tuple(spec.counters), "counter"),
                    ),
                    free=frozenset({"amount"}),
                )
            )
        out.append(
            Offer(
                "control",
                "Give control",
                "more",
                needs=(
                    CardsNeed("cards", cards, 1, many, single=False),
                    PickNeed("player", players, "player", players=True),
                ),
            )
        )
        out.extend(_attach_offers(state, cards))
        attached = {card for card, _ in board.attachments}
        if attached:
            under = tuple(
                at for at in cards if board.zones[match.slot_of[(at.zone, at.player)]][at.index] in attached
            )
            if under:
                out.append(
                    Offer("detach", "Take from under a card", "more", needs=(CardsNeed("card", under),))
                )
    for slot, ids in enumerate(board.zones):
        player = match.slot_player[slot]
        if player is not None and player != seat and match.slot_hidden[slot]:
            continue
        uses = pile_uses(state, seat, slot)
        if not uses:
            continue
        ref = zone_ref(match.slot_spec[slot].name, player)
        label = match.slot_spec[slot].label
        whose = "" if player in (None, seat) else f" ({match.players[player]})"
        if "shuffle" in uses:
            out.append(Offer("shuffle", f"Shuffle {label}{whose}", "more", fixed=(("zone", ref),)))
        if "look" in uses:
            out.append(
                Offer(
                    "look",
                    f"Look at {label}{whose}",
                    "more",
                    fixed=(("zone", ref),),
                    needs=(NumberNeed("count", 1, min(len(ids), 200), label="how many"),),
                    free=frozenset({"end"}),
                )
            )
        if "search" in uses:
            out.append(
                Offer(
                    "search",
                    f"Search {label}{whose}",
                    "more",
                    fixed=(("zone", ref),),
                    free=frozenset({"take", "to", "position", "face", "shuffle"}),
                )
            )
    values = tuple(spec.player_values)
    if values:
        out.append(
            Offer(
                "adjust_value",
                "Change a value",
                "more",
                needs=(
                    PickNeed("player", players, "player", players=True),
                    PickNeed("name", values, "value"),
                    NumberNeed("delta", -1_000_000, 1_000_000, label="change"),
                ),
            )
        )
        out.append(
            Offer(
                "set_value",
                "Set a value",
                "more",
                needs=(
                    PickNeed("player", players, "player", players=True),
                    PickNeed("name", values, "value"),
                    NumberNeed("value", -1_000_000_000, 1_000_000_000, label="value"),
                ),
            )
        )
    return out


def _attach_offers(state: MatchState, cards: tuple[CardAt, ...]) -> list[Offer]:
    """Putting a card under another: any card that holds no stack under any other card; a card that
    holds a stack (it goes with it) under any card outside that stack."""
    match = state.match
    board = state.board
    if len(cards) < 2:
        return []
    card_at = {board.zones[match.slot_of[(at.zone, at.player)]][at.index]: at for at in cards}
    hosts = {host for _, host in board.attachments}
    free = tuple(at for card, at in card_at.items() if card not in hosts)
    out: list[Offer] = []
    if free:
        out.append(
            Offer(
                "attach",
                "Put under a card",
                "more",
                needs=(
                    CardsNeed("card", free, label="card to put under"),
                    CardsNeed("host", cards, label="card on top"),
                ),
                distinct=True,
            )
        )
    for host in sorted(hosts & set(card_at)):
        stack = {host}
        grew = True
        while grew:
            grew = False
            for under, over in board.attachments:
                if over in stack and under not in stack:
                    stack.add(under)
                    grew = True
        targets = tuple(at for card, at in card_at.items() if card not in stack)
        if targets:
            out.append(
                Offer(
                    "attach",
                    "Put under a card, with its stack",
                    "more",
                    fixed=(("card", card_at[host]),),
                    needs=(CardsNeed("host", targets, label="card on top"),),
                )
            )
    return out


Destinations = tuple[str, frozenset[str] | None]
"""Where a card may go: the words for its kind in a button's label ("" for the cards most of a game's
are, "G units"), and the names of the zones it may go to (None: any)."""
Where = Callable[[CardAt, int], Destinations]
"""Where the card at a position (with its card id) may go, read with what a seat knows of it."""


def split_moves(state: MatchState, seat: int, offer: Offer, where: Where) -> list[Offer]:
    """The generic "Move cards" ``offer`` split by where its cards may go (``where``: a position and
    its card id, read with what ``seat`` knows of the card): one offer per kind of card, its zones
    those the kind may go to, so that no offer moves a card into a zone it cannot be in. A game's rules
    say which kinds a zone holds (a G zone only G units, a field zone only field cards); the kind of a
    card its seat does not know is the kind its zone holds, so that the split tells nothing of it."""
    cards = next((need for need in offer.needs if isinstance(need, CardsNeed)), None)
    to = next((need for need in offer.needs if isinstance(need, PickNeed) and need.field == "to"), None)
    if offer.type != "move" or cards is None or to is None:
        return [offer]
    zones = state.board.zones
    slot_of = state.match.slot_of
    grouped: dict[Destinations, list[CardAt]] = {}
    for at in cards.options:
        card_id = zones[slot_of[(at.zone, at.player)]][at.index]
        grouped.setdefault(where(at, card_id), []).append(at)
    out: list[Offer] = []
    for (kind, allowed), options in sorted(grouped.items(), key=lambda item: item[0][0]):
        refs = tuple(ref for ref in to.options if allowed is None or ref.zone in allowed)
        if not refs:
            continue
        needs = tuple(
            replace(need, options=tuple(options), high=min(need.high, len(options)))
            if need is cards
            else replace(need, options=refs)
            if need is to
            else need
            for need in offer.needs
        )
        label = offer.label if not kind else f"{offer.label} ({kind})"
        out.append(replace(offer, label=label, needs=needs))
    return out


# Card text ------------------------------------------------------------------------------------------

EFFECTS = "effects"
"""The card stat naming the effects a card's text carries out, as words separated by spaces
(``"destroy draw"``): each game reads it from the text of its card data (its ``card_text`` module)."""


_REMINDER = re.compile(r"\([^()]*\)")
"""Reminder text in parentheses: it explains a keyword, it is not what the card does
("Slayer (Whenever this creature battles, destroy the other creature...)")."""


def effect_words(text: str, patterns: Mapping[str, re.Pattern[str]]) -> str:
    """The effects a card's text names, as :data:`EFFECTS` holds them: each word of ``patterns`` (a
    game's words for what its card text does) whose pattern the text matches, reminder text left out."""
    plain = _REMINDER.sub(" ", text)
    return " ".join(word for word, pattern in patterns.items() if pattern.search(plain))


def effects_of(ref: CardRef) -> frozenset[str]:
    """The effects a card's data names (:data:`EFFECTS`); none for a card without card data."""
    return frozenset(str(ref.stat(EFFECTS) or "").split())


@dataclass(frozen=True)
class Resolving:
    """Card text its seat carries out now, as both players see it: a card just played face up or
    resolving (in a chase, out of a gate, on a circle), or the card text actions its seat is taking.
    ``effects``: what the card's data (or an ability's words) names, whose offers come first."""

    effects: frozenset[str] = frozenset()


def card_text(listed: Sequence[Offer], resolving: Resolving | None) -> list[Offer]:
    """Card text offers in their place: under "card text" while card text is carried out
    (``resolving``), those whose effect it names first, the others in their order; otherwise in
    "more", ahead of the generic actions."""
    if resolving is None:
        return [replace(offer, group="more") for offer in listed]
    named = resolving.effects
    ordered = sorted(listed, key=lambda offer: offer.effect not in named)
    return [replace(offer, group="card text") for offer in ordered]


def positions(state: MatchState, zone: str, player: int | None) -> tuple[CardAt, ...]:
    """Every position of a zone, from the top."""
    return tuple(position(zone, player, index) for index in range(len(state.zone(zone, player))))


def whose(state: MatchState, seat: int, player: int | None) -> str:
    """A player's cards as ``seat`` reads them: "your", or "Ben's"."""
    return "your" if player in (None, seat) else f"{state.match.players[player]}'s"


def move_text(
    label: str,
    effect: str,
    cards: Sequence[CardAt],
    to: ZoneRef,
    *,
    rule: str,
    what: str = "card",
    most: int | None = None,
    fixed: tuple[tuple[str, Any], ...] = (),
) -> list[Offer]:
    """Moving some of ``cards`` (at least one, up to ``most``) to ``to``, in a game's words ("Destroy
    Ben's creatures": from the battle zone to their owner's graveyard); nothing without a card."""
    if not cards:
        return []
    high = min(len(cards), most or len(cards), 200)
    need = CardsNeed("cards", tuple(cards), 1, high, single=False, label=what)
    return [Offer("move", label, fixed=(("to", to), *fixed), needs=(need,), rule=rule, effect=effect)]


def top_text(
    label: str,
    effect: str,
    deck: Sequence[CardAt],
    to: ZoneRef,
    *,
    rule: str,
    face: str | None = None,
    most: int = 1,
) -> list[Offer]:
    """The top card of a pile moved to ``to`` in one press ("Put the top card of your deck into your
    mana zone"); with ``most`` over one, a choice of cards among the pile's top ``most`` (the player
    takes them from the top: "Soul Charge")."""
    if not deck:
        return []
    extra: tuple[tuple[str, Any], ...] = (("face", face),) if face else ()
    if most <= 1:
        fixed = (("cards", (deck[0],)), ("to", to), *extra)
        return [Offer("move", label, fixed=fixed, rule=rule, effect=effect)]
    top = tuple(deck[:most])
    need = CardsNeed("cards", top, 1, len(top), single=False, label="card from the top")
    return [Offer("move", label, fixed=(("to", to), *extra), needs=(need,), rule=rule, effect=effect)]


def draw_text(state: MatchState, seat: int, label: str, *, rule: str) -> list[Offer]:
    """Drawing cards as card text asks: how many, from one."""
    deck = state.zone(state.match.spec.deck_zone, seat)
    if not deck:
        return []
    count = NumberNeed("count", 1, min(len(deck), 100), label="how many")
    return [Offer("draw", label, needs=(count,), rule=rule, effect="draw")]


def search_text(
    state: MatchState,
    seat: int,
    label: str,
    names: Sequence[str],
    *,
    rule: str,
    to: ZoneRef | None = None,
    zone: str | None = None,
) -> list[Offer]:
    """Searching one's deck for a card by its name (one of ``names``: the seat's decklist, which it
    knows, never where its cards are), taken to ``to`` (the hand by default), then the deck shuffled:
    one press. A name the deck no longer holds takes nothing (:class:`engine.match.actions.Search`)."""
    deck = zone or state.match.spec.deck_zone
    if not state.zone(deck, seat) or not names:
        return []
    fixed: tuple[tuple[str, Any], ...] = (("zone", zone_ref(deck, seat)), ("shuffle", True))
    if to is not None:
        fixed = (*fixed, ("to", to))
    pick = PickNeed("name", tuple(names), "card to search for")
    return [Offer("search", label, fixed=fixed, needs=(pick,), rule=rule, effect="search")]


def look_text(state: MatchState, seat: int, label: str, *, rule: str, zone: str | None = None) -> list[Offer]:
    """Looking at the top cards of one's deck, how many."""
    deck = zone or state.match.spec.deck_zone
    cards = state.zone(deck, seat)
    if not cards:
        return []
    count = NumberNeed("count", 1, min(len(cards), 200), label="how many")
    return [
        Offer(
            "look", label, fixed=(("zone", zone_ref(deck, seat)),), needs=(count,), rule=rule, effect="look"
        )
    ]


def orient_text(
    label: str, effect: str, cards: Sequence[CardAt], orientation: str, *, rule: str, what: str = "card"
) -> list[Offer]:
    """Turning some of ``cards`` to ``orientation`` (rest, stand, tap, exhaust...)."""
    if not cards:
        return []
    need = CardsNeed("cards", tuple(cards), 1, min(len(cards), 200), single=False, label=what)
    return [
        Offer("orient", label, fixed=(("orientation", orientation),), needs=(need,), rule=rule, effect=effect)
    ]


def flip_text(
    label: str, effect: str, cards: Sequence[CardAt], face: str, *, rule: str, what: str = "card"
) -> list[Offer]:
    """Turning some of ``cards`` face up or face down (a Counter Blast, a Counter Charge)."""
    if not cards:
        return []
    need = CardsNeed("cards", tuple(cards), 1, min(len(cards), 200), single=False, label=what)
    return [Offer("flip", label, fixed=(("face", face),), needs=(need,), rule=rule, effect=effect)]


CARD_TEXT_TYPES = frozenset(
    {
        "move",
        "draw",
        "search",
        "look",
        "orient",
        "flip",
        "shuffle",
        "reveal",
        "reveal_top",
        "attach",
        "detach",
    }
)
"""The generic actions card text is carried out with: after one of them by a seat, its card text
offers stay first until it does something else."""


def fit_moves(state: MatchState, seat: int, listed: Sequence[Offer], where: Where) -> list[Offer]:
    """Card text moves kept to where their cards may go (``where``, as for :func:`split_moves`): a move
    whose zone is fixed keeps only the cards that may go there (none: no offer), one whose zone is a
    choice is split by kind."""
    out: list[Offer] = []
    zones = state.board.zones
    slot_of = state.match.slot_of

    def fits(at: CardAt, to: ZoneRef) -> bool:
        allowed = where(at, zones[slot_of[(at.zone, at.player)]][at.index])[1]
        return allowed is None or to.zone in allowed

    for offer in listed:
        fixed = dict(offer.fixed)
        to = fixed.get("to")
        if offer.type != "move" or not isinstance(to, ZoneRef):
            out.extend(split_moves(state, seat, offer, where) if offer.type == "move" else [offer])
            continue
        if "cards" in fixed:
            if all(fits(at, to) for at in fixed["cards"]):
                out.append(offer)
            continue
        needs: list[Need] = []
        for need in offer.needs:
            if isinstance(need, CardsNeed) and need.field == "cards":
                options = tuple(at for at in need.options if fits(at, to))
                if not options:
                    break
                need = replace(need, options=options, high=min(need.high, len(options)))
            needs.append(need)
        else:
            out.append(replace(offer, needs=tuple(needs)))
    return out


def generic_offers(state: MatchState, seat: int) -> list[Offer]:
    """The engine's own actions for ``seat``: the turn's structure and the manual actions when the
    seat may act now, and the match's life (undo, draw offers, notes, reveals, concede) at any time;
    only the answers to an undo request while one waits."""
    life = _life_offers(state, seat)
    if state.undo_request is not None or not _may_act(state, seat):
        return life
    return [*_structure_offers(state, seat), *_manual_offers(state, seat), *life]


def offers(state: MatchState, seat: int) -> list[Offer]:
    """What ``seat`` may do now, ordered for a phone (see the module doc). Nothing once the match
    is over."""
    if state.status != MatchStatus.PLAYING or not 0 <= seat < len(state.match.players):
        return []
    from engine.match.stops import stop_offers  # the stops' offers (a module that reads this one)

    generic = generic_offers(state, seat)
    definition = definition_of(state.match.spec)
    listed = generic if definition is None else list(definition.offers(state, seat, generic))
    listed += stop_offers(state, seat)
    order = {group: rank for rank, group in enumerate(GROUPS)}
    return sorted(listed, key=lambda offer: order[offer.group])


def covering(state: MatchState, action: BaseAction, listed: Sequence[Offer] | None = None) -> Offer | None:
    """The first offer to ``action.actor`` that covers ``action``, if any."""
    for offer in offers(state, action.actor) if listed is None else listed:
        if offer.covers(action, state):
            return offer
    return None
