// Phase machines in the campaign: the dive, the Lich's Attention and the combat round, driven by
// Judge events, applying what the rules cause (rolls logged, changes undoable), persisted so a
// session stops mid-fight and resumes exactly where it was.
import type { Database } from 'better-sqlite3';
import { createActor } from 'xstate';
import type { CommandName } from '@shared/contract.ts';
import { DIVE_EVENT_TYPES, type PhaseView, type SpellbookView } from '@shared/phase.ts';
import { CASTING_TIME_LABEL, SPELL_SCHOOL_LABEL } from '@shared/tables.ts';
import type { SanityLevel } from '@shared/gauntlet.ts';
import { allTokens, joinTurnStack, nextPlacement, readWorld, writeBoardState, writeWorld } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { readHouseRules, writeSetting } from '../db/settings.ts';
import { XP_PER_CLEARED_FLOOR } from '../rules/character.ts';
import { dropSanity, COMBAT_SANITY_TRIGGERS } from '../rules/sanity.ts';
import { floorTenLich, manifestedLich, turningStatus } from '../rules/lich.ts';
import { DEFAULT_ENTRANCE } from '../rules/board-moves.ts';
import { whyRefused, type DiveEvent } from '../machines/dive-machine.ts';
import { combatRound } from '../machines/combat-round.ts';
import { CommandFailure } from './command-failure.ts';
import { addXp } from './life-handlers.ts';
import { requireLichslayer } from './lichslayer-row.ts';
import { today } from '../db/town-repo.ts';
import { familiarRolls } from './town-handlers.ts';
import { endChannelBuffs, type PhaseOperations } from './loot-handlers.ts';
import type { HandlerContext, Handlers } from './campaign-app.ts';
import type { BoardOperations } from './board-handlers.ts';
import { attentionActor, attentionStage, combatActor, diveActor, stackSlots, stored, turnedOn } from './phase-store.ts';
import { allyAtZero, castVerdict, communion, enemiesCloseIn, findSpell, lichTargetNotice, payForCast, resolveDue, reviveLich, roundEndSanity, spellbook } from './combat-hooks.ts';

export { diveActor, attentionActor, combatActor, stackSlots } from './phase-store.ts';

type PhaseCommand = Extract<CommandName, `phase.${string}`>;

/** What the Judge still resolves by hand at a round's end: the triggers the app cannot see (ch.11). */
const MANUAL_HOOKS = COMBAT_SANITY_TRIGGERS.filter((t) => t.id === 'lich-damage' || t.id === 'enemy-ability').map((t) => `Sanity Challenge if it happened: ${t.label} (ch.11)`);


/** The dive event as the machine takes it: MANIFEST carries the Attention stage it is guarded by. */
function machineEvent(db: Database, type: (typeof DIVE_EVENT_TYPES)[number]): DiveEvent {
  return type === 'MANIFEST' ? { type, stage: attentionStage(db) } : ({ type } as DiveEvent);
}

export function phaseView(db: Database): PhaseView {
  const dive = diveActor(db).getSnapshot();
  const attention = attentionActor(db).getSnapshot();
  const names = new Map((db.prepare(`SELECT id, name FROM lichslayer`).all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  const state = String(dive.value) as PhaseView['dive']['state'];
  const named = (ids: readonly number[]) => ids.map((id) => names.get(id) ?? `#${id}`);
  return {
    dive: {
      state,
      floor: dive.context.floor,
      gateOpen: dive.context.gateOpen,
      clearedOnNine: named(dive.context.clearedOnNine),
      lost: named(dive.context.lost),
      floorsCleared: dive.context.floorsCleared,
      turned: named(dive.context.turned),
      ending: dive.context.ending,
      actions: DIVE_EVENT_TYPES.map((type) => {
        const allowed = dive.can(machineEvent(db, type));
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
    between: snap.value === 'between',
    upcoming: snap.context.queue.slice(0, 6).map((id) => ({ name: name(id), hidden: !!tokens.get(id)?.hidden })),
    hooks: snap.value === 'roundEnd' ? MANUAL_HOOKS : [],
    pending: snap.context.pending.map((c) => ({ label: c.label, caster: name(c.caster), time: CASTING_TIME_LABEL[c.time] })),
    entrants: snap.context.order.map((s) => {
      const t = tokens.get(s.tokenId);
      return { tokenId: s.tokenId, name: name(s.tokenId), hidden: !!t?.hidden, party: !!s.party, lichslayerId: t?.lichslayerId ?? null, health: t?.health ?? null, maxHealth: t?.maxHealth ?? null };
    }),
  };
}

export function phaseHandlers(ctx: HandlerContext, board: Partial<BoardOperations>, operations: Partial<PhaseOperations> = {}): Pick<Handlers, PhaseCommand> {
  const db = () => ctx.require().db;

  /** ch.16: the Lich takes shape in the Town, the party there with it, every one of them at Lost. */
  function manifest(w: RecordingWriter, database: Database, present: readonly number[], notices: string[]): void {
    writeBoardState(w, database, { partyFloor: null });
    for (const t of allTokens(database)) {
      if (t.kind === 'lichslayer' && t.lichslayerId !== null && present.includes(t.lichslayerId)) w.update('token', t.id, { floor: null, x: null, y: null });
    }
    for (const id of present) {
      if (!allTokens(database).some((t) => t.lichslayerId === id)) {
        const l = database.prepare(`SELECT name FROM lichslayer WHERE id = ?`).get(id) as { name: string };
        joinTurnStack(w, database, w.insert('token', { kind: 'lichslayer', lichslayer_id: id, name: l.name, colour: 'Colourless', placed_at: nextPlacement(database) }));
      }
      w.update('lichslayer', id, { sanity: 'lost' satisfies SanityLevel });
    }
    const existing = allTokens(database).find((t) => t.stats.lich && t.floor === null);
    if (existing) notices.push(`The Lich is still manifest, at ${existing.health} Health (ch.16)`);
    else {
      const block = manifestedLich(present.length);
      const id = w.insert('token', {
        kind: 'entity',
        name: 'The Lich',
        colour: 'Colourless',
        health: block.health,
        max_health: block.health,
        armor: block.armor,
        stats: JSON.stringify({ speed: block.speed, turns: block.turns, attack: block.attack, magic: block.magic, lich: true }),
        placed_at: nextPlacement(database),
      });
      joinTurnStack(w, database, id);
      notices.push(`The Lich manifests in the Town: ${block.explain}; Armor ${block.armor}, two turns a round, Magic ${block.magic}`);
    }
    notices.push('The Inn is closed and the Smith has fled; every Lichslayer in the Town is at Lost (ch.16)');
    const turned = diveActor(database).getSnapshot().context.turned;
    if (turned.length) notices.push(`Recalled to the Tombs as the Lich's: ${turned.map((id) => (database.prepare(`SELECT name FROM lichslayer WHERE id = ?`).get(id) as { name: string } | undefined)?.name ?? `#${id}`).join(', ')} (ch.16)`);
  }

  /** House rule "Lich on Floor 10": the ch.12 Lich waits at the Gate with the first wave. */
  function floorTenLichArrives(w: RecordingWriter, database: Database, notices: string[]): void {
    if (!readHouseRules(database).lichOnFloorTen || allTokens(database).some((t) => t.stats.lich && t.floor === 10)) return;
    const lost = (database.prepare(`SELECT count(*) AS n FROM lichslayer WHERE sanity = 'lost'`).get() as { n: number }).n;
    const block = floorTenLich({ playersAtLost: lost, unboundVestmentsEquipped: 0 });
    const id = w.insert('token', {
      kind: 'entity',
      name: 'The Lich',
      colour: 'Colourless',
      floor: 10,
      x: DEFAULT_ENTRANCE.x,
      y: DEFAULT_ENTRANCE.y,
      health: block.health,
      max_health: block.health,
      armor: block.armor,
      stats: JSON.stringify({ speed: block.speed, turns: block.turns, attack: block.attack, lich: true }),
      placed_at: nextPlacement(database),
    });
    joinTurnStack(w, database, id);
    notices.push(`The Lich waits on Floor 10 (house rule): ${block.explain}`);
  }

  /** After a combat step: spells whose moment came resolve, and the machine hears they did. */
  function settle(database: Database, combat: ReturnType<typeof combatActor>, notices: string[]): void {
    const due = combat.getSnapshot().context.due;
    if (!due.length) return;
    resolveDue(database, due, notices);
    combat.send({ type: 'RESOLVED' });
  }

  /** The Lich's turn in the Town names its target (ch.16). */
  function turnNotices(database: Database, combat: ReturnType<typeof combatActor>, notices: string[]): void {
    const current = combat.getSnapshot().context.current;
    const token = current !== null ? allTokens(database).find((t) => t.id === current) : undefined;
    const dive = diveActor(database).getSnapshot();
    if (token?.stats.lich && String(dive.value) === 'manifestation') notices.push(lichTargetNotice(database, dive.context.present));
  }

  /** The fight's round, synced with the board's stack (newcomers join, the fallen leave); refused when no fight is on. */
  function liveCombat(database: Database, why: string) {
    if (!stored(database, 'machine:combat')) throw new CommandFailure('refused', why);
    const combat = combatActor(database);
    combat.send({ type: 'SYNC', order: stackSlots(database) });
    return combat;
  }

  /** One press of "next turn": the turn passes, or a round ends or begins, with what the rules attach to each. */
  function step(w: RecordingWriter, database: Database, combat: ReturnType<typeof combatActor>, notices: string[]): void {
    const dive = diveActor(database);
    const phase = String(dive.getSnapshot().value);
    if (combat.getSnapshot().value === 'roundEnd') {
      // The start of a round: the Lich revives while its Phylactery stands (ch.16); on Floor 10
      // a wave enters while the Phylactery stands (ch.10).
      reviveLich(w, database, dive.getSnapshot().context.phylacteryDestroyed, notices);
      if (phase === 'floorTen' && !dive.getSnapshot().context.phylacteryDestroyed) board.floorTenRound?.(w, database, notices);
      combat.send({ type: 'SYNC', order: stackSlots(database) });
      combat.send({ type: 'END_ROUND' });
      settle(database, combat, notices);
      turnNotices(database, combat, notices);
    } else {
      combat.send({ type: 'NEXT_TURN' });
      settle(database, combat, notices);
      if (combat.getSnapshot().value === 'roundEnd') {
        // The round's end (ch.11, ch.16): Sanity triggers, and in the Town the Lich's communion.
        if (phase === 'manifestation') {
          const turnedNow = communion(w, database, dive.getSnapshot().context.present, notices);
          for (const id of turnedNow) dive.send({ type: 'TURNED', lichslayer: id });
          // ch.16: the six days of the Pilgrimage count from the day of the turning.
          if (turnedNow.length) writeSetting(w, database, 'turned-on', { ...turnedOn(database), ...Object.fromEntries(turnedNow.map((id) => [String(id), today(database)])) });
          writeSetting(w, database, 'machine:dive', dive.getPersistedSnapshot());
        } else roundEndSanity(w, database, combat.getSnapshot().context.order.map((s) => s.tokenId), notices);
      } else turnNotices(database, combat, notices);
    }
  }

  operations.endTurn = (w, database, notices) => {
    const combat = liveCombat(database, 'There is no fight on (ch.11).');
    step(w, database, combat, notices);
    writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
  };

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
        const dive = diveActor(database);
        const before = dive.getSnapshot();
        if (!before.can(event)) throw new CommandFailure('refused', `${whyRefused(String(before.value), before.context, event.type)}. Nothing changed.`);
        if (event.type === 'LICH_DEFEATED') {
          const lich = allTokens(database).find((t) => t.stats.lich && t.floor === null);
          if (lich && !lich.defeated && (lich.health ?? 0) > 0) throw new CommandFailure('refused', `The Lich still stands at ${lich.health} Health. Nothing changed.`);
        }
        dive.send(event);
        const after = dive.getSnapshot();
        const present = before.context.present;
        const notices: string[] = [];
        // What the rules cause beyond the phase itself:
        if (event.type === 'FORCE_GATE') {
          // ch.10: each attempt to force the Gate costs every Lichslayer there 1 Sanity.
          for (const id of present) {
            const l = database.prepare(`SELECT sanity FROM lichslayer WHERE id = ?`).get(id) as { sanity: SanityLevel } | undefined;
            if (l) w.update('lichslayer', id, { sanity: dropSanity(l.sanity) });
          }
        }
        if (event.type === 'AT_ZERO' && String(before.value) !== 'manifestation') allyAtZero(w, database, event.lichslayer, after.context.present, notices);
        if (event.type === 'FLOOR_CLEARED' && !before.context.floorsCleared.includes(before.context.floor ?? -1)) {
          // ch.1: 6 XP per floor fully cleared, to each Lichslayer there.
          for (const id of present) addXp(w, database, id, XP_PER_CLEARED_FLOOR, notices, 'floor');
        }
        if (after.context.floor !== before.context.floor && after.context.floor !== null) {
          // The descent puts the party at the new floor's entrance on the board, in the same step.
          board.enterFloor?.(w, database, after.context.floor, undefined, undefined, []);
          if (after.context.floor === 10) floorTenLichArrives(w, database, notices);
          // ch.3: the Witch's Familiar is rolled at the start of each dive.
          if (before.context.floor === null) familiarRolls(database, after.context.present, `the dive, day ${today(database)}`, notices);
          const attention = attentionActor(database);
          attention.send({ type: 'DESCENT', floor: after.context.floor });
          writeSetting(w, database, 'machine:attention', attention.getPersistedSnapshot());
          // The board's modifiers follow the Lich's Attention (ch.10).
          const world = readWorld(database);
          const stage = attention.getSnapshot().context.stage as 0 | 1 | 2 | 3 | 4;
          if (world.attentionStage !== stage) writeWorld(w, database, { ...world, attentionStage: stage });
        }
        if (event.type === 'LEAVE_TOMB') writeBoardState(w, database, { partyFloor: null });
        // ch.13: the glow is bought fresh each descent; the dive's end takes every Channel buff.
        if (String(after.value) === 'town' && String(before.value) !== 'town') endChannelBuffs(w, database, notices);
        const was = String(before.value);
        const now = String(after.value);
        if (now === 'manifestation' && was !== 'manifestation') manifest(w, database, after.context.present, notices);
        // ch.11: enemies on the stack start the round; the fight's end closes it. Floor 10 is one
        // long fight (ch.10), and so is the Lich in the Town (ch.16).
        const fights = new Set(['combat', 'floorTen', 'manifestation']);
        if (fights.has(now) && !fights.has(was)) {
          if (now === 'floorTen') board.floorTenRound?.(w, database, notices);
          const combat = createActor(combatRound).start();
          combat.send({ type: 'START', order: stackSlots(database) });
          turnNotices(database, combat, notices);
          writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
        } else if (fights.has(was) && !fights.has(now)) {
          writeSetting(w, database, 'machine:combat', null);
        }
        writeSetting(w, database, 'machine:dive', dive.getPersistedSnapshot());
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
        const world = readWorld(database);
        if (world.attentionStage !== after.stage) writeWorld(w, database, { ...world, attentionStage: after.stage as 0 | 1 | 2 | 3 | 4 });
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
          board.moveToken?.(w, database, tokenId, t.floor!, x, y, notices);
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

