// The phase machines as the campaign keeps them: persisted snapshots in settings (undoable like
// any edit), restored into live actors; and the board's turn stack as the combat round sees it.
import type { Database } from 'better-sqlite3';
import { createActor, type SnapshotFrom } from 'xstate';
import { allTokens, legacyPartyFloor, legacyWorldAttention, turnStack } from '../db/board-repo.ts';
import { readHouseRules, readSetting } from '../db/settings.ts';
import { z } from 'zod';
import { turnsPerRound } from '../rules/entities.ts';
import { attentionMachine } from '../machines/attention-machine.ts';
import type { AttentionStage } from '../rules/lich-attention.ts';
import type { DivePlace } from '../rules/board-moves.ts';
import { DIVE_CONTEXT_DEFAULTS, diveMachine } from '../machines/dive-machine.ts';
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
  const actor = createActor(diveMachine, {
    input: { party: partyIds(db) },
    ...(snapshot ? { snapshot: withDefaults<SnapshotFrom<typeof diveMachine>>(snapshot, DIVE_CONTEXT_DEFAULTS) } : {}),
  }).start();
  // A campaign saved before the dive machine owned the party's place had the party on a floor.
  const legacy = snapshot ? null : legacyPartyFloor(db);
  if (legacy !== null) {
    actor.send({ type: 'DESCEND', roster: partyIds(db) });
    for (let floor = 1; floor < Math.min(legacy, 9) && actor.getSnapshot().context.floor === floor; floor++) actor.send({ type: 'DESCEND' });
  }
  return actor;
}

export function attentionActor(db: Database) {
  const snapshot = stored(db, 'machine:attention');
  if (snapshot) return createActor(attentionMachine, { snapshot: snapshot as SnapshotFrom<typeof attentionMachine> }).start();
  // A campaign saved before the machine existed starts from the stage it kept beside the Square.
  const actor = createActor(attentionMachine).start();
  const stage = legacyWorldAttention(db);
  if (stage > 0) actor.send({ type: 'JUDGE_SETS', stage });
  return actor;
}

/** A fresh Attention machine set to a stage, as saved: a Town reached with no machine of its own. */
export function attentionSnapshotAt(stage: AttentionStage): unknown {
  const actor = createActor(attentionMachine).start();
  if (stage > 0) actor.send({ type: 'JUDGE_SETS', stage });
  return actor.getPersistedSnapshot();
}

/** The Lich's Attention stage: its one home is the Attention machine (ch.5, ch.16). */
export function attentionStage(db: Database): AttentionStage {
  return attentionActor(db).getSnapshot().context.stage as 0 | 1 | 2 | 3 | 4;
}

/** The board's turn stack where the party is (a floor, or the Town), with each entrant's turns per round (ch.11). */
/** Where the party is: its one home is the dive machine (null: in the Town). */
export function partyFloor(db: Database): number | null {
  return diveActor(db).getSnapshot().context.floor;
}

/** The party's place as the board's rules read it. */
export function divePlace(db: Database): DivePlace {
  const { floor, present, turned } = diveActor(db).getSnapshot().context;
  return { floor, present, turned };
}

export function stackSlots(db: Database): Slot[] {
  // ch.16: a turned character acts for the Lich, an entity under the Judge, not one of the party.
  const { floor, turned } = diveActor(db).getSnapshot().context;
  const rules = readHouseRules(db);
  const tokens = new Map(allTokens(db).map((t) => [t.id, t]));
  const speeds = new Map((db.prepare(`SELECT id, speed FROM lichslayer`).all() as { id: number; speed: number }[]).map((r) => [r.id, r.speed]));
  return turnStack(db).flatMap((e) => {
    const t = tokens.get(e.token_id);
    if (!t || t.defeated || t.floor !== floor || t.kind === 'phylactery') return [];
    const speed = t.lichslayerId !== null ? (speeds.get(t.lichslayerId) ?? 6) : (t.stats.speed ?? 6);
    return [{ tokenId: t.id, turns: turnsPerRound(speed, rules, t.kind === 'entity' ? t.stats.turns : undefined).value, party: PARTY_KINDS.has(t.kind) && !(t.lichslayerId !== null && turned.includes(t.lichslayerId)) }];
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
