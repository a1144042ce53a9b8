// Idols (rulebook ch.6): tiers, costs and construction, and the Vanity consequence stage.
import type { TownState } from '@shared/town.ts';
export const IDOL_TIERS = {
  1: {
    label: 'Personal Idol',
    gold: 1000,
    rareLoot: 0,
    buildDays: 1,
    destroyDays: 1,
    destroyGold: 0,
    destroyRareLoot: 0,
  },
  2: {
    label: 'Square Idol',
    gold: 5000,
    rareLoot: 0,
    buildDays: 3,
    destroyDays: 3,
    destroyGold: 500,
    destroyRareLoot: 0,
  },
  3: {
    label: 'Great Idol',
    gold: 15000,
    rareLoot: 1,
    buildDays: 7,
    destroyDays: 7,
    destroyGold: 2000,
    destroyRareLoot: 1,
  },
} as const;
export type IdolTier = keyof typeof IDOL_TIERS;

export interface Idol {
  tier: IdolTier;
  /** Commissioned on this campaign day. */
  commissionedDay: number;
  /** A proper inscription, or none: without one the Idol is Vanity (ch.6). */
  inscription: string | null;
  selfIdol: boolean;
  /** A Self-Idol inscribed as a Memorial after its dedicator's death is the one exception. */
  memorialOfDeceasedSelf?: boolean;
  crown?: boolean;
  destroyed?: boolean;
}

/** Active from the day construction completes (ch.6). */
export function idolActive(idol: Idol, today: number): boolean {
  return !idol.destroyed && today >= idol.commissionedDay + IDOL_TIERS[idol.tier].buildDays;
}

/**
 * ch.6: Vanity is any Idol without a proper inscription, and any Self-Idol whatever it bears — save a
 * Memorial of the Self raised after the dedicator's death, which is judged by its inscription alone.
 */
export function isVanity(idol: Idol): boolean {
  if (idol.crown) return true;
  if (idol.selfIdol && !idol.memorialOfDeceasedSelf) return true;
  return idol.inscription === null;
}

export type VanityStage = 0 | 1 | 2 | 3 | 4;

/** The Vanity stage from the set of active Idols (ch.6 consequence scale); they compound. */
export function vanityStage(idols: readonly Idol[], today: number): { stage: VanityStage; explain: string } {
  const active = idols.filter((i) => idolActive(i, today) && isVanity(i));
  const count = (tier: IdolTier) => active.filter((i) => i.tier === tier).length;
  const [t1, t2, t3] = [count(1), count(2), count(3)];
  const crown = idols.some((i) => i.crown);
  let stage: VanityStage = 0;
  if (crown || t3 >= 2) stage = 4;
  else if (t3 === 1 || t2 >= 2) stage = 3;
  else if (t2 === 1 || t1 >= 2) stage = 2;
  else if (t1 === 1) stage = 1;
  return {
    stage,
    explain: `Active Vanity Idols: ${t1} Tier 1, ${t2} Tier 2, ${t3} Tier 3${crown ? ', the Lich’s Crown applied' : ''} → Vanity stage ${stage} (ch.6)`,
  };
}

/** The inscriptions an Idol may bear (ch.6), summarised in the app's own words. */
export const INSCRIPTIONS = {
  'unbound-sign': {
    label: "The Unbound's Sign",
    foundIn: 'Rare cache, floors 7-9',
    boon: 'Inn rest restores twice the Sanity',
  },
  'givers-mark': {
    label: "The Giver's Mark",
    foundIn: 'Granted by the fed Giver',
    boon: 'Survival clock penalties come one step later; the Banquet needs 300 gold, not 500',
  },
  'elemental-sigil': {
    label: 'The Elemental Sigil',
    foundIn: 'Tomb chests, Floor 4 and below',
    boon: 'Smith prices ignore colour; Elemental Call costs no gold',
  },
  'celestial-mark': {
    label: 'The Celestial Mark',
    foundIn: 'Granted by a Celestial Being',
    boon: 'Full Sanity once a week for the party; the Town heals 36 Health a day',
  },
  'forest-sigil': {
    label: 'The Forest Sigil',
    foundIn: 'Two Stones combined',
    boon: 'Half the hostile Forest encounters; Daedric Beings seek the party',
  },
  'lich-crown': {
    label: "The Lich's Crown",
    foundIn: 'Crafted at Lost Sanity',
    boon: 'None: the most extreme Vanity consequence, and it can never be removed',
  },
} as const;
export type InscriptionId = keyof typeof INSCRIPTIONS;

/** ch.6: a destruction ordered on a day takes its tier's days of work, done at the close of the last one. */
export function destructionDone(
  idol: { tier: IdolTier; destroyOrdered: number | null; destroyed?: boolean },
  closingDay: number,
): boolean {
  return (
    idol.destroyOrdered !== null &&
    !idol.destroyed &&
    closingDay + 1 >= idol.destroyOrdered + IDOL_TIERS[idol.tier].destroyDays
  );
}

/**
 * ch.6: the weekly check of the Vanity stage tells the Lich's Attention only of a rise; a stage that
 * falls (an Idol destroyed) lowers nothing and raises nothing.
 */
export function vanityShift(before: number, after: VanityStage): { raise: VanityStage | null; explain: string | null } {
  if (after === before) return { raise: null, explain: null };
  if (after > before) return { raise: after, explain: `Vanity stage ${before} → ${after}` };
  return {
    raise: null,
    explain: `Vanity stage ${before} → ${after}: the consequences of the Idols destroyed cease; the Lich's Attention does not fall with them (ch.6)`,
  };
}

/** ch.6: what an Idol needs at commission, checked before any gold changes hands. */
export function commissionCheck(input: {
  tier: IdolTier;
  inscription: InscriptionId | null;
  crafterSanity: string;
  rareItem: string | null;
  rareItemIsRare: boolean;
}): { ok: true } | { ok: false; reason: string } {
  if (input.inscription === 'lich-crown' && input.crafterSanity !== 'lost')
    return { ok: false, reason: "The Lich's Crown is crafted only by a character at Lost Sanity (ch.6)" };
  if (IDOL_TIERS[input.tier].rareLoot && !input.rareItem)
    return {
      ok: false,
      reason: 'A Great Idol needs one Rare loot item as raw material, consumed on completion (ch.6)',
    };
  if (input.rareItem && !input.rareItemIsRare)
    return { ok: false, reason: `${input.rareItem} is not Rare loot on any loot table (ch.6, ch.13)` };
  return { ok: true };
}

/** ch.6: destroying a Great Idol also consumes one Rare loot item in the breaking. */
export function destructionCheck(input: {
  tier: IdolTier;
  rareItem: string | null;
  rareItemIsRare: boolean;
}): { ok: true } | { ok: false; reason: string } {
  if (IDOL_TIERS[input.tier].destroyRareLoot && !input.rareItem)
    return {
      ok: false,
      reason: 'Breaking a Great Idol takes 2,000 gold and one Rare loot item, consumed in the breaking (ch.6)',
    };
  if (input.rareItem && !input.rareItemIsRare)
    return { ok: false, reason: `${input.rareItem} is not Rare loot on any loot table (ch.6, ch.13)` };
  return { ok: true };
}

/** An Idol as the boons and consequences read it: who dedicated it and what it bears. */
export interface DedicatedIdol extends Idol {
  id: number;
  /** The Lichslayer who dedicated it (null: none recorded). */
  dedicator: number | null;
  inscriptionId: InscriptionId | null;
  suitsSubject: boolean;
}

export interface Boon {
  idol: number;
  inscription: Exclude<InscriptionId, 'lich-crown'>;
  strength: 'full' | 'half';
  /** Tier 1 boons go to the dedicator only; Tier 2 and 3 to the whole party (ch.6). */
  holders: 'dedicator' | 'party';
  dedicator: number | null;
  explain: string;
}

/** ch.6: the boons of the active inscribed Idols; a wrong inscription grants half the boon. */
export function activeBoons(idols: readonly DedicatedIdol[], today: number): Boon[] {
  return idols.flatMap((i): Boon[] => {
    if (!idolActive(i, today) || i.inscriptionId === null || i.inscriptionId === 'lich-crown') return [];
    const strength = i.suitsSubject ? 'full' : 'half';
    const holders = i.tier === 1 ? 'dedicator' : 'party';
    const label = INSCRIPTIONS[i.inscriptionId].label;
    return [
      {
        idol: i.id,
        inscription: i.inscriptionId,
        strength,
        holders,
        dedicator: i.dedicator,
        explain: `${label} on a Tier ${i.tier} Idol${strength === 'half' ? ' (wrong subject: half the boon)' : ''} (ch.6)`,
      },
    ];
  });
}

/** Whether a Lichslayer holds a boon, and how strongly (ch.6); half boons as the house rule reads them. */
export function boonStrength(
  boons: readonly Boon[],
  inscription: Boon['inscription'],
  lichslayerId: number,
  halfBoon: 'numbers-halved' | 'none',
): 'full' | 'half' | null {
  const mine = boons.filter(
    (b) => b.inscription === inscription && (b.holders === 'party' || b.dedicator === lichslayerId),
  );
  if (mine.some((b) => b.strength === 'full')) return 'full';
  return mine.length && halfBoon === 'numbers-halved' ? 'half' : null;
}

/**
 * The Vanity consequences in force (ch.6), stacked: each stage's on top of the ones below.
 * `dedicators` are those whose Vanity Idols stand (the Stage 1 and Stage 2 personal effects).
 */
export function vanityConsequences(
  idols: readonly DedicatedIdol[],
  today: number,
): {
  stage: VanityStage;
  dedicators: number[];
  /** Stage 1: the clock's penalties come a day sooner for these dedicators. */
  clockSooner: number[];
  /** Stage 1: each of these rolls a Sanity Challenge (target 6) at the start of each day. */
  dailyChallenge: number[];
  /** Stage 2: the Smith's disposition shifts against these dedicators. */
  smithAgainst: number[];
  /** Stage 2: the whole party rolls a Sanity Challenge (target 12) once a week. */
  weeklyPartyChallenge: boolean;
  /** Stage 3: −1 to Sanity Challenges in the Town while it stands. */
  townSanityPenalty: boolean;
} {
  const v = vanityStage(idols, today);
  const dedicators = [
    ...new Set(
      idols.filter((i) => idolActive(i, today) && isVanity(i) && i.dedicator !== null).map((i) => i.dedicator!),
    ),
  ];
  return {
    stage: v.stage,
    dedicators,
    clockSooner: v.stage >= 1 ? dedicators : [],
    dailyChallenge: v.stage >= 1 ? dedicators : [],
    smithAgainst: v.stage >= 2 ? dedicators : [],
    weeklyPartyChallenge: v.stage >= 2,
    townSanityPenalty: v.stage >= 3,
  };
}

/** ch.6: the Sanity Challenge targets of the Vanity consequences. */
export const VANITY_DAILY_TARGET = 6;
export const VANITY_WEEKLY_TARGET = 12;
/** ch.6: the 7 in-game days the Stage 2 and Stage 3 Town effects last. */
export const VANITY_TOWN_DAYS = 7;

/** ch.6: a properly inscribed Idol — an inscription that suits its subject, and not the Crown. */
export function properlyInscribed(i: { inscription: string | null; suitsSubject: boolean }): boolean {
  return i.inscription !== null && i.inscription !== 'lich-crown' && i.suitsSubject;
}

/** ch.6 the Celestial Mark: full Sanity for the dedicating party once a week (no half of a restoration). */
export function celestialWeek(
  sanity: string,
  strength: 'full' | 'half' | null,
): { restore: boolean; explain: string | null } {
  if (strength !== 'full' || sanity === 'whole') return { restore: false, explain: null };
  return { restore: true, explain: 'the Celestial Mark restores full Sanity' };
}

/** ch.6 the Celestial Mark: the Town heals 36 Health per resident per day — 18 for half the boon (house rule). */
export function celestialHeal(input: {
  health: number;
  maxHealth: number;
  strength: 'full' | 'half' | null;
  inTown: boolean;
}): { health: number; explain: string | null } {
  if (!input.strength || !input.inTown || input.health >= input.maxHealth)
    return { health: input.health, explain: null };
  const to = Math.min(input.maxHealth, input.health + (input.strength === 'full' ? 36 : 18));
  return {
    health: to,
    explain: `the Celestial Mark heals ${to - input.health} Health${input.strength === 'half' ? ' (half the boon, house rule)' : ''} (ch.6)`,
  };
}

/** The Idols as the rules read them (ch.6): a wrong inscription counts as none for Vanity; a Memorial of the Self is no Vanity once its dedicator is dead. */
export function asIdols(state: Pick<TownState, 'idols'>, dead: ReadonlySet<number>): DedicatedIdol[] {
  return state.idols.map((i) => ({
    id: i.id,
    tier: i.tier,
    commissionedDay: i.commissionedDay,
    inscription: i.inscription === null || !i.suitsSubject ? null : i.inscription,
    inscriptionId: i.inscription,
    suitsSubject: i.suitsSubject,
    selfIdol: i.selfIdol,
    memorialOfDeceasedSelf: i.memorial && i.selfIdol && i.dedicator !== null && dead.has(i.dedicator),
    crown: i.crown,
    destroyed: i.destroyed,
    dedicator: i.dedicator,
  }));
}

/** How many Vanity Idols stand active today (ch.6, ch.7's −1 each on the Retainers' d8). */
export function activeVanity(idols: readonly DedicatedIdol[], day: number): number {
  return idols.filter((i) => idolActive(i, day) && isVanity(i)).length;
}

/** ch.5: every Vanity Idol that stood today is destroyed (the deed that brings Stage 3 down to 2). */
export function lastVanityIdolGone(
  idols: readonly DedicatedIdol[],
  standing: ReadonlySet<number>,
  day: number,
): boolean {
  return (
    activeVanity(idols, day) > 0 &&
    activeVanity(
      idols.filter((i) => standing.has(i.id)),
      day,
    ) === 0
  );
}
