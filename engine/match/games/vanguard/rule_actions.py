"""Rule actions (Section 9) and the losing conditions (1.2.2, 9.2), checked at each check timing (9.1.2)."""

from __future__ import annotations

from engine.match.games.vanguard.board import BoardWork
from engine.match.games.vanguard.spec import FIELD, GC, PHASE, REAR, VC

_HIDDEN_FROM_G = ("hand", "deck", "drop", "soul", "damage", "bind", "trigger")
"""Zones a G unit may not stay in: it goes to the G zone face up instead (4.6.9)."""


class RuleActionWork(BoardWork):
    """Losing conditions and rule actions."""

    def loses(self, player: int) -> str | None:
        """A losing condition the player fulfils now (9.2), or None."""
        if len(self.ids("damage", player)) >= 6:
            return "six or more cards in the damage zone (9.2.2)"
        if not self.ids("deck", player):
            return "no cards in the deck (9.2.3)"
        if self.data("started") and not self.ids(VC, player) and not self.ids("soul", player):
            return "no vanguard and no cards in the soul (9.2.4)"
        return None

    def rule_actions(self) -> bool:
        """9.3.6 extra rear-guards to the drop zone, 9.3.1 extra vanguards to the soul (every unit
        counts as not in a legion state: legion, 10.25, and 9.3.2-9.3.5 are left to players), 9.4.1
        guardians outside the battle phase to the drop zone, 4.6.9 G units to the G zone, 9.5.1 a ride
        from the soul when there is no vanguard. True if anything happened."""
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
