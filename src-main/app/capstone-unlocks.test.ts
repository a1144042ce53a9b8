// The Witch's and the Veteran's capstones unlock by what the app counts (ch.2), through challenge.roll
// and skill.use on the demo campaign with fixed seeds: Oneness after Counter Magic has stolen spells
// of three different schools (a special ability countered counts none), Rally after three falls to 0
// Health a Maneuver prevented.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';
import { hexImpOnFloorOne } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

async function spell(app: App, label: string) {
  for (const t of (await app.call('tables.list', {})).filter((x) => x.category === 'spell')) {
    const row = (await app.call('tables.get', { key: t.key })).table.rows.findIndex((r) => r.label === label);
    if (row >= 0) return { table: t.key, row };
  }
  throw new Error(`no spell ${label}`);
}

const person = async (app: App, id: number) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;

/** Turns pass until it is this token's turn in this Round (a bounded walk of the turn stack). */
async function turnOf(app: App, tokenId: number, round: number) {
  let p = await app.call('phase.view', {});
  for (let guard = 0; guard < 40 && !(p.combat!.round === round && p.combat!.currentTokenId === tokenId); guard++) {
    p = await app.call('phase.nextTurn', {});
  }
  expect([p.combat!.round, p.combat!.currentTokenId]).toEqual([round, tokenId]);
}

describe('capstones the app counts (ch.2)', () => {
  it('Oneness unlocks once Counter Magic has stolen spells of three different schools — a second Demon spell does not count again', async () => {
    const { app } = await openDemo(7);
    const imp = await hexImpOnFloorOne(app);
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const wren = 4;
    await app.call('lichslayer.update', {
      id: wren,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', skill3: 'Counter Magic', level: 6 },
    });
    await turnOf(app, imp.id, 1);
    const stealWith = async (seed: number, label: string) => {
      await app.call('dice.setSeed', { seed });
      expect(
        (await app.call('challenge.roll', { lichslayerId: wren, preset: `counter-magic:${imp.id}` })).challenge!
          .success,
      ).toBe(true);
      return (
        await app.call('skill.use', {
          id: wren,
          skill: 'Counter Magic',
          spell: await spell(app, label),
          tokenId: imp.id,
        })
      ).notes;
    };
    await stealWith(5, 'Cinder Lash');
    await stealWith(6, 'Pact of Blood');
    expect((await person(app, wren)).life.capstone).toMatchObject({
      capstone: 'Oneness',
      have: 1,
      need: 3,
      explain: '1 of 3 spell schools Counter Magicked (Demon Magic) (ch.2)',
    });
    await stealWith(7, 'Reorder');
    expect((await person(app, wren)).capstone).toBe('');
    const notes = await stealWith(5, 'Dawn Mend');
    expect(notes).toContain(
      "Wren of the Hollow's capstone condition is met (Counter Magic has stolen spells of 3 of 3 different schools (ch.2)): Oneness unlocks (ch.2)",
    );
    expect((await person(app, wren)).capstone).toBe('Oneness');
    app.close();
  });

  it('ch.2: Counter Magic answers a declared special ability too — on a success it does not resolve, one success one counter, and no school counts toward Oneness', async () => {
    const { app } = await openDemo(7);
    const imp = await hexImpOnFloorOne(app);
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const wren = 4;
    await app.call('lichslayer.update', {
      id: wren,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', skill3: 'Counter Magic', level: 6 },
    });
    await turnOf(app, imp.id, 1);
    const answer = () =>
      app.dispatch('skill.use', { id: wren, skill: 'Counter Magic', ability: 'Howl of Dread', tokenId: imp.id });
    const refused =
      'Wren of the Hollow counters a special ability only on a successful Counter Magic Challenge against Hex Imp, rolled just before (challenge.roll, counter-magic) and not used yet (ch.2). Nothing changed.';
    expect(await answer()).toMatchObject({ ok: false, error: { message: refused } });
    await app.call('dice.setSeed', { seed: 5 });
    // target 9 = the Imp's Magic 3 × 3
    expect(
      (await app.call('challenge.roll', { lichslayerId: wren, preset: `counter-magic:${imp.id}` })).challenge,
    ).toEqual({ total: 24, target: 9, success: true });
    expect(await answer()).toMatchObject({
      ok: true,
      value: {
        notes: [
          "Wren of the Hollow counters Hex Imp's Howl of Dread: it does not resolve; an ability is not a spell, so there is nothing to cast in its place (ch.2)",
        ],
      },
    });
    expect(await answer()).toMatchObject({ ok: false, error: { message: refused } });
    expect((await app.call('phase.spellbook', { tokenId: 4 })).held).toEqual([]);
    expect((await person(app, wren)).life.capstone).toMatchObject({ capstone: 'Oneness', have: 0 });
    app.close();
  });

  it('Rally unlocks once the Veteran’s Maneuver has kept a party member from reaching 0 Health three times; a Maneuver without an ally is not counted', async () => {
    const { app, roster } = await openDemo(11);
    const [o, q] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: { hiddenClass: 'The Veteran', skill1: 'Recall', skill2: 'Worn Armor', skill3: 'Maneuver', level: 6 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
      await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
    for (const x of [1, 3])
      await app.call('board.setRoom', {
        floor: 1,
        x,
        y: 0,
        revealed: true,
        patch: { type: 'chamber', name: `Side Room ${x}` },
      });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Grave Hound',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
      health: 20,
      armor: 0,
    });
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const tokenOf = (id: number) =>
      app.call('board.view', { floor: 1 }).then((b) => b.tokens.find((t) => t.lichslayerId === id)!.id);
    const odile = await tokenOf(o!.id);
    expect(
      await app.dispatch('skill.use', { id: q!.id, skill: 'Maneuver', rooms: [{ x: 1, y: 0 }], prevented: true }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          "Name the ally Brother Quillam's Maneuver kept from 0 Health (tokenId): Rally counts a party member's fall prevented (ch.2). Nothing changed.",
      },
    });
    const saved: string[][] = [];
    for (const [round, x] of [
      [1, 1],
      [2, 2],
      [3, 3],
    ] as const) {
      if (round > 1) await turnOf(app, odile, round);
      const r = await app.call('skill.use', {
        id: q!.id,
        skill: 'Maneuver',
        tokenId: odile,
        rooms: [{ x, y: 0 }],
        prevented: true,
      });
      saved.push(r.notes.filter((n) => /0 Health|capstone/.test(n)));
    }
    expect(saved).toEqual([
      ['Brother Quillam kept Odile Vantreck from reaching 0 Health: 1 of 3 falls to 0 Health prevented (ch.2)'],
      ['Brother Quillam kept Odile Vantreck from reaching 0 Health: 2 of 3 falls to 0 Health prevented (ch.2)'],
      [
        'Brother Quillam kept Odile Vantreck from reaching 0 Health: 3 of 3 falls to 0 Health prevented (ch.2)',
        "Brother Quillam's capstone condition is met (3 of 3 falls to 0 Health prevented (ch.2)): Rally unlocks (ch.2)",
      ],
    ]);
    expect((await person(app, q!.id)).capstone).toBe('Rally');
    app.close();
  });
});
