// Stage 4 of the Lich's Attention and Sanity (rulebook ch.5): the book names no shift for it, so the
// house rule does (default +6, Stage 3's, everywhere). Through challenge.roll, with the Judge's total.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

describe('the Stage 4 Sanity shift (ch.5, house rule)', () => {
  it('ch.5: at Stage 4 a Sanity Challenge of 12 needs 18 by default; the house rule set to 0 leaves 12', async () => {
    const { app, roster } = await openDemo(33);
    await app.call('phase.attention', { event: { type: 'CROWN' } });
    const odile = roster[0]!;
    const call = (total: number) =>
      app.call('challenge.roll', { lichslayerId: odile.id, target: 12, sanity: true, cause: 'A vision', total });
    expect((await call(16)).lines).toEqual([
      "Odile Vantreck: A vision: Odile Vantreck fails (16, the Judge's call (set by hand instead of the roll) vs 18: short of the target) and drops to Strange (ch.8)",
    ]);
    await app.call('houseRules.update', { patch: { stageFourSanityShift: 0 } });
    expect((await call(12)).lines).toEqual([
      "Odile Vantreck: A vision: Odile Vantreck holds (12, the Judge's call (set by hand instead of the roll) vs 12: meets the target)",
    ]);
    app.close();
  });
});
