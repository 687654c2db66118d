"""An offer's numbers and text, typed in forms on Discord: five fields a form (Discord's limit for a
modal), in consecutive forms when an offer asks for more (Gate Ruler's ruler numbers the card data
lacks, 5-3b: up to thirteen).

Discord answers a form's submission with a message, never with another form, so a button between two
forms opens the next one. The numbers typed in the forms before ride in that button's custom id, which
keeps them through a restart and through the edits of the player's panel while they type. An offer's
fields are ordered so that only numbers are carried: when an offer needs more than one form, its text
fields come last, in the form that takes the action.

Pure functions, no Discord: an offer's forms (:func:`form_pages`; where each begins,
:func:`first_field` and :func:`page_after`), what was typed in one, checked
(:func:`read_form`), the values carried from form to form (:func:`carry`, :func:`carried`), the required
fields still empty (:func:`missing`), and a fingerprint that tells whether a newer panel still has the
same offer (:func:`fingerprint`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence

from bot.render import limits
from engine.errors import ArbiterError
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed, TextNeed

FIELDS_PER_FORM = limits.MODAL_FIELDS
FormNeed = NumberNeed | TextNeed
Value = int | str | None
"""What a field holds once typed: a number, a text, or None (left empty)."""

_NUMBER = re.compile(r"-?\d{1,10}")


def form_needs(offer: Offer) -> list[FormNeed]:
    """The fields an offer's forms ask for: in the offer's order, except that with more than one form's
    worth the numbers come first and the text last (only numbers are carried between forms)."""
    needs = [need for need in offer.needs if isinstance(need, NumberNeed | TextNeed)]
    if len(needs) <= FIELDS_PER_FORM:
        return needs
    return [n for n in needs if isinstance(n, NumberNeed)] + [n for n in needs if isinstance(n, TextNeed)]


def form_pages(offer: Offer) -> list[list[FormNeed]]:
    """An offer's forms, each of at most :data:`FIELDS_PER_FORM` fields (none when it asks for none):
    the numbers five a form, the text fields in the last form (one of their own when the numbers' last
    form has no room for them). Only an offer with more text fields than a form holds would have text
    before its last form; none does."""
    needs = form_needs(offer)
    if len(needs) <= FIELDS_PER_FORM:
        return [needs] if needs else []
    numbers = [need for need in needs if isinstance(need, NumberNeed)]
    texts = [need for need in needs if isinstance(need, TextNeed)]
    pages = _chunks(numbers)
    if texts and pages and len(pages[-1]) + len(texts) <= FIELDS_PER_FORM:
        pages[-1] = [*pages[-1], *texts]
    else:
        pages += _chunks(texts)
    return pages


def _chunks(needs: Sequence[FormNeed]) -> list[list[FormNeed]]:
    return [list(needs[first : first + FIELDS_PER_FORM]) for first in range(0, len(needs), FIELDS_PER_FORM)]


def first_field(pages: Sequence[Sequence[FormNeed]], page: int) -> int:
    """How many fields the forms before form ``page`` hold (the index of its first field)."""
    return sum(len(before) for before in pages[:page])


def page_after(pages: Sequence[Sequence[FormNeed]], count: int) -> int | None:
    """The form that comes after the first ``count`` fields, or None when ``count`` ends no form
    (or ends the last)."""
    for page in range(len(pages)):
        if first_field(pages, page) == count:
            return page
    return None


def read_form(needs: Sequence[FormNeed], typed: Mapping[str, str]) -> dict[str, Value]:
    """What was typed in one form, checked field by field: a number field takes a whole number in its
    range (it may stay empty only when optional), a text field any text. Raises :class:`ArbiterError`
    with one sentence naming the first field at fault and what it takes."""
    out: dict[str, Value] = {}
    for need in needs:
        text = typed.get(need.field, "").strip()
        if isinstance(need, TextNeed):
            out[need.field] = text or None
            continue
        if not text and need.optional:
            out[need.field] = None
            continue
        if not _NUMBER.fullmatch(text) or not need.low <= int(text) <= need.high:
            typed_instead = f", not '{text[:20]}'" if text else ""
            raise ArbiterError(
                f"Type a whole number from {need.low} to {need.high} for the {need.label}{typed_instead}."
            )
        out[need.field] = int(text)
    return out


EMPTY = "_"
"""How a field left empty is carried (so that no values, ``""``, and one empty field differ)."""


def carry(values: Sequence[int | None]) -> str:
    """Numbers typed in the forms filled so far, in form order, for a custom id: each in decimal,
    :data:`EMPTY` for a field left empty, separated by commas (``2,1,_,4,-1``). Texts are never carried
    (an offer's text fields are in its last form, :func:`form_needs`)."""
    return ",".join(EMPTY if value is None else str(value) for value in values)


def carried(needs: Sequence[FormNeed], text: str) -> dict[str, int | None] | None:
    """The values :func:`carry` wrote for the first fields of ``needs``, each checked as its form checks it;
    None when ``text`` is not such an encoding (an out-of-date or hand-made custom id)."""
    parts = text.split(",") if text else []
    if len(parts) > len(needs):
        return None
    out: dict[str, int | None] = {}
    for need, part in zip(needs, parts, strict=False):
        if not isinstance(need, NumberNeed):
            return None
        if part == EMPTY:
            if not need.optional:
                return None
            out[need.field] = None
        elif _NUMBER.fullmatch(part) and need.low <= int(part) <= need.high:
            out[need.field] = int(part)
        else:
            return None
    return out


def missing(offer: Offer, values: Mapping[str, Value]) -> list[FormNeed]:
    """The fields of the offer's forms that must be given and are not in ``values`` (or are empty)."""
    return [
        need
        for need in form_needs(offer)
        if values.get(need.field) is None and (isinstance(need, TextNeed) or not need.optional)
    ]


def as_typed(values: Mapping[str, Value]) -> dict[str, str]:
    """Form values as :func:`bot.actions.matches.parse_choices` reads typed choices (empty ones left out)."""
    return {field: str(value) for field, value in values.items() if value is not None}


def fingerprint(offer: Offer) -> str:
    """Six hex digits naming an offer by what it is and asks (its type, fixed choices, label, each need
    with its options or range): the same offer on a newer panel has the same fingerprint, so what was
    typed for it can be kept. Stable across processes (no hash of a set)."""
    parts: list[str] = [offer.key, offer.label]
    for need in offer.needs:
        if isinstance(need, NumberNeed):
            parts.append(f"n:{need.field}:{need.low}:{need.high}:{need.optional}")
        elif isinstance(need, TextNeed):
            parts.append(f"t:{need.field}:{need.max_length}")
        elif isinstance(need, PickNeed):
            parts.append(f"p:{need.field}:{need.options!r}")
        elif isinstance(need, CardsNeed):
            parts.append(f"c:{need.field}:{need.low}:{need.high}:{need.options!r}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:6]
