// The life records older formats kept in settings keyed by a Lichslayer's id — where their XP came
// from (ch.1), their Skill Points with the skills they enhanced (ch.2) and the day they were turned
// (ch.16) — moved once, in the file, onto the Lichslayer and into a table of its own. Plain SQL on the tables as format 15 has them:
// a migration must not read through play code written for later formats.
import type { Database } from 'better-sqlite3';
import { emptiedSettings, settingRecords } from './moved-settings-sql.ts';

/** SQL setting a counter column from the field of each Lichslayer's record, where it is a count. */
const counter = (column: string, field: string) =>
  `UPDATE lichslayer SET ${column} = coalesce((
     SELECT r.v ->> '$.${field}' FROM (${settingRecords('life-records')}) AS r
     WHERE r.id = CAST(lichslayer.id AS TEXT) AND r.type = 'object'
       AND json_type(r.v, '$.${field}') = 'integer' AND r.v ->> '$.${field}' >= 0), 0);`;

/** Format 16: the counts on the Lichslayer, a row per enhanced skill, going with them (ch.1, ch.2). */
function lifeRecordsAsRows(db: Database): void {
  db.exec(`
    ALTER TABLE lichslayer ADD COLUMN enemies_felled INTEGER NOT NULL DEFAULT 0 CHECK (enemies_felled >= 0);
    ALTER TABLE lichslayer ADD COLUMN floors_cleared INTEGER NOT NULL DEFAULT 0 CHECK (floors_cleared >= 0);
    ALTER TABLE lichslayer ADD COLUMN skill_points INTEGER NOT NULL DEFAULT 0 CHECK (skill_points >= 0);
    CREATE TABLE enhanced_skill (
      id            INTEGER PRIMARY KEY,
      lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
      skill         TEXT NOT NULL CHECK (skill <> ''),
      UNIQUE (lichslayer_id, skill)
    ) STRICT;
    ${counter('enemies_felled', 'enemiesFelled')}
    ${counter('floors_cleared', 'floorsCleared')}
    ${counter('skill_points', 'skillPoints')}
    INSERT OR IGNORE INTO enhanced_skill (lichslayer_id, skill)
      SELECT l.id, e.value
      FROM (${settingRecords('life-records')}) AS r JOIN lichslayer AS l ON CAST(l.id AS TEXT) = r.id,
           json_each(CASE WHEN r.type = 'object' AND json_type(r.v, '$.enhanced') = 'array' THEN r.v ->> '$.enhanced' ELSE '[]' END) AS e
      WHERE e.type = 'text' AND e.value <> ''
      ORDER BY l.id, e.key;
    ${emptiedSettings(['life-records'])}
  `);
}

/** Format 17: the day the Lich turned a Lichslayer, on the Lichslayer, for the Pilgrimage's six days (ch.16). */
function turnedDayOnLichslayer(db: Database): void {
  db.exec(`
    ALTER TABLE lichslayer ADD COLUMN turned_on_day INTEGER CHECK (turned_on_day >= 1);
    UPDATE lichslayer SET turned_on_day = (
      SELECT r.v FROM (${settingRecords('turned-on')}) AS r
      WHERE r.id = CAST(lichslayer.id AS TEXT) AND r.type = 'integer' AND r.v >= 1);
    ${emptiedSettings(['turned-on'])}
  `);
}

/** The formats that moved the life records out of settings, in order. */
export const LIFE_RECORD_MIGRATIONS = [
  {
    version: 16,
    describe:
      'life records are schema: the enemies felled, floors cleared and Skill Points on the Lichslayer, and a row per skill they enhanced (ch.1, ch.2)',
    up: lifeRecordsAsRows,
  },
  {
    version: 17,
    describe: 'the day a Lichslayer was turned is kept on the Lichslayer, for the Pilgrimage’s six days (ch.16)',
    up: turnedDayOnLichslayer,
  },
] as const;
