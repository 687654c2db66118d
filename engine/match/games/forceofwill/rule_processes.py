"""After every action: the game data follows generic moves (803.4a, 803.4b, 804.4a), the rule
processes (1200) and the loss checks (1202, 103.3)."""

from __future__ import annotations

from engine.match.games.forceofwill.board import (
    Entry,
    FowWork,
    base_atk_def,
    battle_of,
    chase_entries,
    is_jresonator,
    jrulers,
)
from engine.match.games.forceofwill.spec import (
    S_BATTLE_END,
)


def reconcile(work: FowWork) -> None:
    """Keep the game data in step with cards moved by generic actions: the chase's objects, J-rulers
    and entered values of cards that left the field, the cards each player has controlled continuously
    since the start of the turn (803.3, 905.3: a card that left the field and its ruler area is a new
    object, 302.3, and one whose control changed was not controlled continuously), and the battle
    (803.4a, 803.4b, 804.4a)."""
    chase_ids = work.ids("chase")
    field = set(work.ids("field"))
    entries = chase_entries(work.board)
    kept = [e for e in entries if e[0] != "card" or e[1] in chase_ids]
    listed = {e[1] for e in kept if e[0] == "card"}
    added: list[Entry] = [("card", c) for c in chase_ids if c not in listed]
    if added or len(kept) != len(entries):
        work.set(chase=[*added, *kept])
    rulers = jrulers(work.board)
    if rulers - field:
        work.set(jrulers=sorted(rulers & field))
    values = work.data("entered", ())
    if any(v[0] not in field for v in values):
        work.set(entered=[list(v) for v in values if v[0] in field])
    for key, seat in (("since", work.board.active), ("since_other", 1 - work.board.active)):
        since = work.data(key, ())
        if since:
            area = work.ids("ruler_area", seat)
            still = [c for c in since if c in area or (c in field and work.card(c).controller == seat)]
            if len(still) != len(since):
                work.set(**{key: still})
    battle = battle_of(work.board)
    if battle is None or not battle.get("declared"):
        return
    active = work.board.active
    changed = False
    attacker = battle.get("attacker")
    if attacker is not None and (attacker not in field or work.card(attacker).controller != active):
        battle["attacker"] = None
        changed = True
    blocker = battle.get("blocker")
    if blocker is not None and (blocker not in field or work.card(blocker).controller == active):
        battle["blocker"] = None
        changed = True
    target = tuple(battle["target"])
    gone = target[0] == "card" and (target[1] not in field or work.card(target[1]).controller == active)
    if changed or gone:
        work.set(battle=battle)
    if gone and work.board.step < S_BATTLE_END and not battle.get("ended"):
        battle["ended"] = True
        work.set(battle=battle)
        work.goto("battle_end")


def rule_processes(work: FowWork) -> None:
    """1200, performed at the start of every priority sequence: 1203 (pairs of [+100/+100] and
    [-100/-100] counters are removed), 1204.1 (a J/resonator with damage at least its DEF is destroyed;
    a J-ruler goes back to the ruler area ruler side up with an astral counter, 1010.1, 1024), 1205.1
    (DEF 0 or less, printed or modified by counters or entered values: into the graveyard; a J-ruler,
    1205.6), 1206.1 (life is rounded up to a multiple of 100)."""
    state = work.state
    doomed: list[tuple[int, bool]] = []
    for card_id in work.ids("field"):
        card = work.card(card_id)
        plus, minus = card.counter("+100/+100"), card.counter("-100/-100")
        if plus and minus:
            both = min(plus, minus)
            counters = dict(card.counters)
            for name, count in (("+100/+100", plus - both), ("-100/-100", minus - both)):
                if count:
                    counters[name] = count
                else:
                    counters.pop(name)
            work.set_counters(card_id, counters)
            work.emit("fow_counters", None, [card_id], count=both)
        if is_jresonator(state, work.board, card_id) is False:
            continue
        _, dfn = base_atk_def(state, work.board, card_id)
        if dfn is None:
            continue
        damage = work.card(card_id).counter("damage")
        if dfn <= 0 or (damage and damage >= dfn):
            doomed.append((card_id, dfn <= 0))
    rulers = jrulers(work.board)
    for card_id, no_def in doomed:
        owner = work.card(card_id).owner
        if card_id in rulers:
            work.move(None, [card_id], "ruler_area", owner, kind="fow_destroy", jruler=True, no_def=no_def)
            counters = dict(work.card(card_id).counters)
            counters.pop("damage", None)
            counters["astral"] = counters.get("astral", 0) + 1
            work.set_counters(card_id, counters, controller=owner)
            rulers.discard(card_id)
            work.set(jrulers=sorted(rulers))
        else:
            work.move(None, [card_id], "graveyard", owner, kind="fow_destroy", jruler=False, no_def=no_def)
    if doomed:
        reconcile(work)
    for seat in range(2):
        life = work.value(seat, "life")
        if life % 100:
            rounded = -(-life // 100) * 100
            work.set_value(seat, "life", rounded)
            work.emit("fow_round", None, player=seat, life=rounded)
