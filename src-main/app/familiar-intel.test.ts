// The Familiar on the board (rulebook ch.3): one piece of intelligence per Round about its own room or
// one beside it, and no second Familiar summoned mid-floor. Through the commands a Judge uses.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const place = (app: App, name: string, witch: number) =>
  app.dispatch('board.addToken', {
    kind: 'familiar',
    name,
    colour: 'Black',
    floor: 1,
    x: 2,
    y: 0,
    health: 6,
    armor: 0,
    witch,
  });

async function witchOnFloorOne(seed: number) {
  const { app, roster } = await openDemo(seed);
  const wren = roster[3]!;
  await app.call('lichslayer.update', {
    id: wren.id,
    patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', level: 4 },
  });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  return { app, wren };
}

describe('the Familiar (ch.3)', () => {
  it('ch.3: the Familiar tells of one room beside it, once per Round; a room two away is refused', async () => {
    const { app, wren } = await witchOnFloorOne(21);
    expect(await place(app, 'Grave moth', wren.id)).toMatchObject({ ok: true });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 1, patch: { type: 'chamber', name: 'Ash Hall' } });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Bone Rat',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
      health: 3,
      armor: 0,
    });
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(await app.dispatch('skill.use', { id: wren.id, skill: 'Familiar', rooms: [{ x: 2, y: 2 }] })).toMatchObject({
      ok: false,
      error: {
        message: 'Grave moth tells of its own room or one beside it: (3,3) is 2 rooms away (ch.3). Nothing changed.',
      },
    });
    const told = await app.call('skill.use', { id: wren.id, skill: 'Familiar', rooms: [{ x: 2, y: 1 }] });
    expect(told.notes).toEqual([
      "Grave moth, Wren of the Hollow's Familiar, tells of F1 (3,2): Ash Hall (chamber); waiting there: Bone Rat (ch.3)",
    ]);
    expect(await app.dispatch('skill.use', { id: wren.id, skill: 'Familiar', rooms: [{ x: 2, y: 0 }] })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/once per Round/) },
    });
    app.close();
  });

  it('ch.3: a second Familiar placed by hand for the same Witch on the same floor is refused, even after the first is defeated', async () => {
    const { app, wren } = await witchOnFloorOne(21);
    const first = await place(app, 'Grave moth', wren.id);
    expect(first).toMatchObject({ ok: true });
    const moth = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Grave moth')!;
    await app.call('board.updateToken', { id: moth.id, patch: { defeated: true } });
    expect(await place(app, 'Bone rat', wren.id)).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message:
          "Wren of the Hollow's Familiar Grave moth was summoned on Floor 1 already: a Familiar cannot be summoned again mid-floor (ch.3). Bone rat was not added.",
      },
    });
    app.close();
  });
});
