"""An offer's numbers in consecutive forms on Discord, through real discord.py with only the wire faked,
on a real App and SQLite file: a Gate Ruler match of imported cards whose ruler lacks its numbers
(5-3b) starts and finishes through buttons alone, each player typing twelve numbers in three forms of at
most five (Discord's limit); both players type at once; a number out of range asks for that form again,
keeping the others; **Done** leaves what may stay empty; the button between two forms works after a
restart. A practice match needs no numbers at all (its ruler has them)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot.app import App
from bot.client import ArbiterBot
from engine.games import resolve_game
from engine.match.games.gateruler.board import numbers, started
from engine.match.simulate import game_seed
from tests.cogs.match.discord_player import Watcher, drain, modal_inputs, play_on_discord, quick
from tests.cogs.match.helpers import custom_ids, labels, panel
from tests.discord.fake_discord import (
    ALICE,
    BOB,
    CHANNEL_ID,
    FakeDiscord,
    InteractionResult,
    restart_bot,
    start_bot,
)

RULER = "Arbiter Test Ruler"
LEVELS = (0, 1, 1, 2, 2, 3, 1, 2)


def _cards() -> list[dict[str, Any]]:
    """A ruler with its life, ATK and STK only (the rest of its numbers are not in the data), units with
    their stats, events and resources, in Arbiter's own JSON card format."""
    cards: list[dict[str, Any]] = [
        {"code": "AT-R1", "name": RULER, "types": ["Ruler"], "stats": {"life": 7, "atk": 2, "stk": 1}},
        {"code": "AT-RES", "name": "Test Resource", "types": ["Resource"], "stats": {}},
    ]
    for n, level in enumerate(LEVELS, 1):
        stats = {"level": level, "atk": 1 + level, "hp": 1 + level, "stk": 1 + (level >= 2)}
        cards.append({"code": f"AT-U{n}", "name": f"Test Knight {n}", "types": ["Unit"], "stats": stats})
    for n in (1, 2):
        cards.append(
            {"code": f"AT-E{n}", "name": f"Test Spell {n}", "types": ["Event"], "stats": {"level": 1}}
        )
    return cards


DECK = "; ".join(
    [f"Ruler: {RULER}", "Deck:"]
    + [f"3 Test Knight {n}" for n in range(1, len(LEVELS) + 1)]
    + ["3 Test Spell 1", "3 Test Spell 2", "Resources:", "6 Test Resource"]
)
ALICES = {
    "attack_zones": 2,
    "defense_zones": 1,
    "set_zones": 2,
    "hand": 4,
    "resources": 2,
    "summon_cap": 2,
    "draw": 1,
    "ready": -1,
    "gain": 1,
    "set_cap": 1,
    "drive": 0,
    "level_cap": 6,
}
BOBS = {**ALICES, "hand": 5, "summon_cap": 3, "set_cap": None, "level_cap": None}


async def real_data_match(fake: FakeDiscord, app: App, tmp_path: Path, seed: int = 5) -> int:
    """The cards imported; Alice and Bob save the same decklist, Alice challenges Bob with it and Bob
    accepts with it: the match waits for both rulers' numbers. The thread's id."""
    path = tmp_path / "test-knights.json"
    path.write_text(json.dumps({"format": "arbiter-cards/1", "game": "gateruler", "cards": _cards()}))
    await app.cards.import_path(resolve_game("gateruler"), "json", path)
    app.challenges.match_seed = lambda: game_seed(seed, 1)
    quick(await start_bot(fake, ArbiterBot(app)))
    for user in (ALICE, BOB):
        saved = await fake.run_slash("deck save", user_id=user, game="gateruler", name="Knights", text=DECK)
        assert "saved" in saved.embeds[0]["description"], saved.describe()
    challenged = await fake.run_slash(
        "match challenge", user_id=ALICE, game="gateruler", opponent=BOB, deck="Knights"
    )
    assert "not legal" not in json.dumps(challenged.embeds), challenged.embeds
    accepted = await fake.run_slash("match accept", user_id=BOB, challenge=1, deck="Knights")
    assert "begins" in accepted.content, accepted.describe()
    state = await app.matches.state(1)
    assert not started(state.board), "both rulers wait for their numbers (5-3b)"
    threads = [c for c in fake.channels.values() if c.get("parent_id") == str(CHANNEL_ID)]
    return int(threads[0]["id"])


async def open_entry(fake: FakeDiscord, user: int) -> InteractionResult:
    """The player presses Enter ruler numbers on their DM panel: its first form opens."""
    dm = panel(fake, user)
    entry = next(c for c, label in labels(dm).items() if c.startswith("mt:o:") and "ruler numbers" in label)
    opened = await fake.press(int(dm["id"]), entry, user_id=user)
    assert opened.modal is not None, opened.describe()
    return opened


async def type_in(fake: FakeDiscord, user: int, opened: InteractionResult, **typed: Any) -> InteractionResult:
    """Submit the form ``opened`` shows with ``typed`` in the inputs it has (and only those)."""
    assert opened.modal is not None, opened.describe()
    shown = modal_inputs(opened.modal)
    assert len(shown) <= 5
    values = {}
    for custom_id in shown:
        name = custom_id.removeprefix("need:")
        if name in typed:
            values[custom_id] = "" if typed[name] is None else str(typed[name])
    return await fake.submit_modal(opened.modal["custom_id"], values, user_id=user)


def button(result: InteractionResult, starts: str) -> str:
    """The custom id of the button of the result's message whose label starts so."""
    shown = labels(result.message)
    return next(c for c, label in shown.items() if label.startswith(starts))


def text_of(result: InteractionResult) -> str:
    return result.content + json.dumps(result.embeds, ensure_ascii=False)


async def test_a_match_of_imported_cards_starts_with_numbers_typed_in_forms_and_finishes(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    """Both players type their ruler's twelve missing numbers in three forms (5, 5, 2 fields), a Next
    button between two, then play to the end through their DM panels; no payload names a card its
    recipient does not know."""
    fake = fake_discord
    seed = 5
    thread_id = await real_data_match(fake, app, tmp_path, seed)
    watcher = Watcher(fake, {0: ALICE, 1: BOB}, thread_id)
    assert not await watcher.leaks(app, 1)
    taken = await play_on_discord(fake, app, 1, {0: ALICE, 1: BOB}, watcher, random.Random(seed))
    assert taken["gr_ruler"] == 2 and taken["gr_attack"] >= 1, taken
    state = await app.matches.state(1)
    assert state.winner is not None and "concede" not in (state.end_reason or "").lower()
    titles = sorted({data["title"] for data, _ in fake.modals.values() if "ruler numbers" in data["title"]})
    assert titles == [f"1. Enter ruler numbers ({n}/3)" for n in (1, 2, 3)]
    assert not any(c.startswith("mt:o:") for user in (ALICE, BOB) for c in custom_ids(panel(fake, user)))


async def test_both_players_type_at_once_and_the_slower_keeps_what_they_typed(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    """Alice and Bob open their forms together (each form answers for its own player); Alice finishes
    first, so Bob's next press finds the match moved on: it says so, keeps his first five numbers and
    asks on for them on the new panel."""
    fake = fake_discord
    await real_data_match(fake, app, tmp_path)
    first = {user: await open_entry(fake, user) for user in (ALICE, BOB)}
    assert first[ALICE].modal is not None and first[BOB].modal is not None
    assert first[ALICE].modal["custom_id"] != first[BOB].modal["custom_id"]
    prompts = {
        ALICE: await type_in(fake, ALICE, first[ALICE], **ALICES),
        BOB: await type_in(fake, BOB, first[BOB], **BOBS),
    }
    for prompt in prompts.values():
        assert prompt.ephemeral and "Typed so far (5 of 12)" in text_of(prompt), prompt.describe()
    result = prompts[ALICE]
    for _ in range(2):
        result = await fake.press(result.message_id or 0, button(result, "Next"), user_id=ALICE)
        result = await type_in(fake, ALICE, result, **ALICES)
    assert "✅" in result.content, text_of(result)
    assert (await app.matches.state(1)).version == 1

    moved = await fake.press(prompts[BOB].message_id or 0, button(prompts[BOB], "Next"), user_id=BOB)
    assert moved.modal is None and "moved on while you typed" in text_of(moved), text_of(moved)
    assert "summon cap" not in text_of(moved) and "cards in hand at Setup: 5" in text_of(moved)
    result = moved
    for _ in range(2):
        result = await fake.press(result.message_id or 0, button(result, "Next"), user_id=BOB)
        assert result.modal is not None and result.modal["custom_id"].split(":")[3] == "1", "the new panel"
        result = await type_in(fake, BOB, result, **BOBS)
    assert "✅" in result.content, text_of(result)
    state = await app.matches.state(1)
    assert started(state.board)
    defaults = {"set_cap": -1, "drive": 0, "level_cap": -1}
    assert numbers(state.board, 0) == {"life": 7, **ALICES}
    bobs = {name: defaults[name] if value is None else value for name, value in BOBS.items()}
    assert numbers(state.board, 1) == {"life": 7, **bobs}
    await drain(fake)


async def test_a_number_out_of_range_asks_for_its_form_again_and_done_leaves_the_rest_empty(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    """A word where a number belongs: one sentence saying what to type, that form again (the first
    form's numbers kept); once only fields that may stay empty are left, Done takes the offer."""
    fake = fake_discord
    await real_data_match(fake, app, tmp_path)
    prompt = await type_in(fake, ALICE, await open_entry(fake, ALICE), **ALICES)
    second = await fake.press(prompt.message_id or 0, button(prompt, "Next: numbers 6 to 10"), user_id=ALICE)
    refused = await type_in(fake, ALICE, second, **{**ALICES, "draw": "many"})
    said = text_of(refused)
    assert "Type a whole number from 0 to 999 for the cards drawn at Start of Turn, not 'many'." in said
    assert "Typed so far (5 of 12)" in said and (await app.matches.state(1)).version == 0
    again = await fake.press(
        refused.message_id or 0, button(refused, "Again: numbers 6 to 10"), user_id=ALICE
    )
    assert again.modal is not None and again.modal["title"].endswith("(2/3)")
    rest = await type_in(fake, ALICE, again, **ALICES)
    assert "Typed so far (10 of 12)" in text_of(rest)
    assert button(rest, "Next: numbers 11 to 12")
    done = await fake.press(rest.message_id or 0, button(rest, "Done"), user_id=ALICE)
    assert "✅" in done.content, text_of(done)
    state = await app.matches.state(1)
    assert numbers(state.board, 0) == {"life": 7, **ALICES, "drive": 0, "level_cap": -1}
    await drain(fake)


async def test_the_button_between_two_forms_works_after_a_restart(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    """The first form's numbers ride in the Next button's custom id: a new process opens the second form
    with them, and the third takes the offer."""
    fake = fake_discord
    await real_data_match(fake, app, tmp_path)
    prompt = await type_in(fake, BOB, await open_entry(fake, BOB), **BOBS)
    quick(await restart_bot(fake, ArbiterBot(app)))
    result = prompt
    for _ in range(2):
        result = await fake.press(result.message_id or 0, button(result, "Next"), user_id=BOB)
        result = await type_in(fake, BOB, result, **BOBS)
    assert "✅" in result.content, text_of(result)
    state = await app.matches.state(1)
    entered = numbers(state.board, 1)
    assert entered is not None and entered["hand"] == 5 and entered["summon_cap"] == 3
    await drain(fake)


async def test_a_form_open_while_the_bot_restarts_is_answered_and_changes_nothing(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    """No form of the new process waits for it: the player is told to press again, with one sentence,
    and nothing is taken; pressing again works."""
    fake = fake_discord
    await real_data_match(fake, app, tmp_path)
    dm = panel(fake, BOB)
    opened = await open_entry(fake, BOB)
    before = (await app.matches.state(1)).version
    quick(await restart_bot(fake, ArbiterBot(app)))
    lost = await type_in(fake, BOB, opened, **BOBS)
    assert lost.ephemeral and "before I restarted" in text_of(lost), lost.describe()
    assert (await app.matches.state(1)).version == before
    entry = next(c for c, label in labels(dm).items() if c.startswith("mt:o:") and "ruler numbers" in label)
    again = await type_in(fake, BOB, await fake.press(int(dm["id"]), entry, user_id=BOB), **BOBS)
    assert "Next" in json.dumps(again.components), again.describe()


async def test_the_last_form_answered_after_the_match_moved_on_is_asked_again_on_the_new_panel(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    """Bob's last form is open when Alice's numbers move the match on: its answer is refused as made on
    an old panel, and the same form is asked again on the new one with his first ten numbers kept."""
    fake = fake_discord
    await real_data_match(fake, app, tmp_path)
    result = await type_in(fake, BOB, await open_entry(fake, BOB), **BOBS)
    result = await fake.press(result.message_id or 0, button(result, "Next"), user_id=BOB)
    result = await type_in(fake, BOB, result, **BOBS)
    last = await fake.press(result.message_id or 0, button(result, "Next: numbers 11 to 12"), user_id=BOB)
    alices = await type_in(fake, ALICE, await open_entry(fake, ALICE), **ALICES)
    for _ in range(2):
        alices = await fake.press(alices.message_id or 0, button(alices, "Next"), user_id=ALICE)
        alices = await type_in(fake, ALICE, alices, **ALICES)
    assert (await app.matches.state(1)).version == 1

    kept = await type_in(fake, BOB, last, **BOBS)
    said = text_of(kept)
    assert "moved on while you typed" in said and "Typed so far (10 of 12)" in said, said
    assert numbers((await app.matches.state(1)).board, 1) is None, "nothing taken on the old panel"
    again = await fake.press(kept.message_id or 0, button(kept, "Next: numbers 11 to 12"), user_id=BOB)
    assert again.modal is not None and again.modal["custom_id"].split(":")[3] == "1"
    taken = await type_in(fake, BOB, again, **BOBS)
    assert "✅" in taken.content, text_of(taken)
    entered = numbers((await app.matches.state(1)).board, 1)
    assert entered is not None and entered["summon_cap"] == 3 and entered["set_cap"] == -1
    await drain(fake)


async def test_a_form_button_whose_offer_is_gone_says_so_in_one_sentence(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    """Alice concedes while Bob types his numbers: his Next says the offer is gone, and offers nothing."""
    fake = fake_discord
    await real_data_match(fake, app, tmp_path)
    prompt = await type_in(fake, BOB, await open_entry(fake, BOB), **BOBS)
    conceded = await fake.run_slash("match concede", user_id=ALICE, match=1)
    assert conceded.acknowledged and (await app.matches.state(1)).status != "playing"
    gone = await fake.press(prompt.message_id or 0, button(prompt, "Next"), user_id=BOB)
    assert gone.modal is None and gone.content == (
        "⚠️ The match has moved on and that offer is gone: your panel shows what you may do now."
    )
    assert not gone.custom_ids and not gone.embeds
    await drain(fake)
