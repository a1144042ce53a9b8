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

/** The inscriptions an Idol may bear (ch.6), summarised in the app's own words. */
export const INSCRIPTIONS = {
  'unbound-sign': { label: "The Unbound's Sign", foundIn: 'Rare cache, floors 7-9', boon: 'Inn rest restores twice the Sanity' },
  'givers-mark': { label: "The Giver's Mark", foundIn: 'Granted by the fed Giver', boon: 'Survival clock penalties come one step later; the Banquet needs 300 gold, not 500' },
  'elemental-sigil': { label: 'The Elemental Sigil', foundIn: 'Tomb chests, Floor 4 and below', boon: 'Smith prices ignore colour; Elemental Call costs no gold' },
  'celestial-mark': { label: 'The Celestial Mark', foundIn: 'Granted by a Celestial Being', boon: 'Full Sanity once a week for the party; the Town heals 36 Health a day' },
  'forest-sigil': { label: 'The Forest Sigil', foundIn: 'Two Stones combined', boon: 'Half the hostile Forest encounters; Daedric Beings seek the party' },
  'lich-crown': { label: "The Lich's Crown", foundIn: 'Crafted at Lost Sanity', boon: 'None: the most extreme Vanity consequence, and it can never be removed' },
} as const;
export type InscriptionId = keyof typeof INSCRIPTIONS;

/** A wrong inscription grants half the boon and the full consequence (ch.6); none at all is Vanity. */
export function inscriptionOutcome(inscription: InscriptionId | null, suitsSubject: boolean): { boon: 'full' | 'half' | 'none'; vanity: boolean; explain: string } {
  if (inscription === null) return { boon: 'none', vanity: true, explain: 'No inscription: a Vanity Idol (ch.6)' };
  if (inscription === 'lich-crown') return { boon: 'none', vanity: true, explain: "The Lich's Crown: the most extreme Vanity consequence (ch.6)" };
  if (!suitsSubject) return { boon: 'half', vanity: true, explain: `${INSCRIPTIONS[inscription].label} on the wrong subject: half the boon, the full consequence (ch.6)` };
  return { boon: 'full', vanity: false, explain: `${INSCRIPTIONS[inscription].label}: ${INSCRIPTIONS[inscription].boon} (ch.6)` };
}
