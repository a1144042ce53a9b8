// The classes' skills (rulebook ch.2) as data: which slot each fills, how it acts, how often it may
// be used, and what it does on the board. Summaries are the app's own labels, not the book's text.
import type { ClassName } from '@shared/house-rules.ts';
import type { SkillName } from '@shared/contract/skill-args.ts';
import { showDice, showModifiers, sumDice, totalOf, type Dice, type Modifier } from './dice.ts';

export type SkillLimit = 'turn' | 'round' | 'floor' | 'day' | 'session';
export type BoardEffect = 'reveal' | 'burgle' | 'disarm' | 'break';

export interface SkillDef {
  name: SkillName;
  className: ClassName;
  slot: 1 | 2 | 3 | 'capstone';
  kind: 'action' | 'passive' | 'response';
  limit: SkillLimit | null;
  board: BoardEffect | null;
  /** Its use rolls dice a player may roll at the table instead (ch.1): loot, damage, healing. */
  rollsDice: boolean;
}

const s = (
  className: ClassName,
  slot: SkillDef['slot'],
  name: SkillName,
  kind: SkillDef['kind'],
  limit: SkillLimit | null = null,
  board: BoardEffect | null = null,
): SkillDef => ({ name, className, slot, kind, limit, board, rollsDice: ROLLS_DICE.has(name) });

/** The board's skills whose use rolls dice: Charge's damage, Burgle's loot, the Bandage's healing, Influence's die. */
const ROLLS_DICE: ReadonlySet<string> = new Set(['Charge', 'Burgle', 'Diagnose and Bandage', 'Influence']);

export const SKILLS: readonly SkillDef[] = [
  s('The Breaker', 1, 'Break', 'action', null, 'break'),
  s('The Breaker', 2, 'Rumble Hat', 'passive'),
  s('The Breaker', 3, 'Charge', 'action'),
  s('The Breaker', 'capstone', 'Crush', 'action', 'round'),
  s('The Veteran', 1, 'Recall', 'action', null, 'reveal'),
  s('The Veteran', 2, 'Worn Armor', 'passive'),
  s('The Veteran', 3, 'Maneuver', 'response', 'round'),
  s('The Veteran', 'capstone', 'Rally', 'action', 'floor'),
  s('The Bandit', 1, 'Burgle', 'action', 'turn', 'burgle'),
  s('The Bandit', 2, 'Extra Pockets', 'passive'),
  s('The Bandit', 3, 'Disarm', 'action', null, 'disarm'),
  s('The Bandit', 'capstone', 'Cheat', 'action', 'floor'),
  s('The Scholar', 1, 'Identify', 'action'),
  s('The Scholar', 2, 'Scrolls and Ink', 'action'),
  s('The Scholar', 3, 'Investiture', 'passive'),
  s('The Scholar', 'capstone', 'Predict', 'action', 'round'),
  s('The Aristocrat', 1, 'Command', 'action', 'round'),
  s('The Aristocrat', 2, 'Retainers', 'passive'),
  s('The Aristocrat', 3, 'Family Heirloom', 'passive'),
  s('The Aristocrat', 'capstone', 'Influence', 'action', 'day'),
  s('The Lich Doctor', 1, 'Diagnose and Bandage', 'action'),
  s('The Lich Doctor', 2, 'Medicine Bay', 'passive'),
  s('The Lich Doctor', 3, 'Doctor’s Coat of Arms', 'passive'),
  s('The Lich Doctor', 'capstone', 'Cure', 'action', 'session'),
  s('The Witch', 1, 'Commune', 'action', null, 'reveal'),
  // ch.3: its Familiar shares one piece of intelligence per Round.
  s('The Witch', 2, 'Familiar', 'action', 'round'),
  s('The Witch', 3, 'Counter Magic', 'response'),
  s('The Witch', 'capstone', 'Oneness', 'action', 'session'),
];

export function skillNamed(name: string): SkillDef | undefined {
  return SKILLS.find((k) => k.name.toLowerCase() === name.trim().toLowerCase());
}

/** The skill a class unlocks in a slot (ch.2: skills 1-3 at levels 2, 4 and 6). */
export function classSkill(className: string | null, slot: 1 | 2 | 3 | 'capstone'): SkillDef | undefined {
  return SKILLS.find((k) => k.className === className && k.slot === slot);
}

/** One recorded use of a skill, with where and when, for limits and capstone progress. */
export interface SkillUse {
  lichslayerId: number;
  skill: string;
  session: number;
  day: number;
  floor: number | null;
  /** The fight it was used in (a serial counted over the campaign; null: out of a fight). */
  fight: number | null;
  /** The floor visit it was used on (a serial: each descent, and the Lich's manifestation in the Town). */
  visit: number | null;
  round: number | null;
  turn: number | null;
  /** What it was used on (an enemy's name for Burgle and Identify, with its faction). */
  target?: string;
  faction?: string;
  /** The entity's token it was used on: each entity may be Burgled once (ch.2). */
  tokenId?: number;
  /** Whether it achieved its end (a Burgle whose loot was kept), for capstones that count successes. */
  success?: boolean;
}

/**
 * Burgle from an entity (ch.2): the loot rolled is kept only when its colour matches the entity's,
 * or the loot is of Any colour (All-Color); otherwise the Bandit takes nothing.
 */
export function burgleKeeps(lootColour: string, entityColour: string): { kept: boolean; explain: string } {
  if (lootColour === 'All-Color') return { kept: true, explain: 'the loot is of Any colour: kept (ch.2)' };
  if (lootColour === entityColour)
    return { kept: true, explain: `the loot is ${lootColour}, the entity's colour: kept (ch.2)` };
  return {
    kept: false,
    explain: `the loot is ${lootColour}, the entity is ${entityColour}: the Bandit takes nothing (ch.2)`,
  };
}

/** Why this entity cannot be Burgled (ch.2: each entity once, whoever tried), or null. */
export function burgledAlready(uses: readonly SkillUse[], tokenId: number, name: string): string | null {
  return uses.some((u) => u.skill === 'Burgle' && u.tokenId === tokenId)
    ? `${name} has been Burgled already: an entity may be Burgled once (ch.2)`
    : null;
}

export const LIMIT_LABEL: Record<SkillLimit, string> = {
  turn: 'once per turn',
  round: 'once per Round',
  floor: 'once per floor',
  day: 'once per in-game day',
  session: 'once per session',
};

/** Skills a Skill Point enhances into two uses where one was allowed (ch.2: Burgle, Maneuver). */
export const TWICE_WHEN_ENHANCED: readonly string[] = ['Burgle', 'Maneuver'];

/**
 * Whether a limited skill is spent for now (ch.2), and why. Round and turn limits bind only in a
 * fight and are counted in that fight (its rounds restart at 1); "once per floor" is counted per
 * visit to the floor, the manifestation fight in the Town being a visit of its own.
 */
export function limitReached(
  def: SkillDef,
  uses: readonly SkillUse[],
  now: Omit<SkillUse, 'lichslayerId' | 'skill'>,
  lichslayerId: number,
  enhanced = false,
): string | null {
  if (!def.limit) return null;
  const allowed = enhanced && TWICE_WHEN_ENHANCED.includes(def.name) ? 2 : 1;
  const mine = uses.filter((u) => u.lichslayerId === lichslayerId && u.skill === def.name);
  const sameFight = (u: SkillUse) => now.fight !== null && u.fight === now.fight;
  const spent =
    mine.filter((u) => {
      switch (def.limit) {
        case 'session':
          return u.session === now.session;
        case 'day':
          return u.day === now.day;
        case 'floor':
          return now.visit !== null && u.visit === now.visit;
        case 'round':
          return sameFight(u) && now.round !== null && u.round === now.round;
        case 'turn':
          return (
            sameFight(u) && now.round !== null && u.round === now.round && now.turn !== null && u.turn === now.turn
          );
        default:
          return false;
      }
    }).length >= allowed;
  const label = allowed === 2 ? LIMIT_LABEL[def.limit].replace('once', 'twice') : LIMIT_LABEL[def.limit];
  return spent ? `${def.name} is ${label} (ch.2), and it has been used${allowed === 2 ? ' twice' : ''}` : null;
}

export interface CapstoneProgress {
  capstone: string;
  have: number;
  need: number;
  explain: string;
}

const FACTION_NAMES = ['Ghoul', 'Zombie', 'Phantom', 'Demon', 'Ogre', 'Maw'];

/** Capstone conditions the campaign's history can show (ch.2); others are the Judge's to mark. */
export function capstoneProgress(
  className: string | null,
  uses: readonly SkillUse[],
  lichslayerId: number,
): CapstoneProgress | null {
  const mine = uses.filter((u) => u.lichslayerId === lichslayerId);
  if (className === 'The Bandit') {
    // ch.2: successful Burgles from distinct enemies; uses recorded before tokens were kept count by name.
    const distinct = new Set(
      mine
        .filter((u) => u.skill === 'Burgle' && u.target && u.success !== false)
        .map((u) => (u.tokenId !== undefined ? `#${u.tokenId}` : u.target!.toLowerCase())),
    );
    return {
      capstone: 'Cheat',
      have: Math.min(10, distinct.size),
      need: 10,
      explain: `${distinct.size} distinct enemies successfully Burgled of 10 (ch.2)`,
    };
  }
  if (className === 'The Scholar') {
    const seen = new Set(
      mine
        .filter((u) => u.skill === 'Identify' && u.faction && FACTION_NAMES.includes(u.faction))
        .map((u) => u.faction!),
    );
    const missing = FACTION_NAMES.filter((f) => !seen.has(f));
    return {
      capstone: 'Predict',
      have: seen.size,
      need: 6,
      explain: `${seen.size} of 6 factions Identified${missing.length ? `; still ${missing.join(', ')}` : ''} (ch.2)`,
    };
  }
  return null;
}

/** Crush (the Breaker's capstone, ch.2): a target to 0 Health or 0 Armor, the Breaker's choice; never the Lich. */
export function crushRefusal(target: { name: string; lich: boolean; defeated: boolean }): string | null {
  if (target.lich) return 'Crush cannot target the Lich (ch.2)';
  if (target.defeated) return `${target.name} is already felled`;
  return null;
}

export interface BandageTarget {
  name: string;
  health: number;
  maxHealth: number;
  armor: number;
  /** The Armor a Gauntlet can hold (null: a token with no maximum). */
  maxArmor: number | null;
}

export interface Bandaged extends BandageTarget {
  restored: number;
  armorRestored: number;
  explain: string;
}

/**
 * Diagnose and Bandage (the Lich Doctor's Skill 1, ch.2): up to (level) characters, each restored
 * (level)d6 Health up to their maximum; enhanced, 3 Armor each as well.
 */
export function rollBandage(
  dice: Dice,
  input: {
    doctor: string;
    level: number;
    enhanced: boolean;
    targets: readonly BandageTarget[];
    /** The Doctor's modifiers to all rolls (ch.4, ch.8), on each heal's dice; a heal is never below 0. */
    modifiers?: readonly Modifier[];
  },
): Bandaged[] {
  const mods = input.modifiers ?? [];
  if (input.targets.length < 1) throw new RangeError('Diagnose and Bandage needs at least one character to heal');
  if (input.targets.length > input.level)
    throw new RangeError(
      `Diagnose and Bandage heals up to level characters: ${input.doctor} is level ${input.level} and chose ${input.targets.length} (ch.2)`,
    );
  return input.targets.map((t) => {
    const rolled = dice.pool(input.level, 6, `${input.doctor} bandages ${t.name}`);
    const sum = Math.max(0, sumDice(rolled) + totalOf(mods));
    const health = Math.min(t.maxHealth, t.health + sum);
    const armor = input.enhanced ? Math.min(t.maxArmor ?? Infinity, t.armor + 3) : t.armor;
    const armorRestored = armor - t.armor;
    const capped = health < t.health + sum ? ` (capped at maximum ${t.maxHealth})` : '';
    return {
      ...t,
      health,
      armor,
      restored: health - t.health,
      armorRestored,
      explain: `${t.name}: ${sum} = ${input.level}d6 ${showDice(rolled)}${showModifiers(mods)} Health restored: ${t.health} → ${health}${capped}${input.enhanced ? `; +3 Armor (enhanced): ${t.armor} → ${armor}${armorRestored < 3 ? ` (capped at maximum ${t.maxArmor})` : ''}` : ''} (ch.2)`,
    };
  });
}

/**
 * Worn Armor (the Veteran's Skill 2, ch.2): the first physical instance each Round leaves the Armor
 * that negates it; spells, Lich-type sources and Colourless damage are not answered — enhanced, the
 * first Colourless instance each Round is too. Which first instance this hit would be, or null.
 */
export function wornArmorKeeps(
  source: { physical: boolean; colour: string | null; lichType?: boolean; ongoing?: boolean },
  used: { physical: boolean; colourless: boolean },
  enhanced: boolean,
): 'physical' | 'colourless' | null {
  if (source.ongoing) return null;
  if (source.colour === 'Colourless') return enhanced && !used.colourless ? 'colourless' : null;
  if (!source.physical || source.lichType) return null;
  return used.physical ? null : 'physical';
}
