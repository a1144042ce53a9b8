// fight.*: the fight resolved in the app (rulebook ch.1, ch.4, ch.8, ch.11-ch.14, ch.16): what an entrant
// may attack, the attack itself, a hit applied by the Judge's hand, the 0-Health choice, and an
// integrity check the Judge calls. Each is one undoable step; every roll is in the ledger.
import type { PlayReader } from '../../state/session.ts';
import { allTokens } from '../../state/board.ts';
import { fightOptions, judgeIntegrity, resolveAttack, applyJudgedDamage } from '../../play/fight.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { requireLichslayer } from '../../state/lichslayer.ts';
import { applyDiveEvent } from '../../play/dive-events.ts';
import { diveActor } from '../../play/machines.ts';
import { whyRefused } from '../../machines/dive-machine.ts';
import { recordResult } from '../../play/fight-state.ts';

const nameOf = (ps: PlayReader, tokenId: number) =>
  allTokens(ps).find((t) => t.id === tokenId)?.name ?? `token ${tokenId}`;

export function fightHandlers(ctx: HandlerContext): HandlersOf<'fight'> {
  return {
    'fight.options': ({ attacker }) => fightOptions(ctx.state(), attacker),

    'fight.attack': (args) => {
      const step = `Attack: ${nameOf(ctx.state(), args.attacker)} → ${nameOf(ctx.state(), args.target)}`;
      return ctx.transact('fight.attack', args, step, (ps) =>
        recordResult(ps, step, resolveAttack(ps, args, 'fight.attack')),
      );
    },

    'fight.damage': (args) => {
      // Named by its author when there is one, so the fight's summary credits them with it (ch.1).
      const target = nameOf(ctx.state(), args.target);
      const step =
        args.felledBy !== null
          ? `Damage: ${nameOf(ctx.state(), args.felledBy)} → ${target} (${args.label})`
          : `Damage to ${target}: ${args.label}`;
      return ctx.transact('fight.damage', args, step, (ps) =>
        recordResult(ps, step, applyJudgedDamage(ps, args, 'fight.damage')),
      );
    },

    // ch.11: at 0 Health the character chooses: withdraw (the dive ends for them) or press on at 1 Health.
    'fight.atZero': (args) =>
      ctx.transact('fight.atZero', args, `0 Health: ${args.choice}`, (ps) => {
        const l = requireLichslayer(ps, args.lichslayerId);
        if (l.health !== 0)
          throw new CommandFailure(
            'refused',
            `${l.name} is at ${l.health} Health, not 0: there is nothing to choose (ch.11). Nothing changed.`,
          );
        const dive = diveActor(ps).getSnapshot();
        const event = { type: 'AT_ZERO', lichslayer: args.lichslayerId, choice: args.choice } as const;
        if (!dive.context.present.includes(args.lichslayerId))
          throw new CommandFailure(
            'refused',
            `${l.name} is not on the dive: their dive is over already. Nothing changed.`,
          );
        if (!dive.can(event))
          throw new CommandFailure(
            'refused',
            `${whyRefused(String(dive.value), dive.context, 'AT_ZERO')}. Nothing changed.`,
          );
        const lines: string[] = [];
        // The others on the floor were shaken when the Health reached 0 (ch.11): not again at the choice.
        applyDiveEvent(ps, event, lines, undefined, { alliesShaken: true });
        return { lines, damage: null, challenge: null, atZero: [] };
      }),

    'fight.integrity': (args) => {
      const step = `Integrity check: ${args.slot}`;
      return ctx.transact('fight.integrity', args, step, (ps) =>
        recordResult(ps, step, judgeIntegrity(ps, args.lichslayerId, args.slot, args.result, 'fight.integrity')),
      );
    },
  };
}
