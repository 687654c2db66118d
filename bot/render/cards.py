"""Panels for card answers: a card with stats, text, errata, rulings and keyword links; search pages;
and "did you mean" lists."""

from __future__ import annotations

from dataclasses import replace

from bot.render import limits
from bot.render.panel import Button, Panel, Target, make_panel
from bot.services.cards import CardMiss, CardResults, CardView
from engine.cards.model import CardRecord, StatValue
from engine.games import GAMES

CARDS_PER_PAGE = 10

STAT_LABELS: dict[str, str] = {
    "atk": "ATK",
    "defense": "DEF",
    "hp": "HP",
    "stk": "STK",
    "power_text": "Power",
    "power": "Power",
    "civilizations": "Civilization",
    "race": "Race",
    "attribute": "Attribute",
    "attributes": "Attributes",
}


def _stat(value: StatValue) -> str:
    if isinstance(value, list):
        return " / ".join(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def stats_line(card: CardRecord, stats: dict[str, StatValue] | None = None) -> str:
    """``Grade 3 · Power 13000 · Shield — · Critical 1``: the game's stats in a stable order."""
    stats = dict(card.stats if stats is None else stats)
    if "power_text" in stats:
        stats.pop("power", None)
    parts = []
    for key, value in stats.items():
        if key in {"twinpact", "evolution"}:
            if value:
                parts.append(key.capitalize())
            continue
        parts.append(f"{STAT_LABELS.get(key, key.replace('_', ' ').capitalize())} {_stat(value)}")
    return " · ".join(parts)


def card_heading(card: CardRecord) -> str:
    return f"{card.name} — {card.cost}" if card.cost else card.name


def card_panel(view: CardView, *, image: bytes | None = None) -> Panel:
    """The card answer, with a rendering of its face attached when ``image`` is given."""
    card = view.stored.card
    game = GAMES[card.game]
    lines: list[str] = []
    if view.matched and view.matched != card.name:
        lines.append(f"*Found by: {view.matched}*")
    if view.shared_with:
        others = "; ".join(name for _, name in view.shared_with)
        lines.append(f"*{view.matched} is also a face of: {others}*")
    type_line = " / ".join(card.types)
    if type_line:
        lines.append(f"**{type_line}**")
    stats = stats_line(card)
    if stats:
        lines.append(stats)
    if card.text:
        lines.extend(["", card.text])
    for face in card.faces:
        lines.extend(["", f"**{face.name}**" + (f" — {' / '.join(face.types)}" if face.types else "")])
        face_stats = stats_line(card, face.stats)
        if face_stats:
            lines.append(face_stats)
        if face.text:
            lines.append(face.text)
    fields: list[tuple[str, str]] = []
    for erratum in card.errata:
        fields.append(
            (
                f"Errata ({erratum.source})",
                "\n".join(
                    part
                    for part in (
                        f"Old: {erratum.old_text}" if erratum.old_text else "",
                        f"New: {erratum.new_text}" if erratum.new_text else "",
                        f"Reason: {erratum.reason}" if erratum.reason else "",
                    )
                    if part
                ),
            )
        )
    if len(view.printings) > 1:
        fields.append((f"Printings ({len(view.printings)})", printings_text(view)))
    rulings = [r for r in view.rulings if r.kind == "ruling"]
    if rulings:
        text = "\n".join(f"• {r.text}" for r in rulings)
        fields.append((f"Rulings ({rulings[0].document_title})", text))
    if not card.errata:
        for entry in (r for r in view.rulings if r.kind == "errata"):
            fields.append(
                (f"Errata ({entry.document_title})", f"Old: {entry.old_text}\nNew: {entry.new_text}")
            )
    buttons = [
        Button(
            f"📖 {link.name}",
            Target("rule", document_id=link.document_id, rule_id=link.rule_id),
            f"kw{n}",
            n // 5,
        )
        for n, link in enumerate(view.keywords)
    ]
    footer = " · ".join(p for p in (game.name, card.code, card.set, card.rarity) if p)
    panel = make_panel(
        card_heading(card),
        "\n".join(lines).strip() or "(No text.)",
        fields=fields,
        footer=footer,
        buttons=buttons,
        commands=[f"/rule {card.game} {link.rule_id}" for link in view.keywords],
    )
    if image is not None:
        return replace(panel, files=((f"{_file_stem(card)}.png", image),))
    return panel


MAX_PRINTINGS_SHOWN = 12


def printings_text(view: CardView) -> str:
    """A card's printings, one per line: code, set, rarity and the data set it came from (a card in
    both Duel Masters data sets shows a printing of each)."""
    lines = []
    for printing in view.printings[:MAX_PRINTINGS_SHOWN]:
        details = ", ".join(p for p in (printing.set, printing.rarity, printing.source) if p)
        lines.append(f"• {printing.code}" + (f" ({details})" if details else ""))
    if len(view.printings) > MAX_PRINTINGS_SHOWN:
        lines.append(f"… and {len(view.printings) - MAX_PRINTINGS_SHOWN} more")
    return "\n".join(lines)


def _file_stem(card: CardRecord) -> str:
    stem = "".join(ch if ch.isalnum() else "-" for ch in card.code.lower()).strip("-")
    return stem[:60] or "card"


def miss_panel(miss: CardMiss, game_key: str) -> Panel:
    lines = [miss.message]
    buttons: list[Button] = []
    commands: list[str] = []
    if miss.candidates:
        lines.extend(["", "Did you mean:"])
        lookups = [*miss.lookups, *(name for _, name in miss.candidates[len(miss.lookups) :])]
        for n, ((card_id, name), lookup) in enumerate(zip(miss.candidates[:5], lookups, strict=False)):
            lines.append(f"• {name}")
            buttons.append(Button(name, Target("card", card_id=card_id), f"c{n}", 0))
            commands.append(f'/card {game_key} "{lookup}"')
    return make_panel("Card not found", "\n".join(lines), buttons=buttons, commands=commands)


def results_panel(results: CardResults, *, search_id: int = 0) -> Panel:
    """A page of card search results, with a button per card and Prev/Next."""
    game = results.game
    pages = max(1, -(-results.total // results.per_page))
    page = min(results.page, pages - 1)
    title = f"{game.name} cards · {limits.truncate(' '.join(results.query.split()), 80)}"
    lines = [f"{results.total} card{'s' if results.total != 1 else ''} found."]
    buttons: list[Button] = []
    commands: list[str] = []
    first = page * results.per_page
    for n, stored in enumerate(results.cards, start=first + 1):
        card = stored.card
        detail = " · ".join(p for p in (" / ".join(card.types), stats_line(card)) if p)
        lines.append(limits.truncate(f"**{n}. {card_heading(card)}** — {detail}", 300))
        if len(buttons) < 10:
            buttons.append(
                Button(
                    limits.truncate(card.name, 60),
                    Target("card", card_id=stored.id),
                    f"c{n}",
                    1 + (n - first - 1) // 5,
                )
            )
        commands.append(f'/card {game.key} "{card.name}"')
    if pages > 1:
        here = Target("cards", search_id=search_id)
        buttons.insert(0, Button("◀ Prev", replace(here, page=page - 1), "prev", 0, disabled=page == 0))
        buttons.insert(
            1, Button("Next ▶", replace(here, page=page + 1), "next", 0, disabled=page >= pages - 1)
        )
    footer = f"{game.name} cards" + (f" · page {page + 1}/{pages}" if pages > 1 else "")
    return make_panel(title, "\n".join(lines), footer=footer, buttons=buttons, commands=commands)
