// The dive simulator: dives replay from their seed, policies and house rules reach the same rule
// functions the app runs, and runs go through the commands on a worker thread with progress and cancel.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_POLICIES, type SimRunView } from '@shared/odds-sim.ts';
import type { CampaignApp } from '../app/campaign-app.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { simulateDive, simulateRange } from './dive-sim.ts';
import { diveSeed } from './sim-party.ts';
import { loadSimWorld, rosterMembers } from './sim-world.ts';
import { stateReader } from '../db/play-store.ts';
import { SimRunner } from './sim-runner.ts';
import { summariseTally } from './sim-summary.ts';

async function demoWorld(patch?: Parameters<typeof loadSimWorld>[2]) {
  const { app } = await openDemo(3);
  const db = app.current()!.db;
  const world = loadSimWorld(stateReader(db), rosterMembers(stateReader(db)), patch);
  return { app, world };
}

/** Reads a run until it stops: generous, and never a timing assertion. */
async function finished(app: CampaignApp, runId: string): Promise<SimRunView> {
  for (;;) {
    const view = await app.call('odds.simulation', { runId });
    if (view.state !== 'running') return view;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the dive simulator (pure)', () => {
  it('replays a run from its seed, and any single dive alone from (seed, index)', async () => {
    const { app, world } = await demoWorld();
    const a = simulateRange(world, DEFAULT_SIM_POLICIES, 42, 0, 60);
    const b = simulateRange(world, DEFAULT_SIM_POLICIES, 42, 0, 60);
    expect(b).toEqual(a);
    expect(a.dives).toBe(60);
    // Every dive enters Floor 1 with the whole roster of four.
    expect(a.reached[1]).toBe(60);
    expect(a.entered[1]).toBe(240);
    const d17 = simulateDive(world, DEFAULT_SIM_POLICIES, diveSeed(42, 17));
    expect(simulateDive(world, DEFAULT_SIM_POLICIES, diveSeed(42, 17))).toEqual(d17);
    const other = simulateRange(world, DEFAULT_SIM_POLICIES, 43, 0, 60);
    expect(other).not.toEqual(a);
    app.close();
  });

  it('at 0 Health the policy picks withdraw or press on, and the third time on a floor is for good (ch.11)', async () => {
    const { app, world } = await demoWorld();
    const withdraw = simulateRange(world, { ...DEFAULT_SIM_POLICIES, floors: 9 }, 5, 0, 200);
    const pressOn = simulateRange(world, { ...DEFAULT_SIM_POLICIES, floors: 9, atZero: 'press-on' }, 5, 0, 200);
    // Withdrawing at 0 Health above Floor 10 never loses anyone for good.
    expect(withdraw.lost.reduce((a, b) => a + b, 0)).toBe(0);
    expect(withdraw.felled[1]).toBeGreaterThan(0);
    // Pressing on, some fall a third time on one floor: permanently lost.
    expect(pressOn.lost.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(pressOn.survivors).toBeLessThan(pressOn.dives * pressOn.partySize);
    app.close();
  });

  it('runs on the campaign’s house rules: a chest that always holds loot finds more of it', async () => {
    const { app, world } = await demoWorld();
    const { world: generous } = await demoWorld({ chestSuccessOn: 1 });
    const count = (t: ReturnType<typeof simulateRange>) => Object.values(t.lootTiers).reduce((a, b) => a + b, 0);
    const base = simulateRange(world, DEFAULT_SIM_POLICIES, 9, 0, 200);
    const more = simulateRange(generous, DEFAULT_SIM_POLICIES, 9, 0, 200);
    expect(world.rules.chestSuccessOn).toBeGreaterThan(1);
    expect(count(more)).toBeGreaterThan(count(base));
    app.close();
  });
});

describe('odds.simulate through the commands', () => {
  it('runs the roster’s dives on a worker and gives the same summary again from the same seed', async () => {
    const { app } = await openDemo(3);
    const start = await app.call('odds.simulate', { party: { roster: true }, dives: 300, seed: 11 });
    expect(start).toMatchObject({ state: 'running', total: 300, label: 'A' });
    const first = await finished(app, start.runId);
    expect(first).toMatchObject({ state: 'done', done: 300, error: null });
    expect(first.summary!.dives).toBe(300);
    expect(first.summary!.floors).toHaveLength(10);
    expect(first.summary!.floors[0]!.reached.value).toBe(1);
    const again = await finished(
      app,
      (await app.call('odds.simulate', { party: { roster: true }, dives: 300, seed: 11 })).runId,
    );
    expect(again.summary).toEqual(first.summary);
    app.close();
  }, 60_000);

  it('a run split over two workers merges to the summary one thread reaches from the same seed', async () => {
    const { app, world } = await demoWorld();
    const runner = new SimRunner(2);
    const start = runner.start(world, DEFAULT_SIM_POLICIES, 21, 1200, 'A');
    let view = runner.read(start.runId)!;
    while (view.state === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      view = runner.read(start.runId)!;
    }
    const alone = summariseTally(simulateRange(world, DEFAULT_SIM_POLICIES, 21, 0, 1200), DEFAULT_SIM_POLICIES.floors);
    expect(view).toMatchObject({ state: 'done', done: 1200, error: null });
    expect(view.summary).toEqual(alone);
    app.close();
  }, 60_000);

  it('a described party and a variant’s house rules; a run can be cancelled and says how far it got', async () => {
    const { app } = await openDemo(3);
    const members = [{ name: 'Tess', level: 3, health: 40, armor: 8, power: 8, speed: 7, weapon: '2d6' }];
    const run = await app.call('odds.simulate', {
      party: { members },
      dives: 100_000,
      seed: 1,
      houseRules: { attackAllOnes: 'lands' },
      label: 'B',
    });
    const cancelled = await app.call('odds.cancelSimulation', { runId: run.runId });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.done).toBeLessThan(100_000);
    expect((await app.call('odds.simulation', { runId: run.runId })).state).toBe('cancelled');
    app.close();
  });

  it('refuses a weapon that is not dice, and an unknown run, saying what', async () => {
    const { app } = await openDemo(3);
    const members = [{ name: 'Tess', level: 1, health: 30, armor: 6, power: 6, speed: 6, weapon: 'a big stick' }];
    await expect(app.call('odds.simulate', { party: { members }, dives: 10, seed: 1 })).rejects.toThrow(
      /Tess.*“a big stick” is not dice/,
    );
    await expect(app.call('odds.simulation', { runId: 'run-999' })).rejects.toThrow(/no simulation “run-999”/);
    await expect(app.call('odds.simulate', { party: { roster: true }, dives: 0, seed: 1 })).rejects.toThrow();
    app.close();
  });
});
