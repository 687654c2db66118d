"""An offer's forms on Discord (cogs/match/forms.py): fields five a form with the text last, numbers
checked as typed, the numbers of earlier forms carried in a button's custom id and read back exactly
(anything else read back is refused, never half-read), an offer's fingerprint stable across processes,
and every offer the four games make fits its buttons within Discord's 100 characters."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render import limits
from cogs.match.components import Draft
from cogs.match.forms import (
    FIELDS_PER_FORM,
    FormNeed,
    as_typed,
    carried,
    carry,
    fingerprint,
    first_field,
    form_needs,
    form_pages,
    missing,
    page_after,
    read_form,
)
from engine.errors import ArbiterError
from engine.match.actions import CardAt, ZoneRef
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.games.gateruler.simulate import random_deck
from engine.match.offers import AtLeast, CardsNeed, NumberNeed, Offer, PickNeed, TextNeed, offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed

ROOT = Path(__file__).resolve().parents[3]


@st.composite
def number_needs(draw: st.DrawFn, most: int = 15) -> list[NumberNeed]:
    count = draw(st.integers(min_value=0, max_value=most))
    out = []
    for n in range(count):
        low = draw(st.integers(min_value=-(10**6), max_value=10**6))
        high = draw(st.integers(min_value=low, max_value=low + 10**6))
        out.append(NumberNeed(f"f{n}", low, high, optional=draw(st.booleans()), label=f"field {n}"))
    return out


@st.composite
def needs_with_values(draw: st.DrawFn) -> tuple[list[NumberNeed], dict[str, int | None]]:
    needs = draw(number_needs())
    values: dict[str, int | None] = {}
    for need in needs:
        empty = need.optional and draw(st.booleans())
        values[need.field] = None if empty else draw(st.integers(min_value=need.low, max_value=need.high))
    return needs, values


@given(needs_with_values(), st.data())
def test_the_numbers_carried_are_read_back_exactly_from_any_form_boundary(
    case: tuple[list[NumberNeed], dict[str, int | None]], data: st.DataObject
) -> None:
    needs, values = case
    kept = data.draw(st.integers(min_value=0, max_value=len(needs)))
    first = {need.field: values[need.field] for need in needs[:kept]}
    text = carry(list(first.values()))
    assert carried(needs, text) == first
    assert set(text) <= set("0123456789,_-")


@given(number_needs(most=8), st.text(alphabet="0123456789,_-a ", max_size=60))
def test_anything_else_read_back_is_refused_or_holds_only_valid_numbers(
    needs: list[NumberNeed], text: str
) -> None:
    read = carried(needs, text)
    if read is None:
        return
    assert list(read) == [need.field for need in needs[: len(read)]]
    for need in needs[: len(read)]:
        assert need.valid(read[need.field])


def test_out_of_date_carried_numbers_are_refused() -> None:
    needs = [NumberNeed("life", 1, 999), NumberNeed("drive", 0, 999, optional=True), TextNeed("why", 50)]
    assert carried(needs, "7,_") == {"life": 7, "drive": None}
    assert carried(needs, "_,3") is None, "a required number left empty"
    assert carried(needs, "7,") is None and carried(needs, ",") is None
    assert carried(needs, "0") is None, "out of its range"
    assert carried(needs, "7,1,x") is None, "a text is never carried"
    assert carried(needs, "7,1,2,3") is None, "more than the offer asks"
    assert carried(needs, "07x") is None and carried(needs, "") == {}


@given(st.lists(st.sampled_from(["n", "t"]), max_size=14))
def test_fields_go_five_a_form_in_order_with_the_text_in_the_last(kinds: list[str]) -> None:
    needs: list[FormNeed] = [
        NumberNeed(f"f{i}", 0, 9) if kind == "n" else TextNeed(f"f{i}", 40) for i, kind in enumerate(kinds)
    ]
    offer = Offer("note", "Note", needs=(PickNeed("p", (1, 2)), *needs))
    pages = form_pages(offer)
    flat = [need for page in pages for need in page]
    assert flat == form_needs(offer) and sorted(n.field for n in flat) == sorted(n.field for n in needs)
    assert all(1 <= len(page) <= FIELDS_PER_FORM for page in pages)
    if len(needs) <= FIELDS_PER_FORM:
        assert flat == needs and len(pages) == (1 if needs else 0)
    else:
        kinds_in_order = ["t" if isinstance(need, TextNeed) else "n" for need in flat]
        assert kinds_in_order == sorted(kinds_in_order), "numbers first, text last"
        if kinds.count("t") <= FIELDS_PER_FORM:
            carried_pages = [need for page in pages[:-1] for need in page]
            assert all(isinstance(need, NumberNeed) for need in carried_pages), "only numbers are carried"
    for page in range(len(pages)):
        assert page_after(pages, first_field(pages, page)) == page
    assert page_after(pages, len(flat)) is None


def test_a_form_reads_whole_numbers_in_range_and_says_what_to_type_otherwise() -> None:
    needs: list[FormNeed] = [
        NumberNeed("summon_cap", -1, 999, label="summon cap"),
        NumberNeed("drive", 0, 999, optional=True, label="cards driven"),
        TextNeed("because", 80, label="reason"),
    ]
    assert read_form(needs, {"summon_cap": " -1 ", "drive": "", "because": "an effect"}) == {
        "summon_cap": -1,
        "drive": None,
        "because": "an effect",
    }
    for typed, said in [
        ("two", "Type a whole number from -1 to 999 for the summon cap, not 'two'."),
        ("-2", "Type a whole number from -1 to 999 for the summon cap, not '-2'."),
        ("1000", "Type a whole number from -1 to 999 for the summon cap, not '1000'."),
        ("", "Type a whole number from -1 to 999 for the summon cap."),
    ]:
        with pytest.raises(ArbiterError) as refused:
            read_form(needs, {"summon_cap": typed})
        assert str(refused.value) == said
    assert as_typed({"summon_cap": 2, "drive": None}) == {"summon_cap": "2"}
    offer = Offer("x", "X", needs=tuple(needs))
    assert [need.field for need in missing(offer, {"drive": 3})] == ["summon_cap", "because"]
    assert missing(offer, {"summon_cap": 0, "because": "why"}) == []


OFFER = Offer(
    "dm_cast",
    "Cast",
    fixed=(("card", CardAt(zone="hand", player=0, index=2)),),
    needs=(
        CardsNeed(
            "mana",
            (CardAt(zone="mana", player=0, index=0), CardAt(zone="mana", player=0, index=1)),
            at_least=(AtLeast(frozenset({CardAt(zone="mana", player=0, index=1)}), 1, "water"),),
        ),
        PickNeed("to", (ZoneRef(zone="battle", player=0), ZoneRef(zone="graveyard", player=0))),
        NumberNeed("power", 0, 99999, optional=True),
    ),
)


def test_an_offers_fingerprint_names_what_it_is_and_asks() -> None:
    assert len(fingerprint(OFFER)) == 6 and fingerprint(OFFER) == fingerprint(Offer(**OFFER.__dict__))
    assert fingerprint(OFFER) != fingerprint(Offer(**{**OFFER.__dict__, "label": "Cast it"}))
    other_range = (*OFFER.needs[:2], NumberNeed("power", 0, 9999, optional=True))
    assert fingerprint(OFFER) != fingerprint(Offer(**{**OFFER.__dict__, "needs": other_range}))


def test_an_offers_fingerprint_is_the_same_in_another_process() -> None:
    """A button pressed after a restart finds its offer again: no hash of a set or a string in it."""
    code = "from tests.cogs.match.test_offer_forms import OFFER; from cogs.match.forms import fingerprint; "
    code += "print(fingerprint(OFFER))"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    assert seen == {fingerprint(OFFER)}


def _worst(need: FormNeed) -> int:
    """The number with the most characters a field takes."""
    assert isinstance(need, NumberNeed)
    return max(need.low, need.high, key=lambda value: len(str(value)))


def _largest_button(offer: Offer) -> Draft:
    """The form button of ``offer`` with the longest custom id: the last form asked, every number
    before it as long as it can be, a match and a version with many digits, every menu choice made."""
    pages = form_pages(offer)
    before = [need for page in pages[:-1] for need in page]
    chosen = "_".join(
        ".".join(str(n) for n in range(len(need.options), len(need.options) - min(need.high, 3), -1))
        if isinstance(need, CardsNeed)
        else str(len(need.options))
        for need in offer.needs
        if isinstance(need, CardsNeed | PickNeed)
    )
    values: dict[str, int | None] = {need.field: _worst(need) for need in before}
    return Draft(9_999_999_999, 9_999_999, 99, fingerprint(offer), chosen, values, len(pages) - 1)


def test_the_ruler_numbers_of_a_ruler_without_any_fit_three_forms_and_their_buttons() -> None:
    """5-3b: a ruler whose card data gives no number at all (not even its life) asks for thirteen: three
    forms, the first two carried in a button within Discord's 100 characters."""
    decks = [random_deck(random.Random(2)) for _ in PLAYERS]
    bare = {**decks[0], "ruler": [decks[0]["ruler"][0]._replace(stats=(("type", "ruler"),))]}
    definition = game_definition("gateruler")
    state = new_match(definition.spec, PLAYERS, [bare, bare], game_seed(1, 1))
    entry = offers(state, 0)[0]
    assert entry.type == "gr_ruler" and [len(page) for page in form_pages(entry)] == [5, 5, 3]
    assert all(len(need.label) <= limits.TEXT_INPUT_LABEL for need in form_needs(entry))
    largest = _largest_button(entry)
    for done in (False, True):
        custom_id = largest.custom_id(done=done)
        assert custom_id is not None and len(custom_id) <= limits.CUSTOM_ID, custom_id


@pytest.mark.parametrize("game", ["gateruler", "forceofwill", "vanguard", "duelmasters"])
def test_every_offer_of_random_games_fits_its_form_buttons(game: str) -> None:
    """Whatever a game offers in random games (each seat's offers at every state of two games), the
    button to its last form, with the longest numbers, fits in a custom id."""
    definition = game_definition(game)
    forms = 0
    for number in (1, 2):
        rng = random.Random(f"forms:{game}:{number}")
        decks = [definition.random_deck(rng) for _ in PLAYERS]
        state = new_match(definition.spec, PLAYERS, decks, game_seed(7, number))
        for _ in range(300):
            if state.status != "playing":
                break
            for seat in (0, 1):
                for offer in offers(state, seat):
                    if form_needs(offer):
                        forms += 1
                        assert _largest_button(offer).custom_id(done=True) is not None, offer
            for action in definition.random_actions(state, rng):
                try:
                    state, _ = apply(state, action)
                except ActionRefused:
                    continue
                break
    assert forms, "the games offered forms"
