"""Force of Will decklists: sections and deck construction rules with exact numbers (402-404)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.model import CardRecord
from engine.decks import DeckError, check_deck, deck_format, parse_decklist
from engine.match.games.forceofwill import SPEC, stats_from_record
from engine.match.games.forceofwill.spec import Cost, card_cost, judgment_cost
from engine.match.setup import new_match
from engine.match.state import CardRef
from tests.property_costs import SERVICE


def _list(
    main: int = 40, stones: int = 10, side: int = 5, ruler: str = "Ruler: Faria, the Sacred Queen"
) -> str:
    lines = [ruler, "Main deck"]
    lines += [f"4 Knight {n:02d}" for n in range(main // 4)] + ([f"{main % 4} Knight 99"] if main % 4 else [])
    lines += ["Magic stone deck", f"{stones} Light Magic Stone", "Sideboard"] + [
        f"1 Spare {n:02d}" for n in range(side)
    ]
    return "\n".join(lines)


def test_sections_and_zones() -> None:
    deck = parse_decklist("fow", _list())
    assert deck.count("ruler") == 1 and deck.count("main") == 40
    assert deck.count("stones") == 10 and deck.count("sideboard") == 5
    zones = deck_format("forceofwill").zones(deck)
    assert set(zones) == {"ruler_area", "deck", "stone_deck"}
    state = new_match(SPEC, ("A", "B"), [zones, zones], bytes(32))
    assert len(state.zone("hand", 0)) == 5


def test_a_legal_deck_counts_only() -> None:
    report = check_deck("forceofwill", parse_decklist("forceofwill", _list()))
    assert report.ok, report.problems
    assert any("402.3" in item for item in report.unchecked)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (_list(main=39), "The main deck needs 40 to 60 cards (402.3a); it has 39 cards."),
        (_list(main=61), "The main deck needs 40 to 60 cards (402.3a); it has 61 cards."),
        (_list(stones=9), "The magic stone deck needs 10 to 20 cards (402.4a); it has 9 cards."),
        (_list(stones=21), "The magic stone deck needs 10 to 20 cards (402.4a); it has 21 cards."),
        (_list(side=16), "The sideboard needs 1 to 15 cards (403.1a); it has 16 cards."),
        (_list(ruler="Main deck"), "The ruler needs exactly 1 card (402.2); it has 0 cards."),
    ],
)
def test_sizes(text: str, problem: str) -> None:
    report = check_deck("forceofwill", parse_decklist("forceofwill", text))
    assert problem in report.problems


def test_copy_limits_402_3b_402_4b_404() -> None:
    text = _list() + "\n2 Knight 00"  # 4 in the main deck + 2 in the sideboard
    text = text.replace("10 Light Magic Stone", "5 Light Magic Stone\n5 Little Red, the Pure Stone")
    report = check_deck("forceofwill", parse_decklist("forceofwill", text))
    assert "6 copies of Knight 00: at most 4 of a card (402.3b, 404.1)." in report.problems
    assert (
        "5 copies of Little Red, the Pure Stone: at most 4 of a card (402.4c, 404.2)." not in report.problems
    )
    assert any("Little Red, the Pure Stone is a basic magic stone" in u for u in report.unchecked)
    side_ruler = _list() + "\n1 Faria, the Sacred Queen"
    report = check_deck("forceofwill", parse_decklist("forceofwill", side_ruler))
    assert any("(404.3)" in p for p in report.problems)


def _record(name: str, types: list[str], **stats: object) -> CardRecord:
    return CardRecord(
        game="forceofwill", code=f"X-{abs(hash(name)) % 999}", name=name, types=types, stats=stats
    )


def test_with_card_data_types_402_2_402_3_402_4() -> None:
    records = {
        "Faria, the Sacred Queen": _record("Faria, the Sacred Queen", ["Ruler"]),
        "Light Magic Stone": _record("Light Magic Stone", ["Basic Magic Stone"]),
        "Little Red, the Pure Stone": _record("Little Red, the Pure Stone", ["Special Magic Stone"]),
    }
    for n in range(5):
        records[f"Spare {n:02d}"] = _record(f"Spare {n:02d}", ["Chant"])
    for n in range(10):
        records[f"Knight {n:02d}"] = _record(f"Knight {n:02d}", ["Resonator"], atk=500, defense=500)
    text = _list().replace("10 Light Magic Stone", "5 Light Magic Stone\n5 Little Red, the Pure Stone")
    report = check_deck("forceofwill", parse_decklist("forceofwill", text), records.get)
    assert report.problems == ["5 copies of Little Red, the Pure Stone: at most 4 of a card (402.4c, 404.2)."]
    bad = (
        _list().replace("4 Knight 00", "4 Light Magic Stone").replace("Ruler: Faria", "Ruler: Knight 01\n//")
    )
    report = check_deck("forceofwill", parse_decklist("forceofwill", bad), records.get)
    assert "Knight 01 is not a ruler (402.2, line 1)." in report.problems
    assert any(p.startswith("Light Magic Stone can't be in the main deck") for p in report.problems)


def test_parse_errors_name_the_line() -> None:
    with pytest.raises(DeckError, match=r'^Line 2: "G deck" is not a section'):
        parse_decklist("forceofwill", "Ruler: X\nG deck:\n4 Knight")
    with pytest.raises(DeckError, match=r'^Line 2: "Sideboad" is not a section.*did you mean "Sideboard"'):
        parse_decklist("forceofwill", "Ruler: X\nSideboad:\n4 Knight")


def test_stats_from_record() -> None:
    record = CardRecord(
        game="forceofwill",
        code="TTW-001",
        name="Pricia",
        types=["Resonator"],
        cost="{G}{1}",
        cost_value=2,
        stats={"atk": 600, "defense": 400, "attribute": ["Wind"]},
        keywords=["Flying", "Swiftness"],
    )
    assert dict(stats_from_record(record)) == {
        "type": "resonator",
        "atk": 600,
        "def": 400,
        "attribute": "wind",
        "cost": 2,
        "printed_cost": "{G}{1}",
        "flying": 1,
        "swiftness": 1,
    }


def test_stats_from_record_keep_the_costs_204_1() -> None:
    """204.1d: the printed cost (specified and free) and a ruler's [Judgment] cost from its text, with
    [Pierce] (1103) among the keywords."""
    ruler = CardRecord(
        game="forceofwill",
        code="TTW-002",
        name="Faria, the Sacred Queen",
        types=["Ruler"],
        stats={"attribute": ["Light"]},
        text="[Judgment] {W}{W}{1}",
        keywords=["Judgment"],
    )
    stats = dict(stats_from_record(ruler))
    assert stats["judgment_cost"] == "{W}{W}{1}"
    assert judgment_cost(CardRef("Faria", "TTW-002", tuple(sorted(stats.items())))) == Cost(
        ("light", "light"), 1, False, "{W}{W}{1}"
    )
    lancer = CardRecord(
        game="forceofwill",
        code="TTW-003",
        name="Lancer",
        types=["Resonator"],
        cost="{R}{R}{X}",
        cost_value=2,
        keywords=["Pierce"],
    )
    stats = dict(stats_from_record(lancer))
    assert stats["pierce"] == 1
    ref = CardRef("Lancer", "TTW-003", tuple(sorted(stats.items())))
    assert card_cost(ref) == Cost(("fire", "fire"), 0, True, "{R}{R}{X}")


@settings(SERVICE)
@given(main=st.integers(30, 70), stones=st.integers(5, 25), side=st.integers(0, 20))
def test_size_rules_hold_exactly(main: int, stones: int, side: int) -> None:
    """402.3a, 402.4a, 403.1a: a deck is legal by counts exactly when each pile is within its range."""
    report = check_deck("forceofwill", parse_decklist("forceofwill", _list(main, stones, side)))
    assert report.ok == (40 <= main <= 60 and 10 <= stones <= 20 and 1 <= side <= 15)


def test_starting_ruler_is_neither_basic_nor_arcana_402_2() -> None:
    """402.2: players cannot choose a ruler with the Arcana race or the "basic" general type as their
    starting ruler (checked with card data)."""
    for name, types, race in (
        ("Plain Ruler", ["Basic Ruler"], []),
        ("Arcana Ruler", ["Ruler"], ["Arcana"]),
    ):
        records = {name: _record(name, types, race=race)}
        text = _list(ruler=f"Ruler: {name}")
        report = check_deck("forceofwill", parse_decklist("forceofwill", text), records.get)
        assert (
            f"{name} can't be the starting ruler: no basic rulers and no Arcana (402.2, line 1)."
            in report.problems
        )
    records = {"Faria": _record("Faria", ["Ruler"], race=["Human"])}
    report = check_deck(
        "forceofwill", parse_decklist("forceofwill", _list(ruler="Ruler: Faria")), records.get
    )
    assert not any("starting ruler" in p for p in report.problems)


def test_basic_magic_stones_in_the_sideboard_are_free_402_4b() -> None:
    """402.4b: any number of a basic magic stone, also in the sideboard (404.2 counts the sideboard's
    stones with the magic stone deck, not with the main deck's 402.3b limit); a non-basic stone there
    keeps the four-copies limit (402.4c)."""
    for extra in ("5 Light Magic Stone", "5 Fire Magic Stone"):
        report = check_deck("forceofwill", parse_decklist("forceofwill", _list(side=1) + f"\n{extra}"))
        assert report.ok, report.problems
    records = {
        "Fire Magic Stone": _record(
            "Fire Magic Stone", ["Magic Stone", "Basic Magic Stone", "Fire Magic Stone"]
        ),
        "Little Red, the Pure Stone": _record("Little Red, the Pure Stone", ["Special Magic Stone"]),
    }
    text = _list(side=1) + "\n5 Fire Magic Stone\n5 Little Red, the Pure Stone"
    report = check_deck("forceofwill", parse_decklist("forceofwill", text), records.get)
    assert report.problems == ["5 copies of Little Red, the Pure Stone: at most 4 of a card (402.4c, 404.2)."]


def test_a_resonator_with_a_magic_stone_type_is_not_a_magic_stone_202_4_402_3() -> None:
    """202.4: "Fire Magic Stone" is a magic stone type, which a resonator may have; it stays a
    resonator (202.2), so it belongs in the main deck (402.3), not in the magic stone deck (402.4)."""
    soldier = _record("Fiery Soldier of Milest", ["Resonator", "Fire Magic Stone"], atk=400, defense=400)
    records = {"Fiery Soldier of Milest": soldier}
    main = _list().replace("4 Knight 00", "4 Fiery Soldier of Milest")
    report = check_deck("forceofwill", parse_decklist("forceofwill", main), records.get)
    assert not any("Fiery Soldier" in p for p in report.problems), report.problems
    stones = _list().replace("10 Light Magic Stone", "6 Light Magic Stone\n4 Fiery Soldier of Milest")
    report = check_deck("forceofwill", parse_decklist("forceofwill", stones), records.get)
    assert "Fiery Soldier of Milest is not a magic stone (402.4, line 15)." in report.problems
    assert dict(stats_from_record(soldier))["type"] == "resonator"
