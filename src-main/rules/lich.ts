// The Lich and its Phylactery (rulebook ch.12, ch.16): stat blocks with scaling, revival,
// targeting, and the turning with its six-day Pilgrimage.
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type DieRoll } from './dice.ts';
import { rollGold } from './gold.ts';

export interface StatBlock {
  name: string;
  health: number;
  armor: number;
  speed: number;
  turns: number;
  magic?: number;
  attack: string;
  /** A hit calls a Sanity Challenge of this target (the Floor-10 Lich's Sanity Touch, ch.12). */
  sanityOnHit?: number;
  explain: string;
}

/** ch.12's Floor-10 block (used only when the house rule puts the Lich on Floor 10). */
export function floorTenLich(input: { playersAtLost: number; unboundVestmentsEquipped: number }): StatBlock {
  const health = 144 + 12 * input.playersAtLost + 24 * input.unboundVestmentsEquipped;
  return {
    name: 'The Lich (Floor 10)',
    health,
    armor: 18,
    speed: 6,
    turns: 2,
    attack: '4d6 touch',
    sanityOnHit: 18,
    explain: `144 + 12 × ${input.playersAtLost} at Lost + 24 × ${input.unboundVestmentsEquipped} Unbound Vestments = ${health} Health (ch.12)`,
  };
}

/** ch.16's manifestation at Stage 4, in the Town. */
export function manifestedLich(players: number): StatBlock {
  const extra = Math.max(0, players - 4);
  const health = 360 + 36 * extra;
  return {
    name: 'The Lich (manifest)',
    health,
    armor: 36,
    speed: 12,
    turns: 2,
    magic: 18,
    attack: '6d6, Colourless',
    explain: `360 + 36 × ${extra} players beyond four = ${health} Health (ch.16)`,
  };
}

export const PHYLACTERY: StatBlock = {
  name: 'The Phylactery',
  health: 72,
  armor: 36,
  speed: 0,
  turns: 0,
  attack: 'none',
  explain: 'Immobile; hidden until a character enters its room (ch.12)',
};

/** On true defeat, the Lich and its Phylactery both destroyed (ch.12): the hoard's gold, and how much colour returns over the week. */
export function trueDefeatSpoils(
  dice: Dice,
  cause: string,
): { gold: number; colourReturns: number; rolls: { gold: DieRoll[]; colour: DieRoll }; explain: string } {
  const gold = rollGold(dice, '12d6x6', `${cause}: the hoard`)!;
  const colour = dice.die(6, `${cause}: colour returning`);
  const percent = colour.natural * 10;
  return {
    gold: gold.gold,
    colourReturns: percent,
    rolls: { gold: gold.dice, colour },
    explain: `The Lich is destroyed for good: ${gold.explain.replace(' (ch.10)', '')}, one of every faction's signature loot, and colour returns by ${colour.natural} × 10 = ${percent} % over the week; the campaign ends (ch.12)`,
  };
}

/** Reduced to 0, the Lich revives at the start of the next round at half Health unless its Phylactery is destroyed. */
export function lichAtZero(
  maxHealth: number,
  phylacteryDestroyed: boolean,
): { revives: boolean; health: number; explain: string } {
  if (phylacteryDestroyed)
    return { revives: false, health: 0, explain: 'The Phylactery is destroyed: the Lich stays dead (ch.12, ch.16)' };
  const health = Math.ceil(maxHealth / 2);
  return {
    revives: true,
    health,
    explain: `The Phylactery stands: the Lich revives next round at ${health} Health (ch.16)`,
  };
}

/** The manifested Lich attacks the character holding the most gold (ch.16); ties are the Judge's call. */
export function lichTarget<T extends { name: string; gold: number }>(characters: readonly T[]): T[] {
  const most = Math.max(...characters.map((c) => c.gold));
  return characters.filter((c) => c.gold === most);
}

export const PILGRIMAGE_DAYS = 6;

/** A turned character's Pilgrimage must finish within 6 days, or the turning becomes permanent (ch.16). */
export function turningStatus(
  turnedOnDay: number,
  today: number,
): { daysLeft: number; permanent: boolean; explain: string } {
  const daysLeft = turnedOnDay + PILGRIMAGE_DAYS - today;
  return daysLeft >= 0
    ? { daysLeft, permanent: false, explain: `${daysLeft} day(s) left to finish the Pilgrimage (ch.16)` }
    : {
        daysLeft: 0,
        permanent: true,
        explain: 'Past the sixth day: the turning is permanent, no cure applies (ch.16)',
      };
}

/** What waits on Floor 10 (ch.10, ch.12): the Phylactery, and the Lich too if the house rule says so. */
export function floorTenOpponents(
  rules: HouseRules,
  input: { playersAtLost: number; unboundVestmentsEquipped: number },
): StatBlock[] {
  return rules.lichOnFloorTen ? [PHYLACTERY, floorTenLich(input)] : [PHYLACTERY];
}
