// Format 9: a roll's ledger entry names who entered its faces by hand (dice rolled at the table,
// ch.1). A format-8 campaign's rolls were all made by the app: they keep no one, and still replay.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { LATEST_VERSION } from './migrations.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'campaign-v8.lichslayer');

describe('format 9: rolls entered by hand (ch.1)', () => {
  it('a format-8 campaign’s rolls gain an empty “entered by”, list as rolled by the app, and replay', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'campaigns', 'v8.lichslayer');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(FIXTURE, file);
    const app = makeApp(dataDir);
    await app.call('campaign.open', { path: file });
    const ledger = await app.call('ledger.list', {});
    expect(ledger.map((e) => [e.cause, e.enteredBy])).toEqual([['Roll panel: Tomb Loot Table', null]]);
    expect(ledger.every((e) => e.enteredBy === null)).toBe(true);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true, problem: null });
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare(`SELECT count(*) FROM roll_log WHERE entered_by IS NOT NULL`).pluck().get()).toBe(0);
    db.close();
  });
});
