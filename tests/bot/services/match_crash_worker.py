"""A process that plays random valid actions of a stored demo match and prints each accepted version,
until it is killed. Used by test_match_crash.py:
``python -m tests.bot.services.match_crash_worker DB MATCH SEED``."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from bot.services.matches import MatchService
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.match.apply import apply
from tests.engine.match.demo import random_action


async def main(path: Path, match_id: int, seed: int) -> None:
    service = MatchService(await Database.open(path))
    rng = random.Random(seed)
    while True:
        state = await service.state(match_id)
        action = random_action(state, rng, allow_end=False)
        try:
            apply(state, action)
        except ArbiterError:
            continue
        await service.submit(match_id, action, user_id=None)
        print(f"accepted {action.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])))
