"""Tests of the Gate Ruler "Comprehensive Rules Update for Set 3" parser ("004").

Line numbers (``Lnnn``) are 1-based lines of ``data/rules/gateruler-set3-rules-update.txt``, as in the spec
``shared/games/gateruler.md`` (sections 1.2, 2.8 and 4.2).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules.errors import RulesParseError
from engine.rules.model import CardRuling, ParsedDocument, RuleRecord
from engine.rules.parsers import gateruler, gateruler_update
from engine.rules.parsers.gateruler_update import card_blocks, fix_text, parse, slug
from tests.property_costs import SERVICE

RULES_DIR = Path(__file__).resolve().parents[3] / "data" / "rules"
DOCUMENT = RULES_DIR / "gateruler-set3-rules-update.txt"
CR = RULES_DIR / "gateruler-comprehensive-rules-1.5.0.txt"


@cache
def raw() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


@cache
def raw_lines() -> tuple[str, ...]:
    return tuple(raw().split("\n"))


@cache
def document() -> ParsedDocument:
    return parse(raw())


@cache
def records() -> dict[str, RuleRecord]:
    return {record.rule_id: record for record in document().rules}


@cache
def rulings() -> dict[str, CardRuling]:
    return {ruling.key: ruling for ruling in document().rulings}


def of_kind(kind: str) -> list[CardRuling]:
    return [ruling for ruling in document().rulings if ruling.kind == kind]


def all_text() -> list[str]:
    texts = [t for r in document().rules for t in (r.text, *r.examples)]
    for ruling in document().rulings:
        texts += [ruling.text, ruling.card_name]
        texts += [ruling.old_text or "", ruling.new_text or "", ruling.reason or ""]
    return texts


# --------------------------------------------------------------------------------------------------
# Identity and headings (spec 1.2, 2.8)
# --------------------------------------------------------------------------------------------------


def test_module_identity_and_meta() -> None:
    assert gateruler_update.FORMAT == "gateruler-update"
    assert gateruler_update.PARSER_VERSION == 1
    meta = document().meta
    assert (meta.game, meta.kind) == ("gateruler", "update")
    assert meta.title == "Comprehensive Rules Update for Set 3"
    assert (meta.version, meta.date, meta.edition) == (None, None, None)


H2 = "update:new-rules-for-booster-set-vol-3"
CHANGES = "update:rules-changes"
EVENTS = "Events that Can Be Played Directly From a Hand"
DESTRUCTION = "Changes Regarding the Destruction Rules Effect"
HEADINGS = [
    # (line, id, title verbatim, parent)
    (5, H2, "New Rules for Booster Set Vol. 3", None),
    (6, "update:damage-reversal", "Damage Reversal", H2),
    (17, "update:discount", "Discount", H2),
    (25, "update:sentinel-summoning", "Sentinel Summoning", H2),
    (33, "update:deadly", "Deadly", H2),
    (42, "update:ability-names-with", "Ability Names with “<>”", H2),
    (52, "update:normal-summon-as-an-instant-action", "Normal Summon as an Instant Action", H2),
    (62, "update:events-that-can-be-played-directly-from-a-hand", EVENTS, H2),
    (70, "update:as-a-card-attacks", "“As (a Card) Attacks”", H2),
    (79, "update:clarification-on-choosing-targets", "Clarification on Choosing Targets", H2),
    (98, CHANGES, "Rules Changes", None),
    (99, "update:changes-regarding-the-destruction-rules-effect", DESTRUCTION, CHANGES),
    (109, "update:changes-regarding-damage-reduction", "Changes Regarding Damage Reduction", CHANGES),
    (114, "update:card-specific-clarifications", "Card Specific Clarifications", None),
    (301, "update:errata-card-list", "Errata Card List", None),
    (416, "update:updates-to-existing-rulers", "Updates to Existing Rulers", None),
]


def test_sixteen_headings_in_order_with_ids_titles_and_parents() -> None:
    rules = document().rules
    assert [(r.line, r.rule_id, r.title, r.parent_id) for r in rules] == HEADINGS
    assert [r.order for r in rules] == list(range(16))
    assert all(r.kind == "update" for r in rules)
    assert Counter(r.depth for r in rules) == {0: 5, 1: 11}
    for record in rules:
        assert record.section == (record.parent_id or record.rule_id)
        assert re.fullmatch(r"update:[a-z0-9]+(?:-[a-z0-9]+)*", record.rule_id)


def test_slugs_fold_curly_quotes_and_accents() -> None:
    assert slug("Ability Names with “<>”") == "ability-names-with"
    assert slug("“As (a Card) Attacks”") == "as-a-card-attacks"
    assert slug("Sword of Bruncvík") == "sword-of-bruncvik"
    assert slug("2. B - Berserker") == "2-b-berserker"


RELATED = {
    "update:damage-reversal": ["15-30", "3-13c"],
    "update:discount": ["16-20"],
    "update:sentinel-summoning": ["16-21"],
    "update:deadly": ["16-22", "13-2c"],
    "update:ability-names-with": ["14-1a-4a", "14-2c"],
    "update:normal-summon-as-an-instant-action": ["9-3e-4", "15-17", "4-3a-1b"],
    "update:events-that-can-be-played-directly-from-a-hand": ["14-20", "7-6"],
    "update:as-a-card-attacks": ["8-4h"],
    "update:clarification-on-choosing-targets": ["14-4b-4", "15-6b"],
    "update:changes-regarding-the-destruction-rules-effect": ["15-12", "16-12", "15-32"],
    "update:changes-regarding-damage-reduction": ["13-3c-1", "14-14e-1", "13-3d-2a"],
}


def test_topics_refer_to_comprehensive_rules_that_exist() -> None:
    cr_ids = {record.rule_id for record in gateruler.parse(CR.read_text(encoding="utf-8")).rules}
    for record in document().rules:
        assert record.references == RELATED.get(record.rule_id, [])
        assert set(record.references) <= cr_ids


# --------------------------------------------------------------------------------------------------
# Explanations and rulings of the headings
# --------------------------------------------------------------------------------------------------

EXPLANATIONS = {
    # id: (first words of each paragraph, number of rulings)
    "update:damage-reversal": (["Damage reversal is a game action"], 5),  # L11, L12-16
    "update:discount": (["Discount allows you to pay"], 2),  # L22, L23-24
    "update:sentinel-summoning": (["Sentinel Summoning allows you"], 2),  # L30, L31-32
    "update:deadly": (["Deadly is an automatic ability"], 4),  # L37, L38-41
    "update:ability-names-with": (['"<>" in the text of a card'], 1),  # L50, L51
    "update:normal-summon-as-an-instant-action": (["* All cards that say", "Some units in Vol. 3"], 3),
    "update:events-that-can-be-played-directly-from-a-hand": (["Normally, event cards"], 1),  # L68, L69
    "update:as-a-card-attacks": (['Abilities written as "as (a card) attacks"'], 2),  # L76, L77-78
    "update:clarification-on-choosing-targets": (["In Vol.3, there are a few", "When a card or ability"], 0),
    "update:changes-regarding-the-destruction-rules-effect": (
        ["As part of launching", "However, this change", "In addition, this rules change"],
        3,
    ),
    "update:changes-regarding-damage-reduction": (["In the previous rules", "This change has the"], 2),
}


@pytest.mark.parametrize(("rule_id", "expected"), list(EXPLANATIONS.items()))
def test_explanations_and_rulings_of_each_topic(rule_id: str, expected: tuple[list[str], int]) -> None:
    starts, count = expected
    record = records()[rule_id]
    paragraphs = record.text.split("\n")
    assert len(paragraphs) == len(starts)
    for paragraph, start in zip(paragraphs, starts, strict=True):
        assert paragraph.startswith(start), paragraph
    assert len(record.examples) == count


def test_card_text_stays_out_of_the_topic_records() -> None:
    for record in document().rules:
        for text in (record.text, *record.examples):
            assert "■" not in text and not text.startswith(("Timing:", "Discount:", "Setup:")), text
            assert not re.match(r"(?:\[ERRATA\] )?\[[^\]]+\] \([^)]+\)$", text), "a card header"
    assert (
        records()["update:deadly"]
        .examples[2]
        .endswith(
            "If a unit with Deadly could deal effect damage to another unit, that will not activate Deadly."
        )
    )  # L40 "Deadlycould"
    assert records()["update:deadly"].examples[3].startswith("This ability is activated at the end of combat")


def test_ruler_section_keeps_its_intro_and_closing_but_not_the_sign_off() -> None:
    text = records()["update:updates-to-existing-rulers"].text
    paragraphs = text.split("\n")
    assert [p.split()[0] for p in paragraphs] == ["The", "We", "We"]  # L417, L424, L425
    assert "Sincerely" not in text and "gametrade" not in text and "We thank you" not in text
    assert all(not r.text.startswith("As it was said") for r in document().rules)  # the intro L3-4


# --------------------------------------------------------------------------------------------------
# Card rulings, errata and ruler updates
# --------------------------------------------------------------------------------------------------


def test_ruling_errata_and_ruler_update_counts() -> None:
    assert Counter(r.kind for r in document().rulings) == {"ruling": 61, "errata": 21, "ruler-update": 5}
    assert len(rulings()) == len(document().rulings), "keys are unique"


def test_card_rulings_are_the_bullets_right_after_a_card_block() -> None:
    card_rulings = of_kind("ruling")
    assert {r.topic for r in card_rulings} == {"update:card-specific-clarifications"}
    assert all(115 <= r.line <= 300 for r in card_rulings)
    assert all(re.fullmatch(r"ruling:\d{4}G[BS]\d{2}-[0-9A-Za-z]+#\d+", r.key) for r in card_rulings)
    first = rulings()["ruling:2021GB03-L01a#1"]
    assert first.card_name == "4. D - Dreadnaught"
    assert first.codes == ["2021GB03-L01a", "2021GB03-L01b"]
    assert first.line == 120
    assert first.text.startswith('For an explanation on how "as (a card) attacks" works')
    assert rulings()["ruling:2021GB03-L01a#2"].line == 121
    assert "ruling:2021GB03-L01a#3" not in rulings()
    assert [r.line for r in card_rulings if r.codes[0] == "2021GB03-029"] == [167, 168, 169, 170]


def test_a_ruling_about_another_card_goes_to_that_card() -> None:
    # L225 is printed under [Rite of Ophidian Reincarnation] but rules on [Húlí of the Spider Lily] (L374).
    hulí = rulings()["ruling:2021GB03-060#1"]
    assert (hulí.card_name, hulí.line) == ("Húlí of the Spider Lily", 225)
    assert hulí.codes == ["2021GB03-060", "2021GB03-UR11"]
    rite = [r.line for r in of_kind("ruling") if r.codes[0] == "2021GB03-068"]
    assert rite == [226, 227]


def test_rulings_of_a_card_printed_twice_are_numbered_once() -> None:
    shinno = [r for r in of_kind("ruling") if r.codes[0] == "2021GB03-058"]  # blocks at L45 and L216
    assert [(r.key, r.line) for r in shinno] == [("ruling:2021GB03-058#1", 221)]


ERRATA_CODES = [
    "2020GB01-039", "2020GB01-056", "2020GB01-060", "2020GB01-066", "2020GS01-008", "2020GS02-003",
    "2021GB02-030", "2021GB03-016", "2021GB03-041", "2021GB03-047", "2021GB03-055", "2021GB03-057",
    "2021GB03-058", "2021GB03-060", "2021GB03-063", "2021GB03-068", "2021GB03-072", "2021GB03-073",
    "2021GB03-080", "2021GB03-109", "2021GB03-111",
]  # fmt: skip
WITH_UPDATED_TEXT = {
    "2021GB03-072", "2021GB03-058", "2021GB03-041", "2020GB01-060", "2021GB03-016", "2021GB03-055",
    "2021GB03-057", "2021GB03-068", "2021GB03-063", "2021GB03-073", "2021GB03-080", "2021GB03-109",
    "2021GB03-111",
}  # fmt: skip


def test_21_errata_with_old_new_and_reason() -> None:
    errata = of_kind("errata")
    assert [e.key for e in errata] == [f"errata:{code}" for code in ERRATA_CODES]
    assert all(e.old_text and e.new_text and e.reason and e.text for e in errata)
    assert {e.topic for e in errata} == {"update:errata-card-list"}
    reasons = Counter(e.reason.startswith("An errata was made") for e in errata if e.reason)
    assert reasons == {True: 13, False: 8}
    full = {e.codes[0] for e in errata if e.text != e.new_text}
    assert full == WITH_UPDATED_TEXT


def test_errata_fields_and_their_continuation_lines() -> None:
    flesh = rulings()["errata:2020GB01-060"]  # L312-318
    assert flesh.old_text == (
        "[Timing]: You can set this card. If set, you can play it when an allied unit is dealt damage.\n"
        "■Choose 1 allied unit. It heals HP equal to the amount of damage dealt to it."
    )
    assert flesh.new_text is not None and flesh.new_text.endswith("deals 0 damage to that unit.")
    assert flesh.text.startswith("Timing: This can be set.")  # the full updated text of L103-104
    megidos = rulings()["errata:2021GB03-109"]  # New: continues on L407-408 with "-Option" modes
    assert megidos.new_text is not None and megidos.new_text.split("\n")[1:] == [
        "-Your opponent discards 2 cards from their hand.",
        "-Choose 1 enemy card in play and destroy it.",
    ]
    assert len(megidos.text.split("\n")) == 6  # Updated Text block L283-288
    assert megidos.codes == ["2021GB03-109", "2021GB03-LUR05"]
    shinno = rulings()["errata:2021GB03-058"]
    assert shinno.reason is not None
    assert shinno.reason.startswith("Adds a new format for referring to any ability")  # L372
    assert "lost during translation. Also, an errata was made" in shinno.reason  # L372 + L373
    oni = rulings()["errata:2021GB03-055"]
    assert oni.text.split("\n")[:3] == [
        "[CNT]: Put this into play. Your opponent gains control of it.",
        "Forced Reveal",
        "Triple Attack",
    ]


def test_five_ruler_updates() -> None:
    updates = of_kind("ruler-update")
    assert [(u.key, u.card_name, u.line) for u in updates] == [
        ("ruler-update:2-b-berserker", "2. B - Berserker", 418),
        ("ruler-update:8-h-highlander", "8. H - Highlander", 419),
        ("ruler-update:11-k-knight", "11. K - Knight", 420),
        ("ruler-update:12-l-legion", "12. L - Legion", 421),
        ("ruler-update:23-w-wizard", "23. W - Wizard", 422),
    ]
    assert updates[0].text == "Deck level cap has been increased from 80 to 120."
    wizard = updates[-1]  # L423 "Updated text:" with a lowercase t
    assert wizard.new_text is not None
    assert wizard.new_text.startswith('■"Resource Channeling": At the end of your turn')
    assert wizard.text.endswith(wizard.new_text)
    assert all(u.new_text is None for u in updates[:-1])


# --------------------------------------------------------------------------------------------------
# Card blocks: deduplicated by code
# --------------------------------------------------------------------------------------------------


def test_card_blocks_are_deduplicated_by_code() -> None:
    blocks = card_blocks(raw())
    codes = [b.codes[0] for b in blocks]
    assert len(codes) == len(set(codes)) == 39
    by_code = {b.codes[0]: b for b in blocks}
    assert by_code["2021GB03-002"].lines == (7, 26)  # Vabelcion, the Battle-Forged
    assert by_code["2021GB03-L01a"].lines == (71, 115)  # 4. D - Dreadnaught
    assert by_code["2021GB03-051"].lines == (63, 181)  # Sword of Bruncvík
    assert by_code["2021GB03-058"].lines == (45, 216)  # Shinno Akugoro
    vabelcion = by_code["2021GB03-002"]
    assert vabelcion.name == "Vabelcion, the Battle-Forged"
    assert vabelcion.text.split("\n") == [
        "Discount: If you're playing this from your hand, you may [Put 1 card from your hand on the bottom"
        " of your deck.] to instead pay a cost of 2 to play this.",
        "Sentinel Summoning (Instant Action: If it's currently your opponent's turn, normal summon this.)",
        '■"Göndul\'s Barrage" - Standard Action: [DR 3] Choose 1 enemy card in play and put it into the'
        " graveyard.",
    ]
    assert Counter(b.errata for b in blocks) == {False: 26, True: 13}
    assert by_code["2021GB03-L01a"].text.split("\n")[2] == (
        "Treat all cards you play as if you paid the cost for them. You cannot have a hand."
    )  # ruler text without a label (L74)
    assert by_code["2021GB03-066"].text.startswith("Concealment (You may set")  # L238 "Concealment(You"


# --------------------------------------------------------------------------------------------------
# Glyphs and quotes (spec 2.8)
# --------------------------------------------------------------------------------------------------


def test_no_glyph_artifacts_or_curly_quotes_are_left() -> None:
    for text in all_text():
        assert "¦" not in text
        icon = r"\?(?:OD|CNT|TD|Turn 1|Timing|Intercept|Defender|DR 3|Abyssal \w+|<?Hundred)"
        assert not re.search(icon, text), text
        assert not set(text) & set("“”’‘"), text
    assert any("■" in text for text in all_text())


def test_icons_become_bracketed_tokens() -> None:
    zetsuya = rulings()["errata:2021GB03-063"]
    # L230 "Choose 1?OD? or ?TD? ability"
    assert zetsuya.text.endswith("■Instant Action: [DR 3] Choose 1 [OD] or [TD] ability and negate it.")
    assert zetsuya.old_text == "■Instant Action: [DR 3] Negate an [OD] or [TD] ability."  # L380 "[?DR 3?]"
    assert rulings()["errata:2020GS01-008"].new_text == (
        "■Choose 1 allied unit. Until the end of this combat, it gains [Intercept]."
    )
    assert rulings()["errata:2021GB03-072"].new_text == (
        "■This is treated as being level 0 for [<Hundred Yokai March>]."
    )
    cheshire = rulings()["errata:2021GB03-041"]
    assert cheshire.text.split("\n")[1].startswith("[TD] Choose 1 allied unit.")  # L55 "TD - "


def test_you_feel_lucky_punk_keeps_its_question_mark() -> None:
    saburo = rulings()["errata:2021GB03-073"]
    expected = '■"You feel lucky, punk?" - [Turn 1] - Standard Action:'
    assert saburo.old_text is not None and saburo.old_text.startswith(expected)  # L395
    assert saburo.new_text is not None and saburo.new_text.startswith(expected)  # L396
    assert expected in saburo.text  # L247
    assert saburo.card_name == "Saburo of the Kamaitachi"
    assert rulings()["ruling:2021GB03-073#1"].text.endswith('play the "You feel lucky, punk?" ability.')


def test_fix_text_uses_a_whitelist_not_a_generic_pattern() -> None:
    assert fix_text("¦Is it?OD?") == "■Is it [OD]"
    assert fix_text("Really? Yes? ?TD?") == "Really? Yes? [TD]"
    assert fix_text("?Unknown Icon?") == "?Unknown Icon?"
    assert fix_text("“Quoted” isn’t") == '"Quoted" isn\'t'


# --------------------------------------------------------------------------------------------------
# Keywords
# --------------------------------------------------------------------------------------------------


def test_mechanic_headings_are_keywords() -> None:
    keywords = {k.name: k for k in document().keywords}
    assert set(keywords) == {"Damage Reversal", "Discount", "Sentinel Summoning", "Deadly"}
    assert keywords["Deadly"].rule_id == "update:deadly"
    assert keywords["Damage Reversal"].aliases == ["DR"]
    assert all(k.rule_id in records() for k in keywords.values())


# --------------------------------------------------------------------------------------------------
# Errors and robustness
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("Gateruler Comprehensive Rules Ver. 1.5.0 English-1.0", "is not the title"),
        ("Comprehensive Rules Update for Set 3\nRules\nNothing here.", "None of the headings"),
    ],
)
def test_text_of_another_format_is_refused(text: str, message: str) -> None:
    with pytest.raises(RulesParseError, match=re.escape(message)):
        parse(text)


def test_parse_is_deterministic_and_windows_safe() -> None:
    assert parse(raw().replace("\n", "\r\n")) == document()


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow])
@given(st.sets(st.integers(min_value=0, max_value=430), max_size=120))
def test_deleting_random_lines_never_breaks_the_parser(deleted: set[int]) -> None:
    text = "\n".join(line for index, line in enumerate(raw_lines()) if index not in deleted)
    try:
        parsed = parse(text)
    except RulesParseError:
        return
    ids = [record.rule_id for record in parsed.rules]
    assert len(ids) == len(set(ids))
    assert len({ruling.key for ruling in parsed.rulings}) == len(parsed.rulings)
