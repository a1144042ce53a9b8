// The journal keeps what happened (ch.1 XP and loot, ch.9 the dive, ch.11 fights): every step with
// where it happened and whom it touched, every roll of a fight or a Challenge whoever made it, and
// a summary of each fight and each dive computed from the recorded steps; filters narrow it.
import { describe, expect, it } from 'vitest';
import { makeApp } from '../test-support/temp-app.ts';
import { addEnemy } from '../test-support/floor-setups.ts';

const NAMES = ['Ash', 'Bree', 'Cole', 'Dara'];

/** A new campaign's rolled party pays the Inn, dives to Floor 1, fells a hound (by an attack, or
 * by the Judge's hand naming Ash) and withdraws. */
async function firstDive(
  felling: 'attack' | 'judged' = 'attack',
  /** What else happens in the fight, before it ends. */
  during?: (app: ReturnType<typeof makeApp>, ids: { roster: number[]; ash: number }) => Promise<void>,
) {
  const app = makeApp();
  await app.call('campaign.create', { name: 'Journal' });
  await app.call('dice.setSeed', { seed: 5 });
  for (const name of NAMES) await app.call('lichslayer.roll', { name });
  const roster = (await app.call('campaign.current', {}))!.roster;
  for (const l of roster) await app.call('town.buy', { id: l.id, what: 'both' });
  await app.call('lichslayer.gainGold', { id: roster[1]!.id, amount: 30 });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(app, { name: 'Grey Hound', health: 6, stats: { level: 1, attack: '1d6' } });
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const tokens = (await app.call('board.view', { floor: 1 })).tokens;
  const hound = tokens.find((t) => t.name === 'Grey Hound')!.id;
  const ash = tokens.find((t) => t.name === 'Ash')!.id;
  await app.call('fight.attack', { attacker: hound, target: ash, outOfTurn: true });
  await app.call('challenge.roll', { lichslayerId: roster[2]!.id, target: 4, cause: 'Leap the pit' });
  await app.call('phase.nextTurn', {});
  if (felling === 'attack') await app.call('fight.attack', { attacker: ash, target: hound, outOfTurn: true });
  else await app.call('fight.damage', { target: hound, amount: 6, label: 'Cinder Lash', felledBy: ash });
  await during?.(app, { roster: roster.map((l) => l.id), ash });
  await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
  await app.call('phase.send', { event: { type: 'WITHDRAW' } });
  return { app, roster };
}

describe('the journal keeps what happened (ch.1, ch.9, ch.11)', () => {
  it('lists every step, creations and a gold edit included, each placed as an edit, in the Town, on the dive or in the fight', async () => {
    const { app } = await firstDive();
    const [s] = (await app.call('journal.read', {})).sessions;
    expect(s!.steps.map((x) => `${x.kind}: ${x.label}`)).toEqual([
      'edit: Roll up Ash',
      'edit: Roll up Bree',
      'edit: Roll up Cole',
      'edit: Roll up Dara',
      'town: Inn: both',
      'town: Inn: both',
      'town: Inn: both',
      'town: Inn: both',
      'edit: Gold found: 30',
      'edit: Set F1 (3,1)',
      'dive: Phase: descend',
      'edit: Add Grey Hound',
      'fight: Phase: enemies enter',
      'fight: Attack: Grey Hound → Ash',
      'fight: Challenge: Cole',
      'fight: Next turn',
      'fight: Attack: Ash → Grey Hound',
      'fight: Phase: combat over',
      'dive: Phase: withdraw',
    ]);
    expect(s!.steps.find((x) => x.label === 'Gold found: 30')!.who).toEqual(['Bree']);
    expect(s!.steps.find((x) => x.label === 'Attack: Grey Hound → Ash')).toMatchObject({ floor: 1, who: ['Ash'] });
    app.close();
  });

  it("its rolls include an enemy's attack and a Challenge, the Judge's rolls as well as the players' (ch.8, ch.11)", async () => {
    const { app } = await firstDive();
    const [s] = (await app.call('journal.read', { kind: 'fights' })).sessions;
    expect(s!.rolls.map((r) => r.cause)).toEqual([
      'Attack: Grey Hound → Ash',
      'Cole: Leap the pit',
      'Attack: Ash → Grey Hound with Scarlet Cleaver',
      'Attack: Ash → Grey Hound with Scarlet Cleaver: the hit',
    ]);
    expect(s!.rolls.every((r) => r.floor === 1 && r.kind === 'fight')).toBe(true);
    app.close();
  });

  it('a fight summary: rounds, who felled whom, Health dealt and taken by each entrant, XP (ch.1, ch.11)', async () => {
    const { app } = await firstDive();
    const fight = await app.call('journal.summary', { of: 'fight' });
    if (fight.of !== 'fight') throw new Error(`the newest summary is of ${fight.of}, not of a fight`);
    expect(fight.summary).toMatchObject({
      floor: 1,
      room: 'F1 (3,1)',
      rounds: 1,
      felled: [{ name: 'Grey Hound', by: 'Ash' }],
      xp: [{ name: 'Ash', amount: 1 }],
      loot: [],
      gold: [],
    });
    expect(fight.summary.entrants.map((e) => `${e.name} (${e.side}) dealt ${e.dealt}, took ${e.taken}`)).toEqual([
      'Ash (party) dealt 6, took 0',
      'Bree (party) dealt 0, took 0',
      'Cole (party) dealt 0, took 0',
      'Dara (party) dealt 0, took 0',
      'Grey Hound (enemies) dealt 0, took 6',
    ]);
    expect(fight.summary.notableRolls).toHaveLength(4);
    app.close();
  });

  it("damage by the Judge's hand credits its named author: Health dealt, the kill and its XP (ch.1, ch.11)", async () => {
    const { app } = await firstDive('judged');
    const fight = await app.call('journal.summary', { of: 'fight' });
    if (fight.of !== 'fight') throw new Error(`the newest summary is of ${fight.of}, not of a fight`);
    expect(fight.summary).toMatchObject({
      felled: [{ name: 'Grey Hound', by: 'Ash' }],
      xp: [{ name: 'Ash', amount: 1 }],
    });
    expect(fight.summary.entrants.find((e) => e.name === 'Ash')).toMatchObject({ dealt: 6, taken: 0 });
    const [s] = (await app.call('journal.read', { kind: 'fights' })).sessions;
    expect(s!.steps.map((x) => x.label)).toContain('Damage: Ash → Grey Hound (Cinder Lash)');
    app.close();
  });

  it('a dive summary at the withdrawal: floors, rooms, fights, XP; the newest summary is the dive (ch.9)', async () => {
    const { app } = await firstDive();
    const newest = await app.call('journal.summary', {});
    expect(newest.of).toBe('dive');
    expect(newest.summary).toMatchObject({
      ending: 'withdrew',
      floors: [1],
      rooms: ['Quiet Vault, F1 (3,1)'],
      fights: 1,
      xp: [{ name: 'Ash', amount: 1 }],
      deaths: [],
      sanity: [],
    });
    const [s] = (await app.call('journal.read', { kind: 'dives' })).sessions;
    expect(s!.dives).toHaveLength(1);
    expect(s!.fights).toEqual([]);
    expect(s!.steps.map((x) => x.label)).toEqual(['Phase: descend', 'Phase: withdraw']);
    app.close();
  });

  it('an item broken and a Sanity lost in the fight are in its summary and the dive’s, with the Health each Lichslayer dealt and took (ch.8, ch.11)', async () => {
    const { app } = await firstDive('attack', async (a, ids) => {
      const held = (await a.call('campaign.current', {}))!.roster.find((l) => l.id === ids.roster[1])!;
      const slot = (Object.keys(held.items) as (keyof typeof held.items)[]).find((k) => held.items[k])!;
      await a.call('fight.integrity', { lichslayerId: ids.roster[1]!, slot, result: 'breaks' });
      await a.call('lichslayer.update', { id: ids.roster[3]!, patch: { sanity: 'strange' } });
    });
    // Bree's first equipped item; it leaves its slot for her inventory, broken, and is no loot found.
    const item = 'Scarlet Cleaver';
    const fight = await app.call('journal.summary', { of: 'fight' });
    if (fight.of !== 'fight') throw new Error(`the newest summary is of ${fight.of}, not of a fight`);
    expect([fight.summary.broken, fight.summary.sanity, fight.summary.loot]).toEqual([
      [{ name: 'Bree', item }],
      [{ name: 'Dara', from: 'whole', to: 'strange' }],
      [],
    ]);
    const dive = await app.call('journal.summary', { of: 'dive' });
    if (dive.of !== 'dive') throw new Error(`the newest summary is of ${dive.of}, not of a dive`);
    expect([dive.summary.broken, dive.summary.sanity, dive.summary.loot]).toEqual([
      [{ name: 'Bree', item }],
      [{ name: 'Dara', from: 'whole', to: 'strange' }],
      [],
    ]);
    expect(dive.summary.damage).toEqual([
      { name: 'Ash', dealt: 6, taken: 0 },
      { name: 'Bree', dealt: 0, taken: 0 },
      { name: 'Cole', dealt: 0, taken: 0 },
      { name: 'Dara', dealt: 0, taken: 0 },
    ]);
    app.close();
  });

  it('filters by Lichslayer, floor, kind and session; a filter that matches nothing leaves every list empty', async () => {
    const { app } = await firstDive();
    const [bree] = (await app.call('journal.read', { lichslayer: 'Bree' })).sessions;
    expect(bree!.rolls.every((r) => r.character === 'Bree')).toBe(true);
    expect(bree!.rolls.map((r) => r.cause)).toContain('Creation of Bree: class (hidden)');
    expect(bree!.fights).toHaveLength(1);
    const [town] = (await app.call('journal.read', { kind: 'town' })).sessions;
    expect(town!.steps.map((x) => x.label)).toEqual(['Inn: both', 'Inn: both', 'Inn: both', 'Inn: both']);
    const [edits] = (await app.call('journal.read', { kind: 'edits', floor: 1 })).sessions;
    expect(edits!.steps.map((x) => x.label)).toEqual(['Add Grey Hound']);
    const [five] = (await app.call('journal.read', { floor: 5 })).sessions;
    expect([five!.steps, five!.rolls, five!.fights, five!.dives, five!.days]).toEqual([[], [], [], [], []]);
    const book = await app.call('journal.read', { session: 1, kind: 'rolls' });
    expect(book.sessionCount).toBe(1);
    expect(book.sessions[0]!.steps).toEqual([]);
    expect(book.sessions[0]!.rolls.length).toBeGreaterThan(20);
    app.close();
  });

  it('an undone fight step leaves the summary: the undone attack dealt nothing (ch.11)', async () => {
    const { app } = await firstDive();
    await app.call('history.undo', {});
    await app.call('history.undo', {});
    await app.call('history.undo', {});
    const [s] = (await app.call('journal.read', {})).sessions;
    expect(s!.fights[0]!.endedAt).toBe(null);
    expect(s!.fights[0]!.felled).toEqual([]);
    expect(s!.dives[0]!.ending).toBe('under way');
    expect(await app.call('journal.summary', {})).toEqual({ of: 'none', summary: null });
    app.close();
  });
});
