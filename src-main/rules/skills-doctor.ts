// The Lich Doctor's capstone, Cure (rulebook ch.2), as a pure rule: one ailment lifted, a quarter of
// the target's maximum Health restored (rounded up), and 1d6 Rounds in which the target acts from
// 0 Health as though at 1. Diagnose and Bandage lives beside Crush in rules/skills.ts.
import { showDice, type Dice } from './dice.ts';
import { liftOne, type Ailment } from './ailments.ts';

export interface CureTarget {
  name: string;
  health: number;
  maxHealth: number;
  ailments: readonly Ailment[];
}

export interface Cured {
  health: number;
  restored: number;
  ailments: Ailment[];
  lifted: Ailment | null;
  /** Rounds the target may act from 0 Health as though at 1. */
  rounds: number;
  explain: string;
}

/** A quarter of a maximum, rounded up (ch.2: Cure restores 25% of maximum Health). */
export const quarterUp = (max: number): number => Math.ceil(max / 4);

/** Cure on a living target (ch.2): lift one ailment, restore 25% of maximum Health rounded up, 1d6 Rounds acting from 0 as at 1. */
export function rollCure(dice: Dice, doctor: string, target: CureTarget, chosen: Ailment | undefined): Cured {
  const lift = liftOne({ name: target.name, ailments: target.ailments }, chosen, doctor);
  const quarter = quarterUp(target.maxHealth);
  const health = Math.min(target.maxHealth, target.health + quarter);
  const roll = dice.die(6, `${doctor} Cures ${target.name}: Rounds acting from 0 Health`);
  const rounds = roll.total;
  const capped = health < target.health + quarter ? ` (capped at maximum ${target.maxHealth})` : '';
  const parts = [
    `${doctor} Cures ${target.name}: ${quarter} Health restored (25% of maximum ${target.maxHealth}, rounded up): ${target.health} → ${health}${capped}`,
    lift.explain ?? `${target.name} has no ailment to lift`,
    `for ${rounds} Round${rounds === 1 ? '' : 's'} (1d6 ${showDice([roll])}) ${target.name} may act from 0 Health as though at 1`,
  ];
  return {
    health,
    restored: health - target.health,
    ailments: lift.ailments,
    lifted: lift.lifted,
    rounds,
    explain: `${parts.join('; ').replace(/ \(ch\.2\)/g, '')} (ch.2)`,
  };
}

/** Cure's unlock (ch.2): the Lich Doctor has healed a character back from 0 Health three times without a spell. */
export function cureProgress(heals: number): { capstone: string; have: number; need: number; explain: string } {
  return {
    capstone: 'Cure',
    have: Math.min(3, heals),
    need: 3,
    explain: `${heals} of 3 characters healed back from 0 Health without a spell (ch.2)`,
  };
}
