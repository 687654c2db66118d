"""Panels for rules answers: a rule with its context, search results, keywords and misses."""

from __future__ import annotations

from dataclasses import replace

from bot.render import limits
from bot.render.panel import Button, Menu, Option, Panel, Target, make_panel
from bot.services.rules import (
    KeywordView,
    LookupMiss,
    RuleView,
    SearchResults,
    brief_label,
)
from bot.store.rules_repo import RuleBrief
from engine.games import GAMES
from engine.text import shortened

MAX_REFERENCE_BUTTONS = 10
MENU_ROWS = (1, 4)
MENUS_PER_PAGE = len(MENU_ROWS)
RESULTS_PER_PAGE = 5


def _heading(rule_id: str, title: str | None, kind: str) -> str:
    if kind in {"section", "chapter", "part"} and title:
        return f"{kind.capitalize()} {rule_id}: {title}"
    if kind == "update":
        return title or rule_id
    return f"{rule_id} {title}" if title else rule_id


def _brief_line(brief: RuleBrief, limit: int = 180) -> str:
    words = brief.title or " ".join(brief.text.split())
    return limits.truncate(f"**{brief.rule_id}** {words}", limit)


def rule_body(view: RuleView) -> str:
    """The full text of a rule answer, before paging: breadcrumb, text, examples, sub-rules."""
    rule = view.rule
    parts: list[str] = []
    if view.breadcrumb:
        parts.append(" › ".join(_heading(b.rule_id, b.title, b.kind) for b in view.breadcrumb))
        parts.append("")
    if rule.text:
        parts.append(rule.text)
    for example in rule.examples:
        shown = example if example.lower().startswith(("ex", "for example", "e.g")) else f"Example: {example}"
        parts.append(f"> {shown}")
    if view.children:
        parts.append("")
        parts.append(f"**Sub-rules ({len(view.children)})**")
        parts.extend(_brief_line(child) for child in view.children)
    body = "\n".join(parts).strip()
    return body or "(This heading has no text of its own.)"


def rule_panel(view: RuleView, page: int = 0, *, console_game: str | None = None) -> Panel:
    """One page of a rule answer with its navigation.

    Buttons: Prev/Next page, the parent rule, each referenced rule that exists (up to 10), and a
    menu of sub-rules (up to 25).
    """
    game = GAMES[view.document.game]
    text_pages = limits.split_pages(rule_body(view))
    chunks = -(-len(view.children) // (limits.SELECT_OPTIONS * MENUS_PER_PAGE))
    pages = text_pages + [text_pages[-1]] * max(0, chunks - len(text_pages))
    page = max(0, min(page, len(pages) - 1))
    doc = view.document
    rule = view.rule
    title = f"{game.name} · {_heading(rule.rule_id, rule.title, rule.kind)}"
    footer = f"{doc.label}"
    if len(pages) > 1:
        footer += f" · page {page + 1}/{len(pages)}"
    buttons: list[Button] = []
    commands: list[str] = []
    cmd_game = console_game or game.key
    here = Target("rule", document_id=doc.id, rule_id=rule.rule_id)
    if len(pages) > 1:
        buttons.append(Button("◀ Prev", _at(here, page - 1), "prev", 0, disabled=page == 0))
        buttons.append(Button("Next ▶", _at(here, page + 1), "next", 0, disabled=page >= len(pages) - 1))
    if view.breadcrumb:
        parent = view.breadcrumb[-1]
        buttons.append(
            Button(f"⬆ {parent.rule_id}", Target("rule", document_id=doc.id, rule_id=parent.rule_id), "up", 0)
        )
        commands.append(f"/rule {cmd_game} {parent.rule_id}")
    existing = [r for r in view.references if r.exists][:MAX_REFERENCE_BUTTONS]
    for n, reference in enumerate(existing):
        buttons.append(
            Button(
                f"→ {reference.rule_id}",
                Target("rule", document_id=reference.document_id or doc.id, rule_id=reference.rule_id),
                f"ref{n}",
                2 + n // 5,
            )
        )
        commands.append(f"/rule {cmd_game} {reference.rule_id}")
    menus = _child_menus(view, page)
    if view.children and len(view.children) <= 5:
        commands.extend(f"/rule {cmd_game} {c.rule_id}" for c in view.children)
    fields: list[tuple[str, str]] = []
    if view.references:
        fields.append(
            (
                "References",
                ", ".join(
                    (f"{r.rule_id} ({r.title})" if r.title else r.rule_id)
                    + ("" if r.exists else " (not in this edition)")
                    for r in view.references
                ),
            )
        )
    return make_panel(
        title,
        pages[page],
        fields=fields,
        footer=footer,
        buttons=buttons,
        menus=menus,
        commands=commands,
    )


def _child_menus(view: RuleView, page: int) -> list[Menu]:
    """Sub-rule menus for a page: two menus of 25 (rows 1 and 4), the next 50 on the next page."""
    size = limits.SELECT_OPTIONS
    first = page * size * MENUS_PER_PAGE
    menus: list[Menu] = []
    for n, row in enumerate(MENU_ROWS):
        chunk = view.children[first + n * size : first + (n + 1) * size]
        if not chunk:
            break
        start = first + n * size + 1
        span = f"{start}-{start + len(chunk) - 1} of {len(view.children)}"
        menus.append(
            Menu(
                f"Sub-rules of {view.rule.rule_id} ({span})",
                [
                    Option(
                        child.rule_id,
                        limits.truncate(child.title or " ".join(child.text.split()), 100) or child.rule_id,
                        Target("rule", document_id=view.document.id, rule_id=child.rule_id),
                    )
                    for child in chunk
                ],
                f"sub{n}",
                row,
            )
        )
    return menus


def _at(target: Target, page: int) -> Target:
    return replace(target, page=page)


def search_panel(results: SearchResults, page: int = 0, *, search_id: int = 0) -> Panel:
    """A page of search results, ranked, with id, heading and a snippet with matched words bold."""
    game = results.game
    shown_query = shortened(" ".join(results.query.split()), 80)
    title = f"{game.name} rules · “{shown_query}”"
    pages = max(1, -(-len(results.results) // RESULTS_PER_PAGE))
    page = max(0, min(page, pages - 1))
    chunk = results.results[page * RESULTS_PER_PAGE : (page + 1) * RESULTS_PER_PAGE]
    lines: list[str] = []
    if results.corrections:
        fixed = ", ".join(f"{a} → {b}" for a, b in results.corrections.items())
        lines.append(f"*Also searched for: {limits.truncate(fixed, 300)}*")
    if not results.results and results.suggestions:
        close = ", ".join(f"“{limits.truncate(s, 60)}”" for s in results.suggestions)
        lines.append(f"No rule uses these words. Did you mean {close}?")
    elif not results.results:
        lines.append("No rule uses these words. Try other words, a keyword or a rule number.")
    buttons: list[Button] = []
    commands: list[str] = []
    for n, result in enumerate(chunk, start=page * RESULTS_PER_PAGE + 1):
        heading = _heading(result.rule_id, result.title, "rule")
        snippet = " ".join(result.snippet.split())
        lines.append(f"**{n}. {limits.truncate(heading, 150)}**")
        if snippet:
            lines.append(limits.truncate(snippet, 400))
        if result.document.id != results.document.id:
            lines.append(f"*from {result.document.title}*")
        buttons.append(
            Button(
                f"{n}. {result.rule_id}",
                Target("rule", document_id=result.document.id, rule_id=result.rule_id),
                f"hit{n}",
                1,
            )
        )
        commands.append(f"/rule {game.key} {result.rule_id}")
    if pages > 1:
        here = Target("search", search_id=search_id)
        buttons.insert(0, Button("◀ Prev", _at(here, page - 1), "prev", 0, disabled=page == 0))
        buttons.insert(1, Button("Next ▶", _at(here, page + 1), "next", 0, disabled=page >= pages - 1))
    footer = results.document.label
    if pages > 1:
        footer += f" · page {page + 1}/{pages}"
    return make_panel(title, "\n".join(lines), footer=footer, buttons=buttons, commands=commands)


def keyword_panel(view: KeywordView, page: int = 0) -> Panel:
    """A keyword's defining rule, titled with the keyword."""
    panel = rule_panel(view.rule, page)
    name = view.keyword.name
    aliases = [a for a in view.keyword.aliases if a.casefold() != name.casefold()]
    title = f"{GAMES[view.rule.document.game].name} keyword · {name}"
    if aliases:
        title += f" ({', '.join(aliases[:3])})"
    if not view.keyword.rule_id.startswith("update:"):
        title += f" · {view.keyword.rule_id}"
    return make_panel(
        title,
        panel.body,
        fields=panel.fields,
        footer=panel.footer,
        buttons=panel.buttons,
        menus=panel.menus,
        commands=panel.commands,
    )


def miss_panel(miss: LookupMiss, game_key: str) -> Panel:
    """Nothing matched: the sentence, and what the user may have meant."""
    lines = [miss.message]
    buttons: list[Button] = []
    commands: list[str] = []
    if miss.suggestions:
        lines.append("")
        lines.append("Did you mean:")
        for n, brief in enumerate(miss.suggestions[:5]):
            lines.append(f"• {brief_label(brief, 180)}")
            buttons.append(
                Button(
                    brief.rule_id,
                    Target("rule", document_id=brief.document_id, rule_id=brief.rule_id),
                    f"hit{n}",
                    0,
                )
            )
            commands.append(f"/rule {game_key} {brief.rule_id}")
    return make_panel("Not found", "\n".join(lines), buttons=buttons, commands=commands)
