"""Card faces drawn from the data (bot.render.card_image): sizes, colours, layout, faces, unicode,
fonts, determinism, and a property test that no name or text makes the renderer fail."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.render.card_image import (
    CARD_RATIO,
    NEUTRAL,
    fonts,
    identity_colours,
    render_board_thumbnail,
    render_card,
    thumbnail_image,
)
from bot.render.card_image.canvas import _Canvas, _cost_tokens
from bot.render.card_image.colours import _DM_CIVILIZATIONS, _FOW_ATTRIBUTES, _SYMBOL_GREY
from bot.render.card_image.face import _TEXT_SIZES, _layout_text
from bot.render.card_image.face_data import _face, _stats, _type_line
from bot.render.card_image.fonts import _clean, _font, _font_file
from bot.render.card_image.text import _paragraphs
from engine.cards.model import MAX_TEXT, CardFace, CardRecord

WIDTH, HEIGHT = 420, round(420 * CARD_RATIO)

# Realistic cards of the four games ----------------------------------------------------------------


def bolshack(**changes: object) -> CardRecord:
    data: dict[str, object] = {
        "game": "duelmasters",
        "code": "DM01-S1",
        "name": "Bolshack Dragon",
        "types": ["Creature"],
        "cost": "6",
        "cost_value": 6,
        "stats": {
            "civilizations": ["Fire"],
            "power": 6000,
            "power_text": "6000+",
            "race": ["Armored Dragon"],
        },
        "text": "Double breaker (This creature breaks 2 shields.)\n"
        "While attacking, this creature gets +1000 power for each fire card in your graveyard.",
        "set": "DM-01",
        "rarity": "VR",
    }
    data.update(changes)
    return CardRecord.model_validate(data)


def twinpact() -> CardRecord:
    return CardRecord(
        game="duelmasters",
        code="DMRP-22 1/5",
        name="Jaouga, Soul of Twin Dragons",
        types=["Creature"],
        cost="7",
        stats={
            "civilizations": ["Fire", "Nature"],
            "power": 13000,
            "race": ["Armored Dragon", "Beast Folk"],
            "twinpact": True,
        },
        text="■ Triple breaker\n■ When you put this creature into the battle zone, put the top card of "
        "your deck into your mana zone.",
        faces=[
            CardFace(
                name="Twin Dragon Roar",
                types=["Spell"],
                cost="3",
                text="■ Shield trigger\nDestroy an opponent's creature that has power 6000 or less.",
            )
        ],
        set="DMRP-22",
        rarity="SR",
    )


def barrage() -> CardRecord:
    return CardRecord(
        game="forceofwill",
        code="CMF-001",
        name="Göndul's Barrage",
        types=["Chant"],
        cost="{R}{1}",
        cost_value=2,
        stats={"attribute": ["Fire"]},
        text="Göndul's Barrage deals 600 damage to target J/resonator.",
        set="CMF",
        rarity="U",
    )


def faria() -> CardRecord:
    """A Force of Will Ruler whose second face is its J-Ruler."""
    return CardRecord(
        game="forceofwill",
        code="TAT-001",
        name="Faria, the Sacred Queen",
        types=["Ruler"],
        stats={"attribute": ["Light"]},
        text="[Judgment] {W}{W}{W}{1}\n[Enter] Produce {W}.",
        faces=[
            CardFace(
                name="Faria, the Ruler of God Sword",
                types=["J-Ruler"],
                text="[Flying] [Swiftness]\nThis card gains +200/+200 for each resonator you control.",
                stats={"atk": 1000, "defense": 1000, "race": ["Human"]},
            )
        ],
        set="TAT",
        rarity="R",
    )


def dragotraptor(text: str | None = None) -> CardRecord:
    return CardRecord(
        game="vanguard",
        code="D-BT01/001",
        name="Dragontree Flame Dragon, Dragotraptor",
        types=["Normal Unit"],
        stats={
            "grade": 3,
            "power": 13000,
            "critical": 1,
            "nation": "Dragon Empire",
            "race": ["Flame Dragon"],
            "skill": "Twin Drive!!",
        },
        text=text
        if text is not None
        else "[AUTO](VC):When this unit attacks, COST [Counter Blast (1)], choose one of your opponent's "
        "rear-guards, and retire it.\n[CONT](VC):During your turn, this unit gets [Power]+10000.",
        set="D-BT01",
        rarity="RRR",
    )


def syltis() -> CardRecord:
    return CardRecord(
        game="gateruler",
        code="2021GB03-002",
        name="Red Dragon, Crimson Syltis",
        types=["Unit"],
        cost="4",
        stats={
            "faction": "Yomajin Front",
            "attributes": ["Dragon", "Fire"],
            "level": 2,
            "atk": 4,
            "hp": 5,
            "stk": 2,
            "icons": ["Overdrive"],
        },
        text="When Special Summoned with [Genesis Summon], choose 1 enemy Unit and deal 3 damage to it.",
        set="GB03",
        rarity="SR",
    )


def apprentice() -> CardRecord:
    """A Gate Ruler ruler: life instead of level/ATK/HP/STK."""
    return CardRecord(
        game="gateruler",
        code="2020GA01-001",
        name="Apprentice",
        types=["Ruler"],
        stats={"faction": "Wonderverse", "life": 7},
        text="[Game Preparation] Shuffle your deck and draw 5 cards.\n\n[Start] Draw a card.",
    )


ONE_PER_GAME = {
    "duelmasters": bolshack,
    "forceofwill": barrage,
    "vanguard": dragotraptor,
    "gateruler": syltis,
}

LONG_TEXT = "\n".join(
    f"[AUTO](RC) Generation Break {i}: When this unit attacks a vanguard, COST [Counter Blast (1) & "
    "Soul Blast (1)], choose up to one of your opponent's rear-guards, retire it, and this unit gets "
    "[Power]+5000 until end of turn."
    for i in range(1, 13)
)


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def frame_pixel(image: Image.Image, x: int = 9, y: int = 300) -> tuple[int, int, int]:
    """A pixel of the coloured frame (between the black border and the panels)."""
    r, g, b, a = image.getpixel((x, y))  # type: ignore[misc]
    assert a == 255
    return r, g, b


def distinct_colours(image: Image.Image) -> int:
    return len(image.getcolors(maxcolors=1 << 20) or [])


@pytest.fixture(scope="module", autouse=True)
def save_samples() -> Iterator[None]:
    """With ``ARBITER_CARD_SAMPLES=<folder>``, leave one PNG per game (and second faces, a thumbnail)
    there to look at."""
    yield
    folder = os.environ.get("ARBITER_CARD_SAMPLES")
    if not folder:
        return
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for game, make in ONE_PER_GAME.items():
        (out / f"card-{game}.png").write_bytes(render_card(make()))
    (out / "card-forceofwill-jruler.png").write_bytes(render_card(faria(), face=1))
    (out / "card-duelmasters-twinpact-spell.png").write_bytes(render_card(twinpact(), face=1))
    (out / "card-gateruler-ruler.png").write_bytes(render_card(apprentice()))
    (out / "thumbnail-gateruler.png").write_bytes(render_board_thumbnail(syltis()))


# Size, mode, content ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(ONE_PER_GAME))
def test_each_game_draws_a_card_face(game: str) -> None:
    image = png(render_card(ONE_PER_GAME[game]()))
    assert image.size == (WIDTH, HEIGHT)
    assert image.mode == "RGBA"
    assert distinct_colours(image) > 500  # text, panels, frame, shading: not a blank image
    assert image.getpixel((0, 0))[3] == 0  # type: ignore[index]  # rounded corner
    assert image.getpixel((WIDTH // 2, HEIGHT // 2))[3] == 255  # type: ignore[index]
    # The panels are light and the text on them is dark: both are there.
    body = image.crop((30, 330, WIDTH - 30, 400)).convert("L")
    low, high = body.getextrema()  # type: ignore[misc]
    assert low < 80 and high > 220


@pytest.mark.parametrize("card", [twinpact(), faria(), apprentice()], ids=["twinpact", "jruler", "ruler"])
def test_more_cards_render(card: CardRecord) -> None:
    image = png(render_card(card))
    assert image.size == (WIDTH, HEIGHT) and distinct_colours(image) > 500


def test_width_sets_the_size_and_keeps_the_card_ratio() -> None:
    assert png(render_card(bolshack(), width=300)).size == (300, round(300 * CARD_RATIO))
    assert png(render_card(bolshack(), width=800)).size == (800, round(800 * CARD_RATIO))
    with pytest.raises(ValueError):
        render_card(bolshack(), width=20)


def test_same_card_same_bytes() -> None:
    for make in (*ONE_PER_GAME.values(), twinpact, faria):
        assert render_card(make()) == render_card(make())
        assert render_board_thumbnail(make()) == render_board_thumbnail(make())
    assert render_card(faria(), face=1) == render_card(faria(), face=1)


def test_different_data_draws_differently() -> None:
    assert render_card(bolshack()) != render_card(bolshack(name="Bolshack Dragon X"))
    assert render_card(bolshack()) != render_card(bolshack(stats={"civilizations": ["Fire"], "power": 7000}))


# Colour identity ----------------------------------------------------------------------------------


def dm_frame(civilizations: list[str]) -> tuple[int, int, int]:
    return frame_pixel(png(render_card(bolshack(stats={"civilizations": civilizations}))))


def test_duel_masters_frame_follows_the_civilization() -> None:
    fire, water, nature = dm_frame(["Fire"]), dm_frame(["Water"]), dm_frame(["Nature"])
    light, darkness, zero = dm_frame(["Light"]), dm_frame(["Darkness"]), dm_frame(["Zero"])
    assert fire[0] > fire[1] + 80 and fire[0] > fire[2] + 80
    assert water[2] > water[0] + 80
    assert nature[1] > nature[0] + 40 and nature[1] > nature[2] + 40
    assert light[0] > 150 and light[1] > 120 and light[2] < 80  # yellow
    assert max(darkness) < 110  # black/purple
    assert max(zero) - min(zero) < 15  # grey
    assert len({fire, water, nature, light, darkness, zero}) == 6


def test_multi_civilization_frame_blends_from_one_colour_to_the_other() -> None:
    image = png(render_card(twinpact()))
    left, right = frame_pixel(image, x=9), frame_pixel(image, x=WIDTH - 10)
    assert left[0] > left[1] + 60  # fire on the left
    assert right[1] > right[0] + 40  # nature on the right
    assert identity_colours(twinpact()) == [
        _DM_CIVILIZATIONS["fire"],
        _DM_CIVILIZATIONS["nature"],
    ]


def test_force_of_will_vanguard_and_gate_ruler_frames_follow_their_identity() -> None:
    def fow(attribute: str) -> tuple[int, int, int]:
        card = barrage().model_copy(update={"stats": {"attribute": [attribute]}})
        return frame_pixel(png(render_card(card)))

    fire, water, wind = fow("Fire"), fow("Water"), fow("Wind")
    assert fire[0] > fire[2] + 80 and water[2] > water[0] + 80 and wind[1] > wind[0] + 40

    def vanguard(**stats: object) -> tuple[int, int, int]:
        card = CardRecord(game="vanguard", code="V-1", name="Unit", stats=stats)
        return frame_pixel(png(render_card(card)))

    empire, zoo = vanguard(nation="Dragon Empire"), vanguard(nation="Zoo")
    assert empire[0] > empire[1] + 80 and zoo[1] > zoo[0] + 40
    assert vanguard(clan="Aqua Force") == vanguard(nation="Magallanica")  # clan -> nation

    def gate_ruler(faction: str | None) -> tuple[int, int, int]:
        stats = {"faction": faction} if faction else {}
        card = CardRecord(game="gateruler", code="G-1", name="Unit", stats=stats)
        return frame_pixel(png(render_card(card)))

    assert gate_ruler("ATLAS") != gate_ruler("Yomajin Front")
    # An unknown faction still gets a colour of its own, the same every time.
    assert gate_ruler("Volnar") == gate_ruler("Volnar") != gate_ruler(None)


def test_no_identity_is_the_neutral_grey() -> None:
    card = CardRecord(game="gateruler", code="GR-000", name="Plain Energy", types=["Energy"])
    assert identity_colours(card) == [NEUTRAL]
    r, g, b = frame_pixel(png(render_card(card)))
    assert max(r, g, b) - min(r, g, b) < 20


def test_force_of_will_cost_is_drawn_as_coloured_symbols() -> None:
    """``{R}{1}``: a red badge and a grey one at the right of the title bar."""
    title = png(render_card(barrage())).crop((300, 16, WIDTH - 16, 58)).convert("RGB")
    colours = {c for _, c in title.getcolors(maxcolors=1 << 16) or []}

    def near(target: tuple[int, int, int]) -> bool:
        return any(sum(abs(a - b) for a, b in zip(c, target, strict=True)) < 30 for c in colours)

    assert near(_FOW_ATTRIBUTES["fire"])
    assert near(_SYMBOL_GREY)


# Layout: long text, faces, missing data -----------------------------------------------------------


def test_long_text_never_grows_the_card_nor_reaches_the_stats() -> None:
    """The stats bar, the footer and the title sit where they always do, however long the text."""
    short = png(render_card(dragotraptor("Boost")))
    long = png(render_card(dragotraptor(LONG_TEXT)))
    huge = png(render_card(dragotraptor("word " * (MAX_TEXT // 5))))  # the longest text a card holds
    cjk = png(render_card(dragotraptor("竜" * 8_000)))
    bottom = (0, HEIGHT - 90, WIDTH, HEIGHT)  # stats bar and footer
    top = (0, 0, WIDTH, 62)  # title bar
    for image in (long, huge, cjk):
        assert image.size == short.size == (WIDTH, HEIGHT)
        assert image.crop(bottom).tobytes() == short.crop(bottom).tobytes()
        assert image.crop(top).tobytes() == short.crop(top).tobytes()
    assert long.tobytes() != short.tobytes()


def test_long_text_shrinks_then_is_cut_with_an_ellipsis() -> None:
    paragraphs = _paragraphs(LONG_TEXT)
    canvas = _Canvas(840, 1174, 2.0, [NEUTRAL], corner=20)
    lines, measure, *_ = _layout_text(paragraphs, canvas, 372, 150, 330)
    assert measure.font.size == canvas.px(_TEXT_SIZES[-1])
    assert lines[-1].words[-1] == ((False, "…"),)
    short_lines, short_measure, *_ = _layout_text(["Boost"], canvas, 372, 150, 330)
    assert short_measure.font.size == canvas.px(_TEXT_SIZES[0])
    assert len(short_lines) == 1


def test_paragraph_breaks_are_kept() -> None:
    canvas = _Canvas(840, 1174, 2.0, [NEUTRAL], corner=20)
    lines, *_ = _layout_text(_paragraphs("One.\nTwo.\n\nThree."), canvas, 372, 150, 330)
    assert [line.paragraph_start for line in lines] == [False, True, True]


def test_second_face_is_drawn() -> None:
    front, jruler = render_card(faria()), render_card(faria(), face=1)
    assert front != jruler
    assert png(jruler).size == (WIDTH, HEIGHT)
    # The J-Ruler has no attribute of its own: it keeps the Ruler's light frame.
    assert frame_pixel(png(jruler)) == frame_pixel(png(front))
    spell = png(render_card(twinpact(), face=1))
    assert spell.size == (WIDTH, HEIGHT)
    for face in (2, -1):
        with pytest.raises(ValueError):
            render_card(faria(), face=face)
    with pytest.raises(ValueError):
        render_card(bolshack(), face=1)


def test_missing_stats_cost_and_text_render() -> None:
    bare = CardRecord(game="vanguard", code="V-EB/001", name="Blank")
    image = png(render_card(bare))
    assert image.size == (WIDTH, HEIGHT) and distinct_colours(image) > 50
    no_power = bolshack(stats={"civilizations": ["Water"]}, text="", set=None, rarity=None)
    assert png(render_card(no_power)).size == (WIDTH, HEIGHT)
    assert _stats(_face(bare, 0)) == []


def test_stats_of_each_game() -> None:
    assert _stats(_face(bolshack(), 0)) == [("Power", "6000+")]
    assert _stats(_face(dragotraptor(), 0)) == [
        ("Grade", "3"),
        ("Power", "13000"),
        ("Critical", "1"),
    ]
    assert _stats(_face(faria(), 1)) == [("ATK", "1000"), ("DEF", "1000")]
    assert _stats(_face(syltis(), 0)) == [
        ("Level", "2"),
        ("ATK", "4"),
        ("HP", "5"),
        ("STK", "2"),
    ]
    assert _stats(_face(apprentice(), 0)) == [("Life", "7")]


def test_type_line() -> None:
    assert _type_line(_face(bolshack(), 0)) == "Creature — Armored Dragon"
    assert _type_line(_face(dragotraptor(), 0)) == "Normal Unit — Dragon Empire — Flame Dragon"
    assert _type_line(_face(syltis(), 0)) == "Unit — Yomajin Front — Dragon / Fire"


def test_cost_tokens() -> None:
    assert _cost_tokens("{W}{1}") == ["W", "1"]
    assert _cost_tokens("{R}{R}{X}") == ["R", "R", "X"]
    assert _cost_tokens("5") == ["5"]
    assert _cost_tokens(None) == _cost_tokens("  ") == []


# Unicode and fonts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, text",
    [
        ("Göndul's Barrage", "Ünïcödé “quotes” — ½ ∞ → «ok»"),
        ("ボルシャック・ドラゴン", "W・ブレイカー\n攻撃中、このクリーチャーのパワーは+1000される。"),
        ("Dragon 🐉🔥 Emperor", "Draw a card. ✨👍🏽 👨‍👩‍👧"),
        ("Zalgo Z̷̢̛a̸l̶g̵o̴", "e\u0301\u0302\u0303\u0304 \u200b\u200d\ufeff \u202eRTL\u202c عربى עברית"),
    ],
    ids=["accents", "japanese", "emoji", "combining"],
)
def test_characters_the_font_lacks_do_not_fail(name: str, text: str) -> None:
    card = bolshack(name=name, text=text, types=["クリーチャー"], stats={"civilizations": ["闇"]})
    assert png(render_card(card)).size == (WIDTH, HEIGHT)
    assert png(render_board_thumbnail(card)).size == (140, round(140 * CARD_RATIO))
    assert identity_colours(card) == [_DM_CIVILIZATIONS["darkness"]]


@pytest.fixture
def bundled_font_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As in the Docker image: no font installed, Pillow's bundled one is used."""
    monkeypatch.setattr(fonts, "FONT_DIRS", ())
    fonts._clear_font_caches()
    yield
    monkeypatch.undo()
    fonts._clear_font_caches()


@pytest.mark.usefixtures("bundled_font_only")
def test_without_installed_fonts_the_bundled_font_draws_the_card() -> None:
    assert _font_file("regular") is None
    image = png(render_card(barrage()))
    assert image.size == (WIDTH, HEIGHT) and distinct_colours(image) > 500
    # The bundled font has no accents nor dashes: readable stand-ins instead of missing-glyph boxes.
    assert _clean("Göndul — Æther", "bold") == "Gondul - AEther"
    assert render_card(barrage()) == render_card(barrage())


def test_dejavu_is_preferred_when_installed() -> None:
    if _font_file("regular") is None:
        pytest.skip("DejaVu Sans is not installed here")
    assert _font("regular", 20).font.getname()[0] == "DejaVu Sans"
    assert _clean("Göndul — ½") == "Göndul — ½"  # DejaVu has them


def test_control_characters_are_dropped() -> None:
    assert _clean("a\x00b\x07c\td\ud800e") == "abc de"
    assert _paragraphs("one\r\ntwo\rthree\u2028four") == ["one", "two", "three", "four"]


# Thumbnails ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(ONE_PER_GAME))
def test_board_thumbnail(game: str) -> None:
    card = ONE_PER_GAME[game]()
    image = png(render_board_thumbnail(card))
    assert image.size == (140, round(140 * CARD_RATIO)) and image.mode == "RGBA"
    assert distinct_colours(image) > 200
    assert thumbnail_image(card, width=100).size == (100, round(100 * CARD_RATIO))
    # The frame has the full card's colour.
    small, full = frame_pixel(image, x=4, y=100), frame_pixel(png(render_card(card)))
    assert sum(abs(a - b) for a, b in zip(small, full, strict=True)) < 40


def test_thumbnail_of_a_second_face_and_bad_sizes() -> None:
    assert render_board_thumbnail(faria(), face=1) != render_board_thumbnail(faria())
    with pytest.raises(ValueError):
        render_board_thumbnail(faria(), width=10)
    with pytest.raises(ValueError):
        render_board_thumbnail(faria(), face=3)


def test_thumbnail_names_wrap_then_are_cut() -> None:
    for name in ("X", "Dragontree Flame Dragon, Dragotraptor", "Wordy " * 30, "竜" * 150):
        card = bolshack(name=name)
        assert png(render_board_thumbnail(card)).size == (140, round(140 * CARD_RATIO))


# Property: nothing the data holds makes the renderer fail -----------------------------------------

names = st.text(min_size=1, max_size=200).filter(lambda s: bool(s.split()))
short = st.text(max_size=40)
words = st.lists(short, max_size=4)
numbers = st.none() | st.integers(min_value=-(10**12), max_value=10**12)


@st.composite
def cards(draw: st.DrawFn) -> CardRecord:
    game = draw(st.sampled_from(sorted(ONE_PER_GAME)))
    stats: dict[str, object]
    if game == "duelmasters":
        stats = {
            "civilizations": draw(words),
            "power": draw(numbers),
            "power_text": draw(st.none() | short),
            "race": draw(words),
            "twinpact": draw(st.booleans()),
        }
    elif game == "forceofwill":
        stats = {"attribute": draw(words), "atk": draw(numbers), "defense": draw(numbers)}
    elif game == "vanguard":
        stats = {
            "grade": draw(numbers),
            "power": draw(numbers),
            "trigger": draw(st.none() | short),
            "skill": draw(st.none() | short),
            "nation": draw(st.none() | short),
            "clan": draw(st.none() | short),
        }
    else:
        stats = {"faction": draw(st.none() | short), "icons": draw(words), "life": draw(numbers)}
    faces = draw(
        st.lists(
            st.builds(CardFace, name=names, types=words, cost=st.none() | short, text=st.text(max_size=500)),
            max_size=1,
        )
    )
    return CardRecord(
        game=game,
        code="P-1",
        name=draw(names),
        types=draw(words),
        cost=draw(st.none() | short),
        stats={k: v for k, v in stats.items() if v is not None},
        text=draw(st.text(max_size=3000)),
        set=draw(st.none() | short),
        rarity=draw(st.none() | short),
        faces=faces,
    )


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(card=cards())
def test_any_card_data_renders(card: CardRecord) -> None:
    image = png(render_card(card, face=len(card.faces)))
    assert image.size == (WIDTH, HEIGHT)
    assert png(render_board_thumbnail(card)).size == (140, round(140 * CARD_RATIO))
