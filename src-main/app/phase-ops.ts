// The phases as the app steps them (rulebook ch.10, ch.11, ch.15, ch.16): the turn passing with what
// the rules attach to a round's start and end, spells resolving when their moment comes, the Lich
// manifesting in the Town or waiting on Floor 10. Plain functions over one transaction's writer.
import type { Database } from 'better-sqlite3';
import type { SanityLevel } from '@shared/gauntlet.ts';
import { allTokens, joinTurnStack, nextPlacement, writeBoardState } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { readHouseRules, writeSetting } from '../db/settings.ts';
import { today } from '../db/town-repo.ts';
import { DEFAULT_ENTRANCE } from '../rules/board-moves.ts';
import { floorTenLich, manifestedLich } from '../rules/lich.ts';
import { floorTenRound } from './board-ops.ts';
import { communion, lichTargetNotice, resolveDue, reviveLich, roundEndSanity } from './combat-hooks.ts';
import { CommandFailure } from './command-failure.ts';
import { combatActor, diveActor, stackSlots, stored, turnedOn } from './phase-store.ts';

export type CombatActor = ReturnType<typeof combatActor>;

/** ch.16: the Lich takes shape in the Town, the party there with it, every one of them at Lost. */
export function manifest(w: RecordingWriter, database: Database, present: readonly number[], notices: string[]): void {
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
export function floorTenLichArrives(w: RecordingWriter, database: Database, notices: string[]): void {
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
export function settle(database: Database, combat: CombatActor, notices: string[]): void {
  const due = combat.getSnapshot().context.due;
  if (!due.length) return;
  resolveDue(database, due, notices);
  combat.send({ type: 'RESOLVED' });
}

/** The Lich's turn in the Town names its target (ch.16). */
export function turnNotices(database: Database, combat: CombatActor, notices: string[]): void {
  const current = combat.getSnapshot().context.current;
  const token = current !== null ? allTokens(database).find((t) => t.id === current) : undefined;
  const dive = diveActor(database).getSnapshot();
  if (token?.stats.lich && String(dive.value) === 'manifestation') notices.push(lichTargetNotice(database, dive.context.present));
}

/** The fight's round, synced with the board's stack (newcomers join, the fallen leave); refused when no fight is on. */
export function liveCombat(database: Database, why: string) {
  if (!stored(database, 'machine:combat')) throw new CommandFailure('refused', why);
  const combat = combatActor(database);
  combat.send({ type: 'SYNC', order: stackSlots(database) });
  return combat;
}

/** One press of "next turn": the turn passes, or a round ends or begins, with what the rules attach to each. */
export function step(w: RecordingWriter, database: Database, combat: CombatActor, notices: string[]): void {
  const dive = diveActor(database);
  const phase = String(dive.getSnapshot().value);
  if (combat.getSnapshot().value === 'roundEnd') {
    // The start of a round: the Lich revives while its Phylactery stands (ch.16); on Floor 10
    // a wave enters while the Phylactery stands (ch.10).
    reviveLich(w, database, dive.getSnapshot().context.phylacteryDestroyed, notices);
    if (phase === 'floorTen' && !dive.getSnapshot().context.phylacteryDestroyed) floorTenRound(w, database, notices);
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


/** Ends the current turn as "next turn" would, with everything the rules attach to it (an equip in a fight, ch.11). */
export function endTurn(w: RecordingWriter, database: Database, notices: string[]): void {
  const combat = liveCombat(database, 'There is no fight on (ch.11).');
  step(w, database, combat, notices);
  writeSetting(w, database, 'machine:combat', combat.getPersistedSnapshot());
}
