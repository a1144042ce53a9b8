// The simulated party and its foes: a Lichslayer as a dive starts them, the world a dive runs in,
// what one dive comes to, and the policies' picks (whom to attack, when to climb back).
import type { Colour, SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { TableDef } from '@shared/tables.ts';
import type { SimPolicies } from '@shared/odds-sim.ts';
import { parseDamage, type DamageSpec } from '../rules/attack.ts';
import { turnsPerRound } from '../rules/entities.ts';
import type { Modifier } from '../rules/dice.ts';
import type { AttentionState } from '../rules/lich-attention.ts';
import type { RolledEntity } from '../play/room-contents.ts';

/** A Lichslayer as the simulator starts them: the roster's row, or one the Judge describes. */
export interface SimMember {
  name: string;
  level: number;
  health: number;
  armor: number;
  power: number;
  speed: number;
  sanity: SanityLevel;
  weapon: DamageSpec;
  weaponColour: Colour;
}

export interface SimWorld {
  tables: ReadonlyMap<string, TableDef>;
  /** Rows already drawn from draw-without-replacement tables: each dive starts from these. */
  drawn: ReadonlyMap<string, ReadonlySet<number>>;
  rules: HouseRules;
  attention: AttentionState;
  party: readonly SimMember[];
}

/** A fight that runs this many rounds without an end is called off: the party withdraws from the floor. */
export const ROUND_LIMIT = 60;
/** The seed of dive i of a run: each dive its own stream, so any dive replays alone. */
export const diveSeed = (seed: number, i: number): number =>
  (Math.imul(seed ^ 0x9e3779b9, 2654435761) + Math.imul(i + 1, 0x85ebca6b)) >>> 0;

/** A Lichslayer in the dive; also a candidate for the enemies' default target (rules/attack.ts). */
export interface Fighter {
  m: SimMember;
  index: number;
  id: number;
  name: string;
  stackIndex: number;
  health: number;
  armor: number;
  sanity: SanityLevel;
  /** In the dive: false once withdrawn or permanently lost. */
  present: boolean;
  lost: boolean;
  zeroes: number;
  /** Reached 0 Health on the current floor at least once. */
  downed: boolean;
  gold: number;
  enemies: number;
  turns: number;
  /** Modifiers to all rolls, worked out again only when Sanity moves. */
  mods: { sanity: SanityLevel; all: Modifier[] } | null;
}

export interface Foe {
  e: RolledEntity;
  health: number;
  armor: number;
  attack: DamageSpec | null;
  turns: number;
}

/** One dive's outcome: what the tally counts. */
export interface DiveOutcome {
  /** Deepest floor entered (0: none). */
  deepest: number;
  /** Per floor 1..10: Lichslayers present on entering, reaching 0 Health there, permanently lost there. */
  entered: number[];
  felled: number[];
  /** Lichslayers reaching 0 Health at least once on this floor. */
  downed: number[];
  lost: number[];
  gold: number;
  xp: number;
  lootTiers: Record<string, number>;
  lootColours: Record<string, number>;
  attentionStage: number;
  survivors: number;
}

export function foeOf(e: RolledEntity, rules: HouseRules): Foe {
  return {
    e,
    health: e.health,
    armor: e.fields.armor,
    attack: parseDamage(e.fields.attack),
    turns: turnsPerRound(e.fields.speed, rules, e.fields.turns).value,
  };
}

/** The party's pick among the foes standing (policy `target`), null when none stands; ties go to the first placed. */
export function pickFoe(foes: readonly Foe[], policy: SimPolicies['target']): Foe | null {
  let best: Foe | null = null;
  for (const x of foes) {
    if (x.health <= 0) continue;
    if (!best) {
      best = x;
      if (policy === 'first') return best;
    } else if (
      policy === 'weakest'
        ? x.health + x.armor < best.health + best.armor
        : x.health + x.armor > best.health + best.armor
    )
      best = x;
  }
  return best;
}

/** Policy `retreat`: after a floor, whether those still in the dive climb back to the Town. */
export function retreats(party: readonly Fighter[], policies: SimPolicies): boolean {
  const present = party.filter((f) => f.present);
  if (policies.retreat === 'half-out') return present.length * 2 <= party.length;
  if (policies.retreat === 'hurt') return present.some((f) => f.health * 2 < f.m.health);
  return false;
}
