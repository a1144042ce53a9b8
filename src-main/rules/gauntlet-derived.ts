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
