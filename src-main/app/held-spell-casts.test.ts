// Casts from elsewhere than the caster's own spells (ch.2): the Scholar's Scrolls, the Lich Doctor's
// Coat, the Witch's stolen spells — driven through skill.use and phase.cast on the demo campaign (a
// real SQLite file), each with a fixed seed and fixed expectations.
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

/** Into a fight on Floor 1 with one enemy that casts (Magic 3); returns whose turn it is. */
async function fight(app: App) {
  const imp = await hexImpOnFloorOne(app);
  const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const current = p.combat!.entrants.find((e) => e.tokenId === p.combat!.currentTokenId)!;
  return { imp, current: { tokenId: current.tokenId, id: current.lichslayerId! } };
}

/** Turns pass until it is this token's turn in this Round (a bounded walk of the turn stack). */
async function turnOf(app: App, tokenId: number, round: number) {
  let p = await app.call('phase.view', {});
  for (let guard = 0; guard < 40 && !(p.combat!.round === round && p.combat!.currentTokenId === tokenId); guard++) {
    p = await app.call('phase.nextTurn', {});
  }
  expect([p.combat!.round, p.combat!.currentTokenId]).toEqual([round, tokenId]);
  return p;
}

const gold = async (app: App, id: number) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!.gold;

describe('casts from a Scroll, the Coat and a stolen spell (ch.2)', () => {
  it('the Doctor’s Coat of Arms stores up to Magic prepared spells of schools the Doctor can use, never One-Thousand Blades, Feast or Omega, one more enhanced; cast from it at half gold', async () => {
    const { app, me } = await openDemo(7);
    const { current } = await fight(app);
    const doc = current.id;
    await app.call('lichslayer.update', {
      id: doc,
      patch: {
        hiddenClass: 'The Lich Doctor',
        skill1: 'Diagnose and Bandage',
        skill2: 'Medicine Bay',
        skill3: 'Doctor’s Coat of Arms',
        level: 6,
        gold: 1800,
      },
    });
    const [lash, mend, blades, hush] = [
      await spell(app, 'Cinder Lash'),
      await spell(app, 'Dawn Mend'),
      await spell(app, 'One-Thousand Blades'),
      await spell(app, 'Grey Hush'),
    ];
    const prep = (s: { table: string; row: number }) =>
      app.dispatch('skill.use', { id: doc, skill: 'Doctor’s Coat of Arms', spell: s });
    expect((await me(doc)).derived.magic.value).toBe(3);
    expect(await prep(blades)).toMatchObject({
      ok: false,
      error: {
        message:
          'The Coat cannot store One-Thousand Blades: never One-Thousand Blades, Feast or Omega (ch.2). Nothing changed.',
      },
    });
    expect(await prep(hush)).toMatchObject({
      ok: false,
      error: {
        message:
          "Odile Vantreck cannot store Grey Hush: Lich's Magic is open to a Lichslayer only when turned or in Full Spectrum (ch.15), or to a Witch whose Oneness inhabits the Phylactery or the Lich (ch.2, ch.16). Nothing changed.",
      },
    });
    expect((await app.call('skill.use', { id: doc, skill: 'Doctor’s Coat of Arms', spell: lash })).notes).toEqual([
      'Odile Vantreck prepares Cinder Lash in the Coat (1 of 3): cast from it at half gold (ch.2)',
    ]);
    await prep(mend);
    await prep(mend);
    expect(await prep(mend)).toMatchObject({
      ok: false,
      error: { message: "Odile Vantreck's Coat holds 3 prepared spells, its most (Magic 3) (ch.2). Nothing changed." },
    });
    // enhanced: one more
    await app.call('skill.points', { id: doc, delta: 1 });
    await app.call('skill.spendPoint', { id: doc, action: 'enhance', skill: 'Doctor’s Coat of Arms' });
    expect((await app.call('skill.use', { id: doc, skill: 'Doctor’s Coat of Arms', spell: mend })).notes).toEqual([
      'Odile Vantreck prepares Dawn Mend in the Coat (4 of 4): cast from it at half gold (ch.2)',
    ]);
    expect(await prep(mend)).toMatchObject({
      ok: false,
      error: {
        message:
          "Odile Vantreck's Coat holds 4 prepared spells, its most (Magic 3 + 1 enhanced) (ch.2). Nothing changed.",
      },
    });
    await app.call('dice.setSeed', { seed: 3 });
    const p = await app.call('phase.cast', { tokenId: current.tokenId, ...lash, coat: true });
    expect(await gold(app, doc)).toBe(1800 - 18);
    expect(p.notices).toEqual([
      'Odile Vantreck casts Cinder Lash from the Coat; the prepared spell is used (ch.2)',
      "Odile Vantreck casts Cinder Lash (On Turn; Cinder Lash: 18 gold; cast from the Doctor's Coat: half of 36 = 18 gold (ch.2))",
      'Cinder Lash (Odile Vantreck) resolves: 2d6 [2, 6] + Magic 3 = 11 (ch.15); Magic 3 at casting (ch.15) — Black damage to one target in the room.',
    ]);
    expect(await app.dispatch('phase.cast', { tokenId: current.tokenId, ...lash, coat: true })).toMatchObject({
      ok: false,
      error: { message: "Odile Vantreck's Coat holds no prepared Cinder Lash (ch.2). Nothing changed." },
    });
    app.close();
  });

  it('Scrolls and Ink: a Scroll of a spell cast or witnessed this session, at most Magic active; anyone casts it once at the Magic it recorded, and it breaks', async () => {
    const { app, me } = await openDemo(7);
    const { current } = await fight(app);
    const scholar = current.id;
    await app.call('lichslayer.update', {
      id: scholar,
      patch: { hiddenClass: 'The Scholar', skill1: 'Identify', skill2: 'Scrolls and Ink', level: 4, gold: 1800 },
    });
    const lash = await spell(app, 'Cinder Lash');
    const write = () => app.dispatch('skill.use', { id: scholar, skill: 'Scrolls and Ink', spell: lash });
    expect(await write()).toMatchObject({
      ok: false,
      error: {
        message:
          'Odile Vantreck has not cast or witnessed Cinder Lash this session: a Scroll records only such a spell (ch.2). Nothing changed.',
      },
    });
    await app.call('dice.setSeed', { seed: 3 });
    await app.call('phase.cast', { tokenId: current.tokenId, ...lash });
    expect((await me(scholar)).derived.magic.value).toBe(2);
    expect(await write()).toMatchObject({
      ok: true,
      value: {
        notes: ['Odile Vantreck writes a Scroll of Cinder Lash at Magic 2 (Scroll 1); anyone may cast it once (ch.2)'],
      },
    });
    expect(await write()).toMatchObject({
      ok: true,
      value: {
        notes: ['Odile Vantreck writes a Scroll of Cinder Lash at Magic 2 (Scroll 2); anyone may cast it once (ch.2)'],
      },
    });
    expect(await write()).toMatchObject({
      ok: false,
      error: {
        message:
          'Odile Vantreck holds 2 active Scrolls and has Magic 2: at most Magic active Scrolls (ch.2). Nothing changed.',
      },
    });
    // Brother Quillam (Magic 0) reads Scroll 1 on his turn: he pays the gold, it casts at Odile's recorded Magic 2
    await turnOf(app, 2, 1);
    expect([await gold(app, 2), (await me(2)).derived.magic.value]).toEqual([260, 0]);
    await app.call('dice.setSeed', { seed: 3 });
    const p = await app.call('phase.cast', { tokenId: 2, ...lash, scroll: 1 });
    expect(p.notices).toEqual([
      "Brother Quillam reads Odile Vantreck's Scroll of Cinder Lash: cast at Magic 2; the Scroll breaks (ch.2)",
      'Brother Quillam casts Cinder Lash (On Turn; Cinder Lash: 36 gold; from a Scroll: no components, whatever the user’s colour (ch.2, ch.15))',
      "Cinder Lash (Brother Quillam) resolves: 2d6 [2, 6] + Magic 2 = 10 (ch.15); M 2, the Magic Odile Vantreck's Scroll recorded (ch.2) — Black damage to one target in the room.",
    ]);
    expect(await gold(app, 2)).toBe(224);
    // it broke: Sable cannot read it again; one Scroll is left active, so Odile writes another
    await turnOf(app, 3, 1);
    expect(await app.dispatch('phase.cast', { tokenId: 3, ...lash, scroll: 1 })).toMatchObject({
      ok: false,
      error: { message: 'There is no active Scroll 1: a Scroll breaks on use (ch.2). Nothing changed.' },
    });
    expect(await write()).toMatchObject({
      ok: true,
      value: {
        notes: ['Odile Vantreck writes a Scroll of Cinder Lash at Magic 2 (Scroll 3); anyone may cast it once (ch.2)'],
      },
    });
    app.close();
  });

  it('Counter Magic success steals the spell: the Witch casts it free on her next turn at the caster’s Magic; enhanced, held up to 3 Rounds', async () => {
    const { app } = await openDemo(7);
    const { imp } = await fight(app);
    const wren = 4;
    await app.call('lichslayer.update', {
      id: wren,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', skill3: 'Counter Magic', level: 6 },
    });
    const lash = await spell(app, 'Cinder Lash');
    const counter = async (seed: number) => {
      await app.call('dice.setSeed', { seed });
      return (await app.call('challenge.roll', { lichslayerId: wren, preset: `counter-magic:${imp.id}` })).challenge;
    };
    const steal = () => app.dispatch('skill.use', { id: wren, skill: 'Counter Magic', spell: lash, tokenId: imp.id });
    await turnOf(app, imp.id, 1);
    // the Imp declares Cinder Lash: no theft before a Counter Magic success
    expect(await steal()).toMatchObject({
      ok: false,
      error: {
        message:
          'Wren of the Hollow steals a spell only on a successful Counter Magic Challenge against Hex Imp, rolled just before (challenge.roll, counter-magic) and not used yet (ch.2). Nothing changed.',
      },
    });
    expect(await counter(5)).toEqual({ total: 24, target: 9, success: true });
    expect(await steal()).toMatchObject({
      ok: true,
      value: {
        notes: [
          'Wren of the Hollow steals Cinder Lash from Hex Imp: it does not resolve for Hex Imp; Wren of the Hollow casts it free at Magic 3 on her next turn (by Round 2) (ch.2)',
        ],
      },
    });
    expect(await steal()).toMatchObject({
      ok: false,
      error: {
        message:
          'Wren of the Hollow steals a spell only on a successful Counter Magic Challenge against Hex Imp, rolled just before (challenge.roll, counter-magic) and not used yet (ch.2). Nothing changed.',
      },
    });
    // her next turn: free, at the Imp's Magic 3
    await turnOf(app, 4, 2);
    const before = await gold(app, wren);
    await app.call('dice.setSeed', { seed: 3 });
    const p = await app.call('phase.cast', { tokenId: 4, ...lash, stolen: true });
    expect(p.notices).toEqual([
      'Wren of the Hollow casts Cinder Lash, stolen from Hex Imp, at Magic 3 (ch.2)',
      'Wren of the Hollow casts Cinder Lash (On Turn; Cinder Lash: 0 gold; stolen by Counter Magic: no gold, no Sanity (ch.2))',
      "Cinder Lash (Wren of the Hollow) resolves: 2d6 [2, 6] + Magic 3 = 11 (ch.15); M 3, Hex Imp's Magic: the spell was stolen (ch.2) — Black damage to one target in the room.",
    ]);
    expect(await gold(app, wren)).toBe(before);
    // stolen in Round 2 and not cast by Round 3: it lapses
    await turnOf(app, imp.id, 2);
    expect(await counter(6)).toEqual({ total: 22, target: 9, success: true });
    expect(await steal()).toMatchObject({
      ok: true,
      value: {
        notes: [
          'Wren of the Hollow steals Cinder Lash from Hex Imp: it does not resolve for Hex Imp; Wren of the Hollow casts it free at Magic 3 on her next turn (by Round 3) (ch.2)',
        ],
      },
    });
    await turnOf(app, 4, 4);
    expect(await app.dispatch('phase.cast', { tokenId: 4, ...lash, stolen: true })).toMatchObject({
      ok: false,
      error: { message: 'Cinder Lash, stolen from Hex Imp in Round 2, lapsed after Round 3 (ch.2). Nothing changed.' },
    });
    // enhanced: held up to 3 Rounds
    await app.call('skill.points', { id: wren, delta: 1 });
    await app.call('skill.spendPoint', { id: wren, action: 'enhance', skill: 'Counter Magic' });
    await turnOf(app, imp.id, 4);
    expect(await counter(7)).toEqual({ total: 32, target: 9, success: true });
    expect(await steal()).toMatchObject({
      ok: true,
      value: {
        notes: [
          'Wren of the Hollow steals Cinder Lash from Hex Imp: it does not resolve for Hex Imp; Wren of the Hollow casts it free at Magic 3 within 3 Rounds (until Round 7; Counter Magic enhanced) (ch.2)',
        ],
      },
    });
    await turnOf(app, 4, 6);
    await app.call('dice.setSeed', { seed: 3 });
    expect((await app.call('phase.cast', { tokenId: 4, ...lash, stolen: true })).notices![0]).toBe(
      'Wren of the Hollow casts Cinder Lash, stolen from Hex Imp, at Magic 3 (ch.2)',
    );
    expect(await app.dispatch('phase.cast', { tokenId: 4, ...lash, stolen: true })).toMatchObject({
      ok: false,
      error: { message: 'Wren of the Hollow holds no stolen Cinder Lash (ch.2). Nothing changed.' },
    });
    app.close();
  });
});
