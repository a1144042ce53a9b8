// Format 10: a feast's meal can feed a character beyond the day it was bought (ch.5's Inn events).
// A format-9 campaign's Lichslayers have no such meal, and its Town has no event rolled for today.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { LATEST_VERSION } from './migrations.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'campaign-v9.lichslayer');

describe('format 10: meals that feed more than one day (ch.5)', () => {
  it('a format-9 campaign opens with no one fed ahead, the book’s Inn prices, and a meal bought as before', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'campaigns', 'v9.lichslayer');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(FIXTURE, file);
    const app = makeApp(dataDir);
    const view = await app.call('campaign.open', { path: file });
    expect(view.roster.map((l) => l.life.clock.fedThrough)).toEqual(view.roster.map(() => null));
    expect(view.town.inn).toEqual({ event: null, prices: { meal: 36, shelter: 72, both: 108, fedDays: 1, why: null } });
    const first = view.roster[0]!;
    await app.call('town.buy', { id: first.id, what: 'meal' });
    expect((await app.call('campaign.current', {}))!.roster[0]!.gold).toBe(first.gold - 36);
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare(`SELECT count(*) FROM lichslayer WHERE fed_through IS NOT NULL`).pluck().get()).toBe(0);
    db.close();
  });
});
