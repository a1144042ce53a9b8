// phase.*: the phase machines in the campaign — the dive, the Lich's Attention and the combat round —
// driven by Judge events, applying what the rules cause (rolls logged, changes undoable), persisted so
// a session stops mid-fight and resumes exactly where it was.
import { allTokens } from '../../state/board.ts';
import { writeSetting } from '../../state/settings.ts';
import { today } from '../../state/town.ts';
import { turningExit } from '../../rules/turning.ts';
import type { DiveEvent } from '../../machines/dive-machine.ts';
import { machineEvent, phaseView } from '../../views/phase-view.ts';
import { moveTokenByRules } from '../../play/token-move.ts';
import { sanityChallenge } from '../../play/round-hooks.ts';
import { enemiesCloseIn } from '../../play/enemies.ts';
import { spellbookView } from '../../views/spellbook-view.ts';
import { CommandFailure } from '../../state/failures.ts';
import { castSpell } from '../../play/casting-command.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { requireLichslayer, turnedOnDay } from '../../state/lichslayer.ts';
import { applyDiveEvent, liveCombat, step } from '../../play/dive-events.ts';
import { attentionActor, diveActor, partyFloor } from '../../play/machines.ts';

export function phaseHandlers(ctx: HandlerContext): HandlersOf<'phase'> {
  return {
    'phase.cure': (args) =>
      ctx.transact('phase.cure', args, `End the turning (${args.how})`, (ps) => {
        const dive = diveActor(ps);
        const l = requireLichslayer(ps, args.id);
        if (!dive.getSnapshot().context.turned.includes(args.id))
          throw new CommandFailure('refused', `${l.name} is not turned. Nothing changed.`);
        const caster = args.by !== undefined ? requireLichslayer(ps, args.by) : null;
        const verdict = turningExit(args.how, {
          name: l.name,
          turnedOn: turnedOnDay(ps, args.id),
          today: today(ps),
          caster,
          cleansedId: l.id,
        });
        if (!verdict.ok) throw new CommandFailure('refused', `${verdict.reason}. Nothing changed.`);
        const notices = [verdict.explain];
        // ch.16: the cured rejoin the party; the cleansed die, lost for good. Either way they stop being the Lich's Zombie on the board.
        dive.send(
          verdict.kind === 'killing'
            ? { type: 'CLEANSED', lichslayer: args.id }
            : { type: 'CURED', lichslayer: args.id },
        );
        writeSetting(ps, 'machine:dive', dive.getPersistedSnapshot());
        const token = allTokens(ps).find((t) => t.lichslayerId === args.id);
        if (token) ps.update('token', token.id, { floor: null, x: null, y: null, stats: '{}' });
        if (verdict.kind === 'killing' && caster) {
          // ch.11: the killer's Sanity Challenge, target 12.
          const where = partyFloor(ps) !== null ? 'tombs' : 'town';
          notices.push(
            sanityChallenge(ps, 'phase.cure', {
              lichslayerId: caster.id,
              target: verdict.sanityTarget,
              cause: `${caster.name} killed ${l.name} (ch.11)`,
              where,
            }).explain,
          );
        }
        return { ...phaseView(ps), notices };
      }),
    'phase.view': () => phaseView(ctx.state()),
    'phase.send': (args) =>
      ctx.transact('phase.send', args, `Phase: ${args.event.type.toLowerCase().replace(/_/g, ' ')}`, (ps) => {
        const event: DiveEvent =
          args.event.type === 'MANIFEST' ? machineEvent(ps, 'MANIFEST') : (args.event as DiveEvent);
        const notices: string[] = [];
        applyDiveEvent(ps, event, notices);
        return { ...phaseView(ps), notices };
      }),

    'phase.attention': (args) =>
      ctx.transact(
        'phase.attention',
        args,
        `Lich's Attention: ${args.event.type.toLowerCase().replace(/_/g, ' ')}`,
        (ps) => {
          const attention = attentionActor(ps);
          const before = attention.getSnapshot().context.stage;
          attention.send(args.event);
          const after = attention.getSnapshot().context;
          if (after.stage === before && args.event.type !== 'RESOLVED')
            throw new CommandFailure(
              'refused',
              `The Lich's Attention stays at Stage ${before}: ${after.last ?? 'that trigger does not raise it'}. Nothing changed.`,
            );
          writeSetting(ps, 'machine:attention', attention.getPersistedSnapshot());
          return { ...phaseView(ps), notices: after.last ? [after.last] : [] };
        },
      ),

    'phase.respond': (args) =>
      ctx.transact('phase.respond', args, 'Response', (ps) => {
        const combat = liveCombat(ps, 'Responses happen in combat (ch.15).');
        if (!combat.getSnapshot().can({ type: 'RESPONSE', tokenId: args.tokenId })) {
          throw new CommandFailure(
            'refused',
            'A Response comes from another entrant, outside its own turn, one at a time (ch.15). Nothing changed.',
          );
        }
        combat.send({ type: 'RESPONSE', tokenId: args.tokenId });
        writeSetting(ps, 'machine:combat', combat.getPersistedSnapshot());
        return phaseView(ps);
      }),

    'phase.spellbook': ({ tokenId }) => spellbookView(ctx.state(), tokenId),

    'phase.cast': (args) => {
      const notices = ctx.transact('phase.cast', args, 'Cast a spell', (ps) => castSpell(ps, args));
      return { ...phaseView(ctx.state()), notices };
    },

    'phase.enemiesAdvance': () =>
      ctx.transact('phase.enemiesAdvance', {}, 'Enemies close in', (ps) => {
        const combat = liveCombat(ps, 'Enemies move on the turn stack, in a fight (ch.11).');
        const state = String(combat.getSnapshot().value);
        if (state !== 'between' && state !== 'roundEnd')
          throw new CommandFailure(
            'refused',
            'Enemies move between player turns: end the current turn first (ch.11). Nothing changed.',
          );
        const notices: string[] = [];
        const moved = enemiesCloseIn(
          ps,
          (tokenId, x, y) => {
            const t = allTokens(ps).find((k) => k.id === tokenId)!;
            moveTokenByRules(ps, tokenId, t.floor!, x, y, notices, 'phase.enemiesAdvance');
          },
          notices,
        );
        for (const tokenId of moved) combat.send({ type: 'ENEMY_MOVED', tokenId });
        if (!moved.length)
          throw new CommandFailure(
            'refused',
            `${notices.join('; ') || 'No enemy stands apart from the party, or each has moved already in this gap'} (ch.11). Nothing changed.`,
          );
        writeSetting(ps, 'machine:combat', combat.getPersistedSnapshot());
        return { ...phaseView(ps), notices };
      }),

    'phase.nextTurn': () =>
      ctx.transact('phase.nextTurn', {}, 'Next turn', (ps) => {
        // The board's stack is the truth: newcomers join, the fallen leave, before the turn moves.
        const combat = liveCombat(ps, 'There is no fight on: turns advance only in combat (ch.11).');
        const notices: string[] = [];
        step(ps, combat, notices);
        writeSetting(ps, 'machine:combat', combat.getPersistedSnapshot());
        return { ...phaseView(ps), notices };
      }),
  };
}
