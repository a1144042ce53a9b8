// The last class-skill state formats before 15 kept in settings keyed by a Lichslayer's id, moved into
// tables of its own once, in the file: Crush's floor tiers, and what the Scholar's Investiture and the
// Breaker's held doorway reach in one Round. Plain SQL on the tables as format 14 has them: a migration
// must not read through play code written for later formats.
import type { Database } from 'better-sqlite3';
import { emptiedSettings, settingRecords } from './moved-settings-sql.ts';

/**
 * The entries of a setting that kept a list (the Round's grants and doorways): each entry's place
 * and the entry, an object or '{}' (so that reading its fields never meets text that is no JSON).
 */
const listed = (key: string) =>
  `SELECT e.key AS n, CASE WHEN e.type = 'object' THEN e.value ELSE '{}' END AS v FROM setting AS s,
     json_each(CASE WHEN json_valid(s.value) AND json_type(s.value) = 'array' THEN s.value ELSE '[]' END) AS e
   WHERE s.key = '${key}'`;

/** A place and a Round as the settings wrote them: a square of the board, in a fight's Round. */
const placedInRound = (v: string) =>
  `json_type(${v}, '$.at.floor') = 'integer' AND ${v} ->> '$.at.floor' BETWEEN 1 AND 10
   AND json_type(${v}, '$.at.x') = 'integer' AND ${v} ->> '$.at.x' BETWEEN 0 AND 4
   AND json_type(${v}, '$.at.y') = 'integer' AND ${v} ->> '$.at.y' BETWEEN 0 AND 4
   AND json_type(${v}, '$.serial') = 'integer' AND json_type(${v}, '$.round') = 'integer'`;

/** Format 15: Crush's tiers, Investiture's grants and the held doorways as rows, going with their Lichslayers (ch.2). */
function skillRoundsAsRows(db: Database): void {
  db.exec(`
    CREATE TABLE crush_tier (
      id            INTEGER PRIMARY KEY,
      lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
      tier          TEXT NOT NULL CHECK (tier IN ('upper','middle','lower')),
      UNIQUE (lichslayer_id, tier)
    ) STRICT;
    -- One row per character a Scholar's Investiture reaches, while the Scholar stays where they stood.
    CREATE TABLE investiture (
      id            INTEGER PRIMARY KEY,
      scholar_id    INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
      lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
      floor         INTEGER NOT NULL CHECK (floor BETWEEN 1 AND 10),
      x             INTEGER NOT NULL CHECK (x BETWEEN 0 AND 4),
      y             INTEGER NOT NULL CHECK (y BETWEEN 0 AND 4),
      serial        INTEGER NOT NULL,
      round         INTEGER NOT NULL,
      CHECK (scholar_id <> lichslayer_id),
      UNIQUE (scholar_id, lichslayer_id)
    ) STRICT;
    CREATE TABLE doorway_hold (
      id            INTEGER PRIMARY KEY,
      breaker_id    INTEGER NOT NULL UNIQUE REFERENCES lichslayer(id) ON DELETE CASCADE,
      floor         INTEGER NOT NULL CHECK (floor BETWEEN 1 AND 10),
      x             INTEGER NOT NULL CHECK (x BETWEEN 0 AND 4),
      y             INTEGER NOT NULL CHECK (y BETWEEN 0 AND 4),
      serial        INTEGER NOT NULL,
      round         INTEGER NOT NULL
    ) STRICT;
    -- An enemy turned back at a held doorway stays out for that Round.
    CREATE TABLE doorway_denial (
      id            INTEGER PRIMARY KEY,
      doorway_id    INTEGER NOT NULL REFERENCES doorway_hold(id) ON DELETE CASCADE,
      token_id      INTEGER NOT NULL REFERENCES token(id) ON DELETE CASCADE,
      UNIQUE (doorway_id, token_id)
    ) STRICT;

    INSERT OR IGNORE INTO crush_tier (lichslayer_id, tier)
      SELECT l.id, t.value
      FROM (${settingRecords('skill:crush-tiers')}) AS r JOIN lichslayer AS l ON CAST(l.id AS TEXT) = r.id,
           json_each(CASE WHEN r.type = 'array' THEN r.v ELSE '[]' END) AS t
      WHERE t.value IN ('upper','middle','lower')
      ORDER BY l.id, t.key;
    INSERT OR IGNORE INTO investiture (scholar_id, lichslayer_id, floor, x, y, serial, round)
      SELECT s.id, l.id, g.v ->> '$.at.floor', g.v ->> '$.at.x', g.v ->> '$.at.y', g.v ->> '$.serial', g.v ->> '$.round'
      FROM (${listed('skill:investiture')}) AS g JOIN lichslayer AS s ON s.id = g.v ->> '$.scholar',
           json_each(CASE WHEN json_type(g.v, '$.to') = 'array' THEN g.v ->> '$.to' ELSE '[]' END) AS t
      JOIN lichslayer AS l ON l.id = t.value AND t.type = 'integer'
      WHERE json_type(g.v, '$.scholar') = 'integer' AND l.id <> s.id AND ${placedInRound('g.v')}
      ORDER BY g.n, t.key;
    -- A later doorway of the same Breaker replaced an earlier one as the setting was written.
    INSERT OR REPLACE INTO doorway_hold (breaker_id, floor, x, y, serial, round)
      SELECT b.id, d.v ->> '$.at.floor', d.v ->> '$.at.x', d.v ->> '$.at.y', d.v ->> '$.serial', d.v ->> '$.round'
      FROM (${listed('skill:doorway')}) AS d JOIN lichslayer AS b ON b.id = d.v ->> '$.breaker'
      WHERE json_type(d.v, '$.breaker') = 'integer' AND ${placedInRound('d.v')}
      ORDER BY d.n;
    INSERT OR IGNORE INTO doorway_denial (doorway_id, token_id)
      SELECT h.id, k.id
      FROM (${listed('skill:doorway')}) AS d JOIN doorway_hold AS h ON h.breaker_id = d.v ->> '$.breaker'
        AND h.serial = d.v ->> '$.serial' AND h.round = d.v ->> '$.round'
        AND h.floor = d.v ->> '$.at.floor' AND h.x = d.v ->> '$.at.x' AND h.y = d.v ->> '$.at.y',
           json_each(CASE WHEN json_type(d.v, '$.denied') = 'array' THEN d.v ->> '$.denied' ELSE '[]' END) AS e
      JOIN token AS k ON k.id = e.value AND e.type = 'integer'
      ORDER BY d.n, e.key;
    ${emptiedSettings(['skill:crush-tiers', 'skill:investiture', 'skill:doorway'])}
  `);
}

/** The formats that moved the class skills' Round state out of settings, in order. */
export const SKILL_ROUND_MIGRATIONS = [
  {
    version: 15,
    describe:
      'the class skills’ last kept state is schema: the Breaker’s floor tiers toward Crush, whom the Scholar’s Investiture reaches and the doorway the Breaker holds this Round are rows, going with their Lichslayers (ch.2)',
    up: skillRoundsAsRows,
  },
] as const;
