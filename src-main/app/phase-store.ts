// The phase machines as the campaign keeps them: persisted snapshots in settings (undoable like
// any edit), restored into live actors; and the board's turn stack as the combat round sees it.
import type { Database } from 'better-sqlite3';
import { createActor, type SnapshotFrom } from 'xstate';
import { allTokens, readBoardState, readWorld, turnStack } from '../db/board-repo.ts';
import { readHouseRules, readSetting } from '../db/settings.ts';
import { z } from 'zod';
import { turnsPerRound } from '../rules/entities.ts';
import { attentionMachine } from '../machines/attention-machine.ts';
import { diveMachine } from '../machines/dive-machine.ts';
import { combatRound, type Slot } from '../machines/combat-round.ts';

export const PARTY_KINDS: ReadonlySet<string> = new Set(['lichslayer', 'retainer', 'familiar']);

export function partyIds(db: Database): number[] {
  return (db.prepare(`SELECT id FROM lichslayer ORDER BY position, id`).all() as { id: number }[]).map((r) => r.id);
}

export function stored(db: Database, key: string): unknown {
  const row = db.prepare(`SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

/** Snapshots saved by an earlier version lack the newer context fields: fill their defaults. */
function withDefaults<T>(snapshot: unknown, defaults: Record<string, unknown>): T {
  const s = snapshot as { context?: Record<string, unknown> };
  return { ...s, context: { ...defaults, ...(s.context ?? {}) } } as T;
}

export function diveActor(db: Database) {
  const snapshot = stored(db, 'machine:dive');
  return createActor(diveMachine, {
    input: { party: partyIds(db) },
    ...(snapshot ? { snapshot: withDefaults<SnapshotFrom<typeof diveMachine>>(snapshot, { turned: [], ending: null }) } : {}),
  }).start();
}

export function attentionActor(db: Database) {
  const snapshot = stored(db, 'machine:attention');
  if (snapshot) return createActor(attentionMachine, { snapshot: snapshot as SnapshotFrom<typeof attentionMachine> }).start();
  // A campaign without a saved machine starts from the stage the board's world shows.
  const actor = createActor(attentionMachine).start();
  const stage = readWorld(db).attentionStage;
  if (stage >= 4) actor.send({ type: 'CROWN' });
  else if (stage === 3) actor.send({ type: 'UNBOUND_COMPLETED' });
  else for (const floor of [4, 6].slice(0, stage)) actor.send({ type: 'DESCENT', floor });
  return actor;
}

export function attentionStage(db: Database): 0 | 1 | 2 | 3 | 4 {
  return attentionActor(db).getSnapshot().context.stage as 0 | 1 | 2 | 3 | 4;
}

/** The board's turn stack where the party is (a floor, or the Town), with each entrant's turns per round (ch.11). */
export function stackSlots(db: Database): Slot[] {
  const floor = readBoardState(db).partyFloor;
  const rules = readHouseRules(db);
  const tokens = new Map(allTokens(db).map((t) => [t.id, t]));
  const speeds = new Map((db.prepare(`SELECT id, speed FROM lichslayer`).all() as { id: number; speed: number }[]).map((r) => [r.id, r.speed]));
  return turnStack(db).flatMap((e) => {
    const t = tokens.get(e.token_id);
    if (!t || t.defeated || t.floor !== floor || t.kind === 'phylactery') return [];
    const speed = t.lichslayerId !== null ? (speeds.get(t.lichslayerId) ?? 6) : (t.stats.speed ?? 6);
    return [{ tokenId: t.id, turns: turnsPerRound(speed, rules, t.kind === 'entity' ? t.stats.turns : undefined).value, party: PARTY_KINDS.has(t.kind) }];
  });
}

export function combatActor(db: Database) {
  const snapshot = stored(db, 'machine:combat');
  return createActor(
    combatRound,
    snapshot ? { snapshot: withDefaults<SnapshotFrom<typeof combatRound>>(snapshot, { pending: [], due: [], nextCastId: 1, moved: [] }) } : {},
  ).start();
}

const turnedOnSchema = z.record(z.string(), z.number().int());
/** The day each turned character was turned (ch.16), for the Pilgrimage's six days. */
export const turnedOn = (db: Database): Record<string, number> => readSetting(db, 'turned-on', turnedOnSchema, {});
