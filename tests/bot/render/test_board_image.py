"""The board picture (bot.render.board_image): real matches of the four games drawn from the spectator's
view, a valid PNG of the expected size under 300 KB; the picture depends only on the view; rested cards
are drawn turned; every zone has a place; and a property test that no view breaks it."""

from __future__ import annotations

import copy
import io
import itertools
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from bot.render.board_image import WIDTH, board_image, board_png
from bot.render.board_image.page import DIVIDER_H, HEADER_H, MARGIN, ROW_H, STRIP_H
from bot.render.board_image.tiles import FACE, TILE_H, TILE_W
from bot.render.games import RENDERS
from engine.match.actions import BaseAction
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import load_definitions
from engine.match.indistinguishability import origins, twin
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import CardRef, MatchState
from engine.match.view import view
from tests.property_costs import SERVICE

GAMES = ("gateruler", "forceofwill", "vanguard", "duelmasters")
LIMIT = 300 * 1024
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@cache
def played(
    game: str, seed: int, actions: int
) -> tuple[MatchState, tuple[Mapping[str, Sequence[CardRef]], ...]]:
    """A match of ``game`` after ``actions`` accepted actions of the game's random players (as
    engine.match.simulate plays them), or at its end; and the decks it started from."""
    definition = load_definitions()[game]
    rng = random.Random(f"board-image:{game}:{seed}")
    decks = tuple(definition.random_deck(rng) for _ in PLAYERS)
    state = new_match(definition.spec, PLAYERS, decks, game_seed(seed, 1))
    accepted: list[BaseAction] = []
    while state.status == "playing" and len(accepted) < actions:
        for action in definition.random_actions(state, rng):
            try:
                state, _ = apply(state, action)
            except ActionRefused:
                continue
            accepted.append(action)
            break
    return state, decks


def expected_height(game: str) -> int:
    layout = RENDERS[game].board
    middle = ROW_H if layout.middle else DIVIDER_H
    return HEADER_H + 2 * (STRIP_H + layout.rows * ROW_H) + middle + MARGIN


def opened(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


# Real matches ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("actions", [0, 25, 400])
def test_a_real_match_is_a_png_of_the_layout_size_under_300_kb(game: str, actions: int) -> None:
    state, _ = played(game, 7, actions)
    data = board_png(view(state, None))
    assert len(data) < LIMIT
    assert opened(data).size == (WIDTH, expected_height(game))


@pytest.mark.parametrize("game", GAMES)
def test_every_zone_of_the_game_has_a_place_in_its_table(game: str) -> None:
    layout = RENDERS[game].board
    placed = {cell.zone for cell in (*layout.cells, *layout.middle)}
    zones = {zone.name for zone in load_definitions()[game].spec.zones}
    assert zones - placed == set(), f"{game}: zones drawn only in a generic strip"
    assert placed - zones == set(), f"{game}: the table places zones the game does not have"


def test_a_zone_no_table_places_is_drawn_in_a_generic_strip() -> None:
    """Nothing in a view is silently dropped: an unknown zone, or one listed twice, gets a strip."""
    state, _ = played("duelmasters", 7, 25)
    seen = view(state, None)
    extra = copy.deepcopy(seen)
    extra["zones"].append(dict(seen["zones"][0], zone="sealed", label="sealed zone", player=1))
    twice = copy.deepcopy(seen)
    twice["zones"].append(copy.deepcopy(next(z for z in seen["zones"] if z["zone"] == "graveyard")))
    plain, more, doubled = board_image(seen), board_image(extra), board_image(twice)
    assert more.width == plain.width
    assert more.height == plain.height + 2 * ROW_H  # one generic row on each side, kept symmetric
    assert doubled.height == plain.height + 2 * ROW_H  # a zone listed twice is drawn twice


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_depends_only_on_the_view(game: str) -> None:
    """A twin whose hidden cards have their identities swapped looks the same to the spectator, and
    so gives the same bytes."""
    definition = load_definitions()[game]
    state, decks = played(game, 11, 25)
    other, changed = twin(state, None, origins(definition, decks), random.Random(3), others_only=False)
    assert changed, "the twin should differ in some hidden card"
    assert other.board.cards != state.board.cards
    assert view(other, None) == view(state, None)
    assert board_png(view(other, None)) == board_png(view(state, None))


def test_a_seat_sees_its_own_hand_named_and_the_spectator_does_not() -> None:
    state, _ = played("vanguard", 7, 25)
    seat = view(state, 0)
    spectator = view(state, None)
    hand = next(z for z in seat["zones"] if z["zone"] == "hand" and z["player"] == 0)
    assert hand["cards"] and all("name" in card for card in hand["cards"])
    assert board_png(seat) != board_png(spectator)
    assert board_png(seat) == board_png(copy.deepcopy(seat))


def _unnamed(seen: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``seen`` in which no card is named (every card is drawn as a back)."""
    out = copy.deepcopy(seen)
    for data in out["zones"]:
        for card in data["cards"]:
            card.pop("name", None)
            card.pop("code", None)
    return out


def _only_one_named(seen: dict[str, Any], zone: str, orientation: str) -> dict[str, Any]:
    """``seen`` with the first card of ``zone`` named, face up and set to ``orientation``, and every
    other card unnamed, so that the only card face drawn is that one."""
    out = _unnamed(seen)
    card = next(card for data in out["zones"] if data["zone"] == zone for card in data["cards"])
    card.update(name="Chosen Card", code="X-1", face="up", orientation=orientation, counters={})
    return out


def _face_bbox(image: Image.Image) -> tuple[int, int, int, int]:
    """The bounding box of the pixels of card-face colour."""
    difference = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, FACE))
    red, green, blue = difference.split()
    exact = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(lambda v: 255 if v == 0 else 0)
    box = exact.getbbox()
    assert box is not None, "no card face drawn"
    return box


def _face_box(image: Image.Image) -> tuple[int, int]:
    """Width and height of the region of card-face colour."""
    box = _face_bbox(image)
    return box[2] - box[0], box[3] - box[1]


@pytest.mark.parametrize(
    ("game", "zone", "upright", "turned"),
    [
        ("duelmasters", "mana", "untap", "tap"),
        ("vanguard", "vc", "stand", "rest"),
        ("forceofwill", "ruler_area", "recover", "rest"),
        ("gateruler", "ruler", "ready", "exhaust"),
    ],
)
def test_a_rested_card_is_drawn_turned(game: str, zone: str, upright: str, turned: str) -> None:
    state, _ = played(game, 7, 25)
    seen = view(state, None)
    standing = _face_box(board_image(_only_one_named(seen, zone, upright)))
    resting = _face_box(board_image(_only_one_named(seen, zone, turned)))
    assert standing[1] > standing[0] and resting[0] > resting[1]
    assert standing == (TILE_W - 2, TILE_H - 2) and resting == (TILE_H - 2, TILE_W - 2)


def _one_card_at(seen: dict[str, Any], zone: str, player: int | None, controller: int) -> dict[str, Any]:
    """``seen`` with every card unnamed and one named card put on top of ``zone`` of ``player``."""
    out = _unnamed(seen)
    target = next(z for z in out["zones"] if z["zone"] == zone and z["player"] == player)
    card = {"handle": "new", "face": "up", "orientation": None, "owner": controller, "controller": controller}
    target["cards"].insert(0, dict(card, counters={}, attached_to=None, name="Chosen Card", code="X-1"))
    target["count"] += 1
    return out


@pytest.mark.parametrize(
    ("zone", "player", "controller"),
    [("graveyard", 0, 0), ("graveyard", 1, 1), ("battle_zone", None, 0), ("battle_zone", None, 1)],
)
def test_the_viewer_sits_at_the_bottom_and_the_opponent_is_mirrored_at_the_top(
    zone: str, player: int | None, controller: int
) -> None:
    """Duel Masters: a graveyard is on its owner's right, so the opponent's shows on the left; a card
    of the shared battle zone is on its controller's side. A seat's own view puts that seat below."""
    state, _ = played("duelmasters", 7, 25)
    for viewer in (None, 0, 1):
        seen = _one_card_at(dict(view(state, None), viewer=viewer), zone, player, controller)
        image = board_image(seen)
        box = _face_bbox(image)
        below = (box[1] + box[3]) / 2 > image.height / 2
        assert below == (controller == (viewer or 0))
        if zone == "graveyard":
            assert ((box[0] + box[2]) / 2 > WIDTH / 2) == below


def test_the_result_changes_the_header_and_the_strips_only() -> None:
    state, _ = played("forceofwill", 7, 25)
    seen = view(state, None)
    over = dict(seen, status="ended", winner=1, end_reason="Player 1: life 0 or less (1202.1)")
    playing, ended = board_image(seen), board_image(over)
    header = (0, 0, WIDTH, HEADER_H)
    zones = (0, HEADER_H + STRIP_H, WIDTH, playing.height - MARGIN - STRIP_H)
    assert ImageChops.difference(playing.crop(header), ended.crop(header)).getbbox() is not None
    assert ImageChops.difference(playing.crop(zones), ended.crop(zones)).getbbox() is None


# Random views ---------------------------------------------------------------------------------------

_ODD_TEXT = st.text(
    alphabet=st.characters(codec=None, exclude_categories=()),
    max_size=120,
)
_NAMES = st.one_of(
    _ODD_TEXT,
    st.sampled_from(["Bolshack Dragon", "Blaster Blade", "アカシック・ファースト", "Ω" * 80, "x" * 500, ""]),
)
_ORIENTATIONS = st.one_of(
    st.none(), st.sampled_from(["stand", "rest", "untap", "tap", "recover", "ready", "exhaust"]), _ODD_TEXT
)


@st.composite
def _cards(draw: st.DrawFn) -> dict[str, Any]:
    card: dict[str, Any] = {
        "handle": draw(st.sampled_from(["a", "b", "c", "d"])),
        "face": draw(st.sampled_from(["up", "down"])),
        "orientation": draw(_ORIENTATIONS),
        "owner": draw(st.sampled_from([0, 1])),
        "controller": draw(st.one_of(st.sampled_from([0, 1]), st.integers(-3, 9))),
        "counters": draw(st.dictionaries(_ODD_TEXT, st.integers(-(10**9), 10**9), max_size=4)),
        "attached_to": draw(st.one_of(st.none(), st.sampled_from(["a", "b", "zz"]))),
    }
    if draw(st.booleans()):
        card["name"] = draw(_NAMES)
        card["code"] = draw(_ODD_TEXT)
    return card


@st.composite
def _views(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from([*GAMES, "unknown game"]))
    known = [zone.name for zone in load_definitions()[game].spec.zones] if game in GAMES else []
    zones = []
    for _ in range(draw(st.integers(0, 12))):
        cards = draw(st.lists(_cards(), max_size=30))
        zones.append(
            {
                "zone": draw(st.sampled_from(known) if known and draw(st.booleans()) else _ODD_TEXT),
                "player": draw(st.sampled_from([0, 1, None, 5])),
                "label": draw(_ODD_TEXT),
                "ordered": True,
                "count": draw(st.one_of(st.just(len(cards)), st.integers(0, 10**7))),
                "cards": cards,
            }
        )
    return {
        "game": game,
        "viewer": draw(st.sampled_from([None, 0, 1, 7])),
        "status": draw(st.sampled_from(["playing", "ended"])),
        "winner": draw(st.sampled_from([None, 0, 1, 4])),
        "end_reason": draw(_ODD_TEXT),
        "turn": {
            "number": draw(st.integers(0, 10**6)),
            "active": draw(st.sampled_from([0, 1, None])),
            "phase": draw(_ODD_TEXT),
            "step": draw(_ODD_TEXT),
            "priority": draw(st.sampled_from([0, 1, None, 3])),
        },
        "players": [
            {
                "seat": seat,
                "name": draw(_NAMES),
                "values": draw(st.dictionaries(_ODD_TEXT, st.integers(), max_size=5)),
            }
            for seat in (0, 1)
        ],
        "zones": zones,
        "game_data": {},
    }


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(_views())
def test_no_view_breaks_the_picture(seen: dict[str, Any]) -> None:
    data = board_png(seen)
    assert len(data) < LIMIT
    assert opened(data).width == WIDTH


def test_missing_and_mistyped_fields_read_as_absent() -> None:
    for seen in ({}, {"zones": "x", "players": 3, "turn": []}, {"zones": [{"cards": [None, 3, "x"]}]}):
        image = opened(board_png(seen))
        assert image.width == WIDTH


@pytest.mark.parametrize("count", [3, 12, 22, 40, 90])
def test_a_crowded_row_never_draws_a_card_over_another(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A row of ``count`` named cards, a third of them tapped: tiles side by side (smaller when needed),
    or past that a grid of name bars, never one over another's name; every card drawn or counted."""
    from bot.render.board_image import zones
    from bot.render.board_image.reading import Card
    from bot.render.board_image.tiles import Surface, size_of

    boxes: list[tuple[int, int, int, int]] = []

    def tile(surface: Any, x: int, y: int, card: Any, size: tuple[int, int] | None = None) -> None:
        w, h = size or size_of(card)
        boxes.append((x, y, x + w, y + h))

    def bar(draw: Any, box: tuple[int, int, int, int], card: Any) -> None:
        boxes.append(box)

    counted: list[str] = []
    monkeypatch.setattr(zones, "draw_card", lambda s, x, y, card, caption=True: tile(s, x, y, card))
    monkeypatch.setattr(zones, "draw_card_scaled", tile)
    monkeypatch.setattr(zones, "draw_bar", bar)
    monkeypatch.setattr(zones, "text", lambda draw, at, line, *rest, **kw: counted.append(line))
    cards = [
        Card(True, f"Creature {n:02d}", "tap" if n % 3 == 0 else "untap", n % 3 == 0, (), False, 0)
        for n in range(count)
    ]
    image = Image.new("RGB", (1100, 200))
    area = (10, 10, 1060, 130)
    zones._row(Surface(image, ImageDraw.Draw(image)), area, cards)
    for box in boxes:
        assert area[0] <= box[0] and box[2] <= area[2] and area[1] <= box[1] and box[3] <= area[3], box
    for first, second in itertools.combinations(boxes, 2):
        apart = (
            first[2] <= second[0] or second[2] <= first[0] or first[3] <= second[1] or second[3] <= first[1]
        )
        assert apart, (first, second)
    more = [int(line.split()[0][1:]) for line in counted if line.endswith("more")]
    assert len(boxes) + sum(more) == count
