// A run's tally read as estimates with 95% intervals: shares by Wilson's interval, means by the
// normal interval from sums of squares, loot counts per dive as Poisson counts.
import { meanEstimate, shareEstimate, type Estimate, type SimSummaryView, type SimTally } from '@shared/odds-sim.ts';
import { COLOURS } from '@shared/gauntlet.ts';
import { LOOT_TIER_NAMES } from '@shared/tables.ts';

const perDive = (count: number, n: number): Estimate => {
  if (n === 0) return { value: 0, low: 0, high: 0 };
  const mean = count / n;
  const half = 1.96 * Math.sqrt(mean / n);
  return { value: mean, low: Math.max(0, mean - half), high: mean + half };
};

export function summariseTally(t: SimTally, deepest: number): SimSummaryView {
  const n = t.dives;
  const people = n * t.partySize;
  let lostSoFar = 0;
  const floors = [];
  for (let f = 1; f <= deepest; f++) {
    lostSoFar += t.lost[f]!;
    floors.push({
      floor: f,
      reached: shareEstimate(t.reached[f]!, n),
      survival: shareEstimate(t.entered[f]! - t.downed[f]!, t.entered[f]!),
      alive: shareEstimate(people - lostSoFar, people),
      felled: meanEstimate(t.felled[f]!, t.felledSq[f]!, n),
    });
  }
  const last = floors[floors.length - 1];
  return {
    dives: n,
    partySize: t.partySize,
    floors,
    gold: meanEstimate(t.gold, t.goldSq, n),
    xp: meanEstimate(t.xp, t.xpSq, n),
    lootTiers: LOOT_TIER_NAMES.map((name) => ({ name, perDive: perDive(t.lootTiers[name] ?? 0, n) })),
    lootColours: COLOURS.filter((c) => t.lootColours[c]).map((name) => ({
      name,
      perDive: perDive(t.lootColours[name] ?? 0, n),
    })),
    attention: t.attention.map((count, stage) => ({ stage, share: shareEstimate(count, n) })),
    goldHistogram: t.goldHistogram.map((count, i) => ({ from: i * 50, share: n ? count / n : 0 })),
    explain: n
      ? `${n.toLocaleString('en')} dives of ${t.partySize}: ${last ? `the party reaches Floor ${last.floor} in ${Math.round(last.reached.value * 1000) / 10}% of dives` : 'no floor'}; 95% intervals (Wilson for shares, normal for means)`
      : 'No dives yet',
  };
}
