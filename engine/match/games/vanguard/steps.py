"""The turn structure (Section 6) and the check timing loop (8.4.1): the stand phase (6.3), the draw
(6.4.1.1), the G assist step that passes on its own (6.4.1.2), the ride step that waits every turn
(6.5.1.1), whether the stride step offers anything (8.5.2.1.1.3), the opening hand of a first vanguard
put during the setup (5.4.3.1-5.4.3.4), Stand Up (6.1.1), the end phase (6.8.1.1), each step's automatic
part (the attack step waits for "when ... attacks" abilities when held, 7.4.1.12), the step table
(:data:`TABLE`) and :func:`settle`, the definition's settle hook, which runs it (:meth:`Work.run`).

:class:`Work` joins the procedures of :mod:`.board`, :mod:`.battle`, :mod:`.triggers` and
:mod:`.rule_actions`; handlers and the definition use it."""

from __future__ import annotations

from collections.abc import Callable

from engine.match.actions import BaseAction, Move, PassTurn
from engine.match.events import Event
from engine.match.games.vanguard.actions import VgGAssist
from engine.match.games.vanguard.battle import BattleWork
from engine.match.games.vanguard.rule_actions import RuleActionWork
from engine.match.games.vanguard.spec import CIRCLES, VC
from engine.match.games.vanguard.stats import REST, STAND
from engine.match.games.vanguard.triggers import TriggerWork
from engine.match.settle import Step
from engine.match.settle import settle as settle_table
from engine.match.state import MatchState


class Work(BattleWork, TriggerWork, RuleActionWork):
    """A board being changed by one action, with every Vanguard procedure (see :mod:`.board`)."""

    def can_stride(self) -> bool | None:
        """8.5.2.1.1.3: both vanguards grade 3 or more, or yours was at the start of the turn, and a
        face-down card in the G zone. None when card data cannot tell. It reads public information
        only: the face-up vanguards' grades and the G zone's face-down count (4.1.2), never which G
        units are there nor the hand (the stride cost, 11.11.2, is the player's to pay)."""
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
            ride_done=None,
            stride_done=None,
            end_done=None,
            g_assist_open=None,
            grade_at_start=self.grade(self.vanguard(active)),
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

    # The settle table's rows --------------------------------------------------------------------

    def waiting(self) -> bool:
        """A player must act before anything else happens: a prompt waits for its player, or a losing
        condition holds (the check timing ends the game, 1.2.2)."""
        if self.data("prompts", ()):
            return True
        return bool(self.data("started")) and any(self.loses(p) is not None for p in (0, 1))

    def answer_prompts(self) -> bool:
        """8.4.1: a pending choice with one option is made at once; otherwise its player acts now."""
        prompts = self.data("prompts", ())
        if not prompts:
            return False
        if self.auto_answer():
            return True
        who = dict(prompts[0])["player"]
        if self.board.priority != who:
            self.board = self.board.evolve(priority=who)
        return False

    def setup_step(self) -> bool:
        """5.4.3-5.4.3.4 the first vanguards, hands and redraws; then Stand Up (6.1.1) and the first
        turn's stand phase (6.3)."""
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

    def draw_step(self) -> bool:
        """6.4.1.1.2: the turn player draws a card."""
        active = self.board.active
        self.move(active, [self.ids("deck", active)[0]], "hand", active, kind="draw")
        self.goto("g_assist")
        return True

    def g_assist_step(self) -> bool:
        """6.4.1.2: the G assist step never waits on its own. Whether a G assist is possible depends on
        the hand (6.4.1.2.2.2: no card one grade above the vanguard), which the opponent does not
        see: a step that stopped only for such hands would tell them (the hidden-information
        invariant, docs/architecture.md), and a step that stopped every early turn would ask a rare question
        every time. So the step passes to the ride step, and a player who wants the G assist asks for
        it (:class:`~engine.match.games.vanguard.actions.VgGAssist`) as their first action there,
        which takes the game back to this step. The window is kept open (``g_assist_open``) only on
        public information: the vanguard below grade 3 (6.4.1.2.2.1)."""
        grade = self.grade(self.vanguard(self.board.active))
        if grade is None or grade < 3:
            self.set(g_assist_open=True)
        self.goto("ride")
        return True

    def ride_step(self) -> bool:
        """6.5.1.1: the ride step waits for the turn player every turn until the turn's ride is done
        (6.5.1.1.2): they ride, or answer "next step". Whether their hand holds a card they could ride
        (8.5.2.1.1.1) is hidden from the opponent, so the step waits whatever the hand holds; a step
        that passed by itself for some hands only would tell the opponent about them (the
        hidden-information invariant, docs/architecture.md). It passes by itself on public information only:
        the ride done, or an empty hand (every zone's count is public, 4.1.2)."""
        if self.data("ride_done") or not self.ids("hand", self.board.active):
            self.goto("stride")
            return True
        return False

    def stride_step(self) -> bool:
        """6.5.1.2: on when no stride is possible (8.5.2.1.1.3), which :meth:`can_stride` tells from
        public information only (the vanguards' grades, the G zone's face-down count), so passing by
        itself tells the opponent nothing they do not see."""
        if self.can_stride() is False:
            self.goto("main")
            return True
        return False

    def start_step(self) -> bool:
        """7.3.1.3: to the end phase when no attack can be made."""
        if not self.can_attack():
            self.goto("end")
            return True
        return False

    def attack_step(self) -> bool:
        """7.4.1.12-7.4.1.13: the check timing for "when ... attacks" abilities waits when held; then
        the guard step."""
        if dict(self.data("battle")).get("hold"):
            return False
        self.leave_attack_step()
        return True

    def guard_step(self) -> bool:
        """7.5.1.2: the guard step waits for the attacked player, who guards, intercepts or answers
        "no guard" (:class:`~engine.match.games.vanguard.actions.VgPass`, 7.5.1.2.1), whatever cards
        their hand holds: which cards those are is hidden from the attacker, so the window opens for
        any hand (the hidden-information invariant, docs/architecture.md). The automatic pass of 7.5.1.2.1.1
        comes only from public information (:meth:`can_guard`: an empty hand, no unit that can
        intercept, no G guardian possible), the same for every hand of that size."""
        active = self.board.active
        if not self.can_guard():
            self.emit("vg_pass", 1 - active, auto=True)
            self.after_guard()
            return True
        if self.board.priority != 1 - active:
            self.board = self.board.evolve(priority=1 - active)
        return False

    def drive_step(self) -> bool:
        """7.6.1.2: one drive check per point of drive, then the damage step."""
        battle = dict(self.data("battle"))
        if battle["drives"] < battle["drive"]:
            battle["drives"] += 1
            self.set(battle=battle)
            self.check(self.board.active, "drive")
            return True
        self.goto("damage")
        return True

    def close_step(self) -> bool:
        """7.8.1.2: the battle ends, and "until end of battle" with it; back to the start step."""
        self.set(battle=None, mods=[m for m in self.mods() if m[3] != "battle"] or None)
        self.goto("start")
        return True

    def end_step(self) -> bool:
        """6.8.1.1: the end phase's automatic part, once per turn."""
        if self.data("end_done"):
            return False
        self.end_phase(self.board.active)
        return True

    def run(self) -> None:
        """What happens without a choice after an action (the check timing, 8.4.1, and the automatic
        parts of the steps: :data:`TABLE`, run by the engine's one settle loop), until a player must
        act or a losing condition holds; then the turn player holds priority outside the guard step
        and the redraw."""
        settle_table(self, TABLE, Work.step_name)
        if (
            not self.waiting()
            and self.board.priority != self.board.active
            and self.step_name() not in ("guard", "redraw")
        ):
            self.board = self.board.evolve(priority=self.board.active)


def _free(run: Callable[[Work], bool]) -> Callable[[Work], bool]:
    """A row that runs only while no player must act first (no prompt, no loss: :meth:`Work.waiting`)."""

    def row(work: Work) -> bool:
        return not work.waiting() and run(work)

    return row


def _started(run: Callable[[Work], bool]) -> Callable[[Work], bool]:
    """A rule action of the check timing: only once the game has begun (6.1.1)."""
    return _free(lambda work: bool(work.data("started")) and run(work))


TABLE: tuple[Step[Work], ...] = (
    Step("prompts", "8.4.1", Work.answer_prompts, every=True),
    Step("rule actions", "9.1.2", _started(Work.rule_actions), every=True),
    Step("check card", "7.6.1.2.6, 9.6.6", _started(Work.finish_check), every=True),
    Step("damage process", "9.6", _started(Work.damage_process), every=True),
    Step("redraw", "5.4.3.4", _free(Work.setup_step)),
    Step("draw", "6.4.1.1.2", _free(Work.draw_step)),
    Step("g_assist", "6.4.1.2", _free(Work.g_assist_step)),
    Step("ride", "6.5.1.1", _free(Work.ride_step)),
    Step("stride", "6.5.1.2", _free(Work.stride_step)),
    Step("start", "7.3.1.3", _free(Work.start_step)),
    Step("attack", "7.4.1.13", _free(Work.attack_step)),
    Step("guard", "7.5.1.2.1.1", _free(Work.guard_step)),
    Step("drive", "7.6.1.2", _free(Work.drive_step)),
    Step("damage", "7.7.1", _free(Work.damage_step)),
    Step("close", "7.8.1.2", _free(Work.close_step)),
    Step("end", "6.8.1.1", _free(Work.end_step)),
)
"""What settles after an action (:func:`engine.match.settle.settle`): at every pass the check timing
(8.4.1): pending choices, rule actions (Section 9), a checked card leaving the trigger zone, the damage
process; then the automatic part of the current step. The stand phase runs within the setup's or the
previous turn's row (:meth:`Work.start_turn`); the main phase has no automatic part."""


def settle(state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
    """The settle hook: the automatic parts after an action (:meth:`Work.run`: the step table
    :data:`TABLE` run by the engine's one settle loop); a turn passed with the generic pass turn first
    runs the end phase's automatic part for the player whose turn ended (6.8.1.1). Any action of the
    turn player in the game but a G assist closes the window in which they may still ask for the G
    assist step (6.4.1.2, :meth:`Work.g_assist_step`). Cards the action moved to the vanguard circle
    from another circle, or to a rear-guard circle from the vanguard or guardian circle, stand
    (4.6.4.1, 4.6.6.1; compared with the board before the action, ``undo_base``), unless a generic
    move named their orientation (card text)."""
    work = Work(state, action.version)
    explicit = isinstance(action, Move) and action.orientation is not None
    if type(action).undoable and state.undo_base is not None:
        if not explicit:
            work.stand_arrivals(state.undo_base)
        work.note_vanguard_arrivals(state.undo_base)
        work.legion_follows(state.undo_base)
    if (
        work.data("g_assist_open")
        and action.actor == state.board.active
        and type(action) is not VgGAssist
        and (type(action).undoable or type(action).seals_undo)
    ):
        # The turn player did something else first: the G assist step is behind them (6.4.1.2).
        work.set(g_assist_open=None)
    if type(action) is PassTurn and work.data("started") and not work.data("end_done"):
        work.end_phase(1 - state.board.active)
    work.run()
    if work.board is state.board:
        return state, work.events
    return state.evolve(board=work.board), work.events
