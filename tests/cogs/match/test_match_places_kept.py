"""A match's places stay current whatever happens to their messages (real discord.py, only the wire
faked; a real App on a real SQLite file): a board a moderator deleted is sent again at the next
refresh, and the places are edited even when the store stays busy past its timeout for the record of
what they show."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.app import App
from bot.store.database import StoreBusyError
from engine.match.offers import offers
from tests.cogs.match.discord_player import dm_panel, open_offer
from tests.cogs.match.helpers import app_drain, board_message, panel, started
from tests.discord.fake_discord import ALICE, BOB, FakeDiscord, message_text


async def _flip_a_coin(
    fake: FakeDiscord, app: App, seat: int = 0, *, last: Callable[[], None] = lambda: None
) -> int:
    """``seat``'s player presses "Flip a coin" on their DM panel (an action any seat may take at any
    time; ``last`` is called just before the press that takes it); the match's new version."""
    state = await app.matches.state(1)
    listed = offers(state, seat)
    number = next(n for n, offer in enumerate(listed, 1) if offer.type == "coin")
    user = (ALICE, BOB)[seat]
    await open_offer(fake, user, int(dm_panel(fake, user)["id"]), number, last=last)
    await app_drain(fake)
    after = await app.matches.state(1)
    assert after.version == state.version + 1
    return after.version


async def test_a_deleted_board_is_sent_again_at_the_next_refresh(fake_discord: FakeDiscord, app: App) -> None:
    fake = fake_discord
    _, thread_id = await started(fake, app)
    old = board_message(fake, thread_id)
    fake.deleted_messages[int(old["id"])] = fake.messages.pop(int(old["id"]))  # a moderator deletes it
    await _flip_a_coin(fake, app)  # the board's edit meets 404 Unknown Message
    assert not [m for m in fake.messages_in(thread_id) if m["components"]]
    version = await _flip_a_coin(fake, app)  # the next refresh sends it again
    boards = [m for m in fake.messages_in(thread_id) if m["components"]]
    assert len(boards) == 1 and boards[0]["id"] != old["id"]
    assert boards[0]["attachments"], "with its picture"
    recorded = await app.panels.find(1, "board")
    assert recorded is not None and recorded.message_id == int(boards[0]["id"])
    assert recorded.version == version
    version = await _flip_a_coin(fake, app)  # and is edited in place from then on
    again = [m for m in fake.messages_in(thread_id) if m["components"]]
    assert [m["id"] for m in again] == [boards[0]["id"]]
    tables: Any = fake.bots[-1].match_places  # type: ignore[attr-defined]
    assert tables.editor.last_sent(int(boards[0]["id"])) == version


async def test_the_places_are_edited_when_the_record_of_what_they_show_cannot_be_written(
    fake_discord: FakeDiscord, app: App
) -> None:
    """The record of which version each panel shows is the refresh's only write, and comes last: when
    the store stays busy past its timeout, the panels are edited and the player mentioned all the
    same, and nothing is logged as an error."""
    fake = fake_discord
    _, thread_id = await started(fake, app)

    async def busy(*_: Any) -> None:
        raise StoreBusyError()

    app.panels.shown_all = busy  # type: ignore[method-assign]
    version = await _flip_a_coin(fake, app)
    tables: Any = fake.bots[-1].match_places  # type: ignore[attr-defined]
    board = board_message(fake, thread_id)
    assert tables.editor.last_sent(int(board["id"])) == version
    waiting = (await app.matches.state(1)).board.priority
    other = (ALICE, BOB)[1 - waiting]
    assert f"as of action {version}" in message_text(panel(fake, other))


async def test_an_action_whose_answer_discord_refuses_still_moves_its_places_on(
    fake_discord: FakeDiscord, app: App
) -> None:
    """The press is acknowledged, the action stored, then Discord refuses the edit of the pressed
    panel (its token gone): the board and both DM panels still show the action, and nothing is logged
    as an error."""
    fake = fake_discord
    _, thread_id = await started(fake, app)
    original = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
    version = await _flip_a_coin(fake, app, last=lambda: fake.fail(original, status=404, code=10015, times=1))
    refused = [r for r in fake.requests if r.method == "PATCH" and "@original" in r.path and not r.ok]
    assert len(refused) == 1
    tables: Any = fake.bots[-1].match_places  # type: ignore[attr-defined]
    assert tables.editor.last_sent(int(board_message(fake, thread_id)["id"])) == version
    for user in (ALICE, BOB):
        assert f"as of action {version}" in message_text(panel(fake, user))
