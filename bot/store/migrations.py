"""Numbered schema migrations, applied in order and recorded in ``PRAGMA user_version``.

Never edit a migration that has shipped: add a new one at the end of :data:`MIGRATIONS`.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: rules documents and everything parsed from them, per-guild settings.
    """
    CREATE TABLE documents (
        id             INTEGER PRIMARY KEY,
        game           TEXT NOT NULL,
        kind           TEXT NOT NULL CHECK (kind IN ('rules', 'update')),
        format         TEXT NOT NULL,
        parser_version INTEGER NOT NULL,
        filename       TEXT NOT NULL UNIQUE,
        sha256         TEXT NOT NULL,
        title          TEXT NOT NULL,
        version        TEXT,
        date           TEXT,
        edition        TEXT,
        imported_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    CREATE INDEX documents_game ON documents (game, kind);

    CREATE TABLE rules (
        id          INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        rule_id     TEXT NOT NULL,
        parent_id   TEXT,
        ord         INTEGER NOT NULL,
        depth       INTEGER NOT NULL,
        kind        TEXT NOT NULL,
        title       TEXT,
        text        TEXT NOT NULL,
        examples    TEXT NOT NULL,
        refs        TEXT NOT NULL,
        section     TEXT,
        line        INTEGER NOT NULL,
        UNIQUE (document_id, rule_id)
    );
    CREATE INDEX rules_children ON rules (document_id, parent_id, ord);

    CREATE VIRTUAL TABLE rules_fts USING fts5 (
        title, body, keywords, context,
        tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER rules_fts_delete AFTER DELETE ON rules BEGIN
        DELETE FROM rules_fts WHERE rowid = old.id;
    END;

    CREATE TABLE keywords (
        id          INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        name        TEXT NOT NULL,
        rule_id     TEXT NOT NULL,
        aliases     TEXT NOT NULL
    );
    CREATE INDEX keywords_document ON keywords (document_id);

    CREATE TABLE changelog (
        id          INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        key         TEXT NOT NULL,
        version     TEXT,
        date        TEXT,
        text        TEXT NOT NULL,
        line        INTEGER NOT NULL,
        UNIQUE (document_id, key)
    );

    CREATE TABLE card_rulings (
        id          INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        game        TEXT NOT NULL,
        kind        TEXT NOT NULL,
        key         TEXT NOT NULL,
        card_name   TEXT NOT NULL,
        codes       TEXT NOT NULL,
        text        TEXT NOT NULL,
        old_text    TEXT,
        new_text    TEXT,
        reason      TEXT,
        topic       TEXT,
        line        INTEGER NOT NULL,
        UNIQUE (document_id, key)
    );
    CREATE INDEX card_rulings_name ON card_rulings (game, card_name);

    CREATE TABLE guild_settings (
        guild_id     INTEGER PRIMARY KEY,
        default_game TEXT
    );

    CREATE TABLE saved_searches (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        edition     TEXT,
        query       TEXT NOT NULL,
        created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    """,
    # 2: cards, their searchable values, operator aliases and import history.
    """
    CREATE TABLE cards (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        code        TEXT NOT NULL,
        name        TEXT NOT NULL,
        norm_name   TEXT NOT NULL,
        types       TEXT NOT NULL,
        cost        TEXT,
        cost_value  INTEGER,
        stats       TEXT NOT NULL,
        text        TEXT NOT NULL,
        keywords    TEXT NOT NULL,
        set_code    TEXT,
        rarity      TEXT,
        faces       TEXT NOT NULL,
        errata      TEXT NOT NULL,
        aliases     TEXT NOT NULL,
        source      TEXT NOT NULL,
        updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        UNIQUE (game, code)
    );
    CREATE INDEX cards_name ON cards (game, norm_name);

    CREATE TABLE card_values (
        card_id INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
        key     TEXT NOT NULL,
        num     INTEGER,
        txt     TEXT
    );
    CREATE INDEX card_values_key_num ON card_values (key, num);
    CREATE INDEX card_values_key_txt ON card_values (key, txt);
    CREATE INDEX card_values_card ON card_values (card_id, key);

    CREATE VIRTUAL TABLE cards_fts USING fts5 (
        name, text,
        tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER cards_fts_delete AFTER DELETE ON cards BEGIN
        DELETE FROM cards_fts WHERE rowid = old.id;
    END;

    CREATE TABLE card_aliases (
        id         INTEGER PRIMARY KEY,
        game       TEXT NOT NULL,
        alias      TEXT NOT NULL,
        norm_alias TEXT NOT NULL,
        card_id    INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
        created_by INTEGER,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        UNIQUE (game, norm_alias)
    );

    ALTER TABLE saved_searches ADD COLUMN kind TEXT NOT NULL DEFAULT 'rules';

    CREATE TABLE card_imports (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        format      TEXT NOT NULL,
        source_name TEXT NOT NULL,
        sha256      TEXT NOT NULL,
        records     INTEGER NOT NULL,
        added       INTEGER NOT NULL,
        updated     INTEGER NOT NULL,
        imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    """,
    # 3: matches, their append-only action log and snapshots.
    """
    CREATE TABLE matches (
        id             INTEGER PRIMARY KEY,
        guild_id       INTEGER,
        channel_id     INTEGER,
        game           TEXT NOT NULL,
        spec           TEXT NOT NULL,
        players        TEXT NOT NULL,
        player_ids     TEXT NOT NULL,
        decks          TEXT NOT NULL,
        first_player   INTEGER,
        seed           BLOB NOT NULL,
        seed_hash      TEXT NOT NULL,
        status         TEXT NOT NULL DEFAULT 'playing',
        version        INTEGER NOT NULL DEFAULT 0,
        export_consent TEXT NOT NULL DEFAULT '[]',
        created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        ended_at       TEXT
    );
    CREATE INDEX matches_status ON matches (status);

    CREATE TABLE match_actions (
        match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        actor      INTEGER,
        action     TEXT NOT NULL,
        digest     TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;

    CREATE TABLE match_snapshots (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        state    TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    """,
]
