"""The Duel Masters actions (type prefix ``dm_``): the mechanical procedures of the rules.

Cards are named by position (:class:`~engine.match.actions.CardAt`), like every action of the engine.
Numbers the card data may lack (a power, a cost, a breaker count) are optional fields the player enters;
they also let card text change them (101.1: card text beats the rules). An entered number that differs
from the card data is shown to both players next to the printed one, with ``because``: the card or
effect that changes it (free text the player types, shown in the log as they wrote it).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from engine.match.actions import BaseAction, CardAt


def _because() -> Any:
    """The card or effect an entered value or a permission comes from, shown in the log."""
    return Field(default=None, min_length=1, max_length=80)


class Charge(BaseAction):
    """Put a card from your hand into your mana zone in your charge step (503.1, 701.8); once a turn
    (503.2). A multicoloured card enters tapped (405.1)."""

    type: Literal["dm_charge"] = "dm_charge"
    card: CardAt


class UseCard(BaseAction):
    """Use a card from your hand in your main step (504.1, 701.5) by tapping mana cards (112.2):
    a creature is summoned into the battle zone (701.3), a spell is cast and goes to the graveyard
    once its text is resolved by the players (302.2, 701.4), another card is put into the battle zone.

    ``kind`` says how to use a card whose type the card data does not give; ``cost`` is the cost
    after effects (cost reductions are card text) when it differs from the printed one (201.2a: the
    printed cost stays the card's cost); ``because`` names the effect that changes it.

    ``cost_change`` declares, in words, an effect that changes what using the card costs (a reduction
    or an increase, 112.2b): the mana cards tapped are then the payment, as many as the player taps,
    still at least one of each of the card's civilizations (112.2a-b: the civilizations come before
    the cost). Both players read the payment next to the printed cost, with the change's text.

    ``onto``: an evolution creature is put onto this creature of the battle zone, its evolution
    source (801.1): the stack moves as one, the evolution creature keeps the source's tapped or
    untapped status and the effects on it (801.2), and has no summoning sickness (801.3). Whether the
    source has the race or civilization the evolution asks for is card text the players check (the
    card data gives races, not the evolution condition)."""

    type: Literal["dm_use"] = "dm_use"
    card: CardAt
    mana: tuple[CardAt, ...] = Field(default=(), max_length=40)
    kind: Literal["summon", "cast", "use"] | None = None
    cost: int | None = Field(default=None, ge=0, le=99)
    onto: CardAt | None = None
    because: str | None = _because()
    cost_change: str | None = _because()

    @field_validator("cost_change")
    @classmethod
    def _words(cls, value: str | None) -> str | None:
        """The change's words on one line; blank is no declaration."""
        if value is None:
            return None
        value = " ".join(value.split())
        if not value:
            raise ValueError("name the effect that changes the cost")
        return value


class Attack(BaseAction):
    """Declare an attack in the attack declaration step (506.1): tap the attacker (506.1c) and attack
    the opponent (``target`` None) or one of their tapped creatures (505.2, 506.1e).

    ``power``: the attacker's power now, when card data lacks it or effects change it (206);
    ``breaker``: how many shields it breaks (509.2), default from card data, else 1 (509.2a);
    ``speed_attacker``: an effect lets it attack despite summoning sickness (101.2, 301.5);
    ``untapped``: an effect lets it attack an untapped creature (101.2: a card's "can" wins over the
    rules' "can't", 505.2); ``because``: the card or effect behind an entered number or permission.
    Each is shown in the log."""

    type: Literal["dm_attack"] = "dm_attack"
    attacker: CardAt
    target: CardAt | None = None
    power: int | None = Field(default=None, ge=-1_000_000, le=1_000_000)
    breaker: int | None = Field(default=None, ge=1, le=99)
    speed_attacker: bool = False
    untapped: bool = False
    because: str | None = _because()


class Block(BaseAction):
    """The non-active player's block declaration (507.1): block with an untapped Blocker (507.1a) or
    not (``blocker`` None). ``power``: the power of the defending creature in the coming battle (the
    blocker, or the attacked creature), when card data lacks it or effects change it; ``granted``: an
    effect gives the blocker Blocker (card text, 101.1: "gets 'blocker'"), which its data lacks."""

    type: Literal["dm_block"] = "dm_block"
    blocker: CardAt | None = None
    power: int | None = Field(default=None, ge=-1_000_000, le=1_000_000)
    granted: bool = False
    because: str | None = _because()


class DeclarePower(BaseAction):
    """Enter the power of your creature in the battle in progress, when card data gives none (206)."""

    type: Literal["dm_power"] = "dm_power"
    power: int = Field(ge=-1_000_000, le=1_000_000)
    because: str | None = _because()


class Change(BaseAction):
    """Apply an effect of card text to a creature of the battle zone until the end of the turn (511.2):
    ``power`` is added to its power (206.1; negative for a decrease), ``keywords`` are given to it
    (Blocker, 507.1a; Speed Attacker, 301.5; ``attack_untapped``: it can attack untapped creatures,
    101.2). The effect expires in the end of turn step (511.2), or when the creature leaves the battle
    zone. ``because``: the card or effect it comes from, required for a change to the opponent's
    creature, and shown to both players."""

    type: Literal["dm_change"] = "dm_change"
    creature: CardAt
    power: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    keywords: tuple[Literal["blocker", "speed_attacker", "attack_untapped"], ...] = Field(
        default=(), max_length=3
    )
    because: str | None = _because()


class Break(BaseAction):
    """Choose the shields the direct attack breaks (509.2, 509.3): as many as the attacker breaks, or
    all the defender has if fewer. The attacking player chooses (the rules are silent; the model's
    default)."""

    type: Literal["dm_break"] = "dm_break"
    shields: tuple[CardAt, ...] = Field(min_length=1, max_length=99)


class ShieldTrigger(BaseAction):
    """The defender's answer to the window every break opens (113.6, 509.3a): the Shield Triggers
    declared among the shields just broken (112.3a) are shown to everyone and used for free (509.3c):
    creatures are summoned, spells cast (then put into the graveyard; their text is the players' to
    resolve). ``cards`` are positions in your hand; none declines, the one tap of a break with nothing
    to declare, and closes the window of Guard Strike and Strike Back too (113.6, 509.3b: those the
    players use by hand). ``granted``: an effect gives the declared cards Shield Trigger (113.6b-c),
    which their data lacks."""

    type: Literal["dm_trigger"] = "dm_trigger"
    cards: tuple[CardAt, ...] = Field(default=(), max_length=99)
    granted: bool = False


ACTIONS: tuple[type[BaseAction], ...] = (
    Charge,
    UseCard,
    Attack,
    Block,
    DeclarePower,
    Change,
    Break,
    ShieldTrigger,
)
