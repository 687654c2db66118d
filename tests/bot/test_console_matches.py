"""``/match`` and ``/deck`` in the offline console, as a user types them, on a real database: a
challenge, its acceptance, the board and each player's panel, an offer taken, a draw offered and
accepted; saved decks. Panels show only what their viewer knows."""

from __future__ import annotations

import re
from pathlib import Path

from bot.app import App
from bot.console import Console
from bot.console_matches import guest
from engine.match.view import view

LEGAL = "; ".join(f"4 Test Unit {n:02d}" for n in range(1, 13)) + "; 2 Test Unit 13"


async def test_a_match_is_challenged_accepted_shown_and_played_in_the_console(app: App) -> None:
    console = Console(app)
    challenged = await console.handle("/match challenge dm opponent:Ben as:Ann")
    assert "#1: Ann challenges Ben to Duel Masters (with a practice deck; open" in challenged
    assert "#1: Ann challenges Ben" in await console.handle("/match challenges")
    assert "is for Ben" in await console.handle("/match accept 1 as:Cat")
    board = await console.handle("/match accept 1 as:Ben")
    assert "Match #1: Ann vs Ben (Duel Masters)" in board and "Seed hash" in board
    assert "shield zone: 5" in board and "hand: 5" in board

    state = await app.matches.state(1)
    ann_hand = [state.match.table[state.board.cards[c].ref].name for c in state.zone("hand", 0)]
    ben_hand = [state.match.table[state.board.cards[c].ref].name for c in state.zone("hand", 1)]
    public = await console.handle("/match board 1")
    assert not any(name in public for name in ann_hand + ben_hand), "the public board names no hidden card"
    written = re.search(r"\(board picture written to (.+\.png)\)", public)
    assert written, public
    picture = Path(written[1]).read_bytes()
    assert picture.startswith(b"\x89PNG") and len(picture) < 300_000
    ann = await console.handle("/match hand 1 as:Ann")
    assert all(name in ann for name in ann_hand)
    assert not any(name in ann for name in set(ben_hand) - set(ann_hand))
    assert "You are not a player of match #1" in await console.handle("/match hand 1 as:Cat")

    # The turn player takes an offer by its number: two cards through the generic Draw offer.
    active = ("Ann", "Ben")[state.board.active]
    panel = ann if active == "Ann" else await console.handle("/match hand 1 as:Ben")
    offers = re.findall(r"^(\d+)\. Draw \[count", panel, re.MULTILINE)
    assert offers, panel
    before = len(state.zone("hand", state.board.active))
    drawn = await console.handle(f"/match take 1 {offers[0]} count:2 as:{active}")
    assert drawn.startswith("You draw "), drawn
    assert len((await app.matches.state(1)).zone("hand", state.board.active)) == before + 2
    assert "count takes a whole number" in await console.handle(
        f"/match take 1 {offers[0]} count:x as:{active}"
    )
    assert "This offer does not ask for colour" in await console.handle(
        f"/match take 1 {offers[0]} count:1 colour:red as:{active}"
    )

    assert "offers a draw" not in await console.handle("/match board 1")
    await console.handle("/match draw 1 as:Ann")
    assert "Ann offers a draw" in await console.handle("/match board 1")
    over = await console.handle("/match accept-draw 1 as:Ben")
    assert "Match #1 is over" in over and "draw" in over and "arbiter match verify" in over
    final = view(await app.matches.state(1), None)
    assert final["seed"] and final["seed"] in over, "the seed is revealed at the end"


async def test_saved_decks_in_the_console(app: App, tmp_path: Path) -> None:
    console = Console(app)
    saved = await console.handle(f'/deck save vanguard "Royal Paladin" {LEGAL} as:Ann')
    assert "Royal Paladin (Cardfight!! Vanguard) is saved" in saved
    listing = tmp_path / "list.txt"
    listing.write_text(LEGAL.replace("; ", "\n"), encoding="utf-8")
    assert "Kagero" in await console.handle(f"/deck save cfv Kagero file:{listing} as:Ann")
    assert "Cardfight!! Vanguard: Kagero" in await console.handle("/deck list as:Ann")
    assert "You have no saved decks yet" in await console.handle("/deck list as:Ben")
    assert "4 Test Unit 01" in await console.handle('/deck show cfv "royal paladin" as:Ann')
    assert "now called Nova" in await console.handle("/deck rename cfv Kagero Nova as:Ann")
    assert "Nova is deleted" in await console.handle("/deck delete cfv nova as:Ann")
    challenged = await console.handle('/match challenge cfv "deck:saved:Royal Paladin" as:Ann')
    assert "with a Royal Paladin" in challenged
    assert "Say who acts with as:NAME" in await console.handle("/deck list")


def test_console_guests_are_stable_negative_ids() -> None:
    assert guest("Ann").user_id == guest(" ann ").user_id < 0
    assert guest("Ann").user_id != guest("Ben").user_id


async def test_the_console_reads_values_with_spaces_as_people_type_them(app: App) -> None:
    """The README's own example: a saved deck's name with a space, unquoted, then another option."""
    console = Console(app)
    await console.handle(f'/deck save vanguard "Royal Paladin" {LEGAL} as:Ann')
    await console.handle(f'/deck save vanguard "Royal Paladin" {LEGAL} as:Ben Lee')
    await console.handle("/match challenge cfv opponent:Ben Lee deck:saved:Royal Paladin as:Ann")
    board = await console.handle("/match accept 1 deck:saved:Royal Paladin as:Ben Lee")
    assert "Match #1: Ann vs Ben Lee (Cardfight!! Vanguard)" in board, board
    challenge = await app.challenges.of_match(1)
    assert challenge is not None and challenge.opponent_deck is not None
    assert (challenge.challenger_deck["name"], challenge.opponent_deck["name"]) == ("Royal Paladin",) * 2


async def test_an_offer_number_typed_against_an_older_panel_takes_nothing(app: App) -> None:
    """The numbers of a panel name its offers as it was shown: once the match has moved on, the number
    is refused and the panel shown as it is now; typed against that one, it is taken."""
    console = Console(app)
    await console.handle("/match challenge dm opponent:Ben as:Ann")
    await console.handle("/match accept 1 as:Ben")
    active = ("Ann", "Ben")[(await app.matches.state(1)).board.active]
    other = "Ben" if active == "Ann" else "Ann"
    charge = _number(await console.handle(f"/match hand 1 as:{active}"), "No charge")
    coin = _number(await console.handle(f"/match hand 1 as:{other}"), "Flip a coin")
    assert "coin" in (await console.handle(f"/match take 1 {coin} as:{other}")).lower()
    before = (await app.matches.state(1)).version
    stale = await console.handle(f"/match take 1 {charge} as:{active}")
    assert "moved on since your panel" in stale and "nothing was taken" in stale, stale
    assert (await app.matches.state(1)).version == before
    now = _number(stale, "No charge")
    await console.handle(f"/match take 1 {now} as:{active}")
    assert (await app.matches.state(1)).version == before + 1


def _number(panel: str, label: str) -> str:
    """The number a panel gives the offer so labelled."""
    found = re.search(rf"^(\d+)\. {label}", panel, re.MULTILINE)
    assert found, panel
    return found[1]
