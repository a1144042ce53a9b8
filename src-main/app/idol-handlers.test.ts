// Idols by the book (ch.6, with ch.5's Attention), through the commands on a real campaign file:
// Vanity and its stacked consequences, the Crown, the Memorial exception, a Great Idol's Rare loot,
// the boons of proper inscriptions, destruction and what it leaves behind.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];
const stage = async (app: App) => (await app.call('phase.view', {})).attention.stage;
const days = async (app: App, n: number) => {
  let last = null;
  for (let d = 0; d < n; d++) last = await app.call('town.nextDay', {});
  return last!;
};
const texts = (r: { lines: { text: string }[] }) => r.lines.map((l) => l.text);

describe('Vanity and the Lich’s Attention (ch.6, ch.5)', () => {
  it('6.36: a Vanity stage that falls (an Idol destroyed) raises nothing — the Attention stays where it is', async () => {
    const { app, roster } = await openDemo(51);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 20000 } });
    // two Tier 2 Vanity Idols: Vanity stage 3 (ch.6), the Attention's Stage 3 at the weekly check (ch.5)
    const t = await app.call('idol.commission', {
      payer: s.id,
      tier: 2,
      inscription: null,
      selfIdol: false,
      subject: 'a patron',
    });
    await app.call('idol.commission', { payer: s.id, tier: 2, inscription: null, selfIdol: false, subject: 'a rival' });
    const week2 = await days(app, 7);
    expect(texts(week2)).toContain('Vanity stage 0 → 3 (ch.6)');
    expect(await stage(app)).toBe(3);
    await app.call('phase.attention', { event: { type: 'RESOLVED', deed: 'narrative' } });
    expect(await stage(app)).toBe(2);
    const gold = async () => (await app.call('campaign.current', {}))!.roster.find((l) => l.id === s.id)!.gold;
    const before = await gold();
    await app.call('idol.destroy', { idol: t.state.idols[0]!.id, payer: s.id });
    // 6.48: a Tier 2 Idol costs 500 gold to destroy.
    expect(await gold()).toBe(before - 500);
    const week3 = await days(app, 7);
    // 6.40: at Vanity stage 2 the whole party rolls the weekly Sanity Challenge, target 12.
    const tolls = texts(week3).filter((t) => t.startsWith("A Vanity Idol's weekly toll, week 3 (ch.6): "));
    expect(tolls.map((t) => / \(ch\.6\): (.+?) fails /.exec(t)?.[1])).toEqual([
      'Odile Vantreck',
      'Brother Quillam',
      'Sable Hartigan',
      'Wren of the Hollow',
    ]);
    expect(tolls.filter((t) => t.includes(' vs 12: '))).toHaveLength(4);
    expect(texts(week3)).toContain(
      "Vanity stage 3 → 2: the consequences of the Idols destroyed cease; the Lich's Attention does not fall with them (ch.6)",
    );
    expect(await stage(app)).toBe(2);
    app.close();
  });

  it('6.51: a properly inscribed Idol destroyed blesses its destroyer with +1 to a Rating of their choice: one stat point, spent on Power; an uninscribed one blesses no one', async () => {
    const { app, roster, me } = await openDemo(52);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 2000 } });
    const commission = (inscription: 'elemental-sigil' | null, subject: string) =>
      app.call('idol.commission', { payer: s.id, tier: 1, inscription, selfIdol: false, subject });
    await commission('elemental-sigil', 'the Warden');
    const t = await commission(null, 'a rival');
    const [inscribed, bare] = t.state.idols;
    await app.call('idol.destroy', { idol: inscribed!.id, payer: s.id });
    await app.call('idol.destroy', { idol: bare!.id, payer: s.id });
    expect((await me(s.id)).life.statPoints).toBe(0);
    const day = texts(await app.call('town.nextDay', {})).filter((x) => x.includes('is destroyed'));
    expect(day).toEqual([
      "The Tier 1 Idol of the Warden is destroyed; its inscription's entity blesses Sable Hartigan: +1 to a Rating of their choice, a stat point to spend on the Gauntlet (ch.6)",
      'The Tier 1 Idol of a rival is destroyed (ch.6)',
    ]);
    const blessed = await me(s.id);
    expect(blessed.life.statPoints).toBe(1);
    await app.call('lichslayer.spendPoint', { id: s.id, stat: 'power' });
    expect([(await me(s.id)).power, (await me(s.id)).life.statPoints]).toEqual([blessed.power + 1, 0]);
    app.close();
  });

  it('5.62: at Stage 3 the last Vanity Idol destroyed brings the Attention to Stage 2', async () => {
    const { app, roster } = await openDemo(52);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 2000 } });
    const t = await app.call('idol.commission', {
      payer: s.id,
      tier: 1,
      inscription: null,
      selfIdol: false,
      subject: 'a horse',
    });
    await app.call('town.nextDay', {});
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 3 } });
    await app.call('idol.destroy', { idol: t.state.idols[0]!.id, payer: s.id });
    const r = await app.call('town.nextDay', {});
    expect(texts(r)).toContain("Lich's Attention: Stage 3 → 2 — vanity idols destroyed: Stage 3 → 2 (ch.5)");
    app.close();
  });

  it('6.25, 6.52, 5.49: the Crown is crafted only at Lost; applied, it brings Stage 4 at once; its Idol may be destroyed, the corruption stays', async () => {
    const { app, roster } = await openDemo(53);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 3000 } });
    const crown = {
      payer: s.id,
      tier: 1 as const,
      inscription: 'lich-crown' as const,
      selfIdol: true,
      subject: 'Sable',
    };
    expect(await app.dispatch('idol.commission', crown)).toMatchObject({
      ok: false,
      error: { message: "The Lich's Crown is crafted only by a character at Lost Sanity (ch.6). Nothing changed." },
    });
    await app.call('lichslayer.update', { id: s.id, patch: { sanity: 'lost' } });
    const t = await app.call('idol.commission', crown);
    expect(await stage(app)).toBe(4);
    await app.call('idol.destroy', { idol: t.state.idols[0]!.id, payer: s.id });
    await app.call('town.nextDay', {});
    const after = await app.call('town.state', {});
    expect(after.state.idols[0]!.destroyed).toBe(true);
    expect(after.vanity.stage).toBe(4);
    expect(await stage(app)).toBe(4);
    app.close();
  });

  it('6.29: a Memorial of the Self stops being Vanity once its dedicator is dead', async () => {
    const { app, roster } = await openDemo(54);
    const [o, , s] = roster;
    await app.call('lichslayer.update', { id: s!.id, patch: { gold: 2000 } });
    await app.call('idol.commission', {
      payer: s!.id,
      dedicator: o!.id,
      tier: 1,
      inscription: 'celestial-mark',
      selfIdol: true,
      memorial: true,
      subject: 'Odile',
    });
    await app.call('town.nextDay', {});
    expect((await app.call('town.state', {})).vanity.stage).toBe(1);
    await app.call('lichslayer.delete', { id: o!.id });
    expect((await app.call('town.state', {})).vanity.stage).toBe(0);
    app.close();
  });

  it('6.03: a Great Idol needs one Rare loot item, taken from the payer’s inventory; a Common one is refused', async () => {
    const { app, roster, me } = await openDemo(55);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 20000 } });
    const great = { payer: s.id, tier: 3 as const, inscription: null, selfIdol: false, subject: 'the Town' };
    expect(await app.dispatch('idol.commission', great)).toMatchObject({
      ok: false,
      error: {
        message:
          'A Great Idol needs one Rare loot item as raw material, consumed on completion (ch.6). Nothing changed.',
      },
    });
    expect(await app.dispatch('idol.commission', { ...great, rareItem: 'Cinder Compass' })).toMatchObject({
      ok: false,
      error: { message: 'Cinder Compass is not Rare loot on any loot table (ch.6, ch.13). Nothing changed.' },
    });
    await app.call('lichslayer.setInventory', { id: s.id, stacks: [{ name: 'Verdant Rope', count: 1 }] });
    await app.call('idol.commission', { ...great, rareItem: 'Verdant Rope' });
    const after = await me(s.id);
    expect(after.gold).toBe(20000 - 15000);
    expect(after.inventory).toEqual([]);
    app.close();
  });
});

describe('Vanity consequences, stacked (ch.6)', () => {
  it('stage 1: the dedicator rolls a Sanity Challenge (target 6) each morning, and the survival clock bites a day sooner', async () => {
    const { app, roster, me } = await openDemo(56);
    const [o, , s] = roster;
    await app.call('lichslayer.update', { id: s!.id, patch: { gold: 2000 } });
    await app.call('idol.commission', {
      payer: s!.id,
      dedicator: o!.id,
      tier: 1,
      inscription: null,
      selfIdol: false,
      subject: 'a hound',
    });
    const first = await app.call('town.nextDay', {});
    expect(
      texts(first).filter((t) =>
        t.startsWith("A Vanity Idol's dedicator at the start of day 2 (ch.6): Odile Vantreck"),
      ),
    ).toHaveLength(1);
    await days(app, 2);
    // three days unfed: day 3 counts as day 4 for the dedicator, −1 to all rolls (ch.4)
    expect((await me(o!.id)).life.penalties).toContainEqual({
      source: 'Hunger, day 3 (a day sooner: Vanity stage 1, ch.6) (ch.4)',
      value: -1,
    });
    expect((await me(roster[1]!.id)).life.penalties.some((p) => p.source.startsWith('Hunger'))).toBe(false);
    app.close();
  });

  it('6.38: stage 2 gives the Inn +1 chance of negative events for 7 days — the d12 takes −1 (house rule vanityInnShift) on days 9 to 15, not on day 16', async () => {
    const { app, roster } = await openDemo(51);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 20000 } });
    await app.call('idol.commission', {
      payer: s.id,
      tier: 2,
      inscription: null,
      selfIdol: false,
      subject: 'a patron',
    });
    expect(texts(await days(app, 7))).toContain('Vanity stage 0 → 2 (ch.6)');
    const shifted: boolean[] = [];
    for (let d = 9; d <= 16; d++) {
      const inn = texts(await app.call('town.nextDay', {})).find((t) => t.startsWith(`Inn, day ${d}: `))!;
      shifted.push(inn.includes(' − 1 (A Vanity Idol of stage 2, for 7 days (ch.6, house rule))'));
    }
    expect(shifted).toEqual([true, true, true, true, true, true, true, false]);
    app.close();
  });
});

describe('boons of properly inscribed Idols (ch.6)', () => {
  it('the Celestial Mark on a Square Idol: the Town heals 36 Health a day, and the party’s Sanity is restored once a week', async () => {
    const { app, roster, me } = await openDemo(57);
    const [o, , s] = roster;
    await app.call('lichslayer.update', { id: s!.id, patch: { gold: 6000 } });
    await app.call('lichslayer.update', { id: o!.id, patch: { maxHealth: 60, health: 1, sanity: 'paranoid' } });
    await app.call('idol.commission', {
      payer: s!.id,
      tier: 2,
      inscription: 'celestial-mark',
      selfIdol: false,
      subject: 'the Warden',
    });
    // fed each day, so hunger takes no maximum Health (ch.4); no shelter, so no rest heals her (ch.8)
    const fedDay = async () => {
      await app.call('town.buy', { id: o!.id, what: 'meal' });
      return app.call('town.nextDay', {});
    };
    for (let d = 0; d < 3; d++) await fedDay();
    expect((await me(o!.id)).health).toBe(1);
    const day4 = await fedDay();
    // Her night's line, after what the day's Inn event cost her as a patron.
    expect(texts(day4).find((t) => t.startsWith('Odile Vantreck ('))).toMatch(
      /the Celestial Mark heals 36 Health \(ch\.6\)/,
    );
    expect((await me(o!.id)).health).toBe(37);
    const day7 = await days(app, 3);
    expect(texts(day7)).toContain('Odile Vantreck: the Celestial Mark restores full Sanity, Paranoid → Whole (ch.6)');
    app.close();
  });

  it("the Unbound's Sign doubles the dedicator's Sanity recovery at the Inn; the Elemental Sigil fixes their Smith prices at base", async () => {
    const { app, roster, me } = await openDemo(58);
    const [o, , s] = roster;
    await app.call('lichslayer.update', { id: s!.id, patch: { gold: 5000 } });
    await app.call('idol.commission', {
      payer: s!.id,
      dedicator: o!.id,
      tier: 1,
      inscription: 'unbound-sign',
      selfIdol: false,
      subject: 'the Unbound',
    });
    await app.call('idol.commission', {
      payer: s!.id,
      dedicator: o!.id,
      tier: 1,
      inscription: 'elemental-sigil',
      selfIdol: false,
      subject: 'the Earth',
    });
    await app.call('town.nextDay', {});
    await app.call('lichslayer.update', { id: o!.id, patch: { sanity: 'paranoid', armor: 0, gold: 1000 } });
    await app.call('town.buy', { id: o!.id, what: 'both' });
    await app.call('town.nextDay', {});
    expect((await me(o!.id)).sanity).toBe('strange');
    // every colour at base: 36 gold a point whatever the Gear's colour and the disposition (ch.4, ch.6)
    const gold = (await me(o!.id)).gold;
    await app.call('smith.repairArmor', { id: o!.id, points: 2 });
    expect(gold - (await me(o!.id)).gold).toBe(72);
    app.close();
  });

  it("the Giver's Mark: a Banquet for 300 gold instead of 500", async () => {
    const { app, roster, me } = await openDemo(59);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 1500 } });
    await app.call('idol.commission', {
      payer: s.id,
      tier: 1,
      inscription: 'givers-mark',
      selfIdol: false,
      subject: 'the Giver',
    });
    await app.call('town.nextDay', {});
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 2 } });
    const before = (await me(s.id)).gold;
    await app.call('town.banquet', { payer: s.id });
    expect(before - (await me(s.id)).gold).toBe(300);
    app.close();
  });
});
