"""What a Force of Will player may do now, as offers (:mod:`engine.match.offers`), ordered for a phone.

Who may act comes from the same predicate as the definition's turn check
(:func:`.priority.structure_problem`: 405.5, 505.5, 601.1, 605.1), and each offer from the predicate
its handler refuses with (``*_problem``, :func:`.will.card_will`, :func:`.chase.payments`), so an
offer taken with any of its choices is accepted:

- ``now``, the decision the game waits for: keep or mulligan (405.5a); the discard down to seven
  (505.5); finishing the resolution of the chase object one carries out (605.1, 702.3, 703.3); in the
  declare attack step the attack or no attack (803.3), in the declare block step the block or no block
  (804.3); passing priority (601.1, 605.1: with an object on the chase, both passing resolves it);
- ``main``: producing will (907, 1119.2), playing a card from the hand for a payment the produced
  will covers now, or covers with the will of cards rested in the same offer (903.2f, 903.2l-1, 204.1,
  907.2: only recovered cards whose will the card data fixes, as many as the will lacks, at least as
  many of each specified will as it lacks; only cards that may be played now, 604), calling a magic
  stone (710.1), judgment (705.1, paid the same way), initiating a battle (704.1), putting an ability
  on the chase (903);
- ``more``: keeping or mulliganing with abilities that trigger as the game's first draw phase begins
  (502.1-502.2); playing a card or a judgment with a declared cost change and its payment, any part of
  the produced will, in one offer (903.2k-1 to 903.2k-4); paying will (1003), damage from an effect
  (1007), a resolving card sent elsewhere than its rule says, and the generic actions the turn's
  structure lets through (the manual ones: card text is the players' to carry out).

Cards are positions: attack targets are the opponent's cards the seat knows; a seat's offers read its
own hand (what it may play) and public cards only. Picks read in words: payments ("fire and 1 will of
any kind", "nothing"), where a resolving card goes, players by name.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, get_args

from engine.match.actions import ACTION_TYPES, BaseAction, CardAt, PassPriority
from engine.match.games.forceofwill import card_text
from engine.match.games.forceofwill.actions import (
    Attack,
    Block,
    CallStone,
    DealDamage,
    Destination,
    Discard,
    InitiateBattle,
    Judgment,
    Mulligan,
    Payment,
    PayWill,
    PlayAbility,
    PlayCard,
    Produce,
    Resolve,
    Will,
)
from engine.match.games.forceofwill.battle import (
    attack_keywords,
    attack_problem,
    attacker_problem,
    battle_problem,
    block_problem,
    blocker_problem,
    missing_stats,
    target_problem,
)
from engine.match.games.forceofwill.board import battle_of, chase_entries, jrulers, pool_of
from engine.match.games.forceofwill.chase import (
    cost_text,
    judgment_problem,
    payment_words,
    payments,
    play_problem,
    pool_parts,
    resolve_problem,
    resolving_card,
    will_lacking,
)
from engine.match.games.forceofwill.priority import structure_problem
from engine.match.games.forceofwill.spec import (
    ATTRIBUTES,
    ENTITY_TYPES,
    MAIN,
    S_ATTACK,
    S_BLOCK,
    SPEC,
    Cost,
    card_cost,
    card_type,
    judgment_cost,
)
from engine.match.games.forceofwill.will import call_problem, card_will, coin_problem, definite_will
from engine.match.offers import (
    AtLeast,
    CardsNeed,
    Destinations,
    Group,
    Need,
    NumberNeed,
    Offer,
    PickNeed,
    TextNeed,
    split_moves,
)
from engine.match.state import MatchState

STAT_MOST = 100_000
"""The largest ATK or DEF a player enters (the actions' bound)."""
DAMAGE_MOST = 1_000_000
"""The largest damage an effect deals (the action's bound)."""
_PLACES = {
    "field": "the field",
    "graveyard": "its owner's graveyard",
    "removed": "its owner's removed area",
    "hand": "its owner's hand",
    "deck": "the top of its owner's deck",
    "outside": "outside the game",
}
"""Where a resolving card may go (702.3, 703.3, or its text), as a player reads it."""
_PARTS_MOST = 64
"""The most payments a changed cost offers to choose from (parts of the produced will)."""


def seat_offers(state: MatchState, seat: int, generic: Sequence[Offer]) -> list[Offer]:
    """``seat``'s offers (see the module doc): the game's own, then the generic ones the turn's
    structure lets through, the generic pass replaced by the game's. Only the generic answers while
    an undo request waits."""
    now = _Now(state, seat)
    classes = _classes(len(ACTION_TYPES))
    kept = [
        offer for offer in generic if offer.type != _PASS and now.may(classes.get(offer.type, BaseAction))
    ]
    if state.undo_request is not None:
        return kept
    kept = [split for o in kept for split in split_moves(state, seat, o, _where(state, seat))]
    more = _more(now)
    damage = [offer for offer in more if offer.type == "fow_damage"]
    text = [
        offer
        for offer in card_text.offers(state, seat, damage, _where(state, seat))
        if now.may(classes.get(offer.type, BaseAction))
    ]
    more = [offer for offer in more if offer.type != "fow_damage"]
    return [*_decisions(now), *_main(now), *text, *more, *kept]


_ZONES = frozenset(zone.name for zone in SPEC.zones)
_KINDS: dict[str | None, Destinations] = {
    None: ("", _ZONES - {"ruler_area", "stone_deck"}),
    "ruler": ("rulers", _ZONES - {"stone_deck"}),
    "magic stone": ("magic stones", _ZONES - {"ruler_area"}),
    "chant": ("chants and runes", _ZONES - {"ruler_area", "stone_deck", "field"}),
    "rune": ("chants and runes", _ZONES - {"ruler_area", "stone_deck", "field"}),
    **{kind: ("", _ZONES - {"ruler_area", "stone_deck"}) for kind in ENTITY_TYPES},
}
"""Where each type of card may go: the field holds entities (J-rulers, magic stones, resonators,
additions, regalia: 307.1), a ruler area rulers (308.1), a magic stone deck magic stones (305, 302)."""
_UNTYPED: Destinations = ("cards without card data", None)


def _where(state: MatchState, seat: int) -> Callable[[CardAt, int], Destinations]:
    """Where a card may go (:func:`engine.match.offers.split_moves`): by its card data's type when
    ``seat`` knows the card, else by its zone (a card of a magic stone deck is a magic stone; one of a
    deck or a hand may be any card of a main deck)."""
    table = state.match.table
    cards = state.board.cards

    def where(at: CardAt, card_id: int) -> Destinations:
        if not state.knows(seat, card_id):
            return _KINDS["magic stone" if at.zone == "stone_deck" else None]
        kind = card_type(table[cards[card_id].ref])
        return _UNTYPED if kind is None else _KINDS.get(kind, _KINDS[None])

    return where


_PASS = PassPriority.model_fields["type"].default


@functools.cache
def _classes(count: int) -> dict[str, type[BaseAction]]:
    """Action classes by type tag (``count``: how many types are registered, so a new one is seen)."""
    return {cls.model_fields["type"].default: cls for cls in ACTION_TYPES}


class _Now:
    """One seat's view of the state while its offers are computed: positions listed once, and the
    turn's structure asked once per action type."""

    def __init__(self, state: MatchState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self._may: dict[type[BaseAction], bool] = {}
        self.field = [
            (CardAt(zone="field", player=None, index=i), c) for i, c in enumerate(state.zone("field"))
        ]
        cards = state.board.cards
        self.own_field = [(at, c) for at, c in self.field if cards[c].controller == seat]
        self.hand = tuple(
            CardAt(zone="hand", player=seat, index=i) for i in range(len(state.zone("hand", seat)))
        )

    def may(self, cls: type[BaseAction]) -> bool:
        """Whether the turn's structure lets the seat take an action of type ``cls`` now."""
        known = self._may.get(cls)
        if known is None:
            known = self._may[cls] = structure_problem(self.state, cls, self.seat) is None
        return known


# now ------------------------------------------------------------------------------------------------


def _decisions(now: _Now) -> list[Offer]:
    """The decision the game waits for from the seat (group ``now``)."""
    state, seat = now.state, now.seat
    out: list[Offer] = []
    if now.may(Mulligan):
        out.append(Offer("fow_mulligan", "Keep", "now", fixed=(("cards", ()),), rule="405.5a"))
        need = CardsNeed(
            "cards", now.hand, 1, len(now.hand), single=False, indexes=True, label="cards to shuffle"
        )
        if now.hand:
            out.append(Offer("fow_mulligan", "Mulligan", "now", needs=(need,), rule="405.5a"))
        # 502.1-502.2: abilities that trigger as the first draw phase begins open its priority sequence
        triggers = (("triggers", True),)
        label = 'with "at the beginning of the game" triggers'
        out.append(
            Offer("fow_mulligan", f"Keep, {label}", "more", fixed=(("cards", ()), *triggers), rule="502.1")
        )
        if now.hand:
            out.append(
                Offer(
                    "fow_mulligan", f"Mulligan, {label}", "more", fixed=triggers, needs=(need,), rule="502.1"
                )
            )
    if now.may(Discard):
        count = int(state.board.data("discard", 0) or 0)
        if 0 < count <= len(now.hand):
            need = CardsNeed(
                "cards", now.hand, count, count, single=False, indexes=True, label="cards to discard"
            )
            out.append(Offer("fow_discard", "Discard", "now", needs=(need,), rule="505.5"))
    if now.may(Resolve):
        out.extend(_resolve(now))
    if now.may(Attack) and attack_problem(state, seat) is None:
        out.extend(_attacks(now))
    if now.may(Block) and block_problem(state, seat) is None:
        out.extend(_blocks(now))
    if now.may(PassPriority):
        out.append(Offer("pass_priority", _pass_label(state, seat), "now", rule="605.1"))
    return out


def _pass_label(state: MatchState, seat: int) -> str:
    """What passing means here: no attack (803.3), no block (804.3), or passing priority (605.1)."""
    board = state.board
    battle = battle_of(board)
    if battle is not None and board.phase == MAIN and not chase_entries(board):
        if board.step == S_ATTACK and seat == board.active and not battle.get("declared"):
            return "No attack"
        if (
            board.step == S_BLOCK
            and seat != board.active
            and battle.get("attacker") is not None
            and battle.get("blocker") is None
        ):
            return "No block"
    return "Pass"


def _resolve(now: _Now) -> list[Offer]:
    """605.1: the controller finishes carrying out the resolving object; a card goes where 702.3 or
    703.3 says, or where its text says (``to``)."""
    state, seat = now.state, now.seat
    out: list[Offer] = []
    default = resolve_problem(state, seat, None) is None
    if default:
        out.append(Offer("fow_resolve", "Resolve", "now", rule="605.1"))
    if resolving_card(state) is not None:
        places = tuple(to for to in get_args(Destination) if resolve_problem(state, seat, to) is None)
        if places:
            group: Group = "more" if default else "now"
            pick = PickNeed("to", places, "where it goes", labels=tuple(_PLACES[to] for to in places))
            out.append(Offer("fow_resolve", "Resolve to a zone", group, needs=(pick,), rule="605.1"))
    return out


def _attacks(now: _Now) -> list[Offer]:
    """803.3: attack the opponent or one of their rested J/resonators (any, with [Precision], 1104.2)
    with a recovered J/resonator controlled since the start of the turn; ATK and DEF the card data
    lacks are entered (207.2, 208.2)."""
    state, seat = now.state, now.seat
    attackers = [(at, c) for at, c in now.own_field if isinstance(attacker_problem(state, seat, at), int)]
    if not attackers:
        return []
    lacking = {c for _, c in (*attackers, *now.field) if missing_stats(state, c)}
    free = frozenset({"atk", "defense", "keywords", "because"})
    out: list[Offer] = []
    complete = tuple(at for at, c in attackers if c not in lacking)
    if complete:
        need = CardsNeed("attacker", complete, label="attacker")
        out.append(Offer("fow_attack", "Attack", "now", needs=(need,), free=free, rule="803.3"))
    for at, c in attackers:
        if c in lacking:
            fixed = (("attacker", at),)
            out.append(
                Offer(
                    "fow_attack",
                    "Attack",
                    "now",
                    fixed=fixed,
                    needs=_stats(state, c),
                    free=free,
                    rule="803.3",
                )
            )
    free = free | {"target_atk", "target_defense"}
    label = "Attack a J/resonator"
    grouped: dict[tuple[CardAt, ...], list[CardAt]] = {}
    for at, c in attackers:
        targets = _targets(now, attack_keywords(state, c))
        whole = tuple(t for t, target_id in targets if target_id not in lacking)
        if whole and c not in lacking:
            grouped.setdefault(whole, []).append(at)
        for target, target_id in targets:
            if c in lacking or target_id in lacking:
                needs = (*_stats(state, c), *_stats(state, target_id, "target_"))
                both = (("attacker", at), ("target", target))
                out.append(
                    Offer("fow_attack", label, "now", fixed=both, needs=needs, free=free, rule="803.3")
                )
    for whole, group in grouped.items():
        pair: tuple[Need, ...] = (
            CardsNeed("attacker", tuple(group), label="attacker"),
            CardsNeed("target", whole, label="J/resonator to attack"),
        )
        out.append(Offer("fow_attack", label, "now", needs=pair, free=free, rule="803.3"))
    return out


def _targets(now: _Now, keywords: set[str]) -> list[tuple[CardAt, int]]:
    """The opponent's J/resonators the seat knows that an attacker with ``keywords`` may attack."""
    state, seat = now.state, now.seat
    cards = state.board.cards
    return [
        (at, c)
        for at, c in now.field
        if cards[c].controller != seat
        and state.knows(seat, c)
        and isinstance(target_problem(state, seat, at, keywords), int)
    ]


def _blocks(now: _Now) -> list[Offer]:
    """804.3: block with a recovered J/resonator other than the attacked one ([Flying], 1107.2)."""
    state, seat = now.state, now.seat
    blockers = [
        (at, c) for at, c in now.own_field if isinstance(blocker_problem(state, seat, at, False), int)
    ]
    free = frozenset({"atk", "defense", "flying", "because"})
    out: list[Offer] = []
    complete = tuple(at for at, c in blockers if not missing_stats(state, c))
    if complete:
        need = CardsNeed("blocker", complete, label="blocker")
        out.append(Offer("fow_block", "Block", "now", needs=(need,), free=free, rule="804.3"))
    for at, c in blockers:
        if missing_stats(state, c):
            fixed = (("blocker", at),)
            out.append(
                Offer(
                    "fow_block", "Block", "now", fixed=fixed, needs=_stats(state, c), free=free, rule="804.3"
                )
            )
    return out


def _stats(state: MatchState, card_id: int, prefix: str = "") -> tuple[Need, ...]:
    """A number for each of ATK and DEF the card data does not give (207.2, 208.2)."""
    return tuple(
        NumberNeed(f"{prefix}{name}", 0, STAT_MOST, label=f"{state.ref(card_id).name}'s {name.upper()[:3]}")
        for name in missing_stats(state, card_id)
    )


# main ---------------------------------------------------------------------------------------------


def _main(now: _Now) -> list[Offer]:
    """The game's main actions for the seat now (group ``main``)."""
    state, seat = now.state, now.seat
    out: list[Offer] = []
    if now.may(Produce):
        out.extend(_produce(now))
    if now.may(PlayCard):
        out.extend(_play(now))
    if now.may(CallStone):
        out.extend(_call(now))
    if now.may(Judgment):
        out.extend(_judgment(now))
    fighters = (isinstance(attacker_problem(state, seat, at, ("swiftness",)), int) for at, _ in now.own_field)
    if now.may(InitiateBattle) and battle_problem(state, seat) is None and any(fighters):
        out.append(Offer("fow_battle", "Battle", "main", rule="704.1"))
    if now.may(PlayAbility):
        rulers = [
            CardAt(zone="ruler_area", player=player, index=i)
            for player in range(len(state.match.players))
            for i in range(len(state.zone("ruler_area", player)))
        ]
        sources = (*(at for at, _ in now.field), *rulers, *now.hand)
        needs: list[Need] = [TextNeed("text", 200, label="ability")]
        if sources:
            needs.append(CardsNeed("source", sources, 0, 1, label="its card"))
        out.append(Offer("fow_ability", "Ability", "main", needs=tuple(needs), rule="903.2"))
    return out


def _produce(now: _Now) -> list[Offer]:
    """907, 202.4e: rest recovered cards for their will abilities; those that produce one will need
    no choice and go together, the others name the will (907); the will coin (1119.2)."""
    state, seat = now.state, now.seat
    out: list[Offer] = []
    plain: list[CardAt] = []
    for at, c in now.own_field:
        if isinstance(card_will(state, seat, c), list):
            plain.append(at)
            continue
        wills = tuple(will for will in get_args(Will) if isinstance(card_will(state, seat, c, will), list))
        if wills:
            fixed = (("cards", (at,)),)
            pick = PickNeed("will", wills, "will")
            out.append(Offer("fow_produce", "Produce will", "main", fixed=fixed, needs=(pick,), rule="907.1"))
    if plain:
        need = CardsNeed("cards", tuple(plain), 1, len(plain), single=False, label="cards to rest")
        out.insert(0, Offer("fow_produce", "Produce will", "main", needs=(need,), rule="907.1"))
    coin = (("coin", True),)
    wills = tuple(will for will in ATTRIBUTES if coin_problem(state, seat, will) is None)
    if len(wills) > 1:
        pick = PickNeed("will", wills, "will")
        out.append(Offer("fow_produce", "Will coin", "main", fixed=coin, needs=(pick,), rule="1119.2"))
    elif coin_problem(state, seat, None) is None:
        out.append(Offer("fow_produce", "Will coin", "main", fixed=coin, rule="1119.2"))
    return out


Resting = tuple[tuple[tuple[str, Any], ...], tuple[Need, ...]]
"""The fixed fields and needs of the cards to rest while paying (``produce``, 907.2)."""


def _sources(now: _Now) -> list[tuple[CardAt, str]]:
    """The seat's cards in the field that definitely produce one will by resting for their will
    ability (907.2: those it may play while paying), with that will."""
    state, seat = now.state, now.seat
    found = ((at, definite_will(state, seat, c)) for at, c in now.own_field)
    return [(at, will) for at, will in found if will is not None]


def _resting(
    pay: Sequence[str], pool: Sequence[str], sources: Sequence[tuple[CardAt, str]]
) -> Resting | None:
    """What the seat rests so that its produced will ``pool`` with the will of the cards rested pays
    ``pay`` (907.2, 1003.4): as many cards as the pool lacks, at least as many of each attribute as the
    pool lacks of it; only cards producing those when the pool lacks no will of any kind (a choice only
    when there is one); None when the ``sources`` can't make it up."""
    short, count = will_lacking(pay, pool)
    producers = {will: tuple(at for at, made in sources if made == will) for will in short}
    if len(sources) < count or any(len(producers[will]) < short[will] for will in short):
        return None
    named = count == sum(short.values())  # no will of any kind lacking: only the named ones may pay
    options = tuple(at for at, made in sources if not named or made in short)
    if len(options) == count:
        return (("produce", options),), ()
    shares = tuple(
        AtLeast(frozenset(producers[will]), short[will], f"at least {short[will]} producing {will}")
        for will in sorted(short)
        if not named or len(short) > 1
    )
    need = CardsNeed("produce", options, count, count, single=False, label="cards to rest", at_least=shares)
    return (), (need,)


def _paid(
    cost: Cost | None, pool: Sequence[str], sources: Sequence[tuple[CardAt, str]]
) -> tuple[tuple[tuple[Payment, ...], ...], Resting]:
    """The payments of ``cost`` (:func:`.chase.payments`) from the produced will, with nothing to rest;
    or, when it lacks, the one payment of a cost the card data gives without X with the cards to rest
    for it (907.2); no payment when neither pays."""
    found = payments(cost, pool)
    if found or cost is None or cost.x:
        return tuple(found), ((), ())
    whole = payments(cost, [*pool, *(will for _, will in sources)])
    rest = _resting(whole[0], pool, sources) if whole else None
    return ((), ((), ())) if rest is None else ((whole[0],), rest)


def _play(now: _Now) -> list[Offer]:
    """903.2f: a card of the hand that may be played now (604, :func:`.chase.play_problem`), for a
    payment the produced will covers (903.2l-1, 204.1, 1003.4), or that it covers with the will of
    cards rested in the same action (907.2, ``produce``): cards paid alike go in one offer."""
    state, seat = now.state, now.seat
    pool = pool_of(state.board)[seat]
    hand = state.zone("hand", seat)
    sources = _sources(now)
    grouped: dict[tuple[str, tuple[tuple[Any, ...], ...], Resting], list[CardAt]] = {}
    for at in now.hand:
        if play_problem(state, seat, at) is not None:
            continue
        cost = card_cost(state.ref(hand[at.index]))
        found, rest = _paid(cost, pool, sources)
        if found:
            label = "Play" if cost is None else f"Play ({cost_text(cost)})"
            grouped.setdefault((label, found, rest), []).append(at)
    out: list[Offer] = []
    for (label, options, (resting, rest_needs)), cards in grouped.items():
        needs: list[Need] = [CardsNeed("card", tuple(cards), label="card to play")]
        fixed: tuple[tuple[str, Any], ...] = resting
        if len(options) == 1:
            fixed = (("pay", options[0]), *fixed)
        else:
            needs.append(_payment(options))
        needs.extend(rest_needs)
        out.append(Offer("fow_play", label, "main", fixed=fixed, needs=tuple(needs), rule="903.2f"))
    return out


def _call(now: _Now) -> list[Offer]:
    """710.1: rest a recovered ruler or J-ruler to call a magic stone; a choice only between several."""
    state, seat = now.state, now.seat
    default = call_problem(state, seat, None) is None
    area = len(state.zone("ruler_area", seat))
    candidates = [CardAt(zone="ruler_area", player=seat, index=i) for i in range(area)]
    candidates += [at for at, c in now.own_field if c in jrulers(state.board)]
    rulers = tuple(at for at in candidates if call_problem(state, seat, at) is None)
    if default and len(rulers) <= 1:
        return [Offer("fow_call_stone", "Call a magic stone", "main", rule="710.1")]
    if not rulers:
        return []
    need = CardsNeed("ruler", rulers, 0 if default else 1, 1, label="ruler to rest")
    return [Offer("fow_call_stone", "Call a magic stone", "main", needs=(need,), rule="710.1")]


def _judgment(now: _Now) -> list[Offer]:
    """705.1: the judgment of a recovered ruler of the ruler area, its [Judgment] cost paid from the
    produced will (903.2l-1), with the will of cards rested in the same action when it lacks (907.2);
    the first ruler is the action's default."""
    state, seat = now.state, now.seat
    pool = pool_of(state.board)[seat]
    sources = _sources(now)
    out: list[Offer] = []
    for index, card_id in enumerate(state.zone("ruler_area", seat)):
        at = None if index == 0 else CardAt(zone="ruler_area", player=seat, index=index)
        if judgment_problem(state, seat, at) is not None:
            continue
        found, (resting, rest_needs) = _paid(judgment_cost(state.ref(card_id)), pool, sources)
        if not found:
            continue
        fixed: tuple[tuple[str, Any], ...] = () if at is None else (("ruler", at),)
        needs: tuple[Need, ...] = ()
        if len(found) == 1:
            fixed = (*fixed, ("pay", found[0]))
        else:
            needs = (_payment(found),)
        fixed, needs = (*fixed, *resting), (*needs, *rest_needs)
        out.append(Offer("fow_judgment", "Judgment", "main", fixed=fixed, needs=needs, rule="705.1"))
    return out


# more ---------------------------------------------------------------------------------------------


def _more(now: _Now) -> list[Offer]:
    """The game's actions players use for card text (group ``more``)."""
    state, seat = now.state, now.seat
    out: list[Offer] = []
    pool = pool_of(state.board)[seat]
    if now.may(PlayCard):
        cards = tuple(at for at in now.hand if play_problem(state, seat, at) is None)
        if cards:
            card = CardsNeed("card", cards, label="card to play")
            out.append(_changed("fow_play", "Play, cost changed", pool, (), (card,)))
    if now.may(Judgment):
        for index in range(len(state.zone("ruler_area", seat))):
            at = None if index == 0 else CardAt(zone="ruler_area", player=seat, index=index)
            if judgment_problem(state, seat, at) is None:
                ruler: tuple[tuple[str, Any], ...] = () if at is None else (("ruler", at),)
                out.append(_changed("fow_judgment", "Judgment, cost changed", pool, ruler, ()))
    if pool and now.may(PayWill):
        wills = tuple((will,) for will in dict.fromkeys(pool))
        pick = PickNeed("will", wills, "will", labels=tuple(payment_words(will) for will in wills))
        out.append(Offer("fow_pay", "Pay will", "more", needs=(pick,), rule="1003.4"))
    if now.may(DealDamage):
        amount = NumberNeed("amount", 0, DAMAGE_MOST, label="damage")
        players = PickNeed("player", tuple(range(len(state.match.players))), "player", players=True)
        out.append(Offer("fow_damage", "Damage a player", "more", needs=(amount, players), rule="1007.2"))
        if now.field:
            card = CardsNeed("card", tuple(at for at, _ in now.field), label="J/resonator")
            out.append(
                Offer("fow_damage", "Damage a J/resonator", "more", needs=(amount, card), rule="1007.1")
            )
    return out


def _payment(options: Sequence[tuple[Payment, ...]]) -> PickNeed:
    """The payment to choose among several (903.2l-1, 1003), each read in words."""
    return PickNeed("pay", tuple(options), "payment", labels=tuple(payment_words(pay) for pay in options))


def _changed(
    kind: str, label: str, pool: Sequence[str], fixed: tuple[tuple[str, Any], ...], needs: tuple[Need, ...]
) -> Offer:
    """903.2k-1 to 903.2k-4: a card played or a judgment with a declared cost change, in one offer:
    the payment is any part of the produced will (nothing included; the players check it against the
    changed cost), with the change's words, which both players read next to the printed cost."""
    parts = pool_parts(pool, _PARTS_MOST)
    words = TextNeed("cost_change", 200, label="the effect changing its cost")
    if len(parts) == 1:
        fixed = (*fixed, ("pay", parts[0]))
        return Offer(kind, label, "more", fixed=fixed, needs=(*needs, words), rule="903.2k-1")
    return Offer(kind, label, "more", fixed=fixed, needs=(*needs, _payment(parts), words), rule="903.2k-1")
