// Fuzzed boundaries: random and mutated payloads for every contract command, and random bytes
// as a campaign file. No unhandled exception, no internal error, and a refused input leaves the
// campaign's content exactly as it was.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { COMMAND_NAMES, type CommandName } from '@shared/contract.ts';
import { makeApp, sha256, tempDir } from '../test-support/temp-app.ts';
import type { CampaignApp } from './campaign-app.ts';

/** A hash of every row of every table: the campaign's content, whatever the WAL holds. */
function contentHash(db: Database): string {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string }[];
  const h = crypto.createHash('sha256');
  for (const { name } of tables)
    h.update(name + JSON.stringify(db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()));
  return h.digest('hex');
}

/** Commands that switch, make or remove whole campaigns: fuzzed for errors, not for the content hash. */
const LIFECYCLE = new Set<CommandName>([
  'campaign.create',
  'campaign.open',
  'campaign.close',
  'campaign.duplicate',
  'campaign.delete',
  'backups.restore',
  'backups.restoreNewest',
  'backups.create',
  'backups.setRetention',
]);

/** One plausible payload per command, to mutate. */
const EXAMPLES: Partial<Record<CommandName, unknown>> = {
  'lichslayer.update': { id: 1, patch: { gold: 10, name: 'X' } },
  'lichslayer.setItem': { id: 1, slot: 'gear', item: { name: 'Knife', colour: 'Red' } },
  'lichslayer.setInventory': { id: 1, stacks: [{ name: 'Rope', count: 2 }] },
  'tables.setRow': { key: 'flora', index: 0, row: { label: 'x', range: { from: 1, to: 1 } } },
  'tables.roll': { key: 'loot', context: { floor: 3 } },
  'tables.importSave': { text: '1 = a\n2 = b', name: 'Fuzz' },
  'board.moveToken': { tokenId: 1, floor: 1, x: 1, y: 0 },
  'board.setRoom': { floor: 1, x: 3, y: 3, patch: { name: 'y' } },
  'houseRules.update': { patch: { chestSuccessOn: 5 } },
  'print.lootCards': { indices: [1, 2] },
};

function mutate(example: unknown): fc.Arbitrary<unknown> {
  return fc.tuple(fc.anything(), fc.nat(10)).map(([junk, n]) => {
    const copy = JSON.parse(JSON.stringify(example ?? {})) as Record<string, unknown>;
    const keys = Object.keys(copy);
    if (keys.length) copy[keys[n % keys.length]!] = junk;
    else copy[`k${n}`] = junk;
    return copy;
  });
}

describe('fuzzed command payloads', () => {
  it('every command survives random and mutated payloads', async () => {
    const dataDir = tempDir();
    const app: CampaignApp = makeApp(dataDir);
    await app.ensureFirstLaunch();
    const [demo] = await app.call('campaign.list', {});
    await app.call('campaign.open', { path: demo!.path });
    await app.call('board.enterFloor', { floor: 1 });
    const db = () => app.current()?.db;
    let inputs = 0;
    let refused = 0;
    for (const name of COMMAND_NAMES) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), mutate(EXAMPLES[name])), async (payload) => {
          inputs++;
          const before = db() ? contentHash(db()!) : null;
          const reply = await app.dispatch(name, payload);
          expect(typeof reply.ok).toBe('boolean');
          if (!reply.ok) {
            refused++;
            if (reply.error.code === 'internal')
              throw new Error(`${name} failed internally on ${JSON.stringify(payload)}: ${reply.error.message}`);
            if (!LIFECYCLE.has(name) && before !== null && db()) expect(contentHash(db()!)).toBe(before);
          }
          // keep fuzzing the demo campaign even if a lifecycle command switched away from it
          if (LIFECYCLE.has(name) && app.current()?.path !== demo!.path) {
            await app.dispatch('campaign.open', { path: demo!.path });
          }
        }),
        { numRuns: 25 },
      );
    }
    expect(refused).toBeGreaterThan(COMMAND_NAMES.length * 10);
    console.log(
      `fuzz: ${inputs} payloads over ${COMMAND_NAMES.length} commands, ${refused} refused cleanly, none failed internally`,
    );
    app.close();
  }, 120_000);

  it('unknown commands are refused with a clear error', async () => {
    const app = makeApp();
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.anything(), async (name, payload) => {
        fc.pre(!(COMMAND_NAMES as string[]).includes(name));
        const reply = await app.dispatch(name, payload);
        expect(reply).toMatchObject({ ok: false, error: { code: 'unknown-command' } });
      }),
      { numRuns: 200 },
    );
  });
});

/** Ids no demo campaign has: a command naming one must refuse, not act on nothing (or on nobody). */
const NOBODY = 999_999;
const DANGLING: [CommandName, unknown][] = [
  ['lichslayer.update', { id: NOBODY, patch: { gold: 10 } }],
  ['lichslayer.delete', { id: NOBODY }],
  ['lichslayer.setItem', { id: NOBODY, slot: 'gear', item: { name: 'Knife', colour: 'Red' } }],
  ['lichslayer.gainGold', { id: NOBODY, amount: 5 }],
  ['lichslayer.levelUp', { id: NOBODY }],
  ['lichslayer.felled', { id: NOBODY }],
  ['town.buy', { id: NOBODY, what: 'meal' }],
  ['town.banquet', { payer: NOBODY }],
  ['town.contribute', { id: NOBODY, to: 'inn', amount: 1 }],
  ['retainer.hire', { employer: NOBODY, name: 'Hob', grade: 'Novice' }],
  ['retainer.dismiss', { retainer: NOBODY }],
  ['forest.feed', { id: NOBODY }],
  ['forest.forage', { id: NOBODY }],
  ['forest.record', { event: 'daedric-killed', killer: NOBODY }],
  ['forest.go', { ids: [NOBODY], where: 'forest' }],
  ['smith.repairArmor', { id: NOBODY, points: 1 }],
  ['loot.vestment', { id: NOBODY }],
  ['skill.points', { id: NOBODY, delta: 1 }],
  ['skill.use', { id: NOBODY, skill: 'Break' }],
  ['board.moveToken', { tokenId: NOBODY, floor: 1, x: 1, y: 0 }],
  ['board.placeLichslayer', { lichslayerId: NOBODY, floor: 1, x: 1, y: 0 }],
  ['board.updateToken', { id: NOBODY, patch: { name: 'Ghost' } }],
  ['board.removeToken', { id: NOBODY }],
  ['fight.options', { attacker: NOBODY }],
  ['phase.respond', { tokenId: NOBODY }],
  ['phase.spellbook', { tokenId: NOBODY }],
  ['phase.cure', { id: NOBODY, how: 'cleanse' }],
  ['print.gauntlets', { ids: [NOBODY] }],
];

describe('input the contract refuses whatever the command', () => {
  it('a null body, NUL characters, lone surrogates and ids that name nothing are refused, and nothing changes', async () => {
    const app = makeApp(tempDir());
    await app.ensureFirstLaunch();
    const [demo] = await app.call('campaign.list', {});
    await app.call('campaign.open', { path: demo!.path });
    await app.call('board.enterFloor', { floor: 1 });
    const db = () => app.current()!.db;
    const before = contentHash(db());
    // null is not an empty object, for any command.
    for (const name of COMMAND_NAMES)
      expect(await app.dispatch(name, null), name).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    // Text that is not text, anywhere in the arguments: a value or a key.
    const bad = fc.oneof(
      fc.constantFrom('\0', '\uD800', '\uDFFF', 'a\uDC00b'),
      fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\0', '\uD83D')).map(([t, c]) => t + c),
    );
    const carriers: [CommandName, (t: string) => unknown][] = [
      ['lichslayer.create', (t) => ({ name: `Ash${t}` })],
      ['campaign.create', (t) => ({ name: `Camp${t}` })],
      ['journal.setNotes', (t) => ({ session: 1, text: t })],
      ['lichslayer.update', (t) => ({ id: 1, patch: { notes: t } })],
      ['board.setRoom', (t) => ({ floor: 1, x: 3, y: 3, patch: { name: t } })],
      ['tables.importPreview', (t) => ({ text: `1 = ${t}` })],
    ];
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...carriers), bad, async ([name, args], t) => {
        const reply = await app.dispatch(name, args(t));
        expect(reply, `${name} ${JSON.stringify(t)}`).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
        refused++;
      }),
      { numRuns: 120, seed: 7 },
    );
    expect(refused).toBe(120);
    expect(await app.dispatch('lichslayer.update', { id: 1, patch: { gold: 1 }, ['x\0']: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-args' },
    });
    for (const [name, args] of DANGLING) {
      const reply = await app.dispatch(name, args);
      expect(reply, `${name} ${JSON.stringify(args)}`).toMatchObject({ ok: false });
      if (!reply.ok) expect(reply.error.code, `${name}: ${reply.error.message}`).not.toBe('internal');
    }
    expect(contentHash(db())).toBe(before);
    app.close();
  }, 120_000);
});

describe('random bytes as a campaign file', () => {
  const header = Buffer.from('SQLite format 3\0', 'latin1');
  const randomFile = fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 20_000 }), fc.boolean());
  const bytesOf = ([bytes, withHeader]: [Uint8Array, boolean]) =>
    withHeader ? Buffer.concat([header, Buffer.from(bytes)]) : Buffer.from(bytes);

  it('in the campaigns folder, is read by the open check and refused with a clear message, left byte-for-byte as it was', async () => {
    const app = makeApp(tempDir());
    let probes = 0;
    await fc.assert(
      fc.asyncProperty(randomFile, async (random) => {
        const file = path.join(app.campaignsDir, `random-${probes++}.lichslayer`);
        fs.writeFileSync(file, bytesOf(random));
        const before = sha256(file);
        const reply = await app.dispatch('campaign.open', { path: file });
        // Refused for what the bytes are (not a database, or not one the app can read), never for where they are.
        expect(reply).toEqual({
          ok: false,
          error: {
            code: 'campaign-file',
            message: expect.stringMatching(
              new RegExp(`^${path.basename(file)} (is not a campaign file|could not be read as a campaign|is damaged)`),
            ),
          },
        });
        expect(sha256(file)).toBe(before);
        expect(fs.existsSync(file + '-wal')).toBe(false);
        expect(fs.existsSync(file + '-shm')).toBe(false);
      }),
      { numRuns: 120, seed: 11 },
    );
    expect(probes).toBe(120);
    app.close();
  }, 120_000);

  it('imported, is refused with a clear message and nothing is imported', async () => {
    const app = makeApp(tempDir());
    const sent = tempDir('lj-sent-');
    let probes = 0;
    await fc.assert(
      fc.asyncProperty(randomFile, async (random) => {
        const file = path.join(sent, `random-${probes++}.lichslayer`);
        fs.writeFileSync(file, bytesOf(random));
        const before = sha256(file);
        await expect(app.importCampaign(file)).rejects.toMatchObject({
          name: 'CampaignFileError',
          message: expect.stringMatching(
            new RegExp(`^${path.basename(file)} (is not a campaign file|could not be read as a campaign|is damaged)`),
          ),
        });
        expect(sha256(file)).toBe(before);
        expect(fs.readdirSync(app.campaignsDir)).toEqual([]);
      }),
      { numRuns: 60, seed: 12 },
    );
    expect(probes).toBe(60);
    app.close();
  }, 120_000);
});
