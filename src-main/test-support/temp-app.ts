// A CampaignApp over a fresh temporary data folder: real SQLite files, no mocks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { BoardView } from '@shared/board.ts';
import type { Colour } from '@shared/gauntlet.ts';
import { CampaignApp } from '../app/campaign-app.ts';

export const RESOURCES_DIR = path.resolve(import.meta.dirname, '../../resources');

export function tempDir(prefix = 'lj-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function makeApp(dataDir = tempDir()): CampaignApp {
  return new CampaignApp({ dataDir, host: 'web', version: 'test', resourcesDir: RESOURCES_DIR });
}

export function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** The demo campaign opened in a fresh data folder, with the dice seeded: where most rules tests start. */
export async function openDemo(seed: number, dataDir = tempDir()) {
  const app = makeApp(dataDir);
  await app.ensureFirstLaunch();
  const [c] = await app.call('campaign.list', {});
  await app.call('campaign.open', { path: c!.path });
  await app.call('dice.setSeed', { seed });
  const roster = (await app.call('campaign.current', {}))!.roster;
  const me = async (id: number) => (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;
  return { app, file: c!.path, dataDir, roster, me };
}

/** Takes the party down to a floor the way a Judge does: descending one floor at a time, opening the Gate for Floor 10 (ch.9, ch.10). */
export async function descendTo(app: CampaignApp, floor: number): Promise<void> {
  let at = (await app.call('phase.view', {})).dive.floor ?? 0;
  while (at < floor) {
    if (at === 9) {
      for (const l of (await app.call('campaign.current', {}))!.roster)
        await app.call('phase.send', { event: { type: 'ROOM_CLEARED', lichslayer: l.id } });
      await app.call('phase.send', { event: { type: 'OPEN_GATE' } });
    }
    at = (await app.call('phase.send', { event: { type: 'DESCEND' } })).dive.floor ?? 0;
  }
}

/** Enters every room of the party's floor, as a fully cleared floor needs (ch.1, RULINGS): each set by hand as an empty Chamber and walked into. */
export async function walkEveryRoom(app: CampaignApp, floor: number): Promise<void> {
  const walker = (await app.call('board.view', { floor })).tokens.find((t) => t.kind === 'lichslayer')!;
  const board = await app.call('board.view', { floor });
  for (const r of board.rooms) {
    if (r.entered) continue;
    if (!r.revealed)
      await app.call('board.setRoom', {
        floor,
        x: r.x,
        y: r.y,
        patch: { type: 'chamber', name: `Room ${r.x + 1},${r.y + 1}` },
        revealed: true,
      });
    await app.call('board.moveToken', { tokenId: walker.id, floor, x: r.x, y: r.y, override: true });
  }
}

/** An enemy set in the Vault by hand: Red, 30 Health, no Armor, level 2, a 1d6 attack unless it says otherwise. */
export interface VaultEnemy {
  name: string;
  colour?: Colour;
  health?: number;
  armor?: number;
  attack?: string;
  stats?: Record<string, unknown>;
}

/**
 * The party descends to Floor 1 into a prepared, empty Vault (no roll, no trap) where the given
 * enemies are set by hand; with `enter`, they enter and the fight is on (ch.9, ch.11).
 */
export async function intoTheVault(
  app: CampaignApp,
  enemies: readonly VaultEnemy[],
  { enter = false }: { enter?: boolean } = {},
): Promise<BoardView> {
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  let board = await app.call('board.view', { floor: 1 });
  for (const e of enemies)
    board = await app.call('board.addToken', {
      kind: 'entity',
      name: e.name,
      colour: e.colour ?? 'Red',
      floor: 1,
      x: 2,
      y: 0,
      health: e.health ?? 30,
      armor: e.armor ?? 0,
      stats: { level: 2, attack: e.attack ?? '1d6', ...(e.stats ?? {}) },
    });
  if (enter) await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  return board;
}
