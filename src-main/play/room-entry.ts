// What a room does to a character stepping in (rulebook ch.8, ch.9, ch.11): its trap triggers once for
// them unless disabled — a listed effect, or 1d6 on the tier's trap table rolled for them alone — and
// its effect lands (a Challenge to escape it, damage against Armor or ongoing, a lost turn); a room
// flagged as a Sanity Test calls a Sanity Challenge. Every roll is in the ledger.
import type { PlaySession, RollRecord } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import type { TrapFields } from '@shared/tables.ts';
import { parseTrap, roomLabel, type RoomRecord } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { trapTriggers } from '../rules/board-facts.ts';
import { floorTier } from '../rules/room-roll.ts';
import { sanityTarget } from '../rules/sanity.ts';
import { rollTrapDamage, trapSource, trapSteps, type RoomTrap } from '../rules/trap.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import { lichslayerChallenge, sanityChallenge } from './round-hooks.ts';
import { applyHit, loseNextTurn, startOngoing } from './fight.ts';

/** How a character comes into a room: Break (and Charge, which Breaks in) halves its traps' damage against the Breaker (ch.2). */
export interface RoomEntry {
  halveTraps?: boolean;
}

/** The tier's trap table for a floor; Floor 10 is not rolled, so a trap there reads the Lower Tombs' (ch.10). */
export const trapTableFor = (floor: number): string => `traps-${floor >= 10 ? 'lower' : floorTier(floor)}`;

/** The effect a trap has for this character: its listed one, or a fresh roll on the tier's table (ch.9). */
function effectFor(
  ps: PlaySession,
  trap: RoomTrap,
  room: RoomRecord,
  who: TokenView,
  command: CommandName,
): { effect: TrapFields | null; label: string; details: string } {
  const source = trapSource(trap);
  const key = trapTableFor(room.floor);
  if (source.kind === 'listed') {
    // An older campaign's trap kept only the label it was rolled as: its row on the tier's table says what it does.
    const row = source.effect
      ? null
      : ps.tables.defs.get(key)?.rows.find((r) => r.label.trim().toLowerCase() === trap.label.trim().toLowerCase());
    return { effect: source.effect ?? row?.trap ?? null, label: trap.label, details: row?.details ?? '' };
  }
  return ps.roll(command, ({ dice, tables, drawn }) => {
    const cause = `Trap at ${roomLabel(room.floor, room.x, room.y)} for ${who.name}`;
    if (!tables.has(key))
      return { value: { effect: null, label: trap.label, details: `no table “${key}” in this campaign` }, records: [] };
    const node = rollOnTable({ dice, tables, drawn, cause }, key);
    const row = node.row !== null ? tables.get(key)!.rows[node.row]! : null;
    const records: RollRecord[] = [
      {
        cause,
        table: key,
        floor: room.floor,
        room: roomLabel(room.floor, room.x, room.y),
        character: who.lichslayerId !== null ? who.name : null,
        explain: node.explain,
        result: node,
      },
    ];
    return { value: { effect: row?.trap ?? null, label: node.label, details: node.details }, records };
  });
}

/** A trap's effect landing on one character (ch.9, ch.11). */
function springTrap(
  ps: PlaySession,
  who: TokenView,
  room: RoomRecord,
  effect: TrapFields,
  label: string,
  command: CommandName,
  notices: string[],
  entry: RoomEntry,
): void {
  const l = who.lichslayerId !== null ? (ps.byId('lichslayer', who.lichslayerId) ?? undefined) : undefined;
  let passed: boolean | null = null;
  if (effect.challenge && l) {
    const cause = `${label}: ${effect.challenge.sanity ? 'Sanity Challenge' : 'Challenge'} to escape it (trap table)`;
    const r = lichslayerChallenge(ps, command, {
      lichslayerId: l.id,
      target: effect.challenge.target,
      cause,
      sanity: effect.challenge.sanity ? 'tombs' : null,
    });
    passed = r.passed;
    notices.push(r.explain);
  } else if (effect.challenge)
    notices.push(`${label}: ${who.name} rolls no Challenge (only Lichslayers roll them): the trap's effect lands`);
  const steps = trapSteps(effect, passed);
  if (passed) return;
  if (steps.damage) {
    const rolled = ps.roll(command, ({ dice }) => {
      const d = rollTrapDamage(dice, effect, `${label}: damage to ${who.name}`);
      return {
        value: d,
        records: d
          ? [
              {
                cause: `${label}: damage to ${who.name}`,
                character: l?.name ?? null,
                floor: room.floor,
                room: roomLabel(room.floor, room.x, room.y),
                explain: d.explain,
                result: d,
              },
            ]
          : [],
      };
    });
    if (rolled) {
      applyHit(
        ps,
        who,
        {
          colour: null,
          physical: true,
          ongoing: effect.ongoing,
          bypassArmor: effect.bypassArmor,
          label,
          ...(entry.halveTraps ? { halve: true } : {}),
        },
        rolled.amount,
        command,
        notices,
      );
      if (effect.ongoing) startOngoing(ps, who, label, effect.damage, effect.rounds, command, notices);
    }
  }
  if (steps.loseTurn) loseNextTurn(ps, who, `${label} (ch.9)`, notices);
}

/**
 * A character steps into a room (ch.8, ch.9): its trap triggers once for them unless disabled, and a
 * Sanity Test room calls a Sanity Challenge of each Lichslayer who enters.
 */
export function enterRoom(
  ps: PlaySession,
  who: TokenView,
  room: RoomRecord,
  command: CommandName,
  notices: string[],
  entry: RoomEntry = {},
): void {
  const trap = parseTrap(room.trap) as RoomTrap | null;
  if (trap && trapTriggers(trap, who.id)) {
    ps.update('room', room.id, { trap: JSON.stringify({ ...trap, triggeredFor: [...trap.triggeredFor, who.id] }) });
    const { effect, label, details } = effectFor(ps, trap, room, who, command);
    notices.push(`Trap triggers for ${who.name}: ${label}${details ? ` — ${details}` : ''} (ch.9)`);
    if (effect) springTrap(ps, who, room, effect, label, command, notices, entry);
    else
      notices.push(
        `${label} lists no effect the app can apply: resolve it by hand, or give its trap table row its damage, Challenge and lost turn`,
      );
  }
  if (room.sanity_test === 1 && who.lichslayerId !== null) {
    const t = sanityTarget('sanity-test-room', readHouseRules(ps));
    notices.push(
      sanityChallenge(ps, command, {
        lichslayerId: who.lichslayerId,
        target: t.target,
        cause: `${room.name || 'A room'} is a Sanity Test (ch.8, ch.11; target ${t.source})`,
        where: 'tombs',
      }).explain,
    );
  }
}
