// What a journal story reads from one recorded row change: a Lichslayer's gains and losses, an
// item that came to them, and the names of rows a step did not image. Shared by fights and dives.
import type { RowChange } from '../db/history.ts';

/** Names as the campaign holds them now, for rows a step did not image. */
export interface StoryNames {
  lichslayer(id: number): string;
  token(id: number): string;
  /** The roster's names: a step's label names those it acted on (an attack that missed changed no row). */
  roster: readonly string[];
}

export type Image = Record<string, unknown>;

export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** Sums per name, kept in the order first met. */
export class Sums {
  readonly by = new Map<string, number>();
  add(name: string, amount: number): void {
    if (amount) this.by.set(name, (this.by.get(name) ?? 0) + amount);
  }
  list(): { name: string; amount: number }[] {
    return [...this.by].map(([name, amount]) => ({ name, amount }));
  }
}

/** What one step's row images say a Lichslayer gained or lost: read alike by fights and dives. */
export function lichslayerGains(c: RowChange): { xp: number; gold: number; health: number; armor: number } | null {
  if (c.table !== 'lichslayer' || !c.before || !c.after) return null;
  return {
    xp: Math.max(0, num(c.after.xp) - num(c.before.xp)),
    gold: Math.max(0, num(c.after.gold) - num(c.before.gold)),
    health: Math.max(0, num(c.before.health) - num(c.after.health)),
    armor: Math.max(0, num(c.before.armor) - num(c.after.armor)),
  };
}

/** A slot's item that left it for the inventory, broken, in the same step (ch.11): the stack it went to. */
const brokenInto = (c: RowChange, changes: readonly RowChange[]): boolean =>
  c.table === 'inventory' &&
  !!c.after &&
  num(c.after.broken) === 1 &&
  changes.some((d) => d.table === 'item' && d.before && !d.after && d.before.name === c.after!.name);

/** An item or a stack that came to a Lichslayer in a step: a new row, or a slot filled anew (not a broken item moved). */
export function itemGained(
  c: RowChange,
  names: StoryNames,
  changes: readonly RowChange[],
): { name: string; item: string } | null {
  if ((c.table !== 'item' && c.table !== 'inventory') || !c.after) return null;
  if (c.before && c.before.name === c.after.name) return null;
  if (brokenInto(c, changes)) return null;
  return { name: names.lichslayer(num(c.after.lichslayer_id)), item: String(c.after.name) };
}

/** An item that broke in a step (ch.11): marked broken in its slot, or moved out of it into the inventory broken. */
export function itemBroken(
  c: RowChange,
  names: StoryNames,
  changes: readonly RowChange[],
): { name: string; item: string } | null {
  const inSlot = c.table === 'item' && c.before && c.after && !num(c.before.broken) && num(c.after.broken) === 1;
  if (!inSlot && !brokenInto(c, changes)) return null;
  return { name: names.lichslayer(num(c.after!.lichslayer_id)), item: String(c.after!.name) };
}

/** A Lichslayer's Sanity from the first level a tally saw to the last (ch.8), kept per Lichslayer id. */
export class SanityPath {
  private readonly by = new Map<number, { name: string; from: string; to: string }>();
  read(c: RowChange): void {
    if (c.table !== 'lichslayer' || !c.before || !c.after || c.before.sanity === c.after.sanity) return;
    const was = this.by.get(c.id);
    this.by.set(c.id, {
      name: String(c.after.name),
      from: was?.from ?? String(c.before.sanity),
      to: String(c.after.sanity),
    });
  }
  list(): { name: string; from: string; to: string }[] {
    return [...this.by.values()].filter((s) => s.from !== s.to);
  }
}
