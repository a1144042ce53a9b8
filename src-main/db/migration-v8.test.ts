// Format 8: what older versions kept outside its one home is moved there in the file, once. The
// party's floor and the Attention stage go into their machines (ch.5, ch.16), a week's "fed this
// week" into the weeks the Giver was fed (ch.17); play then reads only the one shape.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { LATEST_VERSION } from './migrations.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'campaign-v7.lichslayer');

/** The format-7 fixture as a campaign from before the machines kept the floor and the stage. */
function v7WithOlderSettings(dataDir: string): string {
  const file = path.join(dataDir, 'campaigns', 'v7.lichslayer');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(FIXTURE, file);
  const db = new Database(file);
  db.exec(`DELETE FROM setting WHERE key IN ('machine:dive', 'machine:attention', 'board', 'world')`);
  db.prepare(`INSERT INTO setting (key, value) VALUES ('board', '{"partyFloor":3}')`).run();
  db.prepare(`INSERT INTO setting (key, value) VALUES ('world', ?)`).run(
    JSON.stringify({ festival: false, squareEmpty: false, attentionStage: 2 }),
  );
  const town = db.prepare(`SELECT value FROM setting WHERE key = 'town-state'`).get() as { value: string } | undefined;
  const state = town ? (JSON.parse(town.value) as { forest?: Record<string, unknown> }) : {};
  db.prepare(
    `INSERT INTO setting (key, value) VALUES ('town-state', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(JSON.stringify({ ...state, forest: { ...(state.forest ?? {}), fedThisWeek: true, fedWeeks: [] } }));
  db.close();
  return file;
}

const setting = (file: string, key: string): unknown => {
  const db = new Database(file, { readonly: true });
  const row = db.prepare(`SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
  db.close();
  return row ? JSON.parse(row.value) : undefined;
};

describe('format 8: older settings move into their one home', () => {
  it('the party kept on floor 3 and the Attention kept at stage 2 are the machines’ after the open (ch.5, ch.16)', async () => {
    const dataDir = tempDir();
    const file = v7WithOlderSettings(dataDir);
    const app = makeApp(dataDir);
    const view = await app.call('campaign.open', { path: file });
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    const phase = await app.call('phase.view', {});
    expect(phase.dive.floor).toBe(3);
    expect(phase.attention.stage).toBe(2);
    app.close();
    expect(setting(file, 'board')).toEqual({});
    expect(setting(file, 'world')).toEqual({ festival: false, squareEmpty: false });
    expect(setting(file, 'machine:dive')).toMatchObject({ context: { floor: 3 } });
    expect(setting(file, 'machine:attention')).toMatchObject({ context: { stage: 2 } });
  });

  it('a Giver marked fed this week is fed in the current week, and the mark is gone from the file (ch.17)', async () => {
    const dataDir = tempDir();
    const file = v7WithOlderSettings(dataDir);
    const app = makeApp(dataDir);
    await app.call('campaign.open', { path: file });
    expect((await app.call('town.state', {})).giver.fedThisWeek).toBe(true);
    app.close();
    const forest = (setting(file, 'town-state') as { forest: Record<string, unknown> }).forest;
    expect(forest.fedThisWeek).toBeUndefined();
    expect(forest.fedWeeks).toEqual([1]);
  });
});
