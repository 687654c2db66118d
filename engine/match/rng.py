"""The match's verifiable random stream (docs/architecture.md, Invariants: "Verifiable randomness").

Each match has a secret seed (32 random bytes, chosen by the service with :func:`secrets.token_bytes`).
Its SHA-256 (:func:`seed_hash`) is part of the match from the start; the seed itself is revealed when
the match ends, so anyone can replay the exported log and check every shuffle, coin and die.

The stream is specified exactly here so that an independent verifier can reimplement it:

- **Blocks.** Block ``i`` (``i = 0, 1, 2, ...``) of the stream with context ``C`` is
  ``HMAC-SHA256(key=seed, msg=C || 0x00 || i as 8 bytes big-endian)`` (counter mode). The stream is
  the concatenation of its blocks; it is consumed 4 bytes at a time, each a 32-bit big-endian word.
- **Contexts.** Setup uses ``b"arbiter/setup"``; the action accepted at state version ``v`` uses
  ``b"arbiter/action/<v>"`` (decimal), so no two random actions of a match ever share bytes, and
  replaying an action list reproduces every result.
- **Integers** (:meth:`RandomStream.randbelow`): for ``n`` in ``1 .. 2**32``, take words ``w`` until
  ``w < 2**32 - (2**32 mod n)`` (rejection sampling, so every residue is equally likely) and return
  ``w mod n``.
- **Shuffles** (:meth:`RandomStream.shuffle`): Fisher-Yates from the end: for ``i`` from ``n - 1`` down
  to ``1``, swap items ``i`` and ``randbelow(i + 1)``.

Not :mod:`random`: its Mersenne Twister is predictable from its outputs, and its algorithms may change
between Python versions; this stream depends on nothing but HMAC-SHA256.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")

SETUP_CONTEXT = b"arbiter/setup"
_WORD_RANGE = 1 << 32
MIN_SEED_BYTES = 16


def seed_hash(seed: bytes) -> str:
    """The SHA-256 of a seed as lowercase hex: shown when a match starts, checked when it ends."""
    return hashlib.sha256(seed).hexdigest()


def verify_seed(seed: bytes, expected_hash: str) -> bool:
    """Whether a revealed seed is the one whose hash was published at the start of the match."""
    return hmac.compare_digest(seed_hash(seed), expected_hash.lower())


def action_context(version: int) -> bytes:
    """The stream context of the action accepted at state version ``version``."""
    return b"arbiter/action/%d" % version


class RandomStream:
    """A deterministic cryptographic stream of random integers, derived from a seed and a context."""

    __slots__ = ("_block", "_buffer", "_context", "_key", "_offset", "words_used")

    def __init__(self, seed: bytes, context: bytes = b"") -> None:
        if not isinstance(seed, bytes) or len(seed) < MIN_SEED_BYTES:
            raise ValueError(f"a match seed is at least {MIN_SEED_BYTES} bytes")
        self._key = seed
        self._context = context + b"\x00"
        self._block = 0
        self._buffer = b""
        self._offset = 0
        self.words_used = 0
        """How many 32-bit words have been consumed (rejected ones included)."""

    def _word(self) -> int:
        offset = self._offset
        if offset + 4 > len(self._buffer):
            self._buffer = hmac.digest(self._key, self._context + self._block.to_bytes(8, "big"), "sha256")
            self._block += 1
            offset = 0
        self._offset = offset + 4
        self.words_used += 1
        return int.from_bytes(self._buffer[offset : offset + 4], "big")

    def randbelow(self, n: int) -> int:
        """A uniformly distributed integer in ``range(n)``, for ``1 <= n <= 2**32``."""
        if not 1 <= n <= _WORD_RANGE:
            raise ValueError(f"randbelow needs 1 <= n <= 2**32, not {n}")
        limit = _WORD_RANGE - _WORD_RANGE % n
        while True:
            word = self._word()
            if word < limit:
                return word % n

    def shuffle(self, items: Iterable[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher-Yates, see the module doc)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.randbelow(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def coin(self) -> bool:
        """True for heads: ``randbelow(2) == 0``."""
        return self.randbelow(2) == 0

    def die(self, sides: int) -> int:
        """A roll of a fair die with ``sides`` faces numbered from 1."""
        return self.randbelow(sides) + 1
