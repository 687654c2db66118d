"""Rule actions (Section 9) and the losing conditions (1.2.2, 9.2), checked at each check timing (9.1.2)."""

from __future__ import annotations

from engine.match.games.vanguard.board import VgBoardWork
from engine.match.games.vanguard.spec import FIELD, GC, PHASE, REAR, VC
from engine.match.outcome import Loss

_HIDDEN_FROM_G = ("hand", "deck", "drop", "soul", "damage", "bind", "trigger")
"""Zones a G unit may not stay in: it goes to the G zone face up instead (4.6.9)."""


class RuleActionWork(VgBoardWork):
    """Losing conditions and rule actions."""

    def loses(self, player: int) -> Loss | None:
        """A losing condition the player fulfils now (9.2), or None."""
        if len(self.ids("damage", player)) >= 6:
            return Loss(player, "9.2.2", "six or more cards in the damage zone")
        if not self.ids("deck", player):
            return Loss(player, "9.2.3", "no cards in the deck")
        if self.data("started") and not self.ids(VC, player) and not self.ids("soul", player):
            return Loss(player, "9.2.4", "no vanguard and no cards in the soul")
        return None

    def rule_actions(self) -> bool:
        """9.3.6 extra rear-guards to the drop zone, the end of a legion state whose leader or mate left
        the vanguard circle (10.25.2), extra vanguards to the soul (9.3.1, 9.3.3, 9.3.5:
        :meth:`overloaded_vanguard`), 9.4.1
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
            changed = self.legion_ends(player) or changed
            changed = self.overloaded_vanguard(player, g_units) or changed
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
        if self.data("vc_new") is not None and not changed:
            self.set(vc_new=None)
        mods = self.data("mods", ())
        if mods:
            on_field = {c for player in (0, 1) for circle in FIELD for c in self.ids(circle, player)}
            kept = [list(mod) for mod in mods if mod[0] in on_field]
            if len(kept) != len(mods):
                self.set(mods=kept)
        return changed

    def legion_ends(self, player: int) -> bool:
        """10.25.2: if the Legion Leader or the Legion Mate changed zones, they are no longer in a
        legion state (a card leaving the vanguard circle; hearts under a G unit stay there, 10.27.2)."""
        pair = self.legion(player)
        if pair is None:
            return False
        vc = self.ids(VC, player)
        if pair[0] in vc and pair[1] in vc:
            return False
        self.set_legion(player, None)
        self.emit("vg_legion_end", None, tuple(c for c in pair if c in vc), player=player, rule="10.25.2")
        return True

    def overloaded_vanguard(self, player: int, g_units: set[int]) -> bool:
        """Overloaded vanguard circle (9.3): with a G unit on top the cards under it are its hearts
        (10.27), not units. Otherwise the units "placed last" are the cards one action put there
        together (``vc_new``), or else the newest one, the top card that is not of the legion pair.

        - 9.3.1: two or more units not in a legion state: all but the one last placed to the soul;
        - 9.3.3: several of them placed last: the player chooses the one to keep (a ``vc_keep`` prompt);
        - 9.3.5: units in a legion state and units that are not: keep one of the units last placed
          (the ones not in the legion, which arrived after it), the others to the soul, the legion
          pair included (whose state then ends, 10.25.2);
        - 9.3.2 and 9.3.4 (two or more Legion Mates) cannot arise: a vanguard in a legion state cannot
          legion again (10.25.1.2, refused by :class:`VgLegion`), so one circle holds one Legion Mate.

        Two units in a legion state stay together: 9.3.1 does not apply to them."""
        vc = self.ids(VC, player)
        if len(vc) < 2 or vc[0] in g_units:
            return False
        if any(dict(p)["kind"] == "vc_keep" for p in self.data("prompts", ())):
            return False
        pair = self.legion(player)
        others = [c for c in vc if pair is None or c not in pair]
        if not others or (pair is None and len(others) < 2):
            return False
        new = [int(c) for c in (self.data("vc_new") or ((), ()))[player] if c in others]
        last = new if len(new) >= 2 else [others[0]]
        rule = "9.3.5" if pair is not None else "9.3.1" if len(last) == 1 else "9.3.3"
        if len(last) > 1:
            self.prompt(player, "vc_keep", cards=last, rule=rule)
        else:
            self.keep_vanguard(player, last[0], rule)
        return True
