// The fight, Challenges and the phases of a dive.
import { z } from 'zod';
import { placeSchema, type BoardView } from '../board.ts';
import { attentionEventSchema, diveEventSchema, type PhaseView, type SpellbookView } from '../phase.ts';
import {
  atZeroArgsSchema,
  attackArgsSchema,
  challengeArgsSchema,
  damageArgsSchema,
  integrityArgsSchema,
  presetsArgsSchema,
  type ChallengeSetupView,
  type FightOptionsView,
  type FightResult,
} from '../fight.ts';
import { tableKeySchema } from '../tables.ts';
import { command, noArgs, rowId } from './arg-schemas.ts';

export const fightCommands = {
  'fight.options': command<FightOptionsView>()(z.strictObject({ attacker: rowId })),
  'fight.attack': command<FightResult>()(attackArgsSchema),
  'fight.damage': command<FightResult>()(damageArgsSchema),
  'fight.atZero': command<FightResult>()(atZeroArgsSchema),
  'fight.integrity': command<FightResult>()(integrityArgsSchema),
  'challenge.presets': command<ChallengeSetupView>()(presetsArgsSchema),
  'challenge.roll': command<FightResult>()(challengeArgsSchema),
  'phase.view': command<PhaseView>()(noArgs),
  'phase.send': command<PhaseView>()(z.strictObject({ event: diveEventSchema })),
  'phase.nextTurn': command<PhaseView>()(noArgs),
  'phase.respond': command<PhaseView>()(z.strictObject({ tokenId: rowId })),
  'phase.spellbook': command<SpellbookView>()(z.strictObject({ tokenId: rowId })),
  'phase.cast': command<PhaseView>()(
    z.strictObject({
      tokenId: rowId,
      table: tableKeySchema,
      row: z.number().int().min(0).max(1999),
      /** ch.13: a ×N component with no choice made yet is released all at once or cast singly. */
      componentChoice: z.enum(['all-at-once', 'singly']).optional(),
      /** ch.17: complete recipes spent on the Forest path (M equals it). */
      recipes: z.number().int().min(1).max(6).optional(),
      /** ch.17: colour-matched Flora spent to raise a Giver's Recipe's M. */
      flora: z.number().int().min(0).max(12).optional(),
      /** ch.2: cast from the Scholar's Scroll of this id (anyone, once, at the Magic it recorded). */
      scroll: rowId.optional(),
      /** ch.2: cast from the spells prepared in the Lich Doctor's Coat (half gold). */
      coat: z.boolean().optional(),
      /** ch.2: cast the spell the Witch stole with Counter Magic (free, at its caster's Magic). */
      stolen: z.boolean().optional(),
      /** ch.17: cast the spell the Witch learned through Commune (1 Sanity level, no components). */
      learned: z.boolean().optional(),
    }),
  ),
  'phase.enemiesAdvance': command<PhaseView>()(noArgs),
  'phase.cure': command<PhaseView>()(
    z.strictObject({
      id: rowId,
      how: z.enum(['cleanse', 'restore', 'cure', 'pilgrimage']),
      /** Who cast Cleanse: a player-killing (ch.11, ch.16). */ by: rowId.optional(),
    }),
  ),
  'turning.place': command<BoardView>()(placeSchema.extend({ lichslayerId: rowId })),
  'phase.attention': command<PhaseView>()(z.strictObject({ event: attentionEventSchema })),
};
