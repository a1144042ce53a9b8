// What a cast spends from the Loot slots (rulebook ch.4, ch.13's ×N, ch.17's recipes): the component
// held, what a ×N cast singly leaves, the complete recipes a Forest-path cast can spend.
import { inLoot, same, type CasterItem } from './spell-caster.ts';

/** ch.4, ch.17: the component a cast spends is an unbroken one of that name in a Loot slot. */
export function heldComponent<T extends Pick<CasterItem, 'slot' | 'name' | 'broken' | 'lootSlot'>>(
  items: readonly T[],
  component: string,
): T | undefined {
  return items.find((i) => inLoot(i) && same(i.name, component));
}

/**
 * ch.13: a ×N component chosen "singly" serves up to N castings, then is consumed; otherwise (or
 * "all at once") the casting consumes it. Returns the item's notes after one use, or null when used up.
 */
export function componentAfterCast(notes: string): string | null {
  const singly = /^Component choice: singly, up to (\d+) times/m.exec(notes);
  if (!singly) return null;
  const used = Number(/^Component uses: (\d+)/m.exec(notes)?.[1] ?? 0) + 1;
  if (used >= Number(singly[1])) return null;
  return /^Component uses: /m.test(notes)
    ? notes.replace(/^Component uses: \d+/m, `Component uses: ${used}`)
    : `${notes}\nComponent uses: ${used}`;
}
/** How many complete recipes (one of each listed component) the Loot slots hold, and which items (ch.17). */
export function recipeItems(
  items: readonly CasterItem[],
  recipe: readonly string[],
  count: number,
): CasterItem[] | null {
  const free = items.filter(inLoot);
  const taken: CasterItem[] = [];
  for (let n = 0; n < count; n++) {
    for (const part of recipe) {
      const hit = free.find((i) => same(i.name, part) && !taken.includes(i));
      if (!hit) return null;
      taken.push(hit);
    }
  }
  return taken;
}

export function completeRecipes(items: readonly CasterItem[], recipe: readonly string[]): number {
  if (!recipe.length) return 0;
  let n = 0;
  while (recipeItems(items, recipe, n + 1)) n++;
  return n;
}
