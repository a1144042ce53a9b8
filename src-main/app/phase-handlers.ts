// Phase machines in the campaign: the dive and the Lich's Attention, persisted as campaign
// settings (undoable like any edit), driven by Judge events and applying what the rules cause.
import type { Database } from 'better-sqlite3';
import { createActor, type SnapshotFrom } from 'xstate';
import type { CommandName } from '@shared/contract.ts';
import { DIVE_EVENT_TYPES, type PhaseView } from '@shared/phase.ts';
import type { SanityLevel } from '@shared/gauntlet.ts';
import { readWorld, writeWorld } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { writeSetting } from '../db/settings.ts';
import { XP_PER_CLEARED_FLOOR } from '../rules/character.ts';
import { dropSanity } from '../rules/sanity.ts';
import { attentionMachine } from '../machines/attention-machine.ts';
import { diveMachine, whyRefused, type DiveEvent } from '../machines/dive-machine.ts';
import { combatRound, type Slot } from '../machines/combat-round.ts';
import { allTokens, readBoardState, turnStack } from '../db/board-repo.ts';
import { readHouseRules } from '../db/settings.ts';
import { turnsPerRound } from '../rules/entities.ts';
import { COMBAT_SANITY_TRIGGERS } from '../rules/sanity.ts';
import { CommandFailure } from './command-failure.ts';
import type { HandlerContext, Handlers } from './campaign-app.ts';
import type { BoardOperations } from './board-handlers.ts';

type PhaseCommand = Extract<CommandName, `phase.${string}`>;

function partyIds(db: Database): number[] {
  return (db.prepare(`SELECT id FROM lichslayer ORDER BY position, id`).all() as { id: number }[]).map((r) => r.id);
}

function stored(db: Database, key: string): unknown {
  const row = db.prepare(`SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

export function diveActor(db: Database) {
  const snapshot = stored(db, 'machine:dive');
  return createActor(diveMachine, { input: { party: partyIds(db) }, ...(snapshot ? { snapshot: snapshot as SnapshotFrom<typeof diveMachine> } : {}) }).start();
}

export function attentionActor(db: Database) {
  const snapshot = stored(db, 'machine:attention');
  if (snapshot) return createActor(attentionMachine, { snapshot: snapshot as SnapshotFrom<typeof attentionMachine> }).start();
  // A campaign without a saved machine starts from the stage the board's world shows.
  const actor = createActor(attentionMachine).start();
  const stage = readWorld(db).attentionStage;
  if (stage >= 4) actor.send({ type: 'CROWN' });
  else if (stage === 3) actor.send({ type: 'UNBOUND_COMPLETED' });
  else for (const floor of [4, 6].slice(0, stage)) actor.send({ type: 'DESCENT', floor });
  return actor;
}

/** The board's turn stack for the party's floor, with each entrant's turns per round (ch.11). */
export function stackSlots(db: Database): Slot[] {
  const floor = readBoardState(db).partyFloor;
  const rules = readHouseRules(db);
  const tokens = new Map(allTokens(db).map((t) => [t.id, t]));
  const speeds = new Map((db.prepare(`SELECT id, speed FROM lichslayer`).all() as { id: number; speed: number }[]).map((r) => [r.id, r.speed]));
  return turnStack(db).flatMap((e) => {
    const t = tokens.get(e.token_id);
    if (!t || t.defeated || t.floor !== floor || t.kind === 'phylactery') return [];
    const speed = t.lichslayerId !== null ? (speeds.get(t.lichslayerId) ?? 6) : (t.stats.speed ?? 6);
    return [{ tokenId: t.id, turns: turnsPerRound(speed, rules, t.kind === 'entity' ? t.stats.turns : undefined).value }];
  });
}

export function combatActor(db: Database) {
  const snapshot = stored(db, 'machine:combat');
  return createActor(combatRound, snapshot ? { snapshot: snapshot as SnapshotFrom<typeof combatRound> } : {}).start();
}

const ROUND_HOOKS = ['End Round castings resolve; Start Next Round castings come next (ch.15)', ...COMBAT_SANITY_TRIGGERS.map((t) => `Sanity Challenge: ${t.label} (ch.11)`)];

export function phaseView(db: Database): PhaseView {
  const dive = diveActor(db).getSnapshot();
  const attention = attentionActor(db).getSnapshot();
  const names = new Map((db.prepare(`SELECT id, name FROM lichslayer`).all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  const state = String(dive.value) as PhaseView['dive']['state'];
  return {
    dive: {
      state,
      floor: dive.context.floor,
      gateOpen: dive.context.gateOpen,
      clearedOnNine: dive.context.clearedOnNine.map((id) => names.get(id) ?? `#${id}`),
      lost: dive.context.lost.map((id) => names.get(id) ?? `#${id}`),
      floorsCleared: dive.context.floorsCleared,
      actions: DIVE_EVENT_TYPES.map((type) => {
        const allowed = dive.can({ type } as DiveEvent);
        return { type, allowed, why: allowed ? null : whyRefused(state, dive.context, type) };
      }),
    },
    attention: { stage: attention.context.stage, last: attention.context.last },
    combat: combatView(db),
  };
}

function combatView(db: Database): PhaseView['combat'] {
  if (!stored(db, 'machine:combat')) return null;
  const snap = combatActor(db).getSnapshot();
  if (snap.value === 'idle') return null;
  const tokens = new Map(allTokens(db).map((t) => [t.id, t]));
  const name = (id: number) => tokens.get(id)?.name ?? `#${id}`;
  return {
    round: snap.context.round,
    current: snap.context.current !== null ? name(snap.context.current) : null,
    currentTokenId: snap.context.current,
    currentHidden: snap.context.current !== null && !!tokens.get(snap.context.current)?.hidden,
    atRoundEnd: snap.value === 'roundEnd',
    upcoming: snap.context.queue.slice(0, 6).map((id) => ({ name: name(id), hidden: !!tokens.get(id)?.hidden })),
    hooks: snap.value === 'roundEnd' ? ROUND_HOOKS : [],
  };
}

export function phaseHandlers(ctx: HandlerContext, board: Partial<BoardOperations>): Pick<Handlers, PhaseCommand> {
  const db = () => ctx.require().db;
  return {
    'phase.view': () => phaseView(db()),
    'phase.send': (args) =>
      ctx.transact('phase.send', args, `Phase: ${args.event.type.toLowerCase().replace(/_/g, ' ')}`, (w: RecordingWriter, database) => {
        const event = args.event as DiveEvent;
        const dive = diveActor(database);
        const before = dive.getSnapshot();
        if (!before.can(event)) throw new CommandFailure('refused', `${whyRefused(String(before.value), before.context, event.type)}. Nothing changed.`);
        dive.send(event);
        const after = dive.getSnapshot();
        const present = before.context.present;
        // What the rules cause beyond the phase itself:
        if (event.type === 'FORCE_GATE') {
          // ch.10: each attempt to force the Gate costs every Lichslayer there 1 Sanity.
          for (const id of present) {
            const l = database.prepare(`SELECT sanity FROM lichslayer WHERE id = ?`).get(id) as { sanity: SanityLevel } | undefined;
            if (l) w.update('lichslayer', id, { sanity: dropSanity(l.sanity) });
          }
        }
        if (event.type === 'FLOOR_CLEARED' && !before.context.floorsCleared.includes(before.context.floor ?? -1)) {
          // ch.1: 6 XP per floor fully cleared, to each Lichslayer there.
          for (const id of present) {
            const l = database.prepare(`SELECT xp FROM lichslayer WHERE id = ?`).get(id) as { xp: number } | undefined;
            if (l) w.update('lichslayer', id, { xp: l.xp + XP_PER_CLEARED_FLOOR });
          }
        }
        if (after.context.floor !== before.context.floor && after.context.floor !== null) {
          // The descent puts the party at the new floor's entrance on the board, in the same step.
          board.enterFloor?.(w, database, after.context.floor, undefined, undefined, []);
          const attention = attentionActor(database);
          attention.send({ type: 'DESCENT', floor: after.context.floor });
          writeSetting(w, database, 'machine:attention', attention.getPersistedSnapshot());
          // The board's modifiers follow the Lich's Attention (ch.10).
          const world = readWorld(database);
          const stage = attention.getSnapshot().context.stage as 0 | 1 | 2 | 3 | 4;
          if (world.attentionStage !== stage) writeWorld(w, database, { ...world, attentionStage: stage });
        }
        const notices: string[] = [];
        // ch.11: enemies on the stack start the round; the fight's end closes it. Floor 10 is one
        // long fight (ch.10): its first round starts at the Gate with the first wave.
        const fightStarts = (String(after.value) === 'combat' || String(after.value) === 'floorTen') && String(before.value) !== 'combat' && String(before.value) !== 'floorTen';
        if (fightStarts) {
          if (String(after.value) === 'floorTen') board.floorTenRound?.(w, database, notices);
          const combat = createActor(combatRound).start();
          combat.send({ type: 'START', order: stackSlots(database) });
          writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        } else if (String(before.value) === 'combat' && String(after.value) !== 'combat') {
          writeSetting(w, database, 'machine:combat', null);
        }
        writeSetting(w, database, 'machine:dive', dive.getPersistedSnapshot());
        return { ...phaseView(database), notices };
      }),

    'phase.respond': (args) =>
      ctx.transact('phase.respond', args, 'Response', (w: RecordingWriter, database) => {
        if (!stored(database, 'machine:combat')) throw new CommandFailure('refused', 'Responses happen in combat (ch.15).');
        const combat = combatActor(database);
        combat.send({ type: 'SYNC', order: stackSlots(database) });
        if (!combat.getSnapshot().can({ type: 'RESPONSE', tokenId: args.tokenId })) {
          throw new CommandFailure('refused', 'A Response comes from another entrant, outside its own turn, one at a time (ch.15). Nothing changed.');
        }
        combat.send({ type: 'RESPONSE', tokenId: args.tokenId });
        writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        return phaseView(database);
      }),

    'phase.nextTurn': () =>
      ctx.transact('phase.nextTurn', {}, 'Next turn', (w: RecordingWriter, database) => {
        if (!stored(database, 'machine:combat')) throw new CommandFailure('refused', 'There is no fight on: turns advance only in combat (ch.11).');
        const combat = combatActor(database);
        const notices: string[] = [];
        // The board's stack is the truth: newcomers join, the fallen leave, before the turn moves.
        combat.send({ type: 'SYNC', order: stackSlots(database) });
        const newRound = combat.getSnapshot().value === 'roundEnd';
        if (newRound) {
          // ch.10: on Floor 10 every round starts with a wave, while the Phylactery stands.
          const dive = diveActor(database).getSnapshot();
          if (String(dive.value) === 'floorTen' && !dive.context.phylacteryDestroyed) {
            board.floorTenRound?.(w, database, notices);
            combat.send({ type: 'SYNC', order: stackSlots(database) });
          }
          combat.send({ type: 'END_ROUND' });
        } else combat.send({ type: 'NEXT_TURN' });
        writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        return { ...phaseView(database), notices };
      }),
  };
}
