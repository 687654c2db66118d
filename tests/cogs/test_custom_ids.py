"""Custom ids declared once (cogs/custom_ids.py): what an id is made from reads back the same, the match
components' templates are those of the ids older versions of the bot sent, and a bad declaration or
value is refused."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cogs.match.components as mc
from bot.render import limits
from cogs.custom_ids import CustomId

SENT_BY_OLDER_VERSIONS = {
    "mt:h:12": mc.BOARD_ID,
    "mt:r:12": mc.BOARD_ID,
    "mt:o:12:40:3": mc.OFFER_ID,
    "mt:o:12:40:3:f": mc.OFFER_ID,
    "mt:c:12:40:3:2": mc.CARD_ID,
    "mt:c:12:40:3:2:f": mc.CARD_ID,
    "mt:p:12:40:0": mc.PAGE_ID,
    "mt:a:12:40": mc.MORE_ID,
    "mt:x:12": mc.BACK_ID,
    "mt:s:12:40:3:": mc.CHOICE_ID,
    "mt:s:12:40:3:1.3_2:p1": mc.CHOICE_ID,
    "mt:q:12:40:3:1.3:2": mc.OPTIONS_ID,
    "mt:f:12:40:3:0a1b2c::5,_:d": mc.FORM_BUTTON_ID,
    "mt:f:12:40:3:0a1b2c:2:-": mc.FORM_BUTTON_ID,
    "mt:m:12:40:3:0:998877": mc.FORM_ID,
    "mc:a:7": mc.CHALLENGE_ID,
}


@pytest.mark.parametrize("custom_id", sorted(SENT_BY_OLDER_VERSIONS))
def test_ids_sent_by_older_versions_still_match_and_are_made_the_same(custom_id: str) -> None:
    declared = SENT_BY_OLDER_VERSIONS[custom_id]
    fields = declared.read(custom_id)
    assert fields is not None, declared.declaration
    assert re.fullmatch(declared.pattern, custom_id)
    flags = {name: True for name, value in fields.items() if value in (":f", ":d")}
    assert declared.make(**{**fields, **flags}) == custom_id


def test_no_two_match_ids_match_the_same_id() -> None:
    for custom_id, declared in SENT_BY_OLDER_VERSIONS.items():
        others = [
            other.declaration for other in mc.CUSTOM_IDS if other is not declared and other.read(custom_id)
        ]
        assert not others, (custom_id, others)


def _values(declared: CustomId) -> st.SearchStrategy[dict[str, object]]:
    """Values for each field of ``declared``: whole numbers, text its regex takes, flags, and None for
    an optional part left out."""
    strategies: dict[str, st.SearchStrategy[object]] = {}
    for name, regex, kind in declared.fields:
        value: st.SearchStrategy[object]
        if kind == "flag":
            value = st.booleans()
        elif regex == r"\d+":
            value = st.integers(min_value=0, max_value=10**12)
        else:
            value = st.from_regex(f"(?:{regex})", fullmatch=True).filter(lambda text: len(text) < 30)
        strategies[name] = st.none() | value if kind == "optional" else value
    return st.fixed_dictionaries(strategies)


@given(data=st.data())
def test_what_an_id_is_made_from_reads_back(data: st.DataObject) -> None:
    declared = data.draw(st.sampled_from(mc.CUSTOM_IDS))
    values = data.draw(_values(declared))
    made = declared.make(**values)
    read = declared.read(made)
    assert read is not None and len(made) <= limits.CUSTOM_ID
    for name, value in values.items():
        if value is None or value is False:
            assert name not in read, (made, name)
        elif value is True:
            assert name in read, (made, name)
        else:
            assert read[name] == str(value), (made, name)


def test_a_bad_declaration_or_value_is_refused() -> None:
    with pytest.raises(ValueError, match="named twice"):
        CustomId("x:{a}:{a}")
    with pytest.raises(ValueError, match="one field"):
        CustomId("x:{a}[:{b}:{c}]")
    with pytest.raises(ValueError, match="not a custom id"):
        mc.OFFER_ID.make(match="seven", version=1, n=1)
    with pytest.raises(ValueError, match="not a custom id"):
        mc.CHOICE_ID.make(match=1, version=1, n=1, chosen="9" * 120)
