// Format 6 (flat cost at any campaign size): a format-5 campaign keeps its skill uses (now one row
// each), its undo steps learn their session, the unread action log goes, and a skill use after
// that is one small row in its undo step however many came before.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, openDemo, tempDir } from '../test-support/temp-app.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'campaign-v5.lichslayer');

/** The format-5 fixture, with skill uses in their old JSON setting and a second session begun. */
function v5WithPlay(dataDir: string): string {
  const file = path.join(dataDir, 'campaigns', 'v5.lichslayer');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(FIXTURE, file);
  const db = new Database(file);
  const uses = [
    { lichslayerId: 3, skill: 'Burgle', session: 1, day: 1, floor: 1, round: 2, turn: 0, target: 'Gnawer' },
    {
      lichslayerId: 2,
      skill: 'Identify',
      session: 2,
      day: 3,
      floor: null,
      round: null,
      turn: null,
      target: 'Wight',
      faction: 'Ghoul',
    },
    // Written since fights and floor visits were counted (ch.2's round, turn and floor limits).
    { lichslayerId: 1, skill: 'Maneuver', session: 2, day: 3, floor: 2, fight: 4, visit: 5, round: 1, turn: 0 },
    // Burgles written since each entity's token and the outcome were kept (ch.2: once per entity; Cheat counts successes).
    {
      lichslayerId: 3,
      skill: 'Burgle',
      session: 2,
      day: 3,
      floor: 2,
      fight: 4,
      visit: 5,
      round: 1,
      turn: 1,
      target: 'Bone Rat',
      tokenId: 41,
      success: false,
    },
    {
      lichslayerId: 3,
      skill: 'Burgle',
      session: 2,
      day: 3,
      floor: 2,
      fight: 4,
      visit: 5,
      round: 2,
      turn: 1,
      target: 'Bone Rat 2',
      tokenId: 42,
      success: true,
    },
    // Not a use the schema ever allowed: left behind.
    { lichslayerId: 'three', skill: 'Burgle', session: 1, day: 1 },
    // A Lichslayer the campaign no longer has: left behind.
    { lichslayerId: 99, skill: 'Burgle', session: 1, day: 1, floor: null, round: null, turn: null },
  ];
  const put = db.prepare(`INSERT INTO setting (key, value) VALUES (?, ?)`);
  put.run('skill-uses', JSON.stringify(uses));
  put.run('session', '2');
  put.run('session-starts', JSON.stringify({ '2': '2026-11-29T19:19:54.580Z' }));
  db.close();
  return file;
}

describe('format 6', () => {
  it('moves skill uses into rows, gives each undo step its session and drops the action log', async () => {
    const dataDir = tempDir();
    const file = v5WithPlay(dataDir);
    const app = makeApp(dataDir);
    await app.call('campaign.open', { path: file });
    const db = app.current()!.db;
    expect(
      db
        .prepare(
          `SELECT lichslayer_id, skill, session, day, floor, fight, visit, round, turn, target, faction, token_id, success FROM skill_use ORDER BY id`,
        )
        .all(),
    ).toEqual([
      {
        lichslayer_id: 3,
        skill: 'Burgle',
        session: 1,
        day: 1,
        floor: 1,
        fight: null,
        visit: null,
        round: 2,
        turn: 0,
        target: 'Gnawer',
        faction: null,
        token_id: null,
        success: null,
      },
      {
        lichslayer_id: 2,
        skill: 'Identify',
        session: 2,
        day: 3,
        floor: null,
        fight: null,
        visit: null,
        round: null,
        turn: null,
        target: 'Wight',
        faction: 'Ghoul',
        token_id: null,
        success: null,
      },
      {
        lichslayer_id: 1,
        skill: 'Maneuver',
        session: 2,
        day: 3,
        floor: 2,
        fight: 4,
        visit: 5,
        round: 1,
        turn: 0,
        target: null,
        faction: null,
        token_id: null,
        success: null,
      },
      {
        lichslayer_id: 3,
        skill: 'Burgle',
        session: 2,
        day: 3,
        floor: 2,
        fight: 4,
        visit: 5,
        round: 1,
        turn: 1,
        target: 'Bone Rat',
        faction: null,
        token_id: 41,
        success: 0,
      },
      {
        lichslayer_id: 3,
        skill: 'Burgle',
        session: 2,
        day: 3,
        floor: 2,
        fight: 4,
        visit: 5,
        round: 2,
        turn: 1,
        target: 'Bone Rat 2',
        faction: null,
        token_id: 42,
        success: 1,
      },
    ]);
    // Steps before session 2 began belong to session 1; the later ones to session 2.
    expect(db.prepare(`SELECT id, session FROM history ORDER BY id`).all()).toEqual(
      [1, 1, 1, 1, 2, 2].map((session, i) => ({ id: i + 1, session })),
    );
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'action_log'`).get()).toBeUndefined();
    // The Scholar's Identify counts toward Predict, as before.
    const quillam = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === 2)!;
    expect(quillam.life.capstone).toMatchObject({ capstone: 'Predict', have: 1 });
    // The Bandit's Cheat counts successful Burgles from distinct enemies: Gnawer (from before outcomes were kept) and token 42, not the failed one.
    const sable = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === 3)!;
    expect(sable.life.capstone).toMatchObject({ capstone: 'Cheat', have: 2 });
    // The journal sorts the steps by the session they now carry.
    const [two, one] = await app.call('journal.view', {});
    expect(one!.changes.map((c) => c.label)).toEqual([
      'Edit Odile Vantreck: gold, notes',
      'Odile Vantreck: inventory',
      expect.stringMatching(/^House rules/),
      'Forest Flora: row 1',
    ]);
    expect(two!.changes.map((c) => c.label)).toEqual(['Set F1 (3,1)', 'Party enters Floor 1']);
    app.close();
  });

  it('a skill use is one small row in its undo step, however many uses came before', async () => {
    const { app, roster } = await openDemo(6);
    const db = app.current()!.db;
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 6 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const insert = db.prepare(
      `INSERT INTO skill_use (lichslayer_id, skill, session, day, floor, round, turn, target) VALUES (?, 'Burgle', 1, ?, 1, NULL, NULL, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(sable.id, 100 + i, `Old mark ${i % 7}`);
    })();
    await app.call('skill.use', { id: sable.id, skill: 'Burgle' });
    const step = db.prepare(`SELECT label, changes FROM history ORDER BY id DESC LIMIT 1`).get() as {
      label: string;
      changes: string;
    };
    expect(step.label).toBe('Skill: Burgle');
    const changed = (JSON.parse(step.changes) as { table: string; before: unknown }[]).filter(
      (c) => c.table === 'skill_use',
    );
    expect(changed).toEqual([expect.objectContaining({ table: 'skill_use', before: null })]);
    expect(step.changes.length).toBeLessThan(4000);
    // Seven distinct marks burgled before, none today: Cheat counts them.
    const me = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === sable.id)!;
    expect(me.life.capstone).toMatchObject({ capstone: 'Cheat', have: 7 });
    // Undo takes the one row away again.
    await app.call('history.undo', {});
    expect((db.prepare(`SELECT count(*) AS n FROM skill_use`).get() as { n: number }).n).toBe(2000);
    app.close();
  });
});
