// Enemies between player turns (ch.11): each one apart from the party closes one room on the weakest
// character, through revealed rooms with space; a doorway the Breaker holds may turn it back (ch.2).
import { onBoard, roomSteps, allTokens, roomAt, occupants } from '../state/board.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { canEnter } from '../rules/board-facts.ts';
import { combatActor, PARTY_KINDS } from './machines.ts';
import { shrinesOf } from './floor-facts.ts';
import { passDoorway } from './skills/breaker.ts';

// ---- enemies between player turns (ch.11) ----

/**
 * Enemies on the stack that stand apart from the party each move one room toward the most
 * vulnerable character (lowest Health), through revealed rooms with space (ch.9, RULINGS).
 */
export function enemiesCloseIn(
  ps: PlaySession,
  move: (tokenId: number, x: number, y: number) => void,
  notices: string[],
): number[] {
  const moved: number[] = [];
  for (const enemy of waitingEnemies(ps)) {
    const step = stepToward(ps, enemy, allTokens(ps));
    if (!step) continue;
    if (!step.to) {
      notices.push(`${enemy.name} holds: no open room toward ${step.prey.name} (ch.9)`);
      continue;
    }
    // ch.2: a doorway the Breaker holds this Round turns back an enemy that fails its Challenge.
    // Denied, it has spent its move in this gap all the same.
    if (!passDoorway(ps, enemy, { floor: enemy.floor!, ...step.to }, 'phase.enemiesAdvance', notices)) {
      moved.push(enemy.id);
      continue;
    }
    move(enemy.id, step.to.x, step.to.y);
    moved.push(enemy.id);
    notices.push(
      `${enemy.name} moves to (${step.to.x + 1},${step.to.y + 1}), closing on ${step.prey.name} (Health ${step.weakest}) (ch.11)`,
    );
  }
  return moved;
}

/** The enemies that could close in now, by name: each stands apart from the party with an open room toward it (ch.11). Rolls nothing. */
export function enemiesThatMayMove(ps: PlayReader): string[] {
  const tokens = allTokens(ps);
  return waitingEnemies(ps)
    .filter((e) => !!stepToward(ps, e, tokens)?.to)
    .map((e) => e.name);
}

/** Enemies on the stack, on the board and seen, that have not moved in this gap. */
function waitingEnemies(ps: PlayReader): TokenView[] {
  const combat = combatActor(ps).getSnapshot().context;
  const stackIds = new Set(combat.order.map((s) => s.tokenId));
  return allTokens(ps).filter(
    (t) =>
      stackIds.has(t.id) &&
      t.kind === 'entity' &&
      !t.defeated &&
      onBoard(t) &&
      !t.hidden &&
      !combat.moved.includes(t.id),
  );
}

/**
 * One enemy's step toward the most vulnerable character (lowest Health) on its floor, through a
 * revealed room with space (ch.9, RULINGS); null when it has no one to close on or stands with the party.
 */
function stepToward(
  ps: PlayReader,
  enemy: TokenView,
  tokens: readonly TokenView[],
): { prey: TokenView; weakest: number; to: { x: number; y: number } | null } | null {
  const healthOf = (t: TokenView) =>
    t.lichslayerId !== null ? (ps.byId('lichslayer', t.lichslayerId)?.health ?? 0) : (t.health ?? 0);
  const party = tokens.filter((t) => PARTY_KINDS.has(t.kind) && t.floor === enemy.floor && onBoard(t));
  if (!party.length || party.some((p) => roomSteps(p, enemy) === 0)) return null;
  const weakest = Math.min(...party.map(healthOf));
  const prey = party
    .filter((p) => healthOf(p) === weakest)
    .sort((a, b) => roomSteps(a, enemy) - roomSteps(b, enemy))[0]!;
  const options = [
    { x: enemy.x! + 1, y: enemy.y! },
    { x: enemy.x! - 1, y: enemy.y! },
    { x: enemy.x!, y: enemy.y! + 1 },
    { x: enemy.x!, y: enemy.y! - 1 },
  ].filter((p) => Math.abs(p.x - prey.x!) + Math.abs(p.y - prey.y!) < roomSteps(prey, enemy));
  const to = options.find((p) => {
    const room = roomAt(ps, enemy.floor!, p.x, p.y);
    if (!room?.revealed || !room.room_type) return false;
    return canEnter(room.room_type, occupants(tokens, enemy.floor!, p.x, p.y).length, true, {
      floor: enemy.floor!,
      shrines: shrinesOf(ps),
    }).ok;
  });
  return { prey, weakest, to: to ?? null };
}
