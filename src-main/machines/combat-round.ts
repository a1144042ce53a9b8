// The combat round and its turn stack (rulebook ch.11): everyone on the stack gets their turns each
// round (1 + one per full 6 Speed above 6, or the stat block's own count), in stack order; a second
// turn comes in a second pass, after everyone's first. New entrants join at the bottom.
import { assign, setup } from 'xstate';

export interface Slot {
  tokenId: number;
  turns: number;
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
}

export type CombatEvent =
  | { type: 'START'; order: Slot[] }
  | { type: 'NEXT_TURN' }
  | { type: 'END_ROUND' }
  | { type: 'SYNC'; order: Slot[] }
  | { type: 'RESPONSE'; tokenId: number };

/** One round's turns: pass 1 gives every entrant its first turn, pass 2 the second turns, and so on. */
export function roundTurns(order: readonly Slot[]): number[] {
  const most = Math.max(0, ...order.map((s) => s.turns));
  const out: number[] = [];
  for (let pass = 0; pass < most; pass++) for (const s of order) if (s.turns > pass) out.push(s.tokenId);
  return out;
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
      event.type === 'RESPONSE' && event.tokenId !== context.current && context.interrupted === null && context.order.some((s) => s.tokenId === event.tokenId),
    hasEntrants: ({ event }) => event.type === 'START' && event.order.length > 0,
  },
  actions: {
    begin: assign(({ event }) => {
      if (event.type !== 'START') return {};
      const queue = roundTurns(event.order);
      return { round: 1, order: event.order, current: queue[0] ?? null, queue: queue.slice(1), acted: [], owes: [], interrupted: null };
    }),
    advance: assign(({ context }) => {
      const acted = context.current !== null && context.interrupted === null ? [...context.acted, context.current] : context.acted;
      if (context.interrupted !== null) return { acted, current: context.interrupted, interrupted: null };
      // A turn owed for an earlier Response is given up: skip it once (ch.15).
      const queue = [...context.queue];
      const owes = [...context.owes];
      let next = queue.shift() ?? null;
      while (next !== null && owes.includes(next)) {
        owes.splice(owes.indexOf(next), 1);
        next = queue.shift() ?? null;
      }
      return { acted, current: next, queue, owes };
    }),
    respond: assign(({ context, event }) =>
      event.type === 'RESPONSE' ? { interrupted: context.current, current: event.tokenId, owes: [...context.owes, event.tokenId] } : {},
    ),
    closeRound: assign(({ context }) => {
      // Owed turns given up this round are settled; an owed turn with none left this round carries over.
      const stillOwed = [...context.owes];
      for (const id of context.queue) {
        const i = stillOwed.indexOf(id);
        if (i !== -1) stillOwed.splice(i, 1);
      }
      return { acted: context.current !== null ? [...context.acted, context.current] : context.acted, current: null, queue: [], owes: stillOwed };
    }),
    nextRound: assign(({ context }) => {
      const queue = roundTurns(context.order);
      return { round: context.round + 1, current: queue[0] ?? null, queue: queue.slice(1), acted: [] };
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
  context: { round: 0, order: [], queue: [], current: null, acted: [], owes: [], interrupted: null },
  initial: 'idle',
  states: {
    idle: { on: { START: { guard: 'hasEntrants', target: 'turn', actions: 'begin' } } },
    turn: {
      on: {
        NEXT_TURN: [{ guard: 'queueEmpty', target: 'roundEnd', actions: 'closeRound' }, { actions: 'advance' }],
        SYNC: { actions: 'sync' },
        RESPONSE: { guard: 'canRespond', actions: 'respond' },
      },
      always: { guard: ({ context }) => context.current === null && context.queue.length > 0, actions: 'advance' },
    },
    // End-of-round hooks (End Round castings, Sanity triggers, the Lich's per-round roll) run here.
    roundEnd: { on: { END_ROUND: { target: 'turn', actions: 'nextRound' }, SYNC: { actions: 'sync' } } },
  },
});
