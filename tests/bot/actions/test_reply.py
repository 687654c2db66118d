"""The one reply type (bot/reply.py), the refusal decorator of the actions and the console presenter."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.actions.common import refusing, replies
from bot.render.panel import make_panel
from bot.render.text import reply_text
from bot.reply import (
    REFUSAL_TITLE,
    Destination,
    Kind,
    Mentions,
    Reply,
    answer,
    channel,
    miss,
    post,
    refusal,
    thread,
)
from engine.errors import ArbiterError


def test_constructors_say_what_a_reply_is() -> None:
    shown = answer(make_panel("Standings", "1. Alice"))
    assert shown.kind is Kind.ANSWER and not shown.refused and not shown.private
    assert miss(make_panel("Not found", "Did you mean 3-13?")).kind is Kind.MISS
    refused = refusal("That event has ended.")
    assert refused.kind is Kind.REFUSAL and refused.refused and refused.private
    assert (refused.title, refused.body) == (REFUSAL_TITLE, "That event has ended.")
    assert answer(make_panel("Decklist", "…", private=True)).private


def test_mentions_are_explicit_and_empty_by_default() -> None:
    assert not Mentions() and Mentions(users=(1,)) and Mentions(organizers=True)
    assert answer(make_panel("a", "b"), content="<@1> @everyone").mentions == Mentions()
    assert post(5, "<@1> vs <@2>", (1, 2)).mentions == Mentions(users=(1, 2))


def test_destinations_are_channels_or_threads() -> None:
    assert channel(None) is None and channel(5) == Destination(5)
    assert thread(6) == Destination(6, thread=True)
    assert post(None, "nowhere").channel_id is None and post(7, "here").channel_id == 7


async def test_replies_turns_a_user_error_into_a_refusal_in_one_place() -> None:
    @replies
    async def fails(text: str) -> Reply:
        raise ArbiterError(f"{text} is not an event.")

    @refusing("Nothing was imported.")
    async def imports() -> Reply:
        raise ArbiterError("Line 3 has no name.")

    @replies
    async def works() -> Reply:
        return answer(make_panel("Done", "ok"))

    assert await fails("Friday") == refusal("Friday is not an event.")
    assert await imports() == refusal("Nothing was imported. Line 3 has no name.")
    assert (await works()).kind is Kind.ANSWER


def test_console_presenter_prints_the_panel_and_writes_files(tmp_path: Path) -> None:
    panel = make_panel("Export", "Two files.", commands=["/tournament export"])
    reply = answer(replace(panel, files=(("a.csv", b"x,y\n"),)))
    text = reply_text(reply, files_to=tmp_path)
    assert text.startswith("Export\n======\nTwo files.\n")
    assert "Next: /tournament export" in text and f"(written to {tmp_path / 'a.csv'})" in text
    assert (tmp_path / "a.csv").read_bytes() == b"x,y\n"
    assert reply_text(refusal("No.")) == "Sorry\n=====\nNo.\n"
