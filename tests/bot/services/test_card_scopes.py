"""Card data per server: the shared cards change only by the operator; a server's own cards and
aliases are seen only in that server and never overwrite a shared card or another server's."""

from __future__ import annotations

import json

import pytest

from bot.actions import cards as card_actions
from bot.app import App
from bot.reply import Kind
from bot.services.cards import MAX_IMPORT_BYTES, CardMiss, CardsError, CardView
from engine.errors import ArbiterError
from engine.games import GAMES

FIRST, SECOND = 111, 222
GATE = GAMES["gateruler"]


def _file(*cards: dict[str, object]) -> bytes:
    return json.dumps({"cards": list(cards)}).encode()


PLANTED = _file(
    {"code": "HOME-001", "name": "Wingal", "text": "Planted text.", "stats": {"atk": 1}},
    {"code": "HOME-002", "name": "Second Home Knight", "text": "Only here."},
)


SHARED_FILE = _file(
    {
        "code": "SH-001",
        "name": "Wingal",
        "types": ["Unit"],
        "text": "Real text.",
        "stats": {"atk": 3, "hp": 2},
    }
)


async def _shared_wingal(app: App) -> CardView:
    await app.cards.import_data(GATE, "json", SHARED_FILE, "shared.json")  # the operator's import
    found = await app.cards.get(GATE, "wingal")
    assert isinstance(found, CardView)
    return found


async def test_a_server_import_is_seen_only_in_that_server(app: App) -> None:
    before = await _shared_wingal(app)
    await app.cards.import_data(GATE, "json", PLANTED, "home.json", guild_id=SECOND)
    # the first server (and DMs) still see the shared card, untouched
    for guild in (FIRST, None):
        found = await app.cards.get(GATE, "wingal", guild)
        assert isinstance(found, CardView) and found.stored.card == before.stored.card
        miss = await app.cards.get(GATE, "second home knight", guild)
        assert isinstance(miss, CardMiss) and not any("Second Home" in n for _, n in miss.candidates)
        assert not [c for c in app.cards.autocomplete(GATE, "second home", guild) if "Second" in c.name]
        results = await app.cards.search(GATE, "text:planted", guild_id=guild)
        assert results.total == 0
    # the second server sees its own card beside the shared one
    own = await app.cards.get(GATE, "second home knight", SECOND)
    assert isinstance(own, CardView) and own.stored.guild_id == SECOND
    assert [c.name for c in app.cards.autocomplete(GATE, "second home", SECOND)] == ["Second Home Knight"]
    assert (await app.cards.search(GATE, "text:planted", guild_id=SECOND)).total == 1
    assert await app.cards.view(own.stored.id, guild_id=FIRST) is None


async def test_reusing_a_shared_code_never_overwrites_the_shared_card(app: App) -> None:
    shared = await _shared_wingal(app)
    code = shared.stored.card.code
    hostile = _file({"code": code, "name": shared.stored.card.name, "text": "Overwritten."})
    await app.cards.import_data(GATE, "json", hostile, "evil.json", guild_id=SECOND)
    again = await app.cards.get(GATE, "wingal", FIRST)
    assert isinstance(again, CardView) and again.stored == shared.stored
    async with app.db.connection.execute(
        "SELECT count(*) FROM card_values WHERE card_id = ?", (shared.stored.id,)
    ) as cursor:
        row = await cursor.fetchone()
    assert row is not None and row[0] > 0, "the shared card keeps its stats"


async def test_aliases_belong_to_their_server(app: App) -> None:
    await _shared_wingal(app)
    await app.cards.set_alias(GATE, "birdy", "wingal", 5, FIRST)
    found = await app.cards.get(GATE, "birdy", FIRST)
    assert isinstance(found, CardView) and found.stored.card.name.lower().startswith("wingal")
    elsewhere = await app.cards.get(GATE, "birdy", SECOND)
    assert not (isinstance(elsewhere, CardView) and elsewhere.matched == "birdy")
    with pytest.raises(CardsError):
        await app.cards.remove_alias(GATE, "birdy", SECOND)
    assert [a.alias for a in await app.cards.aliases(GATE, FIRST)] == ["birdy"]
    assert await app.cards.aliases(GATE, SECOND) == []


async def test_scopes_survive_a_restart_of_the_name_index(app: App) -> None:
    await app.cards.import_data(GATE, "json", PLANTED, "home.json", guild_id=SECOND)
    await app.cards.set_alias(GATE, "home", "second home knight", 5, SECOND)
    await app.cards.load()
    assert isinstance(await app.cards.get(GATE, "home", SECOND), CardView)
    assert not isinstance(await app.cards.get(GATE, "second home knight", FIRST), CardView)


async def test_only_owners_change_the_shared_cards_from_discord(app: App) -> None:
    app.settings.owner_ids = [9]
    admin = await card_actions.cards_import(app, SECOND, "gateruler", "json", PLANTED, "a.json", 5)
    assert admin.kind is Kind.ANSWER and "this server only" in admin.panel.body
    assert not isinstance(await app.cards.get(GATE, "second home knight", FIRST), CardView)
    in_dm = await card_actions.cards_import(app, None, "gateruler", "json", PLANTED, "a.json", 5)
    assert in_dm.kind is Kind.REFUSAL
    owner = await card_actions.cards_import(app, FIRST, "gateruler", "json", PLANTED, "b.json", 9)
    assert owner.kind is Kind.ANSWER and "every server" in owner.panel.body
    assert isinstance(await app.cards.get(GATE, "second home knight", None), CardView)


async def _card_rows(app: App) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for table in ("cards", "card_values", "card_aliases", "card_imports", "card_staging"):
        async with app.db.connection.execute(f"SELECT * FROM {table} ORDER BY rowid") as cursor:
            rows.extend((table, *r) for r in await cursor.fetchall())
    return rows


async def test_a_refused_import_changes_nothing(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    await _shared_wingal(app)
    before = await _card_rows(app)
    good = b"code,name,text\nA-1,Knight,ok\nA-2,Second Knight,fine\n"
    for cut in range(len(good) - 1):
        data = good[:cut]
        try:
            await app.cards.import_data(GATE, "csv", data, "cut.csv", guild_id=SECOND)
        except ArbiterError:
            assert await _card_rows(app) == before, cut
        else:
            async with app.db.transaction() as conn:
                await conn.execute("DELETE FROM cards WHERE guild_id = ?", (SECOND,))
                await conn.execute("DELETE FROM card_imports WHERE guild_id = ?", (SECOND,))
            await app.cards.load(GATE.key)
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_IMPORT_BYTES + 1)
    with pytest.raises(CardsError, match="larger than"):
        await app.cards.import_path(GATE, "json", big)
    assert await _card_rows(app) == before
