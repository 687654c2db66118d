"""Card name resolution and autocomplete (engine.cards.names): the table of tricky inputs written
from the real data sets, each stage on its own, the did-you-mean rule, and properties."""

from __future__ import annotations

import random
import re
import tomllib
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.names import (
    MAX_CANDIDATES,
    NameEntry,
    NameIndex,
    Resolution,
    normalise_name,
)
from tests.engine.cards import carddata

TABLE = Path(__file__).with_name("tricky_names.toml")
CASES: list[dict[str, Any]] = tomllib.loads(TABLE.read_text(encoding="utf-8"))["case"]
PROPERTY = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

needs_data = pytest.mark.skipif(
    not carddata.available(),
    reason=f"public card data sets not found at {carddata.CARDDATA} (see shared/carddata/README.md)",
)


@dataclass
class Game:
    """One game's real index, its keys' card names, and which cards each name text belongs to."""

    index: NameIndex
    names: dict[int, str]
    entries: list[NameEntry]
    by_norm: dict[str, set[str]]
    by_compact: dict[str, set[str]]
    typeable: list[NameEntry]
    """Names and faces with a letter or digit."""

    def identity(self, key: int) -> str:
        return normalise_name(self.names[key])

    def card(self, resolution: Resolution) -> str | None:
        return None if resolution.key is None else self.names[resolution.key]


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    if not carddata.available():
        pytest.skip(f"public card data sets not found at {carddata.CARDDATA}")
    out = {}
    for key in carddata.GAMES:
        loaded = carddata.load(key)
        by_norm: dict[str, set[str]] = defaultdict(set)
        by_compact: dict[str, set[str]] = defaultdict(set)
        for entry in loaded.entries:
            norm = normalise_name(entry.name)
            if entry.kind != "alias" and norm:
                identity = normalise_name(loaded.names[entry.key])
                by_norm[norm].add(identity)
                by_compact[norm.replace(" ", "")].add(identity)
        typeable = [e for e in loaded.entries if e.kind != "alias" and normalise_name(e.name)]
        out[key] = Game(loaded.index(), loaded.names, loaded.entries, by_norm, by_compact, typeable)
    return out


def index_of(*names: str | tuple[int, str, str]) -> NameIndex:
    """A small index: plain names get keys 1, 2, 3...; tuples are ``(key, name, kind)``."""
    entries = []
    for number, item in enumerate(names, start=1):
        entries.append(NameEntry(number, item) if isinstance(item, str) else NameEntry(*item))
    return NameIndex(entries)


# the table -----------------------------------------------------------------------------------------


def test_the_table_is_large_and_covers_every_game() -> None:
    assert len(CASES) >= 60
    assert {case["game"] for case in CASES} == set(carddata.GAMES)
    for case in CASES:
        outcomes = [k for k in ("expect", "expect_ambiguous", "expect_none") if k in case]
        assert len(outcomes) == 1 and case.get("note"), case
    shared_inputs = defaultdict(set)
    for case in CASES:
        if "expect" in case:
            shared_inputs[case["input"]].add(case["game"])
    assert sum(1 for games in shared_inputs.values() if len(games) > 1) >= 5


@needs_data
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['game']}:{c['input']}")
def test_tricky_name(case: dict[str, Any], games: dict[str, Game]) -> None:
    game = games[case["game"]]
    result = game.index.resolve(case["input"])
    shown = f"{result.status} {game.card(result)!r} matched={result.matched!r} {result.candidates}"
    if "expect" in case:
        assert game.card(result) == case["expect"], shown
        assert result.status in {"exact", "alias", "prefix", "fuzzy"}, shown
        assert result.candidates == []
        if "matched" in case:
            assert result.matched == case["matched"], shown
        if "status" in case:
            assert result.status == case["status"], shown
        others = {game.names[key] for key, _ in result.shared_with}
        assert others == set(case.get("shared_with", [])), shown
    elif "expect_ambiguous" in case:
        assert result.status == "ambiguous" and result.key is None, shown
        shown_names = {name for _, name, _ in result.candidates}
        assert set(case["expect_ambiguous"]) <= shown_names, shown
        cards = {game.names[key] for key, _, _ in result.candidates}
        assert set(case.get("cards", [])) <= cards, shown
    else:
        assert result == Resolution("none"), shown


# normalisation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Göndul's Barrage", "gonduls barrage"),
        ("GÖNDUL’S  BARRAGE!", "gonduls barrage"),
        ("ＧＲＩＭＭ，ＴＨＥ ＦＡＩＲＹ", "grimm the fairy"),
        ("Aradia, HeAVEN of Æon", "aradia heaven of aeon"),
        ("Nü-Mëtäl, Sea of Life", "nu metal sea of life"),
        ("Jeanne d'Arc", "jeanne darc"),
        ("U・S・A・TATAKI", "u s a tataki"),
        ("Synthetic Spirit: イ- ③", "synthetic spirit イ 3"),
        ("Straße ﬁre", "strasse fire"),
        ("  tabs\tand\nnewlines  ", "tabs and newlines"),
        ("Søren Łukasz", "soren lukasz"),
        ("ガイアール", "ガイアール"),
        ("♪ ★ -- ?", ""),
        ("", ""),
    ],
)
def test_normalise_name(text: str, expected: str) -> None:
    assert normalise_name(text) == expected


@PROPERTY
@given(st.text())
def test_normalise_is_idempotent_and_clean(text: str) -> None:
    once = normalise_name(text)
    assert normalise_name(once) == once
    assert once == once.strip() and "  " not in once


# stages -------------------------------------------------------------------------------------------


def test_exact_finds_names_and_faces() -> None:
    index = index_of((1, "Pandora, Girl of the Box", "name"), (1, "Pandora of Light", "face"), "x")
    assert index.resolve("pandora girl of the box") == Resolution("exact", 1, "Pandora, Girl of the Box")
    assert index.resolve("PANDORA OF LIGHT") == Resolution("exact", 1, "Pandora of Light")


def test_exact_without_spaces() -> None:
    index = index_of("Robe of Fire-Rat", "Firerat Den")
    assert index.resolve("robe of firerat").key == 1
    assert index.resolve("fire rat den").key == 2


def test_reprints_are_one_card_answered_by_the_lowest_key() -> None:
    index = index_of((7, "Thunder", "name"), (3, "Thunder", "name"), (5, "THUNDER", "name"))
    assert index.resolve("thunder") == Resolution("exact", 3, "Thunder")
    index.remove_key(3)
    assert index.resolve("thunder").key == 5
    assert [key for key, _ in index.autocomplete("thu")] == [5]


def test_alias_comes_after_exact_and_matches_only_exactly() -> None:
    index = index_of((1, "Blaster Dark", "name"), (2, "Bolshack Dragon", "name"))
    index.add(NameEntry(2, "blaster dark", "alias"))
    index.add(NameEntry(2, "Bolly", "alias"))
    assert index.resolve("Blaster Dark").key == 1
    assert index.resolve("bolly!") == Resolution("alias", 2, "Bolly")
    assert index.resolve("boll").status == "none"
    assert index.autocomplete("bolly") == [(2, "Bolshack Dragon")]


def test_same_words_any_order_without_little_words() -> None:
    index = index_of(
        "Grimm, the Fairy Tale Prince", "Grimm, the Fairy Tale Prince's Chosen", "Realm of the Dragon King"
    )
    assert index.resolve("fairy tale prince grimm") == Resolution("prefix", 1, "Grimm, the Fairy Tale Prince")
    assert index.resolve("realm dragon king").key == 3
    assert index.resolve("dragon king a realm").key == 3


def test_prefix_and_word_prefix() -> None:
    index = index_of("Aesop, the Prince's Tutor", "Nixie Pixie", "Phoenix", "Arla", "Charlatan")
    assert index.resolve("aesop prince tutor").key == 1
    assert index.resolve("tut aes").key == 1
    assert index.resolve("nix") == Resolution("prefix", 2, "Nixie Pixie")
    assert index.resolve("pix").key == 2
    assert index.resolve("arl").key == 4
    assert index.resolve("harla").key != 5


def test_a_substring_is_never_a_match() -> None:
    index = index_of("Phoenix", "Charlatan", "Escape from Crisis")
    assert index.resolve("nix") == Resolution("none")
    assert index.autocomplete("nix") == []
    # Inner pieces are never prefix matches, and never resolve; a piece that is also close to the
    # whole word as a typo ("hoen", "risis") may only be offered as a did-you-mean.
    for query in ("hoen", "arla", "latan", "risis", "scape"):
        result = index.resolve(query)
        assert result.key is None and result.status in {"ambiguous", "none"}, query
        assert all(score < 85 for _, _, score in result.candidates), query


def test_ambiguous_prefix_lists_prefixes_with_whole_words_first_shortest_first() -> None:
    index = index_of(
        "Grimmia's Fairy",
        "Grimm, the Rightful King",
        "Grimm and Pandora",
        "Young Grimm",
        "Grimm, the Fairy Tale Prince",
        "Grimm, King of Fairy Tales",
        "Grimmsbane",
    )
    result = index.resolve("grimm")
    assert result.status == "ambiguous" and result.key is None
    assert [name for _, name, _ in result.candidates] == [
        "Grimm and Pandora",
        "Grimm, the Rightful King",
        "Grimm, King of Fairy Tales",
        "Grimm, the Fairy Tale Prince",
        "Grimmsbane",
    ]


def test_same_words_beat_longer_prefixes() -> None:
    index = index_of("Bolshack Dragon X", "Bolshack Dragon", "Dragon Bolshack Lord")
    assert index.resolve("dragon bolshack").key == 2


def test_fuzzy_typos_and_closeness() -> None:
    index = index_of("Aesop, the Prince's Tutor", "Vairina", "Vairina Erger", "Gaial Kaiser", "Gaial Kaizer")
    assert index.resolve("aesop prince tutr") == Resolution("fuzzy", 1, "Aesop, the Prince's Tutor")
    assert index.resolve("vairna") == Resolution("fuzzy", 2, "Vairina")
    close = index.resolve("gaial kaiszer")
    assert close.status == "ambiguous"
    assert {name for _, name, _ in close.candidates} == {"Gaial Kaiser", "Gaial Kaizer"}
    assert index.resolve("zzzzqqq") == Resolution("none")


def test_a_cards_own_name_wins_over_another_cards_face() -> None:
    index = index_of(
        (1, "Dominatus, Star Gladius", "name"),
        (1, "Tina, Virtuous Stella", "face"),
        (2, "Tina, Virtuous Stella", "name"),
    )
    result = index.resolve("tina virtuous stella")
    assert (result.status, result.key, result.matched) == ("exact", 2, "Tina, Virtuous Stella")
    assert result.shared_with == [(1, "Dominatus, Star Gladius")]
    assert index.card_name(1) == "Dominatus, Star Gladius"


def test_a_name_only_faces_share_is_ambiguous_listing_each_card() -> None:
    index = index_of(
        (1, "Baraghiara/Ringfinity Violent Blaze", "name"),
        (1, "Baraghiara", "alias"),
        (2, "Baraghiara/Ringfinity Violent Ice", "name"),
        (2, "Baraghiara", "alias"),
        (3, "Lost Soul", "name"),
        (4, "Death Carl/Lost Soul", "name"),
        (4, "Lost Soul", "face"),
        (5, "Other Twin/Lost Soul", "name"),
        (5, "Lost Soul", "face"),
    )
    result = index.resolve("baraghiara")
    assert result.status == "ambiguous" and {key for key, _, _ in result.candidates} == {1, 2}
    lost = index.resolve("LOST SOUL")
    assert (lost.status, lost.key) == ("exact", 3)
    assert sorted(lost.shared_with) == [(4, "Death Carl/Lost Soul"), (5, "Other Twin/Lost Soul")]


def test_did_you_mean_is_short_and_one_line_per_card() -> None:
    names = [f"Kaguya, Moon {n}" for n in range(12)]
    index = NameIndex(
        [NameEntry(k, name) for k, name in enumerate(names)]
        + [NameEntry(k + 100, name) for k, name in enumerate(names)]  # reprints
        + [NameEntry(k, f"Kaguya Face {k}", "face") for k in range(12)]
    )
    result = index.resolve("kaguya")
    assert result.status == "ambiguous"
    assert len(result.candidates) == MAX_CANDIDATES
    cards = [index.card_name(key) for key, _, _ in result.candidates]
    assert len(set(cards)) == len(cards)
    assert all(key < 100 for key, _, _ in result.candidates)


def test_empty_and_symbol_only_input() -> None:
    index = index_of("Thunder")
    for text in ("", "   ", "?!", "♪★"):
        assert index.resolve(text) == Resolution("none")
        assert index.autocomplete(text) == []
    assert index_of().resolve("thunder") == Resolution("none")


# updates ------------------------------------------------------------------------------------------


def test_add_and_remove_keep_every_stage_consistent() -> None:
    index = index_of("Blaster Dark", "Blaster Javelin")
    index.add(NameEntry(3, "Blaster Blade", "name"))
    index.add(NameEntry(3, "Blaster Blade", "name"))  # twice is once
    assert index.resolve("blaster blade").key == 3
    assert index.resolve("blastr blade").key == 3
    assert len(index) == 3 and 3 in index
    index.remove_key(3)
    index.remove_key(99)
    assert index.resolve("blaster blade").status in {"ambiguous", "none"}
    assert all(key != 3 for key, _ in index.autocomplete("blaster"))
    assert 3 not in index


def test_a_name_added_after_an_alias_gives_the_key_its_identity() -> None:
    index = NameIndex([NameEntry(1, "Thunder"), NameEntry(2, "Bolt", "alias")])
    index.add(NameEntry(2, "Thunder"))
    assert index.resolve("thunder").key == 1  # a reprint of key 1 now
    assert index.resolve("bolt") == Resolution("alias", 2, "Bolt")


def test_many_updates_match_a_rebuild() -> None:
    rng = random.Random(5)
    words = ["dragon", "knight", "moon", "grimm", "alice", "fairy", "tale", "dark", "blade", "sky"]
    entries = [NameEntry(k, " ".join(rng.sample(words, rng.randint(1, 3))).title()) for k in range(300)]
    index = NameIndex(entries[:150])
    for entry in entries[150:]:
        index.add(entry)
    for key in range(0, 300, 3):
        index.remove_key(key)
    rebuilt = NameIndex([e for e in entries if e.key % 3])
    for query in ["dr", "dragon knight", "knight dragon", "moon sky", "grim", "alice tale", "drgon"]:
        assert index.resolve(query) == rebuilt.resolve(query), query
        assert index.autocomplete(query) == rebuilt.autocomplete(query), query


# autocomplete -------------------------------------------------------------------------------------


def test_autocomplete_order_exact_prefix_word_prefix_fuzzy() -> None:
    index = index_of("Moon Blade", "Moon", "Blade of the Moon", "Moonlight", "Mon Dragon", "Sun")
    assert index.autocomplete("moon") == [
        (2, "Moon"),
        (1, "Moon Blade"),
        (4, "Moonlight"),
        (3, "Blade of the Moon"),
        (5, "Mon Dragon"),
    ]
    assert index.autocomplete("moon", limit=2) == [(2, "Moon"), (1, "Moon Blade")]
    assert index.autocomplete("moon", limit=0) == []


def test_autocomplete_shows_faces_and_dedupes_by_card() -> None:
    index = index_of(
        (1, "Pandora, Girl of the Box", "name"),
        (1, "Pandora of Light", "face"),
        (1, "Pandora of Dark", "face"),
        (2, "Pandora", "name"),
    )
    assert index.autocomplete("pandora") == [(2, "Pandora"), (1, "Pandora, Girl of the Box")]
    assert index.autocomplete("pandora of l")[0] == (1, "Pandora of Light")


@needs_data
def test_autocomplete_on_real_names(games: dict[str, Game]) -> None:
    fow = games["forceofwill"]
    names = [name for _, name in fow.index.autocomplete("grimm")]
    assert len(names) >= 15 and all(normalise_name(n).startswith("grimm ") for n in names[:10])
    assert fow.index.autocomplete("little red the wolf")[0][1] == "Little Red, the Wolf Girl"
    assert fow.index.autocomplete("aesop prince tutr")[0][1] == "Aesop, the Prince's Tutor"
    dm = games["duelmasters"]
    assert dm.index.autocomplete("ｂｏｌｓｈａｃｋ ｄｒａｇｏｎ")[0][1] == "Bolshack Dragon"


# properties ---------------------------------------------------------------------------------------

_PUNCTUATION = re.compile(r"[^\w\s]|_")
_LATIN_ACCENTS = re.compile("[\u0300-\u036f]")


def _mutate(name: str, data: st.DataObject) -> str:
    """The name as someone might type it: random case, accents and punctuation maybe dropped."""
    flips = data.draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
    text = "".join(ch.swapcase() if flip else ch for ch, flip in zip(name, flips, strict=True))
    if data.draw(st.booleans()):
        text = unicodedata.normalize("NFC", _LATIN_ACCENTS.sub("", unicodedata.normalize("NFD", text)))
    punctuation = data.draw(st.sampled_from(["keep", "drop", "space"]))
    if punctuation != "keep":
        text = _PUNCTUATION.sub("" if punctuation == "drop" else " ", text)
    return text


@needs_data
@PROPERTY
@given(data=st.data())
def test_a_name_typed_loosely_resolves_to_its_card(games: dict[str, Game], data: st.DataObject) -> None:
    game = games[data.draw(st.sampled_from(["forceofwill", "duelmasters", "vanguard", "gateruler"]))]
    entry = data.draw(st.sampled_from(game.typeable))
    own = game.identity(entry.key)
    typed = _mutate(entry.name, data)
    norm = normalise_name(typed)
    assert norm.replace(" ", "") == normalise_name(entry.name).replace(" ", "")
    sharing = game.by_norm.get(norm) or game.by_compact[norm.replace(" ", "")]
    result = game.index.resolve(typed)
    compact = norm.replace(" ", "")
    owners = {
        i
        for i in sharing
        if (i if game.by_norm.get(norm) else i.replace(" ", ""))
        == (norm if game.by_norm.get(norm) else compact)
    }
    if len(sharing) > 1 and len(owners) == 1:
        # a card's own name, also another card's face: the card whose own name it is
        assert result.status == "exact", (typed, result)
        assert game.identity(result.key) in owners
        assert {game.identity(key) for key, _ in result.shared_with} <= sharing - owners
    elif len(sharing) == 1:
        # Its own card; or, when punctuation made it another card's name ("The Re:d" -> "The Red"),
        # that card.
        assert result.status == "exact", (typed, result)
        assert game.identity(result.key) in sharing
        assert own in sharing or norm != normalise_name(entry.name)
    else:
        assert result.status == "ambiguous", (typed, result)
        listed = {game.identity(key) for key, _, _ in result.candidates}
        assert listed <= sharing
        if own in sharing and len(sharing) <= MAX_CANDIDATES:
            assert own in listed


SMALL = index_of(
    "Grimm, the Fairy Tale Prince",
    "Nix",
    "Phoenix",
    "Göndul's Barrage",
    "U・S・A・TATAKI",
    "A∵A∵A∵",
    (1, "Grimm's Face", "face"),
    (2, "nicks", "alias"),
)


@PROPERTY
@given(text=st.text(max_size=300), limit=st.integers(min_value=-1, max_value=40))
def test_resolve_and_autocomplete_never_fail(text: str, limit: int) -> None:
    result = SMALL.resolve(text)
    assert result.status in {"exact", "alias", "prefix", "fuzzy", "ambiguous", "none"}
    assert (result.key is None) == (result.status in {"ambiguous", "none"})
    assert len(result.candidates) <= MAX_CANDIDATES
    suggestions = SMALL.autocomplete(text, limit)
    assert len(suggestions) <= max(limit, 0)
    assert len({key for key, _ in suggestions}) == len(suggestions)


@needs_data
@PROPERTY
@given(
    game=st.sampled_from(["forceofwill", "duelmasters"]),
    text=st.one_of(st.text(max_size=60), st.from_regex(r"[a-zA-Z' ,\-]{0,30}", fullmatch=True)),
    limit=st.integers(min_value=0, max_value=25),
)
def test_real_indexes_never_fail(games: dict[str, Game], game: str, text: str, limit: int) -> None:
    index = games[game].index
    result = index.resolve(text)
    assert len(result.candidates) <= MAX_CANDIDATES
    assert len({key for key, _, _ in result.candidates}) == len(result.candidates)
    suggestions = index.autocomplete(text, limit)
    assert len(suggestions) <= limit
    assert len({key for key, _ in suggestions}) == len(suggestions)
