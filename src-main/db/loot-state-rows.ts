// Loot's kept state (ch.13) that formats before 14 kept in settings keyed by a Lichslayer's id, moved
// into tables of its own once, in the file: the buffs channelled until the dive ends and the
// inscriptions made on spells. Plain SQL on the tables as format 13 has them: a migration must not
// read through play code written for later formats.
import type { Database } from 'better-sqlite3';
import { emptiedSettings, settingRecords } from './moved-settings-sql.ts';

/**
 * The entries of a setting's lists, one per Lichslayer still there (the setting kept a list by id;
 * the foreign key could hold no other): its id, the entry's place in the list and the entry, an
 * object or '{}' (so that reading its fields never meets text that is no JSON).
 */
const listEntries = (key: string) =>
  `SELECT l.id AS lichslayer_id, e.key AS n, CASE WHEN e.type = 'object' THEN e.value ELSE '{}' END AS v
   FROM (${settingRecords(key)}) AS r JOIN lichslayer AS l ON CAST(l.id AS TEXT) = r.id,
        json_each(CASE WHEN r.type = 'array' THEN r.v ELSE '[]' END) AS e`;

/** Format 14: a row per Channel buff and per spell inscription, going with the Lichslayer who made it (ch.13). */
function lootStateAsRows(db: Database): void {
  db.exec(`
    CREATE TABLE channel_buff (
      id            INTEGER PRIMARY KEY,
      lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
      name          TEXT NOT NULL CHECK (name <> ''),
      details       TEXT NOT NULL DEFAULT ''
    ) STRICT;
    CREATE INDEX channel_buff_of_lichslayer ON channel_buff (lichslayer_id);
    -- The spell as the spellbook lists it: its table's key, its row there and its label, so that a row
    -- moved or renamed since is another spell. No foreign key: a table's rows take new ids whenever rows
    -- are added or removed, and a table imported in another's place is a new row under the same key.
    CREATE TABLE spell_inscription (
      id            INTEGER PRIMARY KEY,
      lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
      spell_table   TEXT NOT NULL CHECK (spell_table <> ''),
      spell_row     INTEGER NOT NULL CHECK (spell_row >= 0),
      spell_label   TEXT NOT NULL CHECK (spell_label <> ''),
      line          TEXT NOT NULL CHECK (line <> ''),
      UNIQUE (lichslayer_id, spell_table, spell_row, spell_label, line)
    ) STRICT;

    INSERT INTO channel_buff (lichslayer_id, name, details)
      SELECT lichslayer_id, v ->> '$.name', v ->> '$.details' FROM (${listEntries('channel-buffs')})
      WHERE json_type(v, '$.name') = 'text' AND v ->> '$.name' <> '' AND json_type(v, '$.details') = 'text'
      ORDER BY lichslayer_id, n;
    INSERT OR IGNORE INTO spell_inscription (lichslayer_id, spell_table, spell_row, spell_label, line)
      SELECT lichslayer_id, v ->> '$.table', v ->> '$.row', v ->> '$.label', v ->> '$.line'
      FROM (${listEntries('spell-inscriptions')})
      WHERE json_type(v, '$.table') = 'text' AND v ->> '$.table' <> ''
        AND json_type(v, '$.row') = 'integer' AND v ->> '$.row' >= 0
        AND json_type(v, '$.label') = 'text' AND v ->> '$.label' <> ''
        AND json_type(v, '$.line') = 'text' AND v ->> '$.line' <> ''
      ORDER BY lichslayer_id, n;
    ${emptiedSettings(['channel-buffs', 'spell-inscriptions'])}
  `);
}

/** The formats that moved loot's kept state out of settings, in order. */
export const LOOT_STATE_MIGRATIONS = [
  {
    version: 14,
    describe:
      'loot’s kept state is schema: each Channel buff and each inscription on a spell is a row, going with the Lichslayer who made it (ch.13)',
    up: lootStateAsRows,
  },
] as const;
