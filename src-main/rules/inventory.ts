// The inventory (rulebook ch.4): one slot holds one stack of up to six identical items, or fewer
// where the item's own maximum is lower (ch.17: Sapphire and Emerald ×3); depth is
// 1 + maximum Health ÷ 6 stacks. Pure: what goes where, and what does not fit.
import { LIMITS } from '@shared/gauntlet.ts';
import { inventoryDepth } from './gauntlet-derived.ts';

/** A stack's maximum: the item's own where its loot row gives one, else six (ch.4). */
export function stackMaxOf(ownMax: number | undefined): number {
  return Math.max(1, Math.min(LIMITS.stackMax, ownMax ?? LIMITS.stackMax));
}

export interface StackPlan {
  /** Existing stacks topped up: stack id → new count. */
  topUps: { id: number; count: number }[];
  /** New stacks, in order. */
  added: number[];
  placed: number;
  /** What did not fit. */
  left: number;
  explain: string;
}

/**
 * Where `count` of an item goes in an inventory (ch.4): onto stacks of the same item first (`same`:
 * the same name and state), then new stacks while the depth allows.
 */
export function placeInInventory(
  stacks: readonly { id: number; count: number; same: boolean }[],
  item: { name: string; count: number; stackMax: number },
  maxHealth: number,
): StackPlan {
  const depth = inventoryDepth(maxHealth).value;
  let left = item.count;
  const topUps: StackPlan['topUps'] = [];
  for (const s of stacks) {
    if (left === 0) break;
    if (!s.same || s.count >= item.stackMax) continue;
    const add = Math.min(left, item.stackMax - s.count);
    topUps.push({ id: s.id, count: s.count + add });
    left -= add;
  }
  const added: number[] = [];
  for (let used = stacks.length; left > 0 && used < depth; used++) {
    const add = Math.min(item.stackMax, left);
    added.push(add);
    left -= add;
  }
  const placed = item.count - left;
  const why = `stacks of ${item.stackMax}${item.stackMax < LIMITS.stackMax ? ' (its own maximum)' : ''}, ${depth} stacks deep`;
  return {
    topUps,
    added,
    placed,
    left,
    explain: left
      ? `${placed} of ${item.count} ${item.name} fit (${why}); ${left} do not (ch.4)`
      : `${item.count} ${item.name} into the inventory (${why}) (ch.4)`,
  };
}
