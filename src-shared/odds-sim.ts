// The dive simulator's words, shared by main and renderer: the policies a Judge picks for the
// choices the book leaves to people, a run's tally and its summary with confidence intervals.
// Plain types and data (no schemas): the command's schema is in contract.ts.

/** Each policy, its choices and what each choice means (shown in the Odds lab, documented in the README). */
export const SIM_POLICIES = {
  target: {
    label: 'Whom the party attacks',
    choices: {
      weakest: 'The foe closest to falling (least Health + Armor)',
      strongest: 'The toughest foe first',
      first: 'The first foe placed',
    },
  },
  atZero: {
    label: 'At 0 Health',
    choices: {
      withdraw: 'Withdraw from the dive (ch.11)',
      'press-on': 'Press on at 1 Health until the third time (ch.11)',
    },
  },
  retreat: {
    label: 'When the party climbs back',
    choices: {
      never: 'Only after the deepest floor',
      'half-out': 'Once half the party is out',
      hurt: 'Once anyone is below half Health',
    },
  },
} as const;

export type SimTargetPolicy = keyof (typeof SIM_POLICIES)['target']['choices'];
export type SimZeroPolicy = keyof (typeof SIM_POLICIES)['atZero']['choices'];
export type SimRetreatPolicy = keyof (typeof SIM_POLICIES)['retreat']['choices'];

export interface SimPolicies {
  /** The deepest floor the party means to reach (1-10). */
  floors: number;
  /** Rooms entered on each floor before the descent (the book gives no count; 25 clears a floor). */
  roomsPerFloor: number;
  /** Floor 10's waves the party must outlast (the Phylactery is not simulated). */
  floorTenWaves: number;
  target: SimTargetPolicy;
  atZero: SimZeroPolicy;
  retreat: SimRetreatPolicy;
}

export const DEFAULT_SIM_POLICIES: SimPolicies = {
  floors: 10,
  roomsPerFloor: 4,
  floorTenWaves: 3,
  target: 'weakest',
  atZero: 'withdraw',
  retreat: 'never',
};

/** Sums over dives (and sums of squares for the intervals); tallies of parts of a run add up. */
export interface SimTally {
  dives: number;
  partySize: number;
  /** Index = floor (1-10; 0 unused). */
  reached: number[];
  entered: number[];
  felled: number[];
  felledSq: number[];
  downed: number[];
  lost: number[];
  gold: number;
  goldSq: number;
  xp: number;
  xpSq: number;
  survivors: number;
  lootTiers: Record<string, number>;
  lootColours: Record<string, number>;
  /** Dives ending at each Attention stage 0-4. */
  attention: number[];
  /** Dives by party gold in bands of 50 (the last band: 1,000 and more). */
  goldHistogram: number[];
}

/** An estimate and its 95% confidence interval. */
export interface Estimate {
  value: number;
  low: number;
  high: number;
}

export interface SimFloorView {
  floor: number;
  /** Share of dives in which the party entered this floor. */
  reached: Estimate;
  /** Share of the Lichslayers entering this floor who come through it without reaching 0 Health. */
  survival: Estimate;
  /** Share of the party's Lichslayers not permanently lost by the end of this floor. */
  alive: Estimate;
  /** Lichslayers reaching 0 Health on this floor, per dive. */
  felled: Estimate;
}

export interface SimSummaryView {
  dives: number;
  partySize: number;
  floors: SimFloorView[];
  gold: Estimate;
  xp: Estimate;
  /** Per dive: loot found by tier and by colour. */
  lootTiers: { name: string; perDive: Estimate }[];
  lootColours: { name: string; perDive: Estimate }[];
  /** Share of dives ending the day at each Attention stage. */
  attention: { stage: number; share: Estimate }[];
  goldHistogram: { from: number; share: number }[];
  explain: string;
}

export type SimRunState = 'running' | 'done' | 'cancelled' | 'failed';

export interface SimRunView {
  runId: string;
  state: SimRunState;
  done: number;
  total: number;
  /** The tally so far (partial while running). */
  summary: SimSummaryView | null;
  error: string | null;
  seed: number;
  label: string;
  /** Workers the run is split over (one per core, at most one per block of dives). */
  workers: number;
  /** Wall time since the run started, to its end once it stops. */
  wallMs: number;
  /** The workers' time spent simulating over the wall time: the cores the run kept busy. */
  coresUsed: number;
}

/** Wilson's interval for a share (stays inside 0..1 near the ends). */
export function shareEstimate(hits: number, n: number): Estimate {
  if (n === 0) return { value: 0, low: 0, high: 0 };
  const z = 1.96;
  const p = hits / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** A mean's normal interval from its sum and sum of squares. */
export function meanEstimate(sum: number, sumSq: number, n: number): Estimate {
  if (n === 0) return { value: 0, low: 0, high: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const half = 1.96 * Math.sqrt(variance / n);
  return { value: mean, low: mean - half, high: mean + half };
}
