// The phases as the app steps them (rulebook ch.10, ch.11, ch.15, ch.16): the turn passing with what
// the rules attach to a round's start and end, spells resolving when their moment comes, the Lich
// manifesting in the Town or waiting on Floor 10. Plain functions over one transaction's writer.
import { onenessLeftBehind, onenessRoundEnds } from './skills/oneness.ts';
import { onenessOf } from './oneness-state.ts';
import { inertTurnPasses } from '../rules/oneness.ts';
import { provideDiveEvents } from './dive-port.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { SanityLevel } from '@shared/gauntlet.ts';
import { allTokens, joinTurnStack, nextPlacement } from '../state/board.ts';
import { readHouseRules, writeSetting } from '../state/settings.ts';
import { today } from '../state/town.ts';
import { DEFAULT_ENTRANCE } from '../rules/board-moves.ts';
import { floorTenOpponents, manifestedLich, PHYLACTERY, trueDefeatSpoils } from '../rules/lich.ts';
import { VESTMENTS } from '@shared/tables.ts';
import { PRESS_ON_HEALTH } from '../rules/damage.ts';
import { lostMovementPenalty, dropSanity } from '../rules/sanity.ts';
import { allyAtZero as shakeAllies, communion, lichTargetNotice, reviveLich, roundEndSanity } from './round-hooks.ts';
import { ongoingAtFightEnd, owedAtStart, tickOngoing } from './fight.ts';
import { beginVisit } from './fight-state.ts';
import { enterFloor, leaveBoard } from './floor-entry.ts';
import { floorTenRound } from './floor-ten.ts';
import { resolveDue } from './casting.ts';
import { investitureAtRoundStart } from './skills/scholar.ts';
import { CommandFailure } from '../state/failures.ts';
import { attentionActor, combatActor, diveActor, freshCombat, partyIds, stackSlots, stored } from './machines.ts';
import { endChannelBuffs } from '../state/channel-buffs.ts';
import { XP_PER_CLEARED_FLOOR } from '../rules/character.ts';
import { whyRefused, type DiveEvent } from '../machines/dive-machine.ts';
import type { CombatEvent } from '../machines/combat-round.ts';
import { addXp } from './growth.ts';
import { familiarRolls } from './town.ts';
import { floorNotCleared, where } from './floor-facts.ts';
import { enemiesThatMayMove } from './enemies.ts';
import { nearestWithSpace } from './room-space.ts';

export type CombatActor = ReturnType<typeof combatActor>;

/** ch.16: the Lich takes shape in the Town, the party there with it, every one of them at Lost. */
export function manifest(ps: PlaySession, present: readonly number[], notices: string[]): void {
  for (const t of allTokens(ps)) {
    if (t.kind === 'lichslayer' && t.lichslayerId !== null && present.includes(t.lichslayerId))
      ps.update('token', t.id, { floor: null, x: null, y: null });
  }
  for (const id of present) {
    if (!allTokens(ps).some((t) => t.lichslayerId === id)) {
      const l = ps.byId('lichslayer', id)!;
      joinTurnStack(
        ps,
        ps.insert('token', {
          kind: 'lichslayer',
          lichslayer_id: id,
          name: l.name,
          colour: 'Colourless',
          placed_at: nextPlacement(ps),
        }),
      );
    }
    ps.update('lichslayer', id, { sanity: 'lost' satisfies SanityLevel });
  }
  const existing = allTokens(ps).find((t) => t.stats.lich && t.floor === null);
  if (existing) notices.push(`The Lich is still manifest, at ${existing.health} Health (ch.16)`);
  else {
    const block = manifestedLich(present.length);
    const id = ps.insert('token', {
      kind: 'entity',
      name: 'The Lich',
      colour: 'Colourless',
      health: block.health,
      max_health: block.health,
      armor: block.armor,
      stats: JSON.stringify({
        speed: block.speed,
        turns: block.turns,
        attack: block.attack,
        magic: block.magic,
        lich: true,
      }),
      placed_at: nextPlacement(ps),
    });
    joinTurnStack(ps, id);
    notices.push(
      `The Lich manifests in the Town: ${block.explain}; Armor ${block.armor}, two turns a round, Magic ${block.magic}`,
    );
  }
  notices.push('The Inn is closed and the Smith has fled; every Lichslayer in the Town is at Lost (ch.16)');
  const turned = diveActor(ps).getSnapshot().context.turned;
  if (turned.length)
    notices.push(
      `Recalled to the Tombs as the Lich's: ${turned.map((id) => (ps.byId('lichslayer', id) ?? undefined)?.name ?? `#${id}`).join(', ')} (ch.16)`,
    );
}

/** The Unbound Vestments worn, intact, by the party on the dive (ch.12's Floor-10 Lich grows with them, ch.15). */
function vestmentsWorn(ps: PlayReader, present: readonly number[]): number {
  if (!present.length) return 0;
  const names = new Set(VESTMENTS.map((v) => v.toLowerCase()));
  const items = ps.all('item').filter((i) => i.broken === 0 && present.includes(i.lichslayer_id));
  return items.filter((i) => names.has(i.name.trim().toLowerCase())).length;
}

/** House rule "Lich on Floor 10": the ch.12 Lich waits at the Gate with the first wave, scaled by the party on the dive. */
export function floorTenLichArrives(ps: PlaySession, notices: string[]): void {
  if (allTokens(ps).some((t) => t.stats.lich && t.floor === 10)) return;
  const present = diveActor(ps).getSnapshot().context.present;
  const lost = ps.all('lichslayer').filter((l) => l.sanity === 'lost' && present.includes(l.id)).length;
  const block = floorTenOpponents(readHouseRules(ps), {
    playersAtLost: lost,
    unboundVestmentsEquipped: vestmentsWorn(ps, present),
  }).find((b) => b !== PHYLACTERY);
  if (!block) return;
  // At the Gate, or the nearest room with space when the party fills it (ch.9: a full room blocks every token).
  const spot = nearestWithSpace(ps, 10, DEFAULT_ENTRANCE, { enemy: true, reveals: false });
  if (!spot) {
    notices.push(
      'The Lich waits outside the Gate (house rule): every room near it is full (ch.9); it enters when one has space',
    );
    return;
  }
  const id = ps.insert('token', {
    kind: 'entity',
    name: 'The Lich',
    colour: 'Colourless',
    floor: 10,
    x: spot.x,
    y: spot.y,
    health: block.health,
    max_health: block.health,
    armor: block.armor,
    stats: JSON.stringify({
      speed: block.speed,
      turns: block.turns,
      attack: block.attack,
      lich: true,
      ...(block.sanityOnHit ? { sanityOnHit: block.sanityOnHit } : {}),
    }),
    placed_at: nextPlacement(ps),
  });
  joinTurnStack(ps, id);
  const at =
    spot.x === DEFAULT_ENTRANCE.x && spot.y === DEFAULT_ENTRANCE.y
      ? 'at the Gate'
      : `at ${where(10, spot.x, spot.y)}, as the Gate is full (ch.9)`;
  notices.push(`The Lich waits on Floor 10 (house rule), ${at}: ${block.explain}`);
}

/** After a combat step: spells whose moment came resolve, and the machine hears they did. */
export function settle(ps: PlaySession, combat: CombatActor, notices: string[]): void {
  const due = combat.getSnapshot().context.due;
  if (!due.length) return;
  resolveDue(ps, due, notices);
  combat.send({ type: 'RESOLVED' });
}

/**
 * The stack moves on (the fight starts, a turn passes, a round begins): whoever gives up an owed turn
 * on the way is named, so no turn vanishes unannounced (ch.9, ch.15); then spells due resolve.
 */
function moveStack(ps: PlaySession, combat: CombatActor, event: CombatEvent, notices: string[]): void {
  const owed = event.type === 'START' ? (event.owes ?? []) : combat.getSnapshot().context.owes;
  combat.send(event);
  const still = [...combat.getSnapshot().context.owes];
  for (const id of owed) {
    const i = still.indexOf(id);
    if (i !== -1) still.splice(i, 1);
    else
      notices.push(
        `${allTokens(ps).find((t) => t.id === id)?.name ?? `#${id}`} gives up this turn, as owed (ch.9, ch.15)`,
      );
  }
  settle(ps, combat, notices);
}

/** The Lich's turn in the Town names its target (ch.16); a Lost character's turn says when their movement is short (ch.8). */
export function turnNotices(ps: PlaySession, combat: CombatActor, notices: string[]): void {
  const { current, round } = combat.getSnapshot().context;
  const token = current !== null ? allTokens(ps).find((t) => t.id === current) : undefined;
  const dive = diveActor(ps).getSnapshot();
  if (token?.stats.lich && String(dive.value) === 'manifestation')
    notices.push(lichTargetNotice(ps, dive.context.present));
  if (token?.lichslayerId != null) {
    const l = ps.byId('lichslayer', token.lichslayerId) ?? undefined;
    const lost = l ? lostMovementPenalty(l.sanity, round) : null;
    if (l && lost) notices.push(`${l.name}: ${lost.explain}`);
  }
}

/**
 * One press runs on past what no one would act in: the gap between player turns when no enemy may
 * move (ch.11), and the turn of a Witch's own body while she acts through another (Oneness, ch.2),
 * with the gap after it (that turn was not taken). It stops at a turn someone takes, a gap enemies
 * may use, or the round's end.
 */
function passTurnsNotTaken(ps: PlaySession, combat: CombatActor, notices: string[]): void {
  let passedOne = false;
  // Each pass moves the stack on by one; a round holds at most two stops per slot.
  for (let left = combat.getSnapshot().context.order.length * 2 + 2; left > 0; left--) {
    const snap = combat.getSnapshot();
    const gap = snap.value === 'between' && (passedOne || enemiesThatMayMove(ps).length === 0);
    const inert = snap.value === 'turn' && snap.context.current !== null ? inertTurn(ps, snap.context.current) : null;
    if (!gap && !inert) return;
    if (inert) {
      notices.push(inert);
      passedOne = true;
    }
    moveStack(ps, combat, { type: 'NEXT_TURN' }, notices);
  }
}

/** Why this entrant's turn passes untaken: it is a Witch's own body while she inhabits another (ch.2). */
function inertTurn(ps: PlayReader, tokenId: number): string | null {
  const witch = allTokens(ps).find((t) => t.id === tokenId)?.lichslayerId;
  const o = witch != null ? onenessOf(ps, witch) : null;
  return o ? inertTurnPasses(o.witch.name, o.body.name) : null;
}

/** The fight's round, synced with the board's stack (newcomers join, the fallen leave); refused when no fight is on. */
export function liveCombat(ps: PlayReader, why: string) {
  if (!stored(ps, 'machine:combat')) throw new CommandFailure('refused', why);
  const combat = combatActor(ps);
  combat.send({ type: 'SYNC', order: stackSlots(ps) });
  return combat;
}

/** One press of "next turn": the turn passes (through the gap between turns when no enemy may move), or a round ends or begins, with what the rules attach to each. */
export function step(ps: PlaySession, combat: CombatActor, notices: string[]): void {
  const dive = diveActor(ps);
  const phase = String(dive.getSnapshot().value);
  if (combat.getSnapshot().value === 'roundEnd') {
    // The start of a round: the Lich revives while its Phylactery stands (ch.16); on Floor 10
    // a wave enters while the Phylactery stands (ch.10).
    reviveLich(ps, dive.getSnapshot().context.phylacteryDestroyed, notices);
    if (phase === 'floorTen' && !dive.getSnapshot().context.phylacteryDestroyed) {
      // The Lich kept outside by a full Gate enters once a room near it has space (ch.9).
      floorTenLichArrives(ps, notices);
      floorTenRound(ps, notices);
    }
    // ch.11: ongoing damage strikes Health again as the round begins.
    tickOngoing(ps, notices);
    combat.send({ type: 'SYNC', order: stackSlots(ps) });
    moveStack(ps, combat, { type: 'END_ROUND' }, notices);
    investitureAtRoundStart(ps, combat.getSnapshot().context.round, notices);
    passTurnsNotTaken(ps, combat, notices);
    turnNotices(ps, combat, notices);
  } else {
    moveStack(ps, combat, { type: 'NEXT_TURN' }, notices);
    passTurnsNotTaken(ps, combat, notices);
    if (combat.getSnapshot().value === 'roundEnd') {
      onenessRoundEnds(ps, notices);
      // The round's end (ch.11, ch.16): Sanity triggers, and in the Town the Lich's communion.
      if (phase === 'manifestation') {
        const turnedNow = communion(ps, dive.getSnapshot().context.present, notices);
        for (const id of turnedNow) dive.send({ type: 'TURNED', lichslayer: id });
        // ch.16: the six days of the Pilgrimage count from the day of the turning.
        for (const id of turnedNow) ps.update('lichslayer', id, { turned_on_day: today(ps) });
        writeSetting(ps, 'machine:dive', dive.getPersistedSnapshot());
      } else
        roundEndSanity(
          ps,
          combat.getSnapshot().context.order.map((s) => s.tokenId),
          notices,
        );
    } else turnNotices(ps, combat, notices);
  }
}

/** Ends the current turn as "next turn" would, with everything the rules attach to it (an equip in a fight, ch.11). */
export function endTurn(ps: PlaySession, notices: string[]): void {
  const combat = liveCombat(ps, 'There is no fight on (ch.11).');
  step(ps, combat, notices);
  writeSetting(ps, 'machine:combat', combat.getPersistedSnapshot());
}

/**
 * One step of the dive (ch.9-11, ch.16): the dive machine decides, and everything the phase carries
 * happens in the same transaction — the party's tokens follow it onto a floor or off the board, a
 * fight's round starts or ends, the Attention hears of a descent, the Familiar is rolled, XP for a
 * cleared floor, Sanity for a forced Gate. The one place a dive event is applied.
 */
export function applyDiveEvent(
  ps: PlaySession,
  event: DiveEvent,
  notices: string[],
  entrance?: { x: number; y: number },
  opts: { alliesShaken?: boolean } = {},
): void {
  const dive = diveActor(ps);
  const before = dive.getSnapshot();
  const sent: DiveEvent =
    event.type === 'DESCEND' && before.context.floor === null ? { type: 'DESCEND', roster: partyIds(ps) } : event;
  if (!before.can(sent))
    throw new CommandFailure(
      'refused',
      `${whyRefused(String(before.value), before.context, event.type)}. Nothing changed.`,
    );
  if (event.type === 'LICH_DEFEATED') {
    const where = before.context.floor;
    const lich = allTokens(ps).find((t) => t.stats.lich && t.floor === where);
    if (!lich)
      throw new CommandFailure(
        'refused',
        `The Lich is not ${where === 10 ? 'on Floor 10' : 'in the Town'}. Nothing changed.`,
      );
    if (!lich.defeated && (lich.health ?? 0) > 0)
      throw new CommandFailure('refused', `The Lich still stands at ${lich.health} Health. Nothing changed.`);
  }
  if (event.type === 'FLOOR_CLEARED') {
    const notYet = floorNotCleared(ps, before.context.floor ?? 0);
    if (notYet) throw new CommandFailure('refused', `${notYet}. Nothing changed.`);
  }
  dive.send(sent);
  // Saved at once: what the event sets off (a floor entered, a trap, a room cleared) reads and records the dive as it now stands.
  writeSetting(ps, 'machine:dive', dive.getPersistedSnapshot());
  const after = dive.getSnapshot();
  const present = before.context.present;
  if (event.type === 'FORCE_GATE') {
    // ch.10: each attempt to force the Gate costs every Lichslayer there 1 Sanity.
    for (const id of present) {
      const l = ps.byId('lichslayer', id) ?? undefined;
      if (l) ps.update('lichslayer', id, { sanity: dropSanity(l.sanity) });
    }
  }
  if (event.type === 'AT_ZERO') {
    if (String(before.value) !== 'manifestation' && !opts.alliesShaken)
      shakeAllies(ps, event.lichslayer, after.context.present, notices);
    // ch.11: pressing on leaves the character at 1 Health; withdrawing ends their dive (their token leaves below).
    if (event.choice === 'press-on' && after.context.present.includes(event.lichslayer))
      ps.update('lichslayer', event.lichslayer, { health: PRESS_ON_HEALTH });
    const name = (ps.byId('lichslayer', event.lichslayer) ?? undefined)?.name ?? `#${event.lichslayer}`;
    if (after.context.lost.includes(event.lichslayer) && !before.context.lost.includes(event.lichslayer))
      notices.push(`${name} is permanently lost (ch.10, ch.11)`);
    else if (event.choice === 'press-on') notices.push(`${name} presses on at ${PRESS_ON_HEALTH} Health (ch.11)`);
    else notices.push(`${name} withdraws: they leave the floor and their dive ends (ch.11)`);
  }
  if (event.type === 'LICH_DEFEATED') {
    const spoils = ps.roll('phase.send', ({ dice }) => {
      const r = trueDefeatSpoils(dice, 'The Lich destroyed for good');
      return {
        value: r,
        records: [{ cause: 'The Lich destroyed for good (ch.12)', explain: r.explain, result: r, public: true }],
      };
    });
    notices.push(`${spoils.explain}. The Judge shares the hoard out with “Gold found” on each Gauntlet.`);
  }
  if (event.type === 'FLOOR_CLEARED' && !before.context.floorsCleared.includes(before.context.floor ?? -1)) {
    // ch.1: 6 XP per floor fully cleared, to each Lichslayer there.
    for (const id of present) addXp(ps, id, XP_PER_CLEARED_FLOOR, notices, 'floor');
  }
  // The party's tokens follow the dive: onto the new floor's entrance, or off the board when a
  // Lichslayer's dive ends (withdrawal at 0 Health, lost for good) or the party is back in the Town.
  const left = present.filter((id) => !after.context.present.includes(id));
  if (after.context.floor === null && before.context.floor !== null) leaveBoard(ps, 'everyone');
  else if (left.length) leaveBoard(ps, left);
  if (after.context.floor !== before.context.floor && after.context.floor !== null) {
    beginVisit(ps);
    enterFloor(ps, after.context.floor, after.context.present, entrance, notices, before.context.floor === null);
    if (after.context.floor === 10) floorTenLichArrives(ps, notices);
    // ch.3: the Witch's Familiar is rolled at the start of each dive.
    if (before.context.floor === null) familiarRolls(ps, after.context.present, `the dive, day ${today(ps)}`, notices);
    const attention = attentionActor(ps);
    attention.send({ type: 'DESCENT', floor: after.context.floor });
    writeSetting(ps, 'machine:attention', attention.getPersistedSnapshot());
  }
  // After the tokens have followed the dive, so her own body's floor is where the party now stands.
  if (after.context.floor !== before.context.floor || left.length) onenessLeftBehind(ps, notices);
  // ch.13: the glow is bought fresh each descent; the dive's end takes every Channel buff.
  if (String(after.value) === 'town' && String(before.value) !== 'town') endChannelBuffs(ps, notices);
  const was = String(before.value);
  const now = String(after.value);
  if (now === 'manifestation' && was !== 'manifestation') beginVisit(ps);
  if (now === 'manifestation' && was !== 'manifestation') manifest(ps, after.context.present, notices);
  // ch.11: enemies on the stack start the round; the fight's end closes it. Floor 10 is one long
  // fight (ch.10), and so is the Lich in the Town (ch.16); the stack is read where the dive now stands.
  const fights = new Set(['combat', 'floorTen', 'manifestation']);
  if (fights.has(now) && !fights.has(was)) {
    if (now === 'floorTen') floorTenRound(ps, notices);
    const combat = freshCombat();
    // ch.9: turns lost to a trap before the fight are given up in it.
    moveStack(ps, combat, { type: 'START', order: stackSlots(ps), owes: owedAtStart(ps) }, notices);
    passTurnsNotTaken(ps, combat, notices);
    turnNotices(ps, combat, notices);
    writeSetting(ps, 'machine:combat', combat.getPersistedSnapshot());
    investitureAtRoundStart(ps, combat.getSnapshot().context.round, notices);
  } else if (fights.has(was) && !fights.has(now)) {
    writeSetting(ps, 'machine:combat', null);
    ongoingAtFightEnd(ps, 'phase.send', notices);
  }
}

provideDiveEvents(applyDiveEvent);
