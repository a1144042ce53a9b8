// Numbers the Crystal Gauntlet derives from what it holds (rulebook ch.1, ch.4).
import type { Derived } from '@shared/contract.ts';

export const GOLD_PER_MAGIC = 600; // ch.4: "For every 600 gold held, Magic increases by 1"
export const GOLD_PER_MARK = 100; // ch.4: "Each X represents 100 gold"
export const HEALTH_PER_INVENTORY_SLOT = 6; // ch.4: depth is 1 + max Health / 6, rounded down

/** Magic powered by gold held (ch.4); loot bonuses are added by the caller. */
export function magicFromGold(gold: number): Derived {
  const value = Math.floor(gold / GOLD_PER_MAGIC);
  return { value, explain: `${gold} gold ÷ ${GOLD_PER_MAGIC} = ${value} Magic (ch.4)` };
}

/** Gold shown as X-marks along the Gauntlet's base (ch.4). */
export function goldMarks(gold: number): Derived {
  const value = Math.floor(gold / GOLD_PER_MARK);
  const rest = gold - value * GOLD_PER_MARK;
  return {
    value,
    explain: `${gold} gold = ${value} × ${GOLD_PER_MARK}${rest ? ` + ${rest} loose` : ''} (ch.4)`,
  };
}

/** Inventory depth, 1 + max Health ÷ 6 rounded down: seven at base Health 36 (ch.4). */
export function inventoryDepth(maxHealth: number): Derived {
  const value = 1 + Math.floor(maxHealth / HEALTH_PER_INVENTORY_SLOT);
  return { value, explain: `1 + ${maxHealth} max Health ÷ ${HEALTH_PER_INVENTORY_SLOT} = ${value} stacks (ch.4)` };
}

/** "+1 Magic", "+1 to Magic" or "Magic +2" in an item's notes: how loot that changes Magic is marked. */
const MAGIC_NOTE = /(?:([+−-]\s*\d{1,3})\s*(?:to\s+)?Magic\b|\bMagic\s*([+−-]\s*\d{1,3}))/gi;

/** Every Magic change written on an item, summed: its own effect, a merged gem's, an inscription's (ch.13). */
export function itemMagic(notes: string): number {
  let total = 0;
  for (const m of notes.matchAll(MAGIC_NOTE)) {
    const raw = m[1] ?? m[2];
    if (raw) total += Number(raw.replace(/\s/g, '').replace('−', '-'));
  }
  return total;
}

/** The Magic equipped, unbroken loot adds (ch.13; a broken item confers no effect, ch.11). */
export function lootMagic(
  items: readonly { name: string; notes: string; broken: boolean }[],
): Derived & { items: { name: string; value: number }[] } {
  const loot = items
    .filter((i) => !i.broken && itemMagic(i.notes) !== 0)
    .map((i) => ({ name: i.name, value: itemMagic(i.notes) }));
  const value = loot.reduce((a, l) => a + l.value, 0);
  return {
    value,
    items: loot,
    explain: loot.length
      ? `${loot.map((l) => `${l.name} ${l.value > 0 ? '+' : '−'}${Math.abs(l.value)}`).join(', ')} (ch.13)`
      : 'no loot changes Magic',
  };
}

/**
 * Magic as it stands: gold held (ch.4) plus equipped, unbroken loot that changes Magic (ch.13;
 * a broken item confers no effect, ch.11). Spells take it at the time of casting (ch.15).
 */
export function currentMagic(
  gold: number,
  items: readonly { name: string; notes: string; broken: boolean }[],
  statPoints = 0,
  skills: readonly { source: string; value: number }[] = [],
): Derived {
  const fromGold = magicFromGold(gold);
  const loot = lootMagic(items);
  if (!loot.items.length && !statPoints && !skills.length) return fromGold;
  const fromSkills = skills.reduce((a, m) => a + m.value, 0);
  const value = Math.max(0, fromGold.value + statPoints + loot.value + fromSkills);
  const parts = [
    fromGold.explain,
    // Stat points spent on Magic (ch.4) count beside loot that changes it (ch.13).
    ...(statPoints ? [`stat points ${statPoints > 0 ? '+' : '−'}${Math.abs(statPoints)} (ch.4)`] : []),
    ...(loot.items.length ? [loot.explain] : []),
    // A class skill's Magic while it holds (Investiture, ch.2).
    ...skills.map((m) => `${m.source} ${m.value > 0 ? '+' : '−'}${Math.abs(m.value)}`),
  ];
  return { value, explain: `${parts.join('; ')} = ${value} Magic` };
}
