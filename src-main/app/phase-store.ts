// The phase machines as the campaign keeps them: persisted snapshots in settings (undoable like
// any edit), restored into live actors; and the board's turn stack as the combat round sees it.
import type { Database } from 'better-sqlite3';
import { createActor, type AnyActorLogic, type Actor, type SnapshotFrom } from 'xstate';
import { allTokens, legacyPartyFloor, legacyWorldAttention, turnStack } from '../db/board-repo.ts';
import { damagedSetting, readHouseRules, readSetting } from '../db/settings.ts';
import { z } from 'zod';
import { CASTING_TIMES } from '@shared/tables.ts';
import { turnsPerRound } from '../rules/entities.ts';
import { takesOwnTurn } from '../rules/turn-order.ts';
import { attentionMachine } from '../machines/attention-machine.ts';
import type { AttentionStage } from '../rules/lich-attention.ts';
import type { DivePlace } from '../rules/board-moves.ts';
import { diveMachine } from '../machines/dive-machine.ts';
import { combatRound, type Slot } from '../machines/combat-round.ts';

export const PARTY_KINDS: ReadonlySet<string> = new Set(['lichslayer', 'retainer', 'familiar']);

export function partyIds(db: Database): number[] {
  return (db.prepare(`SELECT id FROM lichslayer ORDER BY position, id`).all() as { id: number }[]).map((r) => r.id);
}

// ---- the machines' saved snapshots, validated before xstate sees them ----
// A snapshot xstate cannot restore makes it throw from a timer, which would end the host (issue
// 16b, finding 1): every one is read through its schema, and a damaged one refuses by name.

const id = z.number().int();
const ids = z.array(id).max(10_000);

/** What getPersistedSnapshot() writes for these machines: flat states, no invoked actors, no history states. */
function snapshotSchema<C extends z.ZodType>(machine: { states: Record<string, unknown> }, context: C) {
  const states = Object.keys(machine.states) as [string, ...string[]];
  return z.object({
    status: z.enum(['active', 'done']),
    value: z.enum(states),
    context,
    children: z.strictObject({}),
    historyValue: z.strictObject({}),
  });
}

// Fields added to a context after campaigns were saved take their defaults (older snapshots lack
// them). Contexts are loose: a field this schema does not know yet is kept as it was, not dropped.
const diveSnapshot = snapshotSchema(
  diveMachine,
  z.looseObject({
    floor: z.number().int().min(1).max(10).nullable(),
    party: ids,
    present: ids,
    zeroes: z.record(z.string(), z.number().int().min(0)),
    lost: ids,
    clearedOnNine: ids,
    gateOpen: z.boolean(),
    forceAttempts: z.number().int().min(0),
    floorsCleared: ids,
    phylacteryDestroyed: z.boolean(),
    turned: ids.default([]),
    ending: z.string().max(1000).nullable().default(null),
    sanityBreaks: ids.default([]),
    merchantsDispatched: ids.default([]),
    lostRerollUsed: ids.default([]),
  }),
);

const attentionSnapshot = snapshotSchema(
  attentionMachine,
  z.looseObject({
    stage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    deepestFloorReached: z.number().int().min(0).max(10),
    daysWithoutDivePast3: z.number().int().min(0),
    daysWithoutDivePast5: z.number().int().min(0),
    last: z.string().max(1000).nullable().default(null),
  }),
);

const casting = z.looseObject({
  id,
  caster: id,
  table: z.string().max(200),
  row: z.number().int().min(0),
  label: z.string().max(1000),
  time: z.enum(CASTING_TIMES),
  round: z.number().int().min(0),
  basis: z
    .looseObject({
      magic: z.number(),
      lootMagic: z.number(),
      fixed: z.boolean(),
      times: z.number(),
      why: z.string().max(300).optional(),
    })
    .optional(),
});
const combatSnapshot = snapshotSchema(
  combatRound,
  z.looseObject({
    round: z.number().int().min(0),
    order: z
      .array(z.looseObject({ tokenId: id, turns: z.number().int().min(0).max(100), party: z.boolean().optional() }))
      .max(10_000),
    queue: ids,
    current: id.nullable(),
    acted: ids,
    owes: ids,
    interrupted: id.nullable(),
    pending: z.array(casting).max(10_000).default([]),
    due: z.array(casting).max(10_000).default([]),
    nextCastId: z.number().int().min(1).default(1),
    moved: ids.default([]),
  }),
);

const MACHINE_SNAPSHOTS = {
  'machine:dive': diveSnapshot,
  'machine:attention': attentionSnapshot,
  'machine:combat': combatSnapshot,
} as const;
type MachineKey = keyof typeof MACHINE_SNAPSHOTS;

/**
 * A machine's saved snapshot, validated; null when there is none (or it was cleared). xstate's
 * own snapshot types are wider (output, error): the validated shape is handed to it as one.
 */
export function stored<K extends MachineKey>(db: Database, key: K): z.output<(typeof MACHINE_SNAPSHOTS)[K]> | null {
  return readSetting(db, key, MACHINE_SNAPSHOTS[key].nullable(), null) as z.output<
    (typeof MACHINE_SNAPSHOTS)[K]
  > | null;
}

/** The Attention snapshot a departed Town's archive keeps (the setting's stored text), validated like the setting. */
export function archivedAttention(json: string): z.output<typeof attentionSnapshot> | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw damagedSetting('town-state', "a departed Town's Attention is not valid JSON");
  }
  const parsed = attentionSnapshot.nullable().safeParse(raw);
  if (!parsed.success)
    throw damagedSetting('town-state', "a departed Town's Attention is not a saved Attention machine");
  return parsed.data;
}

/**
 * Starts an actor. A restore xstate refuses (a state the machine lacks, say) would be rethrown
 * from a timer and end the process; the error observer takes it instead, and it refuses as a
 * damaged setting. An error later in the actor's life is logged, never thrown from a timer.
 */
function started<T extends Actor<AnyActorLogic>>(actor: T, key: MachineKey): T {
  let failure: unknown = null;
  actor.subscribe({
    error: (error: unknown) => {
      failure ??= error;
      console.error(
        `Lichslayer Judge: the ${key.slice('machine:'.length)} machine stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
    },
  });
  actor.start();
  if (failure !== null || actor.getSnapshot().status === 'error') {
    const reason = failure instanceof Error ? failure.message : 'it could not be restored';
    throw damagedSetting(key, `the saved machine could not be restored: ${reason}`);
  }
  return actor;
}

export function diveActor(db: Database) {
  const snapshot = stored(db, 'machine:dive');
  const actor = started(
    createActor(diveMachine, {
      input: { party: partyIds(db) },
      ...(snapshot ? { snapshot: snapshot as unknown as SnapshotFrom<typeof diveMachine> } : {}),
    }),
    'machine:dive',
  );
  // A campaign saved before the dive machine owned the party's place had the party on a floor.
  const legacy = snapshot ? null : legacyPartyFloor(db);
  if (legacy !== null) {
    actor.send({ type: 'DESCEND', roster: partyIds(db) });
    for (let floor = 1; floor < Math.min(legacy, 9) && actor.getSnapshot().context.floor === floor; floor++)
      actor.send({ type: 'DESCEND' });
  }
  return actor;
}

export function attentionActor(db: Database) {
  const snapshot = stored(db, 'machine:attention');
  if (snapshot)
    return started(
      createActor(attentionMachine, { snapshot: snapshot as unknown as SnapshotFrom<typeof attentionMachine> }),
      'machine:attention',
    );
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
  const speeds = new Map(
    (db.prepare(`SELECT id, speed FROM lichslayer`).all() as { id: number; speed: number }[]).map((r) => [
      r.id,
      r.speed,
    ]),
  );
  return turnStack(db).flatMap((e) => {
    const t = tokens.get(e.token_id);
    // ch.3: a Familiar acts on its Witch's turn, not in a slot of its own.
    if (!t || t.defeated || t.floor !== floor || t.kind === 'phylactery' || !takesOwnTurn(t.kind)) return [];
    const speed = t.lichslayerId !== null ? (speeds.get(t.lichslayerId) ?? 6) : (t.stats.speed ?? 6);
    return [
      {
        tokenId: t.id,
        turns: turnsPerRound(speed, rules, t.kind === 'entity' ? t.stats.turns : undefined).value,
        party: PARTY_KINDS.has(t.kind) && !(t.lichslayerId !== null && turned.includes(t.lichslayerId)),
      },
    ];
  });
}

export function combatActor(db: Database) {
  const snapshot = stored(db, 'machine:combat');
  return started(
    createActor(combatRound, snapshot ? { snapshot: snapshot as unknown as SnapshotFrom<typeof combatRound> } : {}),
    'machine:combat',
  );
}

const turnedOnSchema = z.record(z.string(), z.number().int());
/** The day each turned character was turned (ch.16), for the Pilgrimage's six days. */
export const turnedOn = (db: Database): Record<string, number> => readSetting(db, 'turned-on', turnedOnSchema, {});
