// The dive (rulebook ch.4, ch.9, ch.10, ch.11, ch.16): Town → Floor 1 → … → Floor 9 → the Gate →
// Floor 10. Guards say what the rules forbid; actions record what the rules cause.
import { assign, setup } from 'xstate';

export interface DiveContext {
  floor: number | null;
  /** Lichslayers on the dive, and those still on the current floor. */
  party: number[];
  present: number[];
  /** Times each Lichslayer reached 0 Health on the current floor (key: id). */
  zeroes: Record<string, number>;
  lost: number[];
  /** Lichslayers who have cleared a room on Floor 9 (the Gate's condition, ch.10). */
  clearedOnNine: number[];
  gateOpen: boolean;
  forceAttempts: number;
  floorsCleared: number[];
  phylacteryDestroyed: boolean;
}

export type DiveEvent =
  | { type: 'DESCEND' }
  | { type: 'ENEMIES_ENTER' }
  | { type: 'COMBAT_OVER' }
  | { type: 'ROOM_CLEARED'; lichslayer: number }
  | { type: 'FLOOR_CLEARED' }
  | { type: 'FORCE_GATE' }
  | { type: 'OPEN_GATE' }
  | { type: 'AT_ZERO'; lichslayer: number; choice: 'withdraw' | 'press-on' }
  | { type: 'WITHDRAW' }
  | { type: 'PHYLACTERY_DESTROYED' };

const diveSetup = setup({
  types: { context: {} as DiveContext, events: {} as DiveEvent, input: {} as { party: number[] } },
  guards: {
    /** ch.10: the Gate opens only after every Lichslayer has cleared a room on Floor 9. */
    everyoneClearedOnNine: ({ context }) => context.floor === 9 && !context.gateOpen && context.present.every((id) => context.clearedOnNine.includes(id)) && context.present.length > 0,
    gateLockedOnNine: ({ context }) => context.floor === 9 && !context.gateOpen,
    onNine: ({ context }) => context.floor === 9,
    /** ch.9: floors go down one at a time; past Floor 9 only through an open Gate (ch.10). */
    canDescendToNext: ({ context }) => context.floor !== null && context.floor < 9,
    canPassGate: ({ context }) => context.floor === 9 && context.gateOpen,
    hasParty: ({ context }) => context.party.length > 0,
    /** ch.11: the third time at 0 Health on one floor is permanent loss. */
    thirdZero: ({ context, event }) => event.type === 'AT_ZERO' && (context.zeroes[String(event.lichslayer)] ?? 0) >= 2,
    lastOneWithdraws: ({ context, event }) => event.type === 'AT_ZERO' && event.choice === 'withdraw' && context.present.length === 1 && context.present[0] === event.lichslayer,
    isPresent: ({ context, event }) => 'lichslayer' in event && context.present.includes(event.lichslayer),
    everyoneLost: ({ context }) => context.present.length === 0,
  },
  actions: {
    enterNextFloor: assign(({ context }) => ({ floor: (context.floor ?? 0) + 1, present: context.party.filter((id) => !context.lost.includes(id)), zeroes: {} })),
    markRoomCleared: assign(({ context, event }) =>
      event.type === 'ROOM_CLEARED' && !context.clearedOnNine.includes(event.lichslayer) ? { clearedOnNine: [...context.clearedOnNine, event.lichslayer] } : {},
    ),
    openGate: assign({ gateOpen: true }),
    /** ch.10: forcing the Gate early costs each Lichslayer 1 Sanity per attempt (applied by the app). */
    countForcing: assign(({ context }) => ({ forceAttempts: context.forceAttempts + 1 })),
    countZero: assign(({ context, event }) => {
      if (event.type !== 'AT_ZERO') return {};
      const key = String(event.lichslayer);
      const zeroes = { ...context.zeroes, [key]: (context.zeroes[key] ?? 0) + 1 };
      return { zeroes, present: event.choice === 'withdraw' ? context.present.filter((id) => id !== event.lichslayer) : context.present };
    }),
    loseForever: assign(({ context, event }) =>
      event.type === 'AT_ZERO' ? { lost: [...context.lost, event.lichslayer], present: context.present.filter((id) => id !== event.lichslayer) } : {},
    ),
    recordFloorCleared: assign(({ context }) => (context.floor !== null && !context.floorsCleared.includes(context.floor) ? { floorsCleared: [...context.floorsCleared, context.floor] } : {})),
    leaveTombs: assign({ floor: null, present: [], zeroes: {} }),
    destroyPhylactery: assign({ phylacteryDestroyed: true }),
  },
});

/** 0 Health and withdrawal work the same while exploring and in combat on Floors 1-9 (ch.11). */
const onFloorsOneToNine = {
  AT_ZERO: [
    { guard: 'thirdZero', actions: 'loseForever' },
    { guard: 'lastOneWithdraws', target: 'town', actions: ['countZero', 'leaveTombs'] },
    { guard: 'isPresent', actions: 'countZero' },
  ],
  WITHDRAW: { target: 'town', actions: 'leaveTombs' },
} as const;

export const diveMachine = diveSetup.createMachine({
  id: 'dive',
  context: ({ input }) => ({ floor: null, party: input.party, present: [], zeroes: {}, lost: [], clearedOnNine: [], gateOpen: false, forceAttempts: 0, floorsCleared: [], phylacteryDestroyed: false }),
  initial: 'town',
  states: {
    town: {
      on: { DESCEND: { guard: 'hasParty', target: 'exploring', actions: 'enterNextFloor' } },
    },
    exploring: {
      on: {
        DESCEND: [
          { guard: 'canDescendToNext', target: 'exploring', reenter: true, actions: 'enterNextFloor' },
          { guard: 'canPassGate', target: 'floorTen', actions: 'enterNextFloor' },
        ],
        ENEMIES_ENTER: 'combat',
        ROOM_CLEARED: { guard: 'onNine', actions: 'markRoomCleared' },
        FLOOR_CLEARED: { actions: 'recordFloorCleared' },
        FORCE_GATE: { guard: 'gateLockedOnNine', actions: 'countForcing' },
        OPEN_GATE: { guard: 'everyoneClearedOnNine', actions: 'openGate' },
        ...onFloorsOneToNine,
      },
      always: { guard: 'everyoneLost', target: 'town', actions: 'leaveTombs' },
    },
    combat: {
      on: {
        COMBAT_OVER: 'exploring',
        ROOM_CLEARED: { guard: 'onNine', actions: 'markRoomCleared' },
        ...onFloorsOneToNine,
      },
      always: { guard: 'everyoneLost', target: 'town', actions: 'leaveTombs' },
    },
    floorTen: {
      // ch.10: through the Gate there is no retreat and no withdrawal; 0 Health is permanent loss.
      on: {
        AT_ZERO: { guard: 'isPresent', actions: 'loseForever' },
        PHYLACTERY_DESTROYED: { actions: 'destroyPhylactery' },
      },
      always: { guard: 'everyoneLost', target: 'fallen' },
    },
    fallen: { type: 'final' },
  },
});

/** Why the rules refuse an event here, for the disabled button's tooltip. */
export function whyRefused(state: string, context: DiveContext, event: DiveEvent['type']): string {
  if (state === 'fallen') return 'The whole party was lost on Floor 10 (ch.10)';
  if (state === 'floorTen') {
    if (event === 'WITHDRAW') return 'No withdrawal from Floor 10: through the Gate there is no retreat (ch.10)';
    if (event === 'DESCEND') return 'Floor 10 is the deepest floor (ch.9)';
  }
  if (event === 'DESCEND' && context.floor === 9 && !context.gateOpen) return 'The Gate is locked until every Lichslayer has cleared a room on Floor 9 (ch.10)';
  if (event === 'DESCEND' && state === 'combat') return 'Finish the fight before taking the stair (ch.11)';
  if (event === 'OPEN_GATE') return context.floor !== 9 ? 'The Gate is on Floor 9 (ch.10)' : context.gateOpen ? 'The Gate is already open' : 'Not every Lichslayer has cleared a room on Floor 9 yet (ch.10)';
  if (event === 'FORCE_GATE') return context.floor !== 9 ? 'The Gate is on Floor 9 (ch.10)' : 'The Gate is open already';
  if (event === 'COMBAT_OVER') return 'There is no fight on';
  if (event === 'ENEMIES_ENTER') return state === 'town' ? 'The party is in the Town' : 'A fight is already on';
  if (state === 'town') return 'The party is in the Town';
  return 'Not allowed now';
}
