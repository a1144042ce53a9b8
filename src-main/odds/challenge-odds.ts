// Exact Challenge odds (ch.1, ch.11): the same setup as the roll (rules/challenge.ts
// `challengeSetup`: dice count by house rule, modifiers, target shift) and the same success
// rule (`challengeSucceeds`), over the exact distribution of a pool of exploding d6.
import type { HouseRules } from '@shared/house-rules.ts';
import { totalOf, type Modifier } from '../rules/dice.ts';
import { challengeSetup, challengeSucceeds, type ChallengeInput } from '../rules/challenge.ts';
import { atLeast, entries, explodingPool, mean, type Dist } from './distribution.ts';

export interface ChallengeOdds {
  /** Chance of success. */
  p: number;
  /** Chance that every die shows a natural 1: a failure whatever the modifiers. */
  allNaturalOnes: number;
  /** Dice rolled and the target after any shift. */
  dice: number;
  target: number;
  modifier: number;
  modifiers: Modifier[];
  /** The average total (sum + modifiers). */
  mean: number;
  /** Mass left out by truncating the exploding dice (below 1e-12): the bound on p's error. */
  truncated: number;
  /** The totals and their chances, for a chart (values with chance below 1e-9 left out). */
  totals: { value: number; p: number }[];
  explain: string;
  chapter: string;
}

const pools = new Map<number, Dist>();
/** The sum of n exploding d6, built once per n (a heat map asks for the same pools again and again). */
function pool(n: number): Dist {
  let d = pools.get(n);
  if (!d) {
    d = explodingPool(n);
    pools.set(n, d);
  }
  return d;
}

export function challengeOdds(input: Omit<ChallengeInput, 'cause'>, rules: HouseRules): ChallengeOdds {
  const setup = challengeSetup(input, rules);
  const dist = pool(setup.count);
  const modifier = totalOf(setup.all);
  // A total of sum + modifier succeeds when it meets the target; the all-1s roll (sum = count) is
  // the one roll whose success the dice alone decide, so take it out if it would have succeeded.
  const need = setup.target - modifier;
  const allOnes = Math.pow(1 / 6, setup.count);
  const onesWouldPass = challengeSucceeds(false, setup.count + modifier, setup.target);
  const p = atLeast(dist, need) - (onesWouldPass ? allOnes : 0);
  const pct = (x: number) => `${(x * 100).toFixed(x > 0.001 && x < 0.999 ? 1 : 3)}%`;
  const shown = setup.all.filter((m) => m.value !== 0);
  const mods = shown.length
    ? ` ${shown.map((m) => `${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} ${m.source}`).join(', ')}`
    : '';
  const shift = setup.targetShift?.value
    ? ` (${input.target} + ${setup.targetShift.value}, ${setup.targetShift.source})`
    : '';
  return {
    p: Math.max(0, p),
    allNaturalOnes: allOnes,
    dice: setup.count,
    target: setup.target,
    modifier,
    modifiers: setup.all,
    mean: mean(dist) + modifier,
    truncated: dist.truncated,
    totals: entries(dist)
      .filter((e) => e.p >= 1e-9)
      .map((e) => ({ value: e.value + modifier, p: e.p })),
    explain: `${pct(Math.max(0, p))} to meet ${setup.target}${shift} on ${setup.count}d6!${mods}; all natural 1s (${pct(allOnes)}) fail (${setup.chapter})`,
    chapter: setup.chapter,
  };
}

/** A grid of chances: levels down, targets across, for the heat map. */
export function challengeGrid(
  levels: readonly number[],
  targets: readonly number[],
  base: Omit<ChallengeInput, 'cause' | 'level' | 'target'>,
  rules: HouseRules,
): number[][] {
  return levels.map((level) => targets.map((target) => challengeOdds({ ...base, level, target }, rules).p));
}
