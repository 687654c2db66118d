"""Gate Ruler cards printed in the Set 3 rules update article (``gateruler-set3``, bundled).

Gate Ruler has no public card data set. The article ``data/rules/gateruler-set3-rules-update.txt``
("Comprehensive Rules Update for Set 3", spec ``games/gateruler.md`` 2.8 and 5) prints the full
text of 39 cards as blocks (``[Name] (code & code)`` then card text) and an errata list
(``Old:``/``New:``/``Reason:``). This importer reads that article with the rules parser
(:func:`engine.rules.parsers.gateruler_update.card_blocks` for the cards, deduplicated by code, and
:func:`~engine.rules.parsers.gateruler_update.parse` for the errata), so the text repairs live in one
place (``¦`` -> ``■``, ``?OD?`` -> ``[OD]``, curly quotes, the spec's typos). It is imported by
default when the bot starts.

Mapping to :class:`~engine.cards.model.CardRecord`:

============  =====================================================================================
``code``      the first printed code (``2021GB03-058``; the article also prints ``2021GB03-UR09``,
              another printing, which the record has no field for)
``name``      the name in the block header; a ruler ``4. D - Dreadnaught`` gets the alias
              ``Dreadnaught`` (the article itself writes ``[Overlord]``)
``text``      the block's text, one ability per line; for the 13 cards marked ``[ERRATA]`` this is
              the full updated text
``errata``    the errata list's entry for the card (``old_text``, ``new_text``, ``reason``) with
              the article's title as ``source``: 13 cards
``types``     only where the text shows it (spec 5): ``Ruler`` (``N. X - Name``, ``Setup:``/
              ``Start of Turn:`` lines, "As this ruler attacks"), ``Event`` (a ``Timing:`` line,
              "This event"), ``Unit`` ("this unit", a ``[TD]`` ability, summoning itself,
              Sentinel Summoning, Enhance, the attacker keywords Breakthrough and Double/Triple
              Attack, "When this attacks", zones only units use); else none. This gives the
              types of the spec's card list exactly
``stats``     ``icons``: the ``[OD]``/``[TD]``/``[CNT]`` abilities the card has; the article
              prints no level, ATK, HP, STK, life, faction or attribute, so those stay empty
``keywords``  keyword lines of the text (``Sentinel Summoning (…)``, ``Double Attack, Charge
              Shield``, ``Discount:``, ``Forced Reveal``) matched against the keywords of CR
              section 16, plus Overdrive/Touchdown/Counter for the icons
``set``       the code's set part (``2021GB03``); ``cost``, ``rarity``: not printed (none)
============  =====================================================================================

Cards the article names with a code but does not print in full are imported too, so that a lookup
finds them and shows what the article says: the 8 cards of the errata list that have no card block
(G&G Armament Factory, Húlí of the Spider Lily…) with their erratum and no text (their "New:" text is
only the changed ability), and cards only mentioned in rulings (``[Schrödinger's Cat]
(2020GB01-098)``) with name and code. A card's quoted ability names (``¦"Göndul's Barrage" - …``)
are aliases of the card, since players name cards by them. The five rulers of "Updates to Existing
Rulers" have no code and are not cards here; the rules import keeps them as ruler-update records.
A *bad record* cannot come from the bundled file; any other text is refused with the rules parser's
message (the title line is checked) or when no card block is found.
"""

from __future__ import annotations

import re

from engine.cards.importers.base import CardImportError, Importer, build_record, clean_stats, decode
from engine.cards.model import CardRecord, Errata
from engine.errors import ArbiterError
from engine.rules.parsers import gateruler_update

GAME = "gateruler"
SOURCE = f"Gate Ruler {gateruler_update.TITLE}"
"""``source`` of the errata entries."""
ICONS: dict[str, str] = {"OD": "Overdrive", "TD": "Touchdown", "CNT": "Counter"}
"""Ability icons (CR 2-8) and the keyword (CR 16-2 to 16-4) each one stands for."""
KEYWORDS: tuple[str, ...] = (
    "Breakthrough",
    "Defender",
    "Intercept",
    "Retaliate",
    "Double Attack",
    "Triple Attack",
    "Familiar",
    "Undying",
    "Charge Shield",
    "Genesis Summoning",
    "Abyssal Summoning",
    "Abyssal Concerto",
    "Forced Reveal",
    "Enhance",
    "Concealment",
    "Forced Concealment",
    "Dormant",
    "Discount",
    "Sentinel Summoning",
    "Deadly",
    "Summon Requirement",
    "Gear Up",
    "Gear Requirement",
    "Deploy",
    "Charge Link",
    "Charge Bonus",
)
"""Keyword abilities of CR section 16 that a card can print on a line of its own."""
_RULER_NAME = re.compile(r"^\d+\. [A-Z] - (?P<short>.+)$")
_ICON_LINE = re.compile(r"^\[(?P<icon>OD|TD|CNT)\]")
_RULER_TEXT = re.compile(r"^(?:Setup|Start of Turn):|\bAs this ruler attacks\b", re.MULTILINE)
_EVENT_TEXT = re.compile(r"^Timing:|\bThis event\b", re.MULTILINE)
_UNIT_TEXT = re.compile(
    r"\bthis unit\b|^\[TD\]|^(?:Sentinel Summoning|Enhance|Breakthrough|Double Attack|Triple Attack)\b"
    r"|\bnormal summon (?:this|it)\b|\bspecial summon this\b"
    r"|\bthis can be normal summoned\b|\bWhen this attacks\b|\bplaced in a defense zone\b"
    r"|\bplace this into another allied attack zone\b",
    re.MULTILINE | re.IGNORECASE,
)


def card_type(name: str, text: str) -> str | None:
    """``Ruler``, ``Event`` or ``Unit`` when the name or text shows it (spec 5), else ``None``."""
    if _RULER_NAME.match(name) or _RULER_TEXT.search(text):
        return "Ruler"
    if _EVENT_TEXT.search(text):
        return "Event"
    if _UNIT_TEXT.search(text):
        return "Unit"
    return None


def keywords(text: str) -> list[str]:
    """The keyword lines of a card's text, and the icon keywords, in text order."""
    found: list[str] = []
    for line in text.splitlines():
        icon = _ICON_LINE.match(line)
        if icon:
            found.append(ICONS[icon.group("icon")])
            continue
        if line.startswith(("■", "[", "-")):
            continue
        for part in re.split(r",\s*", re.split(r"\s*\(", line, maxsplit=1)[0]):
            head = part.split(":", 1)[0].strip()
            if head in KEYWORDS:
                found.append(head)
    return list(dict.fromkeys(found))


def parse(data: bytes, *, game: str, source_name: str, schema: bytes | None = None) -> list[CardRecord]:
    """The cards of the Set 3 article, with their errata (see the module docstring)."""
    text = decode(data, "the article")
    try:
        blocks = gateruler_update.card_blocks(text)
        rulings = gateruler_update.parse(text).rulings
    except ArbiterError as error:
        raise CardImportError(source_name, None, str(error)) from None
    if not blocks:
        raise CardImportError(source_name, None, "the article prints no card blocks")
    errata: dict[str, list[Errata]] = {}
    for ruling in rulings:
        if ruling.kind == "errata" and ruling.codes:
            entry = Errata(
                old_text=ruling.old_text, new_text=ruling.new_text, reason=ruling.reason, source=SOURCE
            )
            errata.setdefault(ruling.codes[0], []).append(entry)
    records = []
    for block in blocks:
        kind = card_type(block.name, block.text)
        icons = [icon for icon in ICONS if re.search(rf"^\[{icon}\]", block.text, re.MULTILINE)]
        ruler = _RULER_NAME.match(block.name)
        code = block.codes[0]
        abilities = [name for name in _ABILITY_NAME.findall(block.text) if name != block.name]
        records.append(
            build_record(
                f"line {block.lines[0]} ([{block.name}])",
                game=GAME,
                code=code,
                name=block.name,
                types=[kind] if kind else [],
                stats=clean_stats({"icons": icons}),
                text=block.text,
                keywords=keywords(block.text),
                set=code.split("-", 1)[0],
                errata=errata.get(code, []),
                aliases=list(dict.fromkeys([*([ruler.group("short")] if ruler else []), *abilities])),
            )
        )
    known = {record.code for record in records} | {c for block in blocks for c in block.codes}
    for ruling in rulings:
        if ruling.kind == "errata" and ruling.codes and not known & set(ruling.codes):
            known.update(ruling.codes)
            records.append(_named_only(ruling.card_name, ruling.codes[0], f"line {ruling.line}", errata))
    for number, line in enumerate(text.splitlines(), start=1):
        for name, code in _MENTION.findall(line):
            if code not in known:
                known.add(code)
                records.append(_named_only(_plain(name), code, f"line {number}", errata))
    return records


_ABILITY_NAME = re.compile(r'^■"([^"\n]{2,80})"', re.MULTILINE)
"""A quoted ability name opening an ability line (the article's ``¦`` is ``■`` after repair)."""
_MENTION = re.compile(r"\[([^\[\]]{2,80})\] \((20\d\d[A-Z]{2}\d\d-[A-Z]*\d+[ab]?)")
"""A card named with its code in running text: ``[Schrödinger's Cat] (2020GB01-098)``."""


def _plain(name: str) -> str:
    return name.replace("’", "'").replace("“", '"').replace("”", '"')


def _named_only(name: str, code: str, where: str, errata: dict[str, list[Errata]]) -> CardRecord:
    """A card the article names with its code but does not print: name, code, set, errata."""
    return build_record(
        f"{where} ([{name}])",
        game=GAME,
        code=code,
        name=name,
        types=[],
        stats={},
        text="",
        keywords=[],
        set=code.split("-", 1)[0],
        errata=errata.get(code, []),
        aliases=[],
    )


IMPORTER = Importer(
    name="gateruler-set3",
    game=GAME,
    description="Gate Ruler: the cards the Set 3 rules update article prints or names (bundled).",
    function=parse,
)
