// Casting by the book, through phase.cast on a real campaign file: ×N components chosen at the cast
// (ch.13), the Magic at the time of casting (ch.15), Mono-Color Blue (ch.14, ch.15), the Giver's
// Recipes and the Forest path (ch.17), the spirits' tables and One-Thousand Blades (ch.15).
import { describe, expect, it } from 'vitest';
import type { SpellFields } from '@shared/tables.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { addEnemy } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

async function demo(seed = 7) {
  const { app } = await openDemo(seed);
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  return app;
}
const roster = async (app: App) => (await app.call('campaign.current', {}))!.roster;
const person = async (app: App, id: number) => (await roster(app)).find((l) => l.id === id)!;

/** Into a fight on Floor 1 with one enemy; returns the entrant whose turn it is (a Lichslayer). */
async function fight(app: App) {
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(app, { name: 'Grey Hound', health: 6 });
  const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const caster = p.combat!.entrants.find((e) => e.tokenId === p.combat!.currentTokenId)!;
  return { tokenId: caster.tokenId, id: caster.lichslayerId!, name: caster.name };
}

async function spell(app: App, label: string) {
  for (const t of (await app.call('tables.list', {})).filter((x) => x.category === 'spell')) {
    const view = await app.call('tables.get', { key: t.key });
    const row = view.table.rows.findIndex((r) => r.label === label);
    if (row >= 0) return { table: t.key, row };
  }
  throw new Error(`no spell ${label}`);
}

/** The Judge edits a spell row's fields in its table. */
async function editSpell(app: App, label: string, patch: Partial<SpellFields>) {
  const at = await spell(app, label);
  const row = (await app.call('tables.get', { key: at.table })).table.rows[at.row]!;
  await app.call('tables.setRow', {
    key: at.table,
    index: at.row,
    row: { ...row, spell: { ...row.spell!, ...patch } },
  });
  return at;
}

/** Every slot emptied, so the test decides what is equipped. */
async function bare(app: App, id: number) {
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
    await app.call('lichslayer.setItem', { id, slot, item: null });
}

/** ch.15: a Demon spell asks for Black loot equipped (house rule: one item is enough). */
const blackGear = (app: App, id: number) =>
  app.call('lichslayer.setItem', { id, slot: 'gear', item: { name: 'Soot Axe', colour: 'Black' } });

const resolution = (notices: readonly string[] | undefined, label: string) =>
  notices!.find((n) => n.startsWith(`${label} (`) && n.includes('resolves'))!;

describe('×N components, chosen at the moment of casting (ch.13)', () => {
  it('with no choice made, the cast asks; “all at once” resolves ×3 castings as one and consumes the item', async () => {
    const app = await demo();
    const lash = await editSpell(app, 'Cinder Lash', { component: 'Bone Feather' }); // "Component for any school's spells (×3)"
    const c = await fight(app);
    await bare(app, c.id);
    await blackGear(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 700 } }); // Magic 1 (700 ÷ 600)
    await app.call('lichslayer.setItem', {
      id: c.id,
      slot: 'loot1',
      item: { name: 'Bone Feather', colour: 'Colourless', notes: "Component for any school's spells (×3)." },
    });
    const book = await app.call('phase.spellbook', { tokenId: c.tokenId });
    const entry = book.schools.flatMap((s) => s.spells).find((s) => s.label === 'Cinder Lash')!;
    expect(entry).toMatchObject({ allowed: true, needs: { choice: { item: 'Bone Feather', times: 3 } } });
    const before = await person(app, c.id);
    expect(await app.dispatch('phase.cast', { tokenId: c.tokenId, ...lash })).toMatchObject({
      ok: false,
      error: {
        message:
          'Bone Feather is ×3: choose now to release all 3 in one casting or to cast singly (ch.13). Nothing changed.',
      },
    });
    expect(await person(app, c.id)).toEqual(before);
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...lash, componentChoice: 'all-at-once' });
    const line = resolution(p.notices, 'Cinder Lash');
    // three castings of 2d6 + Magic 1, resolved as one
    expect(line).toMatch(
      /^Cinder Lash \(.+\) resolves ×3 at once \(ch\.13\): 2d6 \[(\d), (\d)\] \+ Magic 1; 2d6 \[(\d), (\d)\] \+ Magic 1; 2d6 \[(\d), (\d)\] \+ Magic 1 = (\d+) \(ch\.15\)/,
    );
    const faces = /\[(\d), (\d)\].*\[(\d), (\d)\].*\[(\d), (\d)\].* = (\d+) \(ch\.15\)/
      .exec(line)!
      .slice(1)
      .map(Number);
    expect(faces[6]).toBe(faces.slice(0, 6).reduce((a, b) => a + b, 0) + 3);
    const after = await person(app, c.id);
    expect(after.items.loot1).toBeNull();
    expect(after.gold).toBe(700 - 36); // one casting's gold
    app.close();
  });

  it('“singly”: the first cast writes the choice and uses one of three; the third use consumes it', async () => {
    const app = await demo();
    const lash = await editSpell(app, 'Cinder Lash', { component: 'Bone Feather', castingTime: 'response' });
    const c = await fight(app);
    // the caster answers with Responses outside their own turn: another entrant's turn is needed
    let p = await app.call('phase.nextTurn', {});
    let guard = 0;
    while ((p.combat!.currentTokenId === null || p.combat!.currentTokenId === c.tokenId) && guard++ < 10)
      p = await app.call('phase.nextTurn', {});
    const other = p.combat!.currentTokenId;
    expect(other).not.toBe(c.tokenId);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 500 } });
    await blackGear(app, c.id);
    await app.call('lichslayer.setItem', {
      id: c.id,
      slot: 'loot3',
      item: { name: 'Bone Feather', colour: 'Colourless', notes: '' },
    });
    await app.call('phase.cast', { tokenId: c.tokenId, ...lash, componentChoice: 'singly' });
    expect((await person(app, c.id)).items.loot3!.notes).toMatch(
      /^Component choice: singly, up to 3 times \(day 1\)\nComponent uses: 1$/,
    );
    // the Response done, the interrupted turn resumes; the choice is made once, so the next cast asks nothing
    expect((await app.call('phase.nextTurn', {})).combat!.currentTokenId).toBe(other);
    await app.call('phase.cast', { tokenId: c.tokenId, ...lash });
    expect((await person(app, c.id)).items.loot3!.notes).toMatch(/Component uses: 2$/);
    await app.call('phase.nextTurn', {});
    const last = await app.call('phase.cast', { tokenId: c.tokenId, ...lash });
    expect(last.notices![0]).toContain('the last use of the Bone Feather (ch.13)');
    expect((await person(app, c.id)).items.loot3).toBeNull();
    expect((await person(app, c.id)).gold).toBe(500 - 3 * 36); // each single casting pays its gold
    app.close();
  });
});

describe('Magic at the time of casting (ch.15)', () => {
  it('a pending spell keeps the Magic it was cast at: gold gained meanwhile does not move it, loot does', async () => {
    const app = await demo();
    const lash = await editSpell(app, 'Cinder Lash', { castingTime: 'end-round' });
    const c = await fight(app);
    await bare(app, c.id);
    await blackGear(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 620 } }); // Magic 1 before its 36 gold leaves, 0 after
    let p = await app.call('phase.cast', { tokenId: c.tokenId, ...lash });
    expect((await person(app, c.id)).gold).toBe(584);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 6000 } }); // Magic 10 now: not the spell's
    await app.call('lichslayer.setItem', {
      id: c.id,
      slot: 'loot2',
      item: { name: 'Humming Orb', colour: 'Black', notes: '+2 Magic' },
    });
    let guard = 0;
    while (!p.combat!.atRoundEnd && guard++ < 20) p = await app.call('phase.nextTurn', {});
    expect(resolution(p.notices, 'Cinder Lash')).toMatch(
      /^Cinder Lash \(.+\) resolves: 2d6 \[\d, \d\] \+ Magic 3 = \d+ \(ch\.15\); Magic 1 at casting \+ 2 from loot since \(ch\.15\) = 3 — Black damage/,
    );
    app.close();
  });

  it('Investiture (ch.2): the +1 Magic the Gauntlet shows is the Magic the spell resolves at — Magic 1 from 620 gold, 2 invested', async () => {
    const app = await demo();
    const team = await roster(app);
    const [odile, wren] = [team[0]!, team[3]!];
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: {
        hiddenClass: 'The Scholar',
        skill1: 'Identify',
        skill2: 'Scrolls and Ink',
        skill3: 'Investiture',
        level: 6,
      },
    });
    await bare(app, odile.id);
    await blackGear(app, odile.id);
    await app.call('lichslayer.update', { id: odile.id, patch: { gold: 620 } }); // Magic 1 from gold (ch.4)
    const c = await fight(app);
    expect(c.id).toBe(odile.id);
    expect((await person(app, odile.id)).derived.magic.value).toBe(2);
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...(await spell(app, 'Cinder Lash')) });
    expect(resolution(p.notices, 'Cinder Lash')).toMatch(
      /\+ Magic 2 = \d+ \(ch\.15\); Magic 2 at casting \(ch\.15\) — /,
    );
    app.close();
  });

  it('house rule: the Magic left once the gold has gone', async () => {
    const app = await demo();
    await app.call('houseRules.update', { patch: { magicAtCasting: 'after-cost' } });
    const c = await fight(app);
    await bare(app, c.id);
    await blackGear(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 620 } });
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...(await spell(app, 'Cinder Lash')) });
    expect(resolution(p.notices, 'Cinder Lash')).toMatch(
      /\+ Magic 0 = \d+ \(ch\.15\); Magic 0 at casting \(ch\.15\) — /,
    );
    app.close();
  });
});

describe('Mono-Color Blue and the half price (ch.14, ch.15)', () => {
  it('Blaze at 60 gold: 24 with the −36 alone (default), 0 with half price and then −36 (house rule)', async () => {
    const app = await demo();
    const c = await fight(app);
    await bare(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 100 } });
    await app.call('lichslayer.setItem', {
      id: c.id,
      slot: 'garment',
      item: { name: 'The Unbound’s Coat of Arms', colour: 'Blue' },
    });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'gear', item: { name: 'Frost Compass', colour: 'Blue' } });
    const blaze = async () =>
      (await app.call('phase.spellbook', { tokenId: c.tokenId })).schools
        .flatMap((s) => s.spells)
        .find((s) => s.label === 'Blaze')!;
    expect(await blaze()).toMatchObject({
      allowed: true,
      cost: 24,
      why: expect.stringContaining(
        'Mono-Color Blue: 60 − 36 = 24 gold (ch.15; house rule: in place of ch.14’s half price)',
      ),
    });
    await app.call('houseRules.update', { patch: { monoBlueIncantations: 'half-then-minus-36' } });
    expect(await blaze()).toMatchObject({
      cost: 0,
      why: expect.stringContaining('half of 60 (ch.14), then − 36 (ch.15) = 0 gold (house rule: both apply)'),
    });
    app.close();
  });
});

describe('Lich’s Magic for a Lichslayer (ch.14, ch.15)', () => {
  it('opens only in Full Spectrum (or turned): every equipped item a different colour', async () => {
    const app = await demo();
    const hush = await spell(app, 'Grey Hush');
    const c = await fight(app);
    await bare(app, c.id);
    await app.call('lichslayer.setItem', { id: c.id, slot: 'gear', item: { name: 'Red Knife', colour: 'Red' } });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'garment', item: { name: 'Red Cloak', colour: 'Red' } });
    expect(await app.dispatch('phase.cast', { tokenId: c.tokenId, ...hush })).toMatchObject({
      ok: false,
      error: {
        message:
          "Lich's Magic is open to a Lichslayer only when turned or in Full Spectrum (ch.15), or to a Witch whose Oneness inhabits the Phylactery or the Lich (ch.2, ch.16). Nothing changed.",
      },
    });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'garment', item: { name: 'Blue Cloak', colour: 'Blue' } });
    expect((await person(app, c.id)).life.sync.map((x) => x.label)).toContain('Full Spectrum');
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...hush });
    expect(p.notices![0]).toMatch(/casts Grey Hush \(On Turn; Grey Hush: 0 gold\)/);
    app.close();
  });
});

describe('the Giver’s Recipes (ch.17)', () => {
  it('open only after three feedings of the Giver (or with Medicine Bay); they cost Health, not gold', async () => {
    const app = await demo();
    const broth = await spell(app, 'Petal Broth');
    const c = await fight(app);
    expect(await app.dispatch('phase.cast', { tokenId: c.tokenId, ...broth })).toMatchObject({
      ok: false,
      error: {
        message: `The Giver's Recipes open to a character who has fed the Giver 3 times (ch.17) or holds Medicine Bay (ch.2); ${c.name} has fed it 0. Nothing changed.`,
      },
    });
    await app.call('lichslayer.update', { id: c.id, patch: { skill2: 'Medicine Bay' } });
    const before = await person(app, c.id);
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...broth });
    expect(p.notices![0]).toMatch(/costs 6 Health \(ch\.17\)/);
    const after = await person(app, c.id);
    expect([after.health, after.gold]).toEqual([before.health - 6, before.gold]);
    app.close();
  });

  it('three feedings open them; Flora of the Recipe’s colour raise M when spent and are not required', async () => {
    const app = await demo();
    const ids = (await roster(app)).map((l) => l.id);
    await app.call('forest.go', { ids, where: 'forest' });
    for (const id of ids)
      for (const n of [1, 2, 3]) expect((await app.call('forest.feed', { id })).notes[0]).toContain(`(${n} time`);
    await app.call('forest.go', { ids, where: 'town' });
    const broth = await spell(app, 'Petal Broth'); // Red Flora raise its M
    const c = await fight(app);
    await bare(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 0 } });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'loot1', item: { name: 'Ashbloom', colour: 'Red' } });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'loot2', item: { name: 'Ashbloom', colour: 'Red' } });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'loot3', item: { name: 'Brine lily', colour: 'Blue' } });
    const entry = (await app.call('phase.spellbook', { tokenId: c.tokenId })).schools
      .flatMap((s) => s.spells)
      .find((s) => s.label === 'Petal Broth')!;
    expect(entry).toMatchObject({ allowed: true, healthCost: 6, needs: { flora: { colour: 'Red', max: 2 } } });
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...broth, flora: 2 });
    expect(resolution(p.notices, 'Petal Broth')).toMatch(/\+ Magic 2 = \d+ \(ch\.15\)/);
    const after = await person(app, c.id);
    expect([after.items.loot1, after.items.loot2, after.items.loot3?.name]).toEqual([null, null, 'Brine lily']);
    app.close();
  });
  it('Medicine Bay: a Red Flora in a Medicine Slot keeps its colour, so it raises Petal Broth’s M as a Red Flora in a Loot slot does (ch.2, ch.17)', async () => {
    const app = await demo();
    const broth = await spell(app, 'Petal Broth'); // Red Flora raise its M
    const c = await fight(app);
    await bare(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 0, skill2: 'Medicine Bay' } });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'medicine1', item: { name: 'Ashbloom', colour: 'Red' } });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'medicine2', item: { name: 'Brine lily', colour: 'Blue' } });
    const entry = (await app.call('phase.spellbook', { tokenId: c.tokenId })).schools
      .flatMap((s) => s.spells)
      .find((s) => s.label === 'Petal Broth')!;
    expect(entry).toMatchObject({ allowed: true, needs: { flora: { colour: 'Red', max: 1 } } });
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...broth, flora: 1 });
    expect(resolution(p.notices, 'Petal Broth')).toMatch(/\+ Magic 1 = \d+ \(ch\.15\)/);
    const after = await person(app, c.id);
    expect([after.items.medicine1, after.items.medicine2?.name]).toEqual([null, 'Brine lily']);
    app.close();
  });
});

describe('the Forest path (ch.17)', () => {
  it('Daedric Magic spends whole recipes and no gold; M is the recipes spent', async () => {
    const app = await demo();
    const cleanse = await spell(app, 'Cleanse'); // recipe: Veilflower and Duskcap; 4d6 + M
    const c = await fight(app);
    await bare(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 6000, skill2: 'Extra Pockets' } }); // Magic 10 from gold: not used
    expect(await app.dispatch('phase.cast', { tokenId: c.tokenId, ...cleanse })).toMatchObject({
      ok: false,
      error: {
        message: expect.stringContaining(
          'Cleanse needs a complete recipe (Veilflower and Duskcap) in Loot slots (ch.17). Nothing changed.',
        ),
      },
    });
    for (const [slot, name] of [
      ['loot1', 'Veilflower'],
      ['loot2', 'Duskcap'],
      ['loot3', 'Veilflower'],
      ['loot4', 'Duskcap'],
    ] as const) {
      await app.call('lichslayer.setItem', { id: c.id, slot, item: { name, colour: 'Purple' } });
    }
    const entry = (await app.call('phase.spellbook', { tokenId: c.tokenId })).schools
      .flatMap((s) => s.spells)
      .find((s) => s.label === 'Cleanse')!;
    expect(entry).toMatchObject({ allowed: true, cost: 0, needs: { recipes: { max: 2 } } });
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...cleanse, recipes: 2 });
    expect(p.notices![0]).toContain('Forest path: 2 recipes spent, M = 2; no gold (ch.17)');
    expect(resolution(p.notices, 'Cleanse')).toMatch(
      /^Cleanse \(.+\) resolves: 4d6 \[\d, \d, \d, \d\] \+ Magic 2 = \d+ \(ch\.15\); M 2, the recipes spent \(ch\.17\) — Removes Zombies/,
    );
    const after = await person(app, c.id);
    expect(after.gold).toBe(6000);
    expect(['loot1', 'loot2', 'loot3', 'loot4'].map((s) => after.items[s as 'loot1'])).toEqual([
      null,
      null,
      null,
      null,
    ]);
    app.close();
  });

  it('Flora in a Medicine Slot, or in the Garment slot under the Doctor’s Coat, count as in Loot slots', async () => {
    const app = await demo();
    const cleanse = await spell(app, 'Cleanse');
    const c = await fight(app);
    await bare(app, c.id);
    await app.call('lichslayer.update', { id: c.id, patch: { skill2: 'Medicine Bay' } });
    await app.call('lichslayer.setItem', {
      id: c.id,
      slot: 'medicine1',
      item: { name: 'Veilflower', colour: 'Purple' },
    });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'garment', item: { name: 'Duskcap', colour: 'Purple' } });
    const allowed = async () =>
      (await app.call('phase.spellbook', { tokenId: c.tokenId })).schools
        .flatMap((s) => s.spells)
        .find((s) => s.label === 'Cleanse')!.allowed;
    expect(await allowed()).toBe(false);
    await app.call('lichslayer.update', { id: c.id, patch: { skill3: 'Doctor’s Coat of Arms' } });
    expect(await allowed()).toBe(true);
    await app.call('phase.cast', { tokenId: c.tokenId, ...cleanse });
    const after = await person(app, c.id);
    expect([after.items.medicine1, after.items.garment]).toEqual([null, null]);
    app.close();
  });
});

describe('spells that call on tables, and One-Thousand Blades (ch.15)', () => {
  it('Call Elemental Spirit rolls on the Elemental Spirits d6 as it resolves', async () => {
    const app = await demo();
    const call = await spell(app, 'Call Elemental Spirit'); // End Round; recipe Ashbloom and Duskcap
    const c = await fight(app);
    await bare(app, c.id);
    await app.call('lichslayer.setItem', { id: c.id, slot: 'loot1', item: { name: 'Ashbloom', colour: 'Red' } });
    await app.call('lichslayer.setItem', { id: c.id, slot: 'loot2', item: { name: 'Duskcap', colour: 'Purple' } });
    let p = await app.call('phase.cast', { tokenId: c.tokenId, ...call });
    let guard = 0;
    while (!p.combat!.atRoundEnd && guard++ < 20) p = await app.call('phase.nextTurn', {});
    const spirit = p.notices!.find((n) => n.startsWith('Call Elemental Spirit: '))!;
    // seed 7: a 1, the first row of the Elemental Spirits (ch.15); no Familiar is rolled at the dive's
    // start, for Wren has not the Familiar skill yet (ch.2)
    expect(spirit).toBe(
      'Call Elemental Spirit: 1 = 1 on d6 → Cinder sprite (Daedric: Elemental Spirits) — Red. Health 12, Armor 1; its touch burns for 1d6 each round it clings.',
    );
    const ledger = await app.call('ledger.list', { table: 'spirits-elemental' });
    expect(ledger).toHaveLength(1);
    app.close();
  });

  it('One-Thousand Blades needs all six Vestments, unless a held item grants it as an action', async () => {
    const app = await demo();
    const blades = await editSpell(app, 'One-Thousand Blades', { grantedBy: 'Thousandfold Hilt' });
    const c = await fight(app);
    await app.call('lichslayer.update', { id: c.id, patch: { gold: 400 } });
    expect(await app.dispatch('phase.cast', { tokenId: c.tokenId, ...blades })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/needs all six Unbound Vestments equipped; missing Whisper-Blade/) },
    });
    await app.call('lichslayer.setItem', {
      id: c.id,
      slot: 'loot3',
      item: { name: 'Thousandfold Hilt', colour: 'Blue' },
    });
    const p = await app.call('phase.cast', { tokenId: c.tokenId, ...blades });
    expect(p.notices![0]).toContain('granted as an action by Thousandfold Hilt (ch.15)');
    app.close();
  });
});
