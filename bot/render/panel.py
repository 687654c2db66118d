"""A transport-neutral answer: what Discord shows as an embed with components and the console as
text. Every panel is already within Discord's limits when built through :func:`make_panel`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.render import limits


@dataclass(frozen=True)
class Target:
    """Where a button leads: a rule of a document at a page, a page of a saved rules or card
    search, or a card."""

    kind: Literal["rule", "search", "card", "cards"]
    page: int = 0
    document_id: int = 0
    rule_id: str = ""
    search_id: int = 0
    card_id: int = 0


@dataclass(frozen=True)
class Button:
    label: str
    target: Target
    slot: str
    """Unique per panel: ``prev``, ``next``, ``up``, ``ref3``, ``hit2``..."""
    row: int
    disabled: bool = False


@dataclass(frozen=True)
class Option:
    label: str
    description: str
    target: Target


@dataclass(frozen=True)
class Menu:
    """A select menu of targets (e.g. the sub-rules), alone in its row."""

    placeholder: str
    options: list[Option]
    slot: str
    row: int


@dataclass(frozen=True)
class Panel:
    title: str
    body: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""
    buttons: list[Button] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    """Console equivalents of the buttons, e.g. ``/rule gateruler 3-13``."""
    private: bool = False
    """Shown only to the person who asked (errors, settings)."""
    files: tuple[tuple[str, bytes], ...] = ()
    """Files attached to the answer as ``(name, data)``; a PNG among them is shown as the image."""


def make_panel(
    title: str,
    body: str,
    *,
    fields: list[tuple[str, str]] | None = None,
    footer: str = "",
    buttons: list[Button] | None = None,
    menus: list[Menu] | None = None,
    commands: list[str] | None = None,
    private: bool = False,
) -> Panel:
    """Build a panel, truncating every part to Discord's limits and the 6,000 total."""
    title = limits.truncate(title, limits.EMBED_TITLE)
    footer = limits.truncate(footer, limits.FOOTER)
    kept_fields = [
        (limits.truncate(name, limits.FIELD_NAME), limits.truncate(value, limits.FIELD_VALUE))
        for name, value in (fields or [])[: limits.EMBED_FIELDS]
        if name.strip() and value.strip()
    ]
    budget = limits.EMBED_TOTAL - len(title) - len(footer) - sum(len(n) + len(v) for n, v in kept_fields)
    body = limits.truncate(body, max(1, min(limits.EMBED_DESCRIPTION, budget)))
    kept_buttons = [
        Button(limits.truncate(b.label, limits.BUTTON_LABEL), b.target, b.slot, b.row, b.disabled)
        for b in (buttons or [])
    ]
    kept_menus = [
        Menu(
            limits.truncate(m.placeholder, 150),
            [
                Option(
                    limits.truncate(o.label, limits.OPTION_TEXT),
                    limits.truncate(o.description, limits.OPTION_TEXT),
                    o.target,
                )
                for o in m.options[: limits.SELECT_OPTIONS]
            ],
            m.slot,
            m.row,
        )
        for m in (menus or [])
        if m.options
    ]
    return Panel(title, body, kept_fields, footer, kept_buttons, kept_menus, list(commands or []), private)


def panel_text(panel: Panel) -> str:
    """The panel as plain text, for the console and the CLI."""
    lines = [panel.title, "=" * min(len(panel.title), 72), panel.body]
    for name, value in panel.fields:
        lines.extend(["", f"{name}:", value])
    if panel.footer:
        lines.extend(["", f"— {panel.footer}"])
    if panel.commands:
        lines.extend(["", "Next: " + " | ".join(panel.commands)])
    return "\n".join(lines).rstrip() + "\n"
