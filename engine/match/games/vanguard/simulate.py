"""Random legal decks and plausible random players for :mod:`engine.match.simulate`.

A deck follows 5.2.2 and 5.3: 50 main deck cards (one grade 0 first vanguard, given in the ``vc``
section, 5.4.3) with exactly 16 triggers, at most 4 heal triggers and at most 4 copies of a name, and
a G deck of up to 16 G units, each with a stride cost (11.11.2). Names are generated ("Grade 2 Unit
07"), with V-series stats.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from engine.match.actions import BaseAction, CardAt, NextPhase, NextStep, PassTurn
from engine.match.games.vanguard.actions import (
    VgAttack,
    VgCall,
    VgChoose,
    VgDeclareTrigger,
    VgGAssist,
    VgGAssistTake,
    VgGuard,
    VgIntercept,
    VgModify,
    VgPass,
    VgRedraw,
    VgRide,
    VgStride,
)
from engine.match.games.vanguard.spec import BACK_OF, FRONT, REAR, VC
from engine.match.games.vanguard.stats import STAND
from engine.match.games.vanguard.steps import Work
from engine.match.state import CardRef, MatchState

CLANS = ("Royal Paladin", "Kagero", "Aqua Force")
_GRADE_STATS = {
    0: (("critical", 1), ("grade", 0), ("power", 5000), ("shield", 10000), ("skill", "boost")),
    1: (("critical", 1), ("grade", 1), ("power", 8000), ("shield", 5000), ("skill", "boost")),
    2: (("critical", 1), ("grade", 2), ("power", 10000), ("shield", 5000), ("skill", "intercept")),
    3: (("critical", 1), ("grade", 3), ("power", 13000), ("skill", "twin drive")),
    4: (("critical", 1), ("grade", 4), ("power", 15000), ("skill", "triple drive")),
}


PRINTED_STRIDE_COST = (
    "Choose one or more cards with the sum of their grades being 3 or greater from your hand, "
    "and discard them"
)
"""The stride cost the generated G units print (11.11.2), as most G units of the era do."""


def _card(
    name: str, code: str, grade: int, clan: str, extra: tuple[tuple[str, int | str], ...] = ()
) -> CardRef:
    kind = "g" if grade == 4 else "trigger" if extra else "normal"
    stats = (*_GRADE_STATS[grade], ("clan", clan), ("unit", kind), *extra)
    return CardRef(name, code, tuple(sorted(stats)))


def _copies(rng: random.Random, total: int) -> list[int]:
    """Split ``total`` into copy counts of at most 4 (5.2.2.2)."""
    counts = []
    while total > 0:
        n = min(total, rng.randint(1, 4))
        counts.append(n)
        total -= n
    return counts


def random_deck(rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
    """A legal random deck by starting zone: ``vc`` (the first vanguard), ``deck`` (49), ``gzone``."""
    clan = rng.choice(CLANS)
    tag = clan.split()[0][:3].upper()
    heals = rng.randint(0, 4)
    kinds = ["heal"] * heals + [rng.choice(("critical", "draw", "stand", "front")) for _ in range(16 - heals)]
    deck: list[CardRef] = []
    by_kind: dict[str, int] = {}
    for kind in kinds:
        by_kind[kind] = by_kind.get(kind, 0) + 1
    serial = 0
    for kind, total in sorted(by_kind.items()):
        for count in _copies(rng, total):
            serial += 1
            extra = (("trigger", kind), ("trigger_power", 10000))
            deck += [
                _card(f"{kind.title()} Trigger {tag} {serial:02d}", f"{tag}-T{serial:02d}", 0, clan, extra)
            ] * count
    rest = 49 - len(deck)
    for grade, total in ((1, 14), (2, 11), (3, rest - 25)):
        for count in _copies(rng, total):
            serial += 1
            deck += [
                _card(f"Grade {grade} Unit {tag} {serial:02d}", f"{tag}-{grade}{serial:02d}", grade, clan)
            ] * count
    starter = _card(f"Starter {tag}", f"{tag}-S00", 0, clan)
    g_deck = []
    for count in _copies(rng, rng.randint(0, 8)):
        serial += 1
        cost = (("stride_cost", PRINTED_STRIDE_COST),)
        g_deck += [_card(f"Stride Unit {tag} {serial:02d}", f"{tag}-G{serial:02d}", 4, clan, cost)] * count
    return {"vc": [starter], "deck": deck, "gzone": g_deck}


def _actor(state: MatchState) -> int:
    board = state.board
    prompts = board.data("prompts", ())
    if prompts:
        return int(dict(prompts[0])["player"])
    return board.priority


def random_actions(state: MatchState, rng: random.Random) -> Iterable[BaseAction]:
    """Plausible actions for the player who must act, most wanted first, with a fallback that moves
    the game on (next step, next phase, pass turn)."""
    board = state.board
    version = state.version
    actor = _actor(state)
    work = Work(state, version)
    prompts = board.data("prompts", ())
    step = state.match.phase_steps[board.phase][board.step]
    out: list[BaseAction] = []
    if prompts:
        head = dict(prompts[0])
        if head["kind"] == "declare":
            return [VgDeclareTrigger(actor=actor, version=version, trigger="none")]
        if head["kind"] == "g_assist":
            return _g_assist_take(work, actor, version, rng)
        options = work.options(head)
        rng.shuffle(options)
        return [
            VgChoose(actor=actor, version=version, target=CardAt(zone=zone, player=actor, index=index))
            for zone, index, _ in options[:3]
        ]
    if step == "redraw":
        hand_size = len(work.ids("hand", actor))
        chosen = tuple(i for i in range(hand_size) if rng.random() < 0.25)
        return [VgRedraw(actor=actor, version=version, cards=chosen), VgRedraw(actor=actor, version=version)]
    hand = work.ids("hand", actor)
    if step == "ride":
        grade = work.grade(work.vanguard(actor))
        # The G assist step has passed on its own; a player missing the next grade asks for it as
        # their first action of the ride step (6.4.1.2), now and then.
        missing = grade is not None and all(work.grade(card) != grade + 1 for card in hand)
        if board.data("g_assist_open") and missing and rng.random() < 0.5:
            out.append(VgGAssist(actor=actor, version=version))
        for index, card in sorted(enumerate(hand), key=lambda pair: -(work.grade(pair[1]) or 0)):
            if grade is not None and work.grade(card) in (grade, grade + 1):
                out.append(VgRide(actor=actor, version=version, card=CardAt(zone="hand", index=index)))
                break
        out.append(NextStep(actor=actor, version=version))
    elif step == "stride":
        faces = [i for i, c in enumerate(work.ids("gzone", actor)) if not work.card(c).face_up]
        if faces and rng.random() < 0.5:
            out.append(
                VgStride(actor=actor, version=version, card=CardAt(zone="gzone", index=rng.choice(faces)))
            )
        out.append(NextStep(actor=actor, version=version))
    elif step == "main":
        grade = work.grade(work.vanguard(actor)) or 0
        empty = [c for c in REAR if not work.ids(c, actor)]
        callable_ = [i for i, c in enumerate(hand) if (work.grade(c) or 0) <= grade]
        if empty and callable_ and len(hand) > 2 and rng.random() < 0.8:
            out.append(
                VgCall(
                    actor=actor,
                    version=version,
                    card=CardAt(zone="hand", index=rng.choice(callable_)),
                    circle=rng.choice(empty),
                )
            )
        out.append(NextPhase(actor=actor, version=version))
    elif step == "start":
        attackers = [
            c for c in FRONT if (u := work.unit(c, actor)) is not None and work.card(u).orientation == STAND
        ]
        targets = [c for c in FRONT if work.unit(c, 1 - actor) is not None]
        if attackers and targets and rng.random() < 0.95:
            attacker = VC if VC in attackers else rng.choice(attackers)
            target = VC if rng.random() < 0.75 or VC not in targets else rng.choice(targets)
            if target not in targets:
                target = rng.choice(targets)
            back = work.unit(BACK_OF[attacker], actor)
            boost = back is not None and work.card(back).orientation == STAND and (work.grade(back) or 0) <= 1
            hold = rng.random() < 0.2
            out.append(
                VgAttack(
                    actor=actor, version=version, attacker=attacker, target=target, boost=boost, hold=hold
                )
            )
        out.append(NextPhase(actor=actor, version=version))
    elif step == "attack":
        # A held attack step (7.4.1.12): sometimes a "when this unit attacks" power gain, then pass.
        if rng.random() < 0.3:
            circle = str(dict(board.data("battle"))["attacker_circle"])
            out.append(
                VgModify(
                    actor=actor,
                    version=version,
                    card=CardAt(zone=circle, index=0),
                    power=5000,
                    until="battle",
                )
            )
        out.append(VgPass(actor=actor, version=version))
    elif step == "guard":
        if hand and rng.random() < 0.35:
            count = min(len(hand), rng.randint(1, 2))
            out.append(
                VgGuard(actor=actor, version=version, cards=tuple(rng.sample(range(len(hand)), count)))
            )
        if rng.random() < 0.1:
            out += [VgIntercept(actor=actor, version=version, circle=c) for c in ("rc_lf", "rc_rf")]
        out.append(VgPass(actor=actor, version=version))
    elif step == "end":
        out.append(PassTurn(actor=actor, version=version))
    out += [
        NextStep(actor=board.active, version=version),
        NextPhase(actor=board.active, version=version),
        PassTurn(actor=board.active, version=version),
    ]
    return out


def _g_assist_take(work: Work, actor: int, version: int, rng: random.Random) -> list[BaseAction]:
    """The end of a G assist (6.4.1.2.5): take a card one grade above the vanguard from the five
    looked at when there is one, and remove two random cards of the hand; otherwise take nothing."""
    grade = work.grade(work.vanguard(actor))
    looked = work.ids("deck", actor)[:5]
    takes = [i for i, card in enumerate(looked) if grade is not None and work.grade(card) == grade + 1]
    out: list[BaseAction] = []
    size = len(work.ids("hand", actor)) + 1
    if takes and size >= 2:
        remove = tuple(rng.sample(range(size), 2))
        out.append(VgGAssistTake(actor=actor, version=version, take=rng.choice(takes), remove=remove))
    out.append(VgGAssistTake(actor=actor, version=version))
    return out
