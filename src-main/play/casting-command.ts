import { CASTING_TIME_LABEL } from '@shared/tables.ts';
import { allTokens } from '../state/board.ts';
import { writeSetting } from '../state/settings.ts';
import { castVerdict, findSpell, payForCast, type SpellRef } from './casting.ts';
import { castFrom, type SourcedCast } from './cast-sources.ts';
import { CommandFailure } from '../state/failures.ts';
import { liveCombat, settle, step } from './dive-events.ts';
import { diveActor } from './machines.ts';
import { actingAs } from './skills/oneness.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { TokenView } from '@shared/board.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { CastOptions } from '../rules/spell-caster.ts';

/** A spell cast on the turn stack (ch.15): checked, paid for, and resolved now or when its casting time comes */
export function castSpell(ps: PlaySession, args: ParsedArgsOf<'phase.cast'>) {
  const combat = liveCombat(ps, 'Spells are cast in combat, on the turn stack (ch.15). Nothing changed.');
  const found = allTokens(ps).find((t) => t.id === args.tokenId);
  if (!found) throw new CommandFailure('not-found', `No token ${args.tokenId} on the board.`);
  // ch.2: a Witch in Oneness casts through the body she inhabits, on its turn, with her Magic and spells.
  const token = actingAs(ps, found);
  const spell = findSpell(ps, args.table, args.row);
  const ctxNow = combat.getSnapshot().context;
  const { options, sourced } = castChoices(ps, token, spell, args, ctxNow.round);
  const verdict = castVerdict(
    ps,
    token,
    spell,
    { current: ctxNow.current, turned: diveActor(ps).getSnapshot().context.turned },
    { ...options, ...sourced?.options },
  );
  if (!verdict.ok) throw new CommandFailure('refused', `${verdict.why}. Nothing changed.`);
  const casting = {
    caster: token.id,
    ...(token.lichslayerId !== null && token.lichslayerId !== found.lichslayerId ? { by: token.lichslayerId } : {}),
    table: spell.table.key,
    row: spell.row,
    label: spell.label,
    time: spell.fields.castingTime,
  };
  if (!combat.getSnapshot().can({ type: 'CAST', casting })) {
    throw new CommandFailure(
      'refused',
      `${token.name} cannot cast now: a spell is cast on the caster's own turn, a Response outside it and one at a time (ch.15). Nothing changed.`,
    );
  }
  // ch.15: the gold leaves the Gauntlet at once, whenever the spell resolves; the Magic is taken now.
  const paid = payForCast(ps, token, verdict, spell.label);
  // ch.2: a Scroll casts at the Magic it recorded, a stolen spell at its caster's.
  const basis =
    paid && sourced?.basis
      ? {
          ...paid,
          magic: sourced.basis.magic,
          lootMagic: 0,
          fixed: true,
          ...(sourced.basis.why ? { why: sourced.basis.why } : {}),
        }
      : paid;
  sourced?.spend(ps);
  combat.send({ type: 'CAST', casting: basis ? { ...casting, basis } : casting });
  const notices = [
    ...(sourced ? [sourced.note] : []),
    `${token.name} casts ${spell.label} (${CASTING_TIME_LABEL[spell.fields.castingTime]}; ${verdict.why})`,
  ];
  settle(ps, combat, notices);
  // ch.15: On Turn consumes the caster's action: the turn passes.
  if (spell.fields.castingTime === 'on-turn') step(ps, combat, notices);
  writeSetting(ps, 'machine:combat', combat.getPersistedSnapshot());
  return notices;
}

/** The choices a cast is made with and the one source it is cast from, if any (ch.2, ch.13, ch.17). */
export function castChoices(
  ps: PlayReader,
  token: TokenView,
  spell: SpellRef,
  args: ParsedArgsOf<'phase.cast'>,
  round: number,
): { options: CastOptions; sourced: SourcedCast | null } {
  const options = {
    ...(args.componentChoice ? { componentChoice: args.componentChoice } : {}),
    ...(args.recipes ? { recipes: args.recipes } : {}),
    ...(args.flora !== undefined ? { flora: args.flora } : {}),
  };
  // ch.2: a Scroll, the Doctor's Coat or a stolen spell is one more source of the same cast.
  const froms = [
    args.scroll !== undefined ? { scroll: args.scroll } : null,
    args.coat ? { coat: true as const } : null,
    args.stolen ? { stolen: true as const } : null,
    args.learned ? { learned: true as const } : null,
  ].filter((f) => f !== null);
  if (froms.length > 1)
    throw new CommandFailure(
      'invalid-args',
      'A spell is cast from one source at a time: a Scroll, the Coat, a stolen or a learned spell. Nothing changed.',
    );
  return { options, sourced: froms[0] ? castFrom(ps, token, spell, froms[0], round) : null };
}
