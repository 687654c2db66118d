"""Discord's message limits, and the one place that truncates and pages text to fit them.

Sources: Discord API docs (message, embed, component and interaction limits) as summarised in
``shared/discord-testing.md`` section 4.
"""

from __future__ import annotations

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
EMBEDS_PER_MESSAGE = 10
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
OPTION_TEXT = 100
CHOICES = 25
CHOICE_TEXT = 100
MODAL_TITLE = 45
MODAL_FIELDS = 5
"""Text inputs in one form (a modal holds at most five top-level components)."""
TEXT_INPUT_LABEL = 45
PLACEHOLDER = 100
LAYOUT_COMPONENTS = 40
"""Components in one Components V2 message, counted recursively (a container, its rows and their
buttons, a section, its text and its accessory...)."""
LAYOUT_TEXT = 4000
"""Characters of text display content in one Components V2 message, all text displays together."""
GALLERY_ITEMS = 10

PAGE_BODY = 3000
"""Body text per page: below the description limit, leaving room for title, fields and footer
within the 6,000-character total."""

ELLIPSIS = "…"


def truncate(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in an ellipsis when cut."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return text[:limit]
    return text[: limit - 1].rstrip() + ELLIPSIS


def split_pages(text: str, limit: int = PAGE_BODY) -> list[str]:
    """Split text into pages of at most ``limit`` characters at paragraph, line or word breaks.

    A word longer than a page is cut. Always returns at least one page.
    """
    if limit < 1:
        raise ValueError("limit must be positive")
    pages: list[str] = []
    current = ""
    for paragraph in text.split("\n"):
        candidate = paragraph if not current else current + "\n" + paragraph
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            pages.append(current)
            current = ""
        while len(paragraph) > limit:
            cut = paragraph.rfind(" ", 0, limit)
            cut = cut if cut > limit // 2 else limit
            pages.append(paragraph[:cut].rstrip())
            paragraph = paragraph[cut:].lstrip()
        current = paragraph
    if current or not pages:
        pages.append(current)
    return pages
