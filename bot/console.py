"""The offline console: the bot's slash commands typed at a terminal, answered as text.

It runs the same actions as the Discord cogs (``bot.actions``), so an answer here is the answer in
Discord. The console acts as one server (guild id 0) so ``/settings game`` works too.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TextIO

from bot import actions
from bot.app import App
from bot.render.panel import Panel, panel_text
from engine.games import UnknownGameError, resolve_game

CONSOLE_GUILD = 0

HELP = """Commands (the game can be left out once /settings game is set):
  /rule [GAME] ID [edition:VERSION]     a rule by number: /rule vanguard 1.2.2.1, /rule gr 3 13 d
  /rules search [GAME] WORDS            full-text search: /rules search fow chase priority
  /keyword [GAME] NAME                  a keyword: /keyword dm blocker
  /card [GAME] NAME [image:true]        a card by name: /card fow aesop prince tutor
  /cards search [GAME] QUERY            cards by query: /cards search cfv grade:3 power>=13000
  /settings game [GAME]                 set (or clear) the default game
  /page N                               show page N of the last answer
  /games                                games and the rules editions imported
  /help, /quit
Games: gateruler (gr), forceofwill (fow), vanguard (cfv), duelmasters (dm)."""


def _split_game(words: list[str]) -> tuple[str | None, list[str]]:
    """Take a leading game name off ``words`` if there is one."""
    for size in (3, 2, 1):
        if len(words) > size - 1 and size <= len(words):
            try:
                resolve_game(" ".join(words[:size]))
            except UnknownGameError:
                continue
            if len(words) > size:
                return " ".join(words[:size]), words[size:]
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
        self._last: Panel | None = None

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
        if command == "settings" and args[:1] == ["game"]:
            panel = await actions.set_game(self.app, CONSOLE_GUILD, " ".join(args[1:]) or None)
            return panel_text(panel)
        return f"Unknown command '{line[:40]}'. Type /help for the commands.\n"

    async def _card(self, game: str | None, name: str, image: bool) -> str:
        panel = await actions.card(self.app, CONSOLE_GUILD, game, name, image=image)
        self._last = panel
        text = panel_text(panel)
        for filename, data in panel.files:
            target = self.app.settings.database_path.parent / filename
            target.write_bytes(data)
            text += f"(card face written to {target})\n"
        return text

    async def _show(self, first: Callable[[], Awaitable[Panel]]) -> str:
        panel = await first()
        self._last = panel
        return panel_text(panel)

    async def _page(self, args: list[str]) -> str:
        """Page N of the last answer, through the same target its Next button opens."""
        if self._last is None:
            return "There is no answer to page through yet.\n"
        if not args or not args[0].isdigit() or int(args[0]) < 1:
            return "Give a page number, for example /page 2.\n"
        pager = next((b.target for b in self._last.buttons if b.slot in {"next", "prev"}), None)
        if pager is None:
            return "The last answer has only one page.\n"
        return panel_text(await actions.open_target(self.app, replace(pager, page=int(args[0]) - 1)))

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
        """The interactive loop: a prompt on terminals, plain line-by-line otherwise."""
        interactive = stdin.isatty()
        if interactive:
            stdout.write("Arbiter console. Type /help for commands, /quit to leave.\n")
        while True:
            if interactive:
                stdout.write("arbiter> ")
                stdout.flush()
            line = stdin.readline()
            if not line or line.strip().lower() in {"/quit", "/exit", "quit", "exit"}:
                break
            stdout.write(await self.handle(line))
            stdout.flush()
