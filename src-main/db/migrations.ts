// Numbered schema migrations. Each runs in its own transaction and sets PRAGMA user_version,
// so a crash mid-migration leaves the file at the previous version, never half-migrated.
import type { Database } from 'better-sqlite3';
import { moveOlderSettings } from './older-settings.ts';
import { SKILL_STATE_MIGRATIONS } from './skill-state-rows.ts';
import { LOOT_STATE_MIGRATIONS } from './loot-state-rows.ts';
import { SKILL_ROUND_MIGRATIONS } from './skill-round-rows.ts';
import { LIFE_RECORD_MIGRATIONS } from './life-record-rows.ts';
import { lootRefOfName } from './loot-ref-sql.ts';

export interface Migration {
  version: number;
  describe: string;
  up: (db: Database) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    describe: 'campaign, town, Lichslayers with their Gauntlet, undo history and action log',
    up: (db) => {
      db.exec(`
        CREATE TABLE meta (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;
        CREATE TABLE town (
          id   INTEGER PRIMARY KEY CHECK (id = 1),
          name TEXT NOT NULL,
          day  INTEGER NOT NULL DEFAULT 1 CHECK (day >= 1)
        ) STRICT;
        CREATE TABLE lichslayer (
          id           INTEGER PRIMARY KEY,
          position     INTEGER NOT NULL,
          name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
          level        INTEGER NOT NULL DEFAULT 1 CHECK (level >= 1),
          health       INTEGER NOT NULL CHECK (health >= 0),
          max_health   INTEGER NOT NULL CHECK (max_health >= 6),
          armor        INTEGER NOT NULL CHECK (armor >= 0),
          max_armor    INTEGER NOT NULL CHECK (max_armor >= 0),
          power        INTEGER NOT NULL CHECK (power >= 0),
          speed        INTEGER NOT NULL CHECK (speed >= 0),
          sanity       TEXT NOT NULL CHECK (sanity IN ('whole','strange','edge','paranoid','lost')),
          gold         INTEGER NOT NULL CHECK (gold >= 0),
          xp           INTEGER NOT NULL DEFAULT 0 CHECK (xp >= 0),
          hidden_class TEXT,
          skill1       TEXT NOT NULL DEFAULT '',
          skill2       TEXT NOT NULL DEFAULT '',
          skill3       TEXT NOT NULL DEFAULT '',
          capstone     TEXT NOT NULL DEFAULT '',
          notes        TEXT NOT NULL DEFAULT '',
          CHECK (health <= max_health),
          CHECK (armor <= max_armor)
        ) STRICT;
        CREATE TABLE item (
          id            INTEGER PRIMARY KEY,
          lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
          slot          TEXT NOT NULL CHECK (slot IN ('gear','garment','accessory','loot1','loot2','loot3')),
          name          TEXT NOT NULL,
          colour        TEXT NOT NULL,
          broken        INTEGER NOT NULL DEFAULT 0 CHECK (broken IN (0, 1)),
          notes         TEXT NOT NULL DEFAULT '',
          UNIQUE (lichslayer_id, slot)
        ) STRICT;
        CREATE TABLE inventory (
          id            INTEGER PRIMARY KEY,
          lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
          position      INTEGER NOT NULL,
          name          TEXT NOT NULL,
          count         INTEGER NOT NULL CHECK (count BETWEEN 1 AND 6)
        ) STRICT;
        CREATE TABLE history (
          id      INTEGER PRIMARY KEY,
          label   TEXT NOT NULL,
          changes TEXT NOT NULL,
          undone  INTEGER NOT NULL DEFAULT 0,
          at      TEXT NOT NULL
        ) STRICT;
        CREATE TABLE action_log (
          id      INTEGER PRIMARY KEY,
          at      TEXT NOT NULL,
          command TEXT NOT NULL,
          args    TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    describe: 'campaign settings (house rules)',
    up: (db) => {
      db.exec(`
        CREATE TABLE setting (
          id    INTEGER PRIMARY KEY,
          key   TEXT NOT NULL UNIQUE,
          value TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 3,
    describe: 'random tables, their rows, and the roll ledger',
    up: (db) => {
      db.exec(`
        CREATE TABLE rtable (
          id        INTEGER PRIMARY KEY,
          key       TEXT NOT NULL UNIQUE,
          name      TEXT NOT NULL,
          category  TEXT NOT NULL,
          die       TEXT,
          span_min  INTEGER,
          span_max  INTEGER,
          draw_without_replacement INTEGER NOT NULL DEFAULT 0,
          starter   INTEGER NOT NULL DEFAULT 0,
          drawn     TEXT NOT NULL DEFAULT '[]'
        ) STRICT;
        CREATE TABLE rtable_row (
          id        INTEGER PRIMARY KEY,
          table_id  INTEGER NOT NULL REFERENCES rtable(id) ON DELETE CASCADE,
          position  INTEGER NOT NULL,
          data      TEXT NOT NULL
        ) STRICT;
        CREATE INDEX rtable_row_by_table ON rtable_row (table_id, position);
        CREATE TABLE roll_log (
          id         INTEGER PRIMARY KEY,
          at         TEXT NOT NULL,
          session    INTEGER NOT NULL,
          command    TEXT NOT NULL,
          cause      TEXT NOT NULL,
          table_key  TEXT,
          floor      INTEGER,
          room       TEXT,
          character  TEXT,
          explain    TEXT NOT NULL,
          result     TEXT NOT NULL,
          faces      TEXT NOT NULL,
          rng_before TEXT NOT NULL,
          rng_after  TEXT NOT NULL
        ) STRICT;
        CREATE INDEX roll_log_by_session ON roll_log (session, id);
      `);
    },
  },
  {
    version: 4,
    describe: 'the Tomb board: rooms, tokens, the turn stack, and public rolls',
    up: (db) => {
      db.exec(`
        CREATE TABLE room (
          id          INTEGER PRIMARY KEY,
          floor       INTEGER NOT NULL CHECK (floor BETWEEN 1 AND 10),
          x           INTEGER NOT NULL CHECK (x BETWEEN 0 AND 4),
          y           INTEGER NOT NULL CHECK (y BETWEEN 0 AND 4),
          revealed    INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),
          prepared    INTEGER NOT NULL DEFAULT 0 CHECK (prepared IN (0, 1)),
          entered     INTEGER NOT NULL DEFAULT 0 CHECK (entered IN (0, 1)),
          room_type   TEXT CHECK (room_type IN ('hall','chamber','vault','antechamber','shrine')),
          name        TEXT NOT NULL DEFAULT '',
          details     TEXT NOT NULL DEFAULT '',
          trap        TEXT,
          chest       TEXT,
          sanity_test INTEGER NOT NULL DEFAULT 0,
          stair       INTEGER NOT NULL DEFAULT 0,
          phylactery  INTEGER NOT NULL DEFAULT 0,
          gold        INTEGER NOT NULL DEFAULT 0,
          notes       TEXT NOT NULL DEFAULT '',
          UNIQUE (floor, x, y)
        ) STRICT;
        CREATE TABLE token (
          id            INTEGER PRIMARY KEY,
          kind          TEXT NOT NULL CHECK (kind IN ('lichslayer','retainer','familiar','entity','phylactery')),
          lichslayer_id INTEGER REFERENCES lichslayer(id) ON DELETE CASCADE,
          name          TEXT NOT NULL,
          colour        TEXT NOT NULL,
          floor         INTEGER CHECK (floor BETWEEN 1 AND 10),
          x             INTEGER CHECK (x BETWEEN 0 AND 4),
          y             INTEGER CHECK (y BETWEEN 0 AND 4),
          health        INTEGER,
          max_health    INTEGER,
          armor         INTEGER,
          stats         TEXT NOT NULL DEFAULT '{}',
          intention     TEXT NOT NULL DEFAULT '',
          hidden        INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
          defeated      INTEGER NOT NULL DEFAULT 0 CHECK (defeated IN (0, 1)),
          placed_at     INTEGER NOT NULL DEFAULT 0
        ) STRICT;
        CREATE INDEX token_by_place ON token (floor, x, y);
        CREATE TABLE turn_stack (
          id        INTEGER PRIMARY KEY,
          token_id  INTEGER NOT NULL UNIQUE REFERENCES token(id) ON DELETE CASCADE,
          position  INTEGER NOT NULL
        ) STRICT;
        ALTER TABLE roll_log ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
      `);
    },
  },
  {
    version: 5,
    describe: 'campaign life: XP sources, unspent stat points, the survival clock, and day reports',
    up: (db) => {
      db.exec(`
        ALTER TABLE lichslayer ADD COLUMN gold_gained INTEGER NOT NULL DEFAULT 0 CHECK (gold_gained >= 0);
        ALTER TABLE lichslayer ADD COLUMN stat_points INTEGER NOT NULL DEFAULT 0 CHECK (stat_points >= 0);
        ALTER TABLE lichslayer ADD COLUMN magic_bonus INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE lichslayer ADD COLUMN days_without_meal INTEGER NOT NULL DEFAULT 0 CHECK (days_without_meal >= 0);
        ALTER TABLE lichslayer ADD COLUMN days_without_shelter INTEGER NOT NULL DEFAULT 0 CHECK (days_without_shelter >= 0);
        ALTER TABLE lichslayer ADD COLUMN hunger_lost INTEGER NOT NULL DEFAULT 0 CHECK (hunger_lost >= 0);
        ALTER TABLE lichslayer ADD COLUMN missed_since_rest INTEGER NOT NULL DEFAULT 0 CHECK (missed_since_rest >= 0);
        ALTER TABLE lichslayer ADD COLUMN ate_today INTEGER NOT NULL DEFAULT 0 CHECK (ate_today IN (0, 1));
        ALTER TABLE lichslayer ADD COLUMN sheltered_today INTEGER NOT NULL DEFAULT 0 CHECK (sheltered_today IN (0, 1));
        CREATE TABLE day_report (
          id      INTEGER PRIMARY KEY,
          day     INTEGER NOT NULL,
          report  TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 6,
    describe:
      "loot slots 4-6 and Medicine Slots (ch.2); inventory stacks keep an item's colour, broken state and notes (ch.13); nights of rest counted at Lost Sanity (ch.5 Stage 2); flat cost at any campaign size: indexes for undo, the journal and the ledger; skill uses as rows; no action log",
    up: (db) => {
      db.exec(`
        -- Extra Pockets opens Loot slots 4-6 and Medicine Bay three Medicine Slots (ch.2): the slot
        -- CHECK is part of the table, so the table is rebuilt with its rows and ids kept.
        ALTER TABLE item RENAME TO item_before_v6;
        CREATE TABLE item (
          id            INTEGER PRIMARY KEY,
          lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
          slot          TEXT NOT NULL CHECK (slot IN ('gear','garment','accessory','loot1','loot2','loot3','loot4','loot5','loot6','medicine1','medicine2','medicine3')),
          name          TEXT NOT NULL,
          colour        TEXT NOT NULL,
          broken        INTEGER NOT NULL DEFAULT 0 CHECK (broken IN (0, 1)),
          notes         TEXT NOT NULL DEFAULT '',
          UNIQUE (lichslayer_id, slot)
        ) STRICT;
        INSERT INTO item (id, lichslayer_id, slot, name, colour, broken, notes)
          SELECT id, lichslayer_id, slot, name, colour, broken, notes FROM item_before_v6;
        DROP TABLE item_before_v6;
        -- An item put away keeps its state (ch.11 broken until repaired; ch.13 merges and ×N choices):
        -- NULL colour means "as its loot entry says".
        ALTER TABLE inventory ADD COLUMN colour TEXT;
        ALTER TABLE inventory ADD COLUMN broken INTEGER NOT NULL DEFAULT 0 CHECK (broken IN (0, 1));
        ALTER TABLE inventory ADD COLUMN notes TEXT NOT NULL DEFAULT '';
        -- The players' list of rolls: the undo step whose action made a roll, and the
        -- step that cleared or rewrote its room, so undone and superseded rolls stay with the Judge.
        -- 0 in history_id: the step was undone and then discarded.
        ALTER TABLE roll_log ADD COLUMN history_id INTEGER;
        ALTER TABLE roll_log ADD COLUMN withdrawn_by INTEGER;
        -- ch.5 Stage 2: Lost needs two nights of rest; the nights counted so far.
        ALTER TABLE lichslayer ADD COLUMN lost_rest_nights INTEGER NOT NULL DEFAULT 0 CHECK (lost_rest_nights >= 0);
        -- Undo and redo read the newest done step and the oldest undone one; each push clears the redo stack.
        CREATE INDEX history_by_undone ON history (undone, id);
        -- Each undo step knows its session: the journal reads one session's steps, compaction drops old ones.
        ALTER TABLE history ADD COLUMN session INTEGER NOT NULL DEFAULT 1;
        UPDATE history SET session = coalesce((
          SELECT max(CAST(s.key AS INTEGER)) FROM json_each((
            SELECT CASE WHEN json_valid(value) AND json_type(value) = 'object' THEN value ELSE '{}' END FROM setting WHERE key = 'session-starts'
          )) AS s
          WHERE CAST(s.key AS INTEGER) >= 2 AND s.value <= history.at
        ), 1);
        -- Covering what the journal lists, so it never reads past a step's (large) row images.
        CREATE INDEX history_by_session ON history (session, undone, id, label, at);
        -- The journal reads one page of sessions' day reports.
        CREATE INDEX day_report_by_session ON day_report ((CASE WHEN json_valid(report) THEN coalesce(report ->> '$.session', 1) END), id);
        CREATE INDEX history_dive_steps ON history (session, undone, id, label) WHERE label GLOB 'Phase: *';
        -- Written on every command and read by nothing: the undo history already records what each did.
        DROP TABLE action_log;
        -- The journal's notable rolls: what players saw, spells, creations and the Lich's doings.
        ALTER TABLE roll_log ADD COLUMN notable INTEGER GENERATED ALWAYS AS (public = 1 OR cause LIKE 'Spell:%' OR cause LIKE 'Creation of%' OR cause LIKE '%Lich%') VIRTUAL;
        CREATE INDEX roll_log_notable ON roll_log (session, id) WHERE notable = 1;
        CREATE INDEX roll_log_public ON roll_log (id) WHERE public = 1;
        CREATE INDEX roll_log_by_table ON roll_log (table_key, id);
        CREATE INDEX roll_log_by_floor ON roll_log (floor, id);
        CREATE INDEX roll_log_by_character ON roll_log (character, id);
        -- Undo links (above): discarding undone steps finds their rolls, and clearing a room withdraws
        -- that room's rolls, without reading the whole ledger.
        CREATE INDEX roll_log_by_step ON roll_log (history_id) WHERE history_id IS NOT NULL;
        CREATE INDEX roll_log_by_withdrawal ON roll_log (withdrawn_by) WHERE withdrawn_by IS NOT NULL;
        CREATE INDEX roll_log_by_room ON roll_log (room, id) WHERE room IS NOT NULL;
        -- One row per skill use (was one JSON setting rewritten whole, with both copies in every undo step).
        CREATE TABLE skill_use (
          id            INTEGER PRIMARY KEY,
          lichslayer_id INTEGER NOT NULL REFERENCES lichslayer(id) ON DELETE CASCADE,
          skill         TEXT NOT NULL,
          session       INTEGER NOT NULL,
          day           INTEGER NOT NULL,
          floor         INTEGER,
          fight         INTEGER,
          visit         INTEGER,
          round         INTEGER,
          turn          INTEGER,
          target        TEXT,
          faction       TEXT,
          -- The entity's token a Burgle was tried on, and whether its loot was kept (ch.2: each
          -- entity once; Cheat counts successes from distinct enemies).
          token_id      INTEGER,
          success       INTEGER CHECK (success IN (0, 1))
        ) STRICT;
        CREATE INDEX skill_use_by_session ON skill_use (lichslayer_id, skill, session);
        CREATE INDEX skill_use_by_day ON skill_use (lichslayer_id, skill, day);
        -- Round and turn limits bind within a fight, a floor limit within a visit to the floor (ch.2).
        CREATE INDEX skill_use_by_fight ON skill_use (lichslayer_id, skill, fight);
        CREATE INDEX skill_use_by_visit ON skill_use (lichslayer_id, skill, visit);
        -- Capstone progress counts distinct enemies and factions: read by jumping from one to the next.
        CREATE INDEX skill_use_by_target ON skill_use (lichslayer_id, skill, target COLLATE NOCASE);
        CREATE INDEX skill_use_by_faction ON skill_use (lichslayer_id, skill, faction COLLATE NOCASE);
        CREATE INDEX skill_use_by_token ON skill_use (lichslayer_id, skill, token_id) WHERE token_id IS NOT NULL;
        CREATE INDEX skill_use_on_token ON skill_use (skill, token_id) WHERE token_id IS NOT NULL;
        INSERT INTO skill_use (lichslayer_id, skill, session, day, floor, fight, visit, round, turn, target, faction, token_id, success)
          SELECT u.value ->> 'lichslayerId', u.value ->> 'skill', u.value ->> 'session', u.value ->> 'day', u.value ->> 'floor', u.value ->> 'fight', u.value ->> 'visit', u.value ->> 'round', u.value ->> 'turn', u.value ->> 'target', u.value ->> 'faction',
                 u.value ->> 'tokenId', u.value ->> 'success'
          FROM setting AS s, json_each(CASE WHEN json_valid(s.value) AND json_type(s.value) = 'array' THEN s.value ELSE '[]' END) AS u
          WHERE s.key = 'skill-uses' AND json_type(u.value) = 'object'
            AND json_type(u.value, '$.lichslayerId') = 'integer' AND json_type(u.value, '$.skill') = 'text'
            AND json_type(u.value, '$.session') = 'integer' AND json_type(u.value, '$.day') = 'integer'
            AND coalesce(json_type(u.value, '$.floor'), 'null') IN ('integer', 'null')
            AND coalesce(json_type(u.value, '$.fight'), 'null') IN ('integer', 'null')
            AND coalesce(json_type(u.value, '$.visit'), 'null') IN ('integer', 'null')
            AND coalesce(json_type(u.value, '$.round'), 'null') IN ('integer', 'null')
            AND coalesce(json_type(u.value, '$.turn'), 'null') IN ('integer', 'null')
            AND coalesce(json_type(u.value, '$.target'), 'null') IN ('text', 'null')
            AND coalesce(json_type(u.value, '$.faction'), 'null') IN ('text', 'null')
            AND coalesce(json_type(u.value, '$.tokenId'), 'null') IN ('integer', 'null')
            AND coalesce(json_type(u.value, '$.success'), 'null') IN ('true', 'false', 'null')
            AND (u.value ->> 'lichslayerId') IN (SELECT id FROM lichslayer)
          ORDER BY u.key;
        -- The old setting row stays (emptied), so that older undo steps naming its id land on it and nowhere else.
        UPDATE setting SET value = '[]' WHERE key = 'skill-uses';
      `);
    },
  },
  {
    version: 7,
    describe:
      'each table row has its own id, kept through edits; an item held or put away keeps the loot row it came from (ch.13), so renaming the row keeps its tier, actions and text with it',
    up: (db) => {
      db.exec(`
        -- A row's id lives in its stored row, beside its label: rows keep their order, so the
        -- position (unique within a table) gives each a distinct one.
        UPDATE rtable_row SET data = json_set(data, '$.id', position + 1)
          WHERE json_valid(data) AND json_type(data) = 'object' AND json_type(data, '$.id') IS NULL;
        -- "<table key>#<row id>": the loot row an item came from; NULL for an item no row names.
        ALTER TABLE item ADD COLUMN loot_ref TEXT;
        ALTER TABLE inventory ADD COLUMN loot_ref TEXT;
        -- Items already held are tied to the row their name finds, as the app found it by name
        -- before: the first loot table (by name) with a loot row of that label.
        UPDATE item SET loot_ref = ${lootRefOfName('item.name')};
        UPDATE inventory SET loot_ref = ${lootRefOfName('inventory.name')};
      `);
    },
  },
  {
    version: 8,
    describe:
      'what older versions kept outside its one home moves there: the party’s floor and the Attention stage into their machines, a week’s feeding of the Giver into the weeks she was fed (ch.17)',
    up: moveOlderSettings,
  },
  {
    version: 9,
    describe:
      'a roll can be made with dice rolled at the table: its ledger entry names who entered the faces by hand (the Judge or a Lichslayer), and replay skips them',
    up: (db) => {
      // NULL: the app rolled the faces from its seeded source (every roll before this format).
      db.exec(`ALTER TABLE roll_log ADD COLUMN entered_by TEXT`);
    },
  },
  {
    version: 10,
    describe:
      'a meal bought on a day whose Inn event makes it feed more than one day (a feast) keeps the character fed through a later day',
    up: (db) => {
      // NULL: no meal feeds beyond the day it was bought (every meal before this format).
      db.exec(`ALTER TABLE lichslayer ADD COLUMN fed_through INTEGER CHECK (fed_through IS NULL OR fed_through >= 1)`);
    },
  },
  {
    version: 11,
    describe: 'a Witch using Oneness inhabits a token on the board, and returns to her body when it is removed (ch.2)',
    up: (db) => {
      // NULL: she inhabits no one (every Lichslayer before this format).
      db.exec(`ALTER TABLE lichslayer ADD COLUMN inhabits INTEGER REFERENCES token(id) ON DELETE SET NULL`);
    },
  },
  ...SKILL_STATE_MIGRATIONS,
  ...LOOT_STATE_MIGRATIONS,
  ...SKILL_ROUND_MIGRATIONS,
  ...LIFE_RECORD_MIGRATIONS,
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
