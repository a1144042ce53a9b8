// Format 11: a Witch's Oneness stores the token she inhabits (ch.2). A format-10 campaign opens with no
// one inhabited.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { LATEST_VERSION } from './migrations.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'campaign-v10.lichslayer');

describe('format 11: the body a Witch inhabits (ch.2)', () => {
  it('a format-10 campaign opens with no Oneness in effect and no one inhabited', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'campaigns', 'v10.lichslayer');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(FIXTURE, file);
    const app = makeApp(dataDir);
    const view = await app.call('campaign.open', { path: file });
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    expect((await app.call('board.view', { floor: 1 })).oneness).toEqual([]);
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare(`SELECT count(*) FROM lichslayer WHERE inhabits IS NOT NULL`).pluck().get()).toBe(0);
    db.close();
  });
});
