"""An event as JSON and CSV: settings, players, every round's tables and results, the standings with
every tiebreaker (4-place decimals and exact fractions), the top cut and, when asked, the decklists.

Pure: it takes plain data (the engine's records, and tables as any transport's view of them, see
:class:`TableView`) and returns the JSON document and the files' text. CSV cells that a spreadsheet
would run as a formula are quoted (:func:`csv_safe`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from engine.tournament.model import Player
from engine.tournament.reporting import Scored
from engine.tournament.standings import Standing
from engine.tournament.topcut import TopCut


def decimal4(value: Fraction) -> str:
    """A percentage as a decimal with 4 places (``0.6198``), rounded half up from the exact value."""
    scaled = value * 10_000
    whole = int(scaled + Fraction(1, 2)) if scaled >= 0 else -int(-scaled + Fraction(1, 2))
    return f"{whole // 10_000}.{whole % 10_000:04d}"


def fraction_text(value: Fraction) -> str:
    """An exact fraction as ``numerator/denominator``."""
    return f"{value.numerator}/{value.denominator}"


class ResultView(Scored, Protocol):
    """A table's result as the export reads it: its score and who reported and confirmed it."""

    @property
    def status(self) -> str: ...
    @property
    def reported_by(self) -> str: ...
    @property
    def confirmed_by(self) -> str | None: ...
    @property
    def overridden_by(self) -> str | None: ...


class TableView(Protocol):
    """A table of a Swiss round as the export reads it (``player_b`` ``None``: the bye)."""

    @property
    def table(self) -> int: ...
    @property
    def player_a(self) -> str: ...
    @property
    def name_a(self) -> str: ...
    @property
    def player_b(self) -> str | None: ...
    @property
    def name_b(self) -> str | None: ...
    @property
    def is_bye(self) -> bool: ...
    @property
    def result(self) -> ResultView | None: ...


@dataclass(frozen=True, slots=True)
class RoundData:
    """A Swiss round: its number, whether it is closed, its tables."""

    number: int
    closed: bool
    tables: Sequence[TableView]


@dataclass(frozen=True, slots=True)
class EventData:
    """An event's settings as the export shows them (``seed`` only once the event is finished)."""

    id: int
    name: str
    game: str
    format: str
    swiss_rounds: int
    top_cut: int
    round_minutes: int
    status: str
    tiebreaker_floor: Fraction
    seed_sha256: str
    seed: str | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    deck_rules: str = ""
    """The name of the deck rules its decklists were checked with ('': the game's rules document)."""
    deck_rules_label: str = ""
    """Those deck rules for people (``the English TCG's rules (a main deck of at least 40 cards)``)."""


@dataclass(frozen=True, slots=True)
class DecklistData:
    """A submitted decklist (``valid`` is ``None`` when it was not checked)."""

    player: str
    name: str | None
    valid: bool | None
    problems: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Export:
    """``data`` is the JSON document; ``files`` maps file names to their text (the JSON and the CSVs)."""

    data: dict[str, Any]
    files: dict[str, str]


def standing_json(row: Standing) -> dict[str, Any]:
    """One standings row with every tiebreaker as a 4-place decimal and as an exact fraction."""
    return {
        "rank": row.rank,
        "player": row.player_id,
        "name": row.name,
        "points": row.match_points,
        "record": row.record,
        "wins": row.wins,
        "losses": row.losses,
        "draws": row.draws,
        "byes": row.byes,
        "rounds": row.rounds_played,
        "game_points": row.game_points,
        "games": row.games_played,
        "mwp": decimal4(row.mwp),
        "omw": decimal4(row.omw),
        "gwp": decimal4(row.gwp),
        "ogw": decimal4(row.ogw),
        "exact": {
            "mwp": fraction_text(row.mwp),
            "omw": fraction_text(row.omw),
            "gwp": fraction_text(row.gwp),
            "ogw": fraction_text(row.ogw),
        },
        "opponents": list(row.opponents),
        "dropped": row.dropped,
    }


def match_json(m: TableView) -> dict[str, Any]:
    """One table of a round as JSON."""
    out: dict[str, Any] = {
        "table": m.table,
        "player_a": m.player_a,
        "name_a": m.name_a,
        "player_b": m.player_b,
        "name_b": m.name_b,
        "bye": m.is_bye,
    }
    if m.result is not None and not m.is_bye:
        r = m.result
        out["result"] = {
            "wins_a": r.wins_a,
            "wins_b": r.wins_b,
            "draws": r.draws,
            "double_loss": r.double_loss,
            "status": r.status,
            "reported_by": r.reported_by,
            "confirmed_by": r.confirmed_by,
            "overridden_by": r.overridden_by,
        }
    else:
        out["result"] = None
    return out


def top_cut_json(cut: TopCut) -> dict[str, Any]:
    """The bracket: seeds, every round known so far and the champion."""
    rounds = [
        [
            {
                "seed_a": m.seed_a,
                "player_a": m.player_a,
                "seed_b": m.seed_b,
                "player_b": m.player_b,
                "winner": m.winner,
            }
            for m in matches
        ]
        for matches in cut.known_rounds()
    ]
    return {"seeds": list(cut.seeds), "rounds": rounds, "champion": cut.champion}


def slug(name: str, event_id: int) -> str:
    """The files' stem: the event's name in lower case, non-alphanumerics as dashes."""
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-") or f"event-{event_id}"


def build_export(
    event: EventData,
    players: Sequence[Player],
    rounds: Sequence[RoundData],
    standings: Sequence[Standing],
    through_round: int,
    cut: TopCut | None,
    decklists: Sequence[DecklistData] | None,
) -> Export:
    """The JSON document and the CSV files of an event; ``decklists`` ``None`` leaves them out."""
    e = event
    data: dict[str, Any] = {
        "event": {
            "id": e.id,
            "name": e.name,
            "game": e.game,
            "format": e.format,
            "swiss_rounds": e.swiss_rounds,
            "top_cut": e.top_cut,
            "round_minutes": e.round_minutes,
            "status": e.status,
            "tiebreaker_floor": decimal4(e.tiebreaker_floor),
            "seed_sha256": e.seed_sha256,
            "seed": e.seed,
            "created_at": e.created_at,
            "started_at": e.started_at,
            "finished_at": e.finished_at,
            "deck_rules": {"name": e.deck_rules, "label": e.deck_rules_label},
        },
        "players": [
            {
                "player": p.id,
                "name": p.name,
                "late_from_round": p.late_from_round,
                "dropped_after_round": p.dropped_after_round,
            }
            for p in players
        ],
        "rounds": [
            {"round": r.number, "closed": r.closed, "matches": [match_json(m) for m in r.tables]}
            for r in rounds
        ],
        "standings": {"through_round": through_round, "rows": [standing_json(s) for s in standings]},
        "top_cut": None if cut is None else top_cut_json(cut),
    }
    if decklists is not None:
        data["decklists"] = [
            {
                "player": d.player,
                "name": d.name,
                "valid": d.valid,
                "problems": list(d.problems),
                "text": d.text,
            }
            for d in decklists
        ]
    stem = slug(e.name, e.id)
    files = {f"{stem}.json": json.dumps(data, ensure_ascii=False, indent=1)}
    files[f"{stem}-standings.csv"] = csv_text(
        ["rank", "player", "name", "points", "record", "omw", "gwp", "ogw", "mwp", "dropped"],
        [
            [
                s.rank,
                s.player_id,
                s.name,
                s.match_points,
                s.record,
                decimal4(s.omw),
                decimal4(s.gwp),
                decimal4(s.ogw),
                decimal4(s.mwp),
                "yes" if s.dropped else "",
            ]
            for s in standings
        ],
    )
    files[f"{stem}-rounds.csv"] = csv_text(
        [
            "round",
            "table",
            "player_a",
            "name_a",
            "player_b",
            "name_b",
            "wins_a",
            "wins_b",
            "draws",
            "double_loss",
            "status",
        ],
        [[r.number, *_table_cells(m)] for r in rounds for m in r.tables],
    )
    if decklists is not None:
        files[f"{stem}-decklists.csv"] = csv_text(
            ["player", "name", "valid", "problems", "decklist"],
            [
                [
                    d.player,
                    d.name,
                    {None: "", True: "yes", False: "no"}[d.valid],
                    "; ".join(d.problems),
                    d.text,
                ]
                for d in decklists
            ],
        )
    return Export(data, files)


def _table_cells(m: TableView) -> list[Any]:
    r = m.result
    score: tuple[Any, ...] = (
        (r.wins_a, r.wins_b, r.draws, "yes" if r.double_loss else "", r.status)
        if r
        else ("", "", "", "", "unreported")
    )
    return [m.table, m.player_a, m.name_a, m.player_b or "", m.name_b or "BYE", *score]


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A CSV file's text (``\\n`` line ends), every cell made safe with :func:`csv_safe`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([csv_safe(v) for v in row])
    return out.getvalue()


def csv_safe(value: Any) -> Any:
    """Keep a spreadsheet from running user text as a formula (a name like ``=HYPERLINK(...)``)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@") and not _is_number(value):
        return "'" + value
    return value


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
