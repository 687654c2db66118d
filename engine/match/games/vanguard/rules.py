"""Vanguard's procedures on a working copy of the board: stats and power (2.4-2.8, 7.4.1.11, 3.11.3),
the automatic parts of the turn (6.3-6.8, Section 7), drive and damage checks with their triggers
(7.6.1.2, 9.6, 2.8.1.1), rule actions (Section 9) and the losing conditions (1.2.2, 9.2).

:class:`Work` wraps one state and accumulates a new board and the events, so that handlers and
:meth:`Work.run` (what ``settle`` calls) share the building blocks. Game data it keeps on the board
(frozen JSON, :meth:`engine.match.state.Board.data`):

- ``started``: the game has begun (Stand Up, 6.1.1); ``redrawn``: seats done with 5.4.3.4;
- ``ride_done`` / ``stride_done``: this turn's normal ride (6.5.1.1.2) and stride (6.5.1.2.2);
  ``grade_at_start``: the turn player's vanguard grade when the turn began (8.5.2.1.1.3);
  ``end_done``: the end phase's automatic part ran this turn (6.8.1.1);
- ``g_units``: the card ids that began in a G zone (G units, 3.8.1.1, for 4.6.9 and 6.8.1.1.1);
- ``mods``: ``[card, power, critical, "turn" | "battle"]`` changes: trigger effects, shields
  (3.11.3), players' :class:`VgModify`; they end with the turn (6.8.1.4) or the battle (7.8.1.2),
  and when the card leaves the field (4.1.4);
- ``declared``: numbers the players entered for cards without card data, by card id;
- ``battle``: the battle in progress (7.1.2): attacker, target, booster by card and circle, drive,
  drive checks done, whether it hit;
- ``check``: the card of a drive or damage check waiting in the trigger zone for its trigger's choices;
- ``prompts``: the choices a player must make now (trigger targets, a ride from the soul), in order.
"""

from __future__ import annotations

import re
from typing import Any

from engine.match.apply import move_cards, refuse
from engine.match.events import Event, seen_mask
from engine.match.games.vanguard.spec import (
    BACK_OF,
    CIRCLES,
    FIELD,
    FRONT,
    GC,
    PHASE,
    REAR,
    STEP,
    VC,
)
from engine.match.rng import RandomStream, action_context
from engine.match.state import Board, Card, CardRef, MatchState

STAND, REST = 0, 1
DEFAULT_TRIGGER_POWER = 10000
"""Power on a trigger icon (2.8.3) when card data gives none: +10000, as printed in the V series
[inference: the rules give no fixed number]."""
TRIGGERS = ("critical", "draw", "stand", "heal", "front")
ALL_CLANS = "cray elemental"
"""<<Cray Elemental>> belongs to every clan (2.2.5)."""
_HIDDEN_FROM_G = ("hand", "deck", "drop", "soul", "damage", "bind", "trigger")


def trigger_of(ref: CardRef) -> tuple[str, int] | None:
    """The trigger kind and icon power of a card from its stats, ``("none", 0)`` for a card with card
    data and no trigger, None for a card without card data (its check asks the player, 2.8)."""
    if not ref.stats:
        return None
    kind = ref.stat("trigger")
    if not kind:
        return ("none", 0)
    text = str(kind).lower()
    name = next((t for t in TRIGGERS if t in text), "none")
    power = ref.stat("trigger_power")
    if not isinstance(power, int):
        number = re.search(r"(\d{3,})", text)
        power = int(number.group(1)) if number else DEFAULT_TRIGGER_POWER
    return (name, power)


def drive_of(ref: CardRef) -> int | None:
    """Drive (2.17): 1, +1 with Twin Drive!! and +2 with Triple Drive!!! (11.2.3.1, 11.2.4.1; only the
    largest counts, 11.2.2). Without a skill stat: by grade, Twin Drive at grade 3 and Triple Drive at
    grade 4 (G units) [inference: every such unit of this era has it]. None without card data."""
    skill = ref.stat("skill")
    if isinstance(skill, str) and skill:
        text = skill.lower()
        return 3 if "triple" in text else 2 if "twin" in text else 1
    grade = ref.stat("grade")
    if not isinstance(grade, int):
        return None
    return 3 if grade >= 4 else 2 if grade == 3 else 1


class Work:
    """A board being changed by one action, with the events it makes (see the module doc)."""

    def __init__(self, state: MatchState, version: int) -> None:
        self.state = state
        self.match = state.match
        self.board: Board = state.board
        self.version = version
        self.events: list[Event] = []

    # Reading -----------------------------------------------------------------------------------

    def data(self, name: str, default: Any = None) -> Any:
        return self.board.data(name, default)

    def set(self, **changes: Any) -> None:
        self.board = self.board.with_data(**changes)

    def slot(self, zone: str, player: int) -> int:
        return self.match.slot_of[(zone, player)]

    def ids(self, zone: str, player: int) -> tuple[int, ...]:
        return self.board.zones[self.match.slot_of[(zone, player)]]

    def card(self, card_id: int) -> Card:
        return self.board.cards[card_id]

    def ref(self, card_id: int) -> CardRef:
        return self.match.table[self.board.cards[card_id].ref]

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

    def mods(self) -> list[list[Any]]:
        return [list(mod) for mod in self.data("mods", ())]

    def power(self, card_id: int, with_boost: bool = True) -> int:
        """A unit's power now: printed or entered, plus changes, plus its booster's power while both
        stay on their circles (7.4.1.11), plus a G unit's hearts' power (10.28.2.3)."""
        total = self.base(card_id, "power") or 0
        total += sum(mod[1] for mod in self.data("mods", ()) if mod[0] == card_id)
        where = self.where(card_id)
        if where is not None and where[0] == VC and card_id in self.data("g_units", ()):
            for heart in self.ids(VC, where[1])[1:]:
                total += self.base(heart, "power") or 0
        battle = self.data("battle")
        if with_boost and battle is not None:
            b = dict(battle)
            if b["attacker"] == card_id and b.get("booster") is not None and self.boost_holds(b):
                total += self.power(b["booster"], with_boost=False)
        return total

    def critical(self, card_id: int) -> int:
        total = self.base(card_id, "critical") or 0
        return total + sum(mod[2] for mod in self.data("mods", ()) if mod[0] == card_id)

    def boost_holds(self, b: dict[str, Any]) -> bool:
        """Booster and boosted unit both still on their circles (7.4.1.10.1.1)."""
        active = self.board.active
        return b["attacker"] in self.ids(b["attacker_circle"], active) and b["booster"] in self.ids(
            BACK_OF[b["attacker_circle"]], active
        )

    def clans(self, player: int) -> set[str]:
        """Clans of a player's units on the vanguard and rear-guard circles (7.6.1.2.4, 9.6.5)."""
        found = set()
        for circle in CIRCLES:
            for card_id in self.ids(circle, player)[:1]:
                clan = self.ref(card_id).stat("clan")
                if isinstance(clan, str) and clan:
                    found.add(clan.lower())
        return found

    def same_clan(self, card_id: int, player: int) -> bool:
        """7.6.1.2.4, 9.6.5: the checked card shares a clan with a unit on the player's vanguard or
        rear-guard circles (<<Cray Elemental>> with every clan, 2.2.5). Where card data gives no clan
        (the card's or every unit's), the trigger is taken to resolve."""
        clan = self.ref(card_id).stat("clan")
        clans = self.clans(player)
        if not isinstance(clan, str) or not clan or not clans:
            return True
        return clan.lower() in clans or clan.lower() == ALL_CLANS or ALL_CLANS in clans

    def loses(self, player: int) -> str | None:
        """A losing condition the player fulfils now (9.2), or None."""
        if len(self.ids("damage", player)) >= 6:
            return "six or more cards in the damage zone (9.2.2)"
        if not self.ids("deck", player):
            return "no cards in the deck (9.2.3)"
        if self.data("started") and not self.ids(VC, player) and not self.ids("soul", player):
            return "no vanguard and no cards in the soul (9.2.4)"
        return None

    def damage_count(self, player: int) -> int:
        return len(self.ids("damage", player))

    def vanguard_damage(self, player: int) -> int:
        return self.board.values[player][0]

    # Writing -----------------------------------------------------------------------------------

    def emit(self, kind: str, actor: int | None, cards: tuple[int, ...] = (), **data: Any) -> None:
        everyone = self.match.all
        mentions = tuple(
            (
                self.board.cards[c].ref,
                seen_mask(self.board.cards[c].known, self.board.cards[c].known, everyone),
            )
            for c in cards
        )
        self.events.append(Event(kind, actor, mentions, data))

    def move(
        self,
        actor: int | None,
        cards: list[int] | tuple[int, ...],
        zone: str,
        player: int,
        *,
        kind: str = "move",
        position: int | str | None = None,
        face: str | None = None,
        orientation: int | None = None,
        **data: Any,
    ) -> None:
        """Move cards (wherever they are) as one block to a player's zone, with a log event."""
        if not cards:
            return
        picks = [(self._slot_of(card), card) for card in cards]
        dest = self.slot(zone, player)
        who = player if actor is None else actor
        self.board, event = move_cards(
            self.state, self.board, who, picks, dest, position, face, orientation, kind=kind
        )
        event.actor = actor
        event.data.update(data)
        self.events.append(event)

    def _slot_of(self, card_id: int) -> int:
        for slot, ids in enumerate(self.board.zones):
            if card_id in ids:
                return slot
        raise AssertionError(f"card {card_id} is in no zone")

    def orient(self, cards: list[int], orientation: int) -> None:
        new = list(self.board.cards)
        for card_id in cards:
            old = new[card_id]
            new[card_id] = Card(
                old.ref, old.owner, old.controller, old.face_up, orientation, old.counters, old.known
            )
        self.board = self.board.evolve(cards=tuple(new))

    def turn_face_up(self, cards: list[int]) -> None:
        everyone = self.match.all
        new = list(self.board.cards)
        for card_id in cards:
            old = new[card_id]
            new[card_id] = Card(
                old.ref, old.owner, old.controller, True, old.orientation, old.counters, everyone
            )
        self.board = self.board.evolve(cards=tuple(new))

    def set_vanguard_damage(self, player: int, value: int) -> None:
        values = list(self.board.values)
        values[player] = (value, *values[player][1:])
        self.board = self.board.evolve(values=tuple(values))

    def goto(self, step: str, priority: int | None = None) -> None:
        """Move the turn to a step (an automatic advance, logged as the game's)."""
        phase, index = STEP[step]
        who = self.board.active if priority is None else priority
        self.board = self.board.evolve(phase=phase, step=index, priority=who, passes=0)
        self.events.append(Event("step", None, (), {"phase": phase, "step": index}))

    def add_mod(self, card_id: int, power: int, critical: int, until: str) -> None:
        self.set(mods=[*self.mods(), [card_id, power, critical, until]])

    def prompt(self, player: int, kind: str, amount: int = 0) -> None:
        prompts = [dict(p) for p in self.data("prompts", ())]
        prompts.append({"player": player, "kind": kind, "amount": amount})
        self.set(prompts=prompts)

    def shuffle_deck(self, player: int, context: bytes) -> None:
        """Shuffle a deck with the match stream under a Vanguard context (10.11)."""
        slot = self.slot("deck", player)
        ids = self.board.zones[slot]
        stream = RandomStream(self.match.seed, action_context(self.version) + context)
        order = tuple(stream.shuffle(ids))
        cards = list(self.board.cards)
        for card_id in ids:
            cards[card_id] = cards[card_id].with_known(0)
        zones = list(self.board.zones)
        zones[slot] = order
        self.board = self.board.evolve(zones=tuple(zones), cards=tuple(cards))
        self.events.append(Event("shuffle", player, (), {"zone": slot, "count": len(ids)}))

    # Prompts -------------------------------------------------------------------------------------

    def options(self, prompt: dict[str, Any]) -> list[tuple[str, int, int]]:
        """``(zone, index, card)`` a prompt may be answered with."""
        player, kind = prompt["player"], prompt["kind"]
        if kind == "declare":
            return []
        if kind == "heal":
            return [("damage", i, c) for i, c in enumerate(self.ids("damage", player))]
        if kind == "soul_ride":
            return [("soul", i, c) for i, c in enumerate(self.ids("soul", player))]
        found = []
        for circle in CIRCLES:
            ids = self.ids(circle, player)
            if ids:
                found.append((circle, 0, ids[0]))
        return found

    def answer(self, prompt: dict[str, Any], card_id: int, zone: str) -> None:
        """Carry out a prompt's effect on the chosen card (2.8.1.1.2-5, 9.5.1) and drop the prompt."""
        player, kind, amount = prompt["player"], prompt["kind"], prompt["amount"]
        self.set(prompts=[dict(p) for p in self.data("prompts", ())][1:])
        if kind == "critical":
            self.add_mod(card_id, 0, 1, "turn")
            self.emit("vg_effect", player, (card_id,), what="critical", amount=1)
        elif kind == "power":
            self.add_mod(card_id, amount, 0, "turn")
            self.emit("vg_effect", player, (card_id,), what="power", amount=amount)
        elif kind == "stand":
            if zone != VC:
                self.orient([card_id], STAND)
            self.emit("vg_effect", player, (card_id,), what="stand" if zone != VC else "no_stand", amount=0)
        elif kind == "heal":
            self.move(player, [card_id], "drop", player, kind="vg_heal")
        elif kind == "soul_ride":
            self.move(
                player, [card_id], VC, player, kind="vg_ride", face="up", orientation=STAND, rule="9.5.1"
            )

    def auto_answer(self) -> bool:
        """Answer the first prompt when it has one option only, or skip it when it has none."""
        prompts = self.data("prompts", ())
        if not prompts:
            return False
        prompt = dict(prompts[0])
        if prompt["kind"] == "declare":
            return False
        options = self.options(prompt)
        if len(options) > 1:
            return False
        if not options:
            self.set(prompts=[dict(p) for p in prompts][1:])
            return True
        zone, _, card_id = options[0]
        self.answer(prompt, card_id, zone)
        return True

    # Checks and triggers (7.6.1.2, 9.6, 2.8.1.1) -------------------------------------------------

    def check(self, player: int, source: str) -> None:
        """Put the top card of the deck into the trigger zone face up and resolve its trigger."""
        top = self.ids("deck", player)[0]
        self.move(player, [top], "trigger", player, kind="vg_check", face="up", check=source)
        self.set(check={"card": top, "player": player, "source": source})
        found = trigger_of(self.ref(top))
        if found is None:
            self.prompt(player, "declare")
            return
        kind, power = found
        if kind != "none" and not self.same_clan(top, player):
            self.emit("vg_no_trigger", player, (top,))
            return
        self.trigger(player, kind, power)

    def trigger(self, player: int, kind: str, power: int) -> None:
        """A trigger's effects (2.8.1.1.2-6): automatic parts now, choices as prompts."""
        if kind == "none":
            return
        self.emit("vg_trigger", player, (), trigger=kind, power=power)
        if kind == "critical":
            self.prompt(player, "critical", 1)
        elif kind == "draw":
            deck = self.ids("deck", player)
            if deck:
                self.move(player, [deck[0]], "hand", player, kind="draw")
        elif kind == "stand":
            self.prompt(player, "stand")
        elif kind == "heal":
            mine, theirs = self.damage_count(player), self.damage_count(1 - player)
            if mine and mine >= theirs:
                self.prompt(player, "heal")
        if kind == "front":
            units = [u for circle in FRONT if (u := self.unit(circle, player)) is not None]
            for unit in units:
                self.add_mod(unit, power, 0, "turn")
            self.emit("vg_front", player, tuple(units), amount=power)
        else:
            self.prompt(player, "power", power)

    def finish_check(self) -> bool:
        """After its choices, a drive check card goes to the hand (7.6.1.2.6), a damage check card to
        the damage zone (9.6.6), if it is still in the trigger zone."""
        check = self.data("check")
        if check is None or self.data("prompts"):
            return False
        c = dict(check)
        self.set(check=None)
        card, player = c["card"], c["player"]
        if card in self.ids("trigger", player):
            zone = "hand" if c["source"] == "drive" else "damage"
            self.move(None, [card], zone, player, kind="vg_after_check", face="up")
        return True

    def damage_process(self) -> bool:
        """Rule action 9.6: one damage check for a vanguard with damage, the turn player's first."""
        active = self.board.active
        for player in (active, 1 - active):
            pending = self.vanguard_damage(player)
            if pending > 0:
                self.set_vanguard_damage(player, pending - 1)
                self.check(player, "damage")
                return True
        return False

    # Rule actions (Section 9) --------------------------------------------------------------------

    def rule_actions(self) -> bool:
        """9.3.6 extra rear-guards to the drop zone, 9.3.1 extra vanguards to the soul, 9.4.1 guardians
        outside the battle phase to the drop zone, 4.6.9 G units to the G zone, 9.5.1 a ride from the
        soul when there is no vanguard. True if anything happened."""
        changed = False
        g_units = set(self.data("g_units", ()))
        battle_phase = self.board.phase == PHASE["battle"]
        for player in (0, 1):
            for circle in REAR:
                extra = self.ids(circle, player)[1:]
                if extra:
                    self.to_drop(list(extra), player, "9.3.6")
                    changed = True
            vc = self.ids(VC, player)
            if len(vc) > 1 and vc[0] not in g_units:
                self.move(None, list(vc[1:]), "soul", player, kind="vg_rule", rule="9.3.1")
                changed = True
            if not battle_phase and self.ids(GC, player):
                self.to_drop(list(self.ids(GC, player)), player, "9.4.1")
                changed = True
            if g_units:
                for zone in _HIDDEN_FROM_G:
                    stray = [c for c in self.ids(zone, player) if c in g_units]
                    if stray and not (zone == "trigger" and self.data("check")):
                        self.move(None, stray, "gzone", player, kind="vg_rule", face="up", rule="4.6.9")
                        changed = True
            if (
                not self.ids(VC, player)
                and self.ids("soul", player)
                and not any(dict(p)["kind"] == "soul_ride" for p in self.data("prompts", ()))
            ):
                self.prompt(player, "soul_ride")
                changed = True
        mods = self.data("mods", ())
        if mods:
            on_field = {c for player in (0, 1) for circle in FIELD for c in self.ids(circle, player)}
            kept = [list(mod) for mod in mods if mod[0] in on_field]
            if len(kept) != len(mods):
                self.set(mods=kept)
        return changed

    def to_drop(self, cards: list[int], player: int, rule: str) -> None:
        """Retire cards (10.4): to the drop zone, G units to the G zone face up (4.6.9)."""
        g_units = set(self.data("g_units", ()))
        g = [c for c in cards if c in g_units]
        rest = [c for c in cards if c not in g_units]
        self.move(None, rest, "drop", player, kind="vg_retire", rule=rule)
        self.move(None, g, "gzone", player, kind="vg_retire", face="up", rule=rule)

    # Turn structure -------------------------------------------------------------------------------

    def can_attack(self) -> bool:
        """7.3.1.3: not on the very first turn, and only with a standing front-row unit and a target."""
        if self.board.turn == 1:
            return False
        active = self.board.active
        attackers = [
            u for c in FRONT if (u := self.unit(c, active)) is not None and self.card(u).orientation == STAND
        ]
        targets = [u for c in FRONT if (u := self.unit(c, 1 - active)) is not None]
        return bool(attackers and targets)

    def can_ride(self) -> bool | None:
        """Whether a normal ride is possible (8.5.2.1.1.1); None when card data cannot tell."""
        active = self.board.active
        grade = self.grade(self.vanguard(active))
        if grade is None:
            return None
        hand = self.ids("hand", active)
        unknown = False
        for card in hand:
            g = self.grade(card)
            if g is None:
                unknown = True
            elif g in (grade, grade + 1):
                return True
        return None if unknown else False

    def can_stride(self) -> bool | None:
        """8.5.2.1.1.3: both vanguards grade 3 or more, or yours was at the start of the turn, and a
        face-down card in the G zone. None when card data cannot tell."""
        active = self.board.active
        if not any(not self.card(c).face_up for c in self.ids("gzone", active)):
            return False
        if self.data("stride_done"):
            return False
        mine, theirs = self.grade(self.vanguard(active)), self.grade(self.vanguard(1 - active))
        start = self.data("grade_at_start")
        if isinstance(start, int) and start >= 3:
            return True
        if mine is None or theirs is None:
            return None
        return mine >= 3 and theirs >= 3

    def g_assist_possible(self) -> bool | None:
        """6.4.1.2.2: your vanguard is below grade 3 and your hand has no card one grade above it."""
        active = self.board.active
        grade = self.grade(self.vanguard(active))
        if grade is None:
            return None
        if grade >= 3:
            return False
        grades = [self.grade(c) for c in self.ids("hand", active)]
        if None in grades:
            return None
        return grade + 1 not in grades

    def can_guard(self) -> bool:
        """7.5.1.2.1.1: the defender has a card in hand or a front-row rear-guard that is not attacked
        (intercept, 11.3)."""
        battle = dict(self.data("battle"))
        defender = 1 - self.board.active
        if self.ids("hand", defender):
            return True
        return any(
            self.unit(c, defender) is not None and c != battle["target_circle"] for c in ("rc_lf", "rc_rf")
        )

    def stand_up(self) -> None:
        """6.1.1: both vanguards turn face up; the game begins with the first player's stand phase."""
        cards = [c for player in (0, 1) for c in self.ids(VC, player)]
        self.turn_face_up(cards)
        self.emit("vg_stand_up", None, tuple(cards))
        self.set(started=True, redrawn=None)

    def start_turn(self) -> None:
        """6.3: the stand phase: the turn player stands all their units (6.3.1.2)."""
        active = self.board.active
        self.set(
            ride_done=None, stride_done=None, end_done=None, grade_at_start=self.grade(self.vanguard(active))
        )
        self.goto("stand")
        rested = [
            c for circle in CIRCLES for c in self.ids(circle, active)[:1] if self.card(c).orientation == REST
        ]
        if rested:
            self.orient(rested, STAND)
            self.emit("vg_stand", active, tuple(rested))
        self.goto("draw")

    def end_phase(self, player: int) -> None:
        """6.8.1.1.1: the turn player's G units on circles go to the G zone face up; 6.8.1.4: "until end
        of turn" changes end."""
        g_units = set(self.data("g_units", ()))
        for circle in CIRCLES:
            ids = [c for c in self.ids(circle, player) if c in g_units]
            if ids:
                self.move(None, ids, "gzone", player, kind="vg_g_return", face="up", rule="6.8.1.1.1")
        self.set(mods=[m for m in self.mods() if m[3] != "turn"] or None, end_done=True)

    def auto_step(self) -> bool:
        """Run the current step's automatic part; True if the turn moved on (run again)."""
        board = self.board
        phase, step = board.phase, board.step
        name = self.match.phase_steps[phase][step]
        active = board.active
        if phase == PHASE["setup"]:
            if not self.data("started"):
                redrawn = set(self.data("redrawn", ()))
                if len(redrawn) < 2:
                    waiting = active if active not in redrawn else 1 - active
                    if board.priority != waiting:
                        self.board = board.evolve(priority=waiting)
                    return False
                self.stand_up()
            self.start_turn()
            return True
        if name == "draw":
            self.move(active, [self.ids("deck", active)[0]], "hand", active, kind="draw")
            self.goto("g_assist")
            return True
        if name == "g_assist":
            if self.g_assist_possible() is False:
                self.goto("ride")
                return True
            return False
        if name == "ride":
            if self.data("ride_done") or self.can_ride() is False:
                self.goto("stride")
                return True
            return False
        if name == "stride":
            if self.can_stride() is False:
                self.goto("main")
                return True
            return False
        if name == "start":
            if not self.can_attack():
                self.goto("end")
                return True
            return False
        if name == "attack":
            self.goto("guard", priority=1 - active)
            return True
        if name == "guard":
            if not self.can_guard():
                self.emit("vg_pass", 1 - active, auto=True)
                self.after_guard()
                return True
            if board.priority != 1 - active:
                self.board = board.evolve(priority=1 - active)
            return False
        if name == "drive":
            battle = dict(self.data("battle"))
            if battle["drives"] < battle["drive"]:
                battle["drives"] += 1
                self.set(battle=battle)
                self.check(active, "drive")
                return True
            self.goto("damage")
            return True
        if name == "damage":
            return self.damage_step()
        if name == "close":
            self.set(battle=None, mods=[m for m in self.mods() if m[3] != "battle"] or None)
            self.goto("start")
            return True
        if name == "end" and not self.data("end_done"):
            self.end_phase(active)
            return True
        return False

    def after_guard(self) -> None:
        """7.5.1.2.1: to the drive step if a vanguard attacks, else to the damage step."""
        battle = dict(self.data("battle"))
        self.goto("drive" if battle["attacker_circle"] == VC else "damage")

    def damage_step(self) -> bool:
        """7.7.1.2-7.7.1.9: compare power, deal damage to a hit vanguard, retire guardians and a hit
        rear-guard."""
        battle = dict(self.data("battle"))
        active = self.board.active
        defender = 1 - active
        attacker, target = battle["attacker"], battle["target"]
        if battle.get("hit") is None:
            present = attacker in self.ids(battle["attacker_circle"], active) and target in self.ids(
                battle["target_circle"], defender
            )
            if not present:
                battle["hit"] = False
                self.set(battle=battle)
                self.emit("vg_battle", None, (), hit=False, gone=True)
                return True
            mine, theirs = self.power(attacker), self.power(target)
            battle["hit"] = theirs <= mine
            self.set(battle=battle)
            self.emit(
                "vg_battle", active, (attacker, target), power=mine, target_power=theirs, hit=battle["hit"]
            )
            if battle["hit"] and battle["target_circle"] == VC:
                damage = self.critical(attacker)
                if damage > 0:
                    self.set_vanguard_damage(defender, self.vanguard_damage(defender) + damage)
                    self.emit("vg_damage", active, (attacker,), player=defender, amount=damage)
            return True
        guardians = list(self.ids(GC, defender))
        if guardians:
            self.to_drop(guardians, defender, "7.7.1.9")
        if (
            battle["hit"]
            and battle["target_circle"] != VC
            and target in self.ids(battle["target_circle"], defender)
        ):
            self.to_drop([target], defender, "7.7.1.9")
        self.goto("close")
        return True

    def run(self) -> None:
        """What happens without a choice after an action (the check timing, 8.4.1, and the automatic
        parts of the steps), until a player must act or a losing condition holds."""
        for _ in range(500):
            prompts = self.data("prompts", ())
            if prompts:
                if self.auto_answer():
                    continue
                who = dict(prompts[0])["player"]
                if self.board.priority != who:
                    self.board = self.board.evolve(priority=who)
                return
            if self.data("started") and any(self.loses(p) for p in (0, 1)):
                return
            if self.data("started"):
                if self.rule_actions():
                    continue
                if self.finish_check():
                    continue
                if self.damage_process():
                    continue
            if not self.auto_step():
                if self.board.priority != self.board.active and self.match.phase_steps[self.board.phase][
                    self.board.step
                ] not in ("guard", "redraw"):
                    self.board = self.board.evolve(priority=self.board.active)
                return
        raise AssertionError("the Vanguard procedures did not come to rest")


def need(value: int | None, what: str) -> int:
    """A number the procedure needs: from card data, or refused until the player enters it."""
    if value is None:
        refuse(f"The card data does not give {what}; enter it with the action.")
    return value
