"""The ``arbiter`` command: run the bot, the console, imports, command sync and scriptable lookups.

Every command takes ``--db PATH`` (default: ``DATABASE_PATH`` from the environment or ``.env``).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import logging
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from bot.app import App
from bot.config import Settings
from bot.render.card_image import render_card
from bot.render.cards import card_panel, results_panel
from bot.render.cards import miss_panel as card_miss_panel
from bot.render.panel import panel_text
from bot.render.rules import keyword_panel, miss_panel, rule_panel
from bot.services.cards import CardMiss, CardView
from bot.services.rules import KeywordView, LookupMiss, RuleView, SearchResults
from engine.errors import ArbiterError
from engine.games import resolve_game
from engine.match.verify import verify_export
from engine.text import NotUtf8Error, shortened, utf8_text

NO_TOKEN = (
    "No DISCORD_TOKEN is set: put DISCORD_TOKEN=<your bot token> in .env (see .env.example) "
    "or the environment, or run `arbiter console` to use the bot offline."
)


def _settings(args: argparse.Namespace) -> Settings:
    overrides: dict[str, Any] = {}
    if getattr(args, "db", None):
        overrides["database_path"] = Path(args.db)
    if getattr(args, "rules_dir", None):
        overrides["rules_dir"] = Path(args.rules_dir)
    return Settings(**overrides)


def _setup_logging(settings: Settings) -> None:
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )


async def _with_app(args: argparse.Namespace, body: Callable[[App], Awaitable[int]]) -> int:
    settings = _settings(args)
    app = await App.open(settings, import_documents=args.command != "import")
    try:
        return await body(app)
    finally:
        await app.close()


# rules ---------------------------------------------------------------------------------------


def _rule_json(view: RuleView) -> dict[str, Any]:
    rule = view.rule
    return {
        "id": rule.rule_id,
        "title": rule.title,
        "kind": rule.kind,
        "text": rule.text,
        "examples": rule.examples,
        "parent": rule.parent_id,
        "breadcrumb": [b.rule_id for b in view.breadcrumb],
        "children": [c.rule_id for c in view.children],
        "references": [{"id": r.rule_id, "exists": r.exists} for r in view.references],
        "game": view.document.game,
        "document": view.document.label,
    }


def _results_json(results: SearchResults) -> dict[str, Any]:
    return {
        "query": results.query,
        "game": results.game.key,
        "document": results.document.label,
        "corrections": results.corrections,
        "suggestions": results.suggestions,
        "results": [
            {
                "id": r.rule_id,
                "title": r.title,
                "score": r.score,
                "game": r.game,
                "document": r.document.label,
                "snippet": r.snippet,
            }
            for r in results.results
        ],
    }


def _miss_json(miss: LookupMiss) -> dict[str, Any]:
    return {"error": miss.message, "suggestions": [b.rule_id for b in miss.suggestions]}


async def _rules_get(args: argparse.Namespace, app: App) -> int:
    game = resolve_game(args.game)
    answer = await app.rules.get(game, args.id, args.edition)
    if isinstance(answer, LookupMiss):
        print(
            json.dumps(_miss_json(answer)) if args.json else panel_text(miss_panel(answer, game.key)), end=""
        )
        return 1
    print(
        json.dumps(_rule_json(answer), ensure_ascii=False) if args.json else panel_text(rule_panel(answer)),
        end="",
    )
    return 0


async def _rules_search(args: argparse.Namespace, app: App) -> int:
    game = resolve_game(args.game)
    queries = [line.rstrip("\n") for line in sys.stdin] if args.query == "-" else [args.query]
    for query in queries:
        results = await app.rules.search(game, query, limit=args.limit, edition=args.edition)
        if args.json or args.query == "-":
            print(json.dumps(_results_json(results), ensure_ascii=False))
        else:
            _print_results(results)
    return 0


def _print_results(results: SearchResults) -> None:
    if results.corrections:
        print("Also searched for: " + ", ".join(f"{a} -> {b}" for a, b in results.corrections.items()))
    if not results.results:
        close = ", ".join(f"'{s}'" for s in results.suggestions)
        print(
            f"No rule of {results.document.label} uses the words of '{results.query[:80]}'."
            + (f" Did you mean {close}?" if close else " Try other words, a keyword or a rule number.")
        )
        return
    for n, result in enumerate(results.results, start=1):
        print(f"{n:>2}. {result.rule_id}  {result.title or ''}  [{result.score:.2f}]")
        snippet = " ".join(result.snippet.split())
        if snippet:
            print(f"    {snippet[:200]}")
    print(f"— {results.document.label}")


async def _keyword(args: argparse.Namespace, app: App) -> int:
    game = resolve_game(args.game)
    answer = await app.rules.keyword(game, args.name)
    if isinstance(answer, LookupMiss):
        print(
            json.dumps(_miss_json(answer)) if args.json else panel_text(miss_panel(answer, game.key)), end=""
        )
        return 1
    assert isinstance(answer, KeywordView)
    if args.json:
        data = {"keyword": answer.keyword.name, "aliases": answer.keyword.aliases, **_rule_json(answer.rule)}
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(panel_text(keyword_panel(answer)), end="")
    return 0


async def _rules_list(args: argparse.Namespace, app: App) -> int:
    documents = await app.rules.repo.documents()
    rows = []
    for d in documents:
        rows.append(
            {
                "game": d.game,
                "kind": d.kind,
                "title": d.title,
                "version": d.version,
                "date": d.date,
                "file": d.filename,
                "sha256": d.sha256,
                "rules": await app.rules.repo.count("rules", d.id),
            }
        )
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
    else:
        for row in rows:
            print(
                f"{row['game']:<12} {row['kind']:<7} {row['version'] or '-':<8} {row['rules']:>5} rules  "
                f"{row['title']}  ({row['file']})"
            )
    return 0


async def _import(args: argparse.Namespace, app: App) -> int:
    report = await app.import_rules(app.settings.rules_dir)
    print(report.summary())
    return 1 if report.failed else 0


# cards ---------------------------------------------------------------------------------------


def _card_json(view: CardView) -> dict[str, Any]:
    card = view.stored.card
    return {
        **card.model_dump(),
        "matched": view.matched,
        "rulings": [{"kind": r.kind, "text": r.text, "document": r.document_title} for r in view.rulings],
        "keyword_rules": [{"keyword": k.name, "rule": k.rule_id} for k in view.keywords],
    }


async def _cards_import(args: argparse.Namespace, app: App) -> int:
    game = resolve_game(args.game)
    summary = await app.cards.import_path(
        game, args.format, Path(args.path), Path(args.schema) if args.schema else None
    )
    print(summary.sentence())
    return 0


async def _cards_get(args: argparse.Namespace, app: App) -> int:
    game = resolve_game(args.game)
    answer = await app.cards.get(game, args.name)
    if isinstance(answer, CardMiss):
        if args.json:
            candidates = [{"id": key, "name": name} for key, name in answer.candidates]
            print(json.dumps({"error": answer.message, "candidates": candidates}, ensure_ascii=False))
        else:
            print(panel_text(card_miss_panel(answer, game.key)), end="")
        return 1
    if args.json:
        print(json.dumps(_card_json(answer), ensure_ascii=False))
    else:
        print(panel_text(card_panel(answer)), end="")
    if args.image:
        Path(args.image).write_bytes(render_card(answer.stored.card))
        print(f"Card face written to {args.image}.", file=sys.stderr)
    return 0


async def _cards_search(args: argparse.Namespace, app: App) -> int:
    game = resolve_game(args.game)
    if not args.query.strip():
        print(
            "The query is empty; give a word or a key and a value, as in t:creature or o:draw."
            f" To count the cards of {game.name}, use `arbiter cards stats {game.key}`.",
            file=sys.stderr,
        )
        return 2
    results = await app.cards.search(game, args.query, page=args.page - 1, per_page=args.limit)
    if args.json:
        data = {
            "query": results.query,
            "game": game.key,
            "total": results.total,
            "page": results.page + 1,
            "cards": [{"id": c.id, **c.card.model_dump()} for c in results.cards],
        }
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(panel_text(results_panel(results)), end="")
    return 0


async def _cards_stats(args: argparse.Namespace, app: App) -> int:
    stats = await app.cards.stats(resolve_game(args.game) if args.game else None)
    if args.json:
        print(json.dumps([asdict(one) for one in stats], ensure_ascii=False))
        return 0
    for one in stats:
        name = resolve_game(one.game).name
        if not one.printings:
            print(f"{name}: no cards imported.")
        else:
            print(f"{name}: {one.cards:,} cards, {one.printings:,} printings, {one.sets:,} sets.")
        for source in one.sources:
            again = f", imported {source.imports} times" if source.imports > 1 else ""
            print(
                f"  {source.source_name} ({source.format}): {source.records:,} records,"
                f" last imported {source.imported_at}{again}"
            )
        if one.servers:
            print(f"  and {one.server_printings:,} cards of {one.servers} servers' own")
    return 0


async def _cards_alias(args: argparse.Namespace, app: App) -> int:
    game = resolve_game(args.game)
    if args.card:
        print(await app.cards.set_alias(game, args.alias, args.card, None))
    else:
        print(await app.cards.remove_alias(game, args.alias))
    return 0


# matches -------------------------------------------------------------------------------------


def _match_verify(args: argparse.Namespace) -> int:
    """Replay an export: the seed against its published hash, then every action and shuffle."""
    shown = args.export if len(args.export) <= 80 else args.export[:79] + "…"
    try:
        data = json.loads(Path(args.export).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)[:120]
        print(f"Cannot read {shown!r}: {reason}.", file=sys.stderr)
        return 2
    if not isinstance(data, dict):
        print(f"{shown!r} is not an Arbiter match export.", file=sys.stderr)
        return 2
    result = verify_export(data)
    print(result.message)
    return 0 if result.ok else 1


async def _match_export(args: argparse.Namespace, app: App) -> int:
    if args.viewer is None:
        print(json.dumps(await app.matches.export(args.id), ensure_ascii=False, indent=1))
    else:
        viewer = None if args.viewer == "spectator" else int(args.viewer)
        print("\n".join(await app.matches.lines_for(args.id, viewer)))
    return 0


def _match_simulate(args: argparse.Namespace) -> int:
    """Random legal games to the end; every game's winner (or draw), reason, turns and actions."""
    from engine.match.games import game_definition
    from engine.match.simulate import simulate_game

    definition = game_definition(args.game)
    for number in range(1, args.games + 1):
        result = simulate_game(definition, args.seed, number)
        if args.json:
            print(json.dumps(result.to_json(), ensure_ascii=False))
        else:
            outcome = "draw" if result.winner is None else f"{result.winner} wins"
            print(
                f"game {result.game}: {outcome} ({result.reason}) after {result.turns} turns, "
                f"{result.actions} actions"
            )
        sys.stdout.flush()
    return 0


def _match_play(args: argparse.Namespace) -> int:
    """Whole matches played automatically through challenges, offers and panels, each checked for
    leaks (:mod:`bot.simulation.match_play`); a leak, an uncovered action or a stall exits 2."""
    from bot.simulation.match_play import play

    game_definition_check(args.game)
    for result in asyncio.run(play(args.game, seed=args.seed, games=args.games)):
        if args.json:
            print(json.dumps(result.to_json(), ensure_ascii=False))
        else:
            outcome = "draw" if result.winner is None else f"{result.winner} wins"
            print(
                f"match {result.game}: {outcome} ({result.reason}) after {result.turns} turns,"
                f" {result.actions} actions, {result.panels} panels checked, {result.leaks} leaks"
            )
    return 0


def _match_pictures(args: argparse.Namespace) -> int:
    """The README's pictures of a match on Discord (:mod:`bot.simulation.pictures`)."""
    from bot.simulation.pictures import write_pictures

    for path in write_pictures(Path(args.out), seed=args.seed):
        print(f"{path} ({path.stat().st_size // 1024} KB)")
    return 0


def game_definition_check(game: str) -> None:
    """One sentence (an :class:`ArbiterError`) for a game that cannot be played on the engine."""
    from engine.match.games import game_definition

    game_definition(game)


# decks ---------------------------------------------------------------------------------------


DECK_EXIT = {"legal": 0, "illegal": 1, "unchecked": 3}
"""``deck check`` exit codes by verdict (2: the list or the options cannot be read)."""


async def _deck_check(args: argparse.Namespace, app: App) -> int:
    """Check a decklist file against the game's deck construction rules (card data where imported;
    ``--rules`` chooses another set of deck rules where the game has one). Exit code 0 legal, 1 not
    legal, 3 not checked (most of the cards are not in the card data), 2 unreadable."""
    from bot.services.deck_checks import check_decklist

    game = resolve_game(args.game)
    try:
        text = utf8_text(Path(args.path).read_bytes(), "the decklist")
    except OSError as error:
        print(f"Cannot read {args.path[:80]!r}: {error.strerror or error}.", file=sys.stderr)
        return 2
    except NotUtf8Error as error:
        print(str(error), file=sys.stderr)
        return 2
    report = await check_decklist(app.cards, game, text, rules=args.rules)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=1))
    else:
        print(report.summary())
    return DECK_EXIT[report.verdict]


# tournaments ---------------------------------------------------------------------------------


def _tournament_simulate(args: argparse.Namespace) -> int:
    """Run a whole simulated event through the tournament service on a real SQLite file (a temporary
    one unless ``--db`` names one) and print every round and the final standings."""
    import tempfile

    from bot.simulation.tournament import Simulation, simulate_event, simulation_json
    from bot.store.database import Database

    async def run(path: Path) -> Simulation:
        database = await Database.open(path)
        try:
            return await simulate_event(
                database,
                players=args.players,
                rounds=args.rounds,
                drops=args.drops,
                late=args.late,
                seed=args.seed,
                top_cut=args.top_cut,
                game=args.game,
                format=args.format,
                guild_id=-1,
            )
        finally:
            await database.close()

    if args.db:
        sim = asyncio.run(run(Path(args.db)))
    else:
        with tempfile.TemporaryDirectory(prefix="arbiter-simulation-") as folder:
            sim = asyncio.run(run(Path(folder) / "tournament.sqlite3"))
    if args.json:
        print(json.dumps(simulation_json(sim), ensure_ascii=False))
        return 0
    from bot.services.tournaments import decimal4

    e = sim.event
    print(
        f"{e.name}: {e.game}, {e.format.value}, {e.players + e.dropped} players,"
        f" {e.swiss_rounds} Swiss rounds{f', top {e.top_cut}' if e.top_cut else ''}, seed {args.seed}"
    )
    for played in sim.rounds:
        print(f"\nRound {played.info.number}")
        if played.late_entries:
            print("  Late entries: " + ", ".join(played.late_entries))
        for match in played.info.matches:
            print(f"  {match.line}")
        if played.drops:
            print("  Dropped: " + ", ".join(played.drops))
    print("\nFinal standings")
    print(f"{'Rank':>4}  {'Player':<14} {'Pts':>3}  {'Record':<8} {'OMW':>6}  {'GW':>6}  {'OGW':>6}")
    for row in sim.standings.rows:
        print(
            f"{row.rank:>4}  {row.name[:14]:<14} {row.match_points:>3}  {row.record:<8} {decimal4(row.omw)}"
            f"  {decimal4(row.gwp)}  {decimal4(row.ogw)}{'  (dropped)' if row.dropped else ''}"
        )
    if sim.top_cut is not None:
        print(f"\nTop {sim.top_cut.size}")
        for matches in sim.top_cut.rounds:
            for m in matches:
                winner = m.name_a if m.winner == m.player_a else m.name_b
                print(f"  ({m.seed_a}) {m.name_a} vs ({m.seed_b}) {m.name_b}: {winner} wins")
        print(f"Champion: {sim.top_cut.champion_name}")
    return 0


# bot -----------------------------------------------------------------------------------------


NO_NETWORK = "Cannot reach Discord ({what}): check the network connection and try again."


def _quiet_discord() -> None:
    """Silence what discord.py says about voice, which Arbiter does not use: the PyNaCl and davey
    warnings and the audioop deprecation (filtered before discord.py is first imported)."""
    import warnings

    warnings.filterwarnings("ignore", message=r".*audioop.*", category=DeprecationWarning)
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def _online(call: Callable[[], int]) -> int:
    """Run something that talks to Discord; no network is one sentence, not a traceback."""
    import aiohttp
    import discord

    try:
        return call()
    except (TimeoutError, aiohttp.ClientError, OSError, discord.GatewayNotFound) as error:
        print(NO_NETWORK.format(what=type(error).__name__), file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    settings = _settings(args)
    _setup_logging(settings)
    if not settings.discord_token:
        if sys.stdin.isatty():
            print("No DISCORD_TOKEN set: opening the offline console.", file=sys.stderr)
            return asyncio.run(_console(settings))
        print(NO_TOKEN, file=sys.stderr)
        return 2
    _quiet_discord()
    from bot.client import run_bot

    return _online(lambda: run_bot(settings))


async def _console(settings: Settings) -> int:
    from bot.console import Console

    app = await App.open(settings)
    try:
        await Console(app).run()
    finally:
        await app.close()
    return 0


def _console_command(args: argparse.Namespace) -> int:
    settings = _settings(args)
    _setup_logging(settings)
    return asyncio.run(_console(settings))


def _sync(args: argparse.Namespace) -> int:
    settings = _settings(args)
    _setup_logging(settings)
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    _quiet_discord()
    from bot.client import sync_commands

    return _online(lambda: asyncio.run(sync_commands(settings, args.guild)))


# parser --------------------------------------------------------------------------------------


def _count(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else one sentence."""
    digits = max(12, len(str(high)) + 1)

    def parse(text: str) -> int:
        value = text.strip()
        if not (value.lstrip("+-").isascii() and value.lstrip("+-").isdigit()) or len(value) > digits:
            raise argparse.ArgumentTypeError(f"{what} takes a whole number, not {text[:20]!r}")
        number = int(value)
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{what} is a number from {low} to {high:,}")
        return number

    return parse


def _viewer(text: str) -> str:
    """``--viewer``: a seat number (0 to 7) or ``spectator``."""
    if text.lower() == "spectator" or (text.isascii() and text.isdigit() and int(text) <= 7):
        return text.lower()
    raise argparse.ArgumentTypeError(f"--viewer is a seat number (0, 1) or 'spectator', not {text[:20]!r}")


class _Words(argparse.Action):
    """A query typed as several words, joined with spaces (``civ:fire cost<=3``)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        setattr(namespace, self.dest, " ".join(values))


_CARDS_SEARCH_OPTIONS = {
    "--limit": True,
    "--page": True,
    "--db": True,
    "--json": False,
    "-h": False,
    "--help": False,
}


def _query_words_last(argv: Sequence[str]) -> list[str]:
    """``cards search GAME QUERY...`` with the query's words after ``--``, so that a negated term such
    as ``-civ:fire`` is read as part of the query, not as an unknown option."""
    words = list(argv)
    try:
        at = next(i for i in range(len(words) - 1) if words[i] == "cards" and words[i + 1] == "search") + 2
    except StopIteration:
        return words
    options: list[str] = []
    positional: list[str] = []
    rest = words[at:]
    i = 0
    while i < len(rest):
        word = rest[i]
        name = word.split("=", 1)[0]
        if word == "--":
            positional.extend(rest[i + 1 :])
            break
        if name in _CARDS_SEARCH_OPTIONS:
            options.append(word)
            if _CARDS_SEARCH_OPTIONS[name] and "=" not in word and i + 1 < len(rest):
                options.append(rest[i + 1])
                i += 1
        else:
            positional.append(word)
        i += 1
    return [*words[:at], *options, "--", *positional] if positional else words


ERROR_LENGTH = 200
"""The longest command-line error sentence, the words it echoes cut to fit."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose error sentence survives any word typed: an undecodable byte in a
    file name is shown escaped instead of failing to print, and a long word is cut."""

    def error(self, message: str) -> NoReturn:
        text = message.encode("utf-8", "backslashreplace").decode("utf-8")
        super().error(shortened(text, ERROR_LENGTH))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="arbiter", description="Arbiter: rules, cards, matches, tournaments.")
    common = _Parser(add_help=False)
    common.add_argument("--db", metavar="PATH", help="SQLite database file (default: DATABASE_PATH)")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", parents=[common], help="start the bot (the console if no token is set)")
    run.set_defaults(handler=_run)
    console = sub.add_parser("console", parents=[common], help="the offline console")
    console.set_defaults(handler=_console_command)
    sync = sub.add_parser("sync", parents=[common], help="register slash commands with Discord")
    sync.add_argument(
        "--guild",
        type=_count(1, 2**63 - 1, "--guild"),
        help="sync to one server (instant) instead of globally",
    )
    sync.set_defaults(handler=_sync)
    imp = sub.add_parser("import", parents=[common], help="import new or changed rules documents")
    imp.add_argument("--rules-dir", metavar="DIR", help="folder with documents.toml (default: data/rules)")
    imp.set_defaults(async_handler=_import)

    rules = sub.add_parser("rules", help="rules lookups").add_subparsers(dest="rules_command", required=True)
    get = rules.add_parser("get", parents=[common], help="a rule by id")
    get.add_argument("game")
    get.add_argument("id")
    get.add_argument("--edition", help="an older edition's version (default: newest)")
    get.add_argument("--json", action="store_true")
    get.set_defaults(async_handler=_rules_get)
    search = rules.add_parser("search", parents=[common], help="full-text search ('-': queries from stdin)")
    search.add_argument("game")
    search.add_argument("query")
    search.add_argument("--limit", type=_count(1, 100, "--limit"), default=10)
    search.add_argument("--edition")
    search.add_argument("--json", action="store_true")
    search.set_defaults(async_handler=_rules_search)
    listing = rules.add_parser("list", parents=[common], help="the imported documents")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(async_handler=_rules_list)

    cards = sub.add_parser("cards", help="card database").add_subparsers(dest="cards_command", required=True)
    cimp = cards.add_parser("import", parents=[common], help="import a card file (all or nothing)")
    cimp.add_argument("game")
    cimp.add_argument("format", help="fowsim, dm-tcg, dm-cockatrice, cfv-d, json, csv")
    cimp.add_argument("path")
    cimp.add_argument("--schema", help="JSON Schema to validate against (dm-tcg: found beside the file)")
    cimp.set_defaults(async_handler=_cards_import)
    cget = cards.add_parser("get", parents=[common], help="a card by name (the candidates when ambiguous)")
    cget.add_argument("game")
    cget.add_argument("name")
    cget.add_argument("--json", action="store_true")
    cget.add_argument("--image", metavar="PNG", help="also draw the card face to this file")
    cget.set_defaults(async_handler=_cards_get)
    csearch = cards.add_parser("search", parents=[common], help="search with the query language")
    csearch.add_argument("game")
    csearch.add_argument(
        "query", nargs="+", action=_Words, help="the query (words starting with - are terms)"
    )
    csearch.add_argument("--limit", type=_count(1, 100, "--limit"), default=10)
    csearch.add_argument("--page", type=_count(1, 100_000, "--page"), default=1)
    csearch.add_argument("--json", action="store_true")
    csearch.set_defaults(async_handler=_cards_search)
    cstats = cards.add_parser("stats", parents=[common], help="cards, printings, sets and sources per game")
    cstats.add_argument("game", nargs="?")
    cstats.add_argument("--json", action="store_true")
    cstats.set_defaults(async_handler=_cards_stats)
    calias = cards.add_parser("alias", parents=[common], help="add a nickname (or remove it without CARD)")
    calias.add_argument("game")
    calias.add_argument("alias")
    calias.add_argument("card", nargs="?")
    calias.set_defaults(async_handler=_cards_alias)

    match = sub.add_parser("match", help="remote matches").add_subparsers(dest="match_command", required=True)
    verify = match.add_parser("verify", help="replay an exported match and check its seed and shuffles")
    verify.add_argument("export", help="the JSON file from `arbiter match export`")
    verify.set_defaults(handler=_match_verify)
    mexport = match.add_parser("export", parents=[common], help="a match as JSON, or one viewer's log")
    mexport.add_argument("id", type=_count(1, 10**18, "The match id"))
    mexport.add_argument(
        "--viewer", type=_viewer, help="a seat number (0, 1) or 'spectator': print that viewer's log"
    )
    mexport.set_defaults(async_handler=_match_export)

    simulate = match.add_parser("simulate", help="random legal games to the end (finds what breaks)")
    simulate.add_argument("game")
    simulate.add_argument("--games", type=_count(1, 10_000, "--games"), default=1)
    simulate.add_argument("--seed", type=_count(0, 10**12, "--seed"), default=1)
    simulate.add_argument("--json", action="store_true", help="one JSON object per game")
    simulate.set_defaults(handler=_match_simulate)

    mplay = match.add_parser("play", help="whole matches through challenges, offers and panels")
    mplay.add_argument("game")
    mplay.add_argument("--auto", action="store_true", required=True, help="each seat takes a random offer")
    mplay.add_argument("--games", type=_count(1, 10_000, "--games"), default=1)
    mplay.add_argument("--seed", type=_count(0, 10**12, "--seed"), default=1)
    mplay.add_argument("--json", action="store_true", help="one JSON object per match")
    mplay.set_defaults(handler=_match_play)

    mpics = match.add_parser("pictures", help="draw the README's pictures of a match on Discord")
    mpics.add_argument("--out", default="docs/pictures", help="the folder to write them in")
    mpics.add_argument("--seed", type=_count(0, 10**12, "--seed"), default=1)
    mpics.set_defaults(handler=_match_pictures)

    deck = sub.add_parser("deck", help="decklists").add_subparsers(dest="deck_command", required=True)
    dcheck = deck.add_parser("check", parents=[common], help="check a decklist file against the deck rules")
    dcheck.add_argument("game")
    dcheck.add_argument("path")
    dcheck.add_argument("--json", action="store_true")
    dcheck.add_argument(
        "--rules", default=None, help="other deck rules where the game has some (duelmasters: english-tcg)"
    )
    dcheck.set_defaults(async_handler=_deck_check)

    tournament = sub.add_parser("tournament", help="tournaments").add_subparsers(
        dest="tournament_command", required=True
    )
    tsim = tournament.add_parser(
        "simulate", help="run a whole event with random results through the service layer"
    )
    tsim.add_argument("--players", type=_count(2, 4096, "--players"), required=True, metavar="N")
    tsim.add_argument(
        "--rounds",
        type=_count(1, 30, "--rounds"),
        metavar="R",
        help="Swiss rounds (default: max(3, ceil(log2(N))))",
    )
    tsim.add_argument(
        "--drops",
        type=_count(0, 4096, "--drops"),
        metavar="K",
        help="players who drop (default: N/16, at least 1)",
    )
    tsim.add_argument(
        "--late", type=_count(0, 4096, "--late"), default=0, metavar="L", help="late entries (default: 0)"
    )
    tsim.add_argument("--seed", default="0", metavar="S", help="seed of pairings and results (default: 0)")
    tsim.add_argument("--top-cut", type=int, default=0, choices=(0, 4, 8, 16), help="top cut size")
    tsim.add_argument("--game", default="vanguard", help="the game (default: vanguard)")
    tsim.add_argument("--format", default="bo3", choices=("bo1", "bo3"))
    tsim.add_argument("--db", metavar="PATH", help="keep the event in this SQLite file (default: temporary)")
    tsim.add_argument("--json", action="store_true")
    tsim.set_defaults(handler=_tournament_simulate)

    kw = sub.add_parser("keyword", parents=[common], help="a keyword by name")
    kw.add_argument("game")
    kw.add_argument("name")
    kw.add_argument("--json", action="store_true")
    kw.set_defaults(async_handler=_keyword)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a file name with undecodable bytes is printed, not fatal
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(_query_words_last(sys.argv[1:] if argv is None else argv))
    try:
        if hasattr(args, "handler"):
            return int(args.handler(args))
        handler = args.async_handler
        return asyncio.run(_with_app(args, lambda app: handler(args, app)))
    except ValidationError as error:
        first = error.errors()[0]
        print(f"Bad setting {'.'.join(map(str, first['loc']))}: {first['msg']}.", file=sys.stderr)
        return 2
    except ArbiterError as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
