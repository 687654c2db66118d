"""``/match`` and ``/deck``: challenge a player of the server, play the match in a thread with each hand
in the players' DMs (:mod:`cogs.match.places`), keep decks.

The commands call the same actions as the console (:mod:`bot.actions.matches`); an action on a match
goes through :func:`~cogs.match.places.act`, and the presenter opens or refreshes the places of a
match a reply started or moved on (:func:`cogs.presenter.present`). Decisions where the
issue is silent, for two players on their phones:

- **A challenge** is posted in the channel with **Accept (practice deck)** and **Decline** buttons; a
  player who brings a saved deck or a decklist answers with ``/match accept`` (the deck option
  autocompletes their saved decks; ``decklist`` takes a text file).
- **Deck option**: ``practice`` (the default) or the name of a saved deck.
- **Private by default**: ``/match board`` and ``/match hand`` answer privately (the thread already shows
  the board to everyone), and so does every refusal.
- ``/match take`` is the typed way to take any offer (``choices`` as ``field:choice`` words with option
  numbers, as the console takes them), for an offer whose menu would hold more than 25 options.
"""

from __future__ import annotations

import asyncio
import logging
import shlex
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands, tasks

import cogs.match.components as mc
from bot.actions import matches as ma
from bot.app import App
from bot.reply import refusal
from bot.services.challenges import DeckChoice
from cogs.common import GAME_CHOICES, to_choices
from cogs.match.places import act, places_of, places_of_bot
from cogs.presenter import present
from engine.errors import ArbiterError
from engine.text import utf8_text

log = logging.getLogger("arbiter.cogs.match")

MAX_DECK_FILE = 100_000
"""Bytes read from a decklist attachment."""
CLOCK_SECONDS = 20
"""How often the clock watch looks at the matches being played."""
FORM_LOST = (
    "That form was opened before I restarted, or too long ago: nothing was taken. Press the offer on"
    " your panel again."
)
DRAW = {"offer": "draw", "accept": "accept-draw", "decline": "decline-draw"}
UNDO = {"request": "undo", "accept": "accept-undo", "decline": "decline-undo"}


async def _deck(
    interaction: discord.Interaction, deck: str | None, decklist: discord.Attachment | None
) -> DeckChoice:
    """What a player brings: a decklist file, a saved deck by name, or a practice deck."""
    if decklist is not None:
        if decklist.size > MAX_DECK_FILE:
            raise ArbiterError("That file is too big for a decklist (100 kB).")
        try:
            data = await decklist.read()
        except discord.HTTPException:
            raise ArbiterError("I could not download that file; try again.") from None
        return DeckChoice("list", utf8_text(data, "the decklist"))
    if deck is None or deck.strip().lower() in ("", "practice"):
        return DeckChoice("practice")
    return DeckChoice("saved", deck.strip())


def _choices(text: str | None) -> dict[str, str]:
    """``field:choice`` words (``cards:1,3 count:2``) as the console reads them: a text choice with
    spaces in quotes (``"note:a cost changed"``)."""
    out: dict[str, str] = {}
    try:
        words = shlex.split(text or "")
    except ValueError:
        raise ArbiterError("A quote is not closed: put a text choice with spaces in quotes.") from None
    for word in words:
        key, sep, value = word.partition(":")
        if not sep or not key.isidentifier() or not value:
            raise ArbiterError(f"Write each choice as field:choice, not {word[:30]!r}.")
        out[key.lower()] = value
    return out


class MatchCog(commands.Cog):
    """``/match`` and ``/deck``."""

    match = app_commands.Group(
        name="match", description="Play a match against another player", guild_only=True
    )
    deck = app_commands.Group(name="deck", description="Your saved decks")

    def __init__(self, bot: commands.Bot, app: App) -> None:
        self.bot = bot
        self.app = app

    async def cog_load(self) -> None:
        self.clock_watch.start()

    async def cog_unload(self) -> None:
        """Stop the clock watch, and send the edits and messages still queued (a few seconds at most)
        before the bot closes: the boards and panels end on the newest state the store holds."""
        self.clock_watch.cancel()
        places = places_of_bot(self.bot)
        try:
            await asyncio.wait_for(places.drain(), timeout=5)
        except TimeoutError:
            log.warning("closing with match edits still queued; the next action refreshes them")
        await places.editor.close()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """An offer's form answered after the bot restarted (or after its 15 minutes): no form of this
        process waits for it, so nothing else would answer. The player is told to press again."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id") or "")
        if not custom_id.startswith(mc.FORM_PREFIX) or custom_id in places_of(interaction).open_forms:
            return
        await present(interaction, refusal(FORM_LOST))

    @tasks.loop(seconds=CLOCK_SECONDS)
    async def clock_watch(self) -> None:
        """Every 20 s: the clock's warnings in the matches' threads. An unexpected error is logged and
        never stops the loop."""
        try:
            await places_of_bot(self.bot).check_clocks()
        except Exception:
            log.exception("the clock watch failed; it runs again in %s s", CLOCK_SECONDS)

    @clock_watch.before_loop
    async def _watch_waits_for_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def _saved_decks(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        decks = await self.app.decks.list(interaction.user.id, game)
        typed = current.casefold()
        names = [("practice deck", "practice")] + [
            (f"{d.name} ({d.game})", d.name) for d in decks if typed in d.name.casefold()
        ]
        return to_choices(names)

    # challenges ------------------------------------------------------------------------------------

    @match.command(name="challenge", description="Challenge a player (or anyone) to a match")
    @app_commands.describe(
        game="The game",
        opponent="Who you challenge (leave empty: anyone may accept)",
        deck="practice, or one of your saved decks",
        decklist="A text file with your decklist",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def challenge(
        self,
        interaction: discord.Interaction,
        game: str,
        opponent: discord.User | None = None,
        deck: str | None = None,
        decklist: discord.Attachment | None = None,
    ) -> None:
        await self._challenge(interaction, game, opponent, deck, decklist)

    async def _challenge(
        self,
        interaction: discord.Interaction,
        game: str,
        opponent: discord.User | None,
        deck: str | None,
        decklist: discord.Attachment | None,
    ) -> None:
        """Post a challenge (to ``opponent``, or open to anyone) with its Accept and Decline buttons."""
        guild = interaction.guild_id or 0
        try:
            choice = await _deck(interaction, deck, decklist)
        except ArbiterError as error:
            await present(interaction, refusal(str(error)))
            return
        rival = None if opponent is None else ma.Player(opponent.id, opponent.display_name)
        if opponent is not None and opponent.bot:
            await present(interaction, refusal("Bots don't play: challenge a person."))
            return
        reply = await ma.match_challenge(
            self.app, guild, interaction.channel_id, mc.player_of(interaction), game, choice, rival
        )
        if reply.refused:
            await present(interaction, reply)
            return
        waiting = [
            c for c in await self.app.challenges.waiting(guild) if c.challenger_id == interaction.user.id
        ]
        kwargs: dict[str, Any] = {}
        if waiting:
            kwargs["view"] = mc.challenge_view(max(c.id for c in waiting))
        if opponent is not None:
            kwargs["content"] = f"<@{opponent.id}>, {interaction.user.display_name} challenges you."
            kwargs["allowed_mentions"] = discord.AllowedMentions(
                users=[opponent], everyone=False, roles=False
            )
        from cogs.presenter import embed_for

        await interaction.response.send_message(embed=embed_for(reply.panel), **kwargs)

    @match.command(name="open", description="Open a challenge anyone in this server may accept")
    @app_commands.describe(
        game="The game",
        deck="practice, or one of your saved decks",
        decklist="A text file with your decklist",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def open_challenge(
        self,
        interaction: discord.Interaction,
        game: str,
        deck: str | None = None,
        decklist: discord.Attachment | None = None,
    ) -> None:
        await self._challenge(interaction, game, None, deck, decklist)

    @open_challenge.autocomplete("deck")
    async def _open_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._saved_decks(interaction, current)

    @challenge.autocomplete("deck")
    async def _challenge_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._saved_decks(interaction, current)

    @match.command(name="accept", description="Accept a challenge with your deck")
    @app_commands.describe(
        challenge="The challenge's number",
        deck="practice, or one of your saved decks",
        decklist="A text file with your decklist",
        agree="Agree to play against the challenger's deck even if it is not legal",
    )
    async def accept(
        self,
        interaction: discord.Interaction,
        challenge: app_commands.Range[int, 1],
        deck: str | None = None,
        decklist: discord.Attachment | None = None,
        agree: bool = False,
    ) -> None:
        try:
            choice = await _deck(interaction, deck, decklist)
        except ArbiterError as error:
            await present(interaction, refusal(str(error)))
            return
        reply = await ma.match_accept(
            self.app, interaction.guild_id or 0, challenge, mc.player_of(interaction), choice, agree=agree
        )
        await present(interaction, reply)

    @accept.autocomplete("deck")
    async def _accept_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._saved_decks(interaction, current)

    @match.command(name="agree", description="Agree to play against your opponent's deck that is not legal")
    @app_commands.describe(challenge="The challenge's number")
    async def agree(self, interaction: discord.Interaction, challenge: app_commands.Range[int, 1]) -> None:
        reply = await ma.match_agree(
            self.app, interaction.guild_id or 0, challenge, mc.player_of(interaction)
        )
        await present(interaction, reply)

    @match.command(name="decline", description="Decline (or cancel) a challenge")
    @app_commands.describe(challenge="The challenge's number")
    async def decline(self, interaction: discord.Interaction, challenge: app_commands.Range[int, 1]) -> None:
        reply = await ma.match_decline(
            self.app, interaction.guild_id or 0, challenge, mc.player_of(interaction)
        )
        await present(interaction, reply)

    @match.command(name="challenges", description="The challenges waiting in this server")
    async def challenges(self, interaction: discord.Interaction) -> None:
        await present(
            interaction, await ma.match_challenges(self.app, interaction.guild_id or 0), private=True
        )

    @match.command(name="tournament", description="Play your current tournament pairing's next game here")
    @app_commands.describe(event="The event")
    async def tournament(self, interaction: discord.Interaction, event: str) -> None:
        from cogs.tournament_options import actor_for

        actor = await actor_for(self.app, interaction)
        await present(interaction, await ma.match_tournament(self.app, actor, event))

    # the match -------------------------------------------------------------------------------------

    @match.command(name="board", description="The board of a match (only you see it)")
    @app_commands.describe(match="The match's number")
    async def board(self, interaction: discord.Interaction, match: app_commands.Range[int, 1]) -> None:
        reply = await ma.match_board(self.app, match, where=interaction.guild_id)
        await present(interaction, reply, private=True)

    @match.command(name="hand", description="Your hand and your offers (only you see them)")
    @app_commands.describe(match="The match's number")
    async def hand(self, interaction: discord.Interaction, match: app_commands.Range[int, 1]) -> None:
        try:
            seat = await mc.mt.seat_of(self.app, match, interaction.user.id, interaction.guild_id)
        except ArbiterError as error:
            await present(interaction, refusal(str(error)))
            return
        if seat is None:
            await present(interaction, refusal(f"You are not a player of match #{match}."))
            return
        kwargs = await places_of(interaction).seat_message(match, seat)
        await interaction.response.send_message(ephemeral=True, **kwargs)

    @match.command(name="take", description="Take one of your offers by its number, with its choices")
    @app_commands.describe(
        match="The match's number",
        offer="The offer's number on your panel",
        choices='field:choice words, cards and picks by option number: cards:1,3 count:2 "note:two words"',
    )
    async def take(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1],
        offer: app_commands.Range[int, 1],
        choices: str | None = None,
    ) -> None:
        try:
            typed = _choices(choices)
        except ArbiterError as error:
            await present(interaction, refusal(str(error)))
            return
        if not await self._seen(interaction, match):
            return
        player = mc.player_of(interaction)
        await act(
            interaction,
            match,
            lambda: ma.match_take(self.app, match, player, offer, typed, where=interaction.guild_id),
        )

    async def _seen(self, interaction: discord.Interaction, match: int) -> bool:
        """Whether the match may be asked about from here (its own server; in a DM, by its players);
        otherwise the asker is told there is no such match, before anything waits on the match."""
        try:
            await mc.mt.seen(self.app, match, interaction.guild_id, interaction.user.id)
        except ArbiterError as error:
            await present(interaction, refusal(str(error)))
            return False
        return True

    async def _life(self, interaction: discord.Interaction, match: int, what: str) -> None:
        if not await self._seen(interaction, match):
            return
        player = mc.player_of(interaction)
        await act(
            interaction,
            match,
            lambda: ma.match_life(self.app, match, player, what, where=interaction.guild_id),
        )

    @match.command(name="export", description="The whole match as a file, to replay and verify it")
    @app_commands.describe(match="The match's number")
    async def export(self, interaction: discord.Interaction, match: app_commands.Range[int, 1]) -> None:
        reply = await ma.match_export(self.app, match, mc.player_of(interaction), where=interaction.guild_id)
        await present(interaction, reply, private=True)

    @match.command(name="concede", description="Concede the match")
    @app_commands.describe(match="The match's number")
    async def concede(self, interaction: discord.Interaction, match: app_commands.Range[int, 1]) -> None:
        await self._life(interaction, match, "concede")

    @match.command(name="draw", description="Offer a draw, or answer your opponent's offer")
    @app_commands.describe(match="The match's number", action="offer, accept or decline")
    async def draw(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1],
        action: Literal["offer", "accept", "decline"] = "offer",
    ) -> None:
        await self._life(interaction, match, DRAW[action])

    @match.command(name="undo", description="Ask to undo your last action, or answer your opponent's request")
    @app_commands.describe(match="The match's number", action="request, accept or decline")
    async def undo(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1],
        action: Literal["request", "accept", "decline"] = "request",
    ) -> None:
        await self._life(interaction, match, UNDO[action])

    @match.command(
        name="clock", description="The turn clock: show it, claim the win on time, pause or resume"
    )
    @app_commands.describe(match="The match's number", action="show, claim, pause or resume")
    async def clock(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1],
        action: Literal["show", "claim", "pause", "resume"] = "show",
    ) -> None:
        what = "claim-time" if action == "claim" else action
        if not await self._seen(interaction, match):
            return
        player = mc.player_of(interaction)
        await act(
            interaction,
            match,
            lambda: ma.match_clock(self.app, match, player, what, where=interaction.guild_id),
            private=action == "show",
            defer=False,
        )

    @match.command(name="stops", description="Where your matches of a game stop for you; elsewhere they pass")
    @app_commands.describe(
        game="The game",
        add="A window where the match should stop for you",
        remove="A window where the match should pass for you",
        full_control="Stop at every window (True) or at your stops only (False)",
        defaults="Back to the game's default stops",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stops(
        self,
        interaction: discord.Interaction,
        game: str,
        add: str | None = None,
        remove: str | None = None,
        full_control: bool | None = None,
        defaults: bool = False,
    ) -> None:
        """Show or change the player's stops for a game: saved for their next matches and set in the
        ones they play (whose places are then brought up to date)."""
        reply = await ma.match_stops(
            self.app,
            mc.player_of(interaction),
            game,
            add=add,
            remove=remove,
            full_control=full_control,
            defaults=defaults,
        )
        await present(interaction, reply, private=True)

    @stops.autocomplete("add")
    @stops.autocomplete("remove")
    async def _stop_windows(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or ""
        typed = current.casefold()
        return to_choices([item for item in ma.stop_windows(game) if typed in item[0].casefold()])

    # decks -----------------------------------------------------------------------------------------

    @deck.command(name="save", description="Save a deck (a text file, or cards separated by ;)")
    @app_commands.describe(
        game="The game", name="The deck's name", text="4 Card; 4 Other Card", file="A text file"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def deck_save(
        self,
        interaction: discord.Interaction,
        game: str,
        name: app_commands.Range[str, 1, 50],
        text: app_commands.Range[str, 1, 6000] | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        try:
            if file is not None:
                choice = await _deck(interaction, None, file)
                listing = choice.text
            elif text is not None:
                listing = "\n".join(part.strip() for part in text.split(";"))
            else:
                raise ArbiterError("Give the deck as text (cards separated by ;) or as a file.")
        except ArbiterError as error:
            await present(interaction, refusal(str(error)))
            return
        await present(
            interaction,
            await ma.deck_save(self.app, mc.player_of(interaction), game, name, listing),
            private=True,
        )

    @deck.command(name="list", description="Your saved decks")
    @app_commands.describe(game="Only this game's")
    @app_commands.choices(game=GAME_CHOICES)
    async def deck_list(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await present(
            interaction, await ma.deck_list(self.app, mc.player_of(interaction), game), private=True
        )

    @deck.command(name="show", description="One of your saved decks")
    @app_commands.describe(game="The game", name="The deck's name")
    @app_commands.choices(game=GAME_CHOICES)
    async def deck_show(self, interaction: discord.Interaction, game: str, name: str) -> None:
        await present(
            interaction, await ma.deck_show(self.app, mc.player_of(interaction), game, name), private=True
        )

    @deck.command(name="rename", description="Rename one of your saved decks")
    @app_commands.describe(game="The game", name="The deck's name", new="Its new name")
    @app_commands.choices(game=GAME_CHOICES)
    async def deck_rename(
        self, interaction: discord.Interaction, game: str, name: str, new: app_commands.Range[str, 1, 50]
    ) -> None:
        reply = await ma.deck_rename(self.app, mc.player_of(interaction), game, name, new)
        await present(interaction, reply, private=True)

    @deck.command(name="delete", description="Delete one of your saved decks")
    @app_commands.describe(game="The game", name="The deck's name")
    @app_commands.choices(game=GAME_CHOICES)
    async def deck_delete(self, interaction: discord.Interaction, game: str, name: str) -> None:
        await present(
            interaction, await ma.deck_delete(self.app, mc.player_of(interaction), game, name), private=True
        )

    @deck_show.autocomplete("name")
    @deck_rename.autocomplete("name")
    @deck_delete.autocomplete("name")
    async def _deck_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        choices = await self._saved_decks(interaction, current)
        return [c for c in choices if c.value != "practice"]
