"""Log lines of Vanguard's events, per viewer: the :class:`engine.match.render.Line` helpers name a card
only to who may see it (a redraw's returned cards stay "3 cards" for the opponent)."""

from __future__ import annotations

from collections.abc import Callable

from engine.match.render import Line

_POWER_UNTIL = {"turn": "until end of turn", "battle": "until end of battle"}


def _to(line: Line) -> str:
    return line.zone(int(line.event.data["to"]))


def _from(line: Line) -> str:
    return " and ".join(line.zone(int(slot)) for slot in line.event.data["from"])


def _player(line: Line, key: str = "player") -> str:
    seat = int(line.event.data[key])
    return "you" if seat == line.viewer else line.match.players[seat]


def _whose(line: Line, key: str = "player") -> str:
    seat = int(line.event.data[key])
    return "your" if seat == line.viewer else f"{line.match.players[seat]}'s"


def _rule(line: Line) -> str:
    rule = line.event.data.get("rule")
    return f" ({rule})" if rule else ""


def _are(line: Line) -> str:
    return "is" if len(line.event.cards) == 1 else "are"


_TRIGGER_TEXT = {
    "critical": "a critical trigger",
    "draw": "a draw trigger",
    "stand": "a stand trigger",
    "heal": "a heal trigger",
    "front": "a front trigger",
    "none": "no trigger",
}


def _attackers(line: Line) -> str:
    """The attacking unit: a vanguard in a legion state attacks with both its cards (10.25.5)."""
    mate = line.event.data.get("mate")
    if mate is None:
        return line.card(0, "a unit")
    return f"{line.card(0, 'a unit')} and {line.card(int(mate), 'a unit')} (a legion, 10.25.5)"


def _entered(line: Line) -> str:
    """Numbers the player entered that differ from the card data, next to the printed ones."""
    notes = [
        f"{stat} {value} for {line.card(int(index), 'a unit')} instead of the printed {printed}"
        for index, stat, value, printed in line.event.data.get("entered") or ()
    ]
    if not notes:
        return ""
    source = line.event.data.get("source")
    return " Entered: " + "; ".join(notes) + (f" (by {source})." if source else ".")


LINES: dict[str, Callable[[Line], str]] = {
    "vg_redraw": lambda x: f"{x.subject()} {x.verb('put')} {x.cards()} on the bottom of {_to(x)} (redraw).",
    "vg_keep": lambda x: f"{x.subject()} {x.verb('keep')} {x.whose(int(x.event.actor or 0))} hand.",
    "vg_stand_up": lambda x: f"Stand up, Vanguard! The first vanguards are {x.cards()}.",
    "vg_stand": lambda x: f"{x.subject()} {x.verb('stand')} {x.cards()}.",
    "vg_ride": lambda x: f"{x.subject()} {x.verb('ride')} {x.cards()}{_rule(x)}.",
    "vg_soul": lambda x: f"{x.cards()[0].upper()}{x.cards()[1:]} {_are(x)} put into {_to(x)}.",
    "vg_stride": lambda x: f"{x.subject()} {x.verb('stride')} {x.cards()}.",
    "vg_call": lambda x: f"{x.subject()} {x.verb('call')} {x.cards()} to {_to(x)}.",
    "vg_swap": lambda x: (
        f"{x.subject()} {x.verb('swap')} the rear-guards of {x.whose(int(x.event.actor or 0))} "
        f"{x.event.data['column']} column ({x.cards()})."
    ),
    "vg_attack": lambda x: (
        f"{x.subject()} {x.verb('attack')} {x.card(1, 'a unit')} with {_attackers(x)}"
        + (f", boosted by {x.card(2, 'a unit')}" if x.event.data.get("boost") else "")
        + f" ({x.event.data['power']} against {x.event.data['target_power']})."
        + _entered(x)
        + (
            ' "When ... attacks" and "when ... boosts" abilities resolve before the guard step (7.4.1.12).'
            if x.event.data.get("hold")
            else ""
        )
    ),
    "vg_attack_step_done": lambda x: (
        f"{x.subject()} {x.verb('end')} the attack step: on to the guard step (7.4.1.13)."
    ),
    "vg_guard": lambda x: (
        f"{x.subject()} {x.verb('guard')} with {x.cards()} (shield {x.event.data['shield']}; "
        f"the attacked unit now has {x.event.data.get('power', '?')} power)." + _entered(x)
    ),
    "vg_intercept": lambda x: (
        f"{x.subject()} {x.verb('intercept')} with {x.cards()} (shield "
        f"{x.event.data['shield']}; the attacked unit now has {x.event.data.get('power', '?')} power)."
        + _entered(x)
    ),
    "vg_pass": lambda x: (
        f"{x.subject()} {x.verb('guard')} no more"
        + (" (nothing left to guard with)" if x.event.data.get("auto") else "")
        + "."
    ),
    "vg_check": lambda x: (
        f"{x.subject()} {x.verb('reveal')} {x.cards()} for a "
        f"{'drive' if x.event.data.get('check') == 'drive' else 'damage'} check."
    ),
    "vg_after_check": lambda x: f"{x.cards()[0].upper()}{x.cards()[1:]} {_are(x)} put into {_to(x)}.",
    "vg_trigger": lambda x: (
        f"{_TRIGGER_TEXT.get(str(x.event.data['trigger']), 'A trigger')[0].upper()}"
        f"{_TRIGGER_TEXT.get(str(x.event.data['trigger']), 'A trigger')[1:]}! (power {x.event.data['power']})"
    ),
    "vg_no_trigger": lambda x: (
        f"{x.card(0, 'a unit')} shares no clan with {x.whose(int(x.event.actor or 0))} units: "
        "its trigger does nothing (7.6.1.2.4, 9.6.5)."
    ),
    "vg_declare": lambda x: (
        f"{x.subject()} {x.verb('declare')} "
        f"{_TRIGGER_TEXT.get(str(x.event.data['trigger']), 'a trigger')} (power {x.event.data['power']})."
    ),
    "vg_effect": lambda x: {
        "critical": f"{x.subject()} {x.verb('give')} {x.card(0, 'a unit')} +1 critical until end of turn.",
        "power": f"{x.subject()} {x.verb('give')} {x.card(0, 'a unit')} +{x.event.data['amount']} power "
        "until end of turn.",
        "stand": f"{x.subject()} {x.verb('stand')} {x.card(0, 'a unit')}.",
        "no_stand": f"{x.subject()} {x.verb('choose')} {x.card(0, 'a unit')}, not a rear-guard: it does "
        "not stand (2.8.1.1.4).",
    }[str(x.event.data["what"])],
    "vg_front": lambda x: (
        f"{x.subject()} {x.verb('give')} the front row ({x.cards()}) "
        f"+{x.event.data['amount']} power until end of turn."
    ),
    "vg_heal": lambda x: f"{x.subject()} {x.verb('heal')} {x.cards()} from {_from(x)}.",
    "vg_battle": lambda x: (
        "The attack does not hit: a unit of the battle left its circle (7.7.1.3)."
        if x.event.data.get("gone")
        else f"{x.card(0, 'a unit')} ({x.event.data['power']}) against {x.card(1, 'a unit')} "
        f"({x.event.data['target_power']}): "
        + ("the attack hits (7.7.1.2)." if x.event.data["hit"] else "the attack does not hit (7.7.1.2).")
    ),
    "vg_damage": lambda x: (
        f"{x.card(0, 'a unit')} deals {x.event.data['amount']} damage to {_whose(x)} vanguard (7.7.1.5)."
    ),
    "vg_retire": lambda x: f"{x.cards()[0].upper()}{x.cards()[1:]} {_are(x)} retired to {_to(x)}{_rule(x)}.",
    "vg_rule": lambda x: f"{x.cards()[0].upper()}{x.cards()[1:]} {_are(x)} put into {_to(x)}{_rule(x)}.",
    "vg_enter_standing": lambda x: (
        f"{x.cards()[0].upper()}{x.cards()[1:]} {_are(x)} put on {_to(x)} standing{_rule(x)}."
    ),
    "vg_g_return": lambda x: (
        f"{x.cards()[0].upper()}{x.cards()[1:]} {_are(x)} returned to {_to(x)}{_rule(x)}."
    ),
    "vg_g_assist_reveal": lambda x: (
        f"{x.subject()} {x.verb('reveal')} {x.whose(int(x.event.actor or 0))} hand for a G assist: "
        f"{x.cards()}{_rule(x)}."
    ),
    "vg_g_assist_look": lambda x: (
        f"{x.subject()} {x.verb('look')} at {x.cards()} from the top of the deck{_rule(x)}."
    ),
    "vg_g_assist_show": lambda x: f"{x.subject()} {x.verb('show')} {x.cards()}{_rule(x)}.",
    "vg_g_assist_take": lambda x: f"{x.subject()} {x.verb('put')} {x.cards()} into {_to(x)}.",
    "vg_legion": lambda x: (
        f"{x.subject()} {x.verb('put')} {x.cards()} beside {x.whose(int(x.event.actor or 0))} vanguard: "
        f"they are in a legion state (10.25.1)"
        + (f", by {x.event.data['source']}" if x.event.data.get("source") else ", by Seek Mate (11.10.2)")
        + "."
    ),
    "vg_seek_cost": lambda x: (
        f"{x.subject()} {x.verb('put')} {x.cards()} from {_from(x)} on top of {_to(x)} "
        "(Seek Mate's cost, 11.10.2)."
    ),
    "vg_seek_none": lambda x: f"{x.subject()} {x.verb('take')} no card with Seek Mate (11.10.2).",
    "vg_legion_end": lambda x: (
        f"{_whose(x).capitalize() if _whose(x) == 'your' else _whose(x)} vanguards are no longer in "
        f"a legion state{_rule(x)}."
    ),
    "vg_legion_follows": lambda x: (
        f"{x.cards()[0].upper()}{x.cards()[1:]} {'stands' if x.event.data['stand'] else 'rests'} "
        f"with its legion{_rule(x)}."
    ),
    "vg_modify": lambda x: (
        f"{x.subject()} {x.verb('give')} {x.card(0, 'a unit')} "
        + " and ".join(
            part
            for part in (
                f"{int(x.event.data['power']):+d} power" if x.event.data["power"] else "",
                f"{int(x.event.data['critical']):+d} critical" if x.event.data["critical"] else "",
            )
            if part
        )
        + f" {_POWER_UNTIL[str(x.event.data['until'])]}"
        + (f", by {x.event.data['source']}" if x.event.data.get("source") else "")
        + f" (power now {x.event.data['total']}"
        + (f", printed {x.event.data['printed']})." if x.event.data.get("printed") is not None else ").")
    ),
}
