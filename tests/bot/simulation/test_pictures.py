"""``arbiter match pictures``: the README's pictures of a match on Discord are drawn from seeded random
matches at the moment they show, the same seed giving the same pictures, and the README shows each."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.simulation.pictures import MOMENTS, reach, write_pictures

ROOT = Path(__file__).resolve().parents[3]


def test_each_moment_is_reached_with_its_decision_first() -> None:
    for moment in MOMENTS:
        state, seat, listed = reach(moment)
        assert state.status == "playing" and listed[0].group == "now"
        assert moment.came(state, seat, listed)


def test_the_pictures_are_drawn_alike_from_one_seed_and_shown_by_the_readme(tmp_path: Path) -> None:
    first = write_pictures(tmp_path / "one")
    second = write_pictures(tmp_path / "two")
    drawn = sum(2 if moment.board else 1 for moment in MOMENTS)
    assert [p.name for p in first] == [p.name for p in second] and len(first) == drawn
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for one, two in zip(first, second, strict=True):
        assert one.read_bytes() == two.read_bytes()
        with Image.open(one) as picture:
            assert picture.format == "PNG" and picture.width == 720 and picture.height > 200
        assert f"docs/pictures/{one.name}" in readme
        assert (ROOT / "docs" / "pictures" / one.name).is_file()
