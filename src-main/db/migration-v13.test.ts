// Format 13: the rest of the class skills' state (ch.2, ch.3) is schema. Formats up to 12 kept the
// Doctor's heals from 0 Health, the Aristocrat's Retainer streak, the Medicine Bay refill, the
// Heirloom's cover and each Familiar in settings keyed by id; they open as columns and rows, and the
// Gauntlet, the day's start and the board read them as before.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp } from '../test-support/temp-app.ts';
import { olderCampaign } from '../test-support/older-campaigns.ts';
import { LATEST_VERSION } from './migrations.ts';

/** The format-12 demo party on Floor 1 with the skill settings as formats up to 12 wrote them, and a Familiar there. */
function olderFormatWithSkillSettings(): string {
  const { file, db } = olderCampaign(12);
  db.prepare(
    `INSERT INTO token (id, kind, name, colour, floor, x, y, health, max_health, armor, placed_at)
     VALUES (9, 'familiar', 'Grave moth', 'Black', 1, 2, 0, 6, 6, 0, 9)`,
  ).run();
  const settings = {
    // '77' and '99' are Lichslayers no longer there; '2.5' is no count.
    'heals-from-zero': { '2': 2, '99': 4, '3': 2.5 },
    'retainer-streaks': { '3': 5 },
    'medicine-refills': {
      '2': { slot: 'medicine1', name: 'Ashbloom', colour: 'Green', notes: 'picked at dawn' },
      '77': { slot: 'medicine2', name: 'Ashbloom', colour: 'Green', notes: '' },
    },
    'heirloom-cover': {
      '3': { tokenId: 1, name: 'Odile Vantreck', serial: null, round: null },
      // A token since removed whose id another took: its cover is not carried over.
      '1': { tokenId: 2, name: 'Ghast', serial: 4, round: 2 },
    },
    'familiar-bonds': {
      '9': { witch: 4, name: 'Grave moth', placed: 9, defeatedSession: null },
      // Its token is gone: the bond stays for the session it was defeated in, with no token.
      '12': { witch: 4, name: 'Ash hound', placed: 4, defeatedSession: 1 },
    },
  };
  const put = db.prepare(`INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)`);
  for (const [key, value] of Object.entries(settings)) put.run(key, JSON.stringify(value));
  db.close();
  return file;
}

describe('format 13: the class skills’ state as schema (ch.2, ch.3)', () => {
  it('a campaign of an older format opens with each skill’s count, refill, cover and Familiar on the rows still there, and the settings emptied', async () => {
    const file = olderFormatWithSkillSettings();
    const app = makeApp(path.dirname(path.dirname(file)));
    const view = await app.call('campaign.open', { path: file });
    expect(view.schemaVersion).toBe(LATEST_VERSION);
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare(`SELECT id, heals_from_zero, retainer_streak FROM lichslayer ORDER BY id`).all()).toEqual([
      { id: 1, heals_from_zero: 0, retainer_streak: 0 },
      { id: 2, heals_from_zero: 2, retainer_streak: 0 },
      { id: 3, heals_from_zero: 0, retainer_streak: 5 },
      { id: 4, heals_from_zero: 0, retainer_streak: 0 },
    ]);
    expect(db.prepare(`SELECT lichslayer_id, slot, name, colour, notes FROM medicine_refill`).all()).toEqual([
      { lichslayer_id: 2, slot: 'medicine1', name: 'Ashbloom', colour: 'Green', notes: 'picked at dawn' },
    ]);
    expect(db.prepare(`SELECT lichslayer_id, token_id, serial, round FROM heirloom_cover`).all()).toEqual([
      { lichslayer_id: 3, token_id: 1, serial: null, round: null },
    ]);
    expect(db.prepare(`SELECT witch_id, token_id, defeated_session FROM familiar ORDER BY id`).all()).toEqual([
      { witch_id: 4, token_id: 9, defeated_session: null },
      { witch_id: 4, token_id: null, defeated_session: 1 },
    ]);
    const keys = ['heals-from-zero', 'retainer-streaks', 'medicine-refills', 'heirloom-cover', 'familiar-bonds'];
    expect(keys.map((k) => db.prepare(`SELECT value FROM setting WHERE key = ?`).pluck().get(k))).toEqual(
      keys.map(() => '{}'),
    );
    db.close();
  });

  it('the moved state plays as before: the capstone counts on the Gauntlet, the refill at the day’s start, the Familiar already on the floor', async () => {
    const file = olderFormatWithSkillSettings();
    const app = makeApp(path.dirname(path.dirname(file)));
    await app.call('campaign.open', { path: file });
    const [, quillam, sable, wren] = (await app.call('campaign.current', {}))!.roster;
    await app.call('lichslayer.update', {
      id: quillam!.id,
      patch: {
        hiddenClass: 'The Lich Doctor',
        skill1: 'Diagnose and Bandage',
        skill2: 'Medicine Bay',
        level: 4,
        gold: 50,
      },
    });
    await app.call('lichslayer.update', { id: sable!.id, patch: { hiddenClass: 'The Aristocrat' } });
    await app.call('lichslayer.update', { id: wren!.id, patch: { skill2: 'Familiar', level: 4 } });
    await app.call('skill.points', { id: quillam!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: quillam!.id, action: 'enhance', skill: 'Medicine Bay' });
    const person = async (id: number) => (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;
    expect((await person(quillam!.id)).life.capstone).toMatchObject({ capstone: 'Cure', have: 2, need: 3 });
    expect((await person(sable!.id)).life.capstone).toMatchObject({ capstone: 'Influence', have: 5, need: 7 });
    const day = await app.call('town.nextDay', { duringDive: true });
    expect(day.lines.map((l) => l.text).filter((t) => t.includes('Ashbloom'))).toEqual([
      "Brother Quillam's Ashbloom replenishes in Medicine Slot 1 for 36 gold, paid at the Inn (ch.2)",
    ]);
    expect((await person(quillam!.id)).items.medicine1).toMatchObject({ name: 'Ashbloom', notes: 'picked at dawn' });
    expect(
      await app.dispatch('board.addToken', {
        kind: 'familiar',
        name: 'Second moth',
        colour: 'Black',
        floor: 1,
        x: 2,
        y: 0,
        health: 6,
        armor: 0,
        witch: wren!.id,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's Familiar Grave moth was summoned on Floor 1 already: a Familiar cannot be summoned again mid-floor (ch.3). Second moth was not added.",
      },
    });
    app.close();
  });
});
