// The board's own work (rulebook ch.9, ch.10, ch.12), shared by every command that moves a token or
// reveals a room: the tier tables rolled for a room, its entities placed, a character arriving
// (traps, the Phylactery), moves judged by the board's rules, the party entering a floor, and
// Floor 10's waves. Plain functions over one transaction's writer.
import {
  roomSteps,
  allTokens,
  ensureRoom,
  joinTurnStack,
  nextPlacement,
  readWorld,
  roomAt,
  turnStack,
  type RoomRecord,
} from '../state/board.ts';
import type { PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import { readTown } from '../state/town.ts';
import { familiarFollows, retainersAfterEmployers } from '../rules/turn-order.ts';
import { readHouseRules, writeSetting } from '../state/settings.ts';
import { DEFAULT_ENTRANCE, judgeMove } from '../rules/board-moves.ts';
import { lostReroller } from '../rules/room-roll.ts';
import { lichSpell } from './round-hooks.ts';
import { CommandFailure } from '../state/failures.ts';
import { requireLichslayer } from '../state/lichslayer.ts';
import { rollRoomContents, rollWave, type RoomContents, type RolledEntity } from './room-contents.ts';
import { attentionStage, diveActor } from './machines.ts';
import { enterRoom, type RoomEntry } from './room-entry.ts';
import { where, ROLLED_TRAP, shrinesOf, partySize, place } from './floor-facts.ts';
import { noteClearedOnNine } from './floor-nine.ts';
import { nearestWithSpace, roomTakes, type Spot } from './room-space.ts';
const PARTY = new Set(['lichslayer', 'retainer', 'familiar']);

/** The character a reveal is filed under in the ledger: the one party member who walked in (a whole party entering is no one's). */
const soleRevealer = (revealers: readonly TokenView[]): string | null => {
  const party = revealers.filter((t) => PARTY.has(t.kind));
  return party.length === 1 ? party[0]!.name : null;
};

/**
 * A room's contents rolled on the floor's tier tables (ch.10), knowing what the dive knows of the floor
 * (impossible rooms) and who reveals it (a Lost character's once-per-dive re-roll of a natural 1);
 * `by` is the character whose move or skill revealed it, kept on every roll.
 */
export function contentsFor(
  ps: PlaySession,
  floor: number,
  x: number,
  y: number,
  command: CommandName,
  revealers: readonly TokenView[] = [],
  by: string | null = soleRevealer(revealers),
): RoomContents & { lostReroller: number | null } {
  if (floor === 10) {
    // ch.10: Floor 10 is not table-generated; the Judge prepares it by hand.
    return {
      type: 'chamber',
      name: 'The Lich’s Floor',
      details: '',
      trap: false,
      chest: false,
      chestGold: '',
      sanityTest: false,
      gold: 0,
      entities: [],
      records: [],
      lostRerollUsed: false,
      lostReroller: null,
    };
  }
  const dive = diveActor(ps).getSnapshot().context;
  const sanity = new Map(
    ps.all('lichslayer').map((l) => [l.id, { id: l.id, name: l.name, sanity: l.sanity as string }]),
  );
  const candidates = revealers.flatMap((t) =>
    t.lichslayerId !== null && sanity.has(t.lichslayerId) ? [{ ...sanity.get(t.lichslayerId)! }] : [],
  );
  const reroller = lostReroller(candidates, dive.lostRerollUsed);
  const c = ps.roll(command, ({ dice, tables, drawn }) => {
    const c = rollRoomContents({
      dice,
      tables,
      drawn,
      rules: readHouseRules(ps),
      world: readWorld(ps),
      attentionStage: attentionStage(ps),
      players: partySize(ps),
      floor,
      where: where(floor, x, y),
      facts: {
        sanityBreak: dive.sanityBreaks.includes(floor),
        merchantDispatched: dive.merchantsDispatched.includes(floor),
      },
      lostReroll: reroller?.name ?? null,
      entering: revealers.length,
    });
    return { value: c, records: by ? c.records.map((r) => ({ ...r, character: r.character ?? by })) : c.records };
  });
  return { ...c, lostReroller: c.lostRerollUsed ? (reroller?.id ?? null) : null };
}

/** The token stats an entity carries from its table row (ch.11, ch.12): what the round and the fight read. */
export function entityStats(e: RolledEntity): string {
  const f = e.fields;
  return JSON.stringify({
    faction: f.faction,
    level: f.level,
    speed: f.speed,
    attack: f.attack,
    turns: f.turns,
    table: e.table,
    ...(f.bypassArmor ? { bypassArmor: true } : {}),
    ...(f.lichType ? { lichType: true } : {}),
    ...(f.sanityOnHit ? { sanityOnHit: f.sanityOnHit } : {}),
    ...(f.sanityAbility ? { sanityAbility: f.sanityAbility } : {}),
    ...(f.merchant ? { merchant: true } : {}),
  });
}

/** Writes rolled contents into a room; its entities are placed (and join the stack if revealed). */
export function fillRoom(ps: PlaySession, room: RoomRecord, c: RoomContents, reveal: boolean): void {
  ps.update('room', room.id, {
    revealed: reveal ? 1 : 0,
    prepared: reveal ? 0 : 1,
    room_type: c.type,
    name: c.name,
    details: c.details,
    trap: c.trap ? JSON.stringify({ label: ROLLED_TRAP, disabled: false, triggeredFor: [], roll: true }) : null,
    chest: c.chest ? JSON.stringify({ opened: false, hasLoot: null, contents: '', goldFormula: c.chestGold }) : null,
    sanity_test: c.sanityTest ? 1 : 0,
    gold: c.gold,
  });
  const counts = new Map<string, number>();
  for (const name of allTokens(ps).map((t) => t.name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const e of c.entities) {
    const n = (counts.get(e.name) ?? 0) + 1;
    counts.set(e.name, n);
    const id = ps.insert('token', {
      kind: 'entity',
      name: n > 1 ? `${e.name} ${n}` : e.name,
      colour: e.fields.colour,
      floor: room.floor,
      x: room.x,
      y: room.y,
      health: e.health,
      max_health: e.health,
      armor: e.fields.armor,
      stats: entityStats(e),
      placed_at: nextPlacement(ps),
    });
    if (reveal) joinTurnStack(ps, id);
  }
}

/** Reveals a room: pre-rolled contents come to light, otherwise the tier's room table is rolled (ch.10). */
export function reveal(
  ps: PlaySession,
  floor: number,
  x: number,
  y: number,
  command: CommandName,
  revealers: readonly TokenView[] = [],
  by: string | null = soleRevealer(revealers),
): RoomRecord {
  const room = ensureRoom(ps, floor, x, y);
  if (room.revealed) return room;
  if (room.prepared) {
    ps.update('room', room.id, { revealed: 1, prepared: 0 });
    for (const t of allTokens(ps))
      if (t.floor === floor && t.x === x && t.y === y && t.kind === 'entity') joinTurnStack(ps, t.id);
  } else {
    const c = contentsFor(ps, floor, x, y, command, revealers, by);
    fillRoom(ps, room, c, true);
    if (c.lostReroller !== null) {
      const dive = diveActor(ps);
      dive.send({ type: 'LOST_REROLL_USED', lichslayer: c.lostReroller });
      writeSetting(ps, 'machine:dive', dive.getPersistedSnapshot());
    }
  }
  return roomAt(ps, floor, x, y)!;
}

/** A character steps into a room: it counts as entered, its trap and Sanity Test act on them, a Phylactery there is found. */
export function arrive(
  ps: PlaySession,
  token: TokenView,
  room: RoomRecord,
  notices: string[],
  command: CommandName = 'board.moveToken',
  entry: RoomEntry = {},
): void {
  if (!PARTY.has(token.kind)) return;
  if (token.kind === 'lichslayer' && !room.entered) ps.update('room', room.id, { entered: 1 });
  enterRoom(ps, token, roomAt(ps, room.floor, room.x, room.y)!, command, notices, entry);
  for (const t of allTokens(ps)) {
    if (t.kind === 'phylactery' && t.hidden && t.floor === room.floor && t.x === room.x && t.y === room.y) {
      ps.update('token', t.id, { hidden: 0 });
      notices.push(`${token.name} finds the Phylactery (ch.10)`);
    }
  }
  noteClearedOnNine(ps, room.floor, room.x, room.y, notices);
}

export function moveOne(
  ps: PlaySession,
  moving: TokenView,
  floor: number,
  x: number,
  y: number,
  override: boolean,
  notices: string[],
  command: CommandName,
  entry: RoomEntry = {},
): void {
  // ch.16: a turned character moves as one of the Judge's entities: it reveals no room, springs no trap.
  const turned =
    moving.kind === 'lichslayer' &&
    moving.lichslayerId !== null &&
    diveActor(ps).getSnapshot().context.turned.includes(moving.lichslayerId);
  const token: TokenView = turned ? { ...moving, kind: 'entity' } : moving;
  const { rec, occupancy } = place(ps, floor, x, y);
  const verdict = judgeMove({
    mover: { kind: token.kind, name: token.name },
    from:
      token.floor !== null && token.x !== null && token.y !== null
        ? { floor: token.floor, x: token.x, y: token.y }
        : null,
    to: { floor, x, y },
    target: { revealed: rec?.revealed === 1, type: rec?.room_type ?? null, occupancy, shrines: shrinesOf(ps) },
    override,
  });
  if (verdict.kind === 'refused')
    throw new CommandFailure('refused', `${verdict.reason}. ${token.name} stays where they were.`);
  if (verdict.kind === 'confirm') throw new CommandFailure('needs-confirmation', verdict.reason);
  const room = verdict.reveals ? reveal(ps, floor, x, y, command, [token]) : ensureRoom(ps, floor, x, y);
  if (verdict.reveals) notices.push(`${token.name} reveals ${room.name || 'a room'} (${room.room_type ?? 'room'})`);
  ps.update('token', token.id, { floor, x, y });
  arrive(ps, { ...token, floor, x, y }, roomAt(ps, floor, x, y)!, notices, command, entry);
}

export function lichslayerToken(ps: PlaySession, lichslayerId: number): TokenView {
  const existing = allTokens(ps).find((t) => t.lichslayerId === lichslayerId);
  if (existing) return existing;
  const l = requireLichslayer(ps, lichslayerId);
  const colour =
    ps.all('item').find((i) => i.lichslayer_id === lichslayerId && i.slot === 'gear')?.colour ?? 'Colourless';
  const id = ps.insert('token', {
    kind: 'lichslayer',
    lichslayer_id: lichslayerId,
    name: l.name,
    colour,
    placed_at: nextPlacement(ps),
  });
  joinTurnStack(ps, id);
  return allTokens(ps).find((t) => t.id === id)!;
}

/**
 * The party on the dive — the Lichslayers still present, with the Retainers and the Familiar —
 * arrives at a floor's entrance, revealing it if need be. The dive machine says who and where;
 * this puts their tokens there.
 */
export function enterFloor(
  ps: PlaySession,
  floor: number,
  present: readonly number[],
  entrance: { x: number; y: number } | undefined,
  notices: string[],
  diveStarts = true,
): void {
  const { x, y } = entrance ?? DEFAULT_ENTRANCE;
  if (present.length === 0)
    throw new CommandFailure('refused', 'There are no Lichslayers in this campaign to send into the Tombs.');
  const familiars = allTokens(ps).filter((t) => t.kind === 'familiar');
  const party = [
    ...present.map((id) => lichslayerToken(ps, id)),
    ...allTokens(ps).filter((t) => t.kind === 'retainer'),
    ...(familiarFollows(diveStarts) ? familiars : []),
  ];
  // ch.3: a Familiar lasts for its floor; on the next floor it is gone until the next dive summons it.
  if (!familiarFollows(diveStarts)) {
    for (const t of familiars.filter((f) => f.floor !== null)) {
      ps.update('token', t.id, { floor: null, x: null, y: null });
      notices.push(`${t.name} stays behind: a Familiar lasts for the floor it was summoned on (ch.3)`);
    }
  }
  placeRetainers(ps);
  const room = reveal(ps, floor, x, y, 'board.enterFloor', party);
  placeParty(ps, floor, { x, y }, party, notices);
  notices.unshift(`The party enters Floor ${floor} at ${room.name || 'the entrance'}`);
}

/**
 * The party takes its places from the entrance (ch.9; RULINGS: a full room blocks every token): as
 * many as the entrance holds, in the order they arrive; the rest step on into the nearest room with
 * space, revealing it if need be (ch.10), as a party stepping through would.
 */
function placeParty(ps: PlaySession, floor: number, entrance: Spot, party: readonly TokenView[], notices: string[]) {
  const waiting = [...party];
  const entranceName = roomAt(ps, floor, entrance.x, entrance.y)?.name || 'the entrance';
  while (waiting.length) {
    const spot = nearestWithSpace(ps, floor, entrance, { enemy: false, reveals: true });
    if (!spot) {
      notices.push(`${waiting.map((t) => t.name).join(', ')} find no room with space on Floor ${floor} (ch.9)`);
      return;
    }
    if (roomTakes(ps, floor, spot, false) === null) reveal(ps, floor, spot.x, spot.y, 'board.enterFloor', waiting);
    const placed: TokenView[] = [];
    while (waiting.length && roomTakes(ps, floor, spot, false)?.ok) {
      const t = waiting.shift()!;
      ps.update('token', t.id, { floor, x: spot.x, y: spot.y });
      arrive(
        ps,
        { ...t, floor, x: spot.x, y: spot.y },
        roomAt(ps, floor, spot.x, spot.y)!,
        notices,
        'board.enterFloor',
      );
      placed.push(t);
    }
    if (placed.length && (spot.x !== entrance.x || spot.y !== entrance.y)) {
      const there = roomAt(ps, floor, spot.x, spot.y)!;
      notices.push(
        `${entranceName} is full: ${placed.map((t) => t.name).join(', ')} ${placed.length === 1 ? 'steps' : 'step'} on into ${there.name || 'a room'} at ${where(floor, spot.x, spot.y)} (ch.9)`,
      );
    }
  }
}

/** The turn stack with each Retainer right after its Aristocrat (ch.2), as hired and on each floor's entry. */
export function placeRetainers(
  ps: PlaySession,
  retainers: readonly { employer: number; tokenId: number | null }[] = readTown(ps).retainers,
): void {
  const stack = turnStack(ps);
  const tokens = new Map(allTokens(ps).map((t) => [t.id, t]));
  const byLichslayer = new Map(
    [...tokens.values()]
      .filter((t) => t.kind === 'lichslayer' && t.lichslayerId !== null)
      .map((t) => [t.lichslayerId!, t.id]),
  );
  const employerOf = new Map<number, number>();
  for (const r of retainers) {
    const boss = byLichslayer.get(r.employer);
    if (r.tokenId !== null && boss !== undefined) employerOf.set(r.tokenId, boss);
  }
  const order = retainersAfterEmployers(
    stack.map((e) => e.token_id),
    employerOf,
  );
  order.forEach((tokenId, position) => {
    const entry = stack.find((e) => e.token_id === tokenId)!;
    if (entry.position !== position) ps.update('turn_stack', entry.id, { position });
  });
}

/** Party tokens leave the board: the dive is over for them (withdrawal, the Town, ch.11). */
export function leaveBoard(ps: PlaySession, lichslayerIds: readonly number[] | 'everyone'): void {
  // ch.16: the turned stay in the Tombs, where the Lich keeps them.
  const turned = diveActor(ps).getSnapshot().context.turned;
  for (const t of allTokens(ps)) {
    if (t.floor === null || (t.lichslayerId !== null && turned.includes(t.lichslayerId))) continue;
    const leaves =
      t.kind === 'lichslayer'
        ? lichslayerIds === 'everyone' || (t.lichslayerId !== null && lichslayerIds.includes(t.lichslayerId))
        : lichslayerIds === 'everyone' && (t.kind === 'retainer' || t.kind === 'familiar');
    if (leaves) ps.update('token', t.id, { floor: null, x: null, y: null });
  }
}

/**
 * The start of a round on Floor 10 (ch.10): a wave enters at the Gate while the Phylactery stands,
 * filling the Gate and then the nearest rooms with space (a full room blocks passage, ch.9); and
 * the Phylactery's spell goes to the nearest character (RULINGS: fewest room steps; ties are the Judge's).
 */
export function floorTenRound(ps: PlaySession, notices: string[]): void {
  const tokens = allTokens(ps);
  const phylactery = tokens.find((t) => t.kind === 'phylactery' && t.floor === 10 && !t.defeated);
  const wave = ps.roll('phase.nextTurn', ({ dice, tables, drawn }) => {
    const w10 = rollWave({
      dice,
      tables,
      drawn,
      rules: readHouseRules(ps),
      world: readWorld(ps),
      attentionStage: attentionStage(ps),
      players: partySize(ps),
      floor: 10,
      where: 'the Gate',
    });
    return { value: w10, records: w10.records };
  });
  // The Gate first, then the nearest rooms with space (a full room blocks passage, ch.9).
  const gate = DEFAULT_ENTRANCE;
  let waiting = 0;
  for (const e of wave.entities) {
    const spot = nearestWithSpace(ps, 10, gate, { enemy: true, reveals: false });
    if (!spot) {
      waiting++;
      continue;
    }
    const id = ps.insert('token', {
      kind: 'entity',
      name: e.name,
      colour: e.fields.colour,
      floor: 10,
      x: spot.x,
      y: spot.y,
      health: e.health,
      max_health: e.health,
      armor: e.fields.armor,
      stats: entityStats(e),
      placed_at: nextPlacement(ps),
    });
    joinTurnStack(ps, id);
  }
  notices.push(
    `${wave.entities.length} entities enter at the Gate (ch.10)${waiting ? `; ${waiting} wait outside: every room near the Gate is full` : ''}`,
  );
  if (phylactery && phylactery.x !== null && phylactery.y !== null) {
    const party = allTokens(ps).filter(
      (t) => PARTY.has(t.kind) && t.floor === 10 && !t.defeated && t.x !== null && t.y !== null,
    );
    const steps = (t: TokenView) => roomSteps(t, phylactery);
    const nearest = Math.min(...party.map(steps));
    const targets = party.filter((t) => steps(t) === nearest).map((t) => t.name);
    if (targets.length)
      notices.push(
        `The Phylactery casts ${lichSpell(ps, 'The Phylactery’s spell')} at ${targets.length > 1 ? `the nearest: ${targets.join(' or ')} (the Judge picks)` : targets[0]} — ${nearest} room${nearest === 1 ? '' : 's'} away (ch.10)`,
      );
  }
}

/** Reveals a room without anyone entering it (skills that read the Tomb, ch.2). */
export function revealRoom(ps: PlaySession, floor: number, x: number, y: number, notices: string[], by: string): void {
  const before = roomAt(ps, floor, x, y);
  if (before?.revealed) return;
  const room = reveal(ps, floor, x, y, 'skill.use', [], by);
  notices.push(`Revealed ${where(floor, x, y)}: ${room.name || 'a room'} (${room.room_type ?? 'room'})`);
}

/** Moves a token by the board's rules, without the Judge's override (enemies closing in, ch.11; Break, ch.2). */
export function moveTokenByRules(
  ps: PlaySession,
  tokenId: number,
  floor: number,
  x: number,
  y: number,
  notices: string[],
  command: CommandName,
  entry: RoomEntry = {},
): void {
  const token = allTokens(ps).find((t) => t.id === tokenId);
  if (!token) throw new CommandFailure('not-found', `No token ${tokenId} on the board.`);
  moveOne(ps, token, floor, x, y, false, notices, command, entry);
}
