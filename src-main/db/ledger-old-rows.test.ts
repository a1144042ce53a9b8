// Old ledger rows a crafted file holds past what the open check samples (its newest rows of each
// growing table): every later read of them refuses the row by name, never an internal error.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SeededRandom } from '../rules/random-source.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';

const GOOD_STATE = JSON.stringify(new SeededRandom(7).snapshot());

/** A campaign whose roll 1 holds `row`'s values, under 1,300 sound newer rolls the open check samples instead. */
async function withOldRoll(row: { faces: string; rngBefore: string; rngAfter: string }) {
  const app = makeApp(tempDir());
  const view = await app.call('campaign.create', { name: 'Old Rows' });
  app.close();
  const db = new Database(view.path);
  // The crafted ledger replaces the new campaign's own (its Smith's disposition roll).
  db.prepare(`DELETE FROM roll_log`).run();
  db.prepare(
    `INSERT INTO roll_log (id, at, session, command, cause, explain, result, faces, rng_before, rng_after) VALUES (1, '2026-01-01', 1, 'tables.roll', 'Old', 'x', '{}', ?, ?, ?)`,
  ).run(row.faces, row.rngBefore, row.rngAfter);
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 1300) INSERT INTO roll_log (id, at, session, command, cause, explain, result, faces, rng_before, rng_after) SELECT i, '2026-01-02', 1, 'tables.roll', 'New', 'Roll', '{}', '[]', ?, ? FROM n`,
  ).run(GOOD_STATE, GOOD_STATE);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const again = makeApp(path.dirname(path.dirname(view.path)));
  await again.call('campaign.open', { path: view.path });
  return again;
}

const refusal = (where: string, why: string) =>
  `This campaign's roll_log row 1, column ${where}, ${why}, so it was not used: the file was changed by something other than Lichslayer Judge. Nothing was changed. Close the campaign and choose “Restore newest good backup” for it on the Campaigns screen.`;

describe('an old crafted roll read when the ledger is replayed (ch.2: every roll replays)', () => {
  it('a random state that is JSON but not one the app saves is refused naming its row and column', async () => {
    const app = await withOldRoll({ faces: '[]', rngBefore: '{}', rngAfter: GOOD_STATE });
    expect(await app.dispatch('ledger.verify', {})).toEqual({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringMatching(
          /^This campaign's roll_log row 1, column rng_before, is not what the app writes \(seed: .+\), so it was not used/,
        ),
      },
    });
    app.close();
  }, 60_000);

  it('faces that are not valid JSON are refused by name, as the Ledger screen refuses them', async () => {
    const app = await withOldRoll({ faces: '[{"sides":', rngBefore: GOOD_STATE, rngAfter: GOOD_STATE });
    const message = refusal('faces', 'is not valid JSON (Unexpected end of JSON input)');
    expect(await app.dispatch('ledger.verify', {})).toEqual({ ok: false, error: { code: 'campaign-file', message } });
    expect(await app.dispatch('ledger.list', { limit: 2000 })).toEqual({
      ok: false,
      error: { code: 'campaign-file', message },
    });
    app.close();
  }, 60_000);

  it('an end state that is not valid JSON is refused by name', async () => {
    const app = await withOldRoll({ faces: '[]', rngBefore: GOOD_STATE, rngAfter: '{"seed":' });
    expect(await app.dispatch('ledger.verify', {})).toEqual({
      ok: false,
      error: {
        code: 'campaign-file',
        message: refusal('rng_after', 'is not valid JSON (Unexpected end of JSON input)'),
      },
    });
    app.close();
  }, 60_000);
});
