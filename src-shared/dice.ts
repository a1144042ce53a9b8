// Dice results as data: what main computes and the renderer shows.
export interface DieRoll {
  sides: number;
  /** Every face rolled for this die: more than one only when it exploded. */
  faces: number[];
  /** The die's first face: the only one that counts as "natural" (RULINGS). */
  natural: number;
  total: number;
}

export interface Modifier {
  source: string;
  value: number;
}

export type LootTierName = 'common' | 'uncommon' | 'rare';

/** One roll on one table, with the rolls it led to. */
export interface RollNode {
  table: string;
  tableName: string;
  die: string | null;
  dice: DieRoll[];
  natural: number;
  modifiers: Modifier[];
  raw: number;
  value: number;
  clamps: string[];
  rerolls: string[];
  row: number | null;
  key: string;
  label: string;
  details: string;
  tier: LootTierName | null;
  children: RollNode[];
  /** The row's link went back to a table already on this roll's chain, so the roll ended here; absent when it did not. */
  loop?: RollLoop;
  explain: string;
}

export interface RollLoop {
  /** The table the link goes back to. */
  table: string;
  tableName: string;
  /** The sentence the explanation carries: the table and the chain that came round to it. */
  text: string;
}
