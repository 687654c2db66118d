"""Log lines of the Duel Masters events. Every line goes through :class:`~engine.match.render.Line`, whose
helpers name a card only to a viewer who may see it (docs/architecture.md, Invariants: "Hidden information by
construction")."""

from __future__ import annotations

from collections.abc import Callable

from engine.match.render import Line

_ENTERED = {
    "cost": "at a cost of {0} instead of its printed {1}",
    "power": "with a power of {0} instead of its {1}",
    "breaker": "breaking {0} shields instead of its printed {1}",
}
_PERMISSIONS = {
    "speed": "despite summoning sickness, by an effect (101.2)",
    "untapped": "on an untapped creature, by an effect (101.2)",
}


def _entered(line: Line) -> str:
    """The numbers entered instead of the card data's, each next to the printed one, the permissions
    an effect gives, and their cause, for both players (101.1, 101.2)."""
    data = line.event.data
    parts = [_PERMISSIONS[str(p)] for p in data.get("permissions", ())]
    parts += [_ENTERED[str(what)].format(value, printed) for what, value, printed in data.get("entered", ())]
    if data.get("granted"):
        parts.append(f"given {data['granted']} by an effect (101.2)")
    because = data.get("because")
    if because is not None:
        parts.append(f'because of "{because}"')
    return f" ({'; '.join(parts)})" if parts else ""


def _untap(line: Line) -> str:
    return (
        f"{line.subject()} {line.verb('untap')} {line.whose(int(line.event.actor or 0))} cards in the "
        "battle zone and mana zone (501.1)."
    )


def _skip_draw(line: Line) -> str:
    return f"{line.subject()} {line.verb('skip')} the draw of the first player's first turn (500.6)."


def _charge(line: Line) -> str:
    tapped = " tapped (multicoloured, 405.1)" if line.event.data.get("tapped") else ""
    zone = line.zone(int(line.event.data["to"]))
    return f"{line.subject()} {line.verb('charge')} {line.cards()} into {zone}{tapped}."


def _paid(line: Line) -> str:
    """The mana tapped; with a declared cost change, next to the printed cost (which stays the card's
    cost, 201.2a) with the change's words (112.2b)."""
    data = line.event.data
    if data.get("free"):
        return " for free (Shield Trigger, 112.3a)"
    mana = int(data.get("mana", 0))
    change = data.get("cost_change")
    if change is None:
        paid = f", tapping {mana} mana" if mana else ""
        return f"{paid}{_entered(line)}"
    paid = f", tapping {mana} mana" if mana else ", tapping no mana"
    printed = data.get("printed")
    instead = "" if printed is None else f" instead of its printed cost {printed}"
    return f'{paid}{instead} (cost changed by "{change}", 112.2b){_entered(line)}'


def _onto(line: Line) -> str:
    onto = line.event.data.get("onto")
    return "" if onto is None else f" onto {onto} (evolution, 801.1)"


def _summon(line: Line) -> str:
    return f"{line.subject()} {line.verb('summon')} {line.cards()}{_onto(line)}{_paid(line)}."


def _cast(line: Line) -> str:
    return (
        f"{line.subject()} {line.verb('cast')} {line.cards()}{_paid(line)}; it goes to "
        f"{line.zone(int(line.event.data['to']))} (302.2)."
    )


def _use(line: Line) -> str:
    return (
        f"{line.subject()} {line.verb('use')} {line.cards()}{_onto(line)}{_paid(line)}, into the battle zone."
    )


def _attack(line: Line) -> str:
    attacker = line.card(0)
    if line.event.data.get("creature"):
        return f"{line.subject()} {line.verb('attack')} {line.card(1)} with {attacker}{_entered(line)}."
    defender = line.name(int(line.event.data["defender"]))
    return f"{line.subject()} {line.verb('attack')} {defender} with {attacker}{_entered(line)}."


def _block(line: Line) -> str:
    return f"{line.subject()} {line.verb('block')} with {line.card(0)}{_entered(line)}."


def _no_block(line: Line) -> str:
    if line.event.data.get("auto"):
        return f"{line.subject()} {line.verb('have', 'has')} no creature that can block and no card in hand."
    return f"{line.subject()} {line.verb('do', 'does')} not block{_entered(line)}."


def _power(line: Line) -> str:
    return (
        f"{line.subject()} {line.verb('enter')} a power of {line.event.data['power']} for "
        f"{line.card(0)}{_entered(line)}."
    )


def _change(line: Line) -> str:
    data = line.event.data
    what = []
    if data["power"]:
        what.append(f"{int(data['power']):+d} power")
    what += [k.replace("_", " ") for k in data["keywords"]]
    now = "" if data.get("now") is None else f", now {data['now']} power"
    because = data.get("because")
    cause = "" if because is None else f', because of "{because}"'
    return (
        f"{line.subject()} {line.verb('give')} {line.card(0)} {' and '.join(what)} until the end of the "
        f"turn{now}{cause} (511.2)."
    )


def _expire(line: Line) -> str:
    count = int(line.event.data["count"])
    effects = "effect" if count == 1 else "effects"
    verb = "expires" if count == 1 else "expire"
    return f"{count} {effects} until the end of turn {line.event.data['turn']} {verb} (511.2)."


def _rebuild(line: Line) -> str:
    return (
        f"{line.card(0)} stays in the battle zone as the creature its evolution left: the stack is "
        "rebuilt (801.4)."
    )


def _battle(line: Line) -> str:
    data = line.event.data
    attacker, defender = line.card(0), line.card(1)
    result = {
        "attacker": f"{attacker} wins",
        "defender": f"{defender} wins",
        "none": "equal power, both lose",
    }[str(data["winner"])]
    return f"{attacker} ({data['apower']}) battles {defender} ({data['dpower']}): {result} (115.3b)."


def _destroy(line: Line) -> str:
    verb = "is" if len(line.event.cards) == 1 else "are"
    return f"{line.cards()} {verb} destroyed and put into {line.zone(int(line.event.data['to']))} (703.4d)."


def _no_battle(line: Line) -> str:
    return "There is no battle: a creature left the battle zone (115.3a)."


def _attack_ends(line: Line) -> str:
    return "The attack ends: the attacking creature left the battle zone (505.6a)."


def _break(line: Line) -> str:
    data = line.event.data
    source, dest = line.zone(int(data["from"][0])), line.zone(int(data["to"]))
    return f"{line.subject()} {line.verb('break')} {line.cards()} of {source}, into {dest} (509.3)."


def _trigger(line: Line) -> str:
    """509.3a: the declaration, or "no Shield Trigger": the same line after every break whatever was
    broken, since the window opens after every break (113.6)."""
    if not line.event.cards:
        return f"{line.subject()} {line.verb('declare')} no Shield Trigger."
    return f"{line.subject()} {line.verb('declare')} Shield Trigger: {line.cards()} (509.3a){_entered(line)}."


def _direct_hit(line: Line) -> str:
    defender = line.name(int(line.event.data["defender"]))
    has = "have" if int(line.event.data["defender"]) == line.viewer else "has"
    return (
        f"{defender[0].upper()}{defender[1:]} {has} no shields left: the direct attack wins the game (509.1)."
    )


def _return(line: Line) -> str:
    verb = "returns" if len(line.event.cards) == 1 else "return"
    return f"{line.cards()} {verb} to {line.zone(int(line.event.data['to']))} (117.1, 118.1)."


LINES: dict[str, Callable[[Line], str]] = {
    "dm_untap": _untap,
    "dm_skip_draw": _skip_draw,
    "dm_charge": _charge,
    "dm_summon": _summon,
    "dm_cast": _cast,
    "dm_use": _use,
    "dm_attack": _attack,
    "dm_block": _block,
    "dm_no_block": _no_block,
    "dm_power": _power,
    "dm_battle": _battle,
    "dm_destroy": _destroy,
    "dm_no_battle": _no_battle,
    "dm_attack_ends": _attack_ends,
    "dm_break": _break,
    "dm_trigger": _trigger,
    "dm_direct_hit": _direct_hit,
    "dm_return": _return,
    "dm_change": _change,
    "dm_expire": _expire,
    "dm_rebuild": _rebuild,
}
"""The line of each Duel Masters event kind."""
