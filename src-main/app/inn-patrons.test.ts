// What the starter Inn events do to the day's patrons, applied as the night closes the day (ch.4,
// ch.5 by the Inn's event rows): the Brawl's damages or a night in the stocks, the cutpurse's take,
// and Bad news from below on the next Challenge in the Tombs. Through town.buy, town.nextDay and
// challenge.roll on the demo campaign; each seed sets day 2's Inn event.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

/** Day 2 begun under the seed's Inn event; Odile (500 gold) and Quillam (113) buy meal and shelter, Sable (40) a meal. */
async function patronsOfDayTwo(seed: number) {
  const demo = await openDemo(seed);
  const [odile, quillam, sable, wren] = demo.roster.map((l) => l.id) as [number, number, number, number];
  await demo.app.call('lichslayer.update', { id: odile, patch: { gold: 500, sanity: 'edge' } });
  await demo.app.call('lichslayer.update', { id: quillam, patch: { gold: 113, sanity: 'edge' } });
  await demo.app.call('lichslayer.update', { id: sable, patch: { gold: 40 } });
  const inn = (await demo.app.call('town.nextDay', {})).lines.find((l) => l.text.startsWith('Inn, day 2:'))!.text;
  await demo.app.call('town.buy', { id: odile, what: 'both' });
  await demo.app.call('town.buy', { id: quillam, what: 'both' });
  await demo.app.call('town.buy', { id: sable, what: 'meal' });
  const night = (await demo.app.call('town.nextDay', {})).lines.map((l) => l.text);
  const state = async () =>
    Promise.all([odile, quillam, sable, wren].map(async (id) => demo.me(id))).then((all) =>
      all.map((l) => [l.name, l.gold, l.sanity]),
    );
  return { ...demo, odile, inn, night, state };
}

const innEventLines = (night: string[]) => night.filter((t) => t.endsWith('Inn event)'));

describe('the Inn’s events on its patrons (ch.4, ch.5)', () => {
  it('Brawl in the common room: a patron with 12 gold pays it in damages; one short of it spends the night in the stocks and gets no Sanity back', async () => {
    const { app, inn, night, state } = await patronsOfDayTwo(1);
    expect(inn).toMatch(/^Inn, day 2: 2 = 1 on d12 .*: Brawl in the common room — /);
    expect(innEventLines(night)).toEqual([
      'Odile Vantreck pays 12 gold in damages (Brawl in the common room, Inn event)',
      'Brother Quillam holds 5 gold, short of the 12 in damages, and spends the night in the stocks: no Sanity comes back (Brawl in the common room, Inn event)',
      'Sable Hartigan holds 4 gold, short of the 12 in damages, and spends the night in the stocks: no Sanity comes back (Brawl in the common room, Inn event)',
      'Brother Quillam (ate, sheltered): Brawl in the common room: a night in the stocks at the Inn: no Sanity recovered (Inn event)',
    ]);
    // Odile paid and rested (Edge → Strange); Quillam kept his 5 gold and his Edge; Wren bought nothing.
    expect(await state()).toEqual([
      ['Odile Vantreck', 380, 'strange'],
      ['Brother Quillam', 5, 'edge'],
      ['Sable Hartigan', 4, 'whole'],
      ['Wren of the Hollow', 95, 'edge'],
    ]);
    app.close();
  });

  it('Light fingers: the cutpurse picks one of the three patrons on a d3 and takes 1d6 × 6 gold, no more than they hold; the roll is in the ledger', async () => {
    const { app, night, state, inn } = await patronsOfDayTwo(9);
    expect(inn).toMatch(/: Light fingers — /);
    expect(innEventLines(night)).toEqual([
      'A cutpurse takes 4 gold from Sable Hartigan, all Sable Hartigan held (18 = 1d6 [3] × 6 gold; 3 on d3 picks Sable Hartigan of the 3 patrons; Light fingers, Inn event)',
    ]);
    expect((await state()).slice(0, 3)).toEqual([
      ['Odile Vantreck', 392, 'strange'],
      ['Brother Quillam', 5, 'strange'],
      ['Sable Hartigan', 0, 'whole'],
    ]);
    const theft = (await app.call('ledger.list', { character: 'Sable Hartigan' })).find((e) =>
      e.cause.startsWith('Light fingers'),
    )!;
    expect([theft.cause, theft.explain]).toEqual([
      'Light fingers, day 2',
      '18 = 1d6 [3] × 6 gold; 3 on d3 picks Sable Hartigan of the 3 patrons',
    ]);
    app.close();
  });

  it('Bad news from below: each patron takes −1 on the next Challenge in the Tombs only; the second Challenge takes none', async () => {
    const { app, odile, night, inn } = await patronsOfDayTwo(2);
    expect(inn).toMatch(/: Bad news from below — /);
    expect(innEventLines(night)).toEqual([
      'Odile Vantreck: −1 on the next Challenge roll in the Tombs (Bad news from below, Inn event)',
      'Brother Quillam: −1 on the next Challenge roll in the Tombs (Bad news from below, Inn event)',
      'Sable Hartigan: −1 on the next Challenge roll in the Tombs (Bad news from below, Inn event)',
    ]);
    // In the Town the omen waits: a Challenge there takes nothing from it.
    await app.call('dice.setSeed', { seed: 7 });
    const inTown = await app.call('challenge.roll', { lichslayerId: odile, target: 12, cause: 'Haggle' });
    expect(inTown.lines.join(' ')).not.toContain('Bad news');
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    // The Challenge dialog names it before the roll.
    expect((await app.call('challenge.presets', { lichslayerId: odile })).roller.explain).toBe(
      '2d6, Sanity Strange (ch.8) −1; Bad news from below (Inn event) −1',
    );
    await app.call('dice.setSeed', { seed: 7 });
    const first = await app.call('challenge.roll', { lichslayerId: odile, target: 12, cause: 'Climb the shaft' });
    expect(first.lines[0]).toMatch(
      /^Odile Vantreck: Climb the shaft: Odile Vantreck succeeds \(14 = 2d6! \[1, 6\+6\+3\] − 1 \(Sanity Strange \(ch\.8\)\) − 1 \(Bad news from below \(Inn event\)\) vs 12/,
    );
    expect((await app.call('challenge.presets', { lichslayerId: odile })).roller.explain).toBe(
      '2d6, Sanity Strange (ch.8) −1',
    );
    const second = await app.call('challenge.roll', { lichslayerId: odile, target: 12, cause: 'Climb again' });
    expect(second.lines).toEqual([
      'Odile Vantreck: Climb again: Odile Vantreck succeeds (12 = 2d6! [4, 6+3] − 1 (Sanity Strange (ch.8)) vs 12: meets the target (ch.1))',
    ]);
    app.close();
  });
});
