// What the print views receive: computed in main with every secret already left out.
import type { Colour, SanityLevel } from './gauntlet.ts';
import type { RoomType } from './tables.ts';

export interface PrintItem {
  slot: string;
  name: string;
  colour: Colour | null;
  broken: boolean;
  /** From the loot row the item came from (kept through renames), or the row its name finds. */
  tier: string | null;
  actions: string[];
  /** The loot row's effect text (ch.13), '' when no row has the item. */
  effect: string;
}

export interface PrintGauntlet {
  name: string;
  level: number;
  /** Null until level 2: the class is never printed before it is revealed (ch.1). */
  className: string | null;
  health: number;
  maxHealth: number;
  armor: number;
  maxArmor: number;
  power: number;
  speed: number;
  magic: number;
  sanity: SanityLevel;
  gold: number;
  goldMarks: number;
  xp: number;
  items: PrintItem[];
  skills: string[];
  capstone: string;
  inventory: { name: string; count: number }[];
  inventoryDepth: number;
}

export interface PrintFloorHandout {
  campaign: string;
  floor: number;
  rooms: { x: number; y: number; name: string; type: RoomType | null; entered: boolean; party: boolean }[];
}

export interface PrintLootCard {
  value: string;
  name: string;
  colour: Colour;
  tier: string;
  itemType: string;
  actions: string[];
  effect: string;
}
