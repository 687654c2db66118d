"""Log lines, rendered per viewer: "Bob draws a card" for Alice, "You draw Blaster Blade" for Bob
(docs/architecture.md, Invariants: "Log lines are rendered per viewer").

A card's name appears in a viewer's line only if the event's mention lets that viewer see it
(:mod:`engine.match.events`); otherwise the line says "a card" or "3 cards". Card names and player
names are printed as they are: escaping for Discord (mentions, markdown) belongs to the one message
builder of the bot layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.match.events import SEEN_SPECTATOR, Event
from engine.match.state import Match, MatchState

Viewer = int | None


_LINES: dict[str, Callable[[Line], str]] = {}


def register_line(kind: str, write: Callable[[Line], str]) -> None:
    """How a game-specific event kind reads. ``write`` gets a :class:`Line`, whose helpers
    (``subject``, ``verb``, ``cards``, ``zone``...) already respect who may see which card."""
    _LINES[kind] = write


def render(event: Event, state: MatchState, viewer: Viewer) -> str:
    """The line a viewer (a seat, or None for a spectator) reads for an event of this match."""
    return Line(state.match, event, viewer).text()


def render_all(events: Iterable[Event], state: MatchState, viewer: Viewer) -> list[str]:
    """The lines a viewer reads for a list of events."""
    return [render(event, state, viewer) for event in events]


def _plural(count: int, word: str) -> str:
    return f"a {word}" if count == 1 else f"{count} {word}s"


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


class Line:
    """One event as one viewer reads it; the helpers never name a card the viewer may not see."""

    def __init__(self, match: Match, event: Event, viewer: Viewer) -> None:
        self.match = match
        self.event = event
        self.viewer = viewer
        self.bit = SEEN_SPECTATOR if viewer is None else 1 << viewer

    # Words -------------------------------------------------------------------------------------

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "The game"
        return "you" if seat == self.viewer else self.match.players[seat]

    def subject(self) -> str:
        name = self.name(self.event.actor)
        return name[0].upper() + name[1:]

    def verb(self, base: str, third: str | None = None) -> str:
        if self.event.actor is not None and self.event.actor == self.viewer:
            return base
        return third or (base + "s")

    def whose(self, seat: int) -> str:
        if seat == self.viewer:
            return "your"
        if seat == self.event.actor:
            return "their"
        return f"{self.match.players[seat]}'s"

    def zone(self, slot: int) -> str:
        label = self.match.slot_spec[slot].label
        player = self.match.slot_player[slot]
        if player is None:
            return f"the {label}"
        return f"{self.whose(player)} {label}"

    def card(self, index: int, absent: str = "a card") -> str:
        """The event's card at ``index`` by name if this viewer sees it, else "a card"; ``absent`` if
        the event has no card there."""
        if index >= len(self.event.cards):
            return absent
        ref, seen = self.event.cards[index]
        return self.match.table[ref].name if seen & self.bit else "a card"

    def visible(self) -> list[str]:
        return [self.match.table[ref].name for ref, seen in self.event.cards if seen & self.bit]

    def cards(self) -> str:
        names = self.visible()
        hidden = len(self.event.cards) - len(names)
        if hidden:
            names.append(_plural(hidden, "card"))
        return _join(names) or "no cards"

    def listing(self) -> str:
        """': A, B and 2 cards' if the viewer sees at least one name, else ''."""
        names = self.visible()
        if not names:
            return ""
        hidden = len(self.event.cards) - len(names)
        if hidden:
            names.append(_plural(hidden, "other card"))
        return ": " + _join(names)

    def ends(self, data: dict[str, object]) -> str:
        count = int(data["count"])  # type: ignore[call-overload]
        cards = "card" if count == 1 else f"{count} cards"
        return f"the {data['end']} {cards} of {self.zone(int(data['zone']))}"  # type: ignore[call-overload]

    def audience(self, to: object) -> str:
        if to == "everyone":
            return "everyone"
        other = 1 - int(self.event.actor or 0)
        return self.name(other)

    # Lines -------------------------------------------------------------------------------------

    def text(self) -> str:
        if self.event.kind not in _LINES:
            from engine.match.game import all_definitions

            all_definitions()  # a game's lines are registered with its definition
        if self.event.kind in _LINES:
            return _LINES[self.event.kind](self)
        method = getattr(self, "_" + self.event.kind, None)
        if method is None:
            return f"{self.subject()} {self.verb('do', 'does')} something ({self.event.kind})."
        return str(method())

    def _opening(self) -> str:
        """The match's start: who goes first and how many cards each zone holds (no names)."""
        data = self.event.data
        first = self.name(int(data["first"]))
        parts = [f"{first[0].upper() + first[1:]} {'go' if data['first'] == self.viewer else 'goes'} first."]
        by_player: dict[int | None, list[str]] = {}
        for slot, count in data["zones"]:
            by_player.setdefault(self.match.slot_player[slot], []).append(
                f"{self.match.slot_spec[slot].label} {count}"
            )
        for seat, zones in by_player.items():
            who = "Shared" if seat is None else self.name(seat)
            parts.append(f"{who[0].upper() + who[1:]}: {', '.join(zones)}.")
        return " ".join(parts)

    def _draw(self) -> str:
        return f"{self.subject()} {self.verb('draw')} {self.cards()}."

    def _move(self) -> str:
        data = self.event.data
        sources = _join([self.zone(slot) for slot in data["from"]])
        dest = int(data["to"])
        where = self.zone(dest)
        if self.match.slot_spec[dest].ordered:
            at = data["at"]
            if at in ("top", "bottom"):
                where = f"the {at} of {where}"
            else:
                where = f"position {int(at) + 1} of {where}"
        face = f" face {data['face']}" if data.get("face") else ""
        return f"{self.subject()} {self.verb('move')} {self.cards()} from {sources} to {where}{face}."

    def _shuffle(self) -> str:
        return f"{self.subject()} {self.verb('shuffle')} {self.zone(int(self.event.data['zone']))}."

    def _look(self) -> str:
        return f"{self.subject()} {self.verb('look')} at {self.ends(self.event.data)}{self.listing()}."

    def _reveal(self) -> str:
        to = self.audience(self.event.data["to"])
        return f"{self.subject()} {self.verb('reveal')} {self.cards()} to {to}."

    def _reveal_top(self) -> str:
        to = self.audience(self.event.data["to"])
        return f"{self.subject()} {self.verb('reveal')} {self.ends(self.event.data)} to {to}{self.listing()}."

    def _reveal_hand(self) -> str:
        to = self.audience(self.event.data["to"])
        zone = self.zone(int(self.event.data["zone"]))
        listing = self.listing() if self.event.cards else " (it is empty)"
        return f"{self.subject()} {self.verb('reveal')} {zone} to {to}{listing}."

    def _search(self) -> str:
        zone = self.zone(int(self.event.data["zone"]))
        return f"{self.subject()} {self.verb('search', 'searches')} {zone}."

    def _orient(self) -> str:
        orientation = self.match.spec.orientations[int(self.event.data["orientation"])]
        return f"{self.subject()} {self.verb(orientation.name, orientation.verb_s)} {self.cards()}."

    def _flip(self) -> str:
        face = self.event.data.get("face")
        if face is None:
            return f"{self.subject()} {self.verb('turn')} over {self.cards()}."
        return f"{self.subject()} {self.verb('turn')} {self.cards()} face {face}."

    def _counter(self) -> str:
        amount = int(self.event.data["amount"])
        counters = f"{abs(amount)} '{self.event.data['name']}' counter{'s' if abs(amount) != 1 else ''}"
        if amount > 0:
            return f"{self.subject()} {self.verb('put')} {counters} on {self.cards()}."
        return f"{self.subject()} {self.verb('remove')} {counters} from {self.cards()}."

    def _pair(self) -> tuple[str, str]:
        (card_ref, card_seen), (host_ref, host_seen) = self.event.cards
        card = self.match.table[card_ref].name if card_seen & self.bit else "a card"
        host = self.match.table[host_ref].name if host_seen & self.bit else "a card"
        return card, host

    def _attach(self) -> str:
        card, host = self._pair()
        return f"{self.subject()} {self.verb('put')} {card} under {host}."

    def _detach(self) -> str:
        card, host = self._pair()
        return f"{self.subject()} {self.verb('take')} {card} out from under {host}."

    def _control(self) -> str:
        player = int(self.event.data["player"])
        to = self.name(player)
        if player == self.event.actor:
            to = "yourself" if player == self.viewer else "themselves"
        return f"{self.subject()} {self.verb('give')} control of {self.cards()} to {to}."

    def _value(self) -> str:
        data = self.event.data
        whose = self.whose(int(data["player"]))
        name = str(data["name"]).replace("_", " ")
        change = f"{int(data['delta']):+d}"
        return f"{self.subject()} {self.verb('set')} {whose} {name} to {data['value']} ({change})."

    def _coin(self) -> str:
        side = "heads" if self.event.data["heads"] else "tails"
        return f"{self.subject()} {self.verb('flip')} a coin: {side}."

    def _die(self) -> str:
        rolls = self.event.data["rolls"]
        dice = f"{'a ' if len(rolls) == 1 else len(rolls)}d{self.event.data['sides']}"
        return f"{self.subject()} {self.verb('roll')} {dice}: {', '.join(str(r) for r in rolls)}."

    def _priority(self) -> str:
        to = self.name(int(self.event.data["to"]))
        return f"{self.subject()} {self.verb('pass', 'passes')} priority to {to}."

    def _step(self) -> str:
        phase_index, step_index = int(self.event.data["phase"]), int(self.event.data["step"])
        phase = self.match.spec.phases[phase_index]
        step = phase.steps[step_index].name
        where = f"the {phase.name} phase".replace("_", " ")
        if len(phase.steps) > 1 or step != phase.name:
            where = f"the {step} step of {where}".replace("_", " ")
        return f"{self.subject()} {self.verb('move')} to {where}."

    def _turn(self) -> str:
        active = int(self.event.data["active"])
        whose = "your" if active == self.viewer else f"{self.match.players[active]}'s"
        return (
            f"{self.subject()} {self.verb('end')} the turn; turn {self.event.data['turn']} is {whose} turn."
        )

    def _concede(self) -> str:
        return f"{self.subject()} {self.verb('concede')}."

    def _time_out(self) -> str:
        return f"{self.subject()} {self.verb('run')} out of time; the win is claimed."

    def _end(self) -> str:
        data = self.event.data
        winner = data["winner"]
        if winner is None:
            result = "it is a draw"
        elif winner == self.viewer:
            result = "you win"
        else:
            result = f"{self.match.players[int(winner)]} wins"
        return f"The match is over ({data['reason']}): {result}; its seed was {data['seed']}."

    def _draw_offer(self) -> str:
        return f"{self.subject()} {self.verb('offer')} a draw."

    def _draw_accepted(self) -> str:
        return f"{self.subject()} {self.verb('accept')} the draw."

    def _draw_declined(self) -> str:
        return f"{self.subject()} {self.verb('decline')} the draw."

    def _draw_withdrawn(self) -> str:
        return f"{self.subject()} {self.verb('withdraw')} the draw offer."

    def _note(self) -> str:
        return f"{self.subject()} {self.verb('note')}: {self.event.data['text']}"

    def _undo_request(self) -> str:
        whose = "your" if self.event.actor == self.viewer else "their"
        return f"{self.subject()} {self.verb('ask')} to undo {whose} last action."

    def _undo(self) -> str:
        requester = int(self.event.data["requester"])
        whose = "your" if requester == self.viewer else f"{self.match.players[requester]}'s"
        return f"{self.subject()} {self.verb('accept')} the undo: {whose} last action is taken back."

    def _undo_declined(self) -> str:
        return f"{self.subject()} {self.verb('decline')} the undo request."

    def _undo_withdrawn(self) -> str:
        return f"{self.subject()} {self.verb('withdraw')} the undo request."
