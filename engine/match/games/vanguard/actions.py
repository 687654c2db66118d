"""Vanguard's own actions (type prefix ``vg_``). Cards are named by position (:class:`CardAt`); circles
by name (:data:`engine.match.games.vanguard.spec.CIRCLES`). Numbers a player enters (``power``,
``shield``...) are only taken for cards whose card data does not give them (module doc of
:mod:`engine.match.games.vanguard`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.match.actions import BaseAction, CardAt
from engine.match.games.vanguard.spec import FrontCircle, RearCircle

Power = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
TriggerKind = Literal["none", "critical", "draw", "stand", "heal", "front"]
HandIndexes = tuple[Annotated[int, Field(ge=0, le=200)], ...]
Source = Annotated[str, Field(min_length=1, max_length=200)]
"""The card or effect an action applies (its name or a few words), shown to both players."""


class VgRedraw(BaseAction):
    """Setup (5.4.3.4): put the chosen hand cards on the bottom of your deck, draw as many, shuffle if
    any were returned. An empty choice keeps the hand."""

    type: Literal["vg_redraw"] = "vg_redraw"
    cards: HandIndexes = Field(default=(), max_length=5)


class VgRide(BaseAction):
    """Normal ride (6.5.1.1, 8.5.2.1.1.1): a card from your hand onto your vanguard circle; the old
    vanguard goes to the soul (8.5.3.1)."""

    type: Literal["vg_ride"] = "vg_ride"
    card: CardAt


class VgStride(BaseAction):
    """Normal stride (6.5.1.2, 10.28): a face-down G unit from your G zone onto your vanguard circle;
    the vanguard becomes its heart (10.27). The stride cost (11.11.2) is paid with generic actions."""

    type: Literal["vg_stride"] = "vg_stride"
    card: CardAt


class VgCall(BaseAction):
    """Normal call (6.6.1.2.1, 8.5.2.1.1.2): a card from your hand to one of your rear-guard circles;
    a rear-guard already there is retired (9.3.6)."""

    type: Literal["vg_call"] = "vg_call"
    card: CardAt
    circle: RearCircle


class VgSwap(BaseAction):
    """Main phase (6.6.1.2.3): exchange the cards of the two rear-guard circles of a column."""

    type: Literal["vg_swap"] = "vg_swap"
    column: Literal["left", "right"]


class VgAttack(BaseAction):
    """Start and attack steps (7.3, 7.4): attack with a standing front-row unit (7.4.1.3), which rests
    (7.4.1.5), the opponent's front-row unit ``target`` (7.4.1.6), boosted (7.4.1.10) or not.
    ``power``, ``critical``, ``drive``, ``boost_power`` and ``target_power`` are needed only for units
    whose card data does not give them; for a unit with card data, a number that differs from the
    printed one is card text: it applies until the end of the battle and the log shows it next to the
    printed one. The battle stops in the attack step when ``hold`` is set or
    when card data shows a "when ... attacks" / "when ... boosts" ability on the attacker's circles
    (stat ``on_attack``); the attacker's :class:`VgPass` then moves on to the guard step (7.4.1.13)."""

    type: Literal["vg_attack"] = "vg_attack"
    attacker: FrontCircle
    target: FrontCircle
    boost: bool = False
    power: Power | None = None
    critical: Annotated[int, Field(ge=-100, le=100)] | None = None
    drive: Annotated[int, Field(ge=0, le=10)] | None = None
    boost_power: Power | None = None
    target_power: Power | None = None
    source: Source | None = None
    """The card or effect behind an entered number that differs from the card data; needed when it
    is the attacked unit's (``target_power``), an opponent's unit (2.11.1)."""
    hold: bool = False
    """Stop in the attack step so the attacker can resolve "when ... attacks" and "when ... boosts"
    automatic abilities (7.4.1.12) before passing on to the guard step (7.4.1.13)."""


class VgGuard(BaseAction):
    """Guard step (7.5.1.2.2): call cards from your hand to your guardian circle; their shields are
    added to the attacked unit's power (3.11.3). ``shields``, one per card: needed for cards without
    card data; for a card with data, a shield that differs from the printed one (card text) is used
    and shown next to the printed one."""

    type: Literal["vg_guard"] = "vg_guard"
    cards: HandIndexes = Field(min_length=1, max_length=60)
    shields: tuple[Power, ...] = Field(default=(), max_length=60)


class VgIntercept(BaseAction):
    """Guard step (7.5.1.2.4, 11.3): move a front-row rear-guard that is not attacked to your guardian
    circle, rested. ``shield``: needed for a card without card data; for a card with data, one that
    differs from the printed shield (card text) is used and shown next to it."""

    type: Literal["vg_intercept"] = "vg_intercept"
    circle: Literal["rc_lf", "rc_rf"]
    shield: Power | None = None


class VgPass(BaseAction):
    """Guard step (7.5.1.2.1): guard no more; the battle goes on to the drive or damage step. In an
    attack step held for "when ... attacks" abilities (7.4.1.12), the attacker's pass ends that check
    timing and goes on to the guard step, the attacked player to act (7.4.1.13)."""

    type: Literal["vg_pass"] = "vg_pass"


class VgChoose(BaseAction):
    """Answer the pending choice of a trigger effect (2.8.1.1: the unit to get critical, power or to
    stand, the damage card to heal) or of a ride from the soul (9.5.1)."""

    type: Literal["vg_choose"] = "vg_choose"
    target: CardAt


class VgDeclareTrigger(BaseAction):
    """Declare the trigger icon of a checked card that has no card data (2.8): its kind and the power
    on its icon (2.8.3); ``none`` for no trigger, or for a card not of a clan on your field (7.6.1.2.4,
    9.6.5)."""

    type: Literal["vg_declare_trigger"] = "vg_declare_trigger"
    trigger: TriggerKind
    power: Annotated[int, Field(ge=0, le=1_000_000)] = 0


class VgModify(BaseAction):
    """A power or critical change from card text (2.5, 2.7), until the end of the turn or of the battle
    (the engine removes it then, 6.8.1.4, 7.8.1.2)."""

    type: Literal["vg_modify"] = "vg_modify"
    card: CardAt
    power: Power = 0
    critical: Annotated[int, Field(ge=-100, le=100)] = 0
    until: Literal["turn", "battle"] = "turn"
    source: Source | None = None
    """The card or effect the change comes from: required for an opponent's unit (2.11.1)."""


class VgGAssist(BaseAction):
    """G assist (6.4.1.2), asked for as your first action of your ride step (the G assist step never
    waits on its own; the game goes back to it): reveal your hand to your opponent (6.4.1.2.4) and
    look at the top five cards of your deck (6.4.1.2.5); :class:`VgGAssistTake` then finishes it."""

    type: Literal["vg_g_assist"] = "vg_g_assist"


class VgGAssistTake(BaseAction):
    """The end of a G assist (6.4.1.2.5): ``take`` the card at that index of the five you looked at
    (0 = top), one grade above your vanguard, shown to your opponent and put into your hand, or None
    for no card; then, if you took one, ``remove`` two cards of your hand (indexes in the hand with the
    new card last) from the game. Your deck is shuffled either way."""

    type: Literal["vg_g_assist_take"] = "vg_g_assist_take"
    take: Annotated[int, Field(ge=0, le=4)] | None = None
    remove: HandIndexes = Field(default=(), max_length=2)


class VgLegion(BaseAction):
    """Legion (10.25.1): put the card named ``mate`` beside your vanguard, in its orientation, and
    make both a legion: the vanguard the Legion Leader, the card the Legion Mate (10.25.2).

    Without ``source`` it is the Seek Mate ability (11.10.2), played in your main phase (6.6.1.2.2):
    its cost puts the four cards of your drop zone at ``drop`` (indexes, the first ends on top) on top
    of your deck, it searches your deck for up to one card named ``mate`` (None: none is taken), and
    your deck is shuffled. With ``source`` (the card or effect that makes the legion), the mate comes
    from ``zone`` and nothing else is paid or checked but 10.25.1.2; the deck is shuffled only when it
    was searched."""

    type: Literal["vg_legion"] = "vg_legion"
    mate: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    drop: HandIndexes = Field(default=(), max_length=4)
    zone: Literal["deck", "hand", "drop", "soul"] = "deck"
    source: Source | None = None


VANGUARD_ACTIONS: tuple[type[BaseAction], ...] = (
    VgRedraw,
    VgRide,
    VgStride,
    VgCall,
    VgSwap,
    VgAttack,
    VgGuard,
    VgIntercept,
    VgPass,
    VgChoose,
    VgDeclareTrigger,
    VgModify,
    VgLegion,
    VgGAssist,
    VgGAssistTake,
)
