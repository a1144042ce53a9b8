// The phase of play as main sees it, for the phase banner: where the party is, what the rules
// allow next, and why the rest is refused.
import { z } from 'zod';

export const DIVE_EVENT_TYPES = ['DESCEND', 'ENEMIES_ENTER', 'COMBAT_OVER', 'FLOOR_CLEARED', 'FORCE_GATE', 'OPEN_GATE', 'WITHDRAW', 'PHYLACTERY_DESTROYED'] as const;

const rowId = z.number().int().positive();
const simple = <T extends (typeof DIVE_EVENT_TYPES)[number]>(type: T) => z.strictObject({ type: z.literal(type) });
export const diveEventSchema = z.discriminatedUnion('type', [
  simple('DESCEND'),
  simple('ENEMIES_ENTER'),
  simple('COMBAT_OVER'),
  simple('FLOOR_CLEARED'),
  simple('FORCE_GATE'),
  simple('OPEN_GATE'),
  simple('WITHDRAW'),
  simple('PHYLACTERY_DESTROYED'),
  z.strictObject({ type: z.literal('ROOM_CLEARED'), lichslayer: rowId }),
  z.strictObject({ type: z.literal('AT_ZERO'), lichslayer: rowId, choice: z.enum(['withdraw', 'press-on']) }),
]);

export interface PhaseView {
  dive: {
    state: 'town' | 'exploring' | 'combat' | 'floorTen' | 'fallen';
    floor: number | null;
    gateOpen: boolean;
    clearedOnNine: string[];
    lost: string[];
    floorsCleared: number[];
    actions: { type: (typeof DIVE_EVENT_TYPES)[number]; allowed: boolean; why: string | null }[];
  };
  attention: { stage: number; last: string | null };
  /** What the last step set off (a wave, the Phylactery's spell), for the Judge to read out. */
  notices?: string[];
  /** The combat round while a fight is on (ch.11). */
  combat: {
    round: number;
    current: string | null;
    currentTokenId: number | null;
    /** The current entrant is hidden from players: the banner names it only while secrets show. */
    currentHidden: boolean;
    atRoundEnd: boolean;
    upcoming: { name: string; hidden: boolean }[];
    /** What the Judge resolves between rounds (ch.11, ch.15). */
    hooks: string[];
  } | null;
}
