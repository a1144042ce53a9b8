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

/** An item or a stack that came to a Lichslayer in a step: a new row, or a slot filled anew. */
export function itemGained(c: RowChange, names: StoryNames): { name: string; item: string } | null {
  if ((c.table !== 'item' && c.table !== 'inventory') || !c.after) return null;
  if (c.before && c.before.name === c.after.name) return null;
  return { name: names.lichslayer(num(c.after.lichslayer_id)), item: String(c.after.name) };
}
