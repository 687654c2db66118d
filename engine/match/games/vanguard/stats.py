"""Card stats the procedures read (Section 2): trigger icons and their power (2.8), drive (2.17),
orientations (3.17.1), and :func:`need` for numbers the players enter when card data lacks them."""

from __future__ import annotations

import re

from engine.match.apply import refuse
from engine.match.state import CardRef

STAND, REST = 0, 1
DEFAULT_TRIGGER_POWER = 10000
"""Power on a trigger icon (2.8.3) when card data gives none: +10000, as printed in the V series
[inference: the rules give no fixed number]."""
TRIGGERS = ("critical", "draw", "stand", "heal", "front")
ALL_CLANS = "cray elemental"
"""<<Cray Elemental>> belongs to every clan (2.2.5)."""
ON_ATTACK = re.compile(r"\bwhen\b[^.:;\n]*?\b(?:attacks|boosts)\b", re.IGNORECASE)
"""Card text of an automatic ability with the timing "when unit attacks" or "when unit boosts"
(7.4.1.12): "When this unit attacks", "When your vanguard attacks", "When this unit boosts"."""


STRIDE_COST = re.compile(r"stride skill\W.*?-\s*stride step\s*-\s*\[([^\]]+)\]", re.IGNORECASE | re.DOTALL)
"""The cost of a stride skill in card text (11.11.2: "(Released when ...)-(timing)-(cost) Stride this
card ..."), whose timing is the stride step: "Stride Skill-(...)-Stride Step-[Choose one or more cards
with the sum of their grades being 3 or greater from your hand, and discard them]"."""


def stride_cost_of(text: str) -> str | None:
    """A G unit's stride cost as its stride skill writes it (11.11.2), or None."""
    found = STRIDE_COST.search(text)
    return " ".join(found.group(1).split()) if found else None


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


def need(value: int | None, what: str) -> int:
    """A number the procedure needs: from card data, or refused until the player enters it."""
    if value is None:
        refuse(f"The card data does not give {what}; enter it with the action.")
    return value
