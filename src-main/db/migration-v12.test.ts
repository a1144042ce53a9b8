// Format 12: ailments (ch.2) are rows of their own. Formats up to 11 kept them in one setting, a
// Lichslayer's by id and a token's by id with the name and placement it was set on; they open as
// rows of the carriers still there, and the Gauntlet, the turn order and Cure read them as before.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { LATEST_VERSION } from './migrations.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'campaign-v10.lichslayer');

/** The format-10 demo party with an ailments setting as formats up to 11 wrote it, and a Gnawer on Floor 1. */
function olderFormatWithAilments(): string {
  const file = path.join(tempDir(), 'campaigns', 'v11.lichslayer');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(FIXTURE, file);
  const db = new Database(file);
  db.prepare(
    `INSERT INTO token (id, kind, name, colour, floor, x, y, health, max_health, armor, placed_at)
     VALUES (9, 'entity', 'Gnawer', 'Red', 1, 2, 0, 12, 12, 0, 9)`,
  ).run();
  const book = {
    lichslayers: { '1': ['Poison', 'Burn'], '3': ['Bound'], '77': ['Freeze'] },
    tokens: {
      '9': { name: 'Gnawer', placed: 9, ailments: ['Freeze'] },
      // Set on a token since removed, whose id the next one placed may take: it is not carried over.
      '12': { name: 'Ghast', placed: 4, ailments: ['Burn'] },
    },
  };
  db.prepare(`INSERT INTO setting (key, value) VALUES ('ailments', ?)`).run(JSON.stringify(book));
  db.close();
  return file;
}

describe('format 12: ailments as rows (ch.2)', () => {
  it('a campaign of an older format opens with each ailment on the Lichslayer or token that carries it, and none of a Lichslayer or token no longer there', async () => {
    const file = olderFormatWithAilments();
    const app = makeApp(path.dirname(path.dirname(file)));
    const view = await app.call('campaign.open', { path: file });
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    const roster = (await app.call('campaign.current', {}))!.roster;
    expect(roster.map((l) => [l.name, l.life.ailments])).toEqual([
      ['Odile Vantreck', ['Burn', 'Poison']],
      ['Brother Quillam', []],
      ['Sable Hartigan', ['Bound']],
      ['Wren of the Hollow', []],
    ]);
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare(`SELECT lichslayer_id, token_id, ailment FROM ailment ORDER BY id`).all()).toEqual([
      { lichslayer_id: 1, token_id: null, ailment: 'Poison' },
      { lichslayer_id: 1, token_id: null, ailment: 'Burn' },
      { lichslayer_id: 3, token_id: null, ailment: 'Bound' },
      { lichslayer_id: null, token_id: 9, ailment: 'Freeze' },
    ]);
    expect(db.prepare(`SELECT value FROM setting WHERE key = 'ailments'`).pluck().get()).toBe('{}');
    db.close();
  });

  it('an ailment set, lifted with its undo, and its carrier removed leave the ailment rows as the Judge sees them', async () => {
    const file = olderFormatWithAilments();
    const app = makeApp(path.dirname(path.dirname(file)));
    await app.call('campaign.open', { path: file });
    const odile = (await app.call('campaign.current', {}))!.roster[0]!;
    await app.call('ailment.set', { lichslayerId: odile.id, ailment: 'Freeze', on: true });
    await app.call('ailment.set', { lichslayerId: odile.id, ailment: 'Burn', on: false });
    const ailmentsOfOdile = async () =>
      (await app.call('campaign.current', {}))!.roster.find((l) => l.id === odile.id)!.life.ailments;
    expect(await ailmentsOfOdile()).toEqual(['Poison', 'Freeze']);
    await app.call('history.undo', {});
    expect(await ailmentsOfOdile()).toEqual(['Burn', 'Poison', 'Freeze']);
    await app.call('lichslayer.delete', { id: odile.id });
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT count(*) FROM ailment WHERE lichslayer_id = ?`).pluck().get(odile.id)).toBe(0);
    db.close();
  });
});
