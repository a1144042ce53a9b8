// The Breaker's, the Veteran's and the Scholar's skills as the app applies them (rulebook ch.2): each
// reads the board and the Gauntlet, calls its rule (rules/skills-breaker.ts, skills-veteran.ts,
// skills-scholar.ts) and writes through the same fight and board work as any attack, hit or move, so
// traps, 0 Health, XP, the ledger and undo behave as they do everywhere else.
import type { Database } from 'better-sqlite3';
import type { TokenView } from '@shared/board.ts';
import { allTokens } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { rollWithLedger } from '../db/ledger.ts';
import { breakKnocksBack, chargePlan, CHARGE_IMPACT, knockBackTo, rollChargeDamage } from '../rules/skills-breaker.ts';
import { moveTokenByRules } from './board-ops.ts';
import { CommandFailure } from './command-failure.ts';
import { applyHit, resolveAttack } from './fight-ops.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import type { DieRoll } from '../rules/dice.ts';

const cell = (floor: number, x: number, y: number) => `F${floor} (${x + 1},${y + 1})`;

function tokenNamed(db: Database, id: number): TokenView {
  const t = allTokens(db).find((k) => k.id === id);
  if (!t) throw new CommandFailure('not-found', `No token ${id} on the board.`);
  return t;
}

const standing = (t: TokenView | undefined): t is TokenView & { floor: number; x: number; y: number } => !!t && t.floor !== null && t.x !== null && t.y !== null;

/**
 * Break (the Breaker's Skill 1, ch.2): into the next room without a Challenge roll, its traps' damage
 * halved against the Breaker; then a bonus Attack at +0 (no bonus dice) against the enemy the Breaker
 * names in that room, which a natural 6 knocks back one room, onward in the direction of the entry.
 */
export function breakIn(w: RecordingWriter, db: Database, l: LichslayerRow, into: { x: number; y: number }, enemyId: number | undefined, notes: string[]): string | undefined {
  const me = allTokens(db).find((t) => t.lichslayerId === l.id);
  if (!standing(me)) throw new CommandFailure('refused', `${l.name} is not on the board: Break acts in the Tombs. Nothing changed.`);
  const from = { x: me.x, y: me.y };
  const floor = me.floor;
  const moved: string[] = [];
  moveTokenByRules(w, db, me.id, floor, into.x, into.y, moved, 'skill.use', { halveTraps: true });
  notes.push(`${l.name} breaks into ${cell(floor, into.x, into.y)} without a Challenge roll (ch.2); trap damage there is halved against them`, ...moved);
  if (enemyId === undefined) return undefined;
  const enemy = tokenNamed(db, enemyId);
  if (enemy.kind !== 'entity' || enemy.floor !== floor || enemy.x !== into.x || enemy.y !== into.y) {
    throw new CommandFailure('refused', `Break's bonus Attack is against an enemy in the room entered: ${enemy.name} is not there. Nothing changed.`);
  }
  if ((allTokens(db).find((t) => t.id === me.id) ?? me).defeated || (db.prepare(`SELECT health FROM lichslayer WHERE id = ?`).get(l.id) as { health: number }).health === 0) {
    notes.push(`${l.name} is at 0 Health on entry: no bonus Attack (ch.2, ch.11)`);
    return enemy.name;
  }
  const out: { dice?: DieRoll[] } = {};
  let lines: string[];
  try {
    lines = resolveAttack(w, db, { attacker: me.id, target: enemy.id, bonusDice: 0, halve: false, outOfTurn: true }, 'skill.use', out).lines;
  } catch (e) {
    // An attack the rules refuse (no weapon that allows it) leaves the entry standing: only the bonus is lost.
    if (!(e instanceof CommandFailure) || e.code !== 'refused') throw e;
    notes.push(`No bonus Attack: ${e.message.replace(/ Nothing changed\.$/, '')}`);
    return enemy.name;
  }
  notes.push(`Break's bonus Attack at +0 on ${enemy.name} (ch.2)`, ...lines);
  if (!out.dice) return enemy.name;
  if (tokenNamed(db, enemy.id).defeated) return enemy.name;
  const six = breakKnocksBack(out.dice);
  notes.push(six.explain);
  if (!six.knocks) return enemy.name;
  const to = knockBackTo(from, into);
  if (!to) {
    notes.push(`${enemy.name} is at the edge of the floor: there is no room behind it, it stays (ch.2)`);
    return enemy.name;
  }
  try {
    const pushed: string[] = [];
    moveTokenByRules(w, db, enemy.id, floor, to.x, to.y, pushed, 'skill.use');
    notes.push(`${enemy.name} is knocked back to ${cell(floor, to.x, to.y)} (ch.2)`, ...pushed);
  } catch (e) {
    if (!(e instanceof CommandFailure)) throw e;
    notes.push(`${enemy.name} cannot be knocked back to ${cell(floor, to.x, to.y)}: ${e.message} (ch.2)`);
  }
  return enemy.name;
}

/**
 * Charge (the Breaker's Skill 3, ch.2): up to Speed rooms in a straight line, Breaking into each
 * without rolls; each enemy in a room passed through takes 1d6 (2d6 enhanced); a room with no clear
 * exit onward (the floor's edge, or a room that cannot be entered) ends the Charge there with 6 to
 * the Breaker.
 */
export function charge(w: RecordingWriter, db: Database, l: LichslayerRow, end: { x: number; y: number } | undefined, enhanced: boolean, notes: string[]): void {
  const me = allTokens(db).find((t) => t.lichslayerId === l.id);
  if (!standing(me)) throw new CommandFailure('refused', `${l.name} is not on the board: Charge acts in the Tombs. Nothing changed.`);
  if (!end) throw new CommandFailure('invalid-args', 'Choose the room Charge runs to, in a straight line. Nothing changed.');
  let plan: ReturnType<typeof chargePlan>;
  try {
    plan = chargePlan({ x: me.x, y: me.y }, end, l.speed);
  } catch (e) {
    throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
  }
  const floor = me.floor;
  notes.push(plan.explain);
  let at = { x: me.x, y: me.y };
  for (const step of plan.path) {
    const moved: string[] = [];
    try {
      moveTokenByRules(w, db, me.id, floor, step.x, step.y, moved, 'skill.use', { halveTraps: true });
    } catch (e) {
      if (!(e instanceof CommandFailure)) throw e;
      // ch.2: no clear exit onward: the Charge ends in this room, and the impact is the Breaker's.
      notes.push(`No clear exit toward ${cell(floor, step.x, step.y)} (${e.message.replace(/\. [^.]* stays where they were\.$/, '')}): the Charge ends at ${cell(floor, at.x, at.y)} (ch.2)`);
      impact(w, db, me.id, l.name, notes);
      return;
    }
    at = step;
    notes.push(`${l.name} Breaks into ${cell(floor, step.x, step.y)} (ch.2)`, ...moved);
    const enemies = allTokens(db).filter((t) => t.kind === 'entity' && !t.defeated && !t.hidden && t.floor === floor && t.x === step.x && t.y === step.y);
    for (const enemy of enemies) {
      const cause = `${l.name}'s Charge strikes ${enemy.name}`;
      const rolled = rollWithLedger(db, 'skill.use', (dice) => {
        const r = rollChargeDamage(dice, enhanced, cause);
        return { value: r, records: [{ cause, character: l.name, explain: r.explain, result: r, public: true }] };
      }).value;
      notes.push(rolled.explain);
      applyHit(w, db, enemy, { colour: null, physical: true, label: 'Charge' }, rolled.amount, 'skill.use', notes, undefined, l.id);
    }
    if ((db.prepare(`SELECT health FROM lichslayer WHERE id = ?`).get(l.id) as { health: number }).health === 0) {
      notes.push(`${l.name} is at 0 Health: the Charge stops at ${cell(floor, step.x, step.y)} (ch.11)`);
      return;
    }
  }
  // The last room chosen: the Charge stops there by choice, unless the way on is closed (the floor's edge).
  const next = { x: at.x + plan.direction.x, y: at.y + plan.direction.y };
  if (next.x < 0 || next.x > 4 || next.y < 0 || next.y > 4) {
    notes.push(`${cell(floor, at.x, at.y)} has no exit onward: the floor's edge (ch.2)`);
    impact(w, db, me.id, l.name, notes);
  }
}

function impact(w: RecordingWriter, db: Database, tokenId: number, name: string, notes: string[]): void {
  const me = tokenNamed(db, tokenId);
  rollWithLedger(db, 'skill.use', () => ({ value: null, records: [{ cause: `${name}'s Charge: the impact`, character: name, explain: `${CHARGE_IMPACT} damage to ${name} from the impact (ch.2)`, result: { impact: CHARGE_IMPACT } }] }));
  notes.push(`${name} takes ${CHARGE_IMPACT} from the impact (ch.2)`);
  applyHit(w, db, me, { colour: null, physical: true, label: 'Charge impact' }, CHARGE_IMPACT, 'skill.use', notes);
}
