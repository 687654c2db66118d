"""What each command does, shared by the Discord cogs and the offline console, one module per feature.

Every action returns a :class:`~bot.reply.Reply`; an :class:`~engine.errors.ArbiterError` raised inside
one becomes a one-sentence refusal in one place (:func:`~bot.actions.common.replies`). Call sites use
``from bot import actions; actions.rule(...)``: this package re-exports every feature's actions.
"""

from __future__ import annotations

from bot.actions.cards import card, card_alias, card_query_problem, cards_import, cards_search
from bot.actions.common import refusing, replies
from bot.actions.rules import SEARCH_LIMIT, keyword, rule, search
from bot.actions.settings import set_board_picture, set_game
from bot.actions.targets import open_target
from bot.actions.tournaments import (
    parse_floor,
    parse_score,
    tournament_add_player,
    tournament_cancel,
    tournament_confirm,
    tournament_create,
    tournament_decklist,
    tournament_dispute,
    tournament_drop,
    tournament_export,
    tournament_export_decklists,
    tournament_info,
    tournament_list,
    tournament_log,
    tournament_missing,
    tournament_organizer_role,
    tournament_pair,
    tournament_pairings,
    tournament_players,
    tournament_register,
    tournament_registration,
    tournament_reminders,
    tournament_remove_player,
    tournament_report,
    tournament_result,
    tournament_settings,
    tournament_standings,
    tournament_start,
    tournament_submit_decklist,
    tournament_time,
    tournament_topcut,
)

__all__ = [
    "SEARCH_LIMIT",
    "card",
    "card_alias",
    "card_query_problem",
    "cards_import",
    "cards_search",
    "keyword",
    "open_target",
    "parse_floor",
    "parse_score",
    "refusing",
    "replies",
    "rule",
    "search",
    "set_board_picture",
    "set_game",
    "tournament_add_player",
    "tournament_cancel",
    "tournament_confirm",
    "tournament_create",
    "tournament_decklist",
    "tournament_dispute",
    "tournament_drop",
    "tournament_export",
    "tournament_export_decklists",
    "tournament_info",
    "tournament_list",
    "tournament_log",
    "tournament_missing",
    "tournament_organizer_role",
    "tournament_pair",
    "tournament_pairings",
    "tournament_players",
    "tournament_register",
    "tournament_registration",
    "tournament_reminders",
    "tournament_remove_player",
    "tournament_report",
    "tournament_result",
    "tournament_settings",
    "tournament_standings",
    "tournament_start",
    "tournament_submit_decklist",
    "tournament_time",
    "tournament_topcut",
]
