"""Battle (800): initiating it (704), declaring the attack (803) and the block (804), battle damage
(805, 806) and damage from effects (1007)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.match.actions import CardAt
from engine.match.apply import HandlerResult, pick, refuse
from engine.match.games.forceofwill.actions import (
    Attack,
    Block,
    DealDamage,
    InitiateBattle,
)
from engine.match.games.forceofwill.board import (
    RECOVER,
    REST,
    FowWork,
    base_atk_def,
    battle_of,
    card_atk_def,
    chase_entries,
    entered,
    is_jresonator,
    main_timing_problem,
    owned,
)
from engine.match.games.forceofwill.spec import (
    MAIN,
    S_ATTACK,
    S_BLOCK,
    has_keyword,
)
from engine.match.state import MatchState

BATTLE_KEYWORDS = ("first_strike", "multi_strike", "flying", "swiftness", "precision", "pierce")
"""The keywords a battle reads (1105, 1169, 1107, 1108, 1104, 1103)."""


def battle_problem(state: MatchState, actor: int) -> str | None:
    """Why ``actor`` may not initiate a battle now: 704.1, at main timing; 803.3, not after forfeiting
    an attack the opponent did not answer."""
    problem = main_timing_problem(state, actor)
    if problem:
        return f"You can't initiate a battle now: {problem}."
    if state.board.data("no_battle"):
        return "You forfeited an attack the opponent did not answer: no more battles this turn (803.3)."
    return None


def _initiate_battle(state: MatchState, action: InitiateBattle) -> HandlerResult:
    """704.1: the turn player initiates a battle (:func:`battle_problem`), going to its beginning step
    (802)."""
    work = FowWork(state, action)
    problem = battle_problem(state, action.actor)
    if problem:
        refuse(problem)
    work.set(battle={"declared": False, "acted": False})
    work.emit("fow_battle", action.actor)
    work.goto("battle_start")
    return work.handled()


Change = tuple[int, str, int, int]
"""An entered value differing from the card data: (card id, ``ATK``/``DEF``, entered, card data's)."""


def _stats_for(
    work: FowWork, card_id: int, atk: int | None, dfn: int | None, rule: str
) -> tuple[int, int, list[Change]]:
    """The card's ATK and DEF for the battle: entered, else known (207.2, 208.2); with the entered
    values that differ from the card data (its stats and counters, :func:`card_atk_def`)."""
    base_atk, base_def = base_atk_def(work.state, work.board, card_id)
    printed = card_atk_def(work.state, work.board, card_id)
    changes: list[Change] = [
        (card_id, stat, value, known)
        for stat, value, known in (("ATK", atk, printed[0]), ("DEF", dfn, printed[1]))
        if value is not None and known is not None and value != known
    ]
    atk = base_atk if atk is None else atk
    dfn = base_def if dfn is None else dfn
    if atk is None or dfn is None:
        missing = "ATK" if atk is None else "DEF"
        refuse(f"Enter {work.name_of(card_id)}'s {missing}: the card data does not give it ({rule}).")
    return atk, dfn, changes


def _changes_data(mentioned: Sequence[int], changes: Sequence[Change]) -> list[list[Any]]:
    """The changes for the log: (index of the card among the event's cards, stat, entered, card's)."""
    return [[list(mentioned).index(c), stat, value, known] for c, stat, value, known in changes]


def _enter(work: FowWork, values: Sequence[tuple[int, int, int]]) -> None:
    """Keep the ATK and DEF entered for cards in the field until end of turn (207.2, 208.2)."""
    current = entered(work.board)
    for card_id, atk, dfn in values:
        current[card_id] = (atk, dfn)
    work.set(entered=sorted([c, a, d] for c, (a, d) in current.items()))


def attack_problem(state: MatchState, actor: int) -> str | None:
    """Why ``actor`` may not declare an attack now, whatever the attacker (803.3): the declare attack
    step of a battle, the turn player, one attack per battle, an empty chase (803.2)."""
    board = state.board
    battle = battle_of(board)
    if board.phase != MAIN or board.step != S_ATTACK or battle is None:
        return "You attack in the declare attack step of a battle (803.3); initiate a battle first."
    if actor != board.active:
        return "Only the turn player attacks (803.3)."
    if battle.get("declared"):
        return "An attack is already declared in this battle (801: one attacker per battle)."
    if chase_entries(board):
        return "Resolve the chase before declaring the attack (803.2)."
    return None


def attack_keywords(state: MatchState, card_id: int, declared: Sequence[str] = ()) -> set[str]:
    """The attacker's battle keywords: its card data's and those ``declared`` from effects."""
    ref = state.ref(card_id)
    return set(declared) | {k for k in BATTLE_KEYWORDS if has_keyword(ref, k)}


def attacker_problem(state: MatchState, actor: int, at: CardAt, declared: Sequence[str] = ()) -> int | str:
    """The attacker at ``at``, or why it can't attack (803.3): a J/resonator the actor controls in the
    field, recovered, controlled since the start of the turn unless [Swiftness] (1108; ``declared``:
    keywords from effects)."""
    found = owned(state, at, actor, ("field",), "The attacker")
    if isinstance(found, str):
        return found
    _, attacker = found
    board = state.board
    name = state.ref(attacker).name
    if is_jresonator(state, board, attacker) is False:
        return f"{name} is not a J/resonator; only J/resonators attack (803.3)."
    if board.cards[attacker].orientation != RECOVER:
        return f"{name} is rested; the attacker must be recovered (803.3)."
    if attacker not in set(board.data("since", ())) and "swiftness" not in attack_keywords(
        state, attacker, declared
    ):
        return f"{name} has not been under your control since the start of the turn (803.3, 1108)."
    return attacker


def target_problem(state: MatchState, actor: int, at: CardAt, keywords: set[str]) -> int | str:
    """The attacked J/resonator at ``at``, or why it can't be attacked (803.3): one the opponent
    controls in the field, rested unless the attacker has [Precision] (1104.2)."""
    # the engine's pick: a card anywhere the attacker may touch, refused below with 803.3
    _, target_id = pick(state, at, actor)
    board = state.board
    tname = state.ref(target_id).name
    if target_id not in state.zone("field", None) or board.cards[target_id].controller != 1 - actor:
        return f"{tname} is not a J/resonator your opponent controls in the field (803.3)."
    if is_jresonator(state, board, target_id) is False:
        return f"{tname} is not a J/resonator; it can't be attacked (803.3)."
    if board.cards[target_id].orientation != REST and "precision" not in keywords:
        return f"{tname} is recovered; only a rested J/resonator can be attacked (803.3, 1104.2)."
    return target_id


def missing_stats(state: MatchState, card_id: int) -> tuple[str, ...]:
    """``atk``/``defense``: the stats a player must enter for the card in a battle, which neither the
    card data nor an earlier entry gives (207.2, 208.2; :func:`_stats_for`)."""
    atk, dfn = base_atk_def(state, state.board, card_id)
    return tuple(name for name, value in (("atk", atk), ("defense", dfn)) if value is None)


def _attack(state: MatchState, action: Attack) -> HandlerResult:
    """803.3-803.4: choose the attacker and the attacked object, rest the attacker
    (:func:`attack_problem`, :func:`attacker_problem`, :func:`target_problem`)."""
    work = FowWork(state, action)
    actor = action.actor
    board = work.board
    problem = attack_problem(state, actor)
    if problem:
        refuse(problem)
    battle = battle_of(board)
    assert battle is not None
    attacker = attacker_problem(state, actor, action.attacker, action.keywords)
    if isinstance(attacker, str):
        refuse(attacker)
    keywords = attack_keywords(state, attacker, action.keywords)
    atk, dfn, changes = _stats_for(work, attacker, action.atk, action.defense, "803.3")
    values = [(attacker, atk, dfn)]
    target: tuple[str, int]
    if action.target is None:
        target = ("player", 1 - actor)
    else:
        target_id = target_problem(state, actor, action.target, keywords)
        if isinstance(target_id, str):
            refuse(target_id)
        tname = work.name_of(target_id)
        t_atk, t_def, theirs = _stats_for(work, target_id, action.target_atk, action.target_defense, "803.3")
        if theirs and action.because is None:
            _, stat, value, known = theirs[0]
            refuse(
                f"{tname}'s {stat} {value} differs from its card data's {known}: say which card or effect "
                "changes your opponent's J/resonator (because) (909.1)."
            )
        changes += theirs
        values.append((target_id, t_atk, t_def))
        target = ("card", target_id)
    work.orient([attacker], REST)
    _enter(work, values)
    battle.update(
        declared=True,
        attacker=attacker,
        target=target,
        first_strike="first_strike" in keywords,
        multi_strike="multi_strike" in keywords,
        flying="flying" in keywords,
        pierce="pierce" in keywords,
        struck=False,
    )
    work.set(battle=battle)
    work.board = work.board.evolve(priority=board.active, passes=0)
    mentioned = [attacker] + ([target[1]] if target[0] == "card" else [])
    data: dict[str, Any] = {"target": list(target), "atk": atk}
    if changes:
        data["changes"] = _changes_data(mentioned, changes)
        data["because"] = action.because
    work.emit("fow_attack", actor, mentioned, **data)
    return work.handled()


def block_problem(state: MatchState, actor: int) -> str | None:
    """Why ``actor`` may not declare a block now, whatever the blocker (804.3): the declare block step
    against an attacking J/resonator, the non-turn player, one blocker, an empty chase (804.2)."""
    board = state.board
    battle = battle_of(board)
    if board.phase != MAIN or board.step != S_BLOCK or battle is None or battle.get("attacker") is None:
        return "You block in the declare block step, against an attacking J/resonator (804.3)."
    if actor == board.active:
        return "Only the non-turn player blocks (804.3)."
    if battle.get("blocker") is not None:
        return "A blocker is already declared in this battle (804.3)."
    if chase_entries(board):
        return "Resolve the chase before declaring a block (804.2)."
    return None


def blocker_problem(state: MatchState, actor: int, at: CardAt, flying: bool) -> int | str:
    """The blocker at ``at``, or why it can't block (804.3, 804.4): a recovered J/resonator the actor
    controls in the field, not the attacked one; a [Flying] attacker needs a [Flying] blocker (1107.2;
    ``flying``: from an effect)."""
    found = owned(state, at, actor, ("field",), "The blocker")
    if isinstance(found, str):
        return found
    _, blocker = found
    board = state.board
    battle = battle_of(board)
    assert battle is not None
    name = state.ref(blocker).name
    if is_jresonator(state, board, blocker) is False:
        return f"{name} is not a J/resonator; only J/resonators block (804.3)."
    if board.cards[blocker].orientation != RECOVER:
        return f"{name} is rested; the blocker must be recovered (804.3)."
    if tuple(battle["target"]) == ("card", blocker):
        return f"{name} is the attacked J/resonator; it can't block (804.4)."
    if battle.get("flying") and not (flying or has_keyword(state.ref(blocker), "flying")):
        return "The attacker has [Flying]: only a J/resonator with [Flying] can block it (1107.2)."
    return blocker


def _block(state: MatchState, action: Block) -> HandlerResult:
    """804.3-804.4: the non-turn player blocks with a recovered J/resonator, resting it
    (:func:`block_problem`, :func:`blocker_problem`)."""
    work = FowWork(state, action)
    actor = action.actor
    board = work.board
    problem = block_problem(state, actor)
    if problem:
        refuse(problem)
    battle = battle_of(board)
    assert battle is not None
    blocker = blocker_problem(state, actor, action.blocker, action.flying)
    if isinstance(blocker, str):
        refuse(blocker)
    atk, dfn, changes = _stats_for(work, blocker, action.atk, action.defense, "804.4")
    work.orient([blocker], REST)
    _enter(work, [(blocker, atk, dfn)])
    battle["blocker"] = blocker
    work.set(battle=battle)
    work.board = work.board.evolve(priority=board.active, passes=0)
    data: dict[str, Any] = {"atk": atk}
    if changes:
        data["changes"] = _changes_data([blocker], changes)
        data["because"] = action.because
    work.emit("fow_block", actor, [blocker], **data)
    return work.handled()


def battle_damage(work: FowWork, first_step: bool) -> None:
    """805.2 / 806.2: the attacker deals damage equal to its ATK to the blocker, else to the attacked
    object; in the normal step the blocker (or an attacked J/resonator) deals its ATK to the attacker
    (806.2d). All at once (1007.3); to a player, life decreases (1007.2).

    806.2d sits under 806.2, which read literally would stop a blocker from striking back at a
    [First Strike] attacker; 1105.2 settles it: "All other J/resonators deal their battle damage later,
    during the Normal Battle Resolution Step", so a blocker that survived the first strike step strikes
    back in the normal step. An attacked J/resonator strikes back only while it battles the attacker
    (804.5b): with no blocker, or a blocker that stopped blocking before the attacker dealt any battle
    damage; once a [First Strike] attacker has hit its blocker, the attacked J/resonator does not.
    A blocked attacker with [Pierce] splits its damage between the blocker and the attacked object
    (1103.2a, :func:`_pierce`)."""
    battle = battle_of(work.board)
    assert battle is not None
    attacker = battle.get("attacker")
    if attacker is None:
        return
    blocker = battle.get("blocker")
    target = tuple(battle["target"])
    deals = (first_step and (battle["first_strike"] or battle["multi_strike"])) or (
        not first_step and (not battle["struck"] or battle["multi_strike"])
    )
    hits: list[tuple[int, tuple[str, int], int]] = []
    atk, _ = base_atk_def(work.state, work.board, attacker)
    if deals and atk is not None and atk > 0:
        if blocker is not None and battle.get("pierce") and target != ("card", blocker):
            hits += _pierce(work, attacker, blocker, target, atk)
        else:
            hits.append((attacker, ("card", blocker) if blocker is not None else target, atk))
        if blocker is not None:
            battle["hit_blocker"] = True
    if not first_step:
        defender = blocker
        if defender is None and target[0] == "card" and not battle.get("hit_blocker"):
            defender = target[1]
        if defender is not None:
            d_atk, _ = base_atk_def(work.state, work.board, defender)
            if d_atk is not None and d_atk > 0:
                hits.append((defender, ("card", attacker), d_atk))
    if first_step:
        battle["struck"] = True
    work.set(battle=battle)
    if not hits:
        return
    order: list[int] = []
    for source, to, _ in hits:
        for card_id in (source, to[1] if to[0] == "card" else None):
            if card_id is not None and card_id not in order:
                order.append(card_id)
    data_hits = []
    for source, to, amount in hits:
        if to[0] == "player":
            seat = to[1]
            work.set_value(seat, "life", work.value(seat, "life") - amount)
            data_hits.append([order.index(source), "player", seat, amount, work.value(seat, "life")])
        else:
            work.add_damage(to[1], amount)
            data_hits.append([order.index(source), "card", order.index(to[1]), amount, 0])
    work.emit("fow_battle_damage", None, order, hits=data_hits, first=first_step)


def _pierce(
    work: FowWork, attacker: int, blocker: int, target: tuple[str, int], atk: int
) -> list[tuple[int, tuple[str, int], int]]:
    """1103.2a: a blocked attacker with [Pierce] assigns its damage to the blocker up to the blocker's
    capacity (its DEF minus the damage on it, 208.2a), in multiples of 100, and the exceeding damage to
    the attacked object chosen in the declare attack step, as battle damage (1103.3); an attacked
    J/resonator that left the field gets none (803.4b)."""
    _, dfn = base_atk_def(work.state, work.board, blocker)
    capacity = max(0, (dfn or 0) - work.card(blocker).counter("damage"))
    to_blocker = min(atk, -(-capacity // 100) * 100)
    hits: list[tuple[int, tuple[str, int], int]] = []
    if to_blocker > 0:
        hits.append((attacker, ("card", blocker), to_blocker))
    exceeding = atk - to_blocker
    still_there = target[0] == "player" or target[1] in work.ids("field")
    if exceeding > 0 and still_there:
        hits.append((attacker, target, exceeding))
    return hits


def _deal_damage(state: MatchState, action: DealDamage) -> HandlerResult:
    """1007: damage from an effect to a J/resonator or a player."""
    work = FowWork(state, action)
    if (action.card is None) == (action.player is None):
        refuse("Deal the damage either to a card (card) or to a player (player), one of them.")
    if action.player is not None:
        life = work.value(action.player, "life") - action.amount
        work.set_value(action.player, "life", life)
        work.emit("fow_damage", action.actor, player=action.player, amount=action.amount, life=life)
        return work.handled()
    assert action.card is not None
    # the engine's pick: a card anywhere the actor may touch, refused outside the field with 1007.1
    slot, card_id = pick(state, action.card, action.actor)
    if work.match.slot_spec[slot].name != "field":
        refuse("Damage is dealt to J/resonators in the field (1007.1).")
    if action.amount:
        work.add_damage(card_id, action.amount)
    work.emit("fow_damage", action.actor, [card_id], player=None, amount=action.amount)
    return work.handled()


HANDLERS = (
    (InitiateBattle, _initiate_battle),
    (Attack, _attack),
    (Block, _block),
    (DealDamage, _deal_damage),
)
