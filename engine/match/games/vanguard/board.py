"""Vanguard's working context: :class:`VgBoardWork` is the engine's
:class:`~engine.match.work.BoardWork` (one state, a new board and the events an action makes; data,
zones, moves, orientation 3.17, shuffles 10.11, log events, step changes) with what only Vanguard
needs: circles and the vanguard (4.6), printed numbers 2.4-2.7 and entered ones, the legion state
(10.25), modifiers, prompts, retiring (10.4). The procedures build on it:
:mod:`.battle` (Section 7), :mod:`.triggers` (7.6.1.2, 9.6, 2.8.1.1), :mod:`.rule_actions` (Section 9)
and :mod:`.steps` (Section 6), whose :class:`~engine.match.games.vanguard.steps.Work` joins them and is what
handlers and ``settle`` use. Game data it keeps on the board
(frozen JSON, :meth:`engine.match.state.Board.data`):

- ``started``: the game has begun (Stand Up, 6.1.1); ``redrawn``: seats done with 5.4.3.4;
- ``ride_done`` / ``stride_done``: this turn's normal ride (6.5.1.1.2) and stride (6.5.1.2.2);
  ``grade_at_start``: the turn player's vanguard grade when the turn began (8.5.2.1.1.3);
  ``end_done``: the end phase's automatic part ran this turn (6.8.1.1);
- ``g_units``: the card ids that began in a G zone (G units, 3.8.1.1, for 4.6.9 and 6.8.1.1.1);
- ``mods``: ``[card, power, critical, "turn" | "battle"]`` changes: trigger effects, shields
  (3.11.3), players' :class:`VgModify`; they end with the turn (6.8.1.4) or the battle (7.8.1.2),
  and when the card leaves the field (4.1.4);
- ``legion``: per player, ``[leader, mate]`` while their vanguards are in a legion state (10.25.2);
  ``legioned``: the cards that have ever been in one (Seek Mate asks for a vanguard that never was,
  11.10.2); ``vc_new``: per player, the cards one action put on the vanguard circle together, when
  there were several (the units "placed last" of 9.3.3-9.3.5), until the rule actions have looked;
- ``declared``: numbers the players entered for cards without card data, by card id;
- ``battle``: the battle in progress (7.1.2): attacker, target, booster by card and circle, drive,
  drive checks done, whether it hit;
- ``check``: the card of a drive or damage check waiting in the trigger zone for its trigger's choices;
- ``prompts``: the choices a player must make now (trigger targets, a ride from the soul, the unit kept
  on an overloaded vanguard circle 9.3.3-9.3.5, the end of a G assist 6.4.1.2.5), in order.
"""

from __future__ import annotations

from typing import Any

from engine.match.events import Event, seen_mask
from engine.match.games.vanguard.spec import CIRCLES, FIELD, GC, VC
from engine.match.games.vanguard.stats import STAND
from engine.match.state import Board
from engine.match.work import BoardWork


class VgBoardWork(BoardWork):
    """A board being changed by one action, with the events it makes (see the module doc): the
    engine's working context (:class:`engine.match.work.BoardWork`) with Vanguard's circles, grades,
    printed numbers, legion state, modifiers and prompts."""

    # Reading -----------------------------------------------------------------------------------

    def unit(self, circle: str, player: int) -> int | None:
        """The card on a circle (the top one: the vanguard over its hearts, 10.27), if any."""
        ids = self.ids(circle, player)
        return ids[0] if ids else None

    def vanguard(self, player: int) -> int | None:
        return self.unit(VC, player)

    def where(self, card_id: int) -> tuple[str, int] | None:
        """The field circle and player of a card on the field, if it is on one."""
        for player in (0, 1):
            for circle in FIELD:
                if card_id in self.ids(circle, player):
                    return circle, player
        return None

    def declared(self, card_id: int, name: str) -> int | None:
        entry = dict(self.data("declared", ())).get(str(card_id))
        value = dict(entry).get(name) if entry else None
        return value if isinstance(value, int) else None

    def declare(self, card_id: int, **values: int | None) -> None:
        table = {key: dict(entry) for key, entry in self.data("declared", ())}
        entry = table.setdefault(str(card_id), {})
        entry.update({name: value for name, value in values.items() if value is not None})
        self.set(declared=table)

    def grade(self, card_id: int | None) -> int | None:
        if card_id is None:
            return None
        value = self.ref(card_id).stat("grade")
        return value if isinstance(value, int) else None

    def base(self, card_id: int, name: str) -> int | None:
        """A printed number (2.5 power, 2.6 shield, 2.7 critical) from card data or the players'
        entry; shield 0 (3.11.2) and critical 1 for a card with data that lacks them."""
        value = self.ref(card_id).stat(name)
        if isinstance(value, int):
            return value
        if self.ref(card_id).stats and name in ("shield", "critical"):
            return 0 if name == "shield" else 1
        return self.declared(card_id, name)

    def legion(self, player: int) -> tuple[int, int] | None:
        """The player's Legion Leader and Legion Mate while they are in a legion state (10.25.2)."""
        entry = (self.data("legion") or (None, None))[player]
        return None if entry is None else (int(entry[0]), int(entry[1]))

    def set_legion(self, player: int, pair: tuple[int, int] | None) -> None:
        table = [None if e is None else list(e) for e in (self.data("legion") or (None, None))]
        table[player] = None if pair is None else list(pair)
        self.set(legion=table if any(e is not None for e in table) else None)

    def mods(self) -> list[list[Any]]:
        return [list(mod) for mod in self.data("mods", ())]

    def damage_count(self, player: int) -> int:
        return len(self.ids("damage", player))

    def vanguard_damage(self, player: int) -> int:
        return self.board.values[player][0]

    # Writing -----------------------------------------------------------------------------------

    def set_vanguard_damage(self, player: int, value: int) -> None:
        values = list(self.board.values)
        values[player] = (value, *values[player][1:])
        self.board = self.board.evolve(values=tuple(values))

    def add_mod(self, card_id: int, power: int, critical: int, until: str) -> None:
        self.set(mods=[*self.mods(), [card_id, power, critical, until]])

    def prompt(self, player: int, kind: str, amount: int = 0, **extra: Any) -> None:
        prompts = [dict(p) for p in self.data("prompts", ())]
        prompts.append({"player": player, "kind": kind, "amount": amount, **extra})
        self.set(prompts=prompts)

    def stand_arrivals(self, before: Board) -> None:
        """The field is one zone group (circle to circle keeps a card's state, 4.1.4), but a card
        moved to the vanguard circle from another circle is put there standing (4.6.4.1: from
        anywhere other than by striding, including a rear-guard circle), and so is a card moved to a
        rear-guard circle from the vanguard or guardian circle (4.6.6.1; from another rear-guard
        circle it keeps its orientation, 4.6.6.2). ``before`` is the board before the action. Cards
        from outside the field already enter standing (the circles' default orientation)."""
        was: dict[int, tuple[str, int]] = {}
        for player in (0, 1):
            for circle in FIELD:
                for card_id in before.zones[self.slot(circle, player)]:
                    was[card_id] = (circle, player)
        for player in (0, 1):
            for circle in CIRCLES:
                arrived = []
                for card_id in self.ids(circle, player):
                    source = was.get(card_id)
                    if source is None or source == (circle, player):
                        continue
                    to_vanguard = circle == VC
                    if (to_vanguard or source[0] in (VC, GC)) and self.card(card_id).orientation != STAND:
                        arrived.append(card_id)
                if arrived:
                    self.orient(arrived, STAND)
                    rule = "4.6.4.1" if circle == VC else "4.6.6.1"
                    to = self.slot(circle, player)
                    self.emit("vg_enter_standing", None, tuple(arrived), to=to, rule=rule)

    def to_drop(self, cards: list[int], player: int, rule: str) -> None:
        """Retire cards (10.4): to the drop zone, G units to the G zone face up (4.6.9)."""
        g_units = set(self.data("g_units", ()))
        g = [c for c in cards if c in g_units]
        rest = [c for c in cards if c not in g_units]
        self.move(None, rest, "drop", player, kind="vg_retire", rule=rule)
        self.move(None, g, "gzone", player, kind="vg_retire", face="up", rule=rule)

    def keep_vanguard(self, player: int, keep: int, rule: str) -> None:
        """Keep one unit on the vanguard circle and put the others into the soul (9.3)."""
        extra = [c for c in self.ids(VC, player) if c != keep]
        self.move(None, extra, "soul", player, kind="vg_rule", rule=rule)

    def note_vanguard_arrivals(self, before: Board) -> None:
        """Remember the cards an action put on a vanguard circle together, when there are several:
        they are the units "placed last" of 9.3.3-9.3.5 (``vc_new``)."""
        arrived: list[list[int]] = []
        for player in (0, 1):
            old = set(before.zones[self.slot(VC, player)])
            arrived.append([c for c in self.ids(VC, player) if c not in old])
        if any(len(cards) > 1 for cards in arrived):
            self.set(vc_new=arrived)

    def legion_follows(self, before: Board) -> None:
        """10.25.10: when the Legion Leader or the Legion Mate is stood or rested, the other takes the
        same state (``before`` is the board before the action)."""
        for player in (0, 1):
            pair = self.legion(player)
            if pair is None:
                continue
            leader, mate = (self.card(c).orientation for c in pair)
            if leader == mate:
                continue
            mate_moved = before.cards[pair[1]].orientation != mate
            leader_moved = before.cards[pair[0]].orientation != leader
            follower, state = (pair[0], mate) if mate_moved and not leader_moved else (pair[1], leader)
            self.orient([follower], state)
            self.emit(
                "vg_legion_follows", None, (follower,), player=player, stand=state == STAND, rule="10.25.10"
            )

    def learn(self, kind: str, actor: int, cards: list[int], mask: int, **data: Any) -> None:
        """Show cards to the players of ``mask`` (a reveal, a look): they know them from now on, and
        the event names them to those who saw them."""
        everyone = self.match.all
        new = list(self.board.cards)
        mentions = []
        for card_id in cards:
            old = new[card_id]
            new[card_id] = old.with_known(old.known | mask)
            mentions.append((old.ref, seen_mask(old.known, new[card_id].known, everyone)))
        self.board = self.board.evolve(cards=tuple(new))
        self.events.append(Event(kind, actor, tuple(mentions), data))
