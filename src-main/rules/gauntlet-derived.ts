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

/** "+1 Magic" or "Magic +2" in an item's notes: how the Judge marks loot that changes Magic. */
const MAGIC_NOTE = /(?:([+−-]\s*\d{1,3})\s*Magic\b|\bMagic\s*([+−-]\s*\d{1,3}))/i;

export function itemMagic(notes: string): number {
  const m = MAGIC_NOTE.exec(notes);
  const raw = m?.[1] ?? m?.[2];
  return raw ? Number(raw.replace(/\s/g, '').replace('−', '-')) : 0;
}

/**
 * Magic as it stands: gold held (ch.4) plus equipped, unbroken loot that changes Magic (ch.13;
 * a broken item confers no effect, ch.11). Spells read it when they resolve (ch.15).
 */
export function currentMagic(gold: number, items: readonly { name: string; notes: string; broken: boolean }[], statPoints = 0): Derived {
  const fromGold = magicFromGold(gold);
  const loot = items.filter((i) => !i.broken && itemMagic(i.notes) !== 0).map((i) => ({ name: i.name, value: itemMagic(i.notes) }));
  if (!loot.length && !statPoints) return fromGold;
  const value = Math.max(0, fromGold.value + statPoints + loot.reduce((a, l) => a + l.value, 0));
  const parts = [
    fromGold.explain,
    // Stat points spent on Magic (ch.4) count beside loot that changes it (ch.13).
    ...(statPoints ? [`stat points ${statPoints > 0 ? '+' : '−'}${Math.abs(statPoints)} (ch.4)`] : []),
    ...(loot.length ? [`${loot.map((l) => `${l.name} ${l.value > 0 ? '+' : '−'}${Math.abs(l.value)}`).join(', ')} (ch.13)`] : []),
  ];
  return { value, explain: `${parts.join('; ')} = ${value} Magic` };
}
