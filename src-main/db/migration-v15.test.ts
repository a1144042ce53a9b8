// Format 15: the class skills' last kept state is schema (ch.2). Format 14 kept the Breaker's floor
// tiers toward Crush, whom the Scholar's Investiture reaches and the doorway the Breaker holds in
// settings keyed by a Lichslayer's id; they open as rows, and Crush, Investiture and the doorway play
// on from them as before.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { descendTo, makeApp, openDemo } from '../test-support/temp-app.ts';
import { addEnemy, landingsTo } from '../test-support/floor-setups.ts';
import { asOlderFormat } from '../test-support/older-formats.ts';
import { LATEST_VERSION } from './migrations.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

/** Rows of the campaign file as it stands on disk. */
function rowsOf(file: string, sql: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

/** The app again on the same folder, the campaign opened (and so migrated). */
async function reopened(dataDir: string, file: string) {
  const app = makeApp(dataDir);
  const view = await app.call('campaign.open', { path: file });
  const me = async (id: number) => (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;
  return { app, view, me };
}

/** Floor 1 with its rolled enemies out of the way, so each test places its own. */
async function quietFloor(app: App): Promise<void> {
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
    await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
}

const hound = (app: App, x: number, y: number) =>
  addEnemy(app, { name: 'Grave Hound', x, y, health: 20, stats: { level: 1, attack: '1d6' } });

const room = (app: App, y: number, name: string) =>
  app.call('board.setRoom', { floor: 1, x: 2, y, revealed: true, patch: { type: 'chamber', name } });

describe('format 15: the class skills’ Round state as rows (ch.2)', () => {
  it('a Breaker’s floor tiers kept by format 14 count toward Crush: one more tier felled unlocks it; a Lichslayer no longer there and a tier of no name are not carried over', async () => {
    const { app, file, dataDir, roster } = await openDemo(11);
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: { hiddenClass: 'The Breaker', skill1: 'Break', skill2: 'Rumble Hat', skill3: 'Charge', level: 6 },
    });
    await landingsTo(app, 7);
    app.close();
    asOlderFormat(file, 14, {
      crushTiers: { [String(o.id)]: ['upper', 'middle'], '77': ['lower'], [String(roster[1]!.id)]: ['deep'] },
    });
    const again = await reopened(dataDir, file);
    expect(again.view.schemaVersion).toBe(LATEST_VERSION);
    await descendTo(again.app, 7);
    const foe = await addEnemy(again.app, { name: 'Foe 7', floor: 7, health: 5 });
    const odile = (await again.app.call('board.view', { floor: 7 })).tokens.find((t) => t.lichslayerId === o.id)!;
    const last = await again.app.call('fight.attack', {
      attacker: odile.id,
      target: foe.id,
      outOfTurn: true,
      damage: 99,
    });
    expect(last.lines.at(-1)).toBe(
      "Odile Vantreck's capstone condition is met (3 of 3 floor tiers with an enemy felled (ch.2)): Crush unlocks (ch.2)",
    );
    expect((await again.me(o.id)).capstone).toBe('Crush');
    again.app.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT lichslayer_id, tier FROM crush_tier ORDER BY id`).all()).toEqual([
      { lichslayer_id: o.id, tier: 'upper' },
      { lichslayer_id: o.id, tier: 'middle' },
      { lichslayer_id: o.id, tier: 'lower' },
    ]);
    expect(db.prepare(`SELECT value FROM setting WHERE key = 'skill:crush-tiers'`).get()).toEqual({ value: '{}' });
    db.close();
  });

  it('Investiture granted this Round in a format-14 file still gives Odile +1 Magic from Wren after the open, and ends when Wren moves away', async () => {
    const { app, file, dataDir, roster, me } = await openDemo(11);
    const [odile, , , wren] = [roster[0]!, roster[1]!, roster[2]!, roster[3]!];
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: {
        hiddenClass: 'The Scholar',
        skill1: 'Identify',
        skill2: 'Scrolls and Ink',
        skill3: 'Investiture',
        level: 6,
      },
    });
    await quietFloor(app);
    await room(app, 1, 'Study');
    await hound(app, 2, 1);
    const magic = (await me(odile.id)).derived.magic.value;
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect((await me(odile.id)).derived.magic.value).toBe(magic + 1);
    app.close();
    asOlderFormat(file, 14);
    const again = await reopened(dataDir, file);
    expect((await again.me(odile.id)).derived.magic.value).toBe(magic + 1);
    expect((await again.me(odile.id)).life.penalties).toContainEqual({
      source: 'Investiture from Wren of the Hollow (ch.2)',
      value: 1,
    });
    const wrenToken = (await again.app.call('board.view', { floor: 1 })).tokens.find(
      (t) => t.lichslayerId === wren.id,
    )!;
    await again.app.call('board.moveToken', { tokenId: wrenToken.id, floor: 1, x: 2, y: 1 });
    expect((await again.me(odile.id)).derived.magic.value).toBe(magic);
    again.app.close();
  });

  it('a doorway held in a format-14 file still holds out the Grave Hound it denied this Round; removing the Breaker takes the hold, and the undo brings it back', async () => {
    const { app, file, dataDir, roster } = await openDemo(11);
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: { hiddenClass: 'The Breaker', skill1: 'Break', level: 2, power: 14, health: 5 },
    });
    await quietFloor(app);
    await room(app, 1, 'Gatehouse');
    await room(app, 2, 'Kennel');
    const odile = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === o.id)!;
    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1 });
    const dog = await hound(app, 2, 2);
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    await app.call('skill.points', { id: o.id, delta: 1 });
    await app.call('skill.spendPoint', { id: o.id, action: 'enhance', skill: 'Break' });
    await app.call('skill.use', { id: o.id, skill: 'Break', block: true });
    await app.call('phase.nextTurn', {});
    await app.call('dice.setSeed', { seed: 1 });
    expect((await app.call('phase.enemiesAdvance', {})).notices).toEqual([
      "Grave Hound: Enter past Odile Vantreck's doorway: Grave Hound fails (3 = 1d6! [3] vs 14: short of the target (ch.1)) and is denied entry this Round (ch.2)",
    ]);
    app.close();
    asOlderFormat(file, 14);
    const again = await reopened(dataDir, file);
    const denied = "Grave Hound was denied at Odile Vantreck's doorway this Round: it stays (ch.2)";
    // The next gap in the same Round: the Hound tries again and is held out without a roll.
    const round = (await again.app.call('phase.view', {})).combat!.round;
    await again.app.call('phase.nextTurn', {});
    await again.app.call('phase.nextTurn', {});
    expect((await again.app.call('phase.view', {})).combat!.round).toBe(round);
    expect((await again.app.call('phase.enemiesAdvance', {})).notices).toEqual([denied]);
    const holds = () => rowsOf(file, `SELECT breaker_id, x, y FROM doorway_hold`);
    expect(holds()).toEqual([{ breaker_id: o.id, x: 2, y: 1 }]);
    await again.app.call('lichslayer.delete', { id: o.id });
    expect(holds()).toEqual([]);
    await again.app.call('history.undo', {});
    expect(holds()).toEqual([{ breaker_id: o.id, x: 2, y: 1 }]);
    expect(rowsOf(file, `SELECT token_id FROM doorway_denial`)).toEqual([{ token_id: dog.id }]);
    again.app.close();
  });
});
