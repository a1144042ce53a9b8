// The Forest (rulebook ch.5, ch.6, ch.17): the daily d6 and its modifiers, the Phenomena and the
// Great Being wandering, the hostile Forest of Stage 4, the Stones of a vein and the grayed region,
// the Giver's hunger and feedings, and the Flora's harvest rule. Pure: inputs in, result out.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { clamp, Dice, showModifiers, totalOf, type DieRoll, type Modifier } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';
import { GIVER_FEEDINGS_FOR_RECIPES } from './spell-schools.ts';

/** ch.17: a day spent in a grayed region forces a Sanity Challenge at this target. */
export const GRAYED_REGION_TARGET = 12;
/** ch.17: the Giver loses this much Health for each in-game week it goes unfed. */
export const GIVER_HUNGER_PER_WEEK = 60;

/** The Stones by d6 face (ch.17): one per colour, with their stack maxima. */
export const BOOK_STONES: readonly { face: number; stone: string; colour: Colour; stackMax: number }[] = [
  { face: 1, stone: 'Ruby', colour: 'Red', stackMax: 6 },
  { face: 2, stone: 'Sapphire', colour: 'Blue', stackMax: 3 },
  { face: 3, stone: 'Amethyst', colour: 'Purple', stackMax: 6 },
  { face: 4, stone: 'Emerald', colour: 'Green', stackMax: 3 },
  { face: 5, stone: 'Topaz', colour: 'Orange', stackMax: 6 },
  { face: 6, stone: 'Obsidian', colour: 'Black', stackMax: 6 },
];

export interface StoneKind {
  stone: string;
  colour: Colour;
}

/** The Stone a d6 face gives: the campaign's own Stones table when it has that face, else the book's (ch.17). */
export function stoneForFace(face: number, fromTable: StoneKind | null): StoneKind {
  if (fromTable) return fromTable;
  const s = BOOK_STONES.find((b) => b.face === face)!;
  return { stone: s.stone, colour: s.colour };
}

export interface VeinYield {
  /** Each kind found, with how many. */
  stones: { stone: string; colour: Colour; count: number }[];
  count: DieRoll;
  kinds: DieRoll[];
  total: number;
  explain: string;
}

/**
 * Mining a vein (ch.17): 1d6 Stones, exploding. Which Stone: one d6 for the whole vein, or one
 * for each Stone (the book reads either way: a house rule). `stoneAt` reads the Stones table.
 */
export function mineVein(
  dice: Dice,
  input: { miner: string; stoneAt: (face: number) => StoneKind | null },
  rules: Pick<HouseRules, 'veinStones'>,
): VeinYield {
  const count = dice.explodingD6(`${input.miner} mines a vein: how many Stones`);
  const rolls = rules.veinStones === 'each-stone' ? count.total : 1;
  const kinds = Array.from({ length: rolls }, (_, i) =>
    dice.die(6, `${input.miner} mines a vein: Stone${rolls > 1 ? ` ${i + 1}` : ''}`),
  );
  const found = new Map<string, { stone: string; colour: Colour; count: number }>();
  for (const k of kinds) {
    const s = stoneForFace(k.natural, input.stoneAt(k.natural));
    const n = rules.veinStones === 'each-stone' ? 1 : count.total;
    const had = found.get(s.stone);
    found.set(s.stone, { ...s, count: (had?.count ?? 0) + n });
  }
  const stones = [...found.values()];
  const which =
    rules.veinStones === 'each-stone'
      ? `each Stone on its own d6 (${kinds.map((k) => k.natural).join(', ')}, house rule)`
      : `${kinds[0]!.natural} on d6`;
  const list = stones.map((s) => `${s.count} ${s.stone} (${s.colour})`).join(', ');
  return {
    stones,
    count,
    kinds,
    total: count.total,
    explain: `${count.total} Stone${count.total === 1 ? '' : 's'} (1d6! ${count.faces.join('+')}), ${which}: ${list} (ch.17)`,
  };
}

/** ch.17: after a vein is emptied its region grays for the rest of the campaign; nothing regrows. */
export function afterVeinEmptied(grayedRegions: number): { regionGray: true; grayedRegions: number; explain: string } {
  return {
    regionGray: true,
    grayedRegions: grayedRegions + 1,
    explain: `The vein is empty: this region grays for good; a day here forces a Sanity Challenge (target ${GRAYED_REGION_TARGET}) (ch.17)`,
  };
}

export interface ForestDayInput {
  who: string;
  day: number;
  /** The Giver was fed in the current in-game week. */
  giverFedThisWeek: boolean;
  /** A Daedric Being was tributed and not attacked since. */
  daedricTribute: boolean;
  /** Griefing events the party committed in the Forest this campaign. */
  griefing: number;
  giverDead: boolean;
}

/** The Forest d6's modifiers (ch.5), each labelled with its reason. */
export function forestModifiers(input: Omit<ForestDayInput, 'who' | 'day'>): Modifier[] {
  return [
    ...(input.giverFedThisWeek ? [{ source: 'the Giver fed this week', value: 1 }] : []),
    ...(input.daedricTribute ? [{ source: 'a Daedric Being tributed', value: 1 }] : []),
    ...(input.griefing
      ? [{ source: `${input.griefing} griefing event${input.griefing === 1 ? '' : 's'}`, value: -input.griefing }]
      : []),
    ...(input.giverDead ? [{ source: 'the Giver is dead', value: -2 }] : []),
  ];
}

/**
 * The Forest's daily condition for one party member (ch.5): 1d6 at entry, with its modifiers; it
 * lasts the whole in-game day. The table has faces 1-6, so the total is read within them.
 */
export function rollForestDay(
  dice: Dice,
  input: ForestDayInput,
): { d6: DieRoll; modifiers: Modifier[]; value: number; explain: string } {
  const d6 = dice.die(6, `The Forest for ${input.who}, day ${input.day}`);
  const modifiers = forestModifiers(input);
  const c = clamp(d6.natural + totalOf(modifiers), 1, 6);
  return {
    d6,
    modifiers,
    value: c.value,
    explain: `${c.value} = ${d6.natural} on d6${showModifiers(modifiers)}${c.clamp ? ` (${c.clamp}: the table runs 1-6)` : ''} (ch.5)`,
  };
}

export type BeingKind = 'celestial' | 'daedric' | 'none';

/**
 * Why a Great Being appears less often today (ch.5, ch.17): Stage 2 halves Daedric Beings, Stage 3
 * halves every Great Being, and a dead Giver halves them all (the Forest collapsed by half).
 */
export function beingHalvings(kind: BeingKind, stage: AttentionStage, giverDead: boolean): string[] {
  if (kind === 'none') return [];
  return [
    ...(stage === 2 && kind === 'daedric' ? ['Stage 2: Daedric Beings appear 50 % less often (ch.5)'] : []),
    ...(stage === 3 ? ['Stage 3: Great Beings appear half as often (ch.5)'] : []),
    ...(giverDead ? ['the Giver is dead: half the Great Being appearances (ch.17)'] : []),
  ];
}

/**
 * The Phenomena (ch.17): one d6 each in-game day, the Forest's state and the Great Being wandering
 * it. Each halving is a d6 of its own: on 1-3 the Being stays away today.
 */
export function rollPhenomena(
  dice: Dice,
  input: {
    day: number;
    stage: AttentionStage;
    giverDead: boolean;
    players?: number;
    beingAt: (face: number) => { kind: BeingKind; label: string };
  },
): { d6: DieRoll; face: number; beingAppears: boolean; halvings: { why: string; roll: DieRoll }[]; explain: string } {
  const d6 = dice.die(6, `The Phenomena, day ${input.day}`);
  const being = input.beingAt(d6.natural);
  const halvings = beingHalvings(being.kind, input.stage, input.giverDead).map((why) => ({
    why,
    roll: dice.die(6, `${why}: does the Being appear`),
  }));
  const away = halvings.find((h) => h.roll.natural <= 3);
  const beingAppears = being.kind !== 'none' && !away;
  const halved = halvings
    .map((h) => `${h.why}: ${h.roll.natural} on d6, ${h.roll.natural <= 3 ? 'it stays away' : 'it comes'}`)
    .join('; ');
  const bonus = beingAppears ? beingHealthBonus(input.players ?? 4) : 0;
  const stronger = bonus
    ? ` — the Being has +${bonus} Health for ${input.players} players (18 per player beyond four)`
    : '';
  return {
    d6,
    face: d6.natural,
    beingAppears,
    halvings,
    explain: `${d6.natural} on d6: ${being.label}${halved ? ` — ${halved}` : ''}${stronger} (ch.17)`,
  };
}

/**
 * Stage 4 (ch.5): every Forest visit brings an extra encounter from the Floor 7-9 Entities; the
 * Forest Sigil (ch.6) halves the party's hostile encounters: a d6, on 1-3 none comes.
 */
export function hostileVisit(
  dice: Dice,
  input: { stage: AttentionStage; forestSigil: boolean },
): { encounter: boolean; sigil: DieRoll | null; explain: string } {
  if (!attentionEffects(input.stage).forestHostile) return { encounter: false, sigil: null, explain: '' };
  if (!input.forestSigil)
    return {
      encounter: true,
      sigil: null,
      explain: 'The Forest is hostile at Stage 4: an encounter from the Floor 7-9 Entities (ch.5)',
    };
  const sigil = dice.die(6, 'The Forest Sigil halves the hostile encounters');
  const encounter = sigil.natural >= 4;
  return {
    encounter,
    sigil,
    explain: `The Forest is hostile at Stage 4 (ch.5); the Forest Sigil halves it: ${sigil.natural} on d6, ${encounter ? 'an encounter from the Floor 7-9 Entities' : 'no encounter'} (ch.6)`,
  };
}

export function feedGiver(input: {
  who: string;
  feedings: number;
  giverHealth: number;
}): { ok: true; feedings: number; explain: string } | { ok: false; reason: string } {
  if (input.giverHealth <= 0) return { ok: false, reason: 'The Giver is dead (ch.17)' };
  const feedings = input.feedings + 1;
  const opens =
    feedings === GIVER_FEEDINGS_FOR_RECIPES
      ? `: the Giver's Recipes open to ${input.who}, at their current Magic (ch.17)`
      : '';
  return {
    ok: true,
    feedings,
    explain: `${input.who} feeds the Giver (${feedings} time${feedings === 1 ? '' : 's'} this campaign)${opens}`,
  };
}

/**
 * The Giver's hunger at the end of an in-game week (ch.17): 60 Health lost when no one fed it that
 * week, twice as fast at Stage 3 (ch.5); at 0 it dies and the Forest collapses by half.
 */
export function giverAfterWeek(input: {
  health: number;
  fed: boolean;
  stage: AttentionStage;
  week: number;
  hungerRunning: boolean;
}): { health: number; loss: number; died: boolean; explain: string | null } {
  if (input.health <= 0) return { health: 0, loss: 0, died: false, explain: null };
  if (input.fed) return { health: input.health, loss: 0, died: false, explain: null };
  if (!input.hungerRunning) return { health: input.health, loss: 0, died: false, explain: null };
  const factor = attentionEffects(input.stage).giverHungerFactor;
  const loss = GIVER_HUNGER_PER_WEEK * factor;
  const health = Math.max(0, input.health - loss);
  const why = factor > 1 ? ` (${GIVER_HUNGER_PER_WEEK} × ${factor} at Stage ${input.stage}, ch.5)` : '';
  return {
    health,
    loss,
    died: health === 0,
    explain: `The Giver went unfed in week ${input.week}: −${loss} Health${why}, ${health} left${health === 0 ? ': it dies and the Forest collapses by half — half the rooms, half the Great Being appearances' : ''} (ch.17)`,
  };
}

/**
 * Harvesting a Flora patch (ch.17): take the whole patch and it dies; leave at least one and it
 * doubles by the next in-game week.
 */
export function harvestPatch(
  patch: { flora: string; count: number },
  take: number,
): { ok: true; taken: number; left: number; dies: boolean; explain: string } | { ok: false; reason: string } {
  if (patch.count <= 0) return { ok: false, reason: `The ${patch.flora} patch is dead (ch.17)` };
  if (!Number.isInteger(take) || take < 1) return { ok: false, reason: 'Take at least one' };
  const taken = Math.min(take, patch.count);
  const left = patch.count - taken;
  return {
    ok: true,
    taken,
    left,
    dies: left === 0,
    explain:
      left === 0
        ? `${taken} ${patch.flora} taken: the whole patch, and it dies (ch.17)`
        : `${taken} ${patch.flora} taken, ${left} left: the patch doubles by next week (ch.17)`,
  };
}

/** ch.17: a patch left with at least one plant doubles by the next in-game week. */
export function patchAtNewWeek(patch: { count: number; harvested: boolean }): number {
  return patch.harvested && patch.count > 0 ? patch.count * 2 : patch.count;
}

/**
 * Whether a week's hunger counts (ch.17; when the clock starts is a house rule): from the campaign's
 * start, or from the party's first Forest visit — the week must end on or after that day.
 */
export function giverHungerRuns(
  input: { firstVisit: number | null; weekLastDay: number },
  rules: Pick<HouseRules, 'giverHungerFrom'>,
): boolean {
  return (
    rules.giverHungerFrom === 'campaign-start' || (input.firstVisit !== null && input.firstVisit <= input.weekLastDay)
  );
}

/** Looking for Flora (ch.17): a d12 on the Flora table, and the patch's size by the house rule's d6. */
export function rollFloraPatch(
  dice: Dice,
  input: { who: string; floraAt: (face: number) => { flora: string; colour: Colour } | null },
  rules: Pick<HouseRules, 'floraPatchDice'>,
):
  | { ok: true; flora: string; colour: Colour; count: number; d12: DieRoll; size: DieRoll[]; explain: string }
  | { ok: false; reason: string } {
  const d12 = dice.die(12, `${input.who} looks for Flora`);
  const found = input.floraAt(d12.natural);
  if (!found) return { ok: false, reason: `The Flora table has no entry for ${d12.natural}` };
  const size = dice.pool(rules.floraPatchDice, 6, `${input.who}: the ${found.flora} patch's size`);
  const count = size.reduce((a, d) => a + d.total, 0);
  return {
    ok: true,
    ...found,
    count,
    d12,
    size,
    explain: `${d12.natural} on d12: a patch of ${found.flora} (${found.colour}), ${count} plant${count === 1 ? '' : 's'} (${rules.floraPatchDice}d6 [${size.map((d) => d.natural).join(', ')}], house rule) (ch.17)`,
  };
}

/** The Giver's Health: the house rule's starting value until hunger changes it (ch.17). */
export function giverHealthNow(stored: number | null, rules: Pick<HouseRules, 'giverStartingHealth'>): number {
  return stored ?? rules.giverStartingHealth;
}

/** ch.17: each Being gains 18 Health for each player beyond four. */
export function beingHealthBonus(players: number): number {
  return 18 * Math.max(0, players - 4);
}

export type BeingKilled = 'celestial-killed' | 'daedric-killed' | 'giver-killed';

/**
 * ch.17: what killing a Great Being costs — a Celestial drops every player a Sanity level, a Daedric
 * its killer one, the Giver every player two, and the Forest collapses with it.
 */
export function beingKilled(kind: BeingKilled): {
  everyone: number;
  killer: number;
  giverDies: boolean;
  explain: string;
} {
  if (kind === 'celestial-killed')
    return {
      everyone: 1,
      killer: 0,
      giverDies: false,
      explain:
        'A Celestial Being killed: every player drops one Sanity level; its boon is lost to the Town for the campaign (ch.17)',
    };
  if (kind === 'daedric-killed')
    return {
      everyone: 0,
      killer: 1,
      giverDies: false,
      explain:
        'A Daedric Being killed: its killer drops one Sanity level; its boon is lost to the Town for the campaign (ch.17)',
    };
  return {
    everyone: 2,
    killer: 0,
    giverDies: true,
    explain: 'The Giver killed: every player drops two Sanity levels, and the Forest collapses by half (ch.17)',
  };
}

/**
 * ch.5: a Daedric tribute adds +1 to the Forest's d6 while its Being is not attacked; each griefing
 * event takes 1 more from it, for good.
 */
export function recordForestDeed(
  forest: { tribute: boolean; griefing: number },
  deed: 'tribute' | 'tribute-broken' | 'griefing',
): { ok: true; tribute: boolean; griefing: number; explain: string } | { ok: false; reason: string } {
  if (deed === 'tribute')
    return {
      ok: true,
      tribute: true,
      griefing: forest.griefing,
      explain: 'A Daedric Being was tributed: +1 on the Forest’s d6 while it is not attacked (ch.5)',
    };
  if (deed === 'tribute-broken') {
    if (!forest.tribute) return { ok: false, reason: 'No tribute is standing' };
    return {
      ok: true,
      tribute: false,
      griefing: forest.griefing,
      explain: 'The tributed Being was attacked: the tribute’s +1 ends (ch.5)',
    };
  }
  const griefing = forest.griefing + 1;
  return {
    ok: true,
    tribute: forest.tribute,
    griefing,
    explain: `A griefing event in the Forest: −${griefing} on the Forest’s d6 from now on (ch.5)`,
  };
}
