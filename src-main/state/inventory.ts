// A Lichslayer's inventory (ch.4): stacks of identical items, up to six in a stack or the item's own
// maximum where lower (its loot row's, ch.17: Sapphire and Emerald ×3), and no more stacks than the
// depth allows. An item put away keeps its state — colour, broken, notes (ch.11, ch.13) — and stacks
// only with items in the same state; a stack with no colour of its own is as its loot entry says.
import type { ItemRow, StackRow } from './rows.ts';
import type { PlayReader, PlaySession } from './session.ts';
import { stateToStore, type StoredState } from '../rules/loot-fate.ts';
import { placeInInventory, stackMaxOf } from '../rules/inventory.ts';
import { CommandFailure } from './failures.ts';
import { lootEntries } from './loot-lookup.ts';

export type { StackRow } from './rows.ts';

const PRISTINE: StoredState = { colour: null, broken: false, notes: '' };

export function stacksOf(r: PlayReader, lichslayerId: number): StackRow[] {
  return r
    .all('inventory')
    .filter((st) => st.lichslayer_id === lichslayerId)
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/** The state a stack's items are in, as stored. */
export const storedState = (s: Pick<StackRow, 'colour' | 'broken' | 'notes'>): StoredState => ({
  colour: s.colour,
  broken: s.broken === 1,
  notes: s.notes,
});

const sameItem = (s: StackRow, name: string, state: StoredState) =>
  s.name.trim().toLowerCase() === name.trim().toLowerCase() &&
  s.colour === state.colour &&
  (s.broken === 1) === state.broken &&
  s.notes === state.notes;

/** The stack maximum an item's loot entry gives it (ch.4, ch.17), if any. */
export function ownStackMax(s: PlayReader, name: string): number | undefined {
  return lootEntries(s).entry(name)?.fields.stackMax;
}

/**
 * Adds `count` of an item. What does not fit is refused (nothing changes), or with `partial` left
 * behind and counted in the answer, so a mined vein can say how many Stones stay in the rock.
 */
export function addToInventory(
  s: PlaySession,
  lichslayerId: number,
  name: string,
  count = 1,
  state: StoredState = PRISTINE,
  opts: { partial?: boolean; lootRef?: string | null } = {},
): { placed: number; left: number; explain: string } {
  const stacks = stacksOf(s, lichslayerId);
  const maxHealth = s.byId('lichslayer', lichslayerId)?.max_health ?? 36;
  const plan = placeInInventory(
    stacks.map((s) => ({ id: s.id, count: s.count, same: sameItem(s, name, state) })),
    { name, count, stackMax: stackMaxOf(ownStackMax(s, name)) },
    maxHealth,
  );
  if (plan.left && !opts.partial)
    throw new CommandFailure('refused', `The inventory is full: ${plan.explain}. Nothing changed.`);
  for (const t of plan.topUps) s.update('inventory', t.id, { count: t.count });
  const first = stacks.length ? Math.max(...stacks.map((s) => s.position)) + 1 : 0;
  plan.added.forEach((n, i) =>
    s.insert('inventory', {
      lichslayer_id: lichslayerId,
      position: first + i,
      name,
      count: n,
      colour: state.colour,
      broken: state.broken ? 1 : 0,
      notes: state.notes,
      // An item put away keeps the loot row it came from (ch.13); a new one finds it by name.
      loot_ref: opts.lootRef ?? undefined,
    }),
  );
  return { placed: plan.placed, left: plan.left, explain: plan.explain };
}

/** One item leaves a stack (used, held, spent): the stack shrinks, or goes when it was the last. */
export function takeFromStack(s: PlaySession, stack: Pick<StackRow, 'id' | 'count'>): void {
  if (stack.count > 1) s.update('inventory', stack.id, { count: stack.count - 1 });
  else s.delete('inventory', stack.id);
}

/**
 * An item that breaks leaves its slot (ch.11): it goes to its holder's inventory marked broken, as
 * it is otherwise, where the Smith can repair it, and the slot frees. With no room in the
 * inventory it stays in its slot, broken, and the answer says so.
 */
export function breakOutOfSlot(
  s: PlaySession,
  item: Pick<ItemRow, 'id' | 'lichslayer_id' | 'name' | 'colour' | 'notes'>,
): { moved: boolean; explain: string } {
  const state = stateToStore({ colour: item.colour, broken: true, notes: item.notes }, lootEntries(s).entry(item.name));
  const put = addToInventory(s, item.lichslayer_id, item.name, 1, state, { partial: true });
  if (!put.placed) {
    s.update('item', item.id, { broken: 1 });
    return { moved: false, explain: `the inventory is full (${put.explain}): it stays in its slot, broken` };
  }
  s.delete('item', item.id);
  return { moved: true, explain: 'it leaves its slot for the inventory, broken' };
}
