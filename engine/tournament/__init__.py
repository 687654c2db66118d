"""The Swiss tournament engine: pure, synchronous, deterministic (docs/architecture.md, Layers).

- :mod:`.model`: :class:`Player`, :class:`MatchResult`, :class:`Pairing`, :class:`EventConfig`,
  :func:`default_rounds`.
- :mod:`.standings`: :func:`compute_standings` and the MTR Appendix C tiebreakers (formulas there).
- :mod:`.pairing`: :func:`pair_round`, score groups with exact rematch avoidance, byes.
- :mod:`.topcut`: :func:`start_top_cut` and the single-elimination :class:`TopCut`.
- :mod:`.lifecycle`: :class:`EventStatus` and the table of what each status allows.
- :mod:`.reporting`: result reporting as pure transitions (report, confirm, dispute, enter, concede;
  the top cut's reports and corrections).
- :mod:`.export`: the event's JSON and CSV content.
- :mod:`.wording`: how sentences count (``1 table``, ``round 1``, ``rounds 1-3``).

Every refusal is a :class:`TournamentError` (an :class:`~engine.errors.ArbiterError`) with one
sentence for the organiser.
"""

from engine.tournament.errors import TournamentError
from engine.tournament.lifecycle import Command, EventStatus
from engine.tournament.model import (
    DEFAULT_FLOOR,
    EventConfig,
    MatchFormat,
    MatchResult,
    Pairing,
    Player,
    PlayerId,
    default_rounds,
)
from engine.tournament.pairing import History, pair_round, swiss_pairs, swiss_rounds_total
from engine.tournament.reporting import ReportKey, ResultStatus
from engine.tournament.standings import Standing, check_event, compute_standings, standing_key, tie_key
from engine.tournament.topcut import BracketMatch, TopCut, bracket_order, start_top_cut

__all__ = [
    "DEFAULT_FLOOR",
    "BracketMatch",
    "Command",
    "EventConfig",
    "EventStatus",
    "History",
    "MatchFormat",
    "MatchResult",
    "Pairing",
    "Player",
    "PlayerId",
    "ReportKey",
    "ResultStatus",
    "Standing",
    "TopCut",
    "TournamentError",
    "bracket_order",
    "check_event",
    "compute_standings",
    "default_rounds",
    "pair_round",
    "standing_key",
    "start_top_cut",
    "swiss_pairs",
    "swiss_rounds_total",
    "tie_key",
]
