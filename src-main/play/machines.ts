// The phase machines as the campaign keeps them: persisted snapshots in settings (undoable like
// any edit), stepped purely with xstate's transition() (no actor is started to read or step one);
// and the board's turn stack as the combat round sees it.
import { parseStoredJson } from '../state/stored-json.ts';
import type { PlayReader } from '../state/session.ts';
import { initialTransition, transition, type AnyStateMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { allTokens, turnStack } from '../state/board.ts';
import { rosterRows } from '../state/roster.ts';
import { readHouseRules, readSetting } from '../state/settings.ts';
import { damagedSetting } from '../state/failures.ts';
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

export function partyIds(s: PlayReader): number[] {
  return rosterRows(s).map((r) => r.id);
}

// ---- the machines' saved snapshots, validated before xstate sees them ----
// A snapshot xstate cannot restore makes it throw from a timer, which would end the host:
// every one is read through its schema, and a damaged one refuses by name.

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
  by: id.optional(),
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

/** Built once, nullable: the state caches a setting's parsed value per schema, so each read after the first is free. */
const STORED_SNAPSHOTS = {
  'machine:dive': diveSnapshot.nullable(),
  'machine:attention': attentionSnapshot.nullable(),
  'machine:combat': combatSnapshot.nullable(),
} as const;
type MachineKey = keyof typeof STORED_SNAPSHOTS;

/**
 * A machine's saved snapshot, validated; null when there is none (or it was cleared). xstate's
 * own snapshot types are wider (output, error): the validated shape is handed to it as one.
 */
export function stored<K extends MachineKey>(s: PlayReader, key: K): z.output<(typeof STORED_SNAPSHOTS)[K]> {
  return readSetting(s, key, STORED_SNAPSHOTS[key], null) as z.output<(typeof STORED_SNAPSHOTS)[K]>;
}

/** The Attention snapshot a departed Town's archive keeps (the setting's stored text), validated like the setting. */
export function archivedAttention(json: string): z.output<typeof attentionSnapshot> | null {
  const raw = parseStoredJson(json);
  if (!raw.ok) throw damagedSetting('town-state', `a departed Town's Attention ${raw.why}`);
  const parsed = attentionSnapshot.nullable().safeParse(raw.value);
  if (!parsed.success)
    throw damagedSetting('town-state', "a departed Town's Attention is not a saved Attention machine");
  return parsed.data;
}

/**
 * A machine at a saved snapshot, stepped by pure transitions: `send` computes the next snapshot
 * without starting an actor, and the caller saves `getPersistedSnapshot()` where it is kept.
 */
export class MachineCursor<M extends AnyStateMachine> {
  constructor(
    private readonly machine: M,
    private snapshot: SnapshotFrom<M>,
  ) {}

  getSnapshot(): SnapshotFrom<M> {
    return this.snapshot;
  }

  send(event: EventFrom<M>): void {
    [this.snapshot] = transition(this.machine, this.snapshot, event);
  }

  getPersistedSnapshot(): unknown {
    return this.machine.getPersistedSnapshot(this.snapshot);
  }
}

/** Resolved snapshots by the validated stored value they came from (the state shares that value). */
const resolved = new WeakMap<object, unknown>();

/** A machine's snapshot from its validated stored value; one the machine cannot take refuses by name. */
function restore<M extends AnyStateMachine>(machine: M, key: MachineKey, saved: object): SnapshotFrom<M> {
  const hit = resolved.get(saved);
  if (hit) return hit as SnapshotFrom<M>;
  let snapshot: SnapshotFrom<M>;
  try {
    const { value, context } = saved as { value: string; context: Record<string, unknown> };
    snapshot = machine.resolveState({ value, context: { ...context } }) as SnapshotFrom<M>;
  } catch (error) {
    throw damagedSetting(
      key,
      `the saved machine could not be restored: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  resolved.set(saved, snapshot);
  return snapshot;
}

export function diveActor(s: PlayReader): MachineCursor<typeof diveMachine> {
  const snapshot = stored(s, 'machine:dive');
  if (snapshot) return new MachineCursor(diveMachine, restore(diveMachine, 'machine:dive', snapshot));
  return new MachineCursor(diveMachine, initialTransition(diveMachine, { party: partyIds(s) })[0]);
}

export function attentionActor(s: PlayReader): MachineCursor<typeof attentionMachine> {
  const snapshot = stored(s, 'machine:attention');
  if (snapshot) return new MachineCursor(attentionMachine, restore(attentionMachine, 'machine:attention', snapshot));
  return new MachineCursor(attentionMachine, initialTransition(attentionMachine)[0]);
}

/** The Lich's Attention stage: its one home is the Attention machine (ch.5, ch.16). */
export function attentionStage(s: PlayReader): AttentionStage {
  return attentionActor(s).getSnapshot().context.stage as 0 | 1 | 2 | 3 | 4;
}

/** The board's turn stack where the party is (a floor, or the Town), with each entrant's turns per round (ch.11). */
/** Where the party is: its one home is the dive machine (null: in the Town). */
export function partyFloor(s: PlayReader): number | null {
  return diveActor(s).getSnapshot().context.floor;
}

/** The party's place as the board's rules read it. */
export function divePlace(s: PlayReader): DivePlace {
  const { floor, present, turned } = diveActor(s).getSnapshot().context;
  return { floor, present, turned };
}

export function stackSlots(s: PlayReader): Slot[] {
  // ch.16: a turned character acts for the Lich, an entity under the Judge, not one of the party.
  const { floor, turned } = diveActor(s).getSnapshot().context;
  const rules = readHouseRules(s);
  const tokens = new Map(allTokens(s).map((t) => [t.id, t]));
  const speeds = new Map(s.all('lichslayer').map((r) => [r.id, r.speed]));
  return turnStack(s).flatMap((e) => {
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

/** A combat round not yet started: a fight begins from here. */
export const freshCombat = (): MachineCursor<typeof combatRound> =>
  new MachineCursor(combatRound, initialTransition(combatRound)[0]);

export function combatActor(s: PlayReader): MachineCursor<typeof combatRound> {
  const snapshot = stored(s, 'machine:combat');
  return new MachineCursor(
    combatRound,
    snapshot ? restore(combatRound, 'machine:combat', snapshot) : initialTransition(combatRound)[0],
  );
}
