// A demo campaign grown to a given number of history and ledger rows, as a long campaign grows:
// one session of real play through the app's commands, then its undo steps, ledger entries and
// skill uses copied (in id order, across many sessions) until the campaign holds `rows` of each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite, { type Database } from 'better-sqlite3';
import { CampaignApp } from '../src-main/app/campaign-app.ts';
import { JOURNAL_PAGE } from '../src-main/views/journal-view.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESOURCES = path.join(ROOT, 'resources');

/** Rows of history (and of ledger) per session in a grown campaign: a long evening of play. */
const ROWS_PER_SESSION = 1000;

export interface GrownCampaign {
  app: CampaignApp;
  dataDir: string;
  file: string;
  db: Database;
  /**
   * A copy of the campaign as it stands, on its own connection with the app's journal and
   * synchronous settings: where a baseline writes, so that its writes cost what the app's do
   * without changing the file the app has loaded (which would make the app read it all again).
   */
  twin(): Database;
  /** The demo's first Lichslayer and its token on the board. */
  lichslayerId: number;
  tokenId: number;
  close(): void;
}

export function benchApp(dataDir: string): CampaignApp {
  return new CampaignApp({ dataDir, host: 'web', version: 'bench', resourcesDir: RESOURCES });
}

/** Real play: edits, moves, reveals, table rolls, a day passing and the Judge's notes. */
async function playOneSession(app: CampaignApp, lichslayerId: number, tokenId: number, round: number): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await app.call('lichslayer.update', { id: lichslayerId, patch: { notes: `Round ${round}, step ${i}` } });
    await app.call('board.moveToken', { tokenId, floor: 1, x: 1 + (i % 2), y: 0, override: true });
    await app.call('tables.roll', { key: 'loot', context: { floor: 1 } });
  }
  const view = await app.call('board.view', { floor: 1 });
  const hidden = view.rooms.find((r) => !r.revealed);
  if (hidden) await app.call('board.revealRoom', { floor: 1, x: hidden.x, y: hidden.y });
  await app.call('town.nextDay', { duringDive: true });
  await app.call('journal.setNotes', { session: round, text: `The party's evening ${round}.` });
}

/** Copies a table's rows (all columns but the id) until it holds `target` rows, in id order. */
function copyRowsTo(db: Database, table: string, target: number): void {
  const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[])
    .map((c) => c.name)
    .filter((c) => c !== 'id');
  const sample = db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number };
  if (sample.n === 0) return;
  const insert = db.prepare(
    `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM (SELECT * FROM ${table} ORDER BY id LIMIT @limit)`,
  );
  for (;;) {
    const have = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    if (have >= target) return;
    insert.run({ limit: Math.min(have, target - have) });
  }
}

/**
 * The demo campaign with `rows` rows of history and of the ledger (and one Burgle per 50 rows),
 * spread over sessions of 1,000 rows each (at least twelve sessions), opened in a fresh data
 * folder with the dice seeded.
 */
export async function growCampaign(rows: number): Promise<GrownCampaign> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-grown-'));
  let app = benchApp(dataDir);
  await app.ensureFirstLaunch();
  const [demo] = await app.call('campaign.list', {});
  const file = demo!.path;
  await app.call('campaign.open', { path: file });
  await app.call('dice.setSeed', { seed: 18 });
  const roster = (await app.call('campaign.current', {}))!.roster;
  const lichslayerId = roster[0]!.id;
  // A Bandit whose Burgles count toward Cheat: every Judge view reads her capstone progress.
  const bandit = roster[2]!.id;
  await app.call('lichslayer.update', { id: bandit, patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 6 } });
  await app.call('board.enterFloor', { floor: 1 });
  // A room beside the entrance to walk to and back: the Judge's most common command.
  await app.call('board.setRoom', {
    floor: 1,
    x: 1,
    y: 0,
    patch: { type: 'vault', name: 'Bench vault' },
    revealed: true,
  });
  const tokenId = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === lichslayerId)!.id;
  await playOneSession(app, lichslayerId, tokenId, 1);
  await app.idle();
  app.close();

  // Grow the file directly: the copies are the rows real play wrote, in the order it wrote them.
  const raw = new Sqlite(file);
  // At least a full page of the journal's sessions, so a small campaign's journal shows as much as a large one's.
  const sessions = Math.max(JOURNAL_PAGE + 2, Math.ceil(rows / ROWS_PER_SESSION));
  raw.transaction(() => {
    copyRowsTo(raw, 'history', rows);
    copyRowsTo(raw, 'roll_log', rows);
    // Spread over sessions of ROWS_PER_SESSION, a week apart, in the order they were written.
    const perRow = `((id - 1) * ${sessions}) / ${Math.max(rows, 1)}`;
    raw.prepare(`UPDATE roll_log SET session = 1 + ${perRow}`).run();
    raw.prepare(`UPDATE history SET session = 1 + ${perRow}`).run();
    const day0 = Date.parse('2026-01-01T18:00:00Z') / 1000;
    raw
      .prepare(
        `UPDATE history SET at = strftime('%Y-%m-%dT%H:%M:%fZ', ${day0} + ((id - 1) * ${sessions * 7 * 86_400}) / ${Math.max(rows, 1)}, 'unixepoch')`,
      )
      .run();
    const starts = Object.fromEntries(
      Array.from({ length: sessions }, (_, i) => [
        String(i + 1),
        new Date((day0 + i * 7 * 86_400) * 1000).toISOString(),
      ]),
    );
    const setPlay = raw.prepare(
      `INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    );
    setPlay.run('session', JSON.stringify(sessions));
    setPlay.run('session-starts', JSON.stringify(starts));
    const uses = Math.floor(rows / 50);
    const insert = raw.prepare(
      `INSERT INTO skill_use (lichslayer_id, skill, session, day, floor, round, turn, target) VALUES (?, 'Burgle', ?, ?, ?, NULL, NULL, ?)`,
    );
    for (let i = 0; i < uses; i++)
      insert.run(
        bandit,
        1 + Math.floor((i * sessions) / Math.max(uses, 1)),
        1 + Math.floor(i / 4),
        1 + (i % 9),
        `Gnawer ${i % 40}`,
      );
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();

  app = benchApp(dataDir);
  await app.call('campaign.open', { path: file });
  // The on-open backup and the full check run in the background: measured commands start after them.
  await app.idle();
  const opened = app.current()!;
  const twins: Database[] = [];
  return {
    app,
    dataDir,
    file,
    db: opened.db,
    twin() {
      const copy = path.join(dataDir, `twin-${twins.length}.sqlite`);
      opened.db.prepare(`VACUUM INTO ?`).run(copy);
      const twin = new Sqlite(copy);
      twin.pragma(`journal_mode = ${String(opened.db.pragma('journal_mode', { simple: true }))}`);
      twin.pragma(`synchronous = ${String(opened.db.pragma('synchronous', { simple: true }))}`);
      twins.push(twin);
      return twin;
    },
    lichslayerId,
    tokenId,
    close() {
      for (const twin of twins) twin.close();
      app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
