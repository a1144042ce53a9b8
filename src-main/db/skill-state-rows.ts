// Class-skill state that formats before it kept in settings, moved into tables of its own once, in
// the file, so play reads typed rows with their CHECKs instead of JSON. Plain SQL on the tables as the
// format before has them: a migration must not read through play code written for later formats.
import type { Database } from 'better-sqlite3';
import { lootRefOfName } from './loot-ref-sql.ts';
import { emptiedSettings, settingRecords } from './moved-settings-sql.ts';

/** Format 12: ailments (ch.2), a row per carrier and ailment, going with their Lichslayer or token. */
function ailmentsAsRows(db: Database): void {
  db.exec(`
    CREATE TABLE ailment (
      id            INTEGER PRIMARY KEY,
      lichslayer_id INTEGER REFERENCES lichslayer(id) ON DELETE CASCADE,
      token_id      INTEGER REFERENCES token(id) ON DELETE CASCADE,
      ailment       TEXT NOT NULL CHECK (ailment IN ('Burn','Poison','Freeze','Bound')),
      -- A Lichslayer's are theirs on and off the board; any other token carries its own.
      CHECK ((lichslayer_id IS NULL) <> (token_id IS NULL))
    ) STRICT;
    CREATE UNIQUE INDEX ailment_of_lichslayer ON ailment (lichslayer_id, ailment) WHERE lichslayer_id IS NOT NULL;
    CREATE UNIQUE INDEX ailment_of_token ON ailment (token_id, ailment) WHERE token_id IS NOT NULL;
    -- The setting kept a Lichslayer's list by id, and a token's by id with the name and placement
    -- it was set on (ids are reused): only entries of rows still there, as the app read them.
    INSERT OR IGNORE INTO ailment (lichslayer_id, ailment)
      SELECT l.id, a.value
      FROM setting AS s,
           json_each(CASE WHEN json_valid(s.value) AND json_type(s.value, '$.lichslayers') = 'object' THEN s.value ->> '$.lichslayers' ELSE '{}' END) AS e,
           json_each(CASE WHEN json_type(e.value) = 'array' THEN e.value ELSE '[]' END) AS a
      JOIN lichslayer AS l ON l.id = CAST(e.key AS INTEGER) AND CAST(l.id AS TEXT) = e.key
      WHERE s.key = 'ailments' AND a.value IN ('Burn','Poison','Freeze','Bound')
      ORDER BY l.id, a.key;
    INSERT OR IGNORE INTO ailment (token_id, ailment)
      SELECT t.id, a.value
      FROM setting AS s,
           json_each(CASE WHEN json_valid(s.value) AND json_type(s.value, '$.tokens') = 'object' THEN s.value ->> '$.tokens' ELSE '{}' END) AS e,
           json_each(CASE WHEN json_type(e.value, '$.ailments') = 'array' THEN e.value ->> '$.ailments' ELSE '[]' END) AS a
      JOIN token AS t ON t.id = CAST(e.key AS INTEGER) AND CAST(t.id AS TEXT) = e.key
      WHERE s.key = 'ailments' AND t.lichslayer_id IS NULL AND a.value IN ('Burn','Poison','Freeze','Bound')
        AND t.name = e.value ->> '$.name' AND t.placed_at = e.value ->> '$.placed'
      ORDER BY t.id, a.key;
    ${emptiedSettings(['ailments'])}
  `);
}

/**
 * Format 13: the rest of the class skills' state (ch.2, ch.3) — the Doctor's heals from 0 Health, the
 * Aristocrat's Retainer streak, the Medicine Bay refill, the Heirloom's cover and each Familiar — as
 * columns and rows with their CHECKs and foreign keys.
 */
function skillStateAsRows(db: Database): void {
  db.exec(`
    ALTER TABLE lichslayer ADD COLUMN heals_from_zero INTEGER NOT NULL DEFAULT 0 CHECK (heals_from_zero >= 0);
    ALTER TABLE lichslayer ADD COLUMN retainer_streak INTEGER NOT NULL DEFAULT 0 CHECK (retainer_streak >= 0);
    CREATE TABLE medicine_refill (
      id            INTEGER PRIMARY KEY,
      lichslayer_id INTEGER NOT NULL UNIQUE REFERENCES lichslayer(id) ON DELETE CASCADE,
      slot          TEXT NOT NULL CHECK (slot IN ('medicine1','medicine2','medicine3')),
      name          TEXT NOT NULL,
      colour        TEXT NOT NULL,
      notes         TEXT NOT NULL DEFAULT '',
      loot_ref      TEXT
    ) STRICT;
    CREATE TABLE heirloom_cover (
      id            INTEGER PRIMARY KEY,
      lichslayer_id INTEGER NOT NULL UNIQUE REFERENCES lichslayer(id) ON DELETE CASCADE,
      token_id      INTEGER NOT NULL REFERENCES token(id) ON DELETE CASCADE,
      serial        INTEGER,
      round         INTEGER
    ) STRICT;
    -- A Familiar outlives its token (its defeat keeps it away for the session): the link clears instead.
    CREATE TABLE familiar (
      id               INTEGER PRIMARY KEY,
      witch_id         INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
      token_id         INTEGER UNIQUE REFERENCES token(id) ON DELETE SET NULL,
      defeated_session INTEGER
    ) STRICT;
    CREATE INDEX familiar_of_witch ON familiar (witch_id);

    UPDATE lichslayer SET heals_from_zero = coalesce((
      SELECT r.v FROM (${settingRecords('heals-from-zero')}) AS r
      WHERE r.id = CAST(lichslayer.id AS TEXT) AND r.type = 'integer' AND r.v >= 0), 0);
    UPDATE lichslayer SET retainer_streak = coalesce((
      SELECT r.v FROM (${settingRecords('retainer-streaks')}) AS r
      WHERE r.id = CAST(lichslayer.id AS TEXT) AND r.type = 'integer' AND r.v >= 0), 0);
    INSERT INTO medicine_refill (lichslayer_id, slot, name, colour, notes, loot_ref)
      -- Tied to the loot row its name finds, as items held were when they gained the link.
      SELECT l.id, r.v ->> '$.slot', r.v ->> '$.name', r.v ->> '$.colour', coalesce(r.v ->> '$.notes', ''),
        ${lootRefOfName("r.v ->> '$.name'")}
      FROM (${settingRecords('medicine-refills')}) AS r JOIN lichslayer AS l ON CAST(l.id AS TEXT) = r.id
      WHERE r.type = 'object' AND r.v ->> '$.slot' IN ('medicine1','medicine2','medicine3')
        AND json_type(r.v, '$.name') = 'text' AND json_type(r.v, '$.colour') = 'text';
    -- A cover or a bond named its token by id, name and placement (ids are reused): only a match counts.
    INSERT INTO heirloom_cover (lichslayer_id, token_id, serial, round)
      SELECT l.id, t.id, r.v ->> '$.serial', r.v ->> '$.round'
      FROM (${settingRecords('heirloom-cover')}) AS r JOIN lichslayer AS l ON CAST(l.id AS TEXT) = r.id
      JOIN token AS t ON t.id = r.v ->> '$.tokenId' AND t.name = r.v ->> '$.name'
      WHERE r.type = 'object' AND json_type(r.v, '$.tokenId') = 'integer'
        AND coalesce(json_type(r.v, '$.serial'), 'null') IN ('integer','null')
        AND coalesce(json_type(r.v, '$.round'), 'null') IN ('integer','null');
    INSERT INTO familiar (witch_id, token_id, defeated_session)
      SELECT l.id,
        (SELECT t.id FROM token AS t WHERE CAST(t.id AS TEXT) = r.id AND t.name = r.v ->> '$.name' AND t.placed_at = r.v ->> '$.placed'),
        CASE WHEN json_type(r.v, '$.defeatedSession') = 'integer' THEN r.v ->> '$.defeatedSession' END
      FROM (${settingRecords('familiar-bonds')}) AS r JOIN lichslayer AS l ON l.id = r.v ->> '$.witch'
      WHERE r.type = 'object' AND json_type(r.v, '$.witch') = 'integer'
      ORDER BY CAST(r.id AS INTEGER);
    ${emptiedSettings(['heals-from-zero', 'retainer-streaks', 'medicine-refills', 'heirloom-cover', 'familiar-bonds'])}
  `);
}

/** The formats that moved class-skill state out of settings, in order. */
export const SKILL_STATE_MIGRATIONS = [
  {
    version: 12,
    describe:
      'ailments (Burn, Poison, Freeze, Bound) are rows of their own, one per carrier and ailment, going with the Lichslayer or token that carries them (ch.2)',
    up: ailmentsAsRows,
  },
  {
    version: 13,
    describe:
      'the rest of the class skills’ state is schema: the Doctor’s heals from 0 Health and the Aristocrat’s Retainer streak on the Lichslayer, the Medicine Bay refill, the Heirloom’s cover and each Familiar as rows (ch.2, ch.3)',
    up: skillStateAsRows,
  },
] as const;
