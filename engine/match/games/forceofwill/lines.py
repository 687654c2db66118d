"""Log lines of Force of Will's events, per viewer: a card is named only to who may see it."""

from __future__ import annotations

from collections.abc import Callable

from engine.match.games.forceofwill.chase import payment_words
from engine.match.render import Line


def _player(line: Line, seat: int) -> str:
    return line.name(seat)


def _own(line: Line) -> str:
    """The acting player's possessive as this viewer reads it: "your" for them, "their" for others."""
    actor = line.event.actor
    return "their" if actor is None else line.whose(actor)


def _will(pay: list[str]) -> str:
    return ", ".join(pay)


def _mulligan(line: Line) -> str:
    count = int(line.event.data["count"])
    if not count:
        return f"{line.subject()} {line.verb('keep')} {_own(line)} opening hand (405.5)."
    cards = "a card" if count == 1 else f"{count} cards"
    return f"{line.subject()} {line.verb('mulligan')} {cards} (405.5a)."


def _first_draw(line: Line) -> str:
    """502.1-502.5: the game's first draw phase, with no draw and no trigger declared, has no
    priority sequence."""
    return (
        f"{line.subject()} {line.verb('play', 'plays')} first; the game's first draw phase has no draw "
        "and no trigger, so no priority sequence (502.1-502.5)."
    )


def _game_triggers(line: Line) -> str:
    """502.1-502.2: who declared, with their mulligan decision, abilities that trigger as the first
    draw phase begins; the turn player has priority for them."""
    names = [line.name(int(seat)) for seat in line.event.data["seats"]]
    who = " and ".join(names)
    verb = "trigger" if len(names) > 1 or int(line.event.data["seats"][0]) == line.viewer else "triggers"
    return (
        f"{who[0].upper()}{who[1:]} {verb} abilities as the game's first draw phase begins: its priority "
        "sequence opens (502.1)."
    )


def _call(line: Line) -> str:
    rest, call = line.verb("rest"), line.verb("call")
    return f"{line.subject()} {rest} {line.card(0)} and {call} {line.card(1)} (710.1)."


def _produce(line: Line) -> str:
    will = _will(line.event.data["will"])
    if line.event.data.get("coin"):
        banish = line.verb("banish", "banishes")
        coin = f"{_own(line)} will coin"
        return f"{line.subject()} {banish} {coin} to produce {will} will (1119.2)."
    return f"{line.subject()} {line.verb('rest')} {line.cards()} to produce {will} will."


def _pay(line: Line) -> str:
    return f"{line.subject()} {line.verb('pay')} {payment_words(line.event.data['will'])}."


def _paying(line: Line) -> str:
    """What was paid ("nothing" included, 903.2l); with a declared cost change, next to the printed
    cost (shown only to who sees the card) and the change's text (903.2k)."""
    data = line.event.data
    pay = data.get("pay") or []
    paid = f"paying {payment_words(pay)}"
    change = data.get("change")
    if change is None:
        return paid
    cost = data.get("cost")
    seen = bool(line.event.cards) and bool(line.event.cards[0][1] & line.bit)
    printed = f" instead of its printed cost {cost}" if cost is not None and seen else ""
    return f"{paid}{printed} (cost changed: {change})"


def _play(line: Line) -> str:
    return f"{line.subject()} {line.verb('play')} {line.cards()} onto the chase, {_paying(line)}."


def _ability(line: Line) -> str:
    source = f" of {line.card(0)}" if line.event.cards else ""
    paid = f" ({_paying(line)})" if "pay" in line.event.data else ""
    put = line.verb("put")
    return f"{line.subject()} {put} an ability{source} on the chase{paid}: {line.event.data['text']}"


def _resolving(line: Line) -> str:
    what = line.card(0) if line.event.cards else f'"{line.event.data["text"]}"'
    who, carry = line.name(line.event.actor), line.verb("carry", "carries")
    return f"Both players passed: {what} resolves; {who} {carry} it out (605.1)."


def _resolved(line: Line) -> str:
    to = line.event.data.get("to")
    if to is None:
        text = line.event.data.get("text", "")
        return f'{line.subject()} {line.verb("finish", "finishes")} resolving "{text}".'
    where = line.zone(int(to))
    if line.event.data.get("alone"):
        return f"{line.cards()} enters {where}: it has nothing to carry out (702.3)."
    return f"{line.subject()} {line.verb('finish', 'finishes')} resolving {line.cards()}: it goes to {where}."


def _judgment(line: Line) -> str:
    paid = f", {_paying(line)}" if "pay" in line.event.data else ""
    return f"{line.subject()} {line.verb('play')} the judgment process of {line.card(0)} (705){paid}."


def _jruler(line: Line) -> str:
    return f"{line.cards()} goes into the field J-ruler side up (705.3a)."


def _battle(line: Line) -> str:
    return f"{line.subject()} {line.verb('initiate')} a battle (704)."


def _changes(line: Line) -> str:
    """Entered ATK/DEF that differ from the card data, next to it, with the card or effect named."""
    changes = line.event.data.get("changes") or []
    if not changes:
        return ""
    parts = [
        f"{line.card(int(index))}'s {stat} {value} instead of {known}"
        for index, stat, value, known in changes
    ]
    because = line.event.data.get("because")
    why = f" (because: {because})" if because else " (entered)"
    return "; " + ", ".join(parts) + why


def _attack(line: Line) -> str:
    target = line.event.data["target"]
    what = line.card(1) if target[0] == "card" else line.name(int(target[1]))
    attack = f"{line.subject()} {line.verb('attack')} {what} with {line.card(0)}"
    return f"{attack} (ATK {line.event.data['atk']}){_changes(line)}."


def _forfeit(line: Line) -> str:
    return f"{line.subject()} {line.verb('forfeit')} the attack (803.3)."


def _block(line: Line) -> str:
    block = f"{line.subject()} {line.verb('block')} with {line.card(0)}"
    return f"{block} (ATK {line.event.data['atk']}){_changes(line)}."


def _battle_damage(line: Line) -> str:
    parts = []
    for source, kind, to, amount, life in line.event.data["hits"]:
        if kind == "player":
            whom = line.name(int(to))
            parts.append(f"{line.card(int(source))} deals {amount} damage to {whom} (life {life})")
        else:
            parts.append(f"{line.card(int(source))} deals {amount} damage to {line.card(int(to))}")
    step = "first strike" if line.event.data.get("first") else "battle"
    return f"{'; '.join(parts)} ({step} damage, 805-806)."


def _damage(line: Line) -> str:
    data = line.event.data
    if data.get("player") is not None:
        whom = line.name(int(data["player"]))
        return (
            f"{line.subject()} {line.verb('deal')} {data['amount']} damage to {whom} (life {data['life']})."
        )
    return f"{line.subject()} {line.verb('deal')} {data['amount']} damage to {line.cards()}."


def _destroy(line: Line) -> str:
    jruler = line.event.data.get("jruler")
    if line.event.data.get("no_def"):
        if jruler:
            return f"{line.cards()} has 0 or less DEF and goes back to the ruler area, astral (1205.6)."
        return f"{line.cards()} has 0 or less DEF and is put into the graveyard (1205.1)."
    if jruler:
        return f"{line.cards()} is destroyed and goes back to the ruler area, astral (1204.1, 1010.1)."
    return f"{line.cards()} is destroyed (1204.1)."


def _counters(line: Line) -> str:
    return (
        f"{line.event.data['count']} pairs of +100/+100 and -100/-100 counters leave {line.cards()} (1203)."
    )


def _round(line: Line) -> str:
    whose = line.whose(int(line.event.data["player"]))
    return f"{whose[0].upper()}{whose[1:]} life is rounded up to {line.event.data['life']} (1206.1)."


def _recovery(line: Line) -> str:
    if line.event.data.get("skipped"):
        whose = _own(line)
        return f"{line.subject()} {line.verb('skip')} the recovery phase of {whose} first turn (503.1)."
    return f"{line.subject()} {line.verb('recover')} {line.event.data['count']} card(s) (503.5)."


def _hand_size(line: Line) -> str:
    return f"{line.subject()} must discard {line.event.data['count']} card(s) down to 7 (505.5)."


def _discard(line: Line) -> str:
    return f"{line.subject()} {line.verb('discard')} {line.cards()} down to 7 (505.5)."


def _deckout(line: Line) -> str:
    return f"{line.subject()} must draw but {line.verb('have', 'has')} no cards in the deck (1202.2)."


LINES: dict[str, Callable[[Line], str]] = {
    "fow_mulligan": _mulligan,
    "fow_first_draw": _first_draw,
    "fow_game_triggers": _game_triggers,
    "fow_call": _call,
    "fow_produce": _produce,
    "fow_pay": _pay,
    "fow_play": _play,
    "fow_ability": _ability,
    "fow_resolving": _resolving,
    "fow_resolved": _resolved,
    "fow_judgment": _judgment,
    "fow_jruler": _jruler,
    "fow_battle": _battle,
    "fow_attack": _attack,
    "fow_forfeit": _forfeit,
    "fow_block": _block,
    "fow_battle_damage": _battle_damage,
    "fow_damage": _damage,
    "fow_destroy": _destroy,
    "fow_counters": _counters,
    "fow_round": _round,
    "fow_recovery": _recovery,
    "fow_hand_size": _hand_size,
    "fow_discard": _discard,
    "fow_deckout": _deckout,
}
