"""``/match stops`` in the offline console, as a user types it, on a real database: a player's stops
for a game shown, changed and remembered for their next match, set in the match they play; and the
one-press passes taken from the panel's numbered offers."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.app import App
from bot.console import Console
from bot.console_matches import guest
from engine.match.simulate import game_seed


async def test_stops_are_shown_changed_and_remembered_in_the_console(app: App) -> None:
    console = Console(app)
    shown = await console.handle("/match stops fow as:Ben")
    assert "Your stops: Force of Will" in shown and "(the game's defaults)" in shown
    assert "[x] opp_chase: your opponent's object on top of the chase" in shown
    assert "[ ] opp_main: your opponent's main phase" in shown
    assert "[x] block: the declare block step of your opponent's attack (a decision)" in shown

    await console.handle("/match challenge fow opponent:Ben as:Ann")
    await console.handle("/match accept 1 as:Ben")
    changed = await console.handle("/match stops forceofwill add:opp_main as:Ben")
    assert "[x] opp_main: your opponent's main phase" in changed and "Set in match #1 too." in changed
    state = await app.matches.state(1)
    assert state.stops is not None and "opp_main" in (state.stops[1].stops or ())
    assert "Ben changes their stops." in await console.handle("/match board 1")

    again = await console.handle("/match stops fow as:Ben")
    assert "[x] opp_main" in again and "(the game's defaults)" not in again
    ben = guest("Ben").user_id
    saved = await app.matches.saved_stops(ben, "forceofwill")
    assert saved is not None and saved.stops is not None and "opp_main" in saved.stops

    full = await console.handle("/match stops fow full:on as:Ben")
    assert "Full control (a stop at every window): on." in full
    back = await console.handle("/match stops fow defaults full:off as:Ben")
    assert "(the game's defaults)" in back and "Full control (a stop at every window): off." in back

    assert "no window called 'lunch'" in await console.handle("/match stops fow add:lunch as:Ben")
    assert "add:WINDOW" in await console.handle("/match stops fow everything as:Ben")
    assert "full:on or full:off" in await console.handle("/match stops fow full:maybe as:Ben")
    assert "Say who acts" in await console.handle("/match stops fow")


async def test_a_one_press_pass_is_a_numbered_offer(app: App) -> None:
    """Ben's panel offers "Pass until end of turn"; taken, his priority passes by itself for the rest
    of the turn, and the board says so."""
    console = Console(app)
    await console.handle("/match challenge dm opponent:Ben as:Ann")
    await console.handle("/match accept 1 as:Ben")
    state = await app.matches.state(1)
    other = ("Ann", "Ben")[1 - state.board.active]
    panel = await console.handle(f"/match hand 1 as:{other}")
    number = re.search(r"^(\d+)\. Pass until end of turn", panel, re.MULTILINE)
    assert number, panel
    taken = await console.handle(f"/match take 1 {number[1]} as:{other}")
    assert "You will pass until the end of the turn." in taken, taken
    assert f"{other} will pass until the end of the turn." in await console.handle("/match board 1")


async def test_the_readmes_stops_example_runs_as_written(app: App) -> None:
    """The README's console example of stops, run line by line in a Force of Will match between Ann and
    Ben (Ben decides his mulligan first, so Ann's panel lists her stops' offers as the README shows)."""
    app.challenges.randomness = lambda: random.Random(1)
    app.challenges.match_seed = lambda: game_seed(1, 1)  # Ben goes first
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Stops and automatic passes", 1)[1]
    block = section.split("```", 2)[1]
    commands = [line.split("#", 1) for line in block.splitlines() if line.startswith("/")]
    assert len(commands) >= 5
    console = Console(app)
    await console.handle("/match challenge fow opponent:Ben as:Ann")
    await console.handle("/match accept 1 as:Ben")
    assert (await app.matches.state(1)).board.priority == 1
    for command, said in commands:
        reply = await console.handle(command.strip())
        assert "Your stops" in reply or "Match #1" in reply or "You will pass" in reply, (command, reply)
        if "..." in said:
            for shown in said.split("...", 1)[1].split("  "):
                assert shown.strip() in reply, (command, shown, reply)
        elif '"' in said:
            assert said.split('"')[1] in reply, (command, reply)
