"""Actions: what a player asks the engine to do, as a pydantic discriminated union on ``type``.

Every action carries its ``actor`` (a seat: 0 or 1) and the state ``version`` it was made against
(docs/architecture.md, Invariants: "One writer per match": a stale or duplicate click is refused, never
applied twice). Pydantic validates shapes at the boundary (:func:`parse_action`); the rules are checked by
:func:`engine.match.apply.apply`.

**Cards are named by position**, never by an id: ``CardAt(zone="hand", player=0, index=2)`` is the third
card of player 0's hand in the state of ``version``. Because an action is only accepted against that
exact version, a position is as unambiguous as an id, replay reproduces it exactly, and nothing a client
holds (a button, a select option) can follow a hidden card through a shuffle. Views give each card an
opaque per-view handle; :func:`engine.match.view.locate` turns a handle back into a ``CardAt``.
Index 0 is the top of a zone. ``player`` may be left out for one's own zone; shared zones have none.

Game-specific actions (ride, shield break, drive to the gate...) come later: subclass
:class:`BaseAction` with a new ``type`` literal, :func:`register_action` it, and register its handler
with :func:`engine.match.apply.register_handler`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from engine.match.errors import ActionRefused
from engine.match.spec import End, Face
from engine.text import shortened

Audience = Literal["opponent", "everyone"]
Position = Annotated[int, Field(ge=0, le=10_000)] | Literal["top", "bottom"] | None

_MAX_CARDS = 200
_SPACE = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ZoneRef(_Model):
    """A zone: its name, and whose (None: your own, or a shared zone)."""

    zone: str = Field(min_length=1, max_length=32)
    player: int | None = Field(default=None, ge=0, le=7)


class CardAt(ZoneRef):
    """A card by position in a zone, in the state of the action's version (0 = top)."""

    index: int = Field(ge=0, le=10_000)


Cards = Annotated[tuple[CardAt, ...], Field(min_length=1, max_length=_MAX_CARDS)]


class BaseAction(_Model):
    """Fields and flags every action has."""

    type: str
    actor: int = Field(ge=0, le=7)
    version: int = Field(ge=0)
    auto: bool = False
    """An automatic pass: the match passed for a seat that had no stop there
    (:mod:`engine.match.stops`). Only the seat's own pass at its current window may carry it, and it
    undoes with the action before it as one step. Left out of the JSON when false."""

    anytime: ClassVar[bool] = False
    """May be taken out of turn and without priority."""
    undoable: ClassVar[bool] = True
    """Changes the board, so a player may ask to undo it; others only add knowledge or log lines."""
    seals_undo: ClassVar[bool] = False
    """Reads the board (a look, a reveal): the actions before it can no longer be undone, since
    replaying it without them could read other cards."""
    quiet: ClassVar[frozenset[str]] = frozenset()
    """Fields added after actions of this type were first logged: left out of the JSON while they
    hold their default, so the actions logged before keep their JSON (and the state digests an
    export records)."""


# Cards and zones -------------------------------------------------------------------------------


class Draw(BaseAction):
    """Draw ``count`` cards from the top of your deck into your hand."""

    type: Literal["draw"] = "draw"
    count: int = Field(default=1, ge=1, le=100)


class Move(BaseAction):
    """Move cards (in the order given, as one block) to a zone: top, bottom or a position (index 0 =
    top), face up or down, in an orientation. Defaults come from the destination zone's spec.
    ``with_attached`` brings the cards stacked under each moved card along, right after it."""

    type: Literal["move"] = "move"
    cards: Cards
    to: ZoneRef
    position: Position = None
    face: Face | None = None
    orientation: str | None = None
    with_attached: bool = False


class Shuffle(BaseAction):
    """Shuffle a zone with the match's random stream."""

    type: Literal["shuffle"] = "shuffle"
    zone: ZoneRef


class Look(BaseAction):
    """Look privately at the top or bottom ``count`` cards of one of your zones."""

    type: Literal["look"] = "look"
    undoable: ClassVar[bool] = False
    seals_undo: ClassVar[bool] = True
    zone: ZoneRef
    count: int = Field(default=1, ge=1, le=_MAX_CARDS)
    end: End = "top"


class Reveal(BaseAction):
    """Reveal some of your cards to the opponent or to everyone."""

    type: Literal["reveal"] = "reveal"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False
    seals_undo: ClassVar[bool] = True
    cards: Cards
    to: Audience = "everyone"


class RevealTop(BaseAction):
    """Reveal the top or bottom ``count`` cards of one of your zones."""

    type: Literal["reveal_top"] = "reveal_top"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False
    seals_undo: ClassVar[bool] = True
    zone: ZoneRef
    count: int = Field(default=1, ge=1, le=_MAX_CARDS)
    end: End = "top"
    to: Audience = "everyone"


class RevealHand(BaseAction):
    """Reveal your whole hand."""

    type: Literal["reveal_hand"] = "reveal_hand"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False
    seals_undo: ClassVar[bool] = True
    to: Audience = "opponent"


class Search(BaseAction):
    """Look privately through a whole zone, optionally take cards (by index, or the topmost card of a
    ``name``) to a zone (default your hand) and shuffle the searched zone afterwards."""

    type: Literal["search"] = "search"
    zone: ZoneRef
    take: tuple[Annotated[int, Field(ge=0, le=10_000)], ...] = Field(default=(), max_length=_MAX_CARDS)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    """Take the topmost card of this name, if the zone holds one (none: nothing is taken): a search as
    card text asks for it, by a player who knows their decklist but not where its cards are."""
    to: ZoneRef | None = None
    position: Position = None
    face: Face | None = None
    shuffle: bool = False


class Orient(BaseAction):
    """Turn cards to an orientation by the game's verb (``rest``, ``stand``, ``exhaust``...); ``tap``
    and ``untap`` mean the game's own tap and untap."""

    type: Literal["orient"] = "orient"
    cards: Cards
    orientation: str = Field(min_length=1, max_length=32)


class Flip(BaseAction):
    """Turn cards face up or face down (``face`` None: turn each over)."""

    type: Literal["flip"] = "flip"
    cards: Cards
    face: Face | None = None


class AddCounter(BaseAction):
    """Put ``amount`` counters of a kind on cards (negative: remove them)."""

    type: Literal["counter"] = "counter"
    cards: Cards
    name: str = Field(min_length=1, max_length=24)
    amount: int = Field(default=1, ge=-1000, le=1000)

    @field_validator("amount")
    @classmethod
    def _nonzero(cls, value: int) -> int:
        if value == 0:
            raise ValueError("the amount of counters cannot be 0")
        return value


class Attach(BaseAction):
    """Stack a card under another one (at the bottom of that card's stack)."""

    type: Literal["attach"] = "attach"
    card: CardAt
    host: CardAt


class Detach(BaseAction):
    """Take a card out of the stack it is attached to (it stays in its zone)."""

    type: Literal["detach"] = "detach"
    card: CardAt


class GiveControl(BaseAction):
    """Give control of cards to a player."""

    type: Literal["control"] = "control"
    cards: Cards
    player: int = Field(ge=0, le=7)


# Players' values, chance, turn structure -------------------------------------------------------


class SetValue(BaseAction):
    """Set a player's value (life, damage...) to a number."""

    type: Literal["set_value"] = "set_value"
    player: int = Field(ge=0, le=7)
    name: str = Field(min_length=1, max_length=32)
    value: int = Field(ge=-1_000_000_000, le=1_000_000_000)


class AdjustValue(BaseAction):
    """Add ``delta`` (negative: subtract) to a player's value."""

    type: Literal["adjust_value"] = "adjust_value"
    player: int = Field(ge=0, le=7)
    name: str = Field(min_length=1, max_length=32)
    delta: int = Field(ge=-1_000_000_000, le=1_000_000_000)


class FlipCoin(BaseAction):
    """Flip a coin with the match's random stream."""

    type: Literal["coin"] = "coin"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class RollDie(BaseAction):
    """Roll ``count`` dice of ``sides`` faces with the match's random stream."""

    type: Literal["die"] = "die"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False
    sides: int = Field(default=6, ge=2, le=1000)
    count: int = Field(default=1, ge=1, le=20)


class PassPriority(BaseAction):
    """Give priority to the other player."""

    type: Literal["pass_priority"] = "pass_priority"


class NextStep(BaseAction):
    """Go to the next step (or, with ``to``, to a later step of this turn by name)."""

    type: Literal["next_step"] = "next_step"
    to: str | None = Field(default=None, max_length=32)


class NextPhase(BaseAction):
    """Go to the next phase (or, with ``to``, to a later phase of this turn by name)."""

    type: Literal["next_phase"] = "next_phase"
    to: str | None = Field(default=None, max_length=32)


class PassTurn(BaseAction):
    """End your turn; the other player's turn begins."""

    type: Literal["pass_turn"] = "pass_turn"


# The match ---------------------------------------------------------------------------------------


class Concede(BaseAction):
    """Lose the match now."""

    type: Literal["concede"] = "concede"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class TimeOut(BaseAction):
    """The actor's time ran out and the opponent claimed the win: the actor loses now. Only the
    match's clock submits it (the service refuses it from a transport), after checking the clock."""

    type: Literal["time_out"] = "time_out"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class OfferDraw(BaseAction):
    type: Literal["offer_draw"] = "offer_draw"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class AcceptDraw(BaseAction):
    type: Literal["accept_draw"] = "accept_draw"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class DeclineDraw(BaseAction):
    """Decline the opponent's draw offer, or withdraw your own."""

    type: Literal["decline_draw"] = "decline_draw"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class Note(BaseAction):
    """A free-text line in the log (whitespace collapsed, control characters removed)."""

    type: Literal["note"] = "note"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False
    text: str = Field(min_length=1, max_length=500)

    @field_validator("text")
    @classmethod
    def _clean(cls, value: str) -> str:
        value = _SPACE.sub(" ", _CONTROL.sub(" ", value)).strip()
        if not value:
            raise ValueError("a note needs some text")
        return value


class RequestUndo(BaseAction):
    """Ask to undo your last action; the opponent accepts or declines."""

    type: Literal["request_undo"] = "request_undo"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class AcceptUndo(BaseAction):
    type: Literal["accept_undo"] = "accept_undo"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class DeclineUndo(BaseAction):
    """Decline the opponent's undo request, or withdraw your own."""

    type: Literal["decline_undo"] = "decline_undo"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False


class SetStops(BaseAction):
    """Your stops (:mod:`engine.match.stops`): the windows where you hold priority; anywhere else, the
    match passes for you. Any of: ``stops``, the whole set (window names of the game); ``add`` or
    ``remove`` one window; ``defaults``, back to the game's default stops; ``full_control``, stop at
    every window (or not); ``until``, pass at every window but a decision until the end of the turn
    (``end_of_turn``) or until your opponent does something (``opponent_acts``), or stop doing so
    (``off``). Any seat may set its own at any time; it changes nothing on the board."""

    type: Literal["set_stops"] = "set_stops"
    anytime: ClassVar[bool] = True
    undoable: ClassVar[bool] = False
    stops: tuple[Annotated[str, Field(min_length=1, max_length=32)], ...] | None = Field(
        default=None, max_length=64
    )
    add: str | None = Field(default=None, min_length=1, max_length=32)
    remove: str | None = Field(default=None, min_length=1, max_length=32)
    defaults: bool = False
    full_control: bool | None = None
    until: Literal["end_of_turn", "opponent_acts", "off"] | None = None

    @model_validator(mode="after")
    def _something(self) -> SetStops:
        if (
            self.stops is None
            and self.add is None
            and self.remove is None
            and not self.defaults
            and self.full_control is None
            and self.until is None
        ):
            raise ValueError("say which stops to set")
        if self.defaults and self.stops is not None:
            raise ValueError("give the stops or ask for the defaults, not both")
        return self


UNDO_PROTOCOL: tuple[type[BaseAction], ...] = (RequestUndo, AcceptUndo, DeclineUndo)

Action = Annotated[
    Union[  # noqa: UP007 (a discriminated union needs the Union form with Annotated)
        Draw,
        Move,
        Shuffle,
        Look,
        Reveal,
        RevealTop,
        RevealHand,
        Search,
        Orient,
        Flip,
        AddCounter,
        Attach,
        Detach,
        GiveControl,
        SetValue,
        AdjustValue,
        FlipCoin,
        RollDie,
        PassPriority,
        NextStep,
        NextPhase,
        PassTurn,
        Concede,
        TimeOut,
        OfferDraw,
        AcceptDraw,
        DeclineDraw,
        Note,
        RequestUndo,
        AcceptUndo,
        DeclineUndo,
        SetStops,
    ],
    Field(discriminator="type"),
]
"""Every generic action, discriminated by ``type``."""

ACTION_TYPES: list[type[BaseAction]] = list(Action.__origin__.__args__)  # type: ignore[attr-defined]
_adapter: TypeAdapter[Any] | None = None


def register_action(cls: type[BaseAction]) -> type[BaseAction]:
    """Add a game-specific action type to what :func:`parse_action` accepts (usable as a decorator)."""
    global _adapter
    if cls not in ACTION_TYPES:
        ACTION_TYPES.append(cls)
        _adapter = None
    return cls


def _action_adapter() -> TypeAdapter[Any]:
    global _adapter
    if _adapter is None:
        from engine.match.game import all_definitions

        all_definitions()  # every registered game's action types
        union = Union[tuple(ACTION_TYPES)]  # type: ignore[valid-type]  # noqa: UP007
        tagged: Any = Annotated[union, Field(discriminator="type")]
        _adapter = TypeAdapter(tagged)
    return _adapter


def parse_action(data: Mapping[str, Any] | str | bytes) -> Action:
    """Validate an action from JSON text or a JSON-like dict. Raises :class:`ActionRefused` with one
    sentence naming the first problem."""
    adapter = _action_adapter()
    try:
        if isinstance(data, str | bytes):
            return adapter.validate_json(data)  # type: ignore[no-any-return]
        return adapter.validate_python(data)  # type: ignore[no-any-return]
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        if first["type"] == "union_tag_invalid":  # pydantic's message lists every action type
            tag = shortened(" ".join(str(first.get("ctx", {}).get("tag", "")).split()), 20)
            if not tag:
                raise ActionRefused("That action is not valid: it names no action type.") from None
            raise ActionRefused(f"That action is not valid (there is no action type '{tag}').") from None
        where = shortened(" ".join(".".join(str(part) for part in first["loc"]).split()), 40) or "action"
        message = shortened(" ".join(str(first["msg"]).split()).rstrip("."), 100)
        raise ActionRefused(f"That action is not valid ({where}: {message}).") from None


def dump_action(action: BaseAction) -> dict[str, Any]:
    """The JSON-able dict of an action; :func:`parse_action` gives back an equal action. ``auto`` is
    written only when true, and a field of the type's ``quiet`` set only when it differs from its
    default, so every other action keeps the JSON (and the state digests) it always had."""
    data = action.model_dump(mode="json")
    if not data.get("auto"):
        data.pop("auto", None)
    for name in type(action).quiet:
        if getattr(action, name) == type(action).model_fields[name].default:
            data.pop(name, None)
    return data
