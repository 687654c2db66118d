"""A small demo game for the match engine's tests and benchmark, independent of the four real games:
two players; deck, hand, field (orientable, face-down cards seen by their controller), discard,
shields (hidden from everyone, owner included), an extra zone (face-down cards seen by their owner),
and a shared stack; two orientations (stand / rest); life and damage values; three counters.

Every card has a unique name ("Amber 07", "Cobalt 13"), so a leak shows up as a name.

:func:`random_action` makes plausible actions, valid or not, for property tests and benchmarks.
"""

from __future__ import annotations

import random

from engine.match import actions as a
from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec
from engine.match.state import CardRef, MatchState

DEMO_SPEC = GameSpec(
    key="demo",
    name="Demo",
    zones=(
        ZoneSpec(name="deck", ordered=True, default_face="down", shuffle_at_setup=True),
        ZoneSpec(name="hand", visible_to="owner", face_down_visible_to="owner", enter_at="bottom"),
        ZoneSpec(name="field", orientable=True, face_down_visible_to="controller", group="play"),
        ZoneSpec(name="support", orientable=True, enter_orientation="rest", group="play"),
        ZoneSpec(name="discard", ordered=True),
        ZoneSpec(name="shields", ordered=True, default_face="down", face_down_visible_to="nobody"),
        ZoneSpec(name="extra", default_face="down", face_down_visible_to="owner", label="extra deck"),
        ZoneSpec(name="stack", shared=True, ordered=True),
    ),
    orientations=(
        OrientationSpec(name="stand", adjective="standing"),
        OrientationSpec(name="rest", adjective="rested"),
    ),
    phases=(
        PhaseSpec(name="start", steps=(StepSpec(name="untap"), StepSpec(name="draw"))),
        PhaseSpec(name="main"),
        PhaseSpec(
            name="battle",
            steps=(StepSpec(name="attack"), StepSpec(name="guard", both_act=True), StepSpec(name="damage")),
        ),
        PhaseSpec(name="end"),
    ),
    player_values={"life": 20, "damage": 0},
    counters=("+1", "damage", "charge"),
    undo_per_turn=2,
)

PLAYERS = ("Alice", "Bob")
COLOURS = ("Amber", "Cobalt")


def demo_decks(size: int = 20, extra: int = 3) -> list[dict[str, list[CardRef]]]:
    """Fresh deck lists (new objects each call) with unique card names."""
    decks = []
    for colour in COLOURS:
        decks.append(
            {
                "deck": [
                    CardRef(f"{colour} {n:02d}", f"{colour[:3].upper()}-{n:02d}") for n in range(1, size + 1)
                ],
                "extra": [
                    CardRef(f"{colour} X{n}", f"{colour[:3].upper()}-X{n}") for n in range(1, extra + 1)
                ],
            }
        )
    return decks


def all_names(state: MatchState) -> set[str]:
    """Every card name and code of the match (the leak checker looks for these)."""
    return {ref.name for ref in state.match.table} | {ref.code for ref in state.match.table}


_ZONES = [zone.name for zone in DEMO_SPEC.zones]
_WEIGHTS = {
    "draw": 8,
    "move": 16,
    "shuffle": 3,
    "look": 3,
    "reveal": 3,
    "reveal_top": 2,
    "reveal_hand": 1,
    "search": 2,
    "orient": 6,
    "flip": 4,
    "counter": 4,
    "attach": 3,
    "detach": 2,
    "control": 2,
    "set_value": 1,
    "adjust_value": 3,
    "coin": 1,
    "die": 1,
    "pass_priority": 3,
    "next_step": 3,
    "next_phase": 2,
    "pass_turn": 3,
    "offer_draw": 0.4,
    "accept_draw": 0.3,
    "decline_draw": 0.5,
    "concede": 0.2,
    "note": 1,
    "request_undo": 3,
    "accept_undo": 3,
    "decline_undo": 1,
}
_ENDING = {"accept_draw", "concede"}


def _zone_ref(
    state: MatchState, rng: random.Random, actor: int, *, own: float = 0.7, deck: float = 0.0
) -> a.ZoneRef:
    name = "deck" if rng.random() < deck else rng.choice(_ZONES)
    if state.match.zone_specs[name].shared:
        return a.ZoneRef(zone=name)
    player = actor if rng.random() < own else 1 - actor
    return a.ZoneRef(zone=name, player=player)


def _card_at(state: MatchState, rng: random.Random, actor: int, in_play: bool = False) -> a.CardAt:
    """Mostly an existing card in a zone the actor may touch (in play if asked); sometimes not."""
    match = state.match
    slots = [s for s, ids in enumerate(state.board.zones) if ids]
    if rng.random() < 0.85:
        touchable = [s for s in slots if match.slot_player[s] in (None, actor) or not match.slot_hidden[s]]
        slots = touchable or slots
    if in_play and rng.random() < 0.85:
        slots = [s for s in slots if match.slot_spec[s].orientable] or slots
    if not slots or rng.random() < 0.03:
        ref = _zone_ref(state, rng, actor)
        return a.CardAt(zone=ref.zone, player=ref.player, index=rng.randrange(3))
    slot = rng.choice(slots)
    size = len(state.board.zones[slot])
    index = rng.randrange(size) if rng.random() < 0.97 else size
    return a.CardAt(zone=match.slot_spec[slot].name, player=match.slot_player[slot], index=index)


def _cards(
    state: MatchState, rng: random.Random, actor: int, most: int = 3, in_play: bool = False
) -> tuple[a.CardAt, ...]:
    picked: list[a.CardAt] = []
    for _ in range(rng.randint(1, most)):
        at = _card_at(state, rng, actor, in_play)
        if at not in picked or rng.random() < 0.05:
            picked.append(at)
    return tuple(picked)


def random_action(state: MatchState, rng: random.Random, *, allow_end: bool = True) -> a.BaseAction:
    """A random action for this state: mostly sensible (the player whose turn it is, existing cards,
    the current version), sometimes out of turn, out of range or on a hidden zone."""
    kinds = [k for k in _WEIGHTS if allow_end or k not in _ENDING]
    kind = rng.choices(kinds, weights=[_WEIGHTS[k] for k in kinds])[0]
    if state.undo_request is not None and rng.random() < 0.8:
        kind = rng.choice(("accept_undo", "accept_undo", "decline_undo"))
    board = state.board
    if kind in ("accept_undo", "decline_undo") and state.undo_request is not None:
        actor = 1 - state.undo_request if rng.random() < 0.9 else state.undo_request
    elif kind == "request_undo" and state.undo_actor is not None and rng.random() < 0.9:
        actor = state.undo_actor
    elif rng.random() < 0.85:
        actor = board.priority if rng.random() < 0.3 else board.active
    else:
        actor = rng.randrange(2)
    base = {"actor": actor, "version": state.version}
    other = 1 - actor
    if kind == "draw":
        return a.Draw(**base, count=rng.choice((1, 1, 1, 2, 3)))
    if kind == "move":
        to = _zone_ref(state, rng, actor, own=0.8)
        position = rng.choice((None, None, "top", "bottom", rng.randrange(4)))
        face = rng.choice((None, None, None, "up", "down"))
        orientation = None
        if state.match.zone_specs[to.zone].orientable and rng.random() < 0.3:
            orientation = rng.choice(("stand", "rest", "tap", "untap"))
        return a.Move(
            **base,
            cards=_cards(state, rng, actor),
            to=to,
            position=position,
            face=face,
            orientation=orientation,
            with_attached=rng.random() < 0.2,
        )
    if kind == "shuffle":
        return a.Shuffle(**base, zone=_zone_ref(state, rng, actor, own=0.9, deck=0.5))
    if kind == "look":
        return a.Look(
            **base,
            zone=_zone_ref(state, rng, actor, deck=0.6),
            count=rng.randint(1, 3),
            end=rng.choice(("top", "bottom")),
        )
    if kind == "reveal":
        return a.Reveal(**base, cards=_cards(state, rng, actor, 2), to=rng.choice(("opponent", "everyone")))
    if kind == "reveal_top":
        return a.RevealTop(
            **base,
            zone=_zone_ref(state, rng, actor, own=0.9, deck=0.6),
            count=rng.randint(1, 2),
            to=rng.choice(("opponent", "everyone")),
        )
    if kind == "reveal_hand":
        return a.RevealHand(**base, to=rng.choice(("opponent", "everyone")))
    if kind == "search":
        zone = _zone_ref(state, rng, actor, own=0.9, deck=0.6)
        take: tuple[int, ...] = ()
        if rng.random() < 0.6:
            take = (rng.randrange(6),)
        return a.Search(**base, zone=zone, take=take, shuffle=rng.random() < 0.5)
    if kind == "orient":
        return a.Orient(
            **base,
            cards=_cards(state, rng, actor, in_play=True),
            orientation=rng.choice(("stand", "rest", "tap", "untap", "exhaust")),
        )
    if kind == "flip":
        return a.Flip(**base, cards=_cards(state, rng, actor, 2), face=rng.choice((None, "up", "down")))
    if kind == "counter":
        return a.AddCounter(
            **base,
            cards=_cards(state, rng, actor, 2, in_play=True),
            name=rng.choice(("+1", "damage", "charge", "poison")),
            amount=rng.choice((1, 2, -1)),
        )
    if kind == "attach":
        return a.Attach(
            **base, card=_card_at(state, rng, actor, True), host=_card_at(state, rng, actor, True)
        )
    if kind == "detach":
        if board.attachments and rng.random() < 0.8:
            card = rng.choice(board.attachments)[0]
            slot = next(s for s, ids in enumerate(board.zones) if card in ids)
            zone = state.match.slot_spec[slot].name
            index = board.zones[slot].index(card)
            return a.Detach(
                **base, card=a.CardAt(zone=zone, player=state.match.slot_player[slot], index=index)
            )
        return a.Detach(**base, card=_card_at(state, rng, actor, True))
    if kind == "control":
        return a.GiveControl(**base, cards=_cards(state, rng, actor, 1), player=rng.randrange(2))
    if kind == "set_value":
        return a.SetValue(
            **base,
            player=rng.randrange(2),
            name=rng.choice(("life", "damage", "mana")),
            value=rng.randint(0, 20),
        )
    if kind == "adjust_value":
        return a.AdjustValue(
            **base,
            player=rng.choice((actor, other, other)),
            name=rng.choice(("life", "damage")),
            delta=rng.randint(-5, 5),
        )
    if kind == "coin":
        return a.FlipCoin(**base)
    if kind == "die":
        return a.RollDie(**base, sides=rng.choice((6, 20)), count=rng.randint(1, 2))
    if kind == "pass_priority":
        return a.PassPriority(**base)
    if kind == "next_step":
        return a.NextStep(**base, to=rng.choice((None, None, None, "guard", "main")))
    if kind == "next_phase":
        return a.NextPhase(**base, to=rng.choice((None, None, "battle", "end")))
    if kind == "pass_turn":
        return a.PassTurn(**base)
    if kind == "offer_draw":
        return a.OfferDraw(**base)
    if kind == "accept_draw":
        return a.AcceptDraw(**base)
    if kind == "decline_draw":
        return a.DeclineDraw(**base)
    if kind == "concede":
        return a.Concede(**base)
    if kind == "note":
        return a.Note(**base, text=rng.choice(("good game", "thinking", "attack with the left one")))
    if kind == "request_undo":
        return a.RequestUndo(**base)
    if kind == "accept_undo":
        return a.AcceptUndo(**base)
    return a.DeclineUndo(**base)
