"""`python -m bench`: run every benchmark and print its table."""

from __future__ import annotations

import asyncio

from bench.board_image_bench import main as board_image_main
from bench.cards_bench import main as cards_main
from bench.match_bench import main as match_main
from bench.match_panels_bench import main as match_panels_main
from bench.match_store_bench import main as match_store_main
from bench.pairing_bench import main as pairing_main
from bench.rules_bench import main as rules_main
from bench.rules_quality import main as quality_main

if __name__ == "__main__":
    asyncio.run(rules_main())
    asyncio.run(quality_main())
    asyncio.run(cards_main())
    match_main()
    match_panels_main()
    asyncio.run(match_store_main())
    pairing_main()
    board_image_main()
