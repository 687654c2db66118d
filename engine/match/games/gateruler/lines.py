"""The log lines of Gate Ruler's own events, each citing its rule (rendered per viewer: a card the viewer
may not see is "a card").
"""

from __future__ import annotations

from typing import Any

from engine.match.games.gateruler.spec import INFINITE
from engine.match.render import Line


def _numbers(line: Line) -> str:
    n = line.event.data["numbers"]
    cap = "no set cap" if n["set_cap"] == INFINITE else f"set cap {n['set_cap']}"
    level_cap = n.get("level_cap", INFINITE)
    if level_cap != INFINITE:
        cap += f", in-play level cap {level_cap} (12-6a)"
    ready = "all" if n["ready"] == INFINITE else n["ready"]
    summons = "no summon cap" if n["summon_cap"] == INFINITE else f"summon cap {n['summon_cap']}"
    return (
        f"{line.whose(int(line.event.actor or 0)).capitalize()} ruler: life {n['life']}, "
        f"{n['attack_zones']} attack, {n['defense_zones']} defense and {n['set_zones']} set zones; Setup "
        f"{n['hand']} cards in hand and {n['resources']} resources; {summons}, {cap}; "
        f"Start of Turn: draw {n['draw']}, ready {ready} resources, gain {n['gain']}, drive {n['drive']} "
        "(5-3b)."
    )


def _resources(count: int) -> str:
    return "1 resource" if count == 1 else f"{count} resources"


def _because(data: dict[str, Any]) -> str:
    """', from <card or effect>' when the player named what changed a value (15-2a, 15-16a-2)."""
    return f", from {data['because']}" if data.get("because") else ""


def _play_line(line: Line) -> str:
    """The cost paid (14-4b-6a); a cost that differs from the printed level is shown next to it."""
    data = line.event.data
    dest = data["dest"]
    into = {"attack": " for the attack zones", "defense": " for the defense zones", "field": ""}.get(dest, "")
    cost = f", paying {_resources(data['level'])}" if data["level"] or "printed" in data else ""
    if "printed" in data:
        cost += f" instead of its level {data['printed']}{_because(data)}"
    elif data.get("because"):
        cost += _because(data)
    return f"{line.subject()} {line.verb('play')} {line.cards()}{into} into the gate{cost} (14-4b)."


def _power(data: dict[str, Any]) -> str:
    """' with STK 0 instead of its printed 1, from X': a value entered for an attack (8-6d, 15-2a)."""
    if "amount" not in data:
        return ""
    text = f" with {data['power']} {data['amount']}"
    if "printed" in data:
        text += f" instead of its printed {data['printed']}"
    return text + _because(data)


def _enter_line(line: Line) -> str:
    where = line.zone(int(line.event.data["to"]))
    return f"{_capital(line.cards())} resolves and enters {where} (14-4c)."


def _resolve_line(line: Line) -> str:
    what = line.event.data["what"]
    if what == "cnt":
        return f"The Counter ability of {line.cards()} resolves (13-6d-3)."
    return f"{_capital(line.cards())} resolves (14-4c)."


def _attack_line(line: Line) -> str:
    names = line.visible()
    attacker = names[0] if names else "a card"
    target = (
        line.whose(int(line.event.data["player"])) + " ruler"
        if line.event.data["ruler"]
        else (names[1] if len(names) > 1 else "a unit")
    )
    power = _power(line.event.data)
    if line.event.data.get("direct"):
        return (
            f"{line.subject()} {line.verb('attack')} {target} directly with {attacker}{power} (8-4, 15-34)."
        )
    return f"{line.subject()} {line.verb('attack')} {target} with {attacker}{power} (8-4)."


def _combat_line(line: Line) -> str:
    data = line.event.data
    names = [line.match.table[r].name if seen & line.bit else "a card" for r, seen in line.event.cards]
    what = "STK" if data["ruler"] else "ATK"
    if data.get("moved"):
        return (
            f"{names[0]} deals {data['amount']} combat damage ({what}) to {names[1]}, now the frontmost card "
            "of the column being attacked (8-4e-1, 8-6d)."
        )
    return f"{names[0]} deals {data['amount']} combat damage ({what}) to {names[1]} (8-6d)."


def _no_damage_line(line: Line) -> str:
    if line.event.data.get("why") == "attacker":
        return (
            f"{_capital(line.cards())} has left the play area and is no longer attacking (8-4e-2): no "
            "combat damage (8-6a)."
        )
    return "Nothing is in the column being attacked (8-4e-1): no combat damage (8-6a)."


def _intercept_line(line: Line) -> str:
    names = [line.match.table[r].name if seen & line.bit else "a card" for r, seen in line.event.cards]
    return (
        f"{_capital(names[0])} deals {line.event.data['amount']} combat damage (ATK) to {names[1]} with "
        "Intercept (16-7b, 16-7c)."
    )


def _combat_change(line: Line) -> str:
    data = line.event.data
    printed = f" instead of its printed {data['printed']}" if "printed" in data else ""
    return (
        f"{line.subject()} {line.verb('set')} the {data['power']} of {line.cards()} for this attack to "
        f"{data['amount']}{printed}{_because(data)} (15-2a); it deals that in the damage step (8-6d)."
    )


def _frontmost_line(line: Line) -> str:
    data = line.event.data
    if data["none"]:
        return (
            f"{line.subject()} {line.verb('say', 'says')} no unit came into the attacked column of "
            f"{_owner(line, int(data['player']))} attack zones (8-4e-1)."
        )
    return (
        f"{line.subject()} {line.verb('say', 'says')} {line.cards()} is now frontmost in the column being "
        "attacked (8-4e-1, 15-26b-1)."
    )


def _damage_line(line: Line) -> str:
    data = line.event.data
    target = line.cards()
    kind = "ruler damage" if data["ruler"] else "damage"
    return f"{line.subject()} {line.verb('deal')} {data['amount']} {kind} to {target} (15-20, 13-2b)."


def _defeat_line(line: Line) -> str:
    who = " and ".join(line.name(seat) for seat in line.event.data["players"])
    return f"A defeat process for {who} goes into the gate (12-2c)."


def _defeat_resolved(line: Line) -> str:
    if line.event.data["lost"]:
        fulfils, loses = line.verb("fulfil"), line.verb("lose")
        return f"{line.subject()} still {fulfils} a defeat condition and {loses} (12-2d-1)."
    return f"{line.subject()} no longer {line.verb('fulfil')} a defeat condition (12-2d-1)."


def _owner(line: Line, seat: int) -> str:
    """'your' for the viewer, "Bob's" for anyone else (also when Bob is the line's subject)."""
    return "your" if seat == line.viewer else f"{line.match.players[seat]}'s"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _card_line(rest: str) -> Any:
    """A line that starts with the cards it mentions (as the viewer may see them)."""
    return lambda line: f"{_capital(line.cards())} {rest}."


def _act_line(verb: str, rest: str) -> Any:
    """'You/Bob <verb> <cards> <rest>.'"""
    return lambda line: f"{line.subject()} {line.verb(verb)} {rest.format(cards=line.cards())}."


def _counter_wait(line: Line) -> str:
    seat = int(line.event.actor or 0)
    head = f"{_capital(line.cards())} is in {_owner(line, seat)} counter zone: "
    if line.event.data["known"]:
        return head + "its Counter ability must be played (13-6d-1)."
    return head + f"{line.name(seat)} says whether it has a Counter ability (13-6c, 13-6d)."


def _ruler_damage_line(line: Line) -> str:
    amount = int(line.event.data["amount"])
    processes = "process goes" if amount == 1 else "processes go"
    return (
        f"{amount} ruler damage application {processes} into the gate for "
        f"{_owner(line, int(line.event.actor or 0))} ruler (13-5b)."
    )


def _turn_line(line: Line) -> str:
    return (
        f"Turn {line.event.data['turn']}: {line.name(line.event.actor)} {line.verb('start')} the turn; ruler "
        "and attack zones ready (6-2c), then the ruler's Start of Turn (6-2f)."
    )


def _drive_line(line: Line) -> str:
    """15-19: a drive in the driver's own start or main phase (10-2a), or at any other time (10-3a-1)."""
    rule = "10-2a" if line.event.data.get("standard", True) else "10-3a-1"
    return (
        f"{line.subject()} {line.verb('drive')} {line.cards()} face down into the drive zone (15-19, {rule})."
    )


def _window_line(line: Line) -> str:
    """9-4b: both players passed in a row with the gate empty; where the turn goes."""
    closed = line.event.data["closed"]
    head = "Both players passed priority with the gate empty: "
    if closed == "main":
        return head + "the main phase ends and the attack phase begins (6-3b, 6-4)."
    if closed == "start":
        declares = line.verb("declare", "declares")
        return head + f"{line.subject()} {declares} an attack or {line.verb('stop')} attacking (8-4b, 8-4c)."
    if closed == "attacks":
        return head + "the attack phase ends and the end phase begins (8-4c-2c, 6-5)."
    return head + "the turn ends and every unit's current damage becomes 0 (6-5b, 6-5c-1, 6-5e)."


def _no_attack_line(line: Line) -> str:
    """8-2a: no further attack sub phase; the attack phase's end (8-4c-2)."""
    if line.event.data["rule"] == "8-2a-2":
        why = "the first player attacks only once on their first turn (8-2a-2)"
    else:
        why = f"nothing {line.name(line.event.actor)} {line.verb('control')} can attack (8-2a)"
    return f"No more attacks: {why}; the attack phase ends once both players pass priority (8-4c-2)."


LINES: dict[str, Any] = {
    "gr_ruler_damage": _ruler_damage_line,
    "gr_counter_wait": _counter_wait,
    "gr_counter_play": _act_line("play", "the Counter ability of {cards} (13-6d)"),
    "gr_no_target": lambda line: (
        f"The Counter ability of {line.cards()} has no valid target; the card goes to the graveyard "
        "(13-6d-2)."
    ),
    "gr_no_card": lambda line: (
        f"{line.subject()} {line.verb('have', 'has')} no card left in the deck; nothing happens (1-5b)."
    ),
    "gr_defeat_process": _defeat_line,
    "gr_defeat": _defeat_resolved,
    "gr_numbers": _numbers,
    "gr_play": _play_line,
    "gr_enter": _enter_line,
    "gr_resolve": _resolve_line,
    "gr_gone": _card_line("has left the gate; nothing resolves"),
    "gr_attack": _attack_line,
    "gr_combat": _combat_line,
    "gr_no_damage": _no_damage_line,
    "gr_frontmost": _frontmost_line,
    "gr_damage": _damage_line,
    "gr_attack_column": lambda line: (
        f"{line.subject()} {line.verb('attack')} an empty column of "
        f"{_owner(line, int(line.event.data['player']))} attack zones with {line.cards()}"
        f"{_power(line.event.data)}; nothing is being attacked while it stays empty (8-4c, 8-4e-1)."
    ),
    "gr_over": lambda line: (
        f"{line.subject()} {line.verb('choose')} the zone of {line.cards()} for it; when the summon "
        f"resolves, {line.cards()} goes to the graveyard: one card per zone (14-4b-3a, 15-28a-1, 12-4a)."
    ),
    "gr_combat_change": _combat_change,
    "gr_end_attacks": lambda line: (
        f"{line.subject()} {line.verb('stop')} attacking (8-4c-2); the attack phase ends once both players "
        "pass priority in a row (8-4c-2b)."
    ),
    "gr_window": _window_line,
    "gr_no_attack": _no_attack_line,
    "gr_turn": _turn_line,
    "gr_setup": lambda line: (
        f"Both players carried out their ruler's Setup (5-3b); {line.name(line.event.actor)} plays first "
        "(5-3c)."
    ),
    "gr_drive_process": lambda line: (
        f"A drive resolution process of {line.name(line.event.actor)} goes into the gate; nobody can "
        "respond (10-3c, 9-3d)."
    ),
    "gr_drive_done": lambda line: (
        f"The drive resolution process of {line.name(line.event.actor)} ends (10-4b)."
    ),
    "gr_reversal": _act_line("turn", "{cards} of the damage zone face down (DR, 15-30)"),
    "gr_drive": _drive_line,
    "gr_set": _act_line("set", "{cards} face down (7-5, 15-4a)"),
    "gr_unused": _act_line("leave", "{cards} unused; it goes to the graveyard (10-4e)"),
    "gr_destroyed": _card_line("is destroyed: its damage reached its HP (15-12b)"),
    "gr_intercept": lambda line: (
        f"{_capital(line.cards())} is being attacked and has Intercept: the Intercept step begins and its "
        "ability goes into the gate (8-5a, 8-5b, 8-5c)."
    ),
    "gr_intercept_damage": _intercept_line,
    "gr_intercept_gone": _card_line(
        "is no longer being attacked by an attacking unit, so its Intercept deals no damage (16-7b)"
    ),
    "gr_overlap": _card_line("goes to the graveyard: one card per zone (12-4a)"),
    "gr_level_cap": _card_line(
        "goes to the graveyard: the allied units' total level exceeded the in-play level cap (12-6)"
    ),
    "gr_level_cap_wait": lambda line: (
        f"{line.subject()} {line.verb('choose', 'chooses')} one of {line.event.data['count']} allied units "
        "to put into the graveyard: their total level exceeds the in-play level cap (12-6b, 12-6c)."
    ),
    "gr_charge_lost": _card_line("is linked to no card and goes to the graveyard (12-5a)"),
    "gr_cleanup": _card_line("goes from the drive or counter zone to the graveyard (6-3c, 15-24)"),
    "gr_counter_done": _card_line("goes from the counter zone to the graveyard (13-6d)"),
    "gr_after": _card_line("goes to the graveyard after resolving (14-4c)"),
}
