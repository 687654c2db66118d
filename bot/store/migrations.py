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
    # 4: tournaments: events, registrations, decklists, rounds, matches and results, top cut, audit log,
    # the per-guild organizer role.
    """
    CREATE TABLE tournament_guilds (
        guild_id          INTEGER PRIMARY KEY,
        organizer_role_id INTEGER
    );

    CREATE TABLE tournament_events (
        id               INTEGER PRIMARY KEY,
        guild_id         INTEGER NOT NULL,
        channel_id       INTEGER,
        name             TEXT NOT NULL,
        norm_name        TEXT NOT NULL,
        game             TEXT NOT NULL,
        format           TEXT NOT NULL CHECK (format IN ('bo1', 'bo3')),
        rounds           INTEGER CHECK (rounds IS NULL OR rounds >= 1),
        top_cut          INTEGER NOT NULL DEFAULT 0 CHECK (top_cut IN (0, 4, 8, 16)),
        round_minutes    INTEGER NOT NULL CHECK (round_minutes >= 1),
        capacity         INTEGER CHECK (capacity IS NULL OR capacity >= 2),
        status           TEXT NOT NULL DEFAULT 'registration'
                         CHECK (status IN ('registration', 'closed', 'running', 'topcut', 'finished')),
        tiebreaker_floor TEXT NOT NULL DEFAULT '33/100',
        seed             TEXT NOT NULL,
        created_by       TEXT NOT NULL,
        created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        started_at       TEXT,
        finished_at      TEXT
    );
    CREATE INDEX tournament_events_guild ON tournament_events (guild_id, status);
    CREATE UNIQUE INDEX tournament_events_live_name ON tournament_events (guild_id, norm_name)
        WHERE status != 'finished';

    CREATE TABLE tournament_players (
        event_id            INTEGER NOT NULL REFERENCES tournament_events (id) ON DELETE CASCADE,
        player_id           TEXT NOT NULL,
        name                TEXT NOT NULL,
        late_from_round     INTEGER NOT NULL DEFAULT 1 CHECK (late_from_round >= 1),
        dropped_after_round INTEGER,
        registered_by       TEXT NOT NULL,
        registered_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        seq                 INTEGER NOT NULL,
        PRIMARY KEY (event_id, player_id),
        UNIQUE (event_id, seq)
    );

    CREATE TABLE tournament_decklists (
        event_id     INTEGER NOT NULL,
        player_id    TEXT NOT NULL,
        text         TEXT NOT NULL,
        valid        INTEGER CHECK (valid IN (0, 1)),
        summary      TEXT NOT NULL,
        problems     TEXT NOT NULL DEFAULT '[]',
        locked       INTEGER NOT NULL DEFAULT 0,
        submitted_by TEXT NOT NULL,
        submitted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        PRIMARY KEY (event_id, player_id),
        FOREIGN KEY (event_id, player_id) REFERENCES tournament_players (event_id, player_id)
            ON DELETE CASCADE
    );

    CREATE TABLE tournament_rounds (
        event_id   INTEGER NOT NULL REFERENCES tournament_events (id) ON DELETE CASCADE,
        number     INTEGER NOT NULL CHECK (number >= 1),
        started_at TEXT NOT NULL,
        minutes    INTEGER NOT NULL CHECK (minutes >= 1),
        closed_at  TEXT,
        PRIMARY KEY (event_id, number)
    );

    CREATE TABLE tournament_reminders (
        event_id INTEGER NOT NULL,
        round    INTEGER NOT NULL,
        kind     TEXT NOT NULL,
        sent_at  TEXT NOT NULL,
        PRIMARY KEY (event_id, round, kind),
        FOREIGN KEY (event_id, round) REFERENCES tournament_rounds (event_id, number) ON DELETE CASCADE
    );

    CREATE TABLE tournament_matches (
        id       INTEGER PRIMARY KEY,
        event_id INTEGER NOT NULL,
        round    INTEGER NOT NULL,
        table_no INTEGER NOT NULL CHECK (table_no >= 1),
        player_a TEXT NOT NULL,
        player_b TEXT,
        UNIQUE (event_id, round, table_no),
        CHECK (player_b IS NULL OR player_b != player_a),
        FOREIGN KEY (event_id, round) REFERENCES tournament_rounds (event_id, number) ON DELETE CASCADE
    );

    -- One seat per player per round: nobody is paired twice in a round.
    CREATE TABLE tournament_seats (
        event_id  INTEGER NOT NULL,
        round     INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        match_id  INTEGER NOT NULL REFERENCES tournament_matches (id) ON DELETE CASCADE,
        PRIMARY KEY (event_id, round, player_id),
        FOREIGN KEY (event_id, player_id) REFERENCES tournament_players (event_id, player_id)
    );

    -- One result per match (the primary key): a match cannot be reported twice, only confirmed,
    -- disputed or overridden in place.
    CREATE TABLE tournament_results (
        match_id      INTEGER PRIMARY KEY REFERENCES tournament_matches (id) ON DELETE CASCADE,
        wins_a        INTEGER NOT NULL CHECK (wins_a >= 0),
        wins_b        INTEGER NOT NULL CHECK (wins_b >= 0),
        draws         INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
        double_loss   INTEGER NOT NULL DEFAULT 0 CHECK (double_loss IN (0, 1)),
        status        TEXT NOT NULL CHECK (status IN ('reported', 'confirmed', 'disputed')),
        reported_by   TEXT NOT NULL,
        reported_at   TEXT NOT NULL,
        confirmed_by  TEXT,
        confirmed_at  TEXT,
        disputed_by   TEXT,
        note          TEXT,
        overridden_by TEXT
    );

    CREATE TABLE tournament_topcut (
        event_id INTEGER PRIMARY KEY REFERENCES tournament_events (id) ON DELETE CASCADE,
        seeds    TEXT NOT NULL,
        winners  TEXT NOT NULL DEFAULT '[]'
    );

    CREATE TABLE tournament_audit (
        id       INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        event_id INTEGER REFERENCES tournament_events (id) ON DELETE CASCADE,
        actor    TEXT NOT NULL,
        action   TEXT NOT NULL,
        detail   TEXT NOT NULL,
        at       TEXT NOT NULL
    );
    CREATE INDEX tournament_audit_event ON tournament_audit (event_id, id);
    """,
    # 5: card data belongs to a scope: guild_id 0 is the shared data (changed by the operator only),
    # any other value is one server's own cards and aliases, seen only there. A card's code is unique
    # within its game and scope, so a server's card never overwrites a shared one or another server's.
    # The tables are rebuilt (ids kept, so the FTS rows stay) without cascading deletes: the values
    # and aliases are parked first, then the old cards table is dropped.
    """
    CREATE TABLE cards_scoped (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        guild_id    INTEGER NOT NULL DEFAULT 0,
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
        UNIQUE (game, guild_id, code)
    );
    INSERT INTO cards_scoped (id, game, guild_id, code, name, norm_name, types, cost, cost_value, stats,
        text, keywords, set_code, rarity, faces, errata, aliases, source, updated_at)
        SELECT id, game, 0, code, name, norm_name, types, cost, cost_value, stats, text, keywords,
        set_code, rarity, faces, errata, aliases, source, updated_at FROM cards;
    CREATE TEMP TABLE parked_values AS SELECT * FROM card_values;
    CREATE TEMP TABLE parked_aliases AS SELECT * FROM card_aliases;
    DROP TABLE card_values;
    DROP TABLE card_aliases;
    DROP TABLE cards;
    ALTER TABLE cards_scoped RENAME TO cards;
    CREATE INDEX cards_name ON cards (game, guild_id, norm_name);
    CREATE TRIGGER cards_fts_delete AFTER DELETE ON cards BEGIN
        DELETE FROM cards_fts WHERE rowid = old.id;
    END;

    CREATE TABLE card_values (
        card_id INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
        key     TEXT NOT NULL,
        num     INTEGER,
        txt     TEXT
    );
    INSERT INTO card_values SELECT card_id, key, num, txt FROM parked_values;
    CREATE INDEX card_values_key_num ON card_values (key, num);
    CREATE INDEX card_values_key_txt ON card_values (key, txt);
    CREATE INDEX card_values_card ON card_values (card_id, key);

    CREATE TABLE card_aliases (
        id         INTEGER PRIMARY KEY,
        game       TEXT NOT NULL,
        guild_id   INTEGER NOT NULL DEFAULT 0,
        alias      TEXT NOT NULL,
        norm_alias TEXT NOT NULL,
        card_id    INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
        created_by INTEGER,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        UNIQUE (game, guild_id, norm_alias)
    );
    INSERT INTO card_aliases (id, game, guild_id, alias, norm_alias, card_id, created_by, created_at)
        SELECT id, game, 0, alias, norm_alias, card_id, created_by, created_at FROM parked_aliases;
    DROP TABLE parked_values;
    DROP TABLE parked_aliases;

    ALTER TABLE card_imports ADD COLUMN guild_id INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: a card import is staged in short transactions, then applied in one short transaction at the
    # end (all or nothing for the user, without holding the write lock while it is written).
    """
    CREATE TABLE card_staging (
        import_id   INTEGER NOT NULL,
        seq         INTEGER NOT NULL,
        game        TEXT NOT NULL,
        guild_id    INTEGER NOT NULL,
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
        fts_name    TEXT NOT NULL,
        fts_text    TEXT NOT NULL,
        staged_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        PRIMARY KEY (import_id, seq)
    );
    CREATE TABLE card_staging_values (
        import_id INTEGER NOT NULL,
        seq       INTEGER NOT NULL,
        key       TEXT NOT NULL,
        num       INTEGER,
        txt       TEXT
    );
    CREATE INDEX card_staging_values_seq ON card_staging_values (import_id, seq);
    """,
    # 7: a saved card search keeps the server it was made in (``guild_id``; NULL outside a server) in a
    # column of its own. It was kept in ``edition``, which card searches do not have: a card search's
    # digits there move to ``guild_id``, and its ``edition`` is cleared.
    """
    ALTER TABLE saved_searches ADD COLUMN guild_id INTEGER;
    UPDATE saved_searches SET guild_id = CAST(edition AS INTEGER)
        WHERE kind = 'cards' AND edition <> '' AND edition NOT GLOB '*[^0-9]*' AND length(edition) <= 19;
    UPDATE saved_searches SET edition = NULL WHERE kind = 'cards';
    """,
    # 8 (matches people can play): saved decks per player and game, challenges between players,
    # each match's turn clock, which message shows which panel of a match, and users whose DMs are
    # closed (so a failed DM is not retried on every action).
    """
    CREATE TABLE saved_decks (
        id         INTEGER PRIMARY KEY,
        user_id    INTEGER NOT NULL,
        game       TEXT NOT NULL,
        name       TEXT NOT NULL,
        norm_name  TEXT NOT NULL,
        text       TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        UNIQUE (user_id, game, norm_name)
    );

    CREATE TABLE challenges (
        id              INTEGER PRIMARY KEY,
        guild_id        INTEGER NOT NULL,
        channel_id      INTEGER,
        game            TEXT NOT NULL,
        challenger_id   INTEGER NOT NULL,
        challenger_name TEXT NOT NULL,
        opponent_id     INTEGER,
        opponent_name   TEXT,
        challenger_deck TEXT NOT NULL,
        opponent_deck   TEXT,
        status          TEXT NOT NULL DEFAULT 'open',
        match_id        INTEGER REFERENCES matches (id),
        tournament_id   INTEGER,
        round           INTEGER,
        table_number    INTEGER,
        created_at      TEXT NOT NULL,
        expires_at      TEXT NOT NULL
    );
    CREATE INDEX challenges_open ON challenges (guild_id, status);

    CREATE TABLE match_clocks (
        match_id      INTEGER PRIMARY KEY REFERENCES matches (id),
        per_turn      INTEGER NOT NULL,
        bank          TEXT NOT NULL,
        used          TEXT NOT NULL,
        turn          INTEGER NOT NULL,
        running       INTEGER,
        since         REAL,
        paused        INTEGER NOT NULL DEFAULT 0,
        pause_request INTEGER
    );

    CREATE TABLE match_panels (
        match_id   INTEGER NOT NULL REFERENCES matches (id),
        kind       TEXT NOT NULL,
        seat       INTEGER NOT NULL DEFAULT -1,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        version    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, kind, seat)
    );
    CREATE TABLE closed_dms (
        user_id   INTEGER PRIMARY KEY,
        closed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    """,
    # 9: whether a server's match boards carry the board picture.
    """
    ALTER TABLE guild_settings ADD COLUMN board_picture INTEGER NOT NULL DEFAULT 1;
    """,
    # 10: the deck rules an event checks its decklists with: a name of the game's deck rules
    # (``engine.decks``: ``english-tcg``), or '' for the game's rules document (every earlier event).
    """
    ALTER TABLE tournament_events ADD COLUMN deck_rules TEXT NOT NULL DEFAULT '';
    """,
    # 11: each player's stops per game (``engine.match.stops``), remembered across matches: the
    # windows where they hold priority (a JSON list of window names; NULL: the game's defaults) and
    # full control.
    """
    CREATE TABLE match_stops (
        user_id      INTEGER NOT NULL,
        game         TEXT NOT NULL,
        stops        TEXT,
        full_control INTEGER NOT NULL DEFAULT 0,
        updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        PRIMARY KEY (user_id, game)
    ) WITHOUT ROWID;
    """,
    # 12: a match's log lines stored as they are made, so reading the log replays nothing
    # (``bot.services.matches``): each action's lines per viewer (``lines``: a JSON list holding the
    # spectator's lines, then each seat's; '[]' for an action without events; NULL for an action
    # stored before this migration, whose lines come from a replay), the opening's lines on the match
    # (``opening_lines``, the same shape; NULL before this migration), and the problems of a
    # challenge's two decks found when it was accepted (``deck_problems``: a JSON list of two lists;
    # NULL before this migration, or before the challenge is accepted).
    """
    ALTER TABLE match_actions ADD COLUMN lines TEXT;
    ALTER TABLE matches ADD COLUMN opening_lines TEXT;
    ALTER TABLE challenges ADD COLUMN deck_problems TEXT;
    """,
]
