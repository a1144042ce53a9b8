// What a command may ask of the ledger, which is too large to load with the play state: a narrow,
// read-only port onto the rolls made before the command (Cheat rerolls one, ch.2; Scrolls and Ink
// writes a spell witnessed this session; Counter Magic steals after its Challenge).
import type { Modifier } from '../rules/dice.ts';

export interface CheatSource {
  id: number;
  cause: string;
  character: string | null;
  /** The faces that entry rolled: its own, or those its command's first entry kept for it. */
  faces: { sides: number; face: number; cause: string }[];
  /** A Challenge's d6 explode, and so does their reroll. */
  exploding: boolean;
  /** What the entry added to its dice (an item's flat bonus, Sanity, hunger, Influence …): the reroll keeps them. */
  modifiers: Modifier[];
  /** A Challenge's target (after any shift): the reroll is met against it. */
  target: number | null;
  /** A damage roll: its total is never below 0 (ch.11). */
  damage: boolean;
}

export interface LedgerReads {
  /** The entry Cheat rerolls, or null when there is no such roll. */
  cheatSource(rollId: number): CheatSource | null;
  /** The causes of the spells resolved in a session from one spell table. */
  spellCauses(session: number, tableKey: string): readonly string[];
  /** A Witch's newest Counter Magic Challenge this session (its integrity checks aside). */
  lastCounterMagic(session: number, witch: string): { id: number; cause: string; success: boolean } | null;
}
