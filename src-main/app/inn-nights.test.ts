// The Inn's events that bear on the night (ch.4, ch.5, ch.8, the starter Inn table): Spoiled stew's
// meal costs half and feeds no one; under Rats in the rafters shelter restores no Sanity; the
// travelling fiddler gives those who ate there a Sanity level more on rest. Through "next day" and
// the Inn's purchases on the demo campaign, the seed setting day 2's event.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

/** The demo on day 2, its Inn event rolled by the seed; `name` buys a meal and shelter; day 2's night follows. */
async function nightAtTheInn(seed: number, name: string) {
  const demo = await openDemo(seed);
  const id = demo.roster.find((l) => l.name === name)!.id;
  await demo.app.call('lichslayer.update', { id, patch: { gold: 500 } });
  const day2 = await demo.app.call('town.nextDay', {});
  const bought = await demo.app.call('town.buy', { id, what: 'both' });
  const before = await demo.me(id);
  const night = await demo.app.call('town.nextDay', {});
  const after = await demo.me(id);
  const line = night.lines.map((l) => l.text).find((t) => t.startsWith(name))!;
  const inn = day2.lines.map((l) => l.text).find((t) => t.startsWith('Inn, day 2'))!;
  return { ...demo, inn, bought: bought.notes, before, after, line };
}

describe('the Inn’s events at night (ch.4, ch.5, ch.8)', () => {
  it('Spoiled stew: Odile pays 18 for the meal, and the night counts her as unfed, her days without a meal going 1 → 2', async () => {
    const r = await nightAtTheInn(39, 'Odile Vantreck');
    expect(r.inn).toContain('Spoiled stew');
    expect(r.bought).toEqual([
      'Odile Vantreck: meal and shelter for 90 gold (ch.4; Spoiled stew today: a meal 18 gold, a meal feeds no one, ch.5)',
    ]);
    expect(r.line).toBe(
      'Odile Vantreck (no meal, sheltered): Spoiled stew: the meal bought today fed no one (Inn event)',
    );
    expect([r.before.life.clock.daysWithoutMeal, r.after.life.clock.daysWithoutMeal]).toEqual([1, 2]);
    r.app.close();
  });

  it('Rats in the rafters: Brother Quillam eats and sleeps at the Inn and stays Strange, the night saying why', async () => {
    const r = await nightAtTheInn(29, 'Brother Quillam');
    expect(r.inn).toContain('Rats in the rafters');
    expect(r.line).toBe(
      'Brother Quillam (ate, sheltered): Rats in the rafters at the Inn: no Sanity recovered (Inn event)',
    );
    expect([r.before.sanity, r.after.sanity, r.after.life.clock.daysWithoutShelter]).toEqual(['strange', 'strange', 0]);
    r.app.close();
  });

  it('the travelling fiddler: Wren eats and rests at the Inn and comes back two levels, Edge → Whole', async () => {
    const r = await nightAtTheInn(7, 'Wren of the Hollow');
    expect(r.inn).toContain('A travelling fiddler');
    expect(r.line).toBe(
      'Wren of the Hollow (ate, sheltered): sheltered and fed within 3 days, 1 level more for A travelling fiddler (Inn event): Edge → Whole (ch.8)',
    );
    expect([r.before.sanity, r.after.sanity]).toEqual(['edge', 'whole']);
    r.app.close();
  });
});
