// Format 16: life records are schema (ch.1, ch.2). Formats up to 15 kept where a Lichslayer's XP came
// from, their unspent Skill Points and the skills they enhanced in one setting keyed by their id; they
// open on the Lichslayers still there, and the Gauntlet, Skill Points and the undo read them as before.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp } from '../test-support/temp-app.ts';
import { olderCampaign } from '../test-support/older-campaigns.ts';
import { LATEST_VERSION } from './migrations.ts';

/**
 * The format-15 fixture with life records as format 15 kept them: Odile's, Wren's with entries that
 * are no skill, and one of a Lichslayer no longer there, whose id the next one created may take.
 */
function olderFormatWithLifeRecords(): string {
  const { file, db } = olderCampaign(15);
  const records = {
    '1': { enemiesFelled: 3, floorsCleared: 2, skillPoints: 1, enhanced: ['Break'] },
    '4': { enemiesFelled: 1, floorsCleared: 0, skillPoints: 2, enhanced: ['Oneness', '', 5] },
    '77': { enemiesFelled: 9, floorsCleared: 9, skillPoints: 9, enhanced: ['Charge'] },
  };
  db.prepare(`INSERT INTO setting (key, value) VALUES ('life-records', ?)`).run(JSON.stringify(records));
  db.close();
  return file;
}

async function opened(file: string) {
  const app = makeApp(path.dirname(path.dirname(file)));
  const view = await app.call('campaign.open', { path: file });
  const person = async (name: string) => (await app.call('campaign.current', {}))!.roster.find((l) => l.name === name)!;
  return { app, view, person };
}

const record = (l: {
  life: { xpSources: { enemiesFelled: number; floorsCleared: number }; skillPoints: number; enhanced: string[] };
}) => [l.life.xpSources.enemiesFelled, l.life.xpSources.floorsCleared, l.life.skillPoints, l.life.enhanced];

describe('format 16: life records as rows (ch.1, ch.2)', () => {
  it('a campaign of an older format opens with each Lichslayer’s enemies felled, floors cleared, Skill Points and enhanced skills, none of a Lichslayer no longer there, and the setting emptied', async () => {
    const file = olderFormatWithLifeRecords();
    const { app, view } = await opened(file);
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    expect(view.roster.map((l) => [l.name, ...record(l)])).toEqual([
      ['Odile Vantreck', 3, 2, 1, ['Break']],
      ['Brother Quillam', 0, 0, 0, []],
      ['Sable Hartigan', 0, 0, 0, []],
      ['Wren of the Hollow', 1, 0, 2, ['Oneness']],
    ]);
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT lichslayer_id, skill FROM enhanced_skill ORDER BY id`).all()).toEqual([
      { lichslayer_id: 1, skill: 'Break' },
      { lichslayer_id: 4, skill: 'Oneness' },
    ]);
    expect(db.prepare(`SELECT value FROM setting WHERE key = 'life-records'`).get()).toEqual({ value: '{}' });
    db.close();
  });

  it('the moved records play as before: Odile spends her Skill Point on an enhancement and the undo gives it back; a Lichslayer removed takes theirs and the id given again brings none', async () => {
    const file = olderFormatWithLifeRecords();
    const { app, person } = await opened(file);
    const odile = await person('Odile Vantreck');
    await app.call('lichslayer.update', { id: odile.id, patch: { skill2: 'Rumble Hat' } });
    await app.call('skill.spendPoint', { id: odile.id, action: 'enhance', skill: 'Rumble Hat' });
    expect(record(await person('Odile Vantreck'))).toEqual([3, 2, 0, ['Break', 'Rumble Hat']]);
    await app.call('history.undo', {});
    expect(record(await person('Odile Vantreck'))).toEqual([3, 2, 1, ['Break']]);
    const wren = await person('Wren of the Hollow');
    await app.call('lichslayer.delete', { id: wren.id });
    await app.call('history.undo', {});
    expect(record(await person('Wren of the Hollow'))).toEqual([1, 0, 2, ['Oneness']]);
    await app.call('history.redo', {});
    const ivo = (await app.call('lichslayer.create', { name: 'Ivo Marsh' })).roster.find(
      (l) => l.name === 'Ivo Marsh',
    )!;
    expect(ivo.id).toBe(wren.id);
    expect(record(ivo)).toEqual([0, 0, 0, []]);
    app.close();
  });
});
