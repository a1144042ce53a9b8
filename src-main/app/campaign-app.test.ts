// Foundation: the handlers against real campaign files (rulebook ch.1 and ch.4 for the Gauntlet).
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { makeApp, sha256, tempDir } from '../test-support/temp-app.ts';
import { APPLICATION_ID } from '../db/campaign-file.ts';
import { LATEST_VERSION } from '../db/migrations.ts';

describe('campaign lifecycle', () => {
  it('creates, edits, closes and reopens a campaign with every value kept', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    const created = await app.call('campaign.create', { name: 'The Long Stair' });
    expect(created.name).toBe('The Long Stair');
    const view = await app.call('lichslayer.create', { name: 'Ines' });
    const id = view.roster[0]!.id;
    await app.call('lichslayer.update', {
      id,
      patch: { gold: 1300, level: 3, sanity: 'edge', skill1: 'Recall' },
    });
    await app.call('lichslayer.setItem', { id, slot: 'gear', item: { name: 'Bone Saw', colour: 'Red' } });
    await app.call('lichslayer.setInventory', { id, stacks: [{ name: 'Torch', count: 6 }] });
    app.close();

    const again = makeApp(dataDir);
    const reopened = await again.call('campaign.open', { path: created.path });
    const ines = reopened.roster[0]!;
    expect(ines).toMatchObject({ name: 'Ines', gold: 1300, level: 3, sanity: 'edge', skill1: 'Recall' });
    expect(ines.items.gear).toEqual({ name: 'Bone Saw', colour: 'Red', broken: false, notes: '' });
    expect(ines.inventory).toEqual([{ name: 'Torch', count: 6 }]);
    again.close();
  });

  it('derives Magic (1 per 600 gold held), gold marks (X of 100) and inventory depth (1 + max Health ÷ 6) in main (ch.4)', async () => {
    const app = makeApp();
    await app.call('campaign.create', { name: 'Derived' });
    let view = await app.call('lichslayer.create', { name: 'Pell' });
    const id = view.roster[0]!.id;
    view = await app.call('lichslayer.update', { id, patch: { gold: 500 } });
    expect(view.roster[0]!.derived.magic.value).toBe(0);
    view = await app.call('lichslayer.update', { id, patch: { gold: 1300 } });
    const pell = view.roster[0]!;
    expect(pell.derived.magic.value).toBe(2);
    expect(pell.derived.goldMarks.value).toBe(13);
    expect(pell.derived.inventoryDepth.value).toBe(7); // base 36 max Health → seven (ch.4)
    app.close();
  });

  it('creates the demo campaign on first launch only', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    await app.ensureFirstLaunch();
    const list = await app.call('campaign.list', {});
    expect(list).toHaveLength(1);
    const demo = await app.call('campaign.open', { path: list[0]!.path });
    expect(demo.roster).toHaveLength(4);
    for (const l of demo.roster) {
      expect(l.items.gear).not.toBeNull();
      expect(l.hiddenClass).toBeTruthy();
    }
    await app.call('campaign.delete', { path: list[0]!.path });
    await app.ensureFirstLaunch();
    expect(await app.call('campaign.list', {})).toHaveLength(0);
    app.close();
  });

  it('duplicates and deletes (keeping a safety copy)', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    const original = await app.call('campaign.create', { name: 'Original' });
    await app.call('lichslayer.create', { name: 'Kept' });
    const copy = await app.call('campaign.duplicate', { path: original.path, name: 'Copy' });
    expect(copy.name).toBe('Copy');
    await app.call('campaign.delete', { path: original.path });
    expect(fs.existsSync(original.path)).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'backups', 'deleted'))).toHaveLength(1);
    const opened = await app.call('campaign.open', { path: copy.path });
    expect(opened.roster.map((l) => l.name)).toEqual(['Kept']);
    expect(opened.history.canUndo).toBeNull();
    app.close();
  });
});

describe('migrations and refusals', () => {
  it('migrates an empty file and takes a db.backup() copy first', async () => {
    const dataDir = tempDir();
    // Files are opened from the campaigns folder only.
    const file = path.join(dataDir, 'campaigns', 'empty.lichslayer');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    const app = makeApp(dataDir);
    const view = await app.call('campaign.open', { path: file });
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    const backups = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(backups.some((f) => f.startsWith('empty-') && f.endsWith(`before-v${LATEST_VERSION}.lichslayer`))).toBe(
      true,
    );
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    db.close();
  });

  function refusedUnchanged(make: (file: string) => void, expected: RegExp) {
    return async () => {
      const dataDir = tempDir();
      const file = path.join(dataDir, 'campaigns', 'subject.lichslayer');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      make(file);
      const before = sha256(file);
      const app = makeApp(dataDir);
      const reply = await app.dispatch('campaign.open', { path: file });
      expect(reply.ok).toBe(false);
      if (!reply.ok) {
        expect(reply.error.code).toBe('campaign-file');
        expect(reply.error.message).toMatch(expected);
        expect(reply.error.message).toContain('subject.lichslayer');
      }
      expect(sha256(file)).toBe(before);
      expect(fs.existsSync(file + '-wal')).toBe(false);
      app.close();
    };
  }

  it(
    'refuses a campaign from a newer version, leaving the file byte-for-byte unchanged',
    refusedUnchanged((file) => {
      const db = new Database(file);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)');
      db.pragma(`user_version = ${LATEST_VERSION + 7}`);
      db.close();
    }, /newer version of Lichslayer Judge/),
  );

  it(
    'refuses a file that is not SQLite',
    refusedUnchanged((file) => fs.writeFileSync(file, 'Name,Gold\nOdile,740\n'), /not an SQLite database/),
  );

  it(
    'refuses an SQLite file that is not a campaign',
    refusedUnchanged((file) => {
      const db = new Database(file);
      db.exec('CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT)');
      db.close();
    }, /not a Lichslayer Judge campaign/),
  );

  it(
    'refuses a read-only campaign file',
    refusedUnchanged((file) => {
      const db = new Database(file);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.close();
      fs.chmodSync(file, 0o444);
    }, /read-only/),
  );
});

describe('field validation', () => {
  async function withLichslayer() {
    const app = makeApp();
    await app.call('campaign.create', { name: 'Validation' });
    const view = await app.call('lichslayer.create', { name: 'Target' });
    return { app, id: view.roster[0]!.id, file: view.path };
  }

  it.each([
    [{ gold: -5 }, /Gold cannot be below 0/],
    [{ level: 0 }, /Level cannot be below 1/],
    [{ name: '   ' }, /Name cannot be empty/],
    [{ name: 'x'.repeat(61) }, /Name is longer than 60/],
    [{ health: 99 }, /Health \(99\) cannot be above maximum Health \(36\)/],
    [{ gold: 1.5 }, /Gold must be a whole number/],
  ])('refuses %o with a message and saves nothing', async (patch, message) => {
    const { app, id } = await withLichslayer();
    const before = await app.call('campaign.current', {});
    const reply = await app.dispatch('lichslayer.update', { id, patch });
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.message).toMatch(message);
    expect(await app.call('campaign.current', {})).toEqual(before);
    app.close();
  });

  it('refuses unknown commands and malformed payloads without changing anything', async () => {
    const { app, id } = await withLichslayer();
    const before = await app.call('campaign.current', {});
    expect(await app.dispatch('campaign.drop', {})).toMatchObject({ ok: false, error: { code: 'unknown-command' } });
    expect(await app.dispatch('lichslayer.update', { id, patch: { wings: 2 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid-args' },
    });
    expect(await app.dispatch('lichslayer.update', 'gold=5')).toMatchObject({
      ok: false,
      error: { code: 'invalid-args' },
    });
    expect(await app.dispatch('lichslayer.update', { id: 999, patch: { gold: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(await app.call('campaign.current', {})).toEqual(before);
    app.close();
  });

  it('refuses more inventory stacks than the depth allows (ch.4)', async () => {
    const { app, id } = await withLichslayer();
    const stacks = Array.from({ length: 8 }, (_, i) => ({ name: `Thing ${i}`, count: 1 }));
    const reply = await app.dispatch('lichslayer.setInventory', { id, stacks });
    expect(reply).toMatchObject({ ok: false, error: { message: expect.stringMatching(/holds 7 stacks/) } });
    app.close();
  });
});

describe('undo and redo', () => {
  it('undoes and redoes edits, deletions included, and keeps the history across a restart', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    const created = await app.call('campaign.create', { name: 'History' });
    let view = await app.call('lichslayer.create', { name: 'Undone' });
    const id = view.roster[0]!.id;
    await app.call('lichslayer.setItem', { id, slot: 'loot1', item: { name: 'Gem', colour: 'Blue' } });
    await app.call('lichslayer.update', { id, patch: { gold: 900 } });
    view = await app.call('lichslayer.delete', { id });
    expect(view.roster).toHaveLength(0);
    view = await app.call('history.undo', {});
    expect(view.roster[0]).toMatchObject({ name: 'Undone', gold: 900 });
    expect(view.roster[0]!.items.loot1?.name).toBe('Gem');
    view = await app.call('history.undo', {});
    expect(view.roster[0]!.gold).toBe(324);
    app.close();

    const again = makeApp(dataDir);
    view = await again.call('campaign.open', { path: created.path });
    expect(view.history.canRedo).toMatch(/gold/);
    view = await again.call('history.redo', {});
    expect(view.roster[0]!.gold).toBe(900);
    view = await again.call('history.redo', {});
    expect(view.roster).toHaveLength(0);
    expect(await again.dispatch('history.redo', {})).toMatchObject({
      ok: false,
      error: { message: 'Nothing to redo.' },
    });
    again.close();
  });
});

describe('house rules', () => {
  it('start at the RULINGS defaults, change, undo, and drive new Lichslayers', async () => {
    const app = makeApp();
    await app.call('campaign.create', { name: 'Rules' });
    let view = await app.call('campaign.current', {});
    expect(view!.houseRules.chestSuccessOn).toBe(4);
    view = await app.call('houseRules.update', {
      patch: { chestSuccessOn: 5, startingStats: { power: 7, speed: 6, health: 42, armor: 5 } },
    });
    expect(view.houseRules.chestSuccessOn).toBe(5);
    view = await app.call('lichslayer.create', { name: 'Tough' });
    expect(view.roster[0]).toMatchObject({ maxHealth: 42, armor: 5, power: 7 });
    await app.call('history.undo', {});
    view = await app.call('history.undo', {});
    expect(view.houseRules.chestSuccessOn).toBe(4);
    app.close();
  });

  it('refuses an impossible setting and saves nothing', async () => {
    const app = makeApp();
    await app.call('campaign.create', { name: 'Rules' });
    const reply = await app.dispatch('houseRules.update', { patch: { chestSuccessOn: 9 } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    const reply2 = await app.dispatch('houseRules.update', { patch: { levelTable: [0, 50, 20] } });
    expect(reply2).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/more XP than the one before/) },
    });
    expect((await app.call('campaign.current', {}))!.history.canUndo).toBeNull();
    app.close();
  });
});
