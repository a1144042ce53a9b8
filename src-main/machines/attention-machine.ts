// The Lich's Attention (rulebook ch.5, ch.6, ch.16) as a machine over the rules core: each stage is
// a state; triggers and quiet days move it through the same functions the rules tests check.
import { assign, initialTransition, setup, transition } from 'xstate';
import type { VanityStage } from '../rules/idol.ts';
import {
  applyAttentionTrigger,
  attentionAfterDay,
  attentionAfterResolution,
  judgeSetsStage,
  INITIAL_ATTENTION,
  type AttentionStage,
  type AttentionState,
} from '../rules/lich-attention.ts';

export type AttentionEvent =
  | { type: 'DESCENT'; floor: number }
  | { type: 'UNBOUND_COMPLETED' }
  | { type: 'VANITY'; stage: VanityStage }
  | { type: 'CROWN' }
  | { type: 'DAY_PASSED'; deepestFloorDived: number; banquet?: boolean }
  | { type: 'RESOLVED'; deed: 'vanity-idols-destroyed' | 'unbound-set-destroyed' | 'narrative' }
  | { type: 'JUDGE_SETS'; stage: AttentionStage };

export interface AttentionContext extends AttentionState {
  /** The last change and why, for the day report and the phase banner. */
  last: string | null;
}

const toStage = [0, 1, 2, 3, 4].map((n) => ({
  guard: ({ context }: { context: AttentionContext }) => context.stage === n,
  target: `#attention.stage${n}`,
}));

export const attentionMachine = setup({
  types: { context: {} as AttentionContext, events: {} as AttentionEvent },
  actions: {
    apply: assign(({ context, event }) => {
      // Every field of the rules' state travels through, including the ones added since (e.g. the day's deepest floor).
      const { last: _last, ...state }: AttentionContext = context;
      const next =
        event.type === 'DESCENT'
          ? applyAttentionTrigger(state, { kind: 'descent', floor: event.floor })
          : event.type === 'UNBOUND_COMPLETED'
            ? applyAttentionTrigger(state, { kind: 'unbound-set-completed' })
            : event.type === 'VANITY'
              ? applyAttentionTrigger(state, { kind: 'vanity-stage', stage: event.stage })
              : event.type === 'CROWN'
                ? applyAttentionTrigger(state, { kind: 'crown-applied' })
                : event.type === 'DAY_PASSED'
                  ? attentionAfterDay(state, {
                      deepestFloorDived: event.deepestFloorDived,
                      banquetSponsored: event.banquet,
                    })
                  : event.type === 'JUDGE_SETS'
                    ? judgeSetsStage(state, event.stage)
                    : attentionAfterResolution(state, event.deed);
      return { ...next.state, last: next.explain ?? context.last };
    }),
  },
}).createMachine({
  id: 'attention',
  context: { ...INITIAL_ATTENTION, last: null },
  initial: 'stage0',
  on: { '*': { actions: 'apply', target: '.settle' } },
  states: {
    settle: { always: toStage },
    stage0: {},
    stage1: {},
    stage2: {},
    stage3: {},
    // ch.5: Stage 4 cannot be de-escalated; the rules core keeps it there whatever happens.
    stage4: {},
  },
});

/** A fresh Attention machine set to a stage, as saved. */
export function attentionSavedAt(stage: 0 | 1 | 2 | 3 | 4): unknown {
  let [snapshot] = initialTransition(attentionMachine);
  if (stage > 0) [snapshot] = transition(attentionMachine, snapshot, { type: 'JUDGE_SETS', stage });
  return attentionMachine.getPersistedSnapshot(snapshot);
}
