"""An object with nothing to carry out resolves by itself (605.1, 702.3): once both players passed, a
resonator, addition or regalia whose card data shows no text to carry out as it enters goes into the
field without its controller's "Resolve", as an automatic ``fow_resolve`` in the log, checked like an
automatic pass; a chant (703.3), an ability, a card with such text or without card data waits for it,
and so does a player who keeps the ``my_resolve`` stop or full control."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.model import CardRecord
from engine.match.actions import PassPriority, SetStops
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill import stats_from_record
from engine.match.games.forceofwill.actions import PlayCard, Resolve
from engine.match.games.forceofwill.board import chase_entries
from engine.match.games.forceofwill.spec import MAIN, S_MAIN
from engine.match.render import render_all
from engine.match.replay import replay_from
from engine.match.state import CardRef, MatchState
from engine.match.stops import automatic_pass, automatic_passes
from engine.match.view import view
from tests.engine.match.games.forceofwill.helpers import card, deck, find, new, place, play, started, to_main
from tests.property_costs import SERVICE

KINDS = ("resonator", "addition", "regalia", "chant", None)


def _decks(*cards: CardRef) -> list[dict[str, list[CardRef]]]:
    alice = deck("Alice")
    alice["deck"][: len(cards)] = list(cards)
    return [alice, deck("Bob")]


def _played(thing: CardRef, *stops: SetStops) -> MatchState:
    """Alice plays ``thing`` (paying nothing: no cost in its card data) in her main phase, after the
    stop changes ``stops``; Bob, at his default stop on her chase, has not passed yet."""
    state = to_main(started(decks=_decks(thing)))
    for change in stops:
        state = apply(state, change.model_copy(update={"version": state.version}))[0]
    state = place(state, thing.name, zone="hand")
    return play(state, PlayCard, 0, card=find(state, thing.name))


def _answered(state: MatchState) -> MatchState:
    """Both players pass, each by hand where they hold a stop and by itself elsewhere, until the top of
    the chase resolves; then what the match does by itself."""
    for _ in range(6):
        if state.board.data("resolving") is not None or not chase_entries(state.board):
            break
        run = automatic_passes(state)
        state = run[-1][1] if run else play(state, PassPriority, state.board.priority)
    run = automatic_passes(state)
    return run[-1][1] if run else state


def test_a_resonator_enters_the_field_by_itself_702_3() -> None:
    """605.1, 702.3: both passed, Alice's resonator just enters the field; the log says it had nothing
    to carry out, and Alice holds priority in her main phase again."""
    striker = card("Striker", type="resonator", atk=800, **{"def": 600})
    state = _played(striker)
    state = play(state, PassPriority, 0)
    after = play(state, PassPriority, 1)
    action = automatic_pass(after)
    assert action == Resolve(actor=0, version=after.version, auto=True)
    done, made = apply(after, action)
    assert not chase_entries(done.board) and done.board.data("resolving") is None
    assert find(done, "Striker").zone == "field" and automatic_pass(done) is None
    assert (done.board.phase, done.board.step, done.board.priority) == (MAIN, S_MAIN, 0)
    assert render_all(made, done, 1) == ["Striker enters the field: it has nothing to carry out (702.3)."]


def test_a_chant_waits_for_its_controller_703_3() -> None:
    """703.3: a chant's text is performed when it resolves: Alice carries it out and finishes it; no
    automatic resolution is made or accepted for it."""
    bolt = card("Bolt", type="chant")
    state = _answered(_played(bolt))
    assert state.board.data("resolving") is not None and automatic_pass(state) is None
    forged = Resolve(actor=0, version=state.version, auto=True)
    try:
        apply(state, forged)
    except ActionRefused as refusal:
        assert "not a pass the match makes by itself" in str(refusal)
    else:  # pragma: no cover - the failure
        raise AssertionError("a forged automatic resolution was accepted")


def test_text_to_carry_out_as_it_enters_waits_702_3b() -> None:
    """702.3b-c: a resonator whose text its controller carries out as it enters (``enter_text``), and a
    card without card data (no type: where it goes is the player's to say), wait for "Resolve"."""
    for thing in (card("Chooser", type="resonator", enter_text=1), card("Mystery")):
        state = _answered(_played(thing))
        assert state.board.data("resolving") is not None and automatic_pass(state) is None


def test_the_my_resolve_stop_and_full_control_keep_it_by_hand() -> None:
    """A player who keeps the ``my_resolve`` stop (or full control) finishes the resolution by hand."""
    striker = card("Striker", type="resonator")
    for change in (
        SetStops(actor=0, version=0, add="my_resolve"),
        SetStops(actor=0, version=0, full_control=True),
    ):
        state = _answered(_played(striker, change))
        assert state.board.data("resolving") is not None and automatic_pass(state) is None
        state = play(state, Resolve, 0)
        assert find(state, "Striker").zone == "field"


def test_the_automatic_resolution_replays_and_undoes_with_the_pass_before_it() -> None:
    """The automatic resolution replays exactly (:func:`replay_from` checks it as it checks automatic
    passes); it joins the undo step of Bob's pass that let it resolve, so undoing that pass puts the
    resonator back on the chase."""
    striker = card("Striker", type="resonator")
    state = play(_played(striker), PassPriority, 0)
    passed = play(state, PassPriority, 1)
    (action, done, _), *_ = automatic_passes(passed)
    assert action.auto and isinstance(action, Resolve)
    assert done.undo_version == passed.undo_version and done.undo_actor == 1
    assert done.undo_base is passed.undo_base and chase_entries(done.undo_base)
    assert replay_from(passed, [action]).board == done.board


def test_the_window_reads_only_what_both_players_see() -> None:
    """docs/architecture.md, "Passing priority without telling": whether the resolution is made by itself is
    read from the spectator's view (the card face up on the chase), the same whatever the hands hold."""
    striker = card("Striker", type="resonator")
    state = _answered_until_resolving(striker)
    public = view(state, None)
    assert public["game_data"]["enters_alone"] is True
    assert view(state, 1)["game_data"]["enters_alone"] is True


def _answered_until_resolving(thing: CardRef) -> MatchState:
    state = _played(thing, SetStops(actor=0, version=0, add="my_resolve"))
    return _answered(state)


@settings(SERVICE)
@given(
    kind=st.sampled_from(KINDS),
    text=st.booleans(),
    stop=st.booleans(),
    full=st.booleans(),
)
def test_what_resolves_by_itself(kind: str | None, text: bool, stop: bool, full: bool) -> None:
    """Property: after both pass, the match finishes the resolution by itself exactly for a resonator,
    addition or regalia without text to carry out as it enters, when its controller has neither the
    ``my_resolve`` stop nor full control; and the card then is in the field, else still resolving."""
    stats = {} if kind is None else {"type": kind}
    if text:
        stats["enter_text"] = 1
    thing = card("Thing", **stats)
    changes = []
    if stop:
        changes.append(SetStops(actor=0, version=0, add="my_resolve"))
    if full:
        changes.append(SetStops(actor=0, version=0, full_control=True))
    state = _answered(_played(thing, *changes))
    alone = kind in ("resonator", "addition", "regalia") and not text and not stop and not full
    if alone:
        assert state.board.data("resolving") is None and find(state, "Thing").zone == "field"
        assert state.last_action is not None and state.last_action.auto
    else:
        assert state.board.data("resolving") is not None and automatic_pass(state) is None


def test_card_data_says_what_is_carried_out_as_it_enters() -> None:
    """``enter_text`` (702.3a-c): "as this card enters the field", "enters the field rested" or "with
    counters", [Awakening], an addition added to a J/resonator; not an [Enter] ability (a new chase
    object, 702.3e), a plain resonator or an "Addition: Field"."""

    def flag(types: list[str], text: str) -> bool:
        record = CardRecord(game="forceofwill", code="T-1", name="Test", types=types, text=text)
        return dict(stats_from_record(record)).get("enter_text") == 1

    assert flag(["Resonator"], "As this card enters the field, choose an attribute.")
    assert flag(["Resonator"], "This card enters the field rested.")
    assert flag(["Resonator"], "This card enters the field with two divine bow counters on it.")
    assert flag(["Resonator"], "[Awakening] {R}: This card gains [+200/+200].")
    assert flag(["Addition:Resonator"], "[Continuous]: Flying.")
    assert flag(["Addition"], "Added resonator gains [+200/+200].")
    assert not flag(["Resonator"], "[Enter] >>> Draw a card.")
    assert not flag(["Resonator"], "")
    assert not flag(["Addition:Field"], "[Continuous]: Resonators you control gain [+100/+100].")
    assert not flag(["Chant"], "As this card enters the field, choose.")  # only entities enter


def test_new_matches_start_without_the_stop() -> None:
    """``my_resolve`` is no default stop."""
    state = new()
    from engine.match.stops import stops_of

    assert "my_resolve" not in stops_of(state, 0)
