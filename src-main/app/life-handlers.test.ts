// Campaign life in a real campaign file: creation by the book (ch.1), growth from XP (ch.1, ch.2),
// the Inn (ch.4) and "next day" in ch.5's order with the survival clock (ch.4, ch.8).
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

const demo = async (seed = 5) => (await openDemo(seed)).app;

const find = async (app: Awaited<ReturnType<typeof demo>>, name: string) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.name === name)!;

describe('creation (ch.1)', () => {
  it('rolls starting loot three times, six stat points and a hidden class, every roll in the ledger', async () => {
    const app = await demo();
    const rolled = await app.call('lichslayer.roll', { name: 'Ysolde Marrow' });
    expect(rolled.loot).toHaveLength(3);
    expect(rolled.points).toHaveLength(6);
    expect(JSON.stringify(rolled)).not.toMatch(/The (Breaker|Veteran|Bandit|Scholar|Aristocrat|Lich Doctor|Witch)/);
    const y = await find(app, 'Ysolde Marrow');
    expect(y.level).toBe(1);
    expect(y.hiddenClass).toMatch(/^The /);
    expect(y.life.classRevealed).toBe(false);
    expect(y.life.statPoints).toBe(rolled.toChoose);
    expect([y.items.loot1, y.items.loot2, y.items.loot3].map((i) => i?.name)).toEqual(rolled.loot.map((l) => l.name));
    const ledger = await app.call('ledger.list', { character: 'Ysolde Marrow' });
    expect(ledger.map((e) => e.cause).sort()).toEqual([
      'Creation of Ysolde Marrow: class (hidden)',
      'Creation of Ysolde Marrow: starting loot 1',
      'Creation of Ysolde Marrow: starting loot 2',
      'Creation of Ysolde Marrow: starting loot 3',
      'Creation of Ysolde Marrow: stat points',
    ]);
    expect(ledger.find((e) => e.cause.endsWith('starting loot 1'))!.explain).toMatch(/on d100 − 40/);
    // one undo removes the whole creation
    await app.call('history.undo', {});
    expect((await app.call('campaign.current', {}))!.roster.some((l) => l.name === 'Ysolde Marrow')).toBe(false);
    app.close();
  });

  it('an impossible influence die is refused with the reason, and nothing is created', async () => {
    const app = await demo();
    const before = (await app.call('campaign.current', {}))!.roster.length;
    expect(await app.dispatch('lichslayer.roll', { name: 'Bad Dice', influence: [7, 0, 0] })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/d4, d6, d8, d10, d12 or d20/) },
    });
    expect((await app.call('campaign.current', {}))!.roster.length).toBe(before);
    app.close();
  });
});

describe('growth (ch.1, ch.2)', () => {
  it('gold entering the Gauntlet gives XP (1 per 36); level 2 brings two stat points, reveals the class and unlocks Skill 1', async () => {
    const app = await demo();
    await app.call('lichslayer.roll', { name: 'Ysolde Marrow' });
    const y = await find(app, 'Ysolde Marrow');
    const r = await app.call('lichslayer.gainGold', { id: y.id, amount: 432 });
    expect(r.notes.join('\n')).toMatch(/432 gold gained ÷ 36 = 12 XP \(ch\.1\)/);
    expect(r.notes.join('\n')).toMatch(/class is revealed: The .+, Skill 1 .+ unlocked/);
    const after = await find(app, 'Ysolde Marrow');
    expect(after).toMatchObject({ level: 2, xp: 12, gold: y.gold + 432 });
    expect(after.life.classRevealed).toBe(true);
    expect(after.skill1).not.toBe('');
    expect(after.life.statPoints).toBe(y.life.statPoints + 2);
    // spending a point on Health raises max and current Health by 6
    await app.call('lichslayer.spendPoint', { id: y.id, stat: 'health' });
    const spent = await find(app, 'Ysolde Marrow');
    expect(spent).toMatchObject({ maxHealth: after.maxHealth + 6, health: after.health + 6 });
    expect(spent.life.statPoints).toBe(after.life.statPoints - 1);
    // spending gold never takes XP back
    await app.call('lichslayer.update', { id: y.id, patch: { gold: 0 } });
    expect((await find(app, 'Ysolde Marrow')).xp).toBe(12);
    app.close();
  });
});

describe('the day (ch.4, ch.5, ch.8)', () => {
  it('ch.4: three days without a meal are free; at the end of day 4 hunger costs −1 on rolls and 6 max Health', async () => {
    const app = await demo();
    const o = await find(app, 'Odile Vantreck');
    for (let d = 0; d < 3; d++) {
      await app.call('town.buy', { id: o.id, what: 'shelter' });
      await app.call('town.nextDay', {});
    }
    expect((await find(app, 'Odile Vantreck')).life.penalties.filter((p) => p.source.startsWith('Hunger'))).toEqual([]);
    const report = await app.call('town.nextDay', {});
    // 5.01: each day's report opens with the Inn's d12, rolled for the day that begins.
    expect(report.lines[0]!.text).toBe(
      'Inn, day 5: 12 = 12 on d12 (ch.5): The keeper’s favour — A free night of shelter and meal for the whole party.',
    );
    const odile = await find(app, 'Odile Vantreck');
    expect(odile.life.penalties).toContainEqual({ source: 'Hunger, day 4 (ch.4)', value: -1 });
    expect(odile.maxHealth).toBe(o.maxHealth - 6);
    expect(report.lines.find((l) => l.text.startsWith('Odile Vantreck'))!.text).toMatch(
      /Hunger day 4: −6 max Health \(ch\.4\)/,
    );
    expect(report.lines[0]!.text).toMatch(/^Inn, day 5: /);
    app.close();
  });

  it('the Inn takes its price at once, refuses the poor, and is closed at Stage 4 (ch.4, ch.5)', async () => {
    const app = await demo();
    const w = await find(app, 'Wren of the Hollow');
    expect(await app.dispatch('town.buy', { id: w.id, what: 'both' })).toMatchObject({
      ok: false,
      error: { message: 'A meal and shelter cost 108 gold and Wren of the Hollow holds 95 (ch.4). Nothing changed.' },
    });
    await app.call('town.buy', { id: w.id, what: 'meal' });
    expect((await find(app, 'Wren of the Hollow')).gold).toBe(95 - 36);
    await app.call('phase.attention', { event: { type: 'CROWN' } });
    const o = await find(app, 'Odile Vantreck');
    expect(await app.dispatch('town.buy', { id: o.id, what: 'meal' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/closed at Stage 4/) },
    });
    app.close();
  });

  it('ch.5: a 30-day run with a fixed seed gives the same day reports every time', async () => {
    async function run() {
      const app = await demo(30);
      const roster = (await app.call('campaign.current', {}))!.roster;
      const reports = [];
      for (let d = 0; d < 30; d++) {
        // the richest eat every other day; everyone sleeps rough
        for (const l of roster)
          if (d % 2 === 0 && l.gold > 400) await app.dispatch('town.buy', { id: l.id, what: 'meal' });
        reports.push(await app.call('town.nextDay', {}));
      }
      const stored = await app.call('town.reports', { limit: 30 });
      app.close();
      return { reports, stored };
    }
    const a = await run();
    const b = await run();
    expect(a.reports).toEqual(b.reports);
    expect(a.reports).toHaveLength(30);
    expect(a.stored.map((r) => r.day)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    // ch.5: the Smith's d8 at the start of each week (RULINGS: weeks start on days 1, 8, 15 …): week 1's at
    // the first close, each later week's as the day before it closes (days 7, 14, 21, 28)
    expect(a.reports.filter((r) => r.lines.some((l) => l.text.startsWith('Smith'))).map((r) => r.day)).toEqual([
      1, 7, 14, 21, 28,
    ]);
    expect(a.reports[6]!.lines.find((l) => l.text.startsWith('Smith'))!.text).toBe(
      'Smith (week 2): 1d8 = 1: Coal shortage — All Smith prices +20 % this week.',
    );
    // no shelter for a week and more: the shelter penalty arrives on day 8 (ch.4)
    expect(a.reports[7]!.lines.some((l) => /No shelter day 8: −6 Health/.test(l.text))).toBe(true);
  });
});

describe('the session journal', () => {
  it('sorts dives, days and notable rolls into sessions, and keeps the Judge’s notes (undoable)', async () => {
    const app = await demo();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    await app.call('town.nextDay', {});
    await app.call('ledger.newSession', {});
    await app.call('lichslayer.roll', { name: 'Ysolde Marrow' });
    await app.call('town.nextDay', {});
    let j = await app.call('journal.view', {});
    expect(j.map((s) => s.session)).toEqual([2, 1]);
    const [two, one] = j;
    expect(one!.dives).toEqual(['descend', 'withdraw']);
    expect(one!.days.map((d) => d.day)).toEqual([1]);
    expect(two!.days.map((d) => d.day)).toEqual([2]);
    expect(two!.notableRolls.some((r) => r.startsWith('Creation of Ysolde Marrow: starting loot 1'))).toBe(true);
    expect(two!.startedAt).not.toBeNull();
    j = await app.call('journal.setNotes', { session: 1, text: 'The party fled the first stair.' });
    expect(j.find((s) => s.session === 1)!.notes).toBe('The party fled the first stair.');
    expect(await app.dispatch('journal.setNotes', { session: 3, text: 'later' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no session 3 yet/) },
    });
    await app.call('history.undo', {});
    expect((await app.call('journal.view', {})).find((s) => s.session === 1)!.notes).toBe('');
    app.close();
  });
});

describe('a waiting level-up (ch.1)', () => {
  it('XP set by hand above the level offers the level-up, with its stat points and the class revealed', async () => {
    const app = await demo();
    const s = (await app.call('campaign.current', {}))!.roster.find((l) => l.name === 'Sable Hartigan')!;
    expect(s).toMatchObject({ level: 1, xp: 33 });
    expect(s.life.level).toMatchObject({ value: 1, due: 2 });
    expect(s.life.xpSources.explain).toBe(
      '0 from gold + 0 from enemies felled + 0 from 0 cleared floors = 0 XP; 33 more set by hand → 33 XP (ch.1)',
    );
    const r = await app.call('lichslayer.levelUp', { id: s.id });
    expect(r.notes.join(' ')).toMatch(
      /reaches level 2: \+2 stat points.*class is revealed: The Bandit, Skill 1 Burgle unlocked/,
    );
    expect(await app.dispatch('lichslayer.levelUp', { id: s.id })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/already level 2/) },
    });
    app.close();
  });
});
