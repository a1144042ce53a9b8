// Format 17: the day the Lich turned a Lichslayer is on the Lichslayer (ch.16). Formats up to 16 kept
// it in a setting keyed by the Lichslayer's id; it opens on the Lichslayers still there, and the
// Pilgrimage's six days count from it as before.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp } from '../test-support/temp-app.ts';
import { olderCampaign } from '../test-support/older-campaigns.ts';
import { LATEST_VERSION } from './migrations.ts';

/**
 * The format-16 fixture on day 10, with Odile turned on day 2 and Sable on day 5 as format 16 kept
 * them, a day of a Lichslayer no longer there, and one that is no day.
 */
function olderFormatWithTurnings(): string {
  const { file, db } = olderCampaign(16);
  db.exec(`UPDATE town SET day = 10`);
  db.exec(`UPDATE setting SET value = json_set(value, '$.context.turned', json('[1, 3]')) WHERE key = 'machine:dive'`);
  db.prepare(`INSERT INTO setting (key, value) VALUES ('turned-on', ?)`).run(
    JSON.stringify({ '1': 2, '3': 5, '77': 4, '2': 'yesterday' }),
  );
  db.close();
  return file;
}

describe('format 17: the day of a turning on the Lichslayer (ch.16)', () => {
  it('an older campaign opens with each turned Lichslayer’s day: Odile’s six days ran out on day 8, so no cure applies; Sable, turned on day 5, is cured by the Pilgrimage', async () => {
    const file = olderFormatWithTurnings();
    const app = makeApp(path.dirname(path.dirname(file)));
    const view = await app.call('campaign.open', { path: file });
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    const [odile, , sable] = view.roster;
    expect(await app.dispatch('phase.cure', { id: odile!.id, how: 'pilgrimage' })).toMatchObject({
      ok: false,
      error: {
        message:
          "Odile Vantreck's turning is permanent: Past the sixth day: the turning is permanent, no cure applies (ch.16). Nothing changed.",
      },
    });
    const cured = await app.call('phase.cure', { id: sable!.id, how: 'pilgrimage' });
    expect(cured.notices).toContain(
      'Sable Hartigan is freed from the turning by the Pilgrimage: a flower of every colour brought to a Shrine (ch.16)',
    );
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT id, turned_on_day FROM lichslayer ORDER BY id`).all()).toEqual([
      { id: 1, turned_on_day: 2 },
      { id: 2, turned_on_day: null },
      { id: 3, turned_on_day: 5 },
      { id: 4, turned_on_day: null },
    ]);
    expect(db.prepare(`SELECT value FROM setting WHERE key = 'turned-on'`).get()).toEqual({ value: '{}' });
    db.close();
  });
});
