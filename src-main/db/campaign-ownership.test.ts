// Which files a campaign command may touch, and who owns a campaign.
// File commands take only campaigns of the data folder's campaigns/; a file elsewhere comes in
// through an explicit import that checks it and copies it in. One process owns a campaign at a
// time; a second opener is refused, naming who holds it.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, sha256, tempDir } from '../test-support/temp-app.ts';
import { importCampaign } from './campaign-import.ts';
import { lockPathOf } from './campaign-lock.ts';
import { fileSignature } from './checked-files.ts';

/** A campaign made in one data folder and copied to a folder outside any data folder. */
async function campaignElsewhere(name: string) {
  const maker = makeApp();
  const view = await maker.call('campaign.create', { name });
  await maker.call('lichslayer.create', { name: 'Wanderer' });
  maker.close();
  const outside = path.join(tempDir('lj-elsewhere-'), path.basename(view.path));
  const db = new Database(view.path);
  await db.backup(outside);
  db.close();
  return outside;
}

describe('file commands are confined to the campaigns folder', () => {
  it('campaign.open does not turn an empty file elsewhere into a campaign', async () => {
    const empty = path.join(tempDir('lj-elsewhere-'), 'shopping.lichslayer');
    fs.writeFileSync(empty, '');
    const app = makeApp();
    const reply = await app.dispatch('campaign.open', { path: empty });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'campaign-file', message: expect.stringContaining('is not in the campaigns folder') },
    });
    expect(reply).toMatchObject({ error: { message: expect.stringContaining('File ▸ Import campaign…') } });
    expect(fs.statSync(empty).size).toBe(0);
    app.close();
  });

  it('campaign.delete and campaign.duplicate leave a campaign elsewhere alone', async () => {
    const outside = await campaignElsewhere('Kept Elsewhere');
    const hash = sha256(outside);
    const app = makeApp();
    expect(await app.dispatch('campaign.delete', { path: outside })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is not in the campaigns folder') },
    });
    expect(await app.dispatch('campaign.duplicate', { path: outside, name: 'Copy' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is not in the campaigns folder') },
    });
    expect(sha256(outside)).toBe(hash);
    expect(await app.call('campaign.list', {})).toEqual([]);
    app.close();
  });

  it('backups.restoreNewest does not move a text file aside and write a database in its place', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    await app.call('campaign.create', { name: 'notes' });
    await app.call('backups.create', {});
    app.close();
    const text = path.join(tempDir('lj-elsewhere-'), 'notes.lichslayer');
    fs.writeFileSync(text, 'my session notes\n');
    const again = makeApp(dataDir);
    expect(await again.dispatch('backups.restoreNewest', { path: text })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is not in the campaigns folder') },
    });
    expect(fs.readFileSync(text, 'utf8')).toBe('my session notes\n');
    again.close();
  });

  it('a path that climbs out, or a link in campaigns/ that points out, is refused', async () => {
    const outside = await campaignElsewhere('Linked');
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    const link = path.join(app.campaignsDir, 'Linked.lichslayer');
    fs.symlinkSync(outside, link);
    expect(await app.dispatch('campaign.open', { path: link })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is not in the campaigns folder') },
    });
    expect(
      await app.dispatch('campaign.open', {
        path: path.join(app.campaignsDir, '..', '..', path.basename(path.dirname(outside)), 'Linked.lichslayer'),
      }),
    ).toMatchObject({ ok: false });
    app.close();
  });

  it('a campaign opened from elsewhere before is listed with the way to import it', async () => {
    const outside = await campaignElsewhere('From Before');
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'recent.json'), JSON.stringify([outside]));
    const app = makeApp(dataDir);
    const [listed] = await app.call('campaign.list', {});
    expect(listed).toMatchObject({ path: outside, name: null, problem: expect.stringContaining('Import it instead') });
    app.close();
  });

  it('an import checks the file, copies it into campaigns/, and leaves the source as it was', async () => {
    const outside = await campaignElsewhere('Brought In');
    fs.chmodSync(outside, 0o444);
    const hash = sha256(outside);
    const app = makeApp();
    const imported = await importCampaign(outside, (name) => app.freshPath(name));
    expect(path.dirname(imported)).toBe(app.campaignsDir);
    const view = await app.call('campaign.open', { path: imported });
    expect(view).toMatchObject({ name: 'Brought In', roster: [{ name: 'Wanderer' }] });
    expect(sha256(outside)).toBe(hash);
    // a crafted file is refused at the door, and nothing is copied in
    const crafted = await campaignElsewhere('Crafted');
    const db = new Database(crafted);
    db.exec(`CREATE TRIGGER wipe AFTER INSERT ON roll_log BEGIN DELETE FROM lichslayer; END;`);
    db.close();
    await expect(importCampaign(crafted, (name) => app.freshPath(name))).rejects.toThrow(/it has a trigger “wipe”/);
    expect(fs.readdirSync(app.campaignsDir).filter((f) => f.endsWith('.lichslayer'))).toEqual([
      'Brought-In.lichslayer',
    ]);
    app.close();
  });
});

describe('every file command is confined before it looks at a path', () => {
  it('campaign.delete reads a bare name inside the campaigns folder, not the working directory', async () => {
    const app = makeApp();
    const { path: file } = await app.call('campaign.create', { name: 'Doomed' });
    app.close();
    expect(process.cwd()).not.toBe(app.campaignsDir);
    expect(await app.dispatch('campaign.delete', { path: 'Doomed.lichslayer' })).toMatchObject({
      ok: true,
      value: null,
    });
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(path.join(app.backupsDir, 'deleted'))).toEqual([
      expect.stringMatching(/^Doomed-.*\.lichslayer$/),
    ]);
  });

  it('campaign.delete answers a path outside the same whether or not something is there (no existence oracle)', async () => {
    const elsewhere = tempDir('lj-elsewhere-');
    fs.writeFileSync(path.join(elsewhere, 'there.lichslayer'), 'x');
    const app = makeApp();
    const there = await app.dispatch('campaign.delete', { path: path.join(elsewhere, 'there.lichslayer') });
    const notThere = await app.dispatch('campaign.delete', { path: path.join(elsewhere, 'not-there.lichslayer') });
    expect(there).toMatchObject({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringContaining('there.lichslayer is not in the campaigns folder'),
      },
    });
    expect(notThere).toMatchObject({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringContaining('not-there.lichslayer is not in the campaigns folder'),
      },
    });
    expect(fs.readFileSync(path.join(elsewhere, 'there.lichslayer'), 'utf8')).toBe('x');
    app.close();
  });

  it('a path with a NUL byte is invalid arguments for every file command, not an internal error', async () => {
    const app = makeApp();
    const bad = path.join(app.campaignsDir, 'a\0b.lichslayer');
    for (const [command, args] of [
      ['campaign.open', { path: bad }],
      ['campaign.delete', { path: bad }],
      ['campaign.duplicate', { path: bad, name: 'Copy' }],
      ['backups.restoreNewest', { path: bad }],
    ] as const) {
      expect(await app.dispatch(command, args), command).toEqual({
        ok: false,
        error: { code: 'invalid-args', message: `${command}: path: Path cannot contain a NUL character` },
      });
    }
    app.close();
  });

  it('a named pipe in the campaigns folder is called what it is, listed and refused without blocking', async () => {
    const app = makeApp();
    const pipe = path.join(app.campaignsDir, 'Pipe.lichslayer');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    const expected = 'Pipe.lichslayer is not a campaign file: it is a named pipe. It was not opened or changed.';
    expect((await app.call('campaign.list', {})).find((c) => c.fileName === 'Pipe.lichslayer')).toMatchObject({
      name: null,
      problem: expected,
    });
    expect(await app.dispatch('campaign.open', { path: pipe })).toEqual({
      ok: false,
      error: { code: 'campaign-file', message: expected },
    });
    app.close();
  });
});

describe('one process owns a campaign at a time', () => {
  let child: ChildProcess | null = null;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = null;
  });

  it('a second opener in the same data folder is refused, naming who holds it; after a close it opens', async () => {
    const dataDir = tempDir();
    const first = makeApp(dataDir);
    const view = await first.call('campaign.create', { name: 'Shared Table' });
    const second = makeApp(dataDir);
    const reply = await second.dispatch('campaign.open', { path: view.path });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringContaining(
          `Shared-Table.lichslayer is open in the web host (process ${process.pid} on this machine, since`,
        ),
      },
    });
    expect(await second.dispatch('campaign.delete', { path: view.path })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Not deleted: Shared-Table.lichslayer is open in the web host') },
    });
    first.close();
    expect(await second.call('campaign.open', { path: view.path })).toMatchObject({ name: 'Shared Table' });
    second.close();
  });

  it('another host process holds it while it runs; once that process is gone, its lock is taken over', async () => {
    const dataDir = tempDir();
    const worker = path.resolve(import.meta.dirname, '../test-support/web-host-worker.ts');
    child = spawn(process.execPath, ['--import', 'tsx', worker, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const started = await new Promise<{ file: string }>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as { file: string });
      });
      child!.on('exit', (code) => reject(new Error(`host ended (${code})`)));
    });
    const app = makeApp(dataDir);
    expect(await app.dispatch('campaign.open', { path: started.file })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining(`is open in the web host (process ${child.pid} on this machine`) },
    });
    const gone = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    child = null;
    expect(await app.call('campaign.open', { path: started.file })).toMatchObject({
      name: 'Under attack',
      roster: [{ name: 'Steadfast' }],
    });
    app.close();
  }, 60_000);
});

describe("the campaign lock is the operating system's: atomic, never stale, broken only on purpose", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
  });

  /** A web host in a process of its own, holding its campaign. */
  async function holdingHost(dataDir: string): Promise<{ child: ChildProcess; file: string }> {
    const worker = path.resolve(import.meta.dirname, '../test-support/web-host-worker.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', worker, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const started = await new Promise<{ file: string }>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as { file: string });
      });
      child.on('exit', (code) => reject(new Error(`host ended (${code})`)));
    });
    return { child, file: started.file };
  }

  it('a lock left by a crash does not block, even when its process id now belongs to another running program', async () => {
    const dataDir = tempDir();
    const maker = makeApp(dataDir);
    const view = await maker.call('campaign.create', { name: 'After the Crash' });
    maker.close();
    // The previous format's lock, naming a process that runs (this test's parent) but holds nothing.
    fs.writeFileSync(
      `${view.path}.lock`,
      JSON.stringify({
        pid: process.ppid,
        hostname: os.hostname(),
        host: 'web',
        since: new Date().toISOString(),
        owner: 'gone',
      }),
    );
    const app = makeApp(dataDir);
    expect(await app.call('campaign.open', { path: view.path })).toMatchObject({ name: 'After the Crash' });
    app.close();
    // And this format's lock, after its holder was killed: the OS gave it back.
    const { child, file } = await holdingHost(tempDir());
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    const after = makeApp(path.dirname(path.dirname(file)));
    expect(await after.call('campaign.open', { path: file })).toMatchObject({ name: 'Under attack' });
    after.close();
  }, 60_000);

  it('a lock file seen mid-write (empty) while its holder runs is still held: no takeover', async () => {
    const dataDir = tempDir();
    const { child, file } = await holdingHost(dataDir);
    fs.writeFileSync(lockPathOf(file), '');
    const app = makeApp(dataDir);
    const reply = await app.dispatch('campaign.open', { path: file });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'campaign-file', message: expect.stringContaining('Under-attack.lichslayer is open in') },
    });
    expect(child.exitCode).toBeNull();
    app.close();
  }, 60_000);

  it('the empty log a read-only look by another process leaves beside a closed campaign is no change to it', async () => {
    // Racing openers each look at the file read-only; the opener that then takes the lock compares
    // the file with what it checked, and must not take another's look for a write.
    const maker = makeApp(tempDir());
    const view = await maker.call('campaign.create', { name: 'Looked At' });
    maker.close();
    const checked = fileSignature(view.path);
    const look = new Database(view.path, { readonly: true });
    look.prepare(`SELECT count(*) FROM sqlite_master`).get();
    expect(fs.statSync(`${view.path}-wal`).size).toBe(0);
    expect(fileSignature(view.path)).toBe(checked);
    look.close();
    fs.rmSync(`${view.path}-wal`);
    fs.rmSync(`${view.path}-shm`);
    expect(fileSignature(view.path)).toBe(checked);
  }, 60_000);

  it('of six processes opening one campaign at the same instant over a stale lock, exactly one gets it', async () => {
    const dataDir = tempDir();
    const maker = makeApp(dataDir);
    const view = await maker.call('campaign.create', { name: 'Contested' });
    maker.close();
    fs.writeFileSync(
      `${view.path}.lock`,
      JSON.stringify({
        pid: 2 ** 22 + 17,
        hostname: os.hostname(),
        host: 'web',
        since: new Date().toISOString(),
        owner: 'dead',
      }),
    );
    const worker = path.resolve(import.meta.dirname, '../test-support/lock-race-worker.ts');
    // Far enough ahead that all six have loaded on a busy machine; not a limit on anything.
    const startAt = Date.now() + 20_000;
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', worker, dataDir, view.path, String(startAt)], {
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        children.push(child);
        return new Promise<{ ok: boolean; message: string | null }>((resolve, reject) => {
          let out = '';
          let err = '';
          child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
          child.stdout!.on('data', (c: Buffer) => {
            out += c.toString();
            if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as { ok: boolean; message: string | null });
          });
          child.on('exit', (code) => reject(new Error(`racer ended (${code}): ${err}`)));
        });
      }),
    );
    expect(replies.filter((r) => r.ok).length).toBe(1);
    for (const r of replies.filter((r) => !r.ok)) expect(r.message).toContain('Contested.lichslayer is open in');
  }, 120_000);

  it('the list names who holds a campaign; the Judge breaks the lock on purpose and then opens it', async () => {
    const dataDir = tempDir();
    const { child, file } = await holdingHost(dataDir);
    const app = makeApp(dataDir);
    const [listed] = await app.call('campaign.list', {});
    expect(listed).toMatchObject({
      path: file,
      heldBy: expect.stringContaining(`the web host (process ${child.pid} on this machine`),
    });
    expect(await app.dispatch('campaign.open', { path: file })).toMatchObject({ ok: false });
    expect(await app.call('campaign.breakLock', { path: file })).toMatchObject({ path: file, heldBy: null });
    expect(await app.call('campaign.open', { path: file })).toMatchObject({ name: 'Under attack' });
    // Now this app holds it: its own lock is not one to break.
    expect(await app.dispatch('campaign.breakLock', { path: file })).toMatchObject({
      ok: false,
      error: { code: 'refused', message: expect.stringContaining('is open here') },
    });
    // A path outside the campaigns folder is refused like every file command.
    expect(await app.dispatch('campaign.breakLock', { path: path.join(tempDir(), 'x.lichslayer') })).toMatchObject({
      ok: false,
    });
    app.close();
  }, 60_000);
});
