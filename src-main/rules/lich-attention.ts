// The Lich's Attention (rulebook ch.5, ch.16): stages 0–4, what raises them, what each does,
// and the clocks that let them fall. Stage 4 never falls.
import type { VanityStage } from './idol.ts';

/** The Lich's Attention, Stage 0 (unaware) to Stage 4 (Manifestation) (ch.5, ch.16). */
export type AttentionStage = 0 | 1 | 2 | 3 | 4;

export type AttentionTrigger =
  | { kind: 'descent'; floor: number }
  | { kind: 'unbound-set-completed' }
  | { kind: 'vanity-stage'; stage: VanityStage }
  | { kind: 'crown-applied' };

export interface AttentionState {
  stage: AttentionStage;
  /** Floors already descended to at least once (for "first Floor 4 / 6 descent"). */
  deepestFloorReached: number;
  /** Consecutive days without a dive past Floor 3 / past Floor 5. */
  daysWithoutDivePast3: number;
  daysWithoutDivePast5: number;
  /**
   * The deepest floor the party has been on since the last day closed (ch.5 counts days without a
   * dive past Floor 3 or 5, wherever the party stands when the day ends). Absent in older saves.
   */
  deepestSinceDayClosed?: number;
}

export const INITIAL_ATTENTION: AttentionState = {
  stage: 0,
  deepestFloorReached: 0,
  daysWithoutDivePast3: 0,
  daysWithoutDivePast5: 0,
  deepestSinceDayClosed: 0,
};

const raiseTo = (state: AttentionState, stage: AttentionStage): AttentionStage =>
  stage > state.stage ? stage : state.stage;

/** Applies a trigger; returns the new state and why the stage moved (if it did). */
export function applyAttentionTrigger(
  state: AttentionState,
  trigger: AttentionTrigger,
): { state: AttentionState; explain: string | null } {
  let stage = state.stage;
  let deepest = state.deepestFloorReached;
  let why: string | null = null;
  switch (trigger.kind) {
    case 'descent': {
      if (trigger.floor >= 4 && deepest < 4) {
        stage = raiseTo(state, 1);
        why = 'first descent to Floor 4: the Lich is Watching (Stage 1, ch.5)';
      }
      if (trigger.floor >= 6 && deepest < 6) {
        stage = raiseTo({ ...state, stage }, 2);
        why = 'first descent to Floor 6: the Lich is Reaching (Stage 2, ch.5)';
      }
      deepest = Math.max(deepest, trigger.floor);
      break;
    }
    case 'unbound-set-completed':
      stage = raiseTo(state, 3);
      why = 'the Unbound set completed: Active Conflict (Stage 3, ch.5)';
      break;
    case 'vanity-stage':
      if (trigger.stage >= 4) {
        stage = 4;
        why = 'several Tier 3 Vanity Idols raised: Manifestation (Stage 4, ch.5, ch.6)';
      } else if (trigger.stage === 3) {
        stage = raiseTo(state, 3);
        why = 'a Tier 3 Vanity Idol raised: Active Conflict (Stage 3, ch.5)';
      } else if (trigger.stage === 2 && state.stage < 4) {
        // ch.6 Vanity Stage 2: "escalates one full tier"
        stage = Math.min(3, state.stage + 1) as AttentionStage;
        why = 'Vanity stage 2: the Lich’s Attention escalates one full stage (ch.6)';
      }
      break;
    case 'crown-applied':
      stage = 4;
      why = 'the Lich’s Crown applied: Manifestation (Stage 4, ch.5)';
      break;
  }
  // A rise restarts the quiet-day clocks: days already quiet before the Lich looked do not count toward its losing interest.
  const rose = stage > state.stage;
  const today =
    trigger.kind === 'descent'
      ? { deepestSinceDayClosed: Math.max(state.deepestSinceDayClosed ?? 0, trigger.floor) }
      : {};
  return {
    state: {
      ...state,
      ...today,
      stage,
      deepestFloorReached: deepest,
      ...(rose ? { daysWithoutDivePast3: 0, daysWithoutDivePast5: 0 } : {}),
    },
    explain: stage !== state.stage ? why : null,
  };
}

/**
 * End of an in-game day: the de-escalation clocks (ch.5). A day counts as a dive past Floor 3 (or 5)
 * when the party went deeper at any time since the last day closed — not only where it stands now.
 * `deepestFloorDived` is the floor the party stands on as the day closes (0 in the Town); it counts
 * for this day and, as the party is still down there, starts the next.
 */
export function attentionAfterDay(
  state: AttentionState,
  day: { deepestFloorDived: number; banquetSponsored?: boolean },
): { state: AttentionState; explain: string | null } {
  const dived = Math.max(day.deepestFloorDived, state.deepestSinceDayClosed ?? 0);
  const d3 = dived > 3 ? 0 : state.daysWithoutDivePast3 + 1;
  const d5 = dived > 5 ? 0 : state.daysWithoutDivePast5 + 1;
  let stage = state.stage;
  let explain: string | null = null;
  if (stage === 2 && (d5 >= 14 || day.banquetSponsored)) {
    stage = 1;
    explain = day.banquetSponsored
      ? 'a Banquet sponsored: Stage 2 → 1 (ch.5)'
      : '14 days without a dive past Floor 5: Stage 2 → 1 (ch.5)';
  } else if (stage === 1 && d3 >= 7) {
    stage = 0;
    explain = '7 days without a dive past Floor 3: the Lich loses interest, Stage 1 → 0 (ch.5)';
  }
  // A fall restarts the next clock, so one quiet stretch cannot drop two stages at once.
  const reset = stage !== state.stage;
  return {
    state: {
      ...state,
      stage,
      daysWithoutDivePast3: reset ? 0 : d3,
      daysWithoutDivePast5: reset ? 0 : d5,
      deepestSinceDayClosed: day.deepestFloorDived,
    },
    explain,
  };
}

/** ch.5: a Banquet brings Stage 2 down to 1; it costs 500 gold, 300 under the Giver's Mark (ch.6). */
export function banquetCost(giversMark: 'full' | 'half' | null): { gold: number; explain: string } {
  if (giversMark === 'full') return { gold: 300, explain: "300 gold under the Giver's Mark (ch.6)" };
  if (giversMark === 'half')
    return { gold: 400, explain: "400 gold: half the Giver's Mark boon, 100 off of its 200 (ch.6, house rule)" };
  return { gold: 500, explain: '500 gold (ch.6)' };
}

export function banquetAllowed(stage: AttentionStage): { ok: true } | { ok: false; reason: string } {
  return stage === 2
    ? { ok: true }
    : {
        ok: false,
        reason: `A Banquet brings the Lich's Attention down only from Stage 2, and it stands at Stage ${stage} (ch.5)`,
      };
}

/** Stage 3 falls to 2 when every Vanity Idol, or the Unbound set, is destroyed, or the Judge rules a deed counts (ch.5). */
export function attentionAfterResolution(
  state: AttentionState,
  deed: 'vanity-idols-destroyed' | 'unbound-set-destroyed' | 'narrative',
): { state: AttentionState; explain: string | null } {
  if (state.stage !== 3) return { state, explain: null };
  return { state: { ...state, stage: 2 }, explain: `${deed.replace(/-/g, ' ')}: Stage 3 → 2 (ch.5)` };
}

/** The Judge sets the stage by hand, over the book's triggers (a Judge's call, kept in the machine). */
export function judgeSetsStage(
  state: AttentionState,
  stage: AttentionStage,
): { state: AttentionState; explain: string | null } {
  if (stage === state.stage) return { state, explain: null };
  return {
    state: { ...state, stage, daysWithoutDivePast3: 0, daysWithoutDivePast5: 0 },
    explain: `The Judge sets the Lich's Attention to Stage ${stage} (Judge's call)`,
  };
}

export interface StageEffects {
  stage: AttentionStage;
  /** Added to the Inn's d12 (ch.5). */
  innModifier: number;
  /** Stage 4: no meals, no shelter, the survival clock runs unchecked (ch.5). */
  innClosed: boolean;
  /** Stage 3: the Inn's events lock to the negative half, 2-9 (ch.5). */
  innHighest: number;
  /** Stage 1: negative Inn events come first (ch.5); how, the house rule stageOneNegativeFirst says. */
  innNegativeFirst: boolean;
  /** Added to every Tomb floor roll (ch.10). */
  floorRollModifier: number;
  /** Stage 4: every room rolled is one of the two antechambers (ch.10). */
  antechambersOnly: boolean;
  /** Added to Sanity Challenge targets, in the Tombs and elsewhere (ch.5); Stage 4 sets its own targets. */
  sanityTargetShift: { tombs: number; elsewhere: number };
  /** Shrine and Rest rooms on floors up to this one are unsafe: enemies may enter (ch.5). 0: none. */
  shrinesUnsafeOnFloorsUpTo: number;
  /** Stage 2: the Smith's weekly 1-2 are re-rolled once (ch.5). */
  smithRerollsLowEvents: boolean;
  /** Stage 3: the Smith refuses work from anyone at Lost Sanity (ch.5). */
  smithRefusesLost: boolean;
  /** Stage 4: the Smith has fled (ch.5). */
  smithGone: boolean;
  /** Stage 3 and up: no Festival may be held (ch.5). */
  festivalsAllowed: boolean;
  /** The Square Watch counter (ch.5): capped at 1 at Stage 2, frozen at 3, reset to 0 and frozen at 4. */
  watch: { cap: number | null; advances: boolean; resetToZero: boolean };
  /** Stage 3 and up: Rest rooms in the Tombs do not count as shelter (ch.10). */
  restIsShelterInTombs: boolean;
  /** Stage 2: a Lost character needs this many nights of rest to recover (ch.5). */
  lostNightsToRecover: number;
  /** Stage 3: each night at the Inn rolls 1d6 for disturbed sleep (ch.5). */
  disturbedSleep: boolean;
  /** Stage 3: the Giver loses Health this many times as fast when unfed (ch.5). */
  giverHungerFactor: number;
  /** Stage 4: every Forest visit brings an extra Floor 7-9 encounter (ch.5). */
  forestHostile: boolean;
  /** Stage 2: one Town NPC leaves each in-game week, quietly (ch.5). */
  npcLeavesWeekly: boolean;
  /** Stage 4: everyone in the Town defaults to Lost, and the Lich attempts communion each round (ch.5). */
  manifestation: boolean;
  /** What the stage does, in the app's words, for the Judge's banner. */
  notes: string[];
}

/** What each stage of the Lich's Attention does (ch.5, ch.10): the one table every rule reads. */
export function attentionEffects(stage: AttentionStage): StageEffects {
  const pressure = stage >= 1 && stage <= 3 ? -stage : 0;
  return {
    stage,
    innModifier: pressure,
    innClosed: stage === 4,
    innHighest: stage === 3 ? 9 : 12,
    innNegativeFirst: stage === 1,
    floorRollModifier: pressure,
    antechambersOnly: stage === 4,
    sanityTargetShift:
      stage === 1 || stage === 2
        ? { tombs: stage * 2, elsewhere: 0 }
        : stage === 3
          ? { tombs: 6, elsewhere: 6 }
          : { tombs: 0, elsewhere: 0 },
    shrinesUnsafeOnFloorsUpTo: stage >= 2 ? 5 : 0,
    smithRerollsLowEvents: stage === 2,
    smithRefusesLost: stage === 3,
    smithGone: stage === 4,
    festivalsAllowed: stage < 3,
    watch:
      stage === 2
        ? { cap: 1, advances: true, resetToZero: false }
        : stage === 3
          ? { cap: null, advances: false, resetToZero: false }
          : stage === 4
            ? { cap: 0, advances: false, resetToZero: true }
            : { cap: null, advances: true, resetToZero: false },
    restIsShelterInTombs: stage < 3,
    lostNightsToRecover: stage === 2 ? 2 : 1,
    disturbedSleep: stage === 3,
    giverHungerFactor: stage === 3 ? 2 : 1,
    forestHostile: stage === 4,
    npcLeavesWeekly: stage === 2,
    manifestation: stage === 4,
    notes: [
      ...(stage === 1 ? ['Inn −1, floor rolls −1, Sanity Challenges in the Tombs +2'] : []),
      ...(stage === 2
        ? [
            'Inn −2, floor rolls −2, Sanity Challenges in the Tombs +4',
            'Shrine and Rest rooms on floors 1-5 unsafe',
            'One Town NPC leaves each week',
            'Square Watch counter capped at 1',
            'Lost Sanity needs 2 nights of rest',
          ]
        : []),
      ...(stage === 3
        ? [
            'Inn −3 and locked to events 2-9, floor rolls −3, every Sanity Challenge +6',
            '1d6 disturbed sleep each night at the Inn (1: drop one Sanity level)',
            'No Festival; the Square Watch counter does not advance',
            'The Smith refuses anyone at Lost',
            'Rest rooms in the Tombs are no shelter',
          ]
        : []),
      ...(stage === 4
        ? [
            'Inn closed, Smith fled',
            'Turned characters recalled to the Tombs',
            'Forest hostile: an extra Floor 7-9 encounter per visit',
            'All party members default to Lost in the Town',
            'Communion: 1d6 each round at Lost in Town, on 6 Sanity Challenge 18 or be turned',
          ]
        : []),
    ],
  };
}

/**
 * A Town's Attention when the party returns after time away (ch.5 "roll for it"; a house rule):
 * on a d6, 1-2 a stage lower and 5-6 a stage higher; Stage 4 never falls, nothing rises past 3.
 */
export function absentAttentionShift(
  stage: AttentionStage,
  d6: number,
  rule: 'd6-drift' | 'unchanged',
): { stage: AttentionStage; explain: string } {
  if (rule === 'unchanged') return { stage, explain: `unchanged while the party was away (house rule)` };
  if (stage === 4) return { stage, explain: 'Stage 4 cannot fall (ch.5)' };
  const next = (d6 <= 2 ? Math.max(0, stage - 1) : d6 >= 5 ? Math.min(3, stage + 1) : stage) as AttentionStage;
  return { stage: next, explain: `${d6} on d6: Stage ${stage} → ${next} while the party was away (ch.5, house rule)` };
}
