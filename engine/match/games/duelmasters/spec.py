"""Duel Masters as data: zones, orientations, steps, and the card stats the definition reads.

Rule numbers are those of the Duel Masters General Game Rules v1.38 (``seeds/duelmasters-general-game-
rules-1.38.txt``; model in ``games/duelmasters.md`` sections 3 and 6).

**Zones** (400.1: eight zones; the battle zone is shared, every other zone is each player's):

- ``deck`` (401): ordered, face down, seen by nobody (401.2); shuffled at setup (103.2).
- ``hand`` (402): seen by its owner only; no maximum size (402.2).
- ``battle_zone`` (403): shared and public; creatures tap and untap (105.1, 701.2). Face-down cards
  there (seals, 116.1) are seen by nobody.
- ``graveyard`` (404): public, face up; its owner may rearrange it (404.3), so it is not ordered.
- ``mana`` (405): public, face up, tapped or untapped; face-down mana cards are seen by their owner
  only (405.4a). Charged cards enter untapped, multicoloured cards tapped (405.1).
- ``shields`` (406): ordered positions the players can't rearrange (406.3), face down and seen by
  **nobody, not even their owner** (406.2).
- ``hyperspatial`` (407): public, both faces of its psychic and dragheart cards (804.1d, 806.1c).
- ``super_gr`` (408): the super gacharange zone, an ordered face-down stack seen by nobody (408.2,
  408.3). The rules give no shuffle for it; the engine shuffles it at setup (the house-rule default
  of the model, section 6).

**Turn** (500.1): start of turn, draw, charge, main, attack (505.1: attack declaration, block
declaration, battle, direct attack, end of attack), end of turn.

**Card stats** read from :class:`~engine.match.state.CardRef` (filled from card data by the bot layer
with :func:`stats_from_record`; a card without stats makes the procedures ask the players):

- ``type`` (204.2): ``creature``, ``spell``, or another card type in lower case;
- ``cost`` (201): the printed cost;
- ``civilizations`` (106): the card's civilizations joined by ``/`` (``fire/nature``); empty or absent
  with other stats present means colourless (106.2c);
- ``power`` (206): a creature's printed power;
- ``breaker`` (509.2b, 701.14): shields it breaks (2 for Double Breaker ...; 99 for World Breaker);
- ``home``: ``hyperspatial`` for psychic and dragheart cards (117.1, 804.4b, 806.4b), ``super_gr`` for
  gacharange cards (118.1): where the card returns from any zone but the battle zone;
- ``blocker`` (507.1a, 701.12a), ``shield_trigger`` (112.3a), ``strike_back`` (112.3b),
  ``guard_strike`` (113.6), ``speed_attacker`` (101.2), ``evolution`` (801.3): 1 when the card has
  the keyword ability itself (not when its text only names it: :func:`own_keywords`) or is an
  evolution.
"""

from __future__ import annotations

import re
from typing import Any

from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec
from engine.match.state import CardRef

CIVILIZATIONS = ("light", "water", "darkness", "fire", "nature")
"""The five civilizations (106.1)."""

SPEC = GameSpec(
    key="duelmasters",
    name="Duel Masters",
    zones=(
        ZoneSpec(name="deck", rule="401", ordered=True, default_face="down", shuffle_at_setup=True),
        ZoneSpec(
            name="hand", rule="402", visible_to="owner", face_down_visible_to="owner", enter_at="bottom"
        ),
        ZoneSpec(name="battle_zone", rule="403", label="battle zone", shared=True, orientable=True),
        ZoneSpec(name="graveyard", rule="404"),
        ZoneSpec(name="mana", rule="405", label="mana zone", orientable=True, face_down_visible_to="owner"),
        ZoneSpec(
            name="shields",
            rule="406",
            label="shield zone",
            ordered=True,
            default_face="down",
            enter_at="bottom",
        ),
        ZoneSpec(name="hyperspatial", rule="407", label="hyperspatial zone", face_down_visible_to="everyone"),
        ZoneSpec(
            name="super_gr",
            rule="408",
            label="super gacharange zone",
            ordered=True,
            default_face="down",
            enter_at="bottom",
            shuffle_at_setup=True,
        ),
    ),
    orientations=(
        OrientationSpec(name="untap", adjective="untapped"),
        OrientationSpec(name="tap", adjective="tapped"),
    ),
    phases=(
        PhaseSpec(name="start", rule="501", steps=(StepSpec(name="start_of_turn", rule="501"),)),
        PhaseSpec(name="draw", rule="502"),
        PhaseSpec(name="charge", rule="503"),
        PhaseSpec(name="main", rule="504"),
        PhaseSpec(
            name="attack",
            rule="505",
            steps=(
                StepSpec(name="attack_declaration", rule="506"),
                StepSpec(name="block_declaration", rule="507"),
                StepSpec(name="battle", rule="508"),
                StepSpec(name="direct_attack", rule="509"),
                StepSpec(name="end_of_attack", rule="510"),
            ),
        ),
        PhaseSpec(name="end", rule="511", steps=(StepSpec(name="end_of_turn", rule="511"),)),
    ),
    undo_per_turn=3,
)

_STEPS = [(p, s) for p, phase in enumerate(SPEC.phases) for s in range(len(phase.steps))]
STEP: dict[str, tuple[int, int]] = {SPEC.phases[p].steps[s].name: (p, s) for p, s in _STEPS}
"""``step name -> (phase index, step index)``."""
ATTACK_PHASE = STEP["attack_declaration"][0]

SHIELDS_AT_START = 5
"""Shields each player sets from the top of their deck (103.3, 113.1, 406.1)."""
OPENING_HAND = 5
"""Cards each player draws at the start (103.3, 402.1)."""
DECK_SIZE = 40
"""A deck has exactly 40 cards (100.2)."""
WORLD_BREAKER = 99
"""The ``breaker`` stat of a creature that breaks every shield."""


def step_name(phase: int, step: int) -> str:
    return SPEC.phases[phase].steps[step].name


# Card stats ----------------------------------------------------------------------------------------


def has_data(ref: CardRef) -> bool:
    """Whether card data gave this card stats (otherwise the players enter what the rules need)."""
    return bool(ref.stats)


def flag(ref: CardRef, name: str) -> bool | None:
    """A keyword flag: True or False from card data, None when the card has no data at all."""
    if not ref.stats:
        return None
    return bool(ref.stat(name, 0))


def int_stat(ref: CardRef, name: str) -> int | None:
    value = ref.stat(name)
    return value if isinstance(value, int) else None


def civilizations(ref: CardRef) -> frozenset[str] | None:
    """The card's civilizations (106), empty for a colourless card, None when unknown."""
    if not ref.stats:
        return None
    text = str(ref.stat("civilizations", "") or "")
    return frozenset(part for part in text.split("/") if part)


def card_type(ref: CardRef) -> str | None:
    value = ref.stat("type")
    return str(value) if value is not None else None


_BREAKERS = {
    "double": 2,
    "triple": 3,
    "quattro": 4,
    "quadruple": 4,
    "penta": 5,
    "world": WORLD_BREAKER,
    "infinity": WORLD_BREAKER,
}
_KEYWORDS = {
    "blocker": re.compile(r"(?:(?!(?:has|have|gets?|no|without) )[a-z]+(?: (?:and|or) [a-z]+)? )?blocker"),
    "shield_trigger": re.compile(r"(?:super )?shield trigger(?: plus| cross)?"),
    "strike_back": re.compile(r"strike back"),
    "guard_strike": re.compile(r"guard strike"),
    "speed_attacker": re.compile(r"speed attacker"),
}
"""The keyword abilities read as flags, each a whole clause head (see :func:`own_keywords`):
Blocker with its restricted forms ("Light blocker", "Fire and nature blocker", "Powered Blocker",
507.1a, 701.12a); Shield Trigger with Super Shield Trigger, Shield Trigger Plus and Cross (112.3a);
Strike Back (112.3b); Guard Strike (113.6); Speed Attacker (101.2)."""
_BREAKER = re.compile(r"(?:[a-z]+ )?(double|triple|quattro|quadruple|penta|world|infinity) breaker")
_FROM_SHIELDS = frozenset({"shield_trigger", "strike_back", "guard_strike"})
"""Keywords used from the shields or the hand, which a twinpact's spell side gives the card too."""
_NOISE = re.compile(r"'{2,}|[\u200b\u206f\ufeff]")
_REMINDER = re.compile(r"\([^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|;\s*")


def _heads(text: str) -> list[str]:
    """The heads of a text's clauses, in lower case: each line (one ability, "■ " bullets as the OCG
    data writes them) without its reminder text in parentheses, cut into sentences, each sentence up
    to a parameter (``:`` or a dash: ``Crew breaker—Dragon``). A Survivor ability (``Survivor :
    Blocker``) gives its keyword to this creature too."""
    heads = []
    for line in _NOISE.sub("", text).splitlines():
        line = line.strip().lstrip("■▪・•*").strip()
        while _REMINDER.search(line):
            line = _REMINDER.sub("", line)
        for sentence in _SENTENCE.split(line):
            sentence = re.sub(r"^survivor\s*:\s*", "", sentence.strip(), flags=re.IGNORECASE)
            head = re.split(r"\s*[:—–]\s*|\s+-\s*", sentence, maxsplit=1)[0]
            heads.append(" ".join(head.strip(" .,!").casefold().split()))
    return heads


def own_keywords(record: Any) -> dict[str, int]:
    """The keyword abilities the card itself has, as stats: a clause (a line, or a sentence) that *is*
    the keyword, as the data sets write them (``Blocker``, ``■ Shield Trigger``, ``Shield trigger (When
    this spell...)``), or a ``keywords`` entry of the record (the importers' clause heads). A keyword
    the text only names (``destroy ... creatures that have "blocker"``, ``each of your creatures gets
    "speed attacker"``) is not the card's (507.1a, 301.5, 112.3a). Shield Trigger, Strike Back and
    Guard Strike on a twinpact's other side count too (the card is used from the shields or hand)."""
    own = [*(str(k) for k in getattr(record, "keywords", []) or []), str(getattr(record, "text", "") or "")]
    faces = [str(getattr(face, "text", "") or "") for face in getattr(record, "faces", []) or []]
    stats: dict[str, int] = {}
    for head in _heads("\n".join(own)):
        stats.update((name, 1) for name, pattern in _KEYWORDS.items() if pattern.fullmatch(head))
        breaker = _BREAKER.fullmatch(head)
        if breaker:
            stats["breaker"] = max(stats.get("breaker", 1), _BREAKERS[breaker.group(1)])
    for head in _heads("\n".join(faces)):
        stats.update((name, 1) for name in _FROM_SHIELDS if _KEYWORDS[name].fullmatch(head))
    return stats


def stats_from_record(record: Any) -> tuple[tuple[str, int | str], ...]:
    """The stats of an :class:`engine.cards.model.CardRecord` of Duel Masters, for :class:`CardRef`
    (see the module doc for their names and rules; keywords from :func:`own_keywords`)."""
    stats: dict[str, int | str] = {}
    types = [str(t).lower() for t in getattr(record, "types", []) or []]
    if any("creature" in t for t in types):
        stats["type"] = "creature"
    elif any("spell" in t for t in types):
        stats["type"] = "spell"
    elif types:
        stats["type"] = types[0]
    cost = getattr(record, "cost_value", None)
    if cost is None:
        printed = str(getattr(record, "cost", "") or "")
        cost = int(printed) if printed.isdigit() else None
    if cost is not None:
        stats["cost"] = int(cost)
    data = dict(getattr(record, "stats", {}) or {})
    civs = [str(c).lower() for c in data.get("civilizations", []) if str(c).lower() in CIVILIZATIONS]
    stats["civilizations"] = "/".join(civs)
    if isinstance(data.get("power"), int):
        stats["power"] = int(data["power"])
    if any("psychic" in t or "dragheart" in t for t in types):
        stats["home"] = "hyperspatial"
    elif any("gacharange" in t or re.search(r"\bgr\b", t) for t in types):
        stats["home"] = "super_gr"
    if data.get("evolution") or any("evolution" in t for t in types):
        stats["evolution"] = 1
    stats.update(own_keywords(record))
    from engine.match.games.duelmasters.card_text import (
        effects,
    )  # it reads the board, which reads this module

    stats.update(effects(record))
    return tuple(sorted(stats.items()))
