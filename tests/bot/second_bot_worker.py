"""A second bot process on the same database file: it plays matches of its own server through the same
actions the cogs call (challenge, accept, take an offer, with the clock), and changes its server's
settings, until a stop file appears. Used by tests/cogs/match/test_match_load.py:

    python -m tests.bot.second_bot_worker DB RULES_DIR STOP_FILE SEED

It prints one JSON line at the end: the actions it stored, the refusals it met (each must be one
sentence), and every unexpected error (there must be none); its exit status is 1 if there was one."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import traceback
from pathlib import Path

from bot.actions import matches as ma
from bot.app import App
from bot.config import Settings
from bot.services.challenges import DeckChoice
from engine.match.offers import covering, offers
from tests.bot.console_player import next_move, typed_words

GUILD = 7_777
PLAYERS = (ma.Player(9_001, "Wren"), ma.Player(9_002, "Yara"))
GAMES = ("duelmasters", "vanguard", "forceofwill", "gateruler")
FIRST = {"forceofwill": "fow_mulligan", "vanguard": "vg_redraw"}
PAUSE = 0.01
"""Seconds between two of its actions: a busy bot's pace, leaving the machine's other core to the
process under test."""


async def _match(app: App, game: str) -> int:
    challenger, opponent = PLAYERS
    made = await ma.match_challenge(app, GUILD, None, challenger, game, DeckChoice("practice"), opponent)
    if made.refused:
        raise RuntimeError(f"challenge refused: {made.body}")
    waiting = await app.challenges.waiting(GUILD)
    accepted = await ma.match_accept(app, GUILD, max(c.id for c in waiting), opponent, DeckChoice("practice"))
    if accepted.refused or accepted.table is None:
        raise RuntimeError(f"accept refused: {accepted.body}")
    return accepted.table.match_id


async def run(database: Path, rules: Path, stop: Path, seed: int) -> dict[str, object]:
    settings = Settings(database_path=database, rules_dir=rules, _env_file=None)  # type: ignore[call-arg]
    app = await App.open(settings, import_documents=False)
    rng = random.Random(seed)
    stored = refused = matches = 0
    errors: list[str] = []
    try:
        while not stop.exists():
            game = GAMES[matches % len(GAMES)]
            matches += 1
            match_id = await _match(app, game)
            setup: set[int] = set()
            state = await app.matches.state(match_id)
            for _ in range(40):
                if stop.exists() or state.status != "playing":
                    break
                action = next_move(state, game, rng, setup, FIRST.get(game))
                offer = covering(state, action)
                if offer is None:
                    raise RuntimeError(f"no offer covers {action!r}")
                number = offers(state, action.actor).index(offer) + 1
                choices = dict(w.split(":", 1) for w in typed_words(offer, offer.choices_of(action, state)))
                reply = await ma.match_take(
                    app, match_id, PLAYERS[action.actor], number, choices, where=GUILD
                )
                if reply.refused:
                    refused += 1
                    if "\n" in reply.body or not reply.body.strip():
                        errors.append(f"a refusal that is not one sentence: {reply.body!r}")
                else:
                    stored += 1
                await app.guilds.set_default_game(GUILD, game)
                state = await app.matches.state(match_id)
                await asyncio.sleep(PAUSE)
    except Exception:
        errors.append(traceback.format_exc())
    finally:
        await app.close()
    return {"matches": matches, "stored": stored, "refused": refused, "errors": errors}


def main(argv: list[str]) -> int:
    database, rules, stop, seed = Path(argv[0]), Path(argv[1]), Path(argv[2]), int(argv[3])
    result = asyncio.run(run(database, rules, stop, seed))
    print(json.dumps(result), flush=True)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
