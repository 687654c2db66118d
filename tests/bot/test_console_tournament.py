"""``/tournament`` in the offline console: the same actions as Discord, as text, on a real database."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

from bot.app import App
from bot.console import CONSOLE_GUILD, HELP, Console, guest_id
from bot.services.tournaments import Actor, MatchInfo
from tests.engine.decks.published_lists import DM_DARK_FIRE

EVENT = '"Friday Vanguard"'
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"]


def organizer() -> Actor:
    return Actor("console", CONSOLE_GUILD, is_organizer=True, is_admin=True)


async def matches(app: App) -> list[MatchInfo]:
    info = await app.tournaments.find_event(CONSOLE_GUILD, "Friday Vanguard")
    rnd = await app.tournaments.pairings(organizer(), info.id)
    return [m for m in rnd.matches if not m.is_bye]


async def test_a_whole_event_runs_in_the_console(app: App, tmp_path: Path) -> None:
    console = Console(app)
    created = await console.handle(f"/tournament create {EVENT} vanguard bo3 rounds:3 top:4 minutes:40")
    assert "open for registration" in created and "top 4" in created and "40 minutes" in created
    for name in NAMES[:7]:
        assert "is added" in await console.handle(f"/tournament add {EVENT} {name}")
    joined = await console.handle(f"/tournament register {EVENT} as:{NAMES[7]}")
    assert "Heidi is registered (8 players)" in joined
    assert "Alice" in await console.handle(f"/tournament players {EVENT}")

    typed = await console.handle(f"/tournament decklist submit {EVENT} 4 Blaster Blade; 4 Wingal as:Alice")
    assert "Decklist saved" in typed and "4 Wingal" in typed
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Blaster Blade\n4 Wingal\n", encoding="utf-8")
    assert "Decklist saved" in await console.handle(f"/tournament decklist submit {EVENT} file:{deck} as:Bob")
    assert "Blaster Blade" in await console.handle(f"/tournament decklist view {EVENT} Alice")
    refused = await console.handle(f"/tournament decklist view {EVENT} Alice as:Bob")
    assert "Only tournament organizers" in refused

    started = await console.handle(f"/tournament start {EVENT}")
    assert "has started: 8 players, 3 Swiss rounds" in started
    paired = await console.handle(f"/tournament pair {EVENT}")
    assert "round 1 of 3" in paired and "4 tables" in paired

    # round 1: reports confirmed by the opponents; one dispute an organizer decides
    round_one = await matches(app)
    for m in round_one[:3]:
        reported = await console.handle(f"/tournament report {EVENT} 2-1 as:{m.name_a}")
        assert "confirm or dispute" in reported
        assert "Confirmed" in await console.handle(f"/tournament confirm {EVENT} as:{m.name_b}")
    last = round_one[3]
    await console.handle(f"/tournament report {EVENT} 2-0 as:{last.name_a}")
    disputed = await console.handle(f"/tournament dispute {EVENT} we drew the last game as:{last.name_b}")
    assert "disputed" in disputed and "we drew the last game" in disputed
    assert "disputed" in await console.handle(f"/tournament missing {EVENT}")
    ruled = await console.handle(f"/tournament result {EVENT} {last.name_b} 1-1-1")
    assert "Overridden by an organizer" in ruled and "Round 1 is complete" in ruled

    # round 2: a drop concedes; the organizer enters the rest
    await console.handle(f"/tournament pair {EVENT}")
    round_two = await matches(app)
    dropped = await console.handle(f"/tournament drop {EVENT} as:{round_two[0].name_a}")
    assert "dropped from Friday Vanguard after round 2" in dropped
    for m in round_two[1:]:
        entered = await console.handle(f"/tournament result {EVENT} {m.name_a} 2-0")
        assert "Entered by an organizer" in entered

    # round 3 (seven players: a bye) and the standings
    third = await console.handle(f"/tournament pair {EVENT}")
    assert "has the bye" in third
    for m in await matches(app):
        await console.handle(f"/tournament result {EVENT} {m.name_b} 0-2")
    standings = await console.handle(f"/tournament standings {EVENT}")
    assert standings.count("pts") == 8 and "OMW" in standings and "OGW" in standings and "final" in standings
    earlier = await console.handle(f"/tournament standings {EVENT} round:1")
    assert "after round 1" in earlier

    # the top cut: the losers report, the organizer enters the final
    seeded = await console.handle(f"/tournament topcut {EVENT}")
    assert "Semifinals" in seeded
    info = await app.tournaments.find_event(CONSOLE_GUILD, "Friday Vanguard")
    cut = await app.tournaments.top_cut(organizer(), info.id)
    waiting = await console.handle(f"/tournament missing {EVENT}")
    assert "semifinals, 2 matches without a winner" in waiting
    assert all(semi.name_a in waiting for semi in cut.current_matches)
    for semi in cut.current_matches:
        assert "beats" in await console.handle(f"/tournament report {EVENT} 1-2 as:{semi.name_b}")
    final = (await app.tournaments.top_cut(organizer(), info.id)).current_matches[0]
    assert "final, 1 match without a winner" in await console.handle(f"/tournament missing {EVENT}")
    crowned = await console.handle(f"/tournament result {EVENT} {final.name_b} 2-0")
    assert f"🏆 {final.name_b} wins Friday Vanguard!" in crowned  # markdown printed plain
    assert f"{final.name_b} wins" in await console.handle(f"/tournament missing {EVENT}")

    # exports are written beside the database and parse
    exported = await console.handle(f"/tournament export {EVENT}")
    folder = app.settings.database_path.parent
    assert "(written to" in exported
    data = json.loads((folder / "friday-vanguard.json").read_text(encoding="utf-8"))
    assert data["top_cut"]["champion"] == guest_id(final.name_b)
    rows = list(csv.DictReader(io.StringIO((folder / "friday-vanguard-standings.csv").read_text())))
    assert [r["rank"] for r in rows] == [str(n) for n in range(1, 9)]
    assert "Blaster Blade" in (folder / "friday-vanguard-decklists.csv").read_text()
    decklists = await console.handle(f"/tournament decklist export {EVENT}")
    assert "2 decklists attached" in decklists
    log = await console.handle(f"/tournament log {EVENT}")
    assert (
        "override result" in log
        and "page 1/2" in log
        and 'Next: /tournament log "Friday Vanguard" page:2' in log
    )
    assert "create: Friday Vanguard: vanguard, bo3" in await console.handle(f"/tournament log {EVENT} page:2")
    # The server's own log: organizer actions outside any event.
    await app.tournaments.set_organizer_role(organizer(), 1234)
    server = await console.handle("/tournament log")
    assert "Server audit log" in server and "set to 1234" in server


async def test_console_tournament_refusals_are_one_sentence(app: App) -> None:
    console = Console(app)
    assert "/tournament" in HELP
    assert "/tournament create" in await console.handle("/tournament help")
    assert "no event named Nope" in await console.handle('/tournament pair "Nope"')
    assert "Name the event" in await console.handle("/tournament standings")
    assert "Unknown tournament command" in await console.handle("/tournament frobnicate x")
    assert "no roles" in await console.handle("/tournament organizer-role set")
    await console.handle(f"/tournament create {EVENT} cfv")
    assert "Only tournament organizers" in await console.handle(f"/tournament start {EVENT} as:Mallory")
    assert "not registered" in await console.handle(f"/tournament report {EVENT} 2-0 as:Mallory")
    assert "rounds: takes a number" in await console.handle("/tournament create Other cfv rounds:three")
    assert "Say who registers" in await console.handle(f"/tournament register {EVENT}")
    assert "Cannot read" in await console.handle(
        f"/tournament decklist submit {EVENT} file:/nonexistent/deck.txt"
    )
    listed = await console.handle("/tournament list")
    assert "Friday Vanguard" in listed and "registration open" in listed


async def test_console_chooses_the_deck_rules_at_creation(app: App, tmp_path: Path) -> None:
    console = Console(app)
    assert "rules:NAME" in await console.handle("/tournament help")
    unknown = await console.handle('/tournament create "DM Night" dm rules:ocg')
    assert "The deck rules of this game are 'general' or 'english-tcg' (the first is the default)" in unknown
    assert await app.tournaments.list_events(CONSOLE_GUILD) == []
    created = await console.handle('/tournament create "DM Night" dm rules:english-tcg')
    assert "open for registration" in created
    assert "the English TCG's rules (a main deck of at least 40 cards)" in created
    deck = tmp_path / "dm.txt"
    deck.write_text(DM_DARK_FIRE, encoding="utf-8")
    register = await console.handle('/tournament register "DM Night" as:Bob')
    assert "is registered" in register
    saved = await console.handle(f'/tournament decklist submit "DM Night" file:{deck} as:Bob')
    assert "Legal deck by the counts only (main deck 44)" in saved and "Deck rules: the English TCG" in saved


async def test_console_sets_the_floor_and_changes_settings(app: App) -> None:
    console = Console(app)
    created = await console.handle(f"/tournament create {EVENT} vanguard floor:40")
    assert "Tiebreaker floor" in created and "40%" in created
    info = await app.tournaments.find_event(CONSOLE_GUILD, "Friday Vanguard")
    assert info.tiebreaker_floor == Fraction(2, 5)

    changed = await console.handle(
        f"/tournament settings {EVENT} bo1 rounds:5 top:8 minutes:30 capacity:32 floor:33.5"
    )
    assert "changed: best-of-1, 5 Swiss rounds, top 8, 30-minute rounds, capacity 32" in changed
    assert "tiebreaker floor 33.50%" in changed
    info = await app.tournaments.find_event(CONSOLE_GUILD, "Friday Vanguard")
    assert (info.format.value, info.rounds, info.top_cut, info.round_minutes, info.capacity) == (
        "bo1",
        5,
        8,
        30,
        32,
    )
    assert info.tiebreaker_floor == Fraction(67, 200)
    cleared = await console.handle(f"/tournament settings {EVENT} rounds:auto capacity:none")
    assert "automatic Swiss rounds, no capacity limit" in cleared
    info = await app.tournaments.find_event(CONSOLE_GUILD, "Friday Vanguard")
    assert info.rounds is None and info.capacity is None
    assert "configure:" in await console.handle(f"/tournament log {EVENT}")

    # refusals: one sentence each, and nothing changes
    before = await app.tournaments.find_event(CONSOLE_GUILD, "Friday Vanguard")
    refusals = {
        f"/tournament settings {EVENT} floor:150": "percentage from 0 to 100, not 150",
        f"/tournament settings {EVENT} floor:lots": "percentage from 0 to 100, not lots",
        f"/tournament settings {EVENT} top:5": "The top cut is none (0), 4, 8 or 16 players.",
        f"/tournament settings {EVENT} rounds:4 as:Mallory": "Only tournament organizers",
        f"/tournament settings {EVENT}": "Nothing to change",
        f"/tournament settings {EVENT} bo5": "Unknown setting 'bo5'",
        "/tournament create Other cfv floor:-1": "percentage from 0 to 100",
    }
    for line, expected in refusals.items():
        answer = await console.handle(line)
        assert expected in answer, (line, answer)
        sentence = answer.strip().splitlines()[-1]
        assert sentence.endswith(".") and sentence.count(". ") == 0 and expected in sentence, answer
    assert await app.tournaments.find_event(CONSOLE_GUILD, "Friday Vanguard") == before
    assert "no event named Other" in await console.handle("/tournament info Other")


async def test_an_event_cancelled_before_its_cut_takes_swiss_overrides(app: App) -> None:
    """Cancelled after the Swiss but before the top cut was seeded: an organizer's result is a Swiss
    override, and missing shows the last Swiss round."""
    console = Console(app)
    await console.handle('/tournament create "Small Cup" vanguard rounds:1 top:4')
    for name in NAMES[:4]:
        await console.handle(f'/tournament add "Small Cup" {name}')
    await console.handle('/tournament start "Small Cup"')
    await console.handle('/tournament pair "Small Cup"')
    info = await app.tournaments.find_event(CONSOLE_GUILD, "Small Cup")
    rnd = await app.tournaments.pairings(organizer(), info.id)
    for m in rnd.matches:
        await console.handle(f'/tournament result "Small Cup" {m.name_a} 2-0')
    assert "is ended" in await console.handle('/tournament cancel "Small Cup"')
    first = rnd.matches[0]
    overridden = await console.handle(f'/tournament result "Small Cup" {first.name_a} 0-2 round:1')
    assert "Overridden by an organizer" in overridden, overridden
    assert "round 1" in (await console.handle('/tournament missing "Small Cup"')).lower()


async def test_odd_numbers_get_one_sentence_and_the_console_goes_on(app: App) -> None:
    console = Console(app)
    await console.handle(f"/tournament create {EVENT} cfv")
    for line in (
        "/tournament info ²",
        "/tournament info 123456789012345678901234",
        f"/tournament info {2**63}",
        f"/tournament pairings {EVENT} ²",
        f"/tournament pairings {EVENT} round:99999999999999999999",
        f"/tournament time {EVENT} 99999999999999999999",
        f"/tournament settings {EVENT} rounds:{2**64}",
        "/page ²",
    ):
        answer = await console.handle(line)
        body = [row for row in answer.splitlines() if row.strip("=") and row != "Sorry"]
        assert len(body) == 1 and len(body[0]) < 200, (line, answer)
        assert "invalid literal" not in answer and "Traceback" not in answer
    assert "Friday Vanguard" in await console.handle("/tournament list")


async def test_ctrl_c_ends_the_console_with_a_goodbye(app: App) -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    await Console(app).run(Interrupted(), out)  # returns: the command exits with status 0
    assert out.getvalue().endswith("Goodbye.\n")
