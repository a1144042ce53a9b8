// The combat round and its turn stack (rulebook ch.11): everyone on the stack gets their turns each
// round (1 + one per full 6 Speed above 6, or the stat block's own count), in stack order; a second
// turn comes in a second pass, after everyone's first. New entrants join at the bottom. Between a
// player's turn and the next, enemies may move (ch.11). Spells cast are scheduled by their casting
// time and handed over as "due" when they resolve (ch.15); the app rolls them.
import { assign, setup } from 'xstate';
import type { CastingTime } from '@shared/tables.ts';

export interface Slot {
  tokenId: number;
  turns: number;
  /** A Lichslayer, Retainer or Familiar: after its turn enemies may move (ch.11). */
  party?: boolean;
}

/** A spell declared and waiting for its moment (ch.15). */
export interface Casting {
  id: number;
  caster: number;
  /** ch.2: the Lichslayer who cast through another body (Oneness): her Magic, loot and name resolve it. */
  by?: number;
  /** Where the spell is written: table key and row index, with its label for the banner. */
  table: string;
  row: number;
  label: string;
  time: CastingTime;
  round: number;
  /** What the spell was cast at (ch.15: the caster's Magic at the time of casting; ch.13: ×N at once; ch.17: M fixed by recipes). */
  basis?: {
    magic: number;
    lootMagic: number;
    fixed: boolean;
    times: number;
    /** ch.2: why a fixed M is fixed (a Scroll's recorded Magic, a stolen spell's caster's); the recipes spent otherwise. */ why?: string;
  };
}

export interface CombatContext {
  round: number;
  order: Slot[];
  /** This round's remaining turns, in order (token ids, repeated for extra turns). */
  queue: number[];
  current: number | null;
  /** Who has acted this round, in order. */
  acted: number[];
  /** Entrants who answered with a Response and so give up their next turn's action (ch.15). */
  owes: number[];
  /** The turn a Response interrupted, resumed when the Response is done. */
  interrupted: number | null;
  /** Spells declared, waiting for their casting time (ch.15). */
  pending: Casting[];
  /** Spells whose moment has come, for the app to resolve (then RESOLVED clears them). */
  due: Casting[];
  nextCastId: number;
  /** Enemies that moved in the current gap between player turns (one room each, ch.11). */
  moved: number[];
}

export type CombatEvent =
  /** `owes`: entrants who lost their next turn before the fight began (a trap, ch.9). */
  | { type: 'START'; order: Slot[]; owes?: number[] }
  | { type: 'NEXT_TURN' }
  | { type: 'END_ROUND' }
  | { type: 'SYNC'; order: Slot[] }
  | { type: 'RESPONSE'; tokenId: number }
  | { type: 'CAST'; casting: Omit<Casting, 'id' | 'round'> }
  | { type: 'RESOLVED' }
  | { type: 'ENEMY_MOVED'; tokenId: number }
  /** An entrant gives up its next turn's action: a Block's Response (ch.13, ch.15), a trap's sleep or snare (ch.9). */
  | { type: 'OWE'; tokenId: number };

/** One round's turns: pass 1 gives every entrant its first turn, pass 2 the second turns, and so on. */
export function roundTurns(order: readonly Slot[]): number[] {
  const most = Math.max(0, ...order.map((s) => s.turns));
  const out: number[] = [];
  for (let pass = 0; pass < most; pass++) for (const s of order) if (s.turns > pass) out.push(s.tokenId);
  return out;
}

/** Moves the pending castings that match into "due", in the order they were declared. */
function release(
  context: Pick<CombatContext, 'pending' | 'due'>,
  match: (c: Casting) => boolean,
): Pick<CombatContext, 'pending' | 'due'> {
  const now = context.pending.filter(match);
  if (!now.length) return { pending: context.pending, due: context.due };
  return { pending: context.pending.filter((c) => !match(c)), due: [...context.due, ...now] };
}

/** The next turn taken from the queue: turns owed are given up on the way, each owed turn once (ch.9, ch.15). */
function nextTaken(queue: readonly number[], owes: readonly number[]) {
  const rest = [...queue];
  const owed = [...owes];
  let next = rest.shift() ?? null;
  while (next !== null && owed.includes(next)) {
    owed.splice(owed.indexOf(next), 1);
    next = rest.shift() ?? null;
  }
  return { next, queue: rest, owes: owed };
}

/** The queue once turns owed for Responses are given up (each owed turn once). */
function remaining(queue: readonly number[], owes: readonly number[]): number[] {
  const owed = [...owes];
  return queue.filter((id) => {
    const i = owed.indexOf(id);
    if (i === -1) return true;
    owed.splice(i, 1);
    return false;
  });
}

export const combatRound = setup({
  types: { context: {} as CombatContext, events: {} as CombatEvent },
  guards: {
    queueEmpty: ({ context }) => remaining(context.queue, context.owes).length === 0 && context.interrupted === null,
    /** ch.15: a Response comes from someone else on the stack, outside their own turn. */
    canRespond: ({ context, event }) =>
      event.type === 'RESPONSE' &&
      event.tokenId !== context.current &&
      context.interrupted === null &&
      context.order.some((s) => s.tokenId === event.tokenId),
    hasEntrants: ({ event }) => event.type === 'START' && event.order.length > 0,
    /** ch.15: a spell is cast on the caster's own turn, except a Response, which is cast outside it. */
    canCast: ({ context, event }) => {
      if (event.type !== 'CAST') return false;
      const c = event.casting;
      if (!context.order.some((s) => s.tokenId === c.caster)) return false;
      if (c.time === 'response') return c.caster !== context.current && context.interrupted === null;
      return c.caster === context.current;
    },
    /** ch.11: after a player's turn, enemies on the stack may move before the next turn. */
    partyTurnEndsAmongEnemies: ({ context }) =>
      context.interrupted === null &&
      !!context.order.find((s) => s.tokenId === context.current)?.party &&
      context.order.some((s) => !s.party),
    onStack: ({ context, event }) => event.type === 'OWE' && context.order.some((s) => s.tokenId === event.tokenId),
    enemyMayMove: ({ context, event }) =>
      event.type === 'ENEMY_MOVED' &&
      !context.moved.includes(event.tokenId) &&
      context.order.some((s) => s.tokenId === event.tokenId && !s.party),
  },
  actions: {
    begin: assign(({ event }) => {
      if (event.type !== 'START') return {};
      const { next, queue, owes } = nextTaken(roundTurns(event.order), event.owes ?? []);
      return { round: 1, order: event.order, current: next, queue, acted: [], owes, interrupted: null };
    }),
    advance: assign(({ context }) => {
      const acted =
        context.current !== null && context.interrupted === null ? [...context.acted, context.current] : context.acted;
      if (context.interrupted !== null) return { acted, current: context.interrupted, interrupted: null };
      // A turn owed for an earlier Response is given up: skip it once (ch.15).
      const { next, queue, owes } = nextTaken(context.queue, context.owes);
      return {
        acted,
        current: next,
        queue,
        owes,
        moved: [],
        ...release(context, (c) => c.time === 'next-turn' && c.caster === next),
      };
    }),
    /** A player's turn ends and nobody's turn has begun yet: the gap where enemies move (ch.11). */
    endTurn: assign(({ context }) => ({
      acted: context.current !== null ? [...context.acted, context.current] : context.acted,
      current: null,
      moved: [],
    })),
    cast: assign(({ context, event }) => {
      if (event.type !== 'CAST') return {};
      const casting: Casting = { ...event.casting, id: context.nextCastId, round: context.round };
      const base = { nextCastId: context.nextCastId + 1 };
      // On Turn resolves at once; a Response acts at once and costs the next turn's action (ch.15).
      if (casting.time === 'on-turn') return { ...base, due: [...context.due, casting] };
      if (casting.time === 'response') {
        return {
          ...base,
          due: [...context.due, casting],
          owes: [...context.owes, casting.caster],
          interrupted: context.current,
          current: casting.caster,
        };
      }
      return { ...base, pending: [...context.pending, casting] };
    }),
    clearDue: assign({ due: [] }),
    owe: assign(({ context, event }) => (event.type === 'OWE' ? { owes: [...context.owes, event.tokenId] } : {})),
    markMoved: assign(({ context, event }) =>
      event.type === 'ENEMY_MOVED' ? { moved: [...context.moved, event.tokenId] } : {},
    ),
    respond: assign(({ context, event }) =>
      event.type === 'RESPONSE'
        ? { interrupted: context.current, current: event.tokenId, owes: [...context.owes, event.tokenId] }
        : {},
    ),
    closeRound: assign(({ context }) => {
      // Owed turns given up this round are settled; an owed turn with none left this round carries over.
      const stillOwed = [...context.owes];
      for (const id of context.queue) {
        const i = stillOwed.indexOf(id);
        if (i !== -1) stillOwed.splice(i, 1);
      }
      return {
        acted: context.current !== null ? [...context.acted, context.current] : context.acted,
        current: null,
        queue: [],
        owes: stillOwed,
        moved: [],
        // ch.15: End Round castings resolve after every entrant has acted.
        ...release(context, (c) => c.time === 'end-round'),
      };
    }),
    nextRound: assign(({ context }) => {
      // A turn owed from the round before is given up even when it would open this one (ch.15).
      const { next, queue, owes } = nextTaken(roundTurns(context.order), context.owes);
      // ch.15: Start Next Round castings resolve before anyone acts; then the first turn begins.
      const early = release(context, (c) => c.time === 'start-next-round');
      const then = release(early, (c) => c.time === 'next-turn' && c.caster === next);
      return { round: context.round + 1, current: next, queue, owes, acted: [], ...then };
    }),
    /** The board's stack changed: newcomers join at the bottom of this round, the fallen leave it (ch.11). */
    sync: assign(({ context, event }) => {
      if (event.type !== 'SYNC') return {};
      const known = new Set(context.order.map((s) => s.tokenId));
      const still = new Set(event.order.map((s) => s.tokenId));
      const joined = event.order.filter((s) => !known.has(s.tokenId));
      const current = context.current !== null && still.has(context.current) ? context.current : null;
      return {
        order: event.order,
        queue: [...context.queue.filter((id) => still.has(id)), ...joined.map((s) => s.tokenId)],
        current,
      };
    }),
  },
}).createMachine({
  id: 'combat',
  context: {
    round: 0,
    order: [],
    queue: [],
    current: null,
    acted: [],
    owes: [],
    interrupted: null,
    pending: [],
    due: [],
    nextCastId: 1,
    moved: [],
  },
  initial: 'idle',
  states: {
    idle: { on: { START: { guard: 'hasEntrants', target: 'turn', actions: 'begin' } } },
    turn: {
      on: {
        NEXT_TURN: [
          { guard: 'queueEmpty', target: 'roundEnd', actions: 'closeRound' },
          { guard: 'partyTurnEndsAmongEnemies', target: 'between', actions: 'endTurn' },
          { actions: 'advance' },
        ],
        SYNC: { actions: 'sync' },
        RESPONSE: { guard: 'canRespond', actions: 'respond' },
        CAST: { guard: 'canCast', actions: 'cast' },
        RESOLVED: { actions: 'clearDue' },
        OWE: { guard: 'onStack', actions: 'owe' },
      },
      always: { guard: ({ context }) => context.current === null && context.queue.length > 0, actions: 'advance' },
    },
    // Between a player's turn and the next: enemies may move one room each (ch.11).
    between: {
      on: {
        NEXT_TURN: [
          { guard: 'queueEmpty', target: 'roundEnd', actions: 'closeRound' },
          { target: 'turn', actions: 'advance' },
        ],
        ENEMY_MOVED: { guard: 'enemyMayMove', actions: 'markMoved' },
        SYNC: { actions: 'sync' },
        RESOLVED: { actions: 'clearDue' },
        OWE: { guard: 'onStack', actions: 'owe' },
      },
    },
    // End-of-round hooks (End Round castings, Sanity triggers, the Lich's per-round roll) run here;
    // enemies may move here too, the last player's turn being over.
    roundEnd: {
      on: {
        END_ROUND: { target: 'turn', actions: 'nextRound' },
        SYNC: { actions: 'sync' },
        RESOLVED: { actions: 'clearDue' },
        ENEMY_MOVED: { guard: 'enemyMayMove', actions: 'markMoved' },
        OWE: { guard: 'onStack', actions: 'owe' },
      },
    },
  },
});
