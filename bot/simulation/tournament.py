"""A whole simulated event, driven through :class:`~bot.services.tournaments.TournamentService` as its
players and organizer would (``arbiter simulate``, the tests and the benchmarks use it): registrations,
late entries, every way of reporting a result, drops, the top cut, with results drawn from a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from bot.services.tournaments import (
    Actor,
    EventInfo,
    PlayerInfo,
    RoundInfo,
    StandingsInfo,
    TopCutInfo,
    TournamentService,
)
from bot.store.database import Database
from engine.tournament import MatchFormat, TournamentError
from engine.tournament.export import decimal4, match_json, standing_json


@dataclass(frozen=True, slots=True)
class SimulatedRound:
    """A simulated Swiss round: its final tables, who entered late before it and who dropped in it."""

    info: RoundInfo
    late_entries: tuple[str, ...]
    drops: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Simulation:
    event: EventInfo
    rounds: tuple[SimulatedRound, ...]
    standings: StandingsInfo
    top_cut: TopCutInfo | None
    players: tuple[PlayerInfo, ...] = ()
    """The roster: every player with when they entered and dropped."""


_BO3_OUTCOMES: Final = (
    ((2, 0, 0), 30),
    ((2, 1, 0), 25),
    ((1, 2, 0), 25),
    ((0, 2, 0), 30),
    ((1, 1, 1), 8),
    ((1, 1, 0), 5),
    ((1, 0, 1), 4),
    ((0, 0, 3), 2),
)
_BO1_OUTCOMES: Final = (((1, 0, 0), 45), ((0, 1, 0), 45), ((0, 0, 1), 10))


async def simulate_event(
    database: Database,
    *,
    players: int,
    rounds: int | None = None,
    drops: int | None = None,
    late: int = 0,
    seed: str = "0",
    top_cut: int = 0,
    game: str = "vanguard",
    format: MatchFormat | str = MatchFormat.BO3,
    guild_id: int = 0,
) -> Simulation:
    """Run a whole event through :class:`TournamentService` on ``database`` with random results drawn
    from ``seed``: registrations, the start, every round paired, reported and confirmed the ways players
    do (a report confirmed, two matching reports, a dispute settled by an organizer, an organizer's
    entry), draws, at least one double loss, ``drops`` drops (default: one player in 16, at least one;
    some right after a pairing, conceding their match, some between rounds), ``late`` late entries, and
    the top cut when ``top_cut`` is 4, 8 or 16. The clock is simulated (50-minute rounds from a fixed
    date), so the same arguments always give the same event."""
    if players < 2:
        raise TournamentError("A simulated event needs at least two players.")
    drops = max(1, players // 16) if drops is None else drops
    if not 0 <= drops <= players - 2:
        raise TournamentError(f"{players} players allow between 0 and {players - 2} drops.")
    if late < 0:
        raise TournamentError("The number of late entries cannot be negative.")
    rng = random.Random(f"arbiter-simulation:{seed}")
    moment = [datetime(2025, 1, 3, 18, 0, tzinfo=UTC)]
    service = TournamentService(database, clock=lambda: moment[0])
    organizer = Actor("organizer", guild_id, is_organizer=True)
    event = await service.create_event(
        organizer,
        f"Simulated event {seed}",
        game,
        format=format,
        rounds=rounds,
        top_cut=top_cut,
        seed=str(seed),
    )
    ids = [f"{100 + i}" for i in range(1, players + 1)]
    width = len(str(players + late))
    for index, pid in enumerate(ids, start=1):
        await service.register(Actor(pid, guild_id), event.id, f"Player {index:0{width}d}")
    started = await service.start_event(organizer, event.id)
    total = started.event.swiss_rounds
    fmt = started.event.format
    outcomes = _BO3_OUTCOMES if fmt is MatchFormat.BO3 else _BO1_OUTCOMES

    drop_plan: dict[int, list[tuple[str, bool]]] = {}
    for pid in rng.sample(ids, drops):
        at = rng.randint(1, total)
        # A drop after the last round of an event without a top cut would come after its end.
        right_away = rng.random() < 0.5 or (at == total and not top_cut)
        drop_plan.setdefault(at, []).append((pid, right_away))
    late_plan: dict[int, list[str]] = {}
    if total > 1:
        for index in range(late):
            late_plan.setdefault(rng.randint(2, total), []).append(f"{100 + players + index + 1}")
    double_loss_round = rng.randint(1, total)
    played: list[SimulatedRound] = []
    for number in range(1, total + 1):
        entered = []
        for pid in late_plan.get(number, []):
            name = f"Player {int(pid) - 100:0{width}d}"
            await service.add_player(organizer, event.id, pid, name)
            entered.append(name)
        current = await service.pair_next_round(organizer, event.id)
        moment[0] += timedelta(minutes=5)
        dropped: list[str] = []
        planned = drop_plan.get(number, [])
        for pid, right_away in planned:
            if right_away:
                outcome = await service.drop(Actor(pid, guild_id), event.id)
                dropped.append(outcome.name)
        need_double_loss = number == double_loss_round
        for match in current.matches:
            if match.is_bye or match.player_b is None:
                continue
            if any(pid in match.players and right_away for pid, right_away in planned):
                continue  # conceded by the drop
            a, b = Actor(match.player_a, guild_id), Actor(match.player_b, guild_id)
            if need_double_loss:
                await service.report_result(a, event.id, 0, 0, 0, double_loss=True)
                await service.confirm_result(b, event.id)
                need_double_loss = False
                continue
            score = rng.choices([o for o, _ in outcomes], weights=[w for _, w in outcomes])[0]
            wins, losses, draws = score
            way = rng.random()
            if way < 0.7:
                await service.report_result(a, event.id, wins, losses, draws)
                await service.confirm_result(b, event.id)
            elif way < 0.85:
                await service.report_result(b, event.id, losses, wins, draws)
                await service.report_result(a, event.id, wins, losses, draws)
            elif way < 0.95:
                await service.report_result(a, event.id, wins, losses, draws)
                await service.dispute_result(b, event.id, "we remember it differently")
                await service.enter_result(organizer, event.id, match.player_a, wins, losses, draws)
            else:
                await service.enter_result(organizer, event.id, match.player_a, wins, losses, draws)
        moment[0] += timedelta(minutes=45)
        for pid, right_away in planned:
            if not right_away:
                outcome = await service.drop(Actor(pid, guild_id), event.id)
                dropped.append(outcome.name)
        moment[0] += timedelta(minutes=10)
        info = await service.pairings(organizer, event.id, number)
        played.append(SimulatedRound(info, tuple(entered), tuple(dropped)))
    standings = await service.standings(organizer, event.id)
    cut_info: TopCutInfo | None = None
    if top_cut:
        cut_info = await service.start_top_cut(organizer, event.id)
        while cut_info.current_round is not None:
            for bracket in cut_info.current_matches:
                if bracket.winner is not None or bracket.player_a is None or bracket.player_b is None:
                    continue
                winner, loser = (
                    (bracket.player_a, bracket.player_b)
                    if rng.random() < 0.6
                    else (bracket.player_b, bracket.player_a)
                )
                reporter = Actor(loser, guild_id) if rng.random() < 0.5 else organizer
                cut_info = await service.record_top_cut_winner(reporter, event.id, winner)
    return Simulation(
        await service.event(organizer, event.id),
        tuple(played),
        standings,
        cut_info,
        tuple(await service.players(organizer, event.id)),
    )


def simulation_json(sim: Simulation) -> dict[str, Any]:
    """A simulation as JSON: the event, every round (late entries, drops, tables and results), the
    roster (when each player entered and dropped), the final standings with every tiebreaker
    (4-place decimals and exact fractions) and the top cut."""
    e = sim.event
    data: dict[str, Any] = {
        "event": {
            "name": e.name,
            "game": e.game,
            "format": e.format.value,
            "swiss_rounds": e.swiss_rounds,
            "top_cut": e.top_cut,
            "tiebreaker_floor": decimal4(e.tiebreaker_floor),
            "status": e.status,
        },
        "rounds": [
            {
                "round": r.info.number,
                "late_entries": list(r.late_entries),
                "drops": list(r.drops),
                "matches": [match_json(m) for m in r.info.matches],
            }
            for r in sim.rounds
        ],
        "players": [
            {
                "player": p.user_id,
                "name": p.name,
                "late_from_round": p.late_from_round,
                "dropped_after_round": p.dropped_after_round,
            }
            for p in sim.players
        ],
        "standings": [standing_json(row) for row in sim.standings.rows],
        "top_cut": None,
    }
    if sim.top_cut is not None:
        data["top_cut"] = {
            "rounds": [
                [
                    {
                        "seed_a": m.seed_a,
                        "name_a": m.name_a,
                        "seed_b": m.seed_b,
                        "name_b": m.name_b,
                        "winner": m.winner,
                    }
                    for m in matches
                ]
                for matches in sim.top_cut.rounds
            ],
            "champion": sim.top_cut.champion_name,
        }
    return data
