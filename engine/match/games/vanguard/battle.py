"""Attack and battle (Section 7): power with boost and hearts (7.4.1.11, 10.28.2.3), critical (2.7),
whether an attack is possible (7.3.1.3), the attack step's check timing (7.4.1.12-7.4.1.13) and a guard
(7.5.1.2.1.1), leaving the guard step (7.5.1.2.1) and the damage step (7.7.1.2-7.7.1.9)."""

from __future__ import annotations

from typing import Any

from engine.match.games.vanguard.board import VgBoardWork
from engine.match.games.vanguard.spec import BACK_OF, CIRCLES, FRONT, GC, VC
from engine.match.games.vanguard.stats import STAND


class BattleWork(VgBoardWork):
    """The battle's procedures (Section 7)."""

    def power(self, card_id: int, with_boost: bool = True) -> int:
        """A unit's power now: printed or entered, plus changes, plus its booster's power while both
        stay on their circles (7.4.1.11), plus a G unit's hearts' power (10.28.2.3). An attacking
        Legion Leader adds its Legion Mate's power (10.25.6); attacked, the leader's own power counts
        (10.25.8), and its critical (7.7.1.5) and drive (2.17.1) are the leader's own."""
        total = self.base(card_id, "power") or 0
        total += self.mod_total(card_id, 1)
        where = self.where(card_id)
        if where is not None and where[0] == VC and card_id in self.data("g_units", ()):
            for heart in self.ids(VC, where[1])[1:]:
                total += self.base(heart, "power") or 0
        battle = self.data("battle")
        if with_boost and battle is not None:
            b = dict(battle)
            if b["attacker"] == card_id and b.get("booster") is not None and self.boost_holds(b):
                total += self.power(b["booster"], with_boost=False)
            pair = self.legion(self.board.active)
            if b["attacker"] == card_id and pair is not None and pair[0] == card_id:
                total += self.power(pair[1], with_boost=False)
        return total

    def critical(self, card_id: int) -> int:
        total = self.base(card_id, "critical") or 0
        return total + self.mod_total(card_id, 2)

    def mod_total(self, card_id: int, column: int) -> int:
        """The sum of one column of the changes in force on a card (1 power, 2 critical)."""
        total: int = sum(mod[column] for mod in self.data("mods", ()) if mod[0] == card_id)
        return total

    def boost_holds(self, b: dict[str, Any]) -> bool:
        """Booster and boosted unit both still on their circles (7.4.1.10.1.1)."""
        active = self.board.active
        return b["attacker"] in self.ids(b["attacker_circle"], active) and b["booster"] in self.ids(
            BACK_OF[b["attacker_circle"]], active
        )

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

    def attack_abilities(self, player: int) -> bool:
        """Whether card data shows a "when ... attacks" or "when ... boosts" automatic ability (stat
        ``on_attack``) on a card of the player's vanguard or rear-guard circles: the attack step then
        waits for them (7.4.1.12). Cards without card data never say so (the attack's ``hold``)."""
        return any(self.ref(c).stat("on_attack") for circle in CIRCLES for c in self.ids(circle, player))

    def leave_attack_step(self) -> None:
        """7.4.1.13: after the attack step's check timing, the guard step, the attacked player to act."""
        battle = dict(self.data("battle"))
        battle["hold"] = False
        self.set(battle=battle)
        self.goto("guard", priority=1 - self.board.active)

    def can_guard(self) -> bool:
        """7.5.1.2.1.1: the attacked player can still normal call a guardian (a card in hand,
        7.5.1.2.2), may call a G guardian (7.5.1.2.3: both vanguards grade 3 or more and a face-down
        card in the G zone; card data does not say which G units have G Guardian, so any counts) or
        has a unit that can intercept (7.5.1.2.4, 11.3.1); otherwise the pass is automatic. Public
        information only: the hand's count, never its cards (any card of a hand may be called to the
        guardian circle, 8.5.2.1.1.2), the face-up units and vanguards, the G zone's face-down count."""
        battle = dict(self.data("battle"))
        active = self.board.active
        defender = 1 - active
        if self.ids("hand", defender):
            return True
        grades = (self.grade(self.vanguard(active)), self.grade(self.vanguard(defender)))
        if all(g is None or g >= 3 for g in grades) and any(
            not self.card(c).face_up for c in self.ids("gzone", defender)
        ):
            return True
        return any(
            (unit := self.unit(c, defender)) is not None
            and c != battle["target_circle"]
            and self.has_intercept(unit) is not False
            for c in ("rc_lf", "rc_rf")
        )

    def has_intercept(self, unit: int) -> bool | None:
        """11.3 Intercept (2.10): from the unit's skill; without one, grade 2 units have it [inference:
        as printed on every grade 2 normal unit of this era]; None without card data."""
        skill, grade = self.ref(unit).stat("skill"), self.grade(unit)
        if isinstance(skill, str):
            return "intercept" in skill.lower()
        return None if grade is None else grade == 2

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
