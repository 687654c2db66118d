"""Match and deck actions, shared by the console (and the Discord cogs to come).

A player is a :class:`Player`: a user id and the name the match shows. Each action returns a
:class:`~bot.reply.Reply`; refusals are one sentence (:func:`~bot.actions.common.replies`).

Taking an offer: the player names it by its number in their panel (:func:`engine.match.offers.offers`
order) and gives each need's choice as text, the way a select menu or a button sends it: for cards,
option numbers (``"1,3"``); for a pick, its option number; a number as digits; text as it is.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from bot.actions.common import replies
from bot.app import App
from bot.render import match as mr
from bot.render.panel import make_panel
from bot.reply import Reply, TableMove, answer
from bot.services.challenges import DeckChoice, Pending, Started
from bot.services.matches import Accepted
from bot.services.tournaments import Actor
from bot.store.deck_repo import StoredChallenge
from bot.store.stops_repo import SavedStops
from engine.errors import ArbiterError
from engine.games import resolve_game
from engine.match.actions import (
    AcceptDraw,
    AcceptUndo,
    Concede,
    DeclineDraw,
    DeclineUndo,
    OfferDraw,
    RequestUndo,
)
from engine.match.games import game_definition
from engine.match.offers import CardsNeed, Need, NumberNeed, Offer, PickNeed, TextNeed
from engine.match.render import render_all
from engine.match.state import MatchStatus

_PICTURES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbiter-board-picture")
"""Where board pictures are drawn: one worker thread, off the event loop, one picture at a time."""


@dataclass(frozen=True)
class Player:
    """Who acts: a user id and the name a match shows."""

    user_id: int
    name: str


def _challenge_text(challenge: StoredChallenge) -> str:
    game = resolve_game(challenge.game).name
    whom = challenge.opponent_name or "anyone"
    deck = challenge.challenger_deck["name"]
    return (
        f"#{challenge.id}: {challenge.challenger_name} challenges {whom} to {game}"
        f" (with a {deck}; {challenge.status}, until {challenge.expires_at[11:16]} UTC)"
    )


@replies
async def match_challenge(
    app: App,
    guild_id: int,
    channel_id: int | None,
    player: Player,
    game: str,
    deck: DeckChoice,
    opponent: Player | None,
) -> Reply:
    challenge = await app.challenges.challenge(
        guild_id=guild_id,
        channel_id=channel_id,
        game=game,
        challenger=(player.user_id, player.name),
        deck=deck,
        opponent=None if opponent is None else (opponent.user_id, opponent.name),
    )
    problems = await app.challenges.problems(challenge.game, challenge.challenger_deck, guild_id)
    note = (
        f"\nYour deck is not legal ({'; '.join(problems)}); your opponent must agree to it."
        if problems
        else ""
    )
    how = f"/match accept {challenge.id} deck:practice" + ("" if opponent else " as:NAME")
    panel = make_panel(
        "Challenge", _challenge_text(challenge) + note, commands=[how, f"/match decline {challenge.id}"]
    )
    return answer(panel)


@replies
async def match_challenges(app: App, guild_id: int) -> Reply:
    waiting = await app.challenges.waiting(guild_id)
    body = "\n".join(_challenge_text(c) for c in waiting) if waiting else "No challenges are waiting."
    return answer(make_panel("Challenges", body))


async def _started(app: App, started: Started) -> Reply:
    match_id = started.match_id
    view = await app.matches.view_for(match_id, None)
    lines = await app.matches.recent_lines(match_id, None, mr.LAST_LINES)
    panel = mr.board_panel(view, lines, match_id=match_id, notes=await _notes(app, match_id))
    return answer(panel, content=f"Match #{match_id} begins.", table=TableMove(match_id, started=True))


async def _notes(app: App, match_id: int) -> list[str]:
    """What the board says besides the view: the clock, and a deck that is not legal (and who agreed
    to it), as found when the challenge was accepted (:meth:`ChallengeService.deck_problems`; no deck
    is checked again on a press)."""
    notes = []
    clock = await app.clock.info(match_id)
    if clock is not None:
        stored = await app.matches.state(match_id)
        if stored.status == MatchStatus.PLAYING:
            notes.append(clock.text(stored.match.players))
    challenge = await app.challenges.of_match(match_id)
    if challenge is None or challenge.opponent_deck is None:
        return notes
    found = await app.challenges.deck_problems(challenge)
    for problems, owner, other in (
        (found[0], challenge.challenger_name, challenge.opponent_name),
        (found[1], challenge.opponent_name, challenge.challenger_name),
    ):
        if problems:
            notes.append(
                f"{owner}'s deck is not legal ({len(problems)} problems); {other} agreed to play against it."
            )
    return notes


@replies
async def match_accept(
    app: App, guild_id: int, challenge_id: int, player: Player, deck: DeckChoice, *, agree: bool = False
) -> Reply:
    result = await app.challenges.accept(
        guild_id, challenge_id, (player.user_id, player.name), deck, agree=agree
    )
    if isinstance(result, Pending):
        body = (
            f"Your deck is not legal: {'; '.join(result.problems)}. "
            f"{result.challenge.challenger_name} must agree to play against it (/match agree {challenge_id})."
        )
        return answer(make_panel("Waiting for agreement", body))
    return await _started(app, result)


@replies
async def match_agree(app: App, guild_id: int, challenge_id: int, player: Player) -> Reply:
    return await _started(app, await app.challenges.agree(guild_id, challenge_id, player.user_id))


@replies
async def match_decline(app: App, guild_id: int, challenge_id: int, player: Player) -> Reply:
    challenge = await app.challenges.decline(guild_id, challenge_id, player.user_id)
    return answer(make_panel("Challenge", f"Challenge #{challenge.id} is {challenge.status}."))


async def _seat(app: App, match_id: int, player: Player, where: int | None) -> int:
    """The seat ``player`` plays in the match, asked from server ``where`` (``None``: a DM)."""
    await app.matches.seen_from(match_id, where, player.user_id)
    return await app.matches.seat_of(match_id, player.user_id)


@replies
async def match_board(app: App, match_id: int, player: Player | None = None, *, where: int | None) -> Reply:
    """The board: the public one, or a player's (their own view: their hand counted, what they know),
    with its picture attached. ``where`` is the server asking (``None``: a DM, for its players only):
    a match of another server is not shown (:meth:`MatchService.seen_from`)."""
    await app.matches.seen_from(match_id, where, None if player is None else player.user_id)
    seat = None if player is None else await _seat(app, match_id, player, where)
    return await board_reply(app, match_id, seat)


async def board_reply(
    app: App, match_id: int, seat: int | None, *, counts: bool = False, picture: bool = True
) -> Reply:
    """The board as ``seat`` sees it (``None``: a spectator), for whoever may see it: the match's own
    places (:mod:`bot.actions.match_tables`), or :func:`match_board` once it has checked the asker.
    ``counts``: each side in counts, for a board shown beside its picture (:func:`mr.board_panel`);
    ``picture``: with the board picture, drawn in a worker thread of its own
    (:func:`~bot.render.match.with_picture`) so that the process answers other presses meanwhile."""
    view = await app.matches.view_for(match_id, seat)
    if view["status"] != MatchStatus.PLAYING:
        panel = mr.result_panel(view, match_id=match_id)
    else:
        lines = await app.matches.recent_lines(match_id, seat, mr.LAST_LINES)  # what the board quotes
        notes = await _notes(app, match_id)
        panel = mr.board_panel(view, lines, match_id=match_id, notes=notes, counts=counts)
    if not picture:
        return answer(panel)
    loop = asyncio.get_running_loop()
    drawn = await loop.run_in_executor(
        _PICTURES, functools.partial(mr.with_picture, panel, view, match_id=match_id)
    )
    return answer(drawn)


@replies
async def match_hand(app: App, match_id: int, player: Player, *, where: int | None, page: int = 1) -> Reply:
    """A player's private panel: hand, known cards, numbered offers (``page``: which page of them)."""
    seat = await _seat(app, match_id, player, where)
    view = await app.matches.view_for(match_id, seat)
    listed = await app.matches.offers_for(match_id, seat)
    return answer(mr.hand_panel(view, listed, match_id=match_id, seat=seat, page=page))


def parse_choices(offer: Offer, given: Mapping[str, str]) -> dict[str, Any]:
    """Choices typed as text (option numbers from 1, digits, text) into the values an offer takes."""
    out: dict[str, Any] = {}
    for need in offer.needs:
        if need.field not in given:
            continue
        text = given[need.field].strip()
        if isinstance(need, TextNeed):
            out[need.field] = text
        elif isinstance(need, NumberNeed):
            if text.lower() in ("", "none") and need.optional:
                out[need.field] = None
            else:
                out[need.field] = _number(text, need.field)
        elif isinstance(need, PickNeed):
            out[need.field] = need.options[_option(text, len(need.options), need.field)]
        elif isinstance(need, CardsNeed):
            picked = [
                need.options[_option(part, len(need.options), need.field)]
                for part in text.split(",")
                if part.strip()
            ]
            values: list[Any] = [at.index for at in picked] if need.indexes else picked
            out[need.field] = (values[0] if values else None) if need.single else tuple(values)
    unknown = set(given) - {need.field for need in offer.needs}
    if unknown:
        raise ArbiterError(f"This offer does not ask for {sorted(unknown)[0][:24]}.")
    return out


def _number(text: str, field: str) -> int:
    if not text.lstrip("-").isascii() or not text.lstrip("-").isdigit() or len(text) > 10:
        raise ArbiterError(f"{field} takes a whole number, not {text[:20]!r}.")
    return int(text)


def _option(text: str, count: int, field: str) -> int:
    number = _number(text.strip(), field)
    if not 1 <= number <= count:
        raise ArbiterError(f"{field}: choose an option from 1 to {count}, not {number}.")
    return number - 1


@replies
async def match_take(
    app: App,
    match_id: int,
    player: Player,
    number: int,
    choices: Mapping[str, str],
    *,
    where: int | None,
    version: int | None = None,
    brief: bool = False,
) -> Reply:
    """Take offer ``number`` (from 1, as the panel lists them) with its choices. ``brief``: the reply's
    panel holds the action's lines only, for a transport that shows the player's panel itself (a
    press on a panel on Discord)."""
    seat = await _seat(app, match_id, player, where)
    state = await app.matches.state(match_id)
    if version is not None and version != state.version:
        raise ArbiterError("The match has moved on since your panel was shown; look at it again.")
    listed = await app.matches.offers_for(match_id, seat)
    if not 1 <= number <= len(listed):
        raise ArbiterError(
            f"Choose an offer from 1 to {len(listed)}." if listed else "You have nothing to do now."
        )
    offer = listed[number - 1]
    parsed = parse_choices(offer, choices)
    missing = next((need for need in offer.needs if need.field not in parsed and _required(need)), None)
    if missing is not None:
        raise ArbiterError(f"Give the {missing.label} too, as {missing.field}:{_example(missing)}.")
    action = offer.build(seat, state.version, parsed)
    return await _submit(app, match_id, player, seat, action, brief=brief)


def _required(need: Need) -> bool:
    """Whether an offer cannot be taken without this choice (:meth:`Offer.build`'s rule)."""
    if isinstance(need, NumberNeed):
        return not need.optional
    if isinstance(need, CardsNeed):
        return need.low > 0
    return True


def _example(need: Need) -> str:
    """How a typed choice of ``need`` looks (option numbers for cards and picks)."""
    if isinstance(need, NumberNeed):
        return "NUMBER"
    if isinstance(need, TextNeed):
        return "TEXT"
    return "1,2" if isinstance(need, CardsNeed) and need.high > 1 else "1"


async def _submit(
    app: App, match_id: int, player: Player, seat: int, action: Any, *, brief: bool = False
) -> Reply:
    accepted = await app.matches.submit(match_id, action, user_id=player.user_id)  # with its clock step
    return await _after(app, match_id, seat, accepted, brief=brief)


async def _after(app: App, match_id: int, seat: int, accepted: Accepted, *, brief: bool = False) -> Reply:
    """The reply to an accepted action: its lines for the actor, and their panel (or the result);
    ``brief``: the lines alone."""
    lines = render_all(accepted.events, accepted.state, seat)
    if accepted.state.status != MatchStatus.PLAYING:
        try:
            reported = await app.tournament_matches.finished(match_id)
        except ArbiterError as error:  # the match is over and stored whatever the report meets
            lines.append(f"The pairing's result was not reported: {error} Report it with /tournament report.")
        else:
            if reported is not None:
                lines.append(reported.message)
        return answer(
            mr.result_panel(await app.matches.view_for(match_id, None), match_id=match_id),
            content="\n".join(lines),
            table=TableMove(match_id),
        )
    if brief:
        panel = make_panel(f"Match #{match_id}", "\n".join(lines) or "Done.")
    else:
        view = await app.matches.view_for(match_id, seat)
        listed = await app.matches.offers_for(match_id, seat)
        panel = mr.hand_panel(view, listed, match_id=match_id, seat=seat)
    return answer(panel, content="\n".join(lines), table=TableMove(match_id))


_LIFE = {
    "concede": Concede,
    "draw": OfferDraw,
    "accept-draw": AcceptDraw,
    "decline-draw": DeclineDraw,
    "undo": RequestUndo,
    "accept-undo": AcceptUndo,
    "decline-undo": DeclineUndo,
}


@replies
async def match_life(app: App, match_id: int, player: Player, what: str, *, where: int | None) -> Reply:
    """Concede, offer/accept/decline a draw, ask/accept/decline an undo."""
    kind = _LIFE.get(what)
    if kind is None:
        raise ArbiterError(f"'{what[:20]}' is not one of {', '.join(_LIFE)}.")
    seat = await _seat(app, match_id, player, where)
    state = await app.matches.state(match_id)
    return await _submit(app, match_id, player, seat, kind(actor=seat, version=state.version))


@replies
async def match_export(app: App, match_id: int, player: Player, *, where: int | None) -> Reply:
    """The whole match as a JSON file, for one of its players: once it has ended (with the seed, so
    ``arbiter match verify`` can replay every shuffle), or earlier with both players' consent."""
    await _seat(app, match_id, player, where)
    data = await app.matches.export(match_id)
    body = (
        f"Match #{match_id} as JSON. `arbiter match verify match-{match_id}.json` replays it: the seed"
        " against the hash published at the start, then every shuffle and action."
    )
    panel = replace(
        make_panel(f"Match #{match_id}: export", body, private=True),
        files=((f"match-{match_id}.json", json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")),),
    )
    return answer(panel)


@replies
async def match_tournament(app: App, actor: Actor, event: str | int) -> Reply:
    """Start the next game of the actor's current tournament pairing, with the registered decklists."""
    info = await app.tournaments.find_event(actor.guild_id, event)
    game = await app.tournament_matches.start(actor, info.id)
    view = await app.matches.view_for(game.match_id, None)
    lines = await app.matches.recent_lines(game.match_id, None, mr.LAST_LINES)
    title = f"{info.name}, round {game.round}, table {game.table}: game {game.game}"
    panel = mr.board_panel(view, lines, match_id=game.match_id)
    return answer(
        panel,
        content=f"{title} begins (match #{game.match_id}).",
        table=TableMove(game.match_id, started=True),
    )


@replies
async def match_clock(
    app: App, match_id: int, player: Player, what: str = "show", *, where: int | None
) -> Reply:
    """The clock: show it, claim the win on time, ask for (or agree to) a pause, resume."""
    await app.matches.seen_from(match_id, where, player.user_id)
    state = await app.matches.state(match_id)
    if what == "claim-time":
        seat = await _seat(app, match_id, player, where)
        accepted = await app.clock.claim(match_id, seat)
        return await _after(app, match_id, seat, accepted)
    if what == "pause":
        info = await app.clock.pause(match_id, await _seat(app, match_id, player, where))
    elif what == "resume":
        info = await app.clock.resume(match_id, await _seat(app, match_id, player, where))
    else:
        found = await app.clock.info(match_id)
        if found is None:
            raise ArbiterError(f"Match #{match_id} has no clock.")
        info = found
    text = info.text(state.match.players)
    if info.pause_request is not None and not info.paused:
        text += f" {state.match.players[info.pause_request]} asks for a pause."
    moved = TableMove(match_id) if what in ("pause", "resume") else None
    return answer(make_panel(f"Match #{match_id}: clock", text), table=moved)


# Stops --------------------------------------------------------------------------------------------


@replies
async def match_stops(
    app: App,
    player: Player,
    game: str,
    *,
    add: str | None = None,
    remove: str | None = None,
    full_control: bool | None = None,
    defaults: bool = False,
) -> Reply:
    """A player's stops for a game (:mod:`engine.match.stops`): where the match gives them priority;
    anywhere else it passes for them. With a change (a window added or removed, full control on or
    off, back to the game's defaults) they are saved for the player's next matches of that game and
    set in the ones in play; without one, shown."""
    definition = game_definition(game)
    windows = definition.stops
    name = resolve_game(game).name
    if windows is None:
        raise ArbiterError(f"{name} matches have no stops.")
    updated: list[int] = []
    changing = add is not None or remove is not None or full_control is not None or defaults
    if changing:
        saved, updated = await app.matches.save_stops(
            player.user_id, game, add=add, remove=remove, defaults=defaults, full_control=full_control
        )
    else:
        saved = await app.matches.saved_stops(player.user_id, game) or SavedStops(None, False)
    stops = windows.defaults if saved.stops is None else saved.stops
    lines = [
        f"{'[x]' if window.name in stops else '[ ]'} {window.name}: {window.label}"
        + (" (a decision)" if window.decision else "")
        for window in windows.windows
    ]
    defaulted = " (the game's defaults)" if saved.stops is None else ""
    body = (
        f"The match stops for you at the windows ticked{defaulted}; anywhere else it passes for you."
        " Decisions the rules ask of you stop unless you remove them."
        f"\nFull control (a stop at every window): {'on' if saved.full_control else 'off'}.\n\n"
        + "\n".join(lines)
    )
    if updated:
        body += "\n\nSet in " + ", ".join(f"match #{match_id}" for match_id in updated) + " too."
    key = definition.spec.key
    commands = [f"/match stops {key} {change}" for change in ("add:WINDOW", "remove:WINDOW", "defaults")]
    moved = TableMove(updated[0]) if updated else None  # its places show the change (and any pass)
    return answer(make_panel(f"Your stops: {name}", body, commands=commands, private=True), table=moved)


def stop_windows(game: str) -> list[tuple[str, str]]:
    """A game's windows as ``(what a player reads, name)`` pairs (for an autocomplete); none for a
    game that has none or a name that is not a game."""
    try:
        windows = game_definition(game).stops
    except ArbiterError:
        return []
    return [] if windows is None else [(f"{w.name}: {w.label}", w.name) for w in windows.windows]


# Decks ------------------------------------------------------------------------------------------


@replies
async def deck_save(app: App, player: Player, game: str, name: str, text: str) -> Reply:
    deck, replaced = await app.decks.save(player.user_id, game, name, text)
    verb = "replaced" if replaced else "saved"
    return answer(
        make_panel("Deck " + verb, f"{deck.name} ({resolve_game(deck.game).name}) is {verb}.", private=True)
    )


@replies
async def deck_list(app: App, player: Player, game: str | None = None) -> Reply:
    decks = await app.decks.list(player.user_id, game)
    body = (
        "\n".join(f"{resolve_game(d.game).name}: {d.name}" for d in decks) or "You have no saved decks yet."
    )
    return answer(make_panel("Your decks", body, private=True))


@replies
async def deck_show(app: App, player: Player, game: str, name: str) -> Reply:
    deck = await app.decks.get(player.user_id, game, name)
    return answer(make_panel(f"{deck.name} ({resolve_game(deck.game).name})", deck.text, private=True))


@replies
async def deck_rename(app: App, player: Player, game: str, old: str, new: str) -> Reply:
    deck = await app.decks.rename(player.user_id, game, old, new)
    return answer(make_panel("Deck renamed", f"Your deck is now called {deck.name}.", private=True))


@replies
async def deck_delete(app: App, player: Player, game: str, name: str) -> Reply:
    removed = await app.decks.delete(player.user_id, game, name)
    return answer(make_panel("Deck deleted", f"{removed} is deleted.", private=True))
