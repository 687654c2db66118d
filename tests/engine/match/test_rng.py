"""The verifiable random stream: determinism, a pinned known answer, unbiased integers, shuffles."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter

import pytest

from engine.match.rng import SETUP_CONTEXT, RandomStream, action_context, seed_hash, verify_seed

SEED = bytes(range(32))


def chi_square(counts: Counter[int], expected: float) -> float:
    return sum((count - expected) ** 2 / expected for count in counts.values())


def test_same_seed_and_context_give_the_same_stream() -> None:
    one = RandomStream(SEED, b"ctx")
    two = RandomStream(SEED, b"ctx")
    assert [one.randbelow(1000) for _ in range(50)] == [two.randbelow(1000) for _ in range(50)]


def test_contexts_and_seeds_give_different_streams() -> None:
    def draws(seed: bytes, context: bytes) -> list[int]:
        stream = RandomStream(seed, context)
        return [stream.randbelow(2**32) for _ in range(8)]

    assert draws(SEED, action_context(1)) != draws(SEED, action_context(2))
    assert draws(SEED, b"x") != draws(bytes(32), b"x")


def test_known_answer_vector() -> None:
    """Pinned once: any change to the stream breaks verification of every recorded match."""
    stream = RandomStream(SEED, SETUP_CONTEXT)
    assert [stream.randbelow(100) for _ in range(8)] == [1, 53, 83, 84, 22, 5, 60, 58]
    assert RandomStream(SEED, action_context(7)).shuffle(range(10)) == [1, 9, 4, 0, 5, 2, 6, 7, 8, 3]
    assert seed_hash(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_stream_follows_its_specification() -> None:
    """An independent reimplementation of the module doc's algorithm gives the same numbers."""

    def words() -> itertools.chain[int]:
        def block(i: int) -> bytes:
            message = SETUP_CONTEXT + b"\x00" + i.to_bytes(8, "big")
            return hmac.new(SEED, message, hashlib.sha256).digest()

        return itertools.chain.from_iterable(
            (int.from_bytes(block(i)[k : k + 4], "big") for k in range(0, 32, 4)) for i in itertools.count()
        )

    expected = []
    source = words()
    n = 3 * 2**30
    for _ in range(40):
        while (word := next(source)) >= 2**32 - 2**32 % n:
            pass
        expected.append(word % n)
    stream = RandomStream(SEED, SETUP_CONTEXT)
    assert [stream.randbelow(n) for _ in range(40)] == expected


def test_rejection_sampling_is_unbiased() -> None:
    """n = 3 * 2**30: plain ``word % n`` would give the first third twice the weight of the others."""
    stream = RandomStream(SEED, b"bias")
    n = 3 * 2**30
    samples = 30_000
    thirds = Counter(stream.randbelow(n) // 2**30 for _ in range(samples))
    assert set(thirds) == {0, 1, 2}
    # chi-square, 2 degrees of freedom: 13.8 is p = 0.001; a modulo bias would score in the thousands.
    assert chi_square(thirds, samples / 3) < 13.8
    # A quarter of the words are rejected at this n.
    assert 0.2 < (stream.words_used - samples) / stream.words_used < 0.3


def test_small_ranges_are_uniform() -> None:
    stream = RandomStream(SEED, b"die")
    rolls = Counter(stream.die(6) for _ in range(60_000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert chi_square(rolls, 10_000) < 20.5  # 5 degrees of freedom, p = 0.001


def test_shuffle_gives_permutations_uniformly() -> None:
    stream = RandomStream(SEED, b"shuffle")
    counts = Counter(tuple(stream.shuffle("abc")) for _ in range(12_000))
    assert set(counts) == set(itertools.permutations("abc"))
    assert chi_square(counts, 2_000) < 20.5  # 5 degrees of freedom, p = 0.001
    for size in (0, 1, 2, 40, 100):
        assert sorted(stream.shuffle(range(size))) == list(range(size))


def test_shuffle_returns_a_new_list() -> None:
    items = [1, 2, 3, 4]
    shuffled = RandomStream(SEED).shuffle(items)
    assert items == [1, 2, 3, 4] and sorted(shuffled) == items


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        RandomStream(b"short")
    stream = RandomStream(SEED)
    for n in (0, -1, 2**32 + 1):
        with pytest.raises(ValueError):
            stream.randbelow(n)
    assert stream.randbelow(1) == 0


def test_seed_verification() -> None:
    assert verify_seed(SEED, seed_hash(SEED))
    assert verify_seed(SEED, seed_hash(SEED).upper())
    assert not verify_seed(bytes(32), seed_hash(SEED))
