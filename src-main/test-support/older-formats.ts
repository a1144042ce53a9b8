// A closed campaign written back as an older format kept the same state, for the migration tests of
// state a fixture cannot hold (a Round under way): each format's rows written back as the settings it
// moved them from, the schema it added dropped, and the undo steps gone (they name the new tables,
// where the older format's named its settings).
import Database from 'better-sqlite3';

interface Placed {
  floor: number;
  x: number;
  y: number;
  serial: number;
  round: number;
}

type Db = InstanceType<typeof Database>;

const at = (p: Placed) => ({ floor: p.floor, x: p.x, y: p.y });

function putSettings(db: Db, settings: Record<string, unknown>): void {
  const put = db.prepare(
    `INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  for (const [key, value] of Object.entries(settings)) put.run(key, JSON.stringify(value));
}

export interface OlderState {
  /** Format 14's Crush tiers as given, instead of the file's own (a test's damaged entries). */
  crushTiers?: Record<string, unknown>;
}

/** Format 17 back to 16: the days the Lich turned Lichslayers into their setting. */
function before17(db: Db): void {
  const turned = db.prepare(`SELECT id, turned_on_day FROM lichslayer WHERE turned_on_day IS NOT NULL`).all() as {
    id: number;
    turned_on_day: number;
  }[];
  putSettings(db, { 'turned-on': Object.fromEntries(turned.map((l) => [String(l.id), l.turned_on_day])) });
  db.exec(`ALTER TABLE lichslayer DROP COLUMN turned_on_day;`);
}

/** Format 16 back to 15: the life records into their one setting. */
function before16(db: Db): void {
  const people = db.prepare(`SELECT id, enemies_felled, floors_cleared, skill_points FROM lichslayer`).all() as {
    id: number;
    enemies_felled: number;
    floors_cleared: number;
    skill_points: number;
  }[];
  const enhanced = db.prepare(`SELECT lichslayer_id, skill FROM enhanced_skill ORDER BY id`).all() as {
    lichslayer_id: number;
    skill: string;
  }[];
  const records = Object.fromEntries(
    people.map((l) => [
      String(l.id),
      {
        enemiesFelled: l.enemies_felled,
        floorsCleared: l.floors_cleared,
        skillPoints: l.skill_points,
        enhanced: enhanced.filter((e) => e.lichslayer_id === l.id).map((e) => e.skill),
      },
    ]),
  );
  putSettings(db, { 'life-records': records });
  db.exec(`DROP TABLE enhanced_skill;
    ALTER TABLE lichslayer DROP COLUMN enemies_felled;
    ALTER TABLE lichslayer DROP COLUMN floors_cleared;
    ALTER TABLE lichslayer DROP COLUMN skill_points;`);
}

/** Format 15 back to 14: Crush's tiers, Investiture's grants and the held doorways into their settings. */
function before15(db: Db, older: OlderState): void {
  const tiers = db.prepare(`SELECT lichslayer_id, tier FROM crush_tier ORDER BY id`).all() as {
    lichslayer_id: number;
    tier: string;
  }[];
  const grants = db.prepare(`SELECT * FROM investiture ORDER BY id`).all() as (Placed & {
    scholar_id: number;
    lichslayer_id: number;
  })[];
  const holds = db.prepare(`SELECT * FROM doorway_hold ORDER BY id`).all() as (Placed & {
    id: number;
    breaker_id: number;
  })[];
  const denials = db.prepare(`SELECT * FROM doorway_denial ORDER BY id`).all() as {
    doorway_id: number;
    token_id: number;
  }[];
  const byBreaker = new Map<string, string[]>();
  for (const t of tiers)
    byBreaker.set(String(t.lichslayer_id), [...(byBreaker.get(String(t.lichslayer_id)) ?? []), t.tier]);
  putSettings(db, {
    'skill:crush-tiers': older.crushTiers ?? Object.fromEntries(byBreaker),
    'skill:investiture': [...new Set(grants.map((g) => g.scholar_id))].map((scholar) => {
      const mine = grants.filter((g) => g.scholar_id === scholar);
      const g = mine[0]!;
      return { scholar, at: at(g), serial: g.serial, round: g.round, to: mine.map((m) => m.lichslayer_id) };
    }),
    'skill:doorway': holds.map((h) => ({
      breaker: h.breaker_id,
      at: at(h),
      serial: h.serial,
      round: h.round,
      denied: denials.filter((d) => d.doorway_id === h.id).map((d) => d.token_id),
    })),
  });
  db.exec(`DROP TABLE doorway_denial; DROP TABLE doorway_hold; DROP TABLE investiture; DROP TABLE crush_tier;`);
}

const BACK: Record<number, (db: Db, older: OlderState) => void> = { 17: before17, 16: before16, 15: before15 };

/** The closed campaign file as format `version` kept the same state. */
export function asOlderFormat(file: string, version: number, older: OlderState = {}): void {
  const db = new Database(file);
  const from = db.pragma('user_version', { simple: true }) as number;
  db.exec(`DELETE FROM history;`);
  for (let v = from; v > version; v--) {
    const back = BACK[v];
    if (!back) throw new Error(`No way back from format ${v} is written here`);
    back(db, older);
  }
  db.pragma(`user_version = ${version}`);
  db.close();
}
