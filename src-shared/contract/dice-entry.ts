// Dice rolled at the table instead of by the app: the Judge types the faces into a roll dialog, or a
// Lichslayer's player sends them from their own screen when the Judge calls for that roll.
import { z } from 'zod';
import type { PrivateView } from '../private-view.ts';
import type { FightResult } from '../fight.ts';
import type { BoardView } from '../board.ts';
import type { PhaseView } from '../phase.ts';
import type { LifeNotes, RolledLichslayer, RollView } from './views.ts';

/** Binds a result type to an argument schema; the result exists at the type level only. */
const command =
  <R>() =>
  <A extends z.ZodType>(args: A): { args: A; result?: R } => ({ args });

const rowId = z.number({ error: 'Id must be a number' }).int().positive({ error: 'Id must be positive' });

/** The commands whose dice may come from the table: each opens a roll dialog on the Judge's screen. */
export const HAND_ROLLED_COMMANDS = [
  'fight.attack',
  'challenge.roll',
  'fight.integrity',
  'board.openChest',
  /** The Sanity Challenges damage calls: a Lich-type source, an ally shaken at 0 Health (ch.8, ch.11). */
  'fight.damage',
  /** The round's end: the Sanity Challenges beside the Lich, the Phylactery or a Colourless entity (ch.11, ch.12). */
  'phase.nextTurn',
  /** A Lichslayer's move: the rolls the room makes of them, its trap's and a Sanity Test's, never its reveal (ch.8, ch.9). */
  'board.moveToken',
  /** A roll on a table from the Roll panel: its die, then each table it rolls on next (ch.10, ch.13). */
  'tables.roll',
  /** Rolling up a Lichslayer: the three starting loot dice with their influence dice, the stat points, the class (ch.1, ch.4). */
  'lichslayer.roll',
  /** A class skill's use: Charge's damage, Burgle's loot, the Bandage's healing, Influence, Disarm's mechanism from sneak, Cheat's reroll (ch.2). */
  'skill.use',
  /** A spell cast now: its roll, once per casting released together, then any table it calls on (ch.13, ch.15). */
  'phase.cast',
] as const;
export type HandRolledCommand = (typeof HAND_ROLLED_COMMANDS)[number];
/** What those commands answer: a Challenge's or an attack's result, the board after a chest, the phase after a turn or a cast, a table's roll, a new Lichslayer, a skill's notes. */
export type HandRolledResult = FightResult | BoardView | PhaseView | RollView | RolledLichslayer | LifeNotes;

/** The faces as typed, in the order rolled; main checks them against the dice the rules ask for. */
export const enteredFacesSchema = z
  .array(z.number({ error: 'A face is a number' }).int({ error: 'A face is a whole number' }), {
    error: 'Faces are a list of numbers',
  })
  .min(1, { error: 'Enter at least one face' })
  .max(60, { error: 'At most 60 faces' });

/** A roll the Judge has called for one Lichslayer: what their own screen shows and what they sent. */
export interface DiceCallView {
  lichslayerId: number;
  name: string;
  command: HandRolledCommand;
  /** What is asked, built by main from what the table sees ("Attack the Ghoul with Maul (2d6)"). */
  what: string;
  /** The faces the player sent, in the order rolled; null until they send some. */
  offered: number[] | null;
}

/** The dice a roll command would ask of the table now, in the order its rules roll them. */
export interface TableDicePreview {
  /** Each roll's dice of one cause and size: "2d6", a Challenge; whose roll it is, unless the cause names them. */
  dice: { count: number; sides: number; cause: string; who: string | null }[];
  /** Why the command would be refused now (then it asks for no dice). */
  refused: string | null;
}

export const diceEntryCommands = {
  /** Runs one roll command on faces rolled at the table by the Judge, exactly as on rolled faces. */
  'handDice.roll': command<HandRolledResult>()(
    z.strictObject({ command: z.enum(HAND_ROLLED_COMMANDS), args: z.unknown(), faces: enteredFacesSchema }),
  ),
  /**
   * Asks a Lichslayer's player for a roll: their own screen shows it and may send the faces. Main
   * words the ask from the command's arguments as the dialog holds them and what the table sees; a
   * Challenge's cause is shown only when the Judge makes it public.
   */
  'handDice.call': command<DiceCallView | null>()(
    z.strictObject({
      lichslayerId: rowId,
      command: z.enum(HAND_ROLLED_COMMANDS),
      args: z.unknown(),
      causePublic: z.boolean().default(false),
      /**
       * The dialog asking, named once per opening: once its roll is made it asks nothing more (an
       * ask sent as the roll was answered, arriving after it, would ask the player again). Null then.
       */
      asker: z.string().min(1).max(64).optional(),
    }),
  ),
  /**
   * The dice a roll command asks first if it ran now, to tell the Judge which faces to type (a
   * round's end, the spells that resolve): nothing is written, and it rolls on neutral faces, so it
   * shows nothing of the app's next outcome. A 6 rolls again and a natural 1 calls an integrity
   * check: those faces are typed right after the die that called them.
   */
  'handDice.preview': command<TableDicePreview>()(
    z.strictObject({ command: z.enum(HAND_ROLLED_COMMANDS), args: z.unknown() }),
  ),
  /** The roll called now, with any faces its player sent (the dialog reads it after each push). */
  'handDice.current': command<DiceCallView | null>()(z.strictObject({})),
  /** Takes the faces the player sent: the called command runs on them, entered by that player. */
  'handDice.accept': command<HandRolledResult>()(z.strictObject({ args: z.unknown() })),
  /** The dialog closed, or the Judge rolled instead: nothing is asked any more. */
  'handDice.end': command<null>()(z.strictObject({})),
  /** A player sends the faces for the roll the Judge called for their Lichslayer (and only then). */
  'private.sendDice': command<PrivateView>()(
    z.strictObject({ lichslayerId: rowId.optional(), faces: enteredFacesSchema }),
  ),
};

/** What a private link may send besides reading its own screen. */
export const PRIVATE_DICE_COMMANDS = ['private.sendDice'] as const;
