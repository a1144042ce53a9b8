// The host stays responsive while it lists, checks, opens (its backup copied), duplicates and
// imports a big valid campaign near the app's size limits: the players' screen asks for its view
// again and again meanwhile, and each answer is timed, against the same request on an idle host in
// the same run. The checks run on the open check's worker and the copies on the copy worker; only
// the opening itself (the lock, the connection, the views) is the host's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import Sqlite from 'better-sqlite3';
import type { CommandName } from '../src-shared/contract.ts';
import type { CampaignApp } from '../src-main/app/campaign-app.ts';
import { MAX_VALUE_BYTES, TABLE_LIMITS } from '../src-main/db/open-limits.ts';
import { checkOffThread } from '../src-main/db/open-check-runner.ts';
import { benchApp, growCampaign } from './grown-campaign.ts';
import { percentile, result, timeOnce, type Benchmark } from './harness.ts';

const TARGET_MS = 200;

async function run(app: CampaignApp, name: CommandName, args: unknown = {}): Promise<unknown> {
  const reply = await app.dispatch(name, args);
  if (!reply.ok) throw new Error(`${name} was refused in the benchmark: ${reply.error.message}`);
  return reply.value;
}

/**
 * 100k rows of history and ledger, the Lichslayers' notes at 90% of their table's cap, and an old
 * ledger row holding a value at 90% of the largest the app takes: valid, and as heavy as valid gets.
 */
function nearTheLimits(file: string): void {
  const db = new Sqlite(file);
  try {
    const lichslayers = (db.prepare(`SELECT count(*) AS n FROM lichslayer`).get() as { n: number }).n;
    const notes = Math.floor((0.9 * TABLE_LIMITS.lichslayer!.bytes!) / lichslayers);
    db.prepare(`UPDATE lichslayer SET notes = printf('%.*c', ?, 'n')`).run(notes);
    db.prepare(`UPDATE roll_log SET explain = printf('%.*c', ?, 'x') WHERE id = (SELECT min(id) FROM roll_log)`).run(
      Math.floor(0.9 * MAX_VALUE_BYTES),
    );
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** Asks for the players' view over and over until `busy` settles; each answer's milliseconds. */
async function askWhile(app: CampaignApp, busy: Promise<unknown>): Promise<number[]> {
  let done = false;
  void busy.finally(() => (done = true));
  const answers: number[] = [];
  while (!done) {
    answers.push(await timeOnce(() => run(app, 'players.view')));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return answers;
}

export const responsivenessBenchmarks: Benchmark[] = [
  {
    name: 'players.view answered while a big valid campaign is listed, checked, opened, duplicated and imported vs an idle host',
    run: async () => {
      const grown = await growCampaign(100_000);
      grown.app.close();
      nearTheLimits(grown.file);
      const app = benchApp(grown.dataDir);
      // The table's own campaign is open: the players' screen shows it while the big one is looked at.
      const table = ((await run(app, 'campaign.create', { name: 'At the table' })) as { path: string }).path;
      try {
        const idle: number[] = [];
        for (let i = 0; i < 60; i++) idle.push(await timeOnce(() => run(app, 'players.view')));
        const during: number[] = [];
        const checks: number[] = [];
        const opens: number[] = [];
        const stalls = monitorEventLoopDelay({ resolution: 5 });
        stalls.enable();
        for (let round = 0; round < 4; round++) {
          // Listed (its check on the worker), then opened with that check; back at the table's
          // campaign, the big file is a new version (opening wrote it), checked again as it is opened.
          during.push(...(await askWhile(app, run(app, 'campaign.list'))));
          during.push(...(await askWhile(app, run(app, 'campaign.open', { path: grown.file }))));
          await app.idle();
          await run(app, 'campaign.open', { path: table });
          // The open of a version not yet checked, against the check of that version alone.
          checks.push(await timeOnce(() => checkOffThread(grown.file).result));
          const start = performance.now();
          during.push(...(await askWhile(app, run(app, 'campaign.open', { path: grown.file }))));
          opens.push(performance.now() - start);
          await app.idle();
          await run(app, 'campaign.open', { path: table });
          await app.idle();
        }
        // A copy of it made in the campaigns folder, and one brought in from elsewhere.
        during.push(...(await askWhile(app, run(app, 'campaign.duplicate', { path: grown.file, name: 'Copied' }))));
        const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-elsewhere-'));
        // Copied on libuv's pool: the benchmark's own setup must not stall the loop it measures.
        await fs.promises.copyFile(grown.file, path.join(elsewhere, 'Brought.lichslayer'));
        during.push(...(await askWhile(app, app.importCampaign(path.join(elsewhere, 'Brought.lichslayer')))));
        fs.rmSync(elsewhere, { recursive: true, force: true });
        stalls.disable();
        const worst = Math.max(...during);
        return [
          result(
            'responsive:players.view:max',
            worst,
            Math.max(...idle),
            'ms',
            `≤ ${TARGET_MS} ms`,
            (_r, v) => v <= TARGET_MS,
          ),
          result(
            'responsive:campaign.open:p50',
            percentile(opens, 50),
            percentile(checks, 50),
            'ms',
            '≤ 1.5× its check alone',
            (r) => r !== null && r <= 1.5,
          ),
          result('responsive:players.view:p99', percentile(during, 99), percentile(idle, 99), 'ms', null),
          result('responsive:players.view:p50', percentile(during, 50), percentile(idle, 50), 'ms', null),
          result(
            'responsive:event-loop-stall:max',
            stalls.max / 1e6,
            null,
            'ms',
            `≤ ${TARGET_MS} ms`,
            (_r, v) => v <= TARGET_MS,
          ),
        ];
      } finally {
        await app.idle();
        app.close();
        fs.rmSync(grown.dataDir, { recursive: true, force: true });
      }
    },
  },
];
