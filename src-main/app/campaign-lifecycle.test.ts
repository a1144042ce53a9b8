// The campaign file's lifecycle when something goes wrong around it: an error nothing
// caught does not end the host, a backup that fails on opening is shown rather than leaving the
// campaign open behind an error, a damaged settings.json is reported and never replaced by
// defaults that would prune backups, the campaign list does not re-read every file each time,
// and the app's files are private to the Judge.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { CRASH_EXIT_CODE } from '../hosts/last-resort.ts';

const LAST_RESORT_WORKER = path.resolve(import.meta.dirname, '../test-support/last-resort-worker.ts');

function lastResort(count: number) {
  const logFile = path.join(tempDir(), 'logs', 'host-errors.log');
  const run = spawnSync(process.execPath, ['--import', 'tsx', LAST_RESORT_WORKER, logFile, String(count)], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return {
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    log: fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '',
    logFile,
  };
}

describe('an error nothing caught (last resort)', () => {
  it('is logged in full, to stderr and a private log file, and the host serves on', () => {
    const run = lastResort(2);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('still serving\n');
    expect(run.log).toContain('Error: boom 1 from a timer');
    expect(run.log).toContain('Error: boom 2 from a timer');
    expect(run.log).toContain('(unhandledRejection)');
    expect(run.log).toContain('Error: a rejection nobody handled');
    expect(run.log).toContain('The host keeps serving');
    expect(run.stderr).toContain('Error: boom 1 from a timer');
    expect(fs.statSync(run.logFile).mode & 0o777).toBe(0o600);
  }, 150_000);

  it('ends the process with a failure code when such errors keep coming', () => {
    const run = lastResort(6);
    expect(run.status).toBe(CRASH_EXIT_CODE);
    expect(run.stdout).toBe('');
    expect(run.log).toContain('6 such errors within');
    expect(run.log).toContain(`the host stops (exit code ${CRASH_EXIT_CODE})`);
  }, 150_000);
});

describe('opening a campaign', () => {
  it('a backup that fails on opening is shown with the campaign, which is open and usable, not left open behind an error', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    const { path: file } = await app.call('campaign.create', { name: 'No Room For Backups' });
    app.close();
    // The backups folder cannot be made: a file is in its way.
    fs.rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
    fs.writeFileSync(path.join(dataDir, 'backups'), 'not a folder');
    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    // The on-open backup is copied while play goes on: its failure is pushed with the campaign once known.
    await again.idle();
    expect((await again.call('campaign.current', {}))!.backupProblem).toContain(
      'The automatic backup of this campaign on opening it failed (',
    );
    expect(await again.call('lichslayer.create', { name: 'Still Playing' })).toMatchObject({
      roster: [{ name: 'Still Playing' }],
    });
    again.close();
  });

  it('a damaged settings.json is reported, old backups are not pruned by a guessed retention, and setting it again repairs it', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    await app.call('campaign.create', { name: 'Kept Backups' });
    await app.call('backups.setRetention', { keepToday: 2, keepDays: 0 });
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{ "backupRetention": ');
    for (let i = 0; i < 7; i++) await app.call('backups.create', {});
    // Nothing pruned: 7 backups by hand and the periodic one of the campaign's first change (the
    // Smith's disposition at its creation), where the default retention would have kept 5 and the Judge's 2.
    expect(await app.call('backups.list', {})).toHaveLength(8);
    const view = (await app.call('campaign.current', {}))!;
    expect(view.backupProblem).toBe(
      `The app's settings file ${path.join(dataDir, 'settings.json')} is damaged (it is not valid JSON), so no old backup was deleted. Set the retention again on the Backups screen.`,
    );
    expect(await app.dispatch('backups.retention', {})).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message: `The app's settings file ${path.join(dataDir, 'settings.json')} is damaged (it is not valid JSON). No backup is deleted until the retention is set again: set it below and save.`,
      },
    });
    expect(await app.call('backups.setRetention', { keepToday: 3, keepDays: 1 })).toEqual({
      keepToday: 3,
      keepDays: 1,
    });
    expect((await app.call('campaign.current', {}))!.backupProblem).toBeUndefined();
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('settings.json.damaged-'))).toHaveLength(1);
    await app.call('backups.create', {});
    expect(await app.call('backups.list', {})).toHaveLength(3);
    app.close();
  });
});

describe('the campaign list', () => {
  it('checks a closed campaign once per version of its file, not on every listing', async () => {
    const dataDir = tempDir();
    const app = makeApp(dataDir);
    const { path: file } = await app.call('campaign.create', { name: 'Listed Often' });
    await app.call('lichslayer.create', { name: 'Steady' });
    app.close();
    const listed = async () => (await app.call('campaign.list', {})).find((c) => c.path === file)!;
    expect(await listed()).toMatchObject({ name: 'Listed Often', problem: null, damaged: false });
    // Damage a setting behind the app's back, then give the file back its time: same size, same
    // time, same file. The list answers from what it checked, without reading the file again.
    const { mtime, size } = fs.statSync(file);
    const db = new Database(file);
    db.prepare(
      `INSERT INTO setting (key, value) VALUES ('session', '"many"') ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ).run();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    expect(fs.statSync(file).size).toBe(size);
    fs.utimesSync(file, mtime, mtime);
    expect(await listed()).toMatchObject({ name: 'Listed Often', problem: null });
    // Once the file has changed (as any save changes it), it is checked again.
    const later = new Date(mtime.getTime() + 60_000);
    fs.utimesSync(file, later, later);
    expect(await listed()).toMatchObject({
      name: null,
      damaged: true,
      problem: expect.stringContaining('setting “session” is damaged'),
    });
  });
});

describe("the app's files are private", () => {
  it('creates the data folder and its folders 0700, campaigns, backups and its own files 0600', async () => {
    const before = process.umask(0o022);
    try {
      const dataDir = path.join(tempDir(), 'fresh', 'data');
      const app = makeApp(dataDir);
      await app.ensureFirstLaunch();
      const { path: file } = await app.call('campaign.create', { name: 'Private Matters' });
      await app.call('backups.create', {});
      await app.call('campaign.duplicate', { path: file, name: 'Private Copy' });
      const mode = (p: string) => fs.statSync(p).mode & 0o777;
      expect([dataDir, app.campaignsDir, app.backupsDir].map(mode)).toEqual([0o700, 0o700, 0o700]);
      const files = [
        file,
        `${file}-wal`,
        path.join(dataDir, 'settings.json'),
        path.join(dataDir, 'recent.json'),
        ...fs.readdirSync(app.campaignsDir).map((f) => path.join(app.campaignsDir, f)),
        ...fs.readdirSync(app.backupsDir).map((f) => path.join(app.backupsDir, f)),
      ];
      expect(files.length).toBeGreaterThan(6);
      for (const f of files) expect(mode(f), f).toBe(0o600);
      app.close();
    } finally {
      process.umask(before);
    }
  });
});
