"""Drive and damage checks and their triggers (7.6.1.2, 9.6, 2.8.1.1), with the choices they leave to a
player as prompts (trigger targets, and the ride from the soul of 9.5.1), answered with ``vg_choose``."""

from __future__ import annotations

from typing import Any

from engine.match.games.vanguard.board import VgBoardWork
from engine.match.games.vanguard.spec import CIRCLES, FRONT, GC, REAR, VC
from engine.match.games.vanguard.stats import ALL_CLANS, STAND, trigger_of


class TriggerWork(VgBoardWork):
    """Checks, triggers and prompts."""

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

    # Prompts -------------------------------------------------------------------------------------

    def options(self, prompt: dict[str, Any]) -> list[tuple[str, int, int]]:
        """``(zone, index, card)`` a prompt may be answered with."""
        player, kind = prompt["player"], prompt["kind"]
        if kind in ("declare", "g_assist"):
            return []
        if kind == "heal":
            return [("damage", i, c) for i, c in enumerate(self.ids("damage", player))]
        if kind == "soul_ride":
            return [("soul", i, c) for i, c in enumerate(self.ids("soul", player))]
        if kind == "vc_keep":
            keep = set(prompt["cards"])
            return [(VC, i, c) for i, c in enumerate(self.ids(VC, player)) if c in keep]
        found = []
        for circle in CIRCLES:
            ids = self.ids(circle, player)
            if ids:
                found.append((circle, 0, ids[0]))
        # Guardians are units too (3.11.1): "choose one of your units" may pick one (2.8.1.1).
        found += [(GC, i, c) for i, c in enumerate(self.ids(GC, player))]
        return found

    def answer(self, prompt: dict[str, Any], card_id: int, zone: str) -> None:
        """Carry out a prompt's effect on the chosen card (2.8.1.1.2-5, 9.5.1, the unit kept on the
        vanguard circle of 9.3.3-9.3.5) and drop the prompt; a
        stand trigger stands the chosen unit only if it is a rear-guard (2.8.1.1.4), not the vanguard
        nor a guardian (3.11.1)."""
        player, kind, amount = prompt["player"], prompt["kind"], prompt["amount"]
        self.set(prompts=[dict(p) for p in self.data("prompts", ())][1:])
        if kind == "critical":
            self.add_mod(card_id, 0, 1, "turn")
            self.emit("vg_effect", player, (card_id,), what="critical", amount=1)
        elif kind == "power":
            self.add_mod(card_id, amount, 0, "turn")
            self.emit("vg_effect", player, (card_id,), what="power", amount=amount)
        elif kind == "stand":
            rear = zone in REAR
            if rear:
                self.orient([card_id], STAND)
            self.emit("vg_effect", player, (card_id,), what="stand" if rear else "no_stand", amount=0)
        elif kind == "heal":
            self.move(player, [card_id], "drop", player, kind="vg_heal")
        elif kind == "vc_keep":
            self.keep_vanguard(player, card_id, str(prompt["rule"]))
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
        if prompt["kind"] in ("declare", "g_assist"):
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
        """A trigger's effects (2.8.1.1.2-6): automatic parts now, choices as prompts, each naming the
        trigger it comes from (``trigger``), so that the choice says which trigger gives what."""
        if kind == "none":
            return
        self.emit("vg_trigger", player, (), trigger=kind, power=power)
        if kind == "critical":
            self.prompt(player, "critical", 1, trigger=kind)
        elif kind == "draw":
            deck = self.ids("deck", player)
            if deck:
                self.move(player, [deck[0]], "hand", player, kind="draw")
        elif kind == "stand":
            self.prompt(player, "stand", trigger=kind)
        elif kind == "heal":
            mine, theirs = self.damage_count(player), self.damage_count(1 - player)
            if mine and mine >= theirs:
                self.prompt(player, "heal", trigger=kind)
        if kind == "front":
            units = [u for circle in FRONT if (u := self.unit(circle, player)) is not None]
            for unit in units:
                self.add_mod(unit, power, 0, "turn")
            self.emit("vg_front", player, tuple(units), amount=power)
        else:
            self.prompt(player, "power", power, trigger=kind)

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
