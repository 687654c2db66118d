"""The offline console: the bot's slash commands typed at a terminal, answered as text.

It runs the same actions as the Discord cogs (``bot.actions``), so an answer here is the answer in
Discord. The console acts as one server (guild id 0) so ``/settings game`` works too.
"""

from __future__ import annotations

import re
import shlex
import signal
import sys
import threading
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from bot import actions
from bot.app import App
from bot.console_matches import MatchCommands, guest_id
from bot.render.text import reply_text
from bot.reply import Reply
from bot.services.tournaments import Actor
from engine.errors import ArbiterError
from engine.games import GAMES, UnknownGameError, resolve_game
from engine.text import NotUtf8Error, shortened, utf8_text

CONSOLE_GUILD = 0
CONSOLE_USER = "console"
"""The console's one user: an organizer and server admin of guild 0."""

HELP = (
    """Commands (the game can be left out once /settings game is set):
  /rule [GAME] ID [edition:VERSION]     a rule by number: /rule vanguard 1.2.2.1, /rule gr 3 13 d
  /rules search [GAME] WORDS            full-text search: /rules search fow chase priority
  /keyword [GAME] NAME                  a keyword: /keyword dm blocker
  /card [GAME] NAME [image:true]        a card by name: /card fow aesop prince tutor
  /cards search [GAME] QUERY            cards by query: /cards search cfv grade:3 power>=13000
  /settings game [GAME]                 set (or clear) the default game
  /page N                               show page N of the last answer
  /games                                games and the rules editions imported
  /tournament ...                       run an event; /tournament help lists its commands
  /match ..., /deck ...                 play a match; /match help lists the commands
  /help, /quit
Games: """
    + ", ".join(f"{game.key} ({game.aliases[0]})" for game in GAMES.values())
    + "."
)

TOURNAMENT_HELP = """Tournaments (you are the organizer; EVENT is a quoted name or an id):
  /tournament create NAME [GAME] [bo1|bo3] [rounds:N] [top:4|8|16] [minutes:N] [capacity:N] [floor:33]
                    [rules:NAME]   deck rules for the decklists (Duel Masters: rules:english-tcg)
  /tournament settings EVENT [bo1|bo3] [rounds:N|auto] [top:0|4|8|16] [minutes:N] [capacity:N|none] [floor:N]
  /tournament list | info EVENT | open EVENT | close EVENT | cancel EVENT
  /tournament add EVENT NAME          add a player (after the start: a late entry)
  /tournament remove EVENT PLAYER     remove a player (after the start: a drop)
  /tournament register EVENT as:NAME  a player registers; drop EVENT [PLAYER] [as:NAME]
  /tournament players EVENT [page:N]
  /tournament decklist submit EVENT (file:PATH | 4 Card; 4 Other Card) [as:NAME] [player:NAME]
  /tournament decklist view EVENT [PLAYER] | decklist export EVENT (written beside the database)
  /tournament start EVENT | pair EVENT | pairings EVENT [ROUND] [page:N] | missing EVENT
  /tournament report EVENT W-L-D [double-loss] as:NAME; confirm EVENT as:NAME; dispute EVENT [REASON] as:NAME
  /tournament result EVENT PLAYER W-L-D [round:N] [double-loss]   enter or override a result
  /tournament standings EVENT [round:N] [page:N] | topcut EVENT | time EVENT MINUTES
  as:NAME on a player's command acts as that player (a guest of the console)
  /tournament export EVENT (JSON and CSV written beside the database) | log [EVENT] [page:N]"""

_TOURNAMENT_ALIASES = {
    ("registration", "open"): "open",
    ("registration", "close"): "close",
    ("player", "add"): "add",
    ("player", "remove"): "remove",
    ("decklist", "submit"): "submit",
    ("decklist", "view"): "view",
    ("decklist", "export"): "decklists",
}


def _options(words: list[str]) -> tuple[dict[str, str], list[str]]:
    """``key:value`` words (``as:``, ``page:``, ``round:``...) and the flag ``double-loss`` apart
    from the positional words."""
    known = {
        "as",
        "page",
        "round",
        "rounds",
        "top",
        "minutes",
        "capacity",
        "file",
        "player",
        "floor",
        "rules",
    }
    options: dict[str, str] = {}
    rest: list[str] = []
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key.lower() in known and value:
            options[key.lower()] = value
        elif word.lower() in {"double-loss", "double_loss", "doubleloss"}:
            options["double-loss"] = "yes"
        else:
            rest.append(word)
    return options, rest


class UsageError(ArbiterError):
    """A console line that cannot be read as a command; the sentence says how to write it."""


_INTEGER = re.compile(r"[+-]?[0-9]{1,9}")
"""A number as the console reads it: ASCII digits (``²`` is no number), small enough for any count."""


def _int(text: str, what: str) -> int:
    if not _INTEGER.fullmatch(text.strip()):
        raise UsageError(f"{what} takes a number, not {shortened(text.strip(), 20)}.")
    return int(text)


def _number(options: dict[str, str], key: str) -> int | None:
    value = options.get(key)
    return None if value is None else _int(value, f"{key}:")


def _split_game(words: list[str]) -> tuple[str | None, list[str]]:
    """Take a leading game name off ``words`` if there is one."""
    for size in (3, 2, 1):
        if len(words) > size - 1 and size <= len(words):
            try:
                resolve_game(" ".join(words[:size]))
            except UnknownGameError:
                continue
            return " ".join(words[:size]), words[size:]  # "/rule fow" names the game: ask for the number
    return None, words


def _split_edition(words: list[str]) -> tuple[str | None, list[str]]:
    edition = None
    rest: list[str] = []
    for word in words:
        if word.lower().startswith("edition:"):
            edition = word.split(":", 1)[1] or None
        else:
            rest.append(word)
    return edition, rest


class Console:
    """Reads commands, prints answers. ``handle`` is the whole behaviour, for tests."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._last: Reply | None = None
        self._shown: dict[tuple[int, int], int] = {}
        """The version of the match panel each player last read (:class:`MatchCommands`)."""

    async def handle(self, line: str) -> str:
        """Answer one line of input; never raises for bad input."""
        line = line.strip()
        if not line:
            return ""
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        command, args = words[0].lower().lstrip("/"), words[1:]
        if command in {"help", "?"}:
            return HELP + "\n"
        if command == "games":
            return self._games()
        if command == "page":
            return await self._page(args)
        if command == "rule":
            game, rest = _split_game(args)
            edition, rest = _split_edition(rest)
            query = " ".join(rest)
            return await self._show(lambda: actions.rule(self.app, CONSOLE_GUILD, game, query, edition))
        if command == "rules" and args[:1] == ["search"]:
            game, rest = _split_game(args[1:])
            edition, rest = _split_edition(rest)
            query = " ".join(rest)
            return await self._show(lambda: actions.search(self.app, CONSOLE_GUILD, game, query, edition))
        if command == "keyword":
            game, rest = _split_game(args)
            name = " ".join(rest)
            return await self._show(lambda: actions.keyword(self.app, CONSOLE_GUILD, game, name))
        if command == "card":
            game, rest = _split_game(args)
            image = "image:true" in (w.lower() for w in rest)
            name = " ".join(w for w in rest if w.lower() != "image:true")
            return await self._card(game, name, image)
        if command == "cards" and args[:1] == ["search"]:
            game, rest = _split_game(args[1:])
            query = " ".join(rest)
            return await self._show(lambda: actions.cards_search(self.app, CONSOLE_GUILD, game, query))
        if command == "tournament":
            return await self._tournament(args)
        if command in ("match", "deck"):
            return await self._match(command, args)
        if command == "settings" and args[:1] == ["game"]:
            return reply_text(await actions.set_game(self.app, CONSOLE_GUILD, " ".join(args[1:]) or None))
        return f"Unknown command '{line[:40]}'. Type /help for the commands.\n"

    async def _match(self, command: str, args: list[str]) -> str:
        """``/match ...`` and ``/deck ...`` (:mod:`bot.console_matches`)."""
        commands = MatchCommands(self.app, CONSOLE_GUILD, self._shown)
        try:
            reply = await (commands.match(args) if command == "match" else commands.deck(args))
        except ArbiterError as error:
            return f"{error}\n"
        if isinstance(reply, str):
            return reply + "\n"
        self._last = reply
        return reply_text(reply, files_to=self._files, written="board picture written to")

    async def _card(self, game: str | None, name: str, image: bool) -> str:
        reply = await actions.card(self.app, CONSOLE_GUILD, game, name, image=image)
        self._last = reply
        return reply_text(reply, files_to=self._files, written="card face written to")

    @property
    def _files(self) -> Path:
        """Where files of answers are written: beside the database."""
        return self.app.settings.database_path.parent

    async def _show(self, first: Callable[[], Awaitable[Reply]]) -> str:
        reply = await first()
        self._last = reply
        return reply_text(reply)

    async def _page(self, args: list[str]) -> str:
        """Page N of the last answer, through the same target its Next button opens."""
        if self._last is None:
            return "There is no answer to page through yet.\n"
        if not args or not _INTEGER.fullmatch(args[0]) or int(args[0]) < 1:
            return "Give a page number, for example /page 2.\n"
        pager = next((b.target for b in self._last.panel.buttons if b.slot in {"next", "prev"}), None)
        if pager is None:
            return "The last answer has only one page.\n"
        return reply_text(await actions.open_target(self.app, replace(pager, page=int(args[0]) - 1)))

    def _actor(self, options: dict[str, str]) -> Actor:
        """The organizer (the console's user), or with ``as:NAME`` that player as a guest."""
        if "as" in options:
            return Actor(guest_id(options["as"]), CONSOLE_GUILD)
        return Actor(CONSOLE_USER, CONSOLE_GUILD, is_organizer=True, is_admin=True)

    async def _tournament(self, args: list[str]) -> str:
        """``/tournament SUBCOMMAND ...``: the same actions as the Discord commands, as text."""
        sub = args[0].lower() if args else "help"
        rest = args[1:]
        alias = _TOURNAMENT_ALIASES.get((sub, rest[0].lower() if rest else ""))
        if alias is not None:
            sub, rest = alias, rest[1:]
        if sub == "help":
            return TOURNAMENT_HELP + "\n"
        if sub == "organizer-role":
            return "The console has no roles: its user is always a tournament organizer.\n"
        try:
            options, words = _options(rest)
            reply = await self._tournament_reply(sub, options, words)
        except UsageError as error:
            return f"{error}\n"
        if reply is None:
            return f"Unknown tournament command '{sub[:30]}'. Type /tournament help.\n"
        self._last = reply
        return reply_text(reply, files_to=self._files)

    async def _tournament_reply(self, sub: str, options: dict[str, str], words: list[str]) -> Reply | None:
        app, actor = self.app, self._actor(options)
        page = max(0, (_number(options, "page") or 1) - 1)
        if sub == "list":
            return await actions.tournament_list(app, CONSOLE_GUILD)
        if sub == "create":
            if not words:
                raise UsageError('Give the event a name: /tournament create "Friday Vanguard" vanguard.')
            name, more = words[0], words[1:]
            fmt = next((w.lower() for w in more if w.lower() in {"bo1", "bo3"}), "bo3")
            game = " ".join(w for w in more if w.lower() not in {"bo1", "bo3"}) or None
            return await actions.tournament_create(
                app,
                actor,
                name,
                game,
                channel_id=None,
                format=fmt,
                rounds=_number(options, "rounds"),
                top_cut=_number(options, "top") or 0,
                round_minutes=_number(options, "minutes") or 50,
                capacity=_number(options, "capacity"),
                floor=options.get("floor"),
                deck_rules=options.get("rules"),
            )
        if not words and sub == "log":
            return await actions.tournament_log(app, actor, None, page)
        if not words:
            raise UsageError(f'Name the event: /tournament {sub} "Friday Vanguard".')
        event, more = words[0], words[1:]
        text = " ".join(more)
        simple: dict[str, Callable[[], Awaitable[Reply]]] = {
            "info": lambda: actions.tournament_info(app, actor, event),
            "open": lambda: actions.tournament_registration(app, actor, event, open_=True),
            "close": lambda: actions.tournament_registration(app, actor, event, open_=False),
            "cancel": lambda: actions.tournament_cancel(app, actor, event),
            "players": lambda: actions.tournament_players(app, actor, event, page),
            "start": lambda: actions.tournament_start(app, actor, event),
            "pair": lambda: actions.tournament_pair(app, actor, event),
            "missing": lambda: actions.tournament_missing(app, actor, event),
            "topcut": lambda: actions.tournament_topcut(app, actor, event),
            "export": lambda: actions.tournament_export(app, actor, event),
            "decklists": lambda: actions.tournament_export_decklists(app, actor, event),
            "log": lambda: actions.tournament_log(app, actor, event, page),
            "confirm": lambda: actions.tournament_confirm(app, actor, event),
            "dispute": lambda: actions.tournament_dispute(app, actor, event, text),
            "standings": lambda: actions.tournament_standings(
                app, actor, event, page, _number(options, "round")
            ),
            "drop": lambda: actions.tournament_drop(app, actor, event, text or None),
            "remove": lambda: actions.tournament_remove_player(app, actor, event, text),
            "view": lambda: actions.tournament_decklist(app, actor, event, text or options.get("player")),
        }
        if sub in simple:
            return await simple[sub]()
        if sub == "register":
            if "as" not in options:
                raise UsageError("Say who registers: /tournament register EVENT as:NAME.")
            return await actions.tournament_register(app, actor, event, options["as"])
        if sub == "add":
            if not text:
                raise UsageError("Name the player: /tournament add EVENT NAME.")
            return await actions.tournament_add_player(app, actor, event, guest_id(text), text)
        if sub == "pairings":
            number = _int(more[0], "The round") if more else _number(options, "round")
            return await actions.tournament_pairings(app, actor, event, number, page)
        if sub == "report":
            return await actions.tournament_report(
                app, actor, event, text, double_loss="double-loss" in options
            )
        if sub == "result":
            if len(more) < 2:
                raise UsageError("Give the player and their result: /tournament result EVENT NAME 2-1.")
            return await actions.tournament_result(
                app,
                actor,
                event,
                " ".join(more[:-1]),
                more[-1],
                round_number=_number(options, "round"),
                double_loss="double-loss" in options,
            )
        if sub == "time":
            if not _INTEGER.fullmatch(text):
                raise UsageError("Give the minutes to add (or take): /tournament time EVENT 5.")
            minutes = int(text)
            return await actions.tournament_time(app, actor, event, minutes)
        if sub == "settings":
            return await self._tournament_settings(event, options, more)
        if sub == "submit":
            return await actions.tournament_submit_decklist(
                app, actor, event, self._decklist_text(options, text), options.get("player")
            )
        return None

    async def _tournament_settings(self, event: str, options: dict[str, str], more: list[str]) -> Reply:
        """``/tournament settings EVENT ...``: the options given change, the rest stay; ``rounds:auto``
        and ``capacity:none`` (or 0) clear those, as 0 does in Discord."""
        fmt = next((w.lower() for w in more if w.lower() in {"bo1", "bo3"}), None)
        unknown = [w for w in more if w.lower() not in {"bo1", "bo3"}]
        if unknown:
            raise UsageError(
                f"Unknown setting '{shortened(unknown[0], 30)}':"
                " use bo1|bo3, rounds:, top:, minutes:, capacity: or floor:."
            )
        for key, word in (("rounds", "auto"), ("capacity", "none")):
            if options.get(key, "").lower() == word:
                options[key] = "0"
        return await actions.tournament_settings(
            self.app,
            self._actor(options),
            event,
            format=fmt,
            rounds=_number(options, "rounds"),
            top_cut=_number(options, "top"),
            round_minutes=_number(options, "minutes"),
            capacity=_number(options, "capacity"),
            floor=options.get("floor"),
        )

    @staticmethod
    def _decklist_text(options: dict[str, str], text: str) -> str:
        """A decklist from ``file:PATH``, or typed on the line with ``;`` between cards."""
        if "file" in options:
            try:
                data = Path(options["file"]).expanduser().read_bytes()
            except OSError as error:
                raise UsageError(f"Cannot read {options['file'][:80]}: {error.__class__.__name__}.") from None
            try:
                return utf8_text(data, "the decklist")[:100_000]
            except NotUtf8Error as error:
                raise UsageError(str(error)) from None
        return "\n".join(part.strip() for part in text.split(";"))

    def _games(self) -> str:
        lines = []
        for game in self.app.rules.games():
            index = self.app.rules.game_index(game)
            editions = ", ".join(i.document.label for i in index.editions)
            lines.append(f"{game.key} ({', '.join(game.aliases[:1])}): {editions}")
            for update in index.updates:
                lines.append(f"    + {update.document.title}")
        return "\n".join(lines or ["No rules are imported."]) + "\n"

    async def run(self, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
        """The interactive loop: a prompt on terminals, plain line-by-line otherwise.

        Ctrl-C ends the console at once with a goodbye line (exit status 0), as /quit does. asyncio's
        own handler would only cancel the loop at its next await, which a blocking read never reaches:
        the first Ctrl-C looked ignored and the second killed the process."""
        interactive = stdin.isatty()
        if interactive:
            stdout.write("Arbiter console. Type /help for commands, /quit to leave.\n")
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.default_int_handler) if main else None
        try:
            while True:
                if interactive:
                    stdout.write("arbiter> ")
                    stdout.flush()
                line = stdin.readline()
                if not line or line.strip().lower() in {"/quit", "/exit", "quit", "exit"}:
                    break
                stdout.write(await self.handle(line))
                stdout.flush()
        except KeyboardInterrupt:
            stdout.write("\nGoodbye.\n")
            stdout.flush()
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
