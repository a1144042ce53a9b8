// phase.*: the phase machines in the campaign — the dive, the Lich's Attention and the combat round —
// driven by Judge events, applying what the rules cause (rolls logged, changes undoable), persisted so
// a session stops mid-fight and resumes exactly where it was.
import type { SpellbookView } from '@shared/phase.ts';
import { CASTING_TIME_LABEL, SPELL_SCHOOL_LABEL } from '@shared/tables.ts';
import { allTokens } from '../../db/board-repo.ts';
import type { RecordingWriter } from '../../db/history.ts';
import { writeSetting } from '../../db/settings.ts';
import { today } from '../../db/town-repo.ts';
import { turningStatus } from '../../rules/lich.ts';
import { type DiveEvent } from '../../machines/dive-machine.ts';
import { machineEvent, phaseView } from '../../views/phase-view.ts';
import { moveTokenByRules } from '../board-ops.ts';
import { castVerdict, enemiesCloseIn, findSpell, payForCast, spellbook } from '../combat-hooks.ts';
import { CommandFailure } from '../command-failure.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { requireLichslayer } from '../lichslayer-row.ts';
import { applyDiveEvent, liveCombat, settle, step } from '../phase-ops.ts';
import { attentionActor, combatActor, diveActor, stored, turnedOn } from '../phase-store.ts';

export function phaseHandlers(ctx: HandlerContext): HandlersOf<'phase'> {
  const db = () => ctx.require().db;
  return {
    'phase.cure': (args) =>
      ctx.transact('phase.cure', args, `Cure the turning (${args.how})`, (w: RecordingWriter, database) => {
        const dive = diveActor(database);
        const l = requireLichslayer(database, args.id);
        if (!dive.getSnapshot().context.turned.includes(args.id)) throw new CommandFailure('refused', `${l.name} is not turned. Nothing changed.`);
        const since = turnedOn(database)[String(args.id)];
        const status = since !== undefined ? turningStatus(since, today(database)) : null;
        if (status?.permanent) throw new CommandFailure('refused', `${l.name}'s turning is permanent: ${status.explain}. Nothing changed.`);
        dive.send({ type: 'CURED', lichslayer: args.id });
        writeSetting(w, database, 'machine:dive', dive.getPersistedSnapshot());
        const how = { cleanse: 'Cleanse (Daedric) — a player-killing', restore: 'Restore (Celestial)', cure: "the Lich Doctor's Cure", pilgrimage: 'the Pilgrimage: a flower of every colour brought to a Shrine' }[args.how];
        return { ...phaseView(database), notices: [`${l.name} is freed from the turning by ${how} (ch.16)`] };
      }),
    'phase.view': () => phaseView(db()),
    'phase.send': (args) =>
      ctx.transact('phase.send', args, `Phase: ${args.event.type.toLowerCase().replace(/_/g, ' ')}`, (w: RecordingWriter, database) => {
        const event: DiveEvent = args.event.type === 'MANIFEST' ? machineEvent(database, 'MANIFEST') : (args.event as DiveEvent);
        const notices: string[] = [];
        applyDiveEvent(w, database, event, notices);
        return { ...phaseView(database), notices };
      }),

    'phase.attention': (args) =>
      ctx.transact('phase.attention', args, `Lich's Attention: ${args.event.type.toLowerCase().replace(/_/g, ' ')}`, (w: RecordingWriter, database) => {
        const attention = attentionActor(database);
        const before = attention.getSnapshot().context.stage;
        attention.send(args.event);
        const after = attention.getSnapshot().context;
        if (after.stage === before && args.event.type !== 'RESOLVED') throw new CommandFailure('refused', `The Lich's Attention stays at Stage ${before}: ${after.last ?? 'that trigger does not raise it'}. Nothing changed.`);
        writeSetting(w, database, 'machine:attention', attention.getPersistedSnapshot());
        return { ...phaseView(database), notices: after.last ? [after.last] : [] };
      }),

    'phase.respond': (args) =>
      ctx.transact('phase.respond', args, 'Response', (w: RecordingWriter, database) => {
        const combat = liveCombat(database, 'Responses happen in combat (ch.15).');
        if (!combat.getSnapshot().can({ type: 'RESPONSE', tokenId: args.tokenId })) {
          throw new CommandFailure('refused', 'A Response comes from another entrant, outside its own turn, one at a time (ch.15). Nothing changed.');
        }
        combat.send({ type: 'RESPONSE', tokenId: args.tokenId });
        writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        return phaseView(database);
      }),

    'phase.spellbook': ({ tokenId }) => {
      const database = db();
      const token = allTokens(database).find((t) => t.id === tokenId);
      if (!token) throw new CommandFailure('not-found', `No token ${tokenId} on the board.`);
      const combat = stored(database, 'machine:combat') ? combatActor(database).getSnapshot().context : null;
      const turned = diveActor(database).getSnapshot().context.turned;
      const groups = new Map<string, SpellbookView['schools'][number]>();
      for (const spell of spellbook(database)) {
        const verdict = combat
          ? castVerdict(database, token, spell, { current: combat.current, turned })
          : { ok: false, cost: spell.fields.cost, why: 'Spells are cast in combat, on the turn stack (ch.15)' };
        const key = spell.fields.school;
        const group = groups.get(key) ?? { school: key, label: SPELL_SCHOOL_LABEL[key], spells: [] };
        group.spells.push({
          table: spell.table.key,
          row: spell.row,
          label: spell.label,
          details: spell.details,
          cost: verdict.cost,
          castingTime: CASTING_TIME_LABEL[spell.fields.castingTime],
          allowed: verdict.ok,
          why: verdict.why,
        });
        groups.set(key, group);
      }
      return { caster: token.name, schools: [...groups.values()] };
    },

    'phase.cast': (args) =>
      ctx.transact('phase.cast', args, 'Cast a spell', (w: RecordingWriter, database) => {
        const combat = liveCombat(database, 'Spells are cast in combat, on the turn stack (ch.15). Nothing changed.');
        const token = allTokens(database).find((t) => t.id === args.tokenId);
        if (!token) throw new CommandFailure('not-found', `No token ${args.tokenId} on the board.`);
        const spell = findSpell(database, args.table, args.row);
        const ctxNow = combat.getSnapshot().context;
        const verdict = castVerdict(database, token, spell, { current: ctxNow.current, turned: diveActor(database).getSnapshot().context.turned });
        const casting = { caster: token.id, table: spell.table.key, row: spell.row, label: spell.label, time: spell.fields.castingTime };
        if (!verdict.ok) throw new CommandFailure('refused', `${verdict.why}. Nothing changed.`);
        if (!combat.getSnapshot().can({ type: 'CAST', casting })) {
          throw new CommandFailure('refused', `${token.name} cannot cast now: a spell is cast on the caster's own turn, a Response outside it and one at a time (ch.15). Nothing changed.`);
        }
        // ch.15: the gold leaves the Gauntlet at once, whenever the spell resolves.
        payForCast(w, database, token, spell, verdict.cost);
        combat.send({ type: 'CAST', casting });
        const notices = [`${token.name} casts ${spell.label} (${CASTING_TIME_LABEL[spell.fields.castingTime]}; ${verdict.why})`];
        settle(database, combat, notices);
        // ch.15: On Turn consumes the caster's action: the turn passes.
        if (spell.fields.castingTime === 'on-turn') step(w, database, combat, notices);
        writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        return { ...phaseView(database), notices };
      }),

    'phase.enemiesAdvance': () =>
      ctx.transact('phase.enemiesAdvance', {}, 'Enemies close in', (w: RecordingWriter, database) => {
        const combat = liveCombat(database, 'Enemies move on the turn stack, in a fight (ch.11).');
        const state = String(combat.getSnapshot().value);
        if (state !== 'between' && state !== 'roundEnd') throw new CommandFailure('refused', 'Enemies move between player turns: end the current turn first (ch.11). Nothing changed.');
        const notices: string[] = [];
        const moved = enemiesCloseIn(database, (tokenId, x, y) => {
          const t = allTokens(database).find((k) => k.id === tokenId)!;
          moveTokenByRules(w, database, tokenId, t.floor!, x, y, notices, 'phase.enemiesAdvance');
        }, notices);
        for (const tokenId of moved) combat.send({ type: 'ENEMY_MOVED', tokenId });
        if (!moved.length) throw new CommandFailure('refused', `${notices.join('; ') || 'No enemy stands apart from the party, or each has moved already in this gap'} (ch.11). Nothing changed.`);
        writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        return { ...phaseView(database), notices };
      }),

    'phase.nextTurn': () =>
      ctx.transact('phase.nextTurn', {}, 'Next turn', (w: RecordingWriter, database) => {
        // The board's stack is the truth: newcomers join, the fallen leave, before the turn moves.
        const combat = liveCombat(database, 'There is no fight on: turns advance only in combat (ch.11).');
        const notices: string[] = [];
        step(w, database, combat, notices);
        writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        return { ...phaseView(database), notices };
      }),
  };
}
