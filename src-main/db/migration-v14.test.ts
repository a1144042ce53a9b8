// Format 14: loot's kept state (ch.13) is schema. Formats up to 13 kept the buffs channelled until the
// dive ends and the inscriptions made on spells in settings keyed by a Lichslayer's id; they open as
// rows of the Lichslayers still there, and the Gauntlet, the cast and the dive's end read them as before.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp } from '../test-support/temp-app.ts';
import { olderCampaign } from '../test-support/older-campaigns.ts';
import { addEnemy } from '../test-support/floor-setups.ts';
import { LATEST_VERSION } from './migrations.ts';

const GEODE = {
  name: 'Sleet Geode',
  details:
    'Merge: its holder gains +1 to Magic for as long as the host survives. Channel: +2 to all rolls until the dive ends.',
};
const SCROLL_LINE = 'Inscribed: Soot Scroll — Casts one Demon spell at Magic 2, then crumbles.';
const EMBER = { name: 'Ember Shard', details: '+1 to Power until the dive ends.' };
const WREN_LINE = 'Inscribed: Ember Shard — +1 to Power until the dive ends.';

/**
 * The format-13 fixture, on Floor 1, whose Odile channelled a Sleet Geode and inscribed her Soot Scroll
 * on Cinder Lash (row 0 of the Demon spells); with entries added as format 13 kept them for Wren and
 * for a Lichslayer no longer there, and one that is no inscription at all.
 */
function olderFormatWithLootState(): string {
  const { file, db } = olderCampaign(13);
  const add = db.prepare(`UPDATE setting SET value = json_set(value, ?, json(?)) WHERE key = ?`);
  add.run('$."4"', JSON.stringify([EMBER]), 'channel-buffs');
  // '77' is a Lichslayer no longer there, whose id the next one created may take: not carried over.
  add.run('$."77"', JSON.stringify([{ name: 'Ghost Glass', details: '' }]), 'channel-buffs');
  const wren = [{ table: 'spells-demon', row: 0, label: 'Cinder Lash', line: WREN_LINE }, 'not an inscription'];
  add.run('$."4"', JSON.stringify(wren), 'spell-inscriptions');
  add.run(
    '$."77"',
    JSON.stringify([{ table: 'spells-demon', row: 0, label: 'Cinder Lash', line: 'Inscribed: Ghost Glass' }]),
    'spell-inscriptions',
  );
  db.close();
  return file;
}

/** The app on an older file, opened, with a way to read one Lichslayer as the Gauntlet shows them. */
async function opened(file: string) {
  const app = makeApp(path.dirname(path.dirname(file)));
  const view = await app.call('campaign.open', { path: file });
  const person = async (name: string) => (await app.call('campaign.current', {}))!.roster.find((l) => l.name === name)!;
  return { app, view, person };
}

const inscribeLash = (id: number) =>
  ({
    fate: 'inscribe',
    id,
    from: { slot: 'loot1' },
    target: { spell: { table: 'spells-demon', row: 0 } },
  }) as const;

describe('format 14: loot’s kept state as rows (ch.13)', () => {
  it('a campaign of an older format opens with each Channel buff and spell inscription on the Lichslayer who made it, none of a Lichslayer no longer there, and the settings emptied', async () => {
    const file = olderFormatWithLootState();
    const { app, view, person } = await opened(file);
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    expect(view.roster.map((l) => [l.name, l.life.buffs])).toEqual([
      ['Odile Vantreck', [GEODE]],
      ['Brother Quillam', []],
      ['Sable Hartigan', []],
      ['Wren of the Hollow', [EMBER]],
    ]);
    // Odile's inscription stands: the same scroll on the same spell is refused.
    expect(await app.dispatch('loot.fate', inscribeLash((await person('Odile Vantreck')).id))).toMatchObject({
      ok: false,
      error: { message: "Cinder Lash already bears Soot Scroll's inscription (ch.13). Nothing changed." },
    });
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare(`SELECT lichslayer_id, name, details FROM channel_buff ORDER BY id`).all()).toEqual([
      { lichslayer_id: 1, ...GEODE },
      { lichslayer_id: 4, ...EMBER },
    ]);
    expect(
      db
        .prepare(`SELECT lichslayer_id, spell_table, spell_row, spell_label, line FROM spell_inscription ORDER BY id`)
        .all(),
    ).toEqual([
      { lichslayer_id: 1, spell_table: 'spells-demon', spell_row: 0, spell_label: 'Cinder Lash', line: SCROLL_LINE },
      { lichslayer_id: 4, spell_table: 'spells-demon', spell_row: 0, spell_label: 'Cinder Lash', line: WREN_LINE },
    ]);
    // The old rows stay, emptied, under the ids older undo steps name.
    expect(
      db
        .prepare(`SELECT id, key, value FROM setting WHERE key IN ('channel-buffs', 'spell-inscriptions') ORDER BY id`)
        .all(),
    ).toEqual([
      { id: 7, key: 'channel-buffs', value: '{}' },
      { id: 8, key: 'spell-inscriptions', value: '{}' },
    ]);
    db.close();
  });

  it('the moved state plays as before: the dive’s end ends both buffs and its undo brings them back, and Odile’s Cinder Lash is cast with her inscription', async () => {
    const file = olderFormatWithLootState();
    const { app, person } = await opened(file);
    const back = await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect(back.notices).toContain('The dive is over: every Channel buff ends (ch.13)');
    expect((await person('Odile Vantreck')).life.buffs).toEqual([]);
    expect((await person('Wren of the Hollow')).life.buffs).toEqual([]);
    await app.call('history.undo', {});
    expect((await person('Odile Vantreck')).life.buffs).toEqual([GEODE]);
    expect((await person('Wren of the Hollow')).life.buffs).toEqual([EMBER]);
    // Room for a Hound beside the party: the Fixture Hall, a Chamber, holds the four of them (ch.9).
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    await addEnemy(app, { name: 'Grey Hound', health: 6 });
    const fight = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const odile = fight.combat!.entrants.find((e) => e.name === 'Odile Vantreck')!;
    // The seeded order gives Odile the first turn.
    expect(fight.combat!.currentTokenId).toBe(odile.tokenId);
    const p = await app.call('phase.cast', { tokenId: odile.tokenId, table: 'spells-demon', row: 0 });
    expect(p.notices!.filter((n) => n.startsWith('Cinder Lash ('))).toEqual([
      expect.stringMatching(/\(Inscribed: Soot Scroll — Casts one Demon spell at Magic 2, then crumbles\., ch\.13\)$/),
    ]);
    app.close();
  });

  it('a Lichslayer removed takes their buffs and inscriptions, which come back with the undo; the id given again to a new one brings none', async () => {
    const file = olderFormatWithLootState();
    const { app, person } = await opened(file);
    const wren = await person('Wren of the Hollow');
    await app.call('lichslayer.delete', { id: wren.id });
    await app.call('history.undo', {});
    expect((await person('Wren of the Hollow')).life.buffs).toEqual([EMBER]);
    await app.call('history.redo', {});
    const ivo = (await app.call('lichslayer.create', { name: 'Ivo Marsh' })).roster.find(
      (l) => l.name === 'Ivo Marsh',
    )!;
    expect(ivo.id).toBe(wren.id);
    expect(ivo.life.buffs).toEqual([]);
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT lichslayer_id, line FROM spell_inscription ORDER BY id`).all()).toEqual([
      { lichslayer_id: 1, line: SCROLL_LINE },
    ]);
    db.close();
  });
});
