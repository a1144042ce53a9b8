// Damage and Health (rulebook ch.11, ch.12, ch.14, ch.16): Armor negates whole instances, one point
// each; ongoing effects and bypassing attacks strike Health; colour synchronicity doubles or halves
// what strikes Health; the Lich and its Phylactery ignore Colourless damage; 0 Health means withdraw
// or press on; a natural 1 calls an integrity check.
import { ITEM_SLOTS, type Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type DieRoll } from './dice.ts';

export interface Vitals {
  health: number;
  armor: number;
}

/** Where a hit comes from: what the rules of colour, immunity and Armor read. */
export interface HitSource {
  /** The colour the damage bears: the weapon's, the entity's, the spell school's (ch.14); null: none (a trap). */
  colour: Colour | null;
  /** An attack or a trap (Block answers physical damage, ch.13); spells and ongoing effects are not. */
  physical: boolean;
  ongoing?: boolean;
  bypassArmor?: boolean;
  /** Crush (the Breaker's capstone, Demon Magic's spell): through the Lich's Armor, the Phylactery to 0 (ch.12). */
  crush?: boolean;
  /** A skill halves this hit against its target (Break's traps, ch.2). */
  halve?: boolean;
  /** Struck by an entity (Dual-Color's immunity is to enemy types, ch.14). */
  fromEntity?: boolean;
  /** A Lich-type source (the Lich, its kind): Worn Armor does not answer it (ch.2). */
  lichType?: boolean;
  /** The Unbound's: its Incantations, its Vestments, an entity of its own (Full Spectrum resists it, ch.14). */
  unbound?: boolean;
  /** The striking entity's faction and the colours its signature holds (Dual-Color's immunity, ch.14). */
  faction?: { name: string; signature: readonly Colour[] } | null;
  /** The Judge's name for the source, for the working. */
  label: string;
}

/** Synchronicity as a fight reads it: the conditions an attacker or defender holds (ch.14). */
export interface SyncHeld {
  monoColor: boolean;
  fullSpectrum: boolean;
  /** Dual-Color's two colours, when it holds. */
  dualColours: Colour[] | null;
}

export const NO_SYNC: SyncHeld = { monoColor: false, fullSpectrum: false, dualColours: null };

export interface Defender extends Vitals {
  name: string;
  /** The colour of an entity (for Full Spectrum and Dual-Color doubling, ch.14). */
  colour: Colour;
  /** The Lich: immune to Colourless damage; its Armor gives way only to All-Color loot and Crush (ch.12, ch.16). */
  lich?: boolean;
  /** The Phylactery: immune to Colourless damage; All-Color loot strikes at full; Crush breaks it (ch.12). */
  phylactery?: boolean;
  /** A Lichslayer's synchronicity (damage received, ch.14). */
  sync?: SyncHeld;
  /** A Block declared against this hit, by the named item (ch.13). */
  blockedBy?: string | null;
  /** What keeps the Armor when it negates this instance (Worn Armor, ch.2), or null. */
  armorKept?: string | null;
  /** Why this body takes no damage at all (a Witch's own, inert while she inhabits another, ch.2), or null. */
  inert?: string | null;
}

export interface Multiplier {
  factor: 2 | 0.5;
  source: string;
}

export type HitOutcome = 'immune' | 'crushed' | 'blocked' | 'armor' | 'health';

export interface HitResult extends Vitals {
  outcome: HitOutcome;
  /** The amount before multipliers, and what struck Health after them. */
  rolled: number;
  healthLost: number;
  multipliers: Multiplier[];
  reachedZero: boolean;
  explain: string;
}

const halved = (n: number, rules: HouseRules) => (rules.damageRounding === 'up' ? Math.ceil(n / 2) : Math.floor(n / 2));

/**
 * The doublings and halvings of colour synchronicity (ch.14): Mono-Color deals 2× and receives ½;
 * Full Spectrum deals 2× to Colourless entities and receives ½ from Colourless sources, and resists
 * the Unbound (halved too unless the house rule leaves it to the Judge); Dual-Color deals 2× to
 * enemies of its two colours. Each applies once.
 */
export function syncMultipliers(
  attacker: SyncHeld,
  defender: { colour: Colour; sync?: SyncHeld | undefined },
  sourceColour: Colour | null,
  unbound: { from: boolean; rules: Pick<HouseRules, 'fullSpectrumVsUnbound'> } | null = null,
): Multiplier[] {
  const out: Multiplier[] = [];
  if (attacker.monoColor) out.push({ factor: 2, source: "attacker's Mono-Color (ch.14)" });
  if (attacker.fullSpectrum && defender.colour === 'Colourless')
    out.push({ factor: 2, source: "attacker's Full Spectrum against a Colourless entity (ch.14)" });
  if (attacker.dualColours?.includes(defender.colour))
    out.push({ factor: 2, source: `attacker's Dual-Color against a ${defender.colour} enemy (ch.14)` });
  const d = defender.sync ?? NO_SYNC;
  if (d.monoColor) out.push({ factor: 0.5, source: "defender's Mono-Color (ch.14)" });
  if (d.fullSpectrum && sourceColour === 'Colourless')
    out.push({ factor: 0.5, source: "defender's Full Spectrum against a Colourless source (ch.14)" });
  if (d.fullSpectrum && unbound?.from && unbound.rules.fullSpectrumVsUnbound === 'half')
    out.push({ factor: 0.5, source: "defender's Full Spectrum resists the Unbound (ch.14, house rule)" });
  return out;
}

/**
 * One hit resolved against a defender (ch.11-ch.14, ch.16), in the book's order: immunity, Crush,
 * a declared Block, Armor (one point per instance; not for ongoing or bypassing hits; the Lich's
 * Armor gives way only to All-Color and Crush), then the amount — doubled or halved by
 * synchronicity — strikes Health.
 */
export function resolveHit(
  defender: Defender,
  source: HitSource,
  amount: number,
  multipliers: readonly Multiplier[],
  rules: HouseRules,
): HitResult {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`Damage must be a whole number of 0 or more, not ${amount}`);
  const keep = {
    health: defender.health,
    armor: defender.armor,
    rolled: amount,
    healthLost: 0,
    multipliers: [] as Multiplier[],
    reachedZero: false,
  };
  if (defender.inert) return { ...keep, outcome: 'immune', explain: `${defender.inert}; ${source.label} does nothing` };
  const colourless = source.colour === 'Colourless';
  if (colourless && (defender.lich || defender.phylactery)) {
    return {
      ...keep,
      outcome: 'immune',
      explain: `${defender.name} is immune to Colourless damage: ${source.label} does nothing (${defender.lich ? 'ch.16' : 'ch.12'})`,
    };
  }
  const dual = defender.sync?.dualColours;
  if (dual && source.fromEntity && source.colour && dual.includes(source.colour)) {
    return {
      ...keep,
      outcome: 'immune',
      explain: `${defender.name}'s Dual-Color (${dual.join(' and ')}) makes them immune to ${source.colour} enemies: ${source.label} does nothing (ch.14)`,
    };
  }
  const faction = source.faction;
  if (
    dual &&
    source.fromEntity &&
    faction &&
    rules.factionSignature === 'entity-tables' &&
    dual.every((c) => faction.signature.includes(c))
  ) {
    return {
      ...keep,
      outcome: 'immune',
      explain: `${defender.name}'s Dual-Color (${dual.join(' and ')}) makes them immune to the ${faction.name} faction, whose colour signature (${faction.signature.join(', ')}) holds both: ${source.label} does nothing (ch.14, house rule)`,
    };
  }
  if (source.crush && defender.phylactery) {
    return {
      ...keep,
      health: 0,
      healthLost: defender.health,
      outcome: 'crushed',
      reachedZero: defender.health > 0,
      explain: `Crush reduces ${defender.name} to 0 in one action (ch.12)`,
    };
  }
  if (amount === 0)
    return {
      ...keep,
      outcome: 'health',
      explain: `${source.label} deals no damage: nothing for Armor to answer (ch.11)`,
    };
  if (defender.blockedBy && source.physical && !source.ongoing) {
    return {
      ...keep,
      outcome: 'blocked',
      explain: `${defender.blockedBy} blocks the instance of ${amount}: no damage; the blocking item rolls an integrity check (ch.13)`,
    };
  }
  // The Lich's and the Phylactery's Armor yields only to All-Color loot and Crush (ch.12); no other bypass.
  const guarded = defender.lich || defender.phylactery;
  const allColorThrough =
    source.colour === 'All-Color' && (defender.lich || rules.allColorVsPhylactery === 'through-armor');
  const bypass = guarded ? allColorThrough || !!source.crush : !!source.bypassArmor;
  if (!source.ongoing && !bypass && defender.armor > 0) {
    if (defender.armorKept) {
      return {
        ...keep,
        outcome: 'armor',
        explain: `Armor negates the whole instance of ${amount} (${source.label}): Armor stays ${defender.armor}, ${defender.armorKept}; its other effects still resolve (ch.11, ch.2)`,
      };
    }
    return {
      ...keep,
      armor: defender.armor - 1,
      outcome: 'armor',
      explain: `Armor negates the whole instance of ${amount} (${source.label}): Armor ${defender.armor} → ${defender.armor - 1}; its other effects still resolve (ch.11)`,
    };
  }
  let dealt = amount;
  const steps: string[] = [];
  for (const m of multipliers) {
    const before = dealt;
    dealt = m.factor === 2 ? dealt * 2 : halved(dealt, rules);
    steps.push(`${m.factor === 2 ? '×2' : '½'} ${m.source}: ${before} → ${dealt}`);
  }
  if (source.halve) {
    const before = dealt;
    dealt = halved(dealt, rules);
    steps.push(`halved (${source.label}): ${before} → ${dealt}`);
  }
  const health = Math.max(0, defender.health - dealt);
  const why = source.ongoing
    ? 'ongoing, not an instance'
    : bypass
      ? guarded
        ? source.crush
          ? 'Crush passes its Armor'
          : 'All-Color passes its Armor'
        : 'bypasses Armor'
      : 'no Armor left';
  return {
    health,
    armor: defender.armor,
    rolled: amount,
    healthLost: defender.health - health,
    multipliers: [...multipliers],
    outcome: 'health',
    reachedZero: health === 0 && defender.health > 0,
    explain: `${dealt} to ${defender.name}'s Health (${why}${steps.length ? `; ${steps.join('; ')}` : ''}): ${defender.health} → ${health} (ch.11)`,
  };
}

export type ZeroHealthOutcome =
  | { kind: 'choose'; options: ['withdraw', 'press-on']; explain: string }
  | { kind: 'permanently-lost'; explain: string };

/** At 0 Health: withdraw or press on at 1; the third time on one floor, or any time on Floor 10, is permanent (ch.10, ch.11). */
export function zeroHealthOutcome(floor: number | null, timesAtZeroOnThisFloor: number): ZeroHealthOutcome {
  if (floor === 10) return { kind: 'permanently-lost', explain: 'No withdrawal on Floor 10: permanently lost (ch.10)' };
  if (timesAtZeroOnThisFloor >= 3)
    return { kind: 'permanently-lost', explain: 'Third time at 0 Health on this floor: permanently lost (ch.11)' };
  return {
    kind: 'choose',
    options: ['withdraw', 'press-on'],
    explain: `0 Health (${timesAtZeroOnThisFloor} of 3 on this floor): withdraw from the floor, or press on at 1 Health (ch.11)`,
  };
}

/** Pressing on at 0 Health leaves the character at 1 (ch.11). */
export const PRESS_ON_HEALTH = 1;

/** A natural 1 calls an integrity check (ch.11): on any die showing 1, or only when all do (house rule). */
export function integrityDue(naturals: readonly number[], rules: HouseRules): boolean {
  if (naturals.length === 0) return false;
  return rules.integrityOn === 'all-ones' ? naturals.every((n) => n === 1) : naturals.includes(1);
}

/** A natural 1 on an attack or challenge calls an integrity check: 1d6, the item breaks on a 1 (ch.11). */
export function integrityCheck(
  dice: Dice,
  item: { name: string; unbreakable?: boolean },
  cause: string,
): { roll: DieRoll | null; breaks: boolean; explain: string } {
  if (item.unbreakable) return { roll: null, breaks: false, explain: `${item.name} is unbreakable (ch.11)` };
  const roll = dice.die(6, cause);
  const breaks = roll.natural === 1;
  return {
    roll,
    breaks,
    explain: `Integrity of ${item.name}: ${roll.natural} on d6, ${breaks ? 'it breaks' : 'it holds'} (ch.11)`,
  };
}

export interface GauntletItem {
  slot: string;
  name: string;
  broken: boolean;
  unbreakable: boolean;
}

/**
 * Equipment bands in the Gauntlet's own order, the extra loot and Medicine Slots last (ch.2): the
 * first candidate when no item was used (ch.11).
 */
export const GAUNTLET_ORDER = ITEM_SLOTS;

/**
 * The item an integrity check falls on unless the Judge picks another (ch.11; house rule
 * `integrityItem`): the item used, else the first equipped item that can break; or a die among them.
 * Null when nothing equipped can break.
 */
export function integrityTarget(
  dice: Dice,
  items: readonly GauntletItem[],
  used: string | null,
  rules: HouseRules,
  cause: string,
): { slot: string | null; roll: DieRoll | null; explain: string } {
  const candidates = [...items]
    .filter((i) => !i.broken && !i.unbreakable)
    .sort((a, b) => GAUNTLET_ORDER.indexOf(a.slot as never) - GAUNTLET_ORDER.indexOf(b.slot as never));
  if (!candidates.length) return { slot: null, roll: null, explain: 'nothing equipped can break (ch.11)' };
  if (rules.integrityItem === 'roll') {
    const roll = dice.die(candidates.length, cause);
    const pick = candidates[roll.natural - 1]!;
    return {
      slot: pick.slot,
      roll,
      explain: `${roll.natural} on d${candidates.length} picks ${pick.name} (house rule)`,
    };
  }
  const usedItem = used ? candidates.find((c) => c.slot === used) : undefined;
  const pick = usedItem ?? candidates[0]!;
  return {
    slot: pick.slot,
    roll: null,
    explain: usedItem
      ? `the item used, ${pick.name} (house rule)`
      : `the first equipped item that can break, ${pick.name} (house rule)`,
  };
}
