// Importing a campaign kept elsewhere, and stopping a check: the source is only ever read (never
// opened by SQLite where it lies, so nothing appears beside it or beside a link's target), a crafted
// source is refused while the app answers other commands, an unfinished change is finished in the
// copy, and a check the Judge stops leaves the file as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Push } from '@shared/contract.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { freshPlace, snapshot, templateCampaign, withHotJournal, withSql } from '../test-support/crafted-corpus.ts';

let template = '';
beforeAll(async () => {
  template = await templateCampaign();
}, 60_000);

/** A copy of the template in a folder of its own outside any data folder, in WAL mode as the app leaves it. */
function elsewhere(name = 'Brought.lichslayer'): { dir: string; file: string } {
  const dir = tempDir('lj-elsewhere-');
  const file = path.join(dir, name);
  fs.copyFileSync(template, file);
  withSql(file, (db) => db.pragma('journal_mode = WAL'));
  return { dir, file };
}

/** An app with a campaign open, to answer commands while an import is checked. */
async function busyApp() {
  const app = makeApp(tempDir());
  await app.call('campaign.create', { name: 'Still Fine' });
  const view = await app.call('lichslayer.create', { name: 'Steady' });
  return { app, id: view.roster[0]!.id };
}

const campaigns = (dir: string) => fs.readdirSync(dir).filter((f) => !f.startsWith('Still-Fine'));

describe('importing', () => {
  it('an import through a link copies the campaign in and leaves nothing beside the link or its target', async () => {
    const source = elsewhere();
    const links = tempDir('lj-links-');
    const link = path.join(links, 'Linked.lichslayer');
    fs.symlinkSync(source.file, link);
    const before = { source: snapshot(source.dir), links: snapshot(links) };
    const { app } = await busyApp();
    const imported = await app.importCampaign(link);
    expect(path.basename(imported)).toBe('Crafted.lichslayer');
    expect({ source: snapshot(source.dir), links: snapshot(links) }).toEqual(before);
    expect(campaigns(app.campaignsDir)).toEqual(['Crafted.lichslayer']);
    expect(await app.call('campaign.open', { path: imported })).toMatchObject({
      name: 'Crafted',
      roster: [{ name: 'Bystander' }, { name: 'Witness' }],
    });
    app.close();
  });

  it('a crafted source is refused while the app answers other commands, and nothing is copied in', async () => {
    const source = elsewhere();
    withSql(source.file, (db) =>
      db.exec(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) INSERT INTO token (kind, name, colour) SELECT 'entity', 'Rat', 'Red' FROM n`,
      ),
    );
    const before = snapshot(source.dir);
    const { app, id } = await busyApp();
    let answered = false;
    const importing = app.importCampaign(source.file).finally(() => (answered = true));
    expect(await app.dispatch('lichslayer.update', { id, patch: { gold: 3 } })).toMatchObject({ ok: true });
    expect(answered).toBe(false);
    await expect(importing).rejects.toThrow(
      'Brought.lichslayer holds more rows in its token table than the app ever keeps there (over 100,000). It was not opened, and the file was not changed.',
    );
    expect(snapshot(source.dir)).toEqual(before);
    expect(campaigns(app.campaignsDir)).toEqual([]);
    app.close();
  });

  it('an unfinished change left beside the source is finished in the copy, which is imported; the source stays as it was', async () => {
    const source = elsewhere();
    withHotJournal(source.file);
    expect(fs.existsSync(`${source.file}-journal`)).toBe(true);
    const before = snapshot(source.dir);
    const { app } = await busyApp();
    const imported = await app.importCampaign(source.file);
    expect(snapshot(source.dir)).toEqual(before);
    expect(await app.call('campaign.open', { path: imported })).toMatchObject({ name: 'Crafted' });
    app.close();
  });

  it('a named pipe with a campaign’s name is refused at once, not waited on', async () => {
    const dir = tempDir('lj-elsewhere-');
    const pipe = path.join(dir, 'Pipe.lichslayer');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    const { app } = await busyApp();
    await expect(app.importCampaign(pipe)).rejects.toThrow(
      'Pipe.lichslayer is not a campaign file: it is a named pipe. Nothing was imported.',
    );
    expect(campaigns(app.campaignsDir)).toEqual([]);
    app.close();
  });
});

describe('stopping a check', () => {
  it('campaign.cancelCheck stops the check of a file being opened: the open says so, the file is as it was, and it opens later', async () => {
    const { app } = await busyApp();
    const place = freshPlace(template, app.campaignsDir);
    const before = snapshot(app.campaignsDir, (f) => !f.startsWith('Still-Fine'));
    const steps: number[] = [];
    let stopped: Promise<unknown> | null = null;
    app.subscribe((p: Push) => {
      if (p.type !== 'checking' || p.path !== place.file) return;
      steps.push(p.done);
      stopped ??= app.call('campaign.cancelCheck', {});
    });
    const reply = await app.dispatch('campaign.open', { path: place.file });
    expect(await stopped).toBe(1);
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'campaign-file',
        message:
          'Checking Crafted.lichslayer was stopped before it finished. It was not opened, and nothing was changed.',
      },
    });
    expect(steps[0]).toBe(0);
    expect(snapshot(app.campaignsDir, (f) => !f.startsWith('Still-Fine'))).toEqual(before);
    // A stopped check says nothing of the file: it is checked again, and opens.
    const shown: number[] = [];
    app.subscribe((p: Push) => {
      if (p.type === 'checking' && p.path === place.file) shown.push(p.done);
    });
    expect(await app.call('campaign.open', { path: place.file })).toMatchObject({ name: 'Crafted' });
    // Its progress came step by step, up to every step done.
    expect(shown.length).toBeGreaterThan(10);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    app.close();
  });

  it('a file the check refused is listed with the refusal until it changes', async () => {
    const { app } = await busyApp();
    const place = freshPlace(template, app.campaignsDir);
    withSql(place.file, (db) =>
      db.exec(`INSERT INTO token (id, kind, name, colour, stats) VALUES (5, 'entity', 'Rat', 'Red', '{"level" 3}')`),
    );
    expect(await app.dispatch('campaign.open', { path: place.file })).toMatchObject({ ok: false });
    const listed = async () => (await app.call('campaign.list', {})).find((s) => s.fileName === 'Crafted.lichslayer');
    expect(await listed()).toMatchObject({
      name: null,
      damaged: true,
      problem: expect.stringContaining('its token row 5, column stats, is not valid JSON'),
    });
    const db = new Database(place.file);
    db.exec(`UPDATE token SET stats = '{"level": 3}' WHERE id = 5`);
    db.close();
    expect(await listed()).toMatchObject({ name: 'Crafted', problem: null });
    app.close();
  });
});
