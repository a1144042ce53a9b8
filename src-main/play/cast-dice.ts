// The dice a spell rolls as it is cast, for faces rolled at the table (ch.15): an On Turn spell or a
// Response resolves at once — its roll once per casting released together (ch.13), then any table it
// calls on. A spell cast for later rolls nothing now: its dice come when it resolves.
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { TokenView } from '@shared/board.ts';
import type { PlayReader } from '../state/session.ts';
import { allTokens } from '../state/board.ts';
import { CommandFailure } from '../state/failures.ts';
import { castVerdict, findSpell, type SpellRef } from './casting.ts';
import { castChoices } from './casting-command.ts';
import { combatActor, diveActor, stored } from './machines.ts';
import { actingAs } from './skills/oneness.ts';

export const resolvesAtCast = (spell: SpellRef): boolean =>
  spell.fields.castingTime === 'on-turn' || spell.fields.castingTime === 'response';

/** "2d6 ×3 at once, then a roll on <table>"; null when the cast rolls nothing now. */
export function castDiceWords(spell: SpellRef, times: number, table: string): string | null {
  if (!resolvesAtCast(spell)) return null;
  const parts: string[] = [];
  if (spell.fields.roll) parts.push(`${spell.fields.roll.trim()}${times > 1 ? ` ×${times} at once` : ''}`);
  if (spell.rollOn) parts.push(`${spell.rollOn.times > 1 ? `${spell.rollOn.times} rolls` : 'a roll'} on ${table}`);
  return parts.length ? parts.join(', then ') : null;
}

/** What a cast about to be made will roll, as its caster's player is asked for it. */
export function castRollAsked(
  ps: PlayReader,
  args: ParsedArgsOf<'phase.cast'>,
): { spell: string; caster: string; dice: string | null } {
  const spell = findSpell(ps, args.table, args.row);
  const found = allTokens(ps).find((t) => t.id === args.tokenId);
  if (!found) throw new CommandFailure('not-found', `No token ${args.tokenId} on the board.`);
  const token = actingAs(ps, found);
  // A table's name may tell what is coming (a spirit's table): the ask names none.
  return {
    spell: spell.label,
    caster: token.name,
    dice: castDiceWords(spell, timesOf(ps, token, spell, args), 'a table'),
  };
}

/** How many castings the cast releases at once: a ×N component released all together (ch.13). */
function timesOf(ps: PlayReader, token: TokenView, spell: SpellRef, args: ParsedArgsOf<'phase.cast'>): number {
  if (!stored(ps, 'machine:combat')) return 1;
  const combat = combatActor(ps).getSnapshot().context;
  try {
    const { options, sourced } = castChoices(ps, token, spell, args, combat.round);
    const when = { current: combat.current, turned: diveActor(ps).getSnapshot().context.turned };
    return castVerdict(ps, token, spell, when, { ...options, ...sourced?.options }).check?.times ?? 1;
  } catch (error) {
    // A source the cast will refuse: the ask names one casting; the cast says why it cannot be made.
    if (!(error instanceof CommandFailure)) throw error;
    return 1;
  }
}
