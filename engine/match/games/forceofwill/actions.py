"""Force of Will's own actions (prefix ``fow_``). Cards are named by position (:class:`CardAt`).

Each action's docstring names the rules it carries out; the handlers are in
modules the package docstring lists (gathered in
:mod:`engine.match.games.forceofwill.handlers`).
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal

from pydantic import Field, field_validator

from engine.match.actions import BaseAction, CardAt

Will = Literal["light", "fire", "water", "wind", "darkness", "void"]
Payment = Literal["light", "fire", "water", "wind", "darkness", "void", "any"]
Keyword = Literal["first_strike", "multi_strike", "flying", "swiftness", "precision", "pierce"]
Destination = Literal["field", "graveyard", "removed", "hand", "deck", "outside"]
Index = Annotated[int, Field(ge=0, le=200)]
Stat = Annotated[int, Field(ge=-100_000, le=100_000)]
_SPACE = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _clean_text(value: str | None) -> str | None:
    """One line of text: control characters and runs of spaces become one space."""
    if value is None:
        return None
    value = _SPACE.sub(" ", _CONTROL.sub(" ", value)).strip()
    if not value:
        raise ValueError("the text is empty")
    return value


Reason = Annotated[str, Field(min_length=1, max_length=200)]


class Mulligan(BaseAction):
    """405.5a: choose any number of cards of your opening hand (by hand index, none to keep it),
    shuffle them into your deck and draw that many. The first player decides first.

    ``triggers``: you will trigger abilities as the first draw phase begins ("At the beginning of the
    game", 502.1, from your hand, ruler area or outside the game; "at the beginning of your turn" or
    "draw phase", 502.2), so that phase opens its priority sequence; otherwise, with 502.3-502.5
    skipped in the game's first draw phase, it has none. Both players read who declared it once both
    have decided, not before."""

    type: Literal["fow_mulligan"] = "fow_mulligan"
    cards: tuple[Index, ...] = Field(default=(), max_length=60)
    triggers: bool = False


class CallStone(BaseAction):
    """710.1: at main timing, once per turn and not after a judgment, rest your recovered ruler or
    J-ruler (``ruler``; default: your ruler, else your J-ruler) and put the top card of your magic stone
    deck into the field under your control."""

    type: Literal["fow_call_stone"] = "fow_call_stone"
    ruler: CardAt | None = None


class Produce(BaseAction):
    """907, 202.4e: rest recovered cards you control (``cards``) to play their will ability with [Rest]
    in its cost, one each: a magic stone's (a basic one's from its magic stone type), or another card's
    when its card data shows one (907.1); a J/resonator only if you have controlled it since the start of
    the turn, unless [Swiftness] (905.3, 1108.2). Or, with ``coin``, banish your will coin token (1119.2,
    1046). ``will`` is the will produced, needed when the card can produce more than one kind;
    ``wills`` names every will of an ability that produces more than one at once ("fire and fire");
    ``granted``: the cards have the will ability from an effect (then ``will`` or ``wills`` says what it
    produces); ``swiftness``: they have [Swiftness] from an effect."""

    type: Literal["fow_produce"] = "fow_produce"
    cards: tuple[CardAt, ...] = Field(default=(), max_length=30)
    coin: bool = False
    will: Will | None = None
    wills: tuple[Will, ...] = Field(default=(), max_length=5)
    granted: bool = False
    swiftness: bool = False


class PayWill(BaseAction):
    """1003: pay will from your produced will, all or nothing (1003.4). ``any`` is one free-cost will
    (204.1b), paid with will left after the specified icons."""

    type: Literal["fow_pay"] = "fow_pay"
    will: tuple[Payment, ...] = Field(min_length=1, max_length=30)


class PlayCard(BaseAction):
    """903.2f: move a card you may play (hand, standby area, graveyard...) to the top of the chase,
    paying ``pay`` from your produced will (903.2l, all or nothing). Resonators, additions, regalia,
    runes and chants need main timing (604.2, 701.2), unless they have [Quickcast] (1112.2) or are
    chants with [Trigger] (1113); others need priority (604.1).

    With the card's cost in its card data, ``pay`` must be that cost (903.2l-1, 204.1): one named will
    per will symbol of the specified cost, and as many more (named or ``any``) as its free cost.
    ``cost_change`` declares an effect that changes the cost (an alternate cost, a reduction, "without
    paying its cost", 903.2k-1 to 903.2k-4), in words; the payment is then the players' to check, and
    the log shows it next to the printed cost.

    ``produce``: cards you control to rest first for their will abilities, in the same action (907.2:
    a player may play will abilities when they need to pay will, those that definitely produce the
    will they need): each a recovered card whose will ability with [Rest] in its cost produces one
    will the card data fixes (:func:`.will.card_will`); their will joins your produced will, then the
    card is played. All or nothing: a refusal of either part changes nothing."""

    type: Literal["fow_play"] = "fow_play"
    quiet: ClassVar[frozenset[str]] = frozenset({"produce"})
    card: CardAt
    pay: tuple[Payment, ...] = Field(default=(), max_length=30)
    cost_change: Reason | None = None
    produce: tuple[CardAt, ...] = Field(default=(), max_length=30)

    _clean_change = field_validator("cost_change")(_clean_text)


class PlayAbility(BaseAction):
    """903: put an activate ability, a triggered automatic ability or a process on the chase, named by
    a short text; ``source`` is the card it comes from (optional). Its cost is the players' to check
    (the card data does not give an ability's cost); the log shows what was paid, "nothing" included."""

    type: Literal["fow_ability"] = "fow_ability"
    text: str = Field(min_length=1, max_length=200)
    source: CardAt | None = None
    pay: tuple[Payment, ...] = Field(default=(), max_length=30)

    @field_validator("text")
    @classmethod
    def _clean(cls, value: str) -> str:
        value = _SPACE.sub(" ", _CONTROL.sub(" ", value)).strip()
        if not value:
            raise ValueError("an ability needs some text")
        return value


class Resolve(BaseAction):
    """605.1: the top of the chase resolves after both players pass in succession; its controller
    carries out its text with the generic actions, then finishes the resolution with this action. A
    resonator, addition or regalia enters the field (702.3), a chant goes to the graveyard (703.3);
    ``to`` overrides that, and is needed when the card data gives no type. For a resonator, addition or
    regalia with nothing to carry out as it enters (702.3), the match takes it by itself (``auto``,
    :mod:`.stops`), unless its controller keeps the ``my_resolve`` stop."""

    type: Literal["fow_resolve"] = "fow_resolve"
    to: Destination | None = None


class Judgment(BaseAction):
    """705: at main timing, put the judgment process of your recovered, non-astral ruler (``ruler``,
    default the first card of your ruler area) on the chase; when it resolves the ruler goes into the
    field J-ruler side up (705.3a). Its [Judgment] cost is paid with ``pay``: checked like a card's
    cost (903.2l-1, 204.1) when the card data gives it; ``cost_change`` declares an effect changing it.
    ``produce``: cards to rest for their will first, as :class:`PlayCard`'s (907.2)."""

    type: Literal["fow_judgment"] = "fow_judgment"
    quiet: ClassVar[frozenset[str]] = frozenset({"produce"})
    ruler: CardAt | None = None
    pay: tuple[Payment, ...] = Field(default=(), max_length=30)
    cost_change: Reason | None = None
    produce: tuple[CardAt, ...] = Field(default=(), max_length=30)

    _clean_change = field_validator("cost_change")(_clean_text)


class InitiateBattle(BaseAction):
    """704, 801.1: at main timing, initiate a battle (it does not use the chase)."""

    type: Literal["fow_battle"] = "fow_battle"


class Attack(BaseAction):
    """803.3-803.4: in the declare attack step, attack with a recovered J/resonator you have controlled
    since the start of the turn (``attacker``); the attacked object is the opponent (``target`` None) or
    a rested J/resonator they control. ``atk``/``defense`` and ``target_atk``/``target_defense`` are
    the current values when effects change them or the card data lacks them; ``keywords`` are those
    the attacker has from effects. An entered value that differs from the card data is shown to both
    players next to it; for the opponent's J/resonator (``target_atk``/``target_defense``) ``because``
    must name the card or effect that changes it (909.1)."""

    type: Literal["fow_attack"] = "fow_attack"
    attacker: CardAt
    target: CardAt | None = None
    atk: Stat | None = None
    defense: Stat | None = None
    target_atk: Stat | None = None
    target_defense: Stat | None = None
    keywords: tuple[Keyword, ...] = Field(default=(), max_length=6)
    because: Reason | None = None

    _clean_because = field_validator("because")(_clean_text)


class Block(BaseAction):
    """804.3-804.4: the non-turn player, holding priority in the declare block step, blocks with a
    recovered J/resonator other than the attacked object (a [Flying] attacker needs a [Flying] blocker,
    1107); it is rested. Passing instead declines to block. ``atk``/``defense`` are the blocker's current
    values; one that differs from the card data is shown to both players next to it, with ``because``
    (the card or effect changing it) when given."""

    type: Literal["fow_block"] = "fow_block"
    blocker: CardAt
    atk: Stat | None = None
    defense: Stat | None = None
    flying: bool = False
    because: Reason | None = None

    _clean_because = field_validator("because")(_clean_text)


class DealDamage(BaseAction):
    """1007: an effect you control deals ``amount`` damage to a J/resonator (``card``) or to a player
    (``player``: their life decreases, 1007.2)."""

    type: Literal["fow_damage"] = "fow_damage"
    amount: int = Field(ge=0, le=1_000_000)
    card: CardAt | None = None
    player: int | None = Field(default=None, ge=0, le=1)


class Discard(BaseAction):
    """505.5: at the end of the turn, discard down to the maximum hand size (7, 306.3), choosing the
    cards (hand indices)."""

    type: Literal["fow_discard"] = "fow_discard"
    cards: tuple[Index, ...] = Field(min_length=1, max_length=60)


ACTIONS: tuple[type[BaseAction], ...] = (
    Mulligan,
    CallStone,
    Produce,
    PayWill,
    PlayCard,
    PlayAbility,
    Resolve,
    Judgment,
    InitiateBattle,
    Attack,
    Block,
    DealDamage,
    Discard,
)
