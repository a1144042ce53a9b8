// A simulated run's tally: each dive's outcome added to sums (and sums of squares, for the
// intervals), and tallies of parts of a run merged, so shares run on any number of workers.
import type { SimTally } from '@shared/odds-sim.ts';
import type { DiveOutcome } from './sim-party.ts';

/** Adds one dive to a running tally (sums and sums of squares, for the intervals). */
export function tallyDive(t: SimTally, d: DiveOutcome, partySize: number): void {
  t.dives += 1;
  for (let f = 1; f <= 10; f++) {
    if (d.entered[f]! > 0) t.reached[f]! += 1;
    t.entered[f]! += d.entered[f]!;
    t.felled[f]! += d.felled[f]!;
    t.felledSq[f]! += d.felled[f]! ** 2;
    t.lost[f]! += d.lost[f]!;
    t.downed[f]! += d.downed[f]!;
  }
  t.gold += d.gold;
  t.goldSq += d.gold ** 2;
  t.xp += d.xp;
  t.xpSq += d.xp ** 2;
  t.survivors += d.survivors;
  t.partySize = partySize;
  for (const [k, v] of Object.entries(d.lootTiers)) t.lootTiers[k] = (t.lootTiers[k] ?? 0) + v;
  for (const [k, v] of Object.entries(d.lootColours)) t.lootColours[k] = (t.lootColours[k] ?? 0) + v;
  t.attention[d.attentionStage]! += 1;
  t.goldHistogram[Math.min(t.goldHistogram.length - 1, Math.floor(d.gold / 50))]! += 1;
}

export function emptyTally(): SimTally {
  const floors = () => new Array(11).fill(0) as number[];
  return {
    dives: 0,
    partySize: 0,
    reached: floors(),
    entered: floors(),
    felled: floors(),
    felledSq: floors(),
    downed: floors(),
    lost: floors(),
    gold: 0,
    goldSq: 0,
    xp: 0,
    xpSq: 0,
    survivors: 0,
    lootTiers: {},
    lootColours: {},
    attention: [0, 0, 0, 0, 0],
    goldHistogram: new Array(21).fill(0) as number[],
  };
}

export function mergeTallies(a: SimTally, b: SimTally): SimTally {
  const add = (x: number[], y: number[]) => x.map((v, i) => v + y[i]!);
  const addRec = (x: Record<string, number>, y: Record<string, number>) => {
    const r = { ...x };
    for (const [k, v] of Object.entries(y)) r[k] = (r[k] ?? 0) + v;
    return r;
  };
  return {
    dives: a.dives + b.dives,
    partySize: Math.max(a.partySize, b.partySize),
    reached: add(a.reached, b.reached),
    entered: add(a.entered, b.entered),
    felled: add(a.felled, b.felled),
    felledSq: add(a.felledSq, b.felledSq),
    lost: add(a.lost, b.lost),
    downed: add(a.downed, b.downed),
    gold: a.gold + b.gold,
    goldSq: a.goldSq + b.goldSq,
    xp: a.xp + b.xp,
    xpSq: a.xpSq + b.xpSq,
    survivors: a.survivors + b.survivors,
    lootTiers: addRec(a.lootTiers, b.lootTiers),
    lootColours: addRec(a.lootColours, b.lootColours),
    attention: add(a.attention, b.attention),
    goldHistogram: add(a.goldHistogram, b.goldHistogram),
  };
}
