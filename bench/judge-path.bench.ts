// The commands a Judge feels, through the app's own path: CampaignApp.dispatch checks the
// arguments, runs the handler in its transaction, commits at the campaign's synchronous=FULL,
// replies (made into JSON, as the web host sends it) and then pushes to both screens listening (a
// Judge's and a players', each push made into JSON). A sample ends when the last push has gone.
// Each is timed beside a baseline in the same process: the bare write the command cannot avoid.
import type { CommandName } from '../src-shared/contract.ts';
import type { CampaignApp } from '../src-main/app/campaign-app.ts';
import { openDemo } from '../src-main/test-support/temp-app.ts';
import { scriptedDive, type DiveTally } from './dive-script.ts';
import { attachScreens, fillFloor, FULL_FLOOR, type Screens } from './full-floor.ts';
import { growCampaign } from './grown-campaign.ts';
import { interleaved, median, percentile, result, timeOnce, type Benchmark } from './harness.ts';

/**
 * One command as a Judge's screen sends it: dispatched, its reply made into JSON, and (for a
 * change) its pushes sent to both screens. A backup the change sets off runs on behind it, as in the app.
 */
async function asJudge(app: CampaignApp, screens: Screens | null, name: CommandName, args: unknown): Promise<void> {
  const pushed = screens?.nextPush();
  const reply = await app.dispatch(name, args);
  if (!reply.ok) throw new Error(`${name} was refused in the benchmark: ${reply.error.message}`);
  JSON.stringify(reply);
  await pushed;
}

const LOOT_ROLL = {
  key: 'loot',
  context: { floor: 7, influence: [{ source: 'coin', sides: 6 }], extra: [{ source: 'Judge', value: 2 }] },
};

export const judgePathBenchmarks: Benchmark[] = [
  {
    name: 'board.moveToken on a full floor at 100k rows, both screens listening, vs a bare write',
    run: async () => {
      const g = await growCampaign(100_000);
      const screens = attachScreens(g.app);
      try {
        await fillFloor(g.app);
        await g.app.idle();
        const sync = g.db.pragma('synchronous', { simple: true });
        if (sync !== 2) throw new Error(`The campaign runs at synchronous=${String(sync)}, not FULL`);
        const board = await g.app.call('board.view', { floor: FULL_FLOOR });
        const walker = board.tokens.find((t) => t.lichslayerId === g.lichslayerId)!;
        let x = walker.x!;
        // The baseline: the token's row written in its own committed transaction, in a copy of the
        // campaign (a write to the app's own file between moves would make every move reload it).
        const twin = g.twin();
        const bare = twin.prepare(`UPDATE token SET x = x WHERE id = ?`);
        const before = screens.pushes();
        const { subject, baseline } = await interleaved(
          () => {
            x = x === 1 ? 2 : 1;
            return asJudge(g.app, screens, 'board.moveToken', { tokenId: walker.id, floor: FULL_FLOOR, x, y: 0 });
          },
          () => twin.transaction(() => bare.run(walker.id))(),
          200,
          10,
        );
        if (screens.pushes() - before < 2 * 210) throw new Error('The screens were not pushed every move');
        return [
          result(
            'board.moveToken-full-floor-100k:p50',
            median(subject),
            median(baseline),
            'ms',
            '≤ 3 ms p50 (baseline: the token row written bare)',
            (_r, v) => v <= 3,
          ),
          result('board.moveToken-full-floor-100k:p99', percentile(subject, 99), percentile(baseline, 99), 'ms', null),
        ];
      } finally {
        screens.detach();
        await g.app.idle();
        g.close();
      }
    },
  },
  {
    name: 'tables.roll through the command at synchronous=FULL, both screens listening',
    run: async () => {
      const g = await growCampaign(1_000);
      const screens = attachScreens(g.app);
      try {
        const sync = g.db.pragma('synchronous', { simple: true });
        if (sync !== 2) throw new Error(`The campaign runs at synchronous=${String(sync)}, not FULL`);
        // The baseline: one committed write, the least a roll that enters the ledger must do (in a
        // copy of the campaign, as the move's baseline is).
        const twin = g.twin();
        const bare = twin.prepare(`UPDATE setting SET value = value WHERE key = 'session'`);
        const { subject, baseline } = await interleaved(
          () => asJudge(g.app, null, 'tables.roll', LOOT_ROLL),
          () => twin.transaction(() => bare.run())(),
          400,
          20,
        );
        return [
          result(
            'tables.roll-command',
            1000 / median(subject),
            1000 / median(baseline),
            'rolls/s',
            '≥ 1,000 rolls/s (baseline: one bare committed write)',
            (_r, v) => v >= 1000,
          ),
        ];
      } finally {
        screens.detach();
        await g.app.idle();
        g.close();
      }
    },
  },
  {
    name: 'a scripted dive from Floor 1 to Floor 10, both screens listening',
    run: async () => {
      const walls: number[] = [];
      let tally: DiveTally = { commands: 0, refused: 0, byName: new Map() };
      for (const seed of [11, 12, 13]) {
        const { app } = await openDemo(seed);
        const screens = attachScreens(app);
        tally = { commands: 0, refused: 0, byName: new Map() };
        walls.push(await timeOnce(() => scriptedDive(app, tally)));
        screens.detach();
        await app.idle();
        app.close();
      }
      return [
        result(
          'dive-floor-1-to-10',
          median(walls) / 1000,
          null,
          's',
          `≤ 3 s wall (median of 3 seeds; ${tally.commands} commands, ${tally.refused} refused by the rules)`,
          (_r, v) => v <= 3,
        ),
      ];
    },
  },
];
