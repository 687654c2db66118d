"""Paging and truncation keep every answer inside Discord's limits (property tests)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.render import limits
from bot.render.panel import Button, Target, make_panel


@given(st.text(max_size=20_000), st.integers(min_value=20, max_value=4000))
def test_pages_fit_and_keep_every_word(text: str, limit: int) -> None:
    pages = limits.split_pages(text, limit)
    assert pages and all(len(page) <= limit for page in pages)
    assert "".join("".join(p.split()) for p in pages) == "".join(text.split())


@given(st.text(max_size=300), st.integers(min_value=0, max_value=300))
def test_truncate(text: str, limit: int) -> None:
    cut = limits.truncate(text, limit)
    assert len(cut) <= max(limit, 0)
    if len(text) <= limit:
        assert cut == text


@given(
    title=st.text(max_size=600),
    body=st.text(max_size=9000),
    fields=st.lists(
        st.tuples(st.text(min_size=1, max_size=400), st.text(min_size=1, max_size=2000)), max_size=30
    ),
    footer=st.text(max_size=3000),
)
def test_panels_fit_an_embed(title: str, body: str, fields: list[tuple[str, str]], footer: str) -> None:
    panel = make_panel(
        title, body, fields=fields, footer=footer, buttons=[Button("x" * 200, Target("rule"), "a", 0)]
    )
    assert len(panel.title) <= limits.EMBED_TITLE
    assert len(panel.body) <= limits.EMBED_DESCRIPTION
    assert len(panel.fields) <= limits.EMBED_FIELDS
    assert all(len(n) <= limits.FIELD_NAME and len(v) <= limits.FIELD_VALUE for n, v in panel.fields)
    total = (
        len(panel.title) + len(panel.body) + len(panel.footer) + sum(len(n) + len(v) for n, v in panel.fields)
    )
    assert total <= limits.EMBED_TOTAL
    assert len(panel.buttons[0].label) <= limits.BUTTON_LABEL
