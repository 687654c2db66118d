"""`python -m bench`: run every benchmark and print its table."""

from __future__ import annotations

import asyncio

from bench.rules_bench import main as rules_main

if __name__ == "__main__":
    asyncio.run(rules_main())
