// Class-skill state that formats before it kept in settings, moved into tables of its own once, in
// the file, so play reads typed rows with their CHECKs instead of JSON. Plain SQL on the tables as the
// format before has them: a migration must not read through play code written for later formats.
import type { Database } from 'better-sqlite3';

/** Format 12: ailments (ch.2), a row per carrier and ailment, going with their Lichslayer or token. */
export function ailmentsAsRows(db: Database): void {
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
    -- The old setting row stays (emptied), so that older undo steps naming its id land on it and nowhere else.
    UPDATE setting SET value = '{}' WHERE key = 'ailments';
  `);
}
