"""The console's ``/match`` and ``/deck`` commands: matches played as typed, with ``as:NAME`` for the
player who acts (a guest of the console, as in tournaments). They run the same actions the Discord
commands will (:mod:`bot.actions.matches`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.actions import matches as ma
from bot.app import App
from bot.reply import Reply
from bot.services.challenges import DeckChoice
from bot.services.tournament_matches import player_number
from bot.services.tournaments import Actor
from engine.errors import ArbiterError
from engine.text import utf8_text

MATCH_HELP = """\
Matches (as:NAME is the player who acts):
  /match challenge GAME [opponent:NAME] [deck:practice|deck:saved:NAME|file:PATH] as:NAME
  /match challenges                       the challenges waiting in this server
  /match tournament "EVENT" as:NAME       play your current pairing's next game with your decklist
  /match accept ID [deck:...] [agree] as:NAME; /match decline ID as:NAME; /match agree ID as:NAME
  /match board ID [as:NAME]               the board (public, or as that player sees it)
  /match hand ID [page:N] as:NAME         your hand, what you know, and your numbered offers
  /match take ID N [field:choice ...] as:NAME   take offer N; cards and picks by option number (1,3)
  /match concede|draw|accept-draw|decline-draw|undo|accept-undo|decline-undo ID as:NAME
  /match clock ID; /match claim-time|pause|resume ID as:NAME   the turn clock (a pause needs both)
  /match stops GAME [add:WINDOW] [remove:WINDOW] [full:on|off] [defaults] as:NAME
                                          where the match stops for you (elsewhere it passes for you),
                                          saved for your next matches and set in the ones in play
Decks (yours, in every server):
  /deck save GAME "NAME" (file:PATH | 4 Card; 4 Other Card) as:NAME
  /deck list [GAME] as:NAME; /deck show GAME "NAME" as:NAME
  /deck rename GAME "OLD" "NEW" as:NAME; /deck delete GAME "NAME" as:NAME"""

_LIFE = {"concede", "draw", "accept-draw", "decline-draw", "undo", "accept-undo", "decline-undo"}
_FIXED = {"as", "deck", "opponent", "file"}
_STOPS = {"as", "add", "remove", "full"}


def guest_id(name: str) -> str:
    """The player id of a console guest: their name, case and spacing folded."""
    return "guest:" + "-".join(name.casefold().split())


def guest(name: str) -> ma.Player:
    """A console guest as a match player: the user id a tournament of the console gives the same guest
    (:func:`bot.services.tournament_matches.player_number`, negative: Discord ids are positive), and
    the name as typed."""
    return ma.Player(player_number(guest_id(name)), " ".join(name.split())[:32])


def _split(words: list[str]) -> tuple[dict[str, str], list[str], bool]:
    """``key:value`` words apart from the positional ones, and the flag ``agree``. A value may hold
    spaces as people type it: the words after a ``key:value`` word, up to the next one, go on its
    value (``deck:saved:Royal Paladin as:Ben``); positional words come before the first option."""
    options: dict[str, str] = {}
    rest: list[str] = []
    agree = False
    last: str | None = None
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key and value and key.isidentifier():
            last = key.lower()
            options[last] = value
        elif word.lower() == "agree":
            agree = True
        elif last is not None:
            options[last] = f"{options[last]} {word}"
        else:
            rest.append(word)
    return options, rest, agree


def _id(text: str, what: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise ArbiterError(f"{what} is a number, not {text[:20]!r}.")
    return int(text)


def _read(path: str) -> str:
    try:
        data = Path(path).expanduser().read_bytes()
    except OSError as error:
        raise ArbiterError(f"Cannot read {path[:80]}: {error.__class__.__name__}.") from None
    return utf8_text(data, "the decklist")[:100_000]


def _deck(options: dict[str, str]) -> DeckChoice:
    if "file" in options:
        return DeckChoice("list", _read(options["file"]))
    value = options.get("deck", "practice")
    if value.lower() == "practice":
        return DeckChoice("practice")
    kind, _, rest = value.partition(":")
    if kind.lower() == "saved" and rest:
        return DeckChoice("saved", rest)
    if kind.lower() == "list" and rest:
        return DeckChoice("list", "\n".join(part.strip() for part in rest.split(";")))
    raise ArbiterError("Bring deck:practice, deck:saved:NAME, deck:list:4 Card; 4 Other, or file:PATH.")


class MatchCommands:
    """``/match ...`` and ``/deck ...`` for the console (guild ``guild_id``)."""

    def __init__(self, app: App, guild_id: int, shown: dict[tuple[int, int], int] | None = None) -> None:
        self.app = app
        self.guild_id = guild_id
        self.shown = {} if shown is None else shown
        """``(match, user)``: the match's version on the panel that user was last shown, so that an
        offer number typed against it is never taken from a panel that has changed since."""

    def _player(self, options: dict[str, str]) -> ma.Player:
        if "as" not in options:
            raise ArbiterError("Say who acts with as:NAME.")
        return guest(options["as"])

    async def match(self, args: list[str]) -> Reply | str:
        if not args or args[0].lower() == "help":
            return MATCH_HELP
        sub, words = args[0].lower(), args[1:]
        options, rest, agree = _split(words)
        if sub == "challenge":
            if not rest:
                raise ArbiterError("Name the game: /match challenge GAME as:NAME.")
            opponent = guest(options["opponent"]) if "opponent" in options else None
            return await ma.match_challenge(
                self.app, self.guild_id, None, self._player(options), " ".join(rest), _deck(options), opponent
            )
        if sub == "challenges":
            return await ma.match_challenges(self.app, self.guild_id)
        if sub == "stops":
            return await self._stops(options, rest)
        if sub == "tournament":
            if not rest or "as" not in options:
                raise ArbiterError('Say which event and who plays: /match tournament "EVENT" as:NAME.')
            actor = Actor(guest_id(options["as"]), self.guild_id)
            return await ma.match_tournament(self.app, actor, " ".join(rest))
        if not rest:
            raise ArbiterError(
                f"Give the {'challenge' if sub in ('accept', 'agree', 'decline') else 'match'} number."
            )
        number = _id(rest[0], "The id")
        if sub == "accept":
            return await ma.match_accept(
                self.app, self.guild_id, number, self._player(options), _deck(options), agree=agree
            )
        if sub == "agree":
            return await ma.match_agree(self.app, self.guild_id, number, self._player(options))
        if sub == "decline":
            return await ma.match_decline(self.app, self.guild_id, number, self._player(options))
        if sub == "board":
            player = guest(options["as"]) if "as" in options else None
            return await ma.match_board(self.app, number, player, where=self.guild_id)
        if sub == "hand":
            page = options.get("page", "1")
            if not page.isascii() or not page.isdigit() or len(page) > 4:
                raise ArbiterError(f"page takes a page number, not {page[:20]!r}.")
            return await self._hand(number, self._player(options), page=int(page))
        if sub == "take":
            if len(rest) < 2:
                raise ArbiterError("Say which offer: /match take MATCH N as:NAME.")
            choices = {key: value for key, value in options.items() if key not in _FIXED}
            return await self._take(number, self._player(options), _id(rest[1], "The offer"), choices)
        if sub in _LIFE:
            return await ma.match_life(self.app, number, self._player(options), sub, where=self.guild_id)
        if sub == "clock":
            return await ma.match_clock(
                self.app,
                number,
                guest(options["as"]) if "as" in options else ma.Player(0, ""),
                where=self.guild_id,
            )
        if sub in ("claim-time", "pause", "resume"):
            return await ma.match_clock(self.app, number, self._player(options), sub, where=self.guild_id)
        return f"Unknown match command '{sub[:30]}'. Type /match help."

    async def _stops(self, options: dict[str, str], rest: list[str]) -> Reply:
        """``/match stops GAME [add:W] [remove:W] [full:on|off] [defaults] as:NAME``."""
        if not rest:
            raise ArbiterError("Name the game: /match stops GAME as:NAME.")
        extra = [word.lower() for word in rest[1:]]
        if any(word != "defaults" for word in extra) or set(options) - _STOPS:
            raise ArbiterError("Change your stops with add:WINDOW, remove:WINDOW, full:on|off or defaults.")
        full = options.get("full")
        if full is not None and full.lower() not in ("on", "off"):
            raise ArbiterError("Full control is full:on or full:off.")
        return await ma.match_stops(
            self.app,
            self._player(options),
            rest[0],
            add=options.get("add"),
            remove=options.get("remove"),
            full_control=None if full is None else full.lower() == "on",
            defaults="defaults" in extra,
        )

    async def _hand(self, match_id: int, player: ma.Player, note: str = "", *, page: int = 1) -> Reply:
        """The player's panel (a page of its offers), remembered as the one they now read."""
        reply = await ma.match_hand(self.app, match_id, player, where=self.guild_id, page=page)
        if not reply.refused:
            self.shown[(match_id, player.user_id)] = (await self.app.matches.state(match_id)).version
            if note:
                reply = replace(reply, content=f"{note}\n{reply.content}".strip())
        return reply

    async def _take(self, match_id: int, player: ma.Player, number: int, choices: dict[str, str]) -> Reply:
        """Offer ``number`` of the panel the player was last shown: when the match has moved on since,
        nothing is taken and the panel is shown as it is now (the numbers may name other offers)."""
        shown = self.shown.get((match_id, player.user_id))
        reply = await ma.match_take(
            self.app, match_id, player, number, choices, where=self.guild_id, version=shown
        )
        if reply.refused and shown is not None and await self._moved(match_id, shown):
            note = (
                f"The match has moved on since your panel (action {shown}); nothing was taken."
                " Here it is now:"
            )
            return await self._hand(match_id, player, note)
        if not reply.refused:
            self.shown[(match_id, player.user_id)] = (await self.app.matches.state(match_id)).version
        return reply

    async def _moved(self, match_id: int, version: int) -> bool:
        return (await self.app.matches.state(match_id)).version != version

    async def deck(self, args: list[str]) -> Reply | str:
        if not args or args[0].lower() == "help":
            return MATCH_HELP
        sub, words = args[0].lower(), args[1:]
        options, rest, _ = _split(words)
        player = self._player(options)
        if sub == "list":
            return await ma.deck_list(self.app, player, " ".join(rest) or None)
        if not rest:
            raise ArbiterError(f"Name the game: /deck {sub} GAME ...")
        game, names = rest[0], rest[1:]
        if sub == "save":
            if not names:
                raise ArbiterError('Name the deck: /deck save GAME "NAME" file:PATH as:NAME.')
            text = (
                _read(options["file"])
                if "file" in options
                else "\n".join(p.strip() for p in " ".join(names[1:]).split(";"))
            )
            return await ma.deck_save(self.app, player, game, names[0], text)
        if sub == "show" and names:
            return await ma.deck_show(self.app, player, game, names[0])
        if sub == "rename" and len(names) >= 2:
            return await ma.deck_rename(self.app, player, game, names[0], names[1])
        if sub == "delete" and names:
            return await ma.deck_delete(self.app, player, game, names[0])
        return "Type /deck help for the deck commands."
