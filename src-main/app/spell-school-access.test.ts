// Who may cast from which school, through phase.cast, phase.spellbook and skill.use on the demo
// campaign (a real SQLite file), with fixed seeds: a coloured school by its colour (ch.15, ch.2's
// Identify, a named house rule), Medicine Bay's Celestial Magic (ch.2), Forest loot's Daedric Magic
// (ch.4), an Identified conduit's one spell for the floor (ch.2), and the Witch's spell learned
// through Commune, cast for one Sanity level with no components (ch.2, ch.17).
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';
import { addEnemy } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

async function spell(app: App, label: string) {
  for (const t of (await app.call('tables.list', {})).filter((x) => x.category === 'spell')) {
    const row = (await app.call('tables.get', { key: t.key })).table.rows.findIndex((r) => r.label === label);
    if (row >= 0) return { table: t.key, row };
  }
  throw new Error(`no spell ${label}`);
}

/** Into a fight on Floor 1 with one enemy; every Lichslayer's token by their id. */
async function fight(app: App) {
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
  await addEnemy(app, { name: 'Grey Hound', health: 60 });
  const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const tokenOf = (id: number) => p.combat!.entrants.find((e) => e.lichslayerId === id)!.tokenId;
  return { tokenOf };
}

/** Turns pass until it is this token's turn in this Round (a bounded walk of the turn stack). */
async function turnOf(app: App, tokenId: number, round: number) {
  let p = await app.call('phase.view', {});
  for (let guard = 0; guard < 40 && !(p.combat!.round === round && p.combat!.currentTokenId === tokenId); guard++) {
    p = await app.call('phase.nextTurn', {});
  }
  expect([p.combat!.round, p.combat!.currentTokenId]).toEqual([round, tokenId]);
}

/** Every slot emptied, so the test decides what is equipped. */
async function bare(app: App, id: number) {
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
    await app.call('lichslayer.setItem', { id, slot, item: null });
}

const person = async (app: App, id: number) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;
const school = async (app: App, tokenId: number, key: string) => {
  const s = (await app.call('phase.spellbook', { tokenId })).schools.find((x) => x.school === key)!;
  return { open: s.open, access: s.access };
};

const ODILE = 1;
const QUILLAM = 2;
const WREN = 4;

describe('spell school access (ch.15, ch.2, ch.4, ch.17)', () => {
  it('ch.15: Demon Magic is refused without Black loot, naming what opens it; one Black item opens it (house rule), a Mono-Color build under the other reading', async () => {
    const { app } = await openDemo(7);
    const { tokenOf } = await fight(app);
    const lash = await spell(app, 'Cinder Lash');
    await bare(app, ODILE);
    await app.call('lichslayer.update', { id: ODILE, patch: { gold: 100 } });
    await turnOf(app, tokenOf(ODILE), 1);
    const shut =
      'Demon Magic is not open to Odile Vantreck: it opens with Black loot equipped (house rule: one unbroken item is enough) (ch.15), or a Black conduit Identified this floor (ch.2); a Scroll casts it whatever the colour (ch.2)';
    expect(await school(app, tokenOf(ODILE), 'demon')).toEqual({ open: false, access: shut });
    expect(await app.dispatch('phase.cast', { tokenId: tokenOf(ODILE), ...lash })).toMatchObject({
      ok: false,
      error: { message: `${shut}. Nothing changed.` },
    });
    expect((await person(app, ODILE)).gold).toBe(100);
    // one unbroken Black item beside a Red one: open by default
    await app.call('lichslayer.setItem', { id: ODILE, slot: 'gear', item: { name: 'Soot Maul', colour: 'Black' } });
    await app.call('lichslayer.setItem', { id: ODILE, slot: 'garment', item: { name: 'Red Cloak', colour: 'Red' } });
    expect(await school(app, tokenOf(ODILE), 'demon')).toEqual({
      open: true,
      access: 'Demon Magic open: Black loot equipped (house rule: one unbroken item is enough) (ch.15)',
    });
    // the other reading: only a Mono-Color Black build is "that colour"
    await app.call('houseRules.update', { patch: { schoolColourAccess: 'mono-color' } });
    expect((await school(app, tokenOf(ODILE), 'demon')).access).toMatch(
      /^Demon Magic is not open to Odile Vantreck: it opens with a Mono-Color Black build \(house rule\) \(ch\.15\)/,
    );
    await app.call('houseRules.update', { patch: { schoolColourAccess: 'one-item' } });
    const p = await app.call('phase.cast', { tokenId: tokenOf(ODILE), ...lash });
    expect(p.notices![0]).toBe('Odile Vantreck casts Cinder Lash (On Turn; Cinder Lash: 36 gold)');
    expect((await person(app, ODILE)).gold).toBe(64);
    app.close();
  });

  it('ch.2: Medicine Bay opens Celestial Magic without Orange loot; ch.4: Forest loot held opens Daedric Magic', async () => {
    const { app } = await openDemo(7);
    const { tokenOf } = await fight(app);
    await bare(app, ODILE);
    await app.call('lichslayer.update', { id: ODILE, patch: { gold: 100 } });
    await turnOf(app, tokenOf(ODILE), 1);
    expect((await school(app, tokenOf(ODILE), 'celestial')).access).toBe(
      'Celestial Magic is not open to Odile Vantreck: it opens with Orange loot equipped (house rule: one unbroken item is enough) (ch.15), or Medicine Bay (ch.2), or a Orange conduit Identified this floor (ch.2); a Scroll casts it whatever the colour (ch.2)',
    );
    await app.call('lichslayer.update', {
      id: ODILE,
      patch: { hiddenClass: 'The Lich Doctor', skill1: 'Diagnose and Bandage', skill2: 'Medicine Bay', level: 4 },
    });
    expect(await school(app, tokenOf(ODILE), 'celestial')).toEqual({
      open: true,
      access: 'Celestial Magic open: Medicine Bay (ch.2)',
    });
    const p = await app.call('phase.cast', { tokenId: tokenOf(ODILE), ...(await spell(app, 'Dawn Mend')) });
    expect(p.notices![0]).toBe('Odile Vantreck casts Dawn Mend (On Turn; Dawn Mend: 24 gold)');
    expect((await person(app, ODILE)).gold).toBe(76);
    // Daedric Magic: shut until a Flora or a Stone is held, in the inventory as well as equipped
    expect((await school(app, tokenOf(ODILE), 'daedric')).open).toBe(false);
    await app.call('lichslayer.setInventory', { id: ODILE, stacks: [{ name: 'Sapphire', count: 1 }] });
    expect(await school(app, tokenOf(ODILE), 'daedric')).toEqual({
      open: true,
      access: 'Daedric Magic open: Forest loot held (ch.4)',
    });
    app.close();
  });

  it('ch.2 Identify: a Black conduit opens one Demon spell to the Scholar for the rest of the floor — the first cast names it', async () => {
    const { app } = await openDemo(7);
    const { tokenOf } = await fight(app);
    await bare(app, QUILLAM);
    await app.call('lichslayer.update', { id: QUILLAM, patch: { gold: 200, skill1: 'Identify', level: 2 } });
    const [lash, pact] = [await spell(app, 'Cinder Lash'), await spell(app, 'Pact of Blood')];
    const used = await app.call('skill.use', { id: QUILLAM, skill: 'Identify', item: 'Soot Ring' });
    expect(used.notes).toContain(
      'Soot Ring is a conduit of Demon Magic: Brother Quillam may cast one of its spells, the first cast naming it, at current Magic for the rest of this floor (ch.2)',
    );
    await turnOf(app, tokenOf(QUILLAM), 1);
    const p = await app.call('phase.cast', { tokenId: tokenOf(QUILLAM), ...lash });
    expect(p.notices![0]).toBe(
      'Brother Quillam casts Cinder Lash (On Turn; Cinder Lash: 36 gold; through the conduit Brother Quillam Identified this floor (ch.2))',
    );
    await turnOf(app, tokenOf(QUILLAM), 2);
    expect(await app.dispatch('phase.cast', { tokenId: tokenOf(QUILLAM), ...pact })).toMatchObject({
      ok: false,
      error: {
        message: expect.stringContaining(
          'Demon Magic is not open to Brother Quillam: the conduit Identified this floor opens Cinder Lash only;',
        ),
      },
    });
    expect((await app.call('phase.cast', { tokenId: tokenOf(QUILLAM), ...lash })).notices![0]).toContain(
      'Brother Quillam casts Cinder Lash',
    );
    expect((await person(app, QUILLAM)).gold).toBe(200 - 2 * 36);
    app.close();
  });

  it('ch.17: the Witch learns a spell through Commune with loot of its colour, and casts it once for 1 Sanity level, no gold and no components', async () => {
    const { app } = await openDemo(7);
    const { tokenOf } = await fight(app);
    // Cinder Lash asks for a Bone Feather here: a learned spell needs none
    const at = await spell(app, 'Cinder Lash');
    const row = (await app.call('tables.get', { key: at.table })).table.rows[at.row]!;
    await app.call('tables.setRow', {
      key: at.table,
      index: at.row,
      row: { ...row, spell: { ...row.spell!, component: 'Bone Feather' } },
    });
    await bare(app, WREN);
    await app.call('lichslayer.update', {
      id: WREN,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', level: 2, gold: 95, sanity: 'whole' },
    });
    const learn = () => app.dispatch('skill.use', { id: WREN, skill: 'Commune', spell: at });
    expect(await learn()).toMatchObject({
      ok: false,
      error: {
        message:
          'Wren of the Hollow learns Cinder Lash through Commune only with Black loot equipped as its conduit (ch.2). Nothing changed.',
      },
    });
    await app.call('lichslayer.setItem', { id: WREN, slot: 'gear', item: { name: 'Soot Maul', colour: 'Black' } });
    await turnOf(app, tokenOf(WREN), 1);
    expect(await app.dispatch('phase.cast', { tokenId: tokenOf(WREN), ...at })).toMatchObject({
      ok: false,
      error: {
        message:
          'Cinder Lash needs a Bone Feather in a Loot slot: components are spent only from there (ch.4). Nothing changed.',
      },
    });
    expect(await learn()).toMatchObject({
      ok: true,
      value: {
        notes: [
          'Wren of the Hollow Communes through Soot Maul and learns Cinder Lash: cast once at current Magic for 1 Sanity level, no gold and no components (ch.2, ch.17)',
        ],
      },
    });
    const held = (await app.call('phase.spellbook', { tokenId: tokenOf(WREN) })).held;
    expect(held).toContainEqual({
      ...at,
      label: 'Cinder Lash',
      from: { learned: true },
      note: 'learned through Soot Maul: 1 Sanity level, no components',
    });
    expect((await person(app, WREN)).sanity).toBe('whole');
    await app.call('dice.setSeed', { seed: 3 });
    const p = await app.call('phase.cast', { tokenId: tokenOf(WREN), ...at, learned: true });
    expect(p.notices!.slice(0, 2)).toEqual([
      'Wren of the Hollow casts Cinder Lash, learned through Soot Maul: 1 Sanity level, no components (ch.17)',
      'Wren of the Hollow casts Cinder Lash (On Turn; Cinder Lash: 0 gold; learned through Commune: 1 Sanity level, no gold, no components (ch.17))',
    ]);
    const after = await person(app, WREN);
    expect([after.sanity, after.gold]).toEqual(['strange', 95]);
    await turnOf(app, tokenOf(WREN), 2);
    expect(await app.dispatch('phase.cast', { tokenId: tokenOf(WREN), ...at, learned: true })).toMatchObject({
      ok: false,
      error: {
        message:
          'Wren of the Hollow has learned no Cinder Lash through Commune: Commune with loot of its colour first (skill.use Commune, spell) (ch.2, ch.17). Nothing changed.',
      },
    });
    app.close();
  });
});
