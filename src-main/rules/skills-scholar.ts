// The Scholar's skills as rules (rulebook ch.2): Predict's target against an enemy's declared action,
// Investiture's bonus to the character beside the Scholar, Scrolls' capacity.
import type { EntityStats } from '@shared/board.ts';
import type { LootFields } from '@shared/tables.ts';
import type { Modifier } from './dice.ts';

/** Predict (the Scholar's capstone, ch.2): the Challenge's target is the enemy's level × 3; against the Lich, 30. */
export function predictTarget(enemy: { name: string; level: number | undefined; lich: boolean }): {
  target: number;
  explain: string;
} {
  if (enemy.lich) return { target: 30, explain: `Predict against the Lich: target 30 (ch.2)` };
  if (enemy.level === undefined || !Number.isInteger(enemy.level) || enemy.level < 1)
    throw new RangeError(
      `${enemy.name}'s stat block gives no level: Predict's target is its level × 3 (ch.2); set its level first`,
    );
  return {
    target: enemy.level * 3,
    explain: `Predict against ${enemy.name}: level ${enemy.level} × 3 = ${enemy.level * 3} (ch.2)`,
  };
}

export interface InvestitureCandidate {
  lichslayerId: number;
  name: string;
  steps: number;
  /** Its place on the turn stack: the earliest is chosen when several stand beside the Scholar. */
  order: number;
}

/**
 * Investiture (the Scholar's Skill 3, ch.2): at a Round's start, the character adjacent to the Scholar
 * (one at a time: the first on the turn stack when several are) — enhanced, every character within
 * 1 space. "Adjacent" follows the campaign's adjacency house rule; "within 1 space" is one room step.
 */
export function investitureChosen(
  candidates: readonly InvestitureCandidate[],
  input: { enhanced: boolean; adjacency: 'same-room' | 'same-or-neighbour' },
): InvestitureCandidate[] {
  const near = candidates.filter((c) =>
    input.enhanced ? c.steps <= 1 : input.adjacency === 'same-room' ? c.steps === 0 : c.steps <= 1,
  );
  if (input.enhanced) return near;
  return [...near].sort((a, b) => a.order - b.order).slice(0, 1);
}

/** Investiture's +1 to all rolls while the Scholar stays where they stood at the Round's start (ch.2). */
export function investitureBonus(scholar: string): Modifier {
  return { source: `Investiture from ${scholar} (ch.2)`, value: 1 };
}

/** Investiture's +1 Magic (ch.2). */
export const INVESTITURE_MAGIC = 1;

/** Scrolls and Ink (ch.2): an inscription on a Gear or Garment adds +1 Magic, +2 enhanced; written where the Gauntlet reads an item's Magic (its notes). */
export function inscription(input: { scholar: string; item: string; notes: string; enhanced: boolean }): {
  notes: string;
  magic: number;
  explain: string;
} {
  if (/\binscribed by\b/i.test(input.notes))
    throw new RangeError(`${input.item} is inscribed already: one inscription to an item (the app's reading of ch.2)`);
  const magic = input.enhanced ? 2 : 1;
  const mark = `+${magic} Magic (inscribed by ${input.scholar}, ch.2)`;
  return {
    notes: input.notes.trim() ? `${input.notes.trim()}; ${mark}` : mark,
    magic,
    explain: `${input.scholar} inscribes ${input.item}: +${magic} Magic${input.enhanced ? ' (Scrolls and Ink enhanced)' : ''} (ch.2)`,
  };
}

/**
 * Identify on an enemy or entity (ch.2): everything its token knows — faction, colour, level, stats,
 * its attack and the abilities its stat block flags, and what the Judge wrote for its intention.
 */
export function identifyEntity(t: {
  name: string;
  colour: string;
  health: number | null;
  maxHealth: number | null;
  armor: number | null;
  stats: EntityStats;
  intention: string;
}): string {
  const s = t.stats;
  const parts = [
    s.faction ?? 'no faction',
    t.colour,
    ...(s.level !== undefined ? [`level ${s.level}`] : []),
    `Health ${t.health ?? '?'}${t.maxHealth !== null && t.maxHealth !== t.health ? ` of ${t.maxHealth}` : ''} / Armor ${t.armor ?? '?'}`,
    `Speed ${s.speed ?? '?'}${s.turns && s.turns > 1 ? ` (${s.turns} turns a Round)` : ''}`,
    ...(s.attack ? [`attack ${s.attack}`] : []),
    ...(s.magic !== undefined ? [`Magic ${s.magic}`] : []),
    ...(s.bypassArmor ? ['its attacks go through Armor'] : []),
    ...(s.lichType ? ['a Lich-type source'] : []),
    ...(s.sanityOnHit ? [`a hit calls a Sanity Challenge of ${s.sanityOnHit}`] : []),
    ...(s.sanityAbility ? [`an ability calls a Sanity Challenge of ${s.sanityAbility}`] : []),
    ...(s.merchant ? ["the floor's Merchant"] : []),
    ...(t.intention.trim() ? [`intends: ${t.intention.trim()}`] : []),
  ];
  return `${t.name}: ${parts.join(', ')} (ch.2)`;
}

/** Identify on a loot item (ch.2): its tier, colour, type, actions, whether it breaks, and its Effect as its table row gives it. */
export function identifyLoot(name: string, entry: { fields: LootFields; details: string } | null): string {
  if (!entry) return `${name}: on none of the campaign's loot tables: its properties are the Judge's notes (ch.2)`;
  const f = entry.fields;
  return `${name}: ${f.tier}, ${f.colour}, ${f.itemType}, ${f.actions.length ? f.actions.join(' / ') : 'no actions'}, ${f.breakable ? 'breakable' : 'unbreakable'}${entry.details.trim() ? ` — ${entry.details.trim()}` : ''} (ch.2)`;
}
