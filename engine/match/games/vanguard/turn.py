"""The turn structure (Section 6) and the check timing loop (8.4.1): the stand phase (6.3), the draw
(6.4.1.1), whether the G assist (6.4.1.2.2), ride (8.5.2.1.1.1) and stride (8.5.2.1.1.3) steps offer
anything, the opening hand of a first vanguard put during the setup (5.4.3.1-5.4.3.4), Stand Up
(6.1.1), the end phase (6.8.1.1), each step's automatic part (the attack step waits for "when ...
attacks" abilities when held, 7.4.1.12), and :meth:`Work.run`, what ``settle`` calls.

:class:`Work` joins the procedures of :mod:`.board`, :mod:`.battle`, :mod:`.triggers` and
:mod:`.rule_actions`; handlers and the definition use it."""

from __future__ import annotations

from engine.match.games.vanguard.battle import BattleWork
from engine.match.games.vanguard.rule_actions import RuleActionWork
from engine.match.games.vanguard.spec import CIRCLES, PHASE, VC
from engine.match.games.vanguard.stats import REST, STAND
from engine.match.games.vanguard.triggers import TriggerWork


class Work(BattleWork, TriggerWork, RuleActionWork):
    """A board being changed by one action, with every Vanguard procedure (see :mod:`.board`)."""

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

    def deal(self) -> None:
        """5.4.3.1-5.4.3.4 for a player who put their first vanguard with a search during the setup:
        their deck is shuffled (the search showed it to them) and they draw their five cards."""
        dealt = set(self.data("dealt", ()))
        for player in (0, 1):
            if player not in dealt and self.ids(VC, player):
                self.shuffle_deck(player, b"/vanguard/first")
                self.move(player, list(self.ids("deck", player)[:5]), "hand", player, kind="draw")
                dealt.add(player)
                self.set(dealt=sorted(dealt))

    def setup_priority(self) -> int:
        """Who acts in the setup: the first player still to put a first vanguard (5.4.3), from the
        player going first; then the player whose redraw is next (5.4.3.4)."""
        active = self.board.active
        dealt = set(self.data("dealt", ()))
        for player in (active, 1 - active):
            if player not in dealt:
                return player
        redrawn = set(self.data("redrawn", ()))
        return active if active not in redrawn else 1 - active

    def stand_up(self) -> None:
        """6.1.1: both vanguards turn face up; the game begins with the first player's stand phase."""
        cards = [c for player in (0, 1) for c in self.ids(VC, player)]
        self.turn_face_up(cards)
        self.emit("vg_stand_up", None, tuple(cards))
        self.set(started=True, redrawn=None, dealt=None)

    def start_turn(self) -> None:
        """6.3: the stand phase: the turn player stands all their units (6.3.1.2), a Legion Mate with
        its leader (10.25.10)."""
        active = self.board.active
        self.set(
            ride_done=None, stride_done=None, end_done=None, grade_at_start=self.grade(self.vanguard(active))
        )
        self.goto("stand")
        pair = self.legion(active)
        units = [c for circle in CIRCLES for c in self.ids(circle, active)[:1]] + ([pair[1]] if pair else [])
        rested = [c for c in units if self.card(c).orientation == REST]
        if rested:
            self.orient(rested, STAND)
            self.emit("vg_stand", active, tuple(rested))
        self.goto("draw")

    def end_phase(self, player: int) -> None:
        """6.8.1.1.1: the turn player's G units on circles go to the G zone face up, a stridden
        vanguard's hearts first becoming the vanguard again in the G unit's orientation (10.28.3);
        6.8.1.4: "until end of turn" changes end."""
        g_units = set(self.data("g_units", ()))
        for circle in CIRCLES:
            ids = [c for c in self.ids(circle, player) if c in g_units]
            if ids:
                hearts = [c for c in self.ids(circle, player)[1:] if c not in g_units]
                if circle == VC and hearts:
                    self.orient(hearts, self.card(ids[0]).orientation)
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
                self.deal()
                if len(self.data("dealt", ())) < 2 or len(self.data("redrawn", ())) < 2:
                    waiting = self.setup_priority()
                    if self.board.priority != waiting:
                        self.board = self.board.evolve(priority=waiting)
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
            if dict(self.data("battle")).get("hold"):
                return False
            self.leave_attack_step()
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
