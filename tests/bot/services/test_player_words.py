"""Each game's player words hold against its real rules document: every document term occurs in it,
every linked rule exists, and the search reads the words as the file says."""

from __future__ import annotations

import pytest

from bot.app import App
from engine.games import GAMES
from engine.rules.player_words import player_words
from engine.rules.search import crude_stem, tokenize


@pytest.mark.parametrize("game", list(GAMES))
async def test_words_file_matches_the_document(app: App, game: str) -> None:
    terms = player_words(game)
    assert len(terms) >= 60
    game_index = app.rules.game_index(GAMES[game])
    searched = (game_index.default, *game_index.updates)
    ids = {rule_id for index in searched for rule_id in index.by_id}
    texts = " \n ".join(
        " ".join(crude_stem(w) for w in tokenize(f"{text.title} . {text.body}"))
        for index in searched
        for text in index.texts
    )
    padded = f" {texts} "
    for term in terms:
        for form in term.means:
            stems = " ".join(crude_stem(w) for w in form.split())
            assert f" {stems} " in padded, f"{game}: '{form}' ({term.say[0]}) is not in the document"
        missing = [r for r in term.rules if r not in ids]
        assert not missing, f"{game}: '{term.say[0]}' links missing rules {missing}"


@pytest.mark.parametrize("game", list(GAMES))
async def test_every_said_form_reads_as_its_term(app: App, game: str) -> None:
    lexicon = app.rules.game_index(GAMES[game]).lexicon
    for term in player_words(game):
        for said in term.say:
            reading = lexicon.read(said)
            forms = {form for concept in reading.concepts for form in concept.alternatives}
            assert forms & set(term.means), f"{game}: '{said}' does not read as {term.means}"
