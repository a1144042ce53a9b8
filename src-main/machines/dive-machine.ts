// The dive (rulebook ch.4, ch.9, ch.10, ch.11, ch.16): Town → Floor 1 → … → Floor 9 → the Gate →
// Floor 10; and at Attention Stage 4 the Lich's manifestation in the Town, which ends the
// campaign only once the Phylactery is destroyed. Guards say what the rules forbid; actions
// record what the rules cause.
import { assign, initialTransition, setup, transition } from 'xstate';
import { zeroHealthOutcome } from '../rules/damage.ts';

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
  /** Characters turned by the Lich: off the party's side until cured (ch.16). */
  turned: number[];
  /** How the campaign ended, once it has (ch.16). */
  ending: string | null;
  /** Floors of this dive where a Sanity Break happened (a rest room there is impossible, ch.10). */
  sanityBreaks: number[];
  /** Floors of this dive whose Merchant has been dispatched (ch.10). */
  merchantsDispatched: number[];
  /** Lost characters who have used this dive's re-roll of a natural 1 on a room roll (ch.10). */
  lostRerollUsed: number[];
}

/** Context fields added after the first saved snapshots, with the values an older snapshot takes. */
export const DIVE_CONTEXT_DEFAULTS = {
  turned: [],
  ending: null,
  sanityBreaks: [],
  merchantsDispatched: [],
  lostRerollUsed: [],
} satisfies Partial<DiveContext>;

export type DiveEvent =
  | { type: 'DESCEND'; /** The roster as it stands, when a dive starts from the Town. */ roster?: number[] }
  | { type: 'ENEMIES_ENTER' }
  | { type: 'COMBAT_OVER' }
  | { type: 'ROOM_CLEARED'; lichslayer: number }
  | { type: 'FLOOR_CLEARED' }
  | { type: 'FORCE_GATE' }
  | { type: 'OPEN_GATE' }
  | { type: 'AT_ZERO'; lichslayer: number; choice: 'withdraw' | 'press-on' }
  | { type: 'WITHDRAW' }
  | { type: 'PHYLACTERY_DESTROYED' }
  | { type: 'MANIFEST'; stage: number }
  | { type: 'TURNED'; lichslayer: number }
  | { type: 'LEAVE_TOMB' }
  | { type: 'LICH_DEFEATED' }
  | { type: 'CAMPAIGN_ENDS'; how: 'town-destroyed' | 'party-departs' }
  | { type: 'CURED'; lichslayer: number }
  /** ch.16: Cleanse kills a turned character (a Zombie): lost for good. */
  | { type: 'CLEANSED'; lichslayer: number }
  // Facts the app records as they happen on a floor (not Judge events).
  | { type: 'SANITY_BREAK'; floor: number }
  | { type: 'MERCHANT_DISPATCHED'; floor: number }
  | { type: 'LOST_REROLL_USED'; lichslayer: number };

const diveSetup = setup({
  types: { context: {} as DiveContext, events: {} as DiveEvent, input: {} as { party: number[] } },
  guards: {
    /** ch.10: the Gate opens only after every Lichslayer has cleared a room on Floor 9. */
    everyoneClearedOnNine: ({ context }) =>
      context.floor === 9 &&
      !context.gateOpen &&
      context.present.every((id) => context.clearedOnNine.includes(id)) &&
      context.present.length > 0,
    gateLockedOnNine: ({ context }) => context.floor === 9 && !context.gateOpen,
    onNine: ({ context }) => context.floor === 9,
    /** ch.9: floors go down one at a time; past Floor 9 only through an open Gate (ch.10). */
    canDescendToNext: ({ context }) => context.floor !== null && context.floor < 9,
    canPassGate: ({ context }) => context.floor === 9 && context.gateOpen,
    hasParty: ({ context, event }) =>
      (event.type === 'DESCEND' && event.roster ? event.roster : context.party).length > 0,
    /** ch.10, ch.11: the third time at 0 Health on one floor, or any time on Floor 10, is permanent loss. */
    permanentZero: ({ context, event }) =>
      event.type === 'AT_ZERO' &&
      context.present.includes(event.lichslayer) &&
      zeroHealthOutcome(context.floor, (context.zeroes[String(event.lichslayer)] ?? 0) + 1).kind === 'permanently-lost',
    lastOneWithdraws: ({ context, event }) =>
      event.type === 'AT_ZERO' &&
      event.choice === 'withdraw' &&
      context.present.length === 1 &&
      context.present[0] === event.lichslayer,
    isPresent: ({ context, event }) => 'lichslayer' in event && context.present.includes(event.lichslayer),
    everyoneLost: ({ context }) => context.present.length === 0,
    /** ch.16: the Lich manifests only at Attention Stage 4, in the Town. */
    stageFour: ({ event }) => event.type === 'MANIFEST' && event.stage >= 4,
    isTurned: ({ context, event }) =>
      (event.type === 'CURED' || event.type === 'CLEANSED') && context.turned.includes(event.lichslayer),
    /** ch.16: the Lich stays dead only once its Phylactery is destroyed. */
    phylacteryGone: ({ context }) => context.phylacteryDestroyed,
  },
  actions: {
    /** A dive starts: everyone on the roster who is neither lost nor turned goes down to Floor 1. */
    startDive: assign(({ context, event }) => {
      const party = event.type === 'DESCEND' && event.roster ? event.roster : context.party;
      return {
        party,
        floor: 1,
        present: party.filter((id) => !context.lost.includes(id) && !context.turned.includes(id)),
        zeroes: {},
        sanityBreaks: [],
        merchantsDispatched: [],
        lostRerollUsed: [],
      };
    }),
    /** ch.9: the stair down; only those still on the floor go on (a withdrawn character's dive is over, ch.11). */
    goDown: assign(({ context }) => ({ floor: (context.floor ?? 0) + 1, zeroes: {} })),
    markRoomCleared: assign(({ context, event }) =>
      event.type === 'ROOM_CLEARED' && !context.clearedOnNine.includes(event.lichslayer)
        ? { clearedOnNine: [...context.clearedOnNine, event.lichslayer] }
        : {},
    ),
    openGate: assign({ gateOpen: true }),
    /** ch.10: forcing the Gate early costs each Lichslayer 1 Sanity per attempt (applied by the app). */
    countForcing: assign(({ context }) => ({ forceAttempts: context.forceAttempts + 1 })),
    countZero: assign(({ context, event }) => {
      if (event.type !== 'AT_ZERO') return {};
      const key = String(event.lichslayer);
      const zeroes = { ...context.zeroes, [key]: (context.zeroes[key] ?? 0) + 1 };
      return {
        zeroes,
        present:
          event.choice === 'withdraw' ? context.present.filter((id) => id !== event.lichslayer) : context.present,
      };
    }),
    loseForever: assign(({ context, event }) =>
      event.type === 'AT_ZERO'
        ? {
            lost: [...context.lost, event.lichslayer],
            present: context.present.filter((id) => id !== event.lichslayer),
          }
        : {},
    ),
    recordFloorCleared: assign(({ context }) =>
      context.floor !== null && !context.floorsCleared.includes(context.floor)
        ? { floorsCleared: [...context.floorsCleared, context.floor] }
        : {},
    ),
    leaveTombs: assign({ floor: null, present: [], zeroes: {} }),
    destroyPhylactery: assign({ phylacteryDestroyed: true }),
    /** ch.16: the whole party, save the lost and the turned, faces the Lich in the Town. */
    gatherInTown: assign(({ context }) => ({
      floor: null,
      present: context.party.filter((id) => !context.lost.includes(id) && !context.turned.includes(id)),
      zeroes: {},
    })),
    turn: assign(({ context, event }) =>
      event.type === 'TURNED' && !context.turned.includes(event.lichslayer)
        ? {
            turned: [...context.turned, event.lichslayer],
            present: context.present.filter((id) => id !== event.lichslayer),
          }
        : {},
    ),
    /** ch.16: Cleanse, Restore, Cure or the Pilgrimage end a turning; the cured rejoin the party. */
    cure: assign(({ context, event }) =>
      event.type === 'CURED' ? { turned: context.turned.filter((id) => id !== event.lichslayer) } : {},
    ),
    /** ch.16: Cleanse removes the Zombie: the character is no longer turned but lost for good. */
    cleanse: assign(({ context, event }) =>
      event.type === 'CLEANSED'
        ? {
            turned: context.turned.filter((id) => id !== event.lichslayer),
            lost: [...context.lost, event.lichslayer],
            present: context.present.filter((id) => id !== event.lichslayer),
          }
        : {},
    ),
    endLichDefeated: assign({ ending: 'The Lich is destroyed for good: the campaign is won (ch.16)' }),
    recordSanityBreak: assign(({ context, event }) =>
      event.type === 'SANITY_BREAK' && !context.sanityBreaks.includes(event.floor)
        ? { sanityBreaks: [...context.sanityBreaks, event.floor] }
        : {},
    ),
    recordMerchant: assign(({ context, event }) =>
      event.type === 'MERCHANT_DISPATCHED' && !context.merchantsDispatched.includes(event.floor)
        ? { merchantsDispatched: [...context.merchantsDispatched, event.floor] }
        : {},
    ),
    recordLostReroll: assign(({ context, event }) =>
      event.type === 'LOST_REROLL_USED' && !context.lostRerollUsed.includes(event.lichslayer)
        ? { lostRerollUsed: [...context.lostRerollUsed, event.lichslayer] }
        : {},
    ),
    endByJudge: assign(({ event }) =>
      event.type === 'CAMPAIGN_ENDS'
        ? {
            ending:
              event.how === 'town-destroyed' ? 'The Town is destroyed (ch.16)' : 'The party departs the world (ch.16)',
          }
        : {},
    ),
  },
});

/** 0 Health and withdrawal work the same while exploring and in combat on Floors 1-9 (ch.11). */
const onFloorsOneToNine = {
  AT_ZERO: [
    { guard: 'permanentZero', actions: 'loseForever' },
    { guard: 'lastOneWithdraws', target: 'town', actions: ['countZero', 'leaveTombs'] },
    { guard: 'isPresent', actions: 'countZero' },
  ],
  WITHDRAW: { target: 'town', actions: 'leaveTombs' },
} as const;

export const diveMachine = diveSetup.createMachine({
  id: 'dive',
  context: ({ input }) => ({
    floor: null,
    party: input.party,
    present: [],
    zeroes: {},
    lost: [],
    clearedOnNine: [],
    gateOpen: false,
    forceAttempts: 0,
    floorsCleared: [],
    phylacteryDestroyed: false,
    turned: [],
    ending: null,
    sanityBreaks: [],
    merchantsDispatched: [],
    lostRerollUsed: [],
  }),
  initial: 'town',
  on: {
    CURED: { guard: 'isTurned', actions: 'cure' },
    CLEANSED: { guard: 'isTurned', actions: 'cleanse' },
    SANITY_BREAK: { actions: 'recordSanityBreak' },
    MERCHANT_DISPATCHED: { actions: 'recordMerchant' },
    LOST_REROLL_USED: { actions: 'recordLostReroll' },
  },
  states: {
    town: {
      on: {
        DESCEND: { guard: 'hasParty', target: 'exploring', actions: 'startDive' },
        MANIFEST: { guard: 'stageFour', target: 'manifestation', actions: 'gatherInTown' },
      },
    },
    // ch.16: the Lich in the Town, two turns a round, reviving while its Phylactery stands. The
    // party may leave the fight for the Tombs (to break the Phylactery); Stage 4 never ends.
    manifestation: {
      on: {
        DESCEND: { guard: 'hasParty', target: 'exploring', actions: 'startDive' },
        TURNED: { guard: 'isPresent', actions: 'turn' },
        AT_ZERO: [
          { guard: 'permanentZero', actions: 'loseForever' },
          { guard: 'isPresent', actions: 'countZero' },
        ],
        LICH_DEFEATED: { guard: 'phylacteryGone', target: 'resolved', actions: 'endLichDefeated' },
        CAMPAIGN_ENDS: { target: 'resolved', actions: 'endByJudge' },
      },
      always: { guard: 'everyoneLost', target: 'fallen' },
    },
    resolved: { type: 'final' },
    exploring: {
      on: {
        DESCEND: [
          { guard: 'canDescendToNext', target: 'exploring', reenter: true, actions: 'goDown' },
          { guard: 'canPassGate', target: 'floorTen', actions: 'goDown' },
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
        AT_ZERO: { guard: 'permanentZero', actions: 'loseForever' },
        PHYLACTERY_DESTROYED: { actions: 'destroyPhylactery' },
        // ch.12: the Floor-10 Lich (house rule) destroyed after its Phylactery: true defeat.
        LICH_DEFEATED: { guard: 'phylacteryGone', target: 'resolved', actions: 'endLichDefeated' },
        TURNED: { guard: 'isPresent', actions: 'turn' },
        // ch.12: with the Phylactery destroyed the Tomb is ended; the party climbs back to the Town.
        LEAVE_TOMB: { guard: 'phylacteryGone', target: 'town', actions: 'leaveTombs' },
      },
      always: { guard: 'everyoneLost', target: 'fallen' },
    },
    fallen: { type: 'final' },
  },
});

/** Why the rules refuse an event here, for the disabled button's tooltip. */
export function whyRefused(state: string, context: DiveContext, event: DiveEvent['type']): string {
  if (state === 'fallen') return 'The whole party has fallen (ch.10, ch.16)';
  if (state === 'resolved') return `The campaign has ended: ${context.ending ?? ''}`;
  if (event === 'MANIFEST')
    return state !== 'town'
      ? 'The Lich manifests only in the Town (ch.16)'
      : 'The Lich manifests only at Attention Stage 4 (ch.16)';
  if (event === 'LICH_DEFEATED')
    return state !== 'manifestation' && state !== 'floorTen'
      ? 'The Lich has not manifested (ch.16)'
      : 'While the Phylactery stands the Lich revives at half Health next round (ch.16)';
  if (event === 'CAMPAIGN_ENDS') return 'Only the manifestation at Stage 4 ends the campaign (ch.16)';
  if (event === 'LEAVE_TOMB')
    return state !== 'floorTen'
      ? 'Only Floor 10 is left this way'
      : 'No way back through the Gate while the Phylactery stands (ch.10)';
  if (event === 'TURNED') return 'Only the Lich turns a character (ch.16)';
  if (state === 'floorTen') {
    if (event === 'WITHDRAW') return 'No withdrawal from Floor 10: through the Gate there is no retreat (ch.10)';
    if (event === 'DESCEND') return 'Floor 10 is the deepest floor (ch.9)';
  }
  if (state === 'manifestation' && (event === 'WITHDRAW' || event === 'COMBAT_OVER'))
    return 'Stage 4 cannot be de-escalated: the fight in the Town ends only with the campaign (ch.16)';
  if (event === 'DESCEND' && context.floor === 9 && !context.gateOpen)
    return 'The Gate is locked until every Lichslayer has cleared a room on Floor 9 (ch.10)';
  if (event === 'DESCEND' && state === 'combat') return 'Finish the fight before taking the stair (ch.11)';
  if (event === 'OPEN_GATE')
    return context.floor !== 9
      ? 'The Gate is on Floor 9 (ch.10)'
      : context.gateOpen
        ? 'The Gate is already open'
        : 'Not every Lichslayer has cleared a room on Floor 9 yet (ch.10)';
  if (event === 'FORCE_GATE')
    return context.floor !== 9 ? 'The Gate is on Floor 9 (ch.10)' : 'The Gate is open already';
  if (event === 'COMBAT_OVER') return 'There is no fight on';
  if (event === 'ENEMIES_ENTER') return state === 'town' ? 'The party is in the Town' : 'A fight is already on';
  if (state === 'town') return 'The party is in the Town';
  return 'Not allowed now';
}

/** A dive machine with the party on a floor, as saved: what a campaign that kept only the floor is given. */
export function diveSavedOnFloor(party: number[], onFloor: number): unknown {
  let [snapshot] = initialTransition(diveMachine, { party });
  [snapshot] = transition(diveMachine, snapshot, { type: 'DESCEND', roster: party });
  for (let floor = 1; floor < Math.min(onFloor, 9) && snapshot.context.floor === floor; floor++)
    [snapshot] = transition(diveMachine, snapshot, { type: 'DESCEND' });
  return diveMachine.getPersistedSnapshot(snapshot);
}
