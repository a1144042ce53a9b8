// What the rules make happen inside a fight, in a real campaign file: spells and their timing
// (ch.15), enemies between player turns and whom they strike (ch.11), Sanity at the round's end
// (ch.11, ch.12), and the Lich's manifestation in the Town (ch.16).
import { describe, expect, it } from 'vitest';
import type { Colour } from '@shared/gauntlet.ts';
import { makeApp, openDemo } from '../test-support/temp-app.ts';
import { addEnemy } from '../test-support/floor-setups.ts';

type App = ReturnType<typeof makeApp>;

async function demo() {
  const { app } = await openDemo(7);
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  return app;
}

const roster = async (app: App) => (await app.call('campaign.current', {}))!.roster;

/** Into a fight on Floor 1 with one enemy: the party's first Lichslayer has the first turn. */
async function fight(
  app: App,
  enemy: { name: string; colour: Colour; x: number; y: number } = { name: 'Grey Hound', colour: 'Red', x: 2, y: 0 },
) {
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(app, { ...enemy, health: 6 });
  return app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
}

async function spell(app: App, label: string) {
  const tables = await app.call('tables.list', {});
  for (const t of tables.filter((x) => x.category === 'spell')) {
    const view = await app.call('tables.get', { key: t.key });
    const row = view.table.rows.findIndex((r) => r.label === label);
    if (row >= 0) return { table: t.key, row };
  }
  throw new Error(`no spell ${label}`);
}

describe('spells in the round (ch.15)', () => {
  it('every campaign has editable spell tables per school, with cost and casting time', async () => {
    const app = await demo();
    const spells = (await app.call('tables.list', {})).filter((t) => t.category === 'spell');
    expect(spells.map((t) => t.key).sort()).toEqual([
      'spells-arcana',
      'spells-celestial',
      'spells-daedric',
      'spells-demon',
      'spells-giver',
      'spells-lich',
      'spells-unbound',
    ]);
    const demon = await app.call('tables.get', { key: 'spells-demon' });
    expect(demon.table.rows[0]!.spell).toMatchObject({ school: 'demon', cost: 36, castingTime: 'on-turn' });
    app.close();
  });

  it('ch.15: On Turn: the gold leaves the Gauntlet at once, the spell resolves and the turn passes', async () => {
    const app = await demo();
    const p0 = await fight(app);
    const caster = p0.combat!.entrants.find((e) => e.tokenId === p0.combat!.currentTokenId)!;
    const goldBefore = (await roster(app)).find((l) => l.id === caster.lichslayerId)!.gold;
    const lash = await spell(app, 'Cinder Lash');
    const p = await app.call('phase.cast', { tokenId: caster.tokenId, ...lash });
    expect((await roster(app)).find((l) => l.id === caster.lichslayerId)!.gold).toBe(goldBefore - 36);
    expect(
      p.notices!.some((n) => /Cinder Lash \(.*\) resolves: 2d6 \[\d, \d\] \+ Magic \d+ = \d+ \(ch\.15\)/.test(n)),
    ).toBe(true);
    // ch.11: no enemy stands apart from the party, so the turn runs on through the gap to the next entrant.
    expect(p.combat!.between).toBe(false);
    expect(p.combat!.current).toBe(p0.combat!.upcoming[0]!.name);
    const ledger = await app.call('ledger.list', {});
    expect(ledger.some((e) => e.cause.startsWith('Spell: Cinder Lash by'))).toBe(true);
    app.close();
  });

  it('ch.15: End Round waits for the round’s end; loot that changes Magic meanwhile changes the pending spell', async () => {
    const app = await demo();
    // ch.17: the Giver's Recipes open after three feedings of the Giver
    const ids = (await roster(app)).map((l) => l.id);
    await app.call('forest.go', { ids, where: 'forest' });
    for (const id of ids) for (let n = 0; n < 3; n++) await app.call('forest.feed', { id });
    await app.call('forest.go', { ids, where: 'town' });
    const p0 = await fight(app);
    const caster = p0.combat!.entrants.find((e) => e.tokenId === p0.combat!.currentTokenId)!;
    const fire = await spell(app, 'The Giver’s Gift');
    let p = await app.call('phase.cast', { tokenId: caster.tokenId, ...fire });
    expect(p.combat!.pending).toEqual([{ label: 'The Giver’s Gift', caster: caster.name, time: 'End Round' }]);
    expect(p.notices!.some((n) => /resolves/.test(n))).toBe(false);
    // loot changes Magic before the spell resolves (ch.15): an item marked +3 Magic is equipped
    await app.call('lichslayer.setItem', {
      id: caster.lichslayerId!,
      slot: 'loot3',
      item: { name: 'Humming Orb', colour: 'Black', notes: '+3 Magic' },
    });
    const magicNow = (await roster(app)).find((l) => l.id === caster.lichslayerId)!.derived.magic.value;
    let guard = 0;
    while (!p.combat!.atRoundEnd && guard++ < 20) p = await app.call('phase.nextTurn', {});
    expect(p.combat!.pending).toEqual([]);
    expect(p.notices!.find((n) => n.startsWith('The Giver’s Gift'))).toMatch(new RegExp(`\\+ Magic ${magicNow}`));
    app.close();
  });

  it('refusals name the rule and change nothing: not your turn, no Vestment, not enough gold', async () => {
    const app = await demo();
    const p0 = await fight(app);
    const [first, second] = p0.combat!.entrants;
    const before = JSON.stringify(await roster(app));
    const lash = await spell(app, 'Cinder Lash');
    expect(await app.dispatch('phase.cast', { tokenId: second!.tokenId, ...lash })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/own turn; outside it, only a Response \(ch\.15\)/) },
    });
    const blaze = await spell(app, 'Blaze');
    expect(await app.dispatch('phase.cast', { tokenId: first!.tokenId, ...blaze })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/only while The Unbound’s Coat of Arms is equipped/) },
    });
    await app.call('lichslayer.update', { id: first!.lichslayerId!, patch: { gold: 10 } });
    const mid = JSON.stringify(await roster(app));
    expect(await app.dispatch('phase.cast', { tokenId: first!.tokenId, ...lash })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/costs 36 gold and .* holds 10 \(ch\.15\)/) },
    });
    expect(JSON.stringify(await roster(app))).toBe(mid);
    expect(before).not.toBe(mid);
    const book = await app.call('phase.spellbook', { tokenId: first!.tokenId });
    const lashEntry = book.schools.flatMap((s) => s.spells).find((s) => s.label === 'Cinder Lash')!;
    expect(lashEntry).toMatchObject({ allowed: false, why: expect.stringMatching(/holds 10/) });
    app.close();
  });

  it('ch.15: a Response spell is cast outside one’s turn, resolves at once and costs the next turn', async () => {
    const app = await demo();
    const p0 = await fight(app);
    const other = p0.combat!.entrants.find((e) => e.party && e.tokenId !== p0.combat!.currentTokenId)!;
    await app.call('lichslayer.update', { id: other.lichslayerId!, patch: { gold: 500 } });
    const step = await spell(app, 'Skyward Step');
    const p = await app.call('phase.cast', { tokenId: other.tokenId, ...step });
    expect(p.combat!.current).toBe(other.name);
    expect(p.notices!.some((n) => /Skyward Step \(.*\) resolves/.test(n))).toBe(true);
    const after = await app.call('phase.nextTurn', {});
    expect(after.combat!.currentTokenId).toBe(p0.combat!.currentTokenId);
    app.close();
  });
});

describe('enemies between player turns (ch.11)', () => {
  it('after a player’s turn, enemies apart from the party close in one room, through revealed rooms only', async () => {
    const app = await demo();
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      patch: { type: 'hall', name: 'Long Hall' },
      revealed: true,
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 2,
      patch: { type: 'hall', name: 'Far Hall' },
      revealed: true,
    });
    await fight(app, { name: 'Grey Hound', colour: 'Red', x: 2, y: 2 });
    expect(await app.dispatch('phase.enemiesAdvance', {})).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/between player turns/) },
    });
    let p = await app.call('phase.nextTurn', {});
    expect(p.combat!.between).toBe(true);
    p = await app.call('phase.enemiesAdvance', {});
    // ch.11: toward the weakest: Sable, at 24 Health, is the party's lowest.
    const party = (await app.call('campaign.current', {}))!.roster.map((l) => ({ name: l.name, health: l.health }));
    expect(party.filter((l) => l.health <= 24)).toEqual([{ name: 'Sable Hartigan', health: 24 }]);
    expect(p.notices).toEqual(['Grey Hound moves to (3,2), closing on Sable Hartigan (Health 24) (ch.11)']);
    const board = await app.call('board.view', { floor: 1 });
    expect(board.tokens.find((t) => t.name === 'Grey Hound')).toMatchObject({ x: 2, y: 1 });
    // once per gap: pressing again moves nobody further
    expect(await app.dispatch('phase.enemiesAdvance', {})).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Nothing changed/) },
    });
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Grey Hound')).toMatchObject({
      x: 2,
      y: 1,
    });
    // undo puts it back where it stood
    await app.call('history.undo', {});
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Grey Hound')).toMatchObject({
      x: 2,
      y: 2,
    });
    app.close();
  });
});

describe('whom an enemy strikes (ch.11, house rule)', () => {
  it('ch.11: the target the attack dialog proposes for an enemy follows the house rule enemyTarget — the weakest in reach (Sable, 24 Health), the one holding the most gold (Brother Quillam, given 2000), or the first in reach on the turn stack (Odile) — and fight.attack lands on that one', async () => {
    const app = await demo();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const hound = (await addEnemy(app, { name: 'Grey Hound', health: 30, stats: { attack: '1d6' } })).id;
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    await app.call('lichslayer.update', { id: 2, patch: { gold: 2000 } });
    await app.call('dice.setSeed', { seed: 3 });
    /** The proposal's words and the first line of the hound's attack on the one proposed. */
    const strike = async (enemyTarget: 'weakest' | 'richest' | 'first-on-stack') => {
      await app.call('houseRules.update', { patch: { enemyTarget } });
      const options = await app.call('fight.options', { attacker: hound });
      const hit = await app.call('fight.attack', { attacker: hound, target: options.defaultTarget!, outOfTurn: true });
      return [options.defaultExplain, hit.lines[0]];
    };
    expect(await strike('weakest')).toEqual([
      'Sable Hartigan, the weakest in reach (24 Health) (house rule)',
      'Attack: Grey Hound → Sable Hartigan: 2 damage',
    ]);
    expect(await strike('richest')).toEqual([
      'Brother Quillam, the character holding the most gold (2000) (house rule)',
      'Attack: Grey Hound → Brother Quillam: 16 damage',
    ]);
    expect(await strike('first-on-stack')).toEqual([
      'Odile Vantreck, the first in reach on the turn stack (house rule)',
      'Attack: Grey Hound → Odile Vantreck: 5 damage',
    ]);
    app.close();
  });
});

describe('the round’s end (ch.11, ch.12)', () => {
  it('ch.11: a round beside a Colourless entity calls a Sanity Challenge for each Lichslayer there (target: house rule), logged', async () => {
    const app = await demo();
    let p = await fight(app, { name: 'Pale Thing', colour: 'Colourless', x: 2, y: 0 });
    let guard = 0;
    while (!p.combat!.atRoundEnd && guard++ < 20) p = await app.call('phase.nextTurn', {});
    const cause = 'A round beside Pale Thing, Colourless (ch.11; target house rule)';
    const checks = p.notices!.filter((n) => n.startsWith(cause));
    expect(checks).toHaveLength(4);
    const ledger = await app.call('ledger.list', {});
    expect(ledger.filter((e) => e.cause === cause).map((e) => e.explain.match(/ vs (\d+)/)?.[1])).toEqual([
      '12',
      '12',
      '12',
      '12',
    ]);
    expect(p.combat!.hooks.every((h) => !/Colourless/.test(h))).toBe(true);
    app.close();
  });

  it('ch.11: another Lichslayer at 0 Health shakes the others on the floor', async () => {
    const app = await demo();
    await fight(app);
    const [a] = await roster(app);
    const p = await app.call('phase.send', { event: { type: 'AT_ZERO', lichslayer: a!.id, choice: 'press-on' } });
    expect(
      p.notices!.filter((n) => n.startsWith(`${a!.name} reached 0 Health (ch.11; target house rule)`)),
    ).toHaveLength(3);
    app.close();
  });
});

describe('the manifestation (ch.16)', () => {
  it('at Stage 4 the Lich takes shape in the Town: its block, everyone at Lost, its target the richest, communion at the round’s end, revival while the Phylactery stands', async () => {
    const app = await demo();
    expect((await app.call('phase.view', {})).dive.actions.find((a) => a.type === 'MANIFEST')).toMatchObject({
      allowed: false,
      why: expect.stringMatching(/Stage 4/),
    });
    await app.call('phase.attention', { event: { type: 'CROWN' } });
    let p = await app.call('phase.send', { event: { type: 'MANIFEST' } });
    expect(p.dive.state).toBe('manifestation');
    expect(p.notices!.join('\n')).toMatch(/360 \+ 36 × 0 players beyond four = 360 Health \(ch\.16\)/);
    expect((await roster(app)).every((l) => l.sanity === 'lost')).toBe(true);
    const lichId = p.combat!.entrants.find((e) => e.name === 'The Lich')!.tokenId;
    expect(p.combat!.entrants.filter((e) => e.tokenId === lichId)).toHaveLength(1);
    // the Lich's turns name its target: the one holding the most gold (ch.16)
    const richest = [...(await roster(app))].sort((x, y) => y.gold - x.gold)[0]!;
    const seen: string[] = [];
    let guard = 0;
    while (!p.combat!.atRoundEnd && guard++ < 30) {
      p = await app.call('phase.nextTurn', {});
      seen.push(...(p.notices ?? []));
    }
    expect(seen.filter((n) => n.startsWith("The Lich's turn: it strikes"))).toHaveLength(2);
    expect(seen.find((n) => n.startsWith("The Lich's turn"))).toContain(richest.name);
    // communion: one open d6 per character at Lost (ch.16)
    const communions = (await app.call('ledger.list', {})).filter(
      (e) => /attempts communion/.test(e.cause) && e.explain.startsWith('1d6'),
    );
    expect(communions).toHaveLength(4);
    // the Lich cannot be declared defeated while standing, nor stay dead while the Phylactery stands
    expect(await app.dispatch('phase.send', { event: { type: 'LICH_DEFEATED' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Phylactery/) },
    });
    await app.call('board.updateToken', { id: lichId, patch: { health: 0, defeated: true } });
    p = await app.call('phase.nextTurn', {});
    expect(p.notices).toContain('The Phylactery stands: the Lich revives next round at 180 Health (ch.16)');
    expect(p.combat!.entrants.find((e) => e.tokenId === lichId)).toMatchObject({ health: 180, maxHealth: 360 });
    app.close();
  });
});

describe('turning and its cures (ch.16)', () => {
  it('a communion that turns a Lichslayer starts a six-day Pilgrimage clock; a cure within it frees them, after it none applies', async () => {
    const app = await demo();
    await app.call('phase.attention', { event: { type: 'CROWN' } });
    let p = await app.call('phase.send', { event: { type: 'MANIFEST' } });
    let guard = 0;
    while (p.dive.turned.length < 2 && guard++ < 200) p = await app.call('phase.nextTurn', {});
    expect(p.dive.turned.length).toBeGreaterThanOrEqual(2);
    const roster = (await app.call('campaign.current', {}))!.roster;
    const [first, second] = p.dive.turned.map((n) => roster.find((l) => l.name === n)!);
    const report = await app.call('town.nextDay', {});
    expect(
      report.lines.some((l) =>
        l.text.startsWith(`${first!.name}, turned on day 1: 5 day(s) left to finish the Pilgrimage (ch.16)`),
      ),
    ).toBe(true);
    p = await app.call('phase.cure', { id: first!.id, how: 'pilgrimage' });
    expect(p.dive.turned).not.toContain(first!.name);
    expect(p.notices).toEqual([
      `${first!.name} is freed from the turning by the Pilgrimage: a flower of every colour brought to a Shrine (ch.16)`,
    ]);
    for (let d = 0; d < 6; d++) await app.call('town.nextDay', {});
    expect(await app.dispatch('phase.cure', { id: second!.id, how: 'restore' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/turning is permanent/) },
    });
    expect(await app.dispatch('phase.cure', { id: first!.id, how: 'cure' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/is not turned/) },
    });
    app.close();
  });
});
