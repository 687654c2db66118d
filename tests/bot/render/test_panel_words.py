"""Panels speak the game's words: over the states of random games of the four games, no board or
private panel (with every offer's choices spelled out, as the console shows them) shows an internal
code (a zone's, step's, phase's or action's name where the game has words for it, a Python tuple) or a
seat number where a player's name belongs."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.render import match as mr
from bot.render.panel import Panel
from engine.games import game_keys
from engine.match.games import game_definition
from engine.match.offers import offers
from engine.match.render import render_all
from engine.match.setup import opening_events
from engine.match.simulate import random_walk
from engine.match.spec import GameSpec
from engine.match.state import MatchState
from engine.match.view import view

GAMES = 2
"""Random games of each game; every state of each is read."""
STEPS = 400


def _codes(spec: GameSpec) -> set[str]:
    """The game's internal names that are not the words a player reads: names with an underscore
    (zones, phases, steps, player values), and zones whose code abbreviates their label (Vanguard's
    ``vc``)."""
    names = {zone.name for zone in spec.zones} | {phase.name for phase in spec.phases}
    names |= {step.name for phase in spec.phases for step in phase.steps} | set(spec.player_values)
    shorthand = {zone.name for zone in spec.zones if _abbreviates(zone.name, zone.label.casefold())}
    return (
        {name for name in names if "_" in name} | shorthand | {code.replace("_", " ") for code in shorthand}
    )


def _abbreviates(code: str, label: str) -> bool:
    """Whether a zone's code abbreviates its label (``vc`` for vanguard circle, ``rc_lf`` for left front
    rear-guard circle, ``gzone`` for G zone): a part of it that is no word of the label, nor the start
    of one."""
    words = label.replace("-", " ").split()
    return any(
        not any(word.startswith(part) or part.startswith(word) for word in words) for part in code.split("_")
    )


def _text(panel: Panel) -> str:
    parts = [panel.title, panel.body, panel.footer]
    parts += [f"{name}\n{value}" for name, value in panel.fields]
    return "\n".join(parts)


def _panels(state: MatchState) -> Iterator[tuple[int | None, str]]:
    lines = render_all(opening_events(state), state, None)
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        yield viewer, _text(mr.board_panel(seen, lines, match_id=1))
        if viewer is not None and state.status == "playing":
            yield (
                viewer,
                _text(mr.hand_panel(seen, offers(state, viewer), match_id=1, seat=viewer, limit=200)),
            )


SEAT = re.compile(r"\b(?:player|seat)s? [01]\b|\b\d+=[01](?:,|$)", re.MULTILINE)
TUPLE = re.compile(r"\('|',\)|\[\]|\(\)")


def _where(viewer: int | None, text: str, match: re.Match[str]) -> str:
    return f"{viewer}: …{text[max(0, match.start() - 60) : match.end() + 30]}…"


@pytest.mark.parametrize("game", game_keys())
def test_panels_show_no_internal_code_or_seat_number(game: str) -> None:
    spelled = sorted(_codes(game_definition(game).spec), key=len, reverse=True)
    # A code right before ":" is the console's typing key of a choice (``summon_cap:2``), not a word.
    pattern = re.compile(r"(?<![\w#])(" + "|".join(map(re.escape, spelled)) + r")(?![\w:])")
    found: dict[str, str] = {}
    for seed in range(1, GAMES + 1):
        for state in random_walk(game_definition(game), seed, steps=STEPS):
            for viewer, text in _panels(state):
                for match in [*SEAT.finditer(text), *TUPLE.finditer(text), *pattern.finditer(text)]:
                    found.setdefault(match[0], _where(viewer, text, match))
    assert not found, "\n".join(f"{code!r} in {where}" for code, where in sorted(found.items()))
