// The world a simulated dive runs in, read once from the open campaign: its tables with their
// draws, its house rules (or a variant's), the Lich's Attention, and the party — the real roster
// with each Lichslayer's stats and first usable weapon, or one the Judge describes.
import { rosterRows } from '../state/roster.ts';
import type { PlayReader } from '../state/session.ts';
import type { Colour, SanityLevel } from '@shared/gauntlet.ts';
import { houseRulesSchema, type HouseRules, type HouseRulesPatch } from '@shared/house-rules.ts';
import { readHouseRules } from '../state/settings.ts';
import { CommandFailure } from '../state/failures.ts';
import { attentionActor } from '../play/machines.ts';
import { equippedItems } from '../play/gear.ts';
import { parseDamage, weaponOptions, type DamageSpec } from '../rules/attack.ts';
import { INITIAL_ATTENTION, type AttentionState } from '../rules/lich-attention.ts';
import type { SimMember, SimWorld } from './sim-party.ts';

/** A Lichslayer with no usable weapon strikes with this (the book gives no unarmed attack: the simulator's assumption, shown). */
export const BARE_HANDS: DamageSpec = { count: 1, sides: 6, flat: 0, text: '1d6 (no weapon: bare hands)' };

export interface DescribedMember {
  name: string;
  level: number;
  health: number;
  armor: number;
  power: number;
  speed: number;
  sanity: SanityLevel;
  weapon: string;
  colour: Colour;
}

export function rosterMembers(ps: PlayReader): SimMember[] {
  return rosterRows(ps).map((l) => {
    const weapon = weaponOptions(equippedItems(ps, l.id)).find((w) => w.allowed && w.damage);
    return {
      name: l.name,
      level: l.level,
      health: l.max_health,
      armor: l.max_armor,
      power: l.power,
      speed: l.speed,
      sanity: l.sanity,
      weapon: weapon?.damage ?? BARE_HANDS,
      weaponColour: weapon?.colour ?? 'Colourless',
    };
  });
}

export function describedMembers(members: readonly DescribedMember[]): SimMember[] {
  return members.map((m, i) => {
    const weapon = m.weapon.trim() ? parseDamage(m.weapon) : BARE_HANDS;
    if (!weapon)
      throw new CommandFailure(
        'refused',
        `Lichslayer ${i + 1} (${m.name}): the weapon “${m.weapon}” is not dice such as “2d6” or “1d6+1”.`,
      );
    return {
      name: m.name,
      level: m.level,
      health: m.health,
      armor: m.armor,
      power: m.power,
      speed: m.speed,
      sanity: m.sanity,
      weapon,
      weaponColour: m.colour,
    };
  });
}

export function loadSimWorld(ps: PlayReader, party: SimMember[], houseRules: HouseRulesPatch | undefined): SimWorld {
  if (!party.length)
    throw new CommandFailure('refused', 'The party is empty: add a Lichslayer to the roster, or describe one.');
  const tables = ps.tables.defs;
  const drawn = new Map([...ps.tables.drawn].map(([k, d]) => [k, new Set(d)]));
  for (const key of [
    'rooms-upper',
    'rooms-middle',
    'rooms-lower',
    'entities-upper',
    'entities-middle',
    'entities-lower',
    'traps-upper',
    'traps-middle',
    'traps-lower',
    'loot',
  ]) {
    if (!tables.has(key))
      throw new CommandFailure(
        'refused',
        `The table “${key}” is missing from this campaign: a dive needs it. Restore it from the starter pack on the Tables screen.`,
      );
  }
  const rules = variantRules(readHouseRules(ps), houseRules);
  const context = attentionActor(ps).getSnapshot().context as Partial<AttentionState>;
  const attention: AttentionState = { ...INITIAL_ATTENTION, ...context };
  return { tables, drawn, rules, attention, party };
}

/** The campaign's house rules with a variant's changes; a combination the rules refuse is the Judge's to fix. */
function variantRules(saved: HouseRules, patch: HouseRulesPatch | undefined): HouseRules {
  if (!patch) return saved;
  const parsed = houseRulesSchema.safeParse({ ...saved, ...patch });
  if (!parsed.success)
    throw new CommandFailure(
      'refused',
      `The variant's house rules do not hold together: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
