// A room coming to light (rulebook ch.10): its contents rolled on the floor's tier tables, written
// into the room with its entities placed, or its pre-rolled contents revealed.
import {
  allTokens,
  ensureRoom,
  joinTurnStack,
  nextPlacement,
  readWorld,
  roomAt,
  type RoomRecord,
} from '../state/board.ts';
import type { PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import { readHouseRules, writeSetting } from '../state/settings.ts';
import { lostReroller } from '../rules/room-roll.ts';
import { rollRoomContents, type RoomContents, type RolledEntity } from './room-contents.ts';
import { attentionStage, diveActor } from './machines.ts';
import { where, ROLLED_TRAP, partySize, PARTY_KINDS } from './floor-facts.ts';

/** The character a reveal is filed under in the ledger: the one party member who walked in (a whole party entering is no one's). */
const soleRevealer = (revealers: readonly TokenView[]): string | null => {
  const party = revealers.filter((t) => PARTY_KINDS.has(t.kind));
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
    ...(f.unbound ? { unbound: true } : {}),
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

/** Reveals a room without anyone entering it (skills that read the Tomb, ch.2). */
export function revealRoom(ps: PlaySession, floor: number, x: number, y: number, notices: string[], by: string): void {
  const before = roomAt(ps, floor, x, y);
  if (before?.revealed) return;
  const room = reveal(ps, floor, x, y, 'skill.use', [], by);
  notices.push(`Revealed ${where(floor, x, y)}: ${room.name || 'a room'} (${room.room_type ?? 'room'})`);
}
