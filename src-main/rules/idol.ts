// Idols (rulebook ch.6): tiers, costs and construction, and the Vanity consequence stage.
export const IDOL_TIERS = {
  1: { label: 'Personal Idol', gold: 1000, rareLoot: 0, buildDays: 1, destroyDays: 1, destroyGold: 0, destroyRareLoot: 0 },
  2: { label: 'Square Idol', gold: 5000, rareLoot: 0, buildDays: 3, destroyDays: 3, destroyGold: 500, destroyRareLoot: 0 },
  3: { label: 'Great Idol', gold: 15000, rareLoot: 1, buildDays: 7, destroyDays: 7, destroyGold: 2000, destroyRareLoot: 1 },
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

export function isVanity(idol: Idol): boolean {
  if (idol.crown) return true;
  if (idol.selfIdol) return !idol.memorialOfDeceasedSelf;
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
  return { stage, explain: `Active Vanity Idols: ${t1} Tier 1, ${t2} Tier 2, ${t3} Tier 3${crown ? ', the Lich’s Crown applied' : ''} → Vanity stage ${stage} (ch.6)` };
}
