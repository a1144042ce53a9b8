// The Aristocrat's enhanced Retainers and the Witch's enhanced Familiar (ch.2, ch.3), driven through
// the commands a Judge uses, on the demo campaign with fixed seeds.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

const setup = () => openDemo(11);

describe('the Aristocrat (ch.2)', () => {
  it('Retainers enhanced: one chosen Retainer of the Aristocrat needs no pay for one in-game day; one a day; the next day it is paid again', async () => {
    const { app, roster, me } = await setup();
    const q = roster[1]!;
    await app.call('lichslayer.update', { id: q.id, patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4, gold: 1000 } });
    let town = await app.call('retainer.hire', { employer: q.id, name: 'Pell', grade: 'common' });
    town = await app.call('retainer.hire', { employer: q.id, name: 'Quince', grade: 'skilled' });
    const pell = town.state.retainers.find((r) => r.name === 'Pell')!;
    const quince = town.state.retainers.find((r) => r.name === 'Quince')!;
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Retainers', holiday: pell.id })).toMatchObject({
      ok: false,
      error: { message: "Brother Quillam's Retainers skill is not enhanced: only then does a chosen Retainer serve a day without pay (ch.2). Nothing changed." },
    });
    await app.call('skill.points', { id: q.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q.id, action: 'enhance', skill: 'Retainers' });
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Retainers', holiday: 999 })).toMatchObject({
      ok: false,
      error: { message: "Choose one of Brother Quillam's own Retainers: the day without pay is for a Retainer of the Aristocrat's (ch.2). Nothing changed." },
    });
    const day = (await app.call('town.state', {})).day;
    expect((await app.call('skill.use', { id: q.id, skill: 'Retainers', holiday: pell.id })).notes).toEqual([`Brother Quillam excuses Pell from pay for day ${day}: no wage is due at the day's close (ch.2)`]);
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Retainers', holiday: quince.id })).toMatchObject({
      ok: false,
      error: { message: `Pell already needs no pay on day ${day}: one Retainer a day (ch.2). Nothing changed.` },
    });
    await app.call('dice.setSeed', { seed: 5 });
    const report = await app.call('town.nextDay', {});
    expect(report.lines.map((l) => l.text)).toContain("Pell needs no pay today: Brother Quillam's enhanced Retainers waives the 108 gold wage, and loyalty stays standard (ch.2)");
    // Only Quince's 216 was paid.
    expect((await me(q.id)).gold).toBe(1000 - 216);
    expect((await app.call('town.state', {})).state.retainers.map((r) => [r.name, r.loyalty])).toEqual([['Pell', 'standard'], ['Quince', 'standard']]);
    // The next day the waiver has lapsed: both are paid.
    await app.call('town.nextDay', {});
    expect((await me(q.id)).gold).toBe(1000 - 216 - 216 - 108);
    app.close();
  });
});
