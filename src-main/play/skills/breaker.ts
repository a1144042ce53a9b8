// The Breaker's skills (ch.2): Break, its doorway held when enhanced, and Charge.
import type { SkillCall, SkillOutcome } from './skill-call.ts';
import { lichslayerOf, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { allTokens } from '../../state/board.ts';
import {
  breakKnocksBack,
  chargePlan,
  CHARGE_IMPACT,
  knockBackTo,
  rollChargeDamage,
} from '../../rules/skills-breaker.ts';
import { readHouseRules } from '../../state/settings.ts';
import type { DieRoll } from '../../rules/dice.ts';
import { presetChallenge, rollChallenge } from '../../rules/challenge.ts';
import { roundNow } from '../fight-state.ts';
import { moveTokenByRules } from '../token-move.ts';
import { rollModifiersFor } from '../gear.ts';
import { CommandFailure } from '../../state/failures.ts';
import { applyHit, loseNextTurn, resolveAttack } from '../fight.ts';

export const cell = (floor: number, x: number, y: number) => `F${floor} (${x + 1},${y + 1})`;

export function tokenNamed(ps: PlayReader, id: number): TokenView {
  const t = allTokens(ps).find((k) => k.id === id);
  if (!t) throw new CommandFailure('not-found', `No token ${id} on the board.`);
  return t;
}

export const standing = (t: TokenView | undefined): t is TokenView & { floor: number; x: number; y: number } =>
  !!t && t.floor !== null && t.x !== null && t.y !== null;

/**
 * Break (the Breaker's Skill 1, ch.2): into the next room without a Challenge roll, its traps' damage
 * halved against the Breaker; then a bonus Attack at +0 (no bonus dice) against the enemy the Breaker
 * names in that room, which a natural 6 knocks back one room, onward in the direction of the entry.
 */
export function breakIn(
  ps: PlaySession,
  l: LichslayerRow,
  into: { x: number; y: number },
  enemyId: number | undefined,
  notes: string[],
): string | undefined {
  const me = allTokens(ps).find((t) => t.lichslayerId === l.id);
  if (!standing(me))
    throw new CommandFailure('refused', `${l.name} is not on the board: Break acts in the Tombs. Nothing changed.`);
  const from = { x: me.x, y: me.y };
  const floor = me.floor;
  const moved: string[] = [];
  moveTokenByRules(ps, me.id, floor, into.x, into.y, moved, 'skill.use', { halveTraps: true });
  notes.push(
    `${l.name} breaks into ${cell(floor, into.x, into.y)} without a Challenge roll (ch.2); trap damage there is halved against them`,
    ...moved,
  );
  if (enemyId === undefined) return undefined;
  const enemy = tokenNamed(ps, enemyId);
  if (enemy.kind !== 'entity' || enemy.floor !== floor || enemy.x !== into.x || enemy.y !== into.y) {
    throw new CommandFailure(
      'refused',
      `Break's bonus Attack is against an enemy in the room entered: ${enemy.name} is not there. Nothing changed.`,
    );
  }
  if ((allTokens(ps).find((t) => t.id === me.id) ?? me).defeated || ps.byId('lichslayer', l.id)!.health === 0) {
    notes.push(`${l.name} is at 0 Health on entry: no bonus Attack (ch.2, ch.11)`);
    return enemy.name;
  }
  const out: { dice?: DieRoll[] } = {};
  let lines: string[];
  try {
    lines = resolveAttack(
      ps,
      { attacker: me.id, target: enemy.id, bonusDice: 0, halve: false, outOfTurn: true, influence: false },
      'skill.use',
      out,
    ).lines;
  } catch (e) {
    // An attack the rules refuse (no weapon that allows it) leaves the entry standing: only the bonus is lost.
    if (!(e instanceof CommandFailure) || e.code !== 'refused') throw e;
    notes.push(`No bonus Attack: ${e.message.replace(/ Nothing changed\.$/, '')}`);
    return enemy.name;
  }
  notes.push(`Break's bonus Attack at +0 on ${enemy.name} (ch.2)`, ...lines);
  if (!out.dice) return enemy.name;
  if (tokenNamed(ps, enemy.id).defeated) return enemy.name;
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
    moveTokenByRules(ps, enemy.id, floor, to.x, to.y, pushed, 'skill.use');
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
export function charge(
  ps: PlaySession,
  l: LichslayerRow,
  end: { x: number; y: number } | undefined,
  enhanced: boolean,
  notes: string[],
): void {
  const me = allTokens(ps).find((t) => t.lichslayerId === l.id);
  if (!standing(me))
    throw new CommandFailure('refused', `${l.name} is not on the board: Charge acts in the Tombs. Nothing changed.`);
  if (!end)
    throw new CommandFailure('invalid-args', 'Choose the room Charge runs to, in a straight line. Nothing changed.');
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
      moveTokenByRules(ps, me.id, floor, step.x, step.y, moved, 'skill.use', { halveTraps: true });
    } catch (e) {
      if (!(e instanceof CommandFailure)) throw e;
      // ch.2: no clear exit onward: the Charge ends in this room, and the impact is the Breaker's.
      notes.push(
        `No clear exit toward ${cell(floor, step.x, step.y)} (${e.message.replace(/\. [^.]* stays where they were\.$/, '')}): the Charge ends at ${cell(floor, at.x, at.y)} (ch.2)`,
      );
      impact(ps, me.id, l.name, notes);
      return;
    }
    at = step;
    notes.push(`${l.name} Breaks into ${cell(floor, step.x, step.y)} (ch.2)`, ...moved);
    const enemies = allTokens(ps).filter(
      (t) => t.kind === 'entity' && !t.defeated && !t.hidden && t.floor === floor && t.x === step.x && t.y === step.y,
    );
    // ch.4, ch.8: Charge's dice are the Breaker's roll, so their penalties to all rolls apply.
    const modifiers = rollModifiersFor(ps, l).all;
    for (const enemy of enemies) {
      const cause = `${l.name}'s Charge strikes ${enemy.name}`;
      const rolled = ps.roll('skill.use', ({ dice }) => {
        const r = rollChargeDamage(dice, enhanced, cause, modifiers);
        return { value: r, records: [{ cause, character: l.name, explain: r.explain, result: r, public: true }] };
      });
      notes.push(rolled.explain);
      applyHit(
        ps,
        enemy,
        { colour: null, physical: true, label: 'Charge' },
        rolled.amount,
        'skill.use',
        notes,
        undefined,
        l.id,
      );
    }
    if (ps.byId('lichslayer', l.id)!.health === 0) {
      notes.push(`${l.name} is at 0 Health: the Charge stops at ${cell(floor, step.x, step.y)} (ch.11)`);
      return;
    }
  }
  // The last room chosen: the Charge stops there by choice, unless the way on is closed (the floor's edge).
  const next = { x: at.x + plan.direction.x, y: at.y + plan.direction.y };
  if (next.x < 0 || next.x > 4 || next.y < 0 || next.y > 4) {
    notes.push(`${cell(floor, at.x, at.y)} has no exit onward: the floor's edge (ch.2)`);
    impact(ps, me.id, l.name, notes);
  }
}

export function impact(ps: PlaySession, tokenId: number, name: string, notes: string[]): void {
  const me = tokenNamed(ps, tokenId);
  ps.roll('skill.use', () => ({
    value: null,
    records: [
      {
        cause: `${name}'s Charge: the impact`,
        character: name,
        explain: `${CHARGE_IMPACT} damage to ${name} from the impact (ch.2)`,
        result: { impact: CHARGE_IMPACT },
      },
    ],
  }));
  notes.push(`${name} takes ${CHARGE_IMPACT} from the impact (ch.2)`);
  applyHit(ps, me, { colour: null, physical: true, label: 'Charge impact' }, CHARGE_IMPACT, 'skill.use', notes);
}

/**
 * Break enhanced as a Response (ch.2): the Breaker blocks the way into their room for this Round; an
 * enemy that would enter must pass a Challenge of the Breaker's Power. A Response costs the Breaker's
 * next action (ch.15).
 */
export function holdDoorway(ps: PlaySession, l: LichslayerRow, enhanced: boolean, notes: string[]): void {
  if (!enhanced)
    throw new CommandFailure(
      'refused',
      'Break blocks a doorway only when enhanced with a Skill Point (ch.2). Nothing changed.',
    );
  const now = roundNow(ps);
  if (!now)
    throw new CommandFailure(
      'refused',
      'Blocking a doorway is a Response in a fight: no Round is on (ch.2). Nothing changed.',
    );
  const me = allTokens(ps).find((t) => t.lichslayerId === l.id);
  if (!standing(me))
    throw new CommandFailure(
      'refused',
      `${l.name} is not on the board: a doorway is held in the Tombs. Nothing changed.`,
    );
  // A hold lasts its Round, and a Breaker holds one doorway: the ones that ended, or were theirs, go.
  for (const d of ps.all('doorway_hold'))
    if (d.serial !== now.serial || d.round !== now.round || d.breaker_id === l.id) ps.delete('doorway_hold', d.id);
  ps.insert('doorway_hold', {
    breaker_id: l.id,
    floor: me.floor,
    x: me.x,
    y: me.y,
    serial: now.serial,
    round: now.round,
  });
  notes.push(
    `${l.name} blocks the way into ${cell(me.floor, me.x, me.y)} this Round: an enemy entering must pass a Challenge of ${l.power}, ${l.name}'s Power (ch.2)`,
  );
  loseNextTurn(ps, me, 'blocking the doorway was a Response (ch.2, ch.15)', notes);
}

/**
 * An enemy about to step into a room (ch.2): where a Breaker holds its doorway this Round, the enemy
 * rolls its Challenge (its level in dice) against the Breaker's Power; a failure denies it entry for
 * the Round. Whether it may go on.
 */
export function passDoorway(
  ps: PlaySession,
  enemy: TokenView,
  to: { floor: number; x: number; y: number },
  command: string,
  notes: string[],
): boolean {
  const now = roundNow(ps);
  if (!now || enemy.kind !== 'entity') return true;
  const hold = ps
    .all('doorway_hold')
    .find(
      (d) => d.serial === now.serial && d.round === now.round && d.floor === to.floor && d.x === to.x && d.y === to.y,
    );
  if (!hold) return true;
  const breaker = lichslayerOf(ps, hold.breaker_id);
  if (!breaker) return true;
  if (ps.all('doorway_denial').some((n) => n.doorway_id === hold.id && n.token_id === enemy.id)) {
    notes.push(`${enemy.name} was denied at ${breaker.name}'s doorway this Round: it stays (ch.2)`);
    return false;
  }
  const preset = presetChallenge({ id: 'breaker-doorway', breaker: { name: breaker.name, power: breaker.power } });
  if ('refused' in preset) return true;
  const cause = `${enemy.name}: ${preset.label}`;
  const r = ps.roll(command, ({ dice }) => {
    const c = rollChallenge(dice, { level: enemy.stats.level ?? 1, target: preset.target, cause }, readHouseRules(ps));
    return { value: c, records: [{ cause, explain: c.explain, result: c }] };
  });
  if (r.success) {
    notes.push(`${cause}: ${enemy.name} succeeds (${r.explain}) and comes through (ch.2)`);
    return true;
  }
  ps.insert('doorway_denial', { doorway_id: hold.id, token_id: enemy.id });
  notes.push(`${cause}: ${enemy.name} fails (${r.explain}) and is denied entry this Round (ch.2)`);
  return false;
}

/** Break (ch.2): into the chosen room with a bonus Attack; enhanced, as a Response, the doorway held. */
export function breakSkill(c: SkillCall<'Break'>): SkillOutcome {
  c.here();
  const [r] = c.rooms;
  if (c.args.block) {
    holdDoorway(c.ps, c.l, c.enhanced, c.notes);
    return {};
  }
  if (!r || !c.token) throw new CommandFailure('invalid-args', 'Choose the room Break enters. Nothing changed.');
  return { target: breakIn(c.ps, c.l, r, c.args.tokenId, c.notes) };
}
