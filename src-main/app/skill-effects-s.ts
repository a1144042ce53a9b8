// The Breaker's, the Veteran's and the Scholar's skills as the app applies them (rulebook ch.2): each
// reads the board and the Gauntlet, calls its rule (rules/skills-breaker.ts, skills-veteran.ts,
// skills-scholar.ts) and writes through the same fight and board work as any attack, hit or move, so
// traps, 0 Health, XP, the ledger and undo behave as they do everywhere else.
import type { PlayReader, PlaySession } from '../state/session.ts';
import { enhancedSkill } from './skill-effects-w.ts';
import type { TokenView } from '@shared/board.ts';
import { allTokens, roomsOfFloor } from '../state/board.ts';
import {
  breakKnocksBack,
  chargePlan,
  CHARGE_IMPACT,
  knockBackTo,
  rollChargeDamage,
  crushTiers,
  rumbleHatBonus,
  rumbleHatGrant,
  type Vitals,
} from '../rules/skills-breaker.ts';
import { z } from 'zod';
import { readHouseRules, readSetting, writeSetting } from '../state/settings.ts';
import type { Modifier, DieRoll } from '../rules/dice.ts';
import { maneuverIsSecond, maneuverRefusal, rally, recallAssist, richestRoom } from '../rules/skills-veteran.ts';
import { presetChallenge, rollChallenge } from '../rules/challenge.ts';
import {
  identifyEntity,
  identifyLoot,
  inscription,
  INVESTITURE_MAGIC,
  investitureBonus,
  investitureChosen,
  predictTarget,
} from '../rules/skills-scholar.ts';
import { lootEntryFor } from './gear.ts';
import type { SkillUse } from '../rules/skills.ts';
import { isNear } from '../rules/board-moves.ts';
import { readFight, roundNow } from './fight-state.ts';
import { moveOne, moveTokenByRules } from './board-ops.ts';
import { lichslayerChallenge } from './combat-hooks.ts';
import { CommandFailure } from '../state/failures.ts';
import { applyHit, loseNextTurn, resolveAttack } from './fight-ops.ts';
import { holdsSkill, type LichslayerRow } from './lichslayer-row.ts';
import { combatActor, diveActor, PARTY_KINDS, stored } from './phase-store.ts';

const cell = (floor: number, x: number, y: number) => `F${floor} (${x + 1},${y + 1})`;

function tokenNamed(ps: PlayReader, id: number): TokenView {
  const t = allTokens(ps).find((k) => k.id === id);
  if (!t) throw new CommandFailure('not-found', `No token ${id} on the board.`);
  return t;
}

const standing = (t: TokenView | undefined): t is TokenView & { floor: number; x: number; y: number } =>
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
      { attacker: me.id, target: enemy.id, bonusDice: 0, halve: false, outOfTurn: true },
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
    for (const enemy of enemies) {
      const cause = `${l.name}'s Charge strikes ${enemy.name}`;
      const rolled = ps.roll('skill.use', ({ dice }) => {
        const r = rollChargeDamage(dice, enhanced, cause);
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

function impact(ps: PlaySession, tokenId: number, name: string, notes: string[]): void {
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

const rowOf = (ps: PlayReader, id: number) => ps.byId('lichslayer', id) ?? undefined;

/**
 * Rally (the Veteran's capstone, ch.2): every character within 1 space of the Veteran — in the Lich's
 * manifestation, everyone present, who fight in one place (ch.16) — recovers a Sanity level (not the
 * Veteran) and gains Armor and Health equal to the Veteran's level, up to their maximum.
 */
export function rallyAround(ps: PlaySession, l: LichslayerRow, notes: string[]): void {
  const tokens = allTokens(ps);
  const me = tokens.find((t) => t.lichslayerId === l.id);
  let near: TokenView[];
  if (standing(me)) {
    near = tokens.filter(
      (t) =>
        PARTY_KINDS.has(t.kind) &&
        t.kind !== 'familiar' &&
        !t.defeated &&
        standing(t) &&
        t.floor === me.floor &&
        Math.abs(t.x! - me.x) + Math.abs(t.y! - me.y) <= 1,
    );
  } else if (String(diveActor(ps).getSnapshot().value) === 'manifestation') {
    const present = diveActor(ps).getSnapshot().context.present;
    near = present
      .map((id) => tokens.find((t) => t.lichslayerId === id))
      .filter((t): t is TokenView => !!t && !t.defeated);
    if (!near.some((t) => t.lichslayerId === l.id) && me) near.push(me);
  } else
    throw new CommandFailure(
      'refused',
      `${l.name} is not on the board: Rally acts in the Tombs or in the Lich's manifestation. Nothing changed.`,
    );
  const rallied = near.map((t) => {
    const row = t.lichslayerId !== null ? rowOf(ps, t.lichslayerId) : undefined;
    const before = row
      ? {
          name: row.name,
          sanity: row.sanity,
          health: row.health,
          maxHealth: row.max_health,
          armor: row.armor,
          maxArmor: row.max_armor,
          isVeteran: row.id === l.id,
        }
      : {
          name: t.name,
          sanity: null,
          health: t.health ?? 0,
          maxHealth: t.maxHealth ?? t.health ?? 0,
          armor: t.armor ?? 0,
          maxArmor: null,
          isVeteran: false,
        };
    return { token: t, row, after: rally(l.level, before) };
  });
  ps.roll('skill.use', () => ({
    value: null,
    records: rallied.map((r) => ({
      cause: `${l.name} Rallies ${r.token.name}`,
      character: r.row?.name ?? null,
      explain: r.after.explain,
      result: { health: r.after.health, armor: r.after.armor, sanity: r.after.sanity },
    })),
  }));
  for (const r of rallied) {
    if (r.row)
      ps.update('lichslayer', r.row.id, { health: r.after.health, armor: r.after.armor, sanity: r.after.sanity! });
    else ps.update('token', r.token.id, { health: r.after.health, armor: r.after.armor });
    notes.push(r.after.explain);
  }
}

/**
 * Predict (the Scholar's capstone, ch.2): a Challenge against an enemy's declared action, target its
 * level × 3 (the Lich: 30). Success denies the action and the enemy loses that turn; failure spends
 * the Scholar's action (their next turn's) and the enemy acts as declared.
 */
export function predict(ps: PlaySession, l: LichslayerRow, enemyId: number | undefined, notes: string[]): string {
  if (enemyId === undefined)
    throw new CommandFailure(
      'invalid-args',
      'Choose the enemy whose declared action Predict answers. Nothing changed.',
    );
  const enemy = tokenNamed(ps, enemyId);
  if (enemy.kind !== 'entity' || enemy.defeated)
    throw new CommandFailure(
      'refused',
      `Predict answers an enemy's declared action: ${enemy.name} is ${enemy.defeated ? 'felled' : 'no enemy'}. Nothing changed.`,
    );
  let target: ReturnType<typeof predictTarget>;
  try {
    target = predictTarget({ name: enemy.name, level: enemy.stats.level, lich: !!enemy.stats.lich });
  } catch (e) {
    throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
  }
  const r = lichslayerChallenge(ps, 'skill.use', {
    lichslayerId: l.id,
    target: target.target,
    cause: `${l.name} Predicts ${enemy.name}'s declared action (${target.explain})`,
    sanity: null,
  });
  notes.push(r.explain);
  const combat = stored(ps, 'machine:combat') ? combatActor(ps).getSnapshot() : null;
  const current = combat && combat.value !== 'idle' ? combat.context.current : null;
  if (r.passed) {
    if (current === enemy.id)
      notes.push(
        `${enemy.name}'s declared action is denied: it does not occur, its cost is not refunded, and its turn is over (ch.2)`,
      );
    else loseNextTurn(ps, enemy, `its declared action is denied by Predict (ch.2)`, notes);
  } else {
    const me = allTokens(ps).find((t) => t.lichslayerId === l.id);
    notes.push(`${enemy.name} acts as declared (ch.2)`);
    if (me) loseNextTurn(ps, me, `Predict failed: the Scholar's action is spent (ch.2)`, notes);
  }
  return enemy.name;
}

/** Who Investiture reaches this Round (ch.2): set at each Round's start, kept while the Scholar stays put. */
const investitureSchema = z.array(
  z.object({
    scholar: z.number().int(),
    at: z.object({ floor: z.number().int(), x: z.number().int(), y: z.number().int() }),
    serial: z.number().int(),
    round: z.number().int(),
    to: z.array(z.number().int()),
  }),
);
const INVESTITURE_KEY = 'skill:investiture';

/**
 * The start of a Round (ch.2): each Scholar holding Investiture grants it to the character beside
 * them — one, the first on the turn stack, or enhanced every character within 1 space.
 */
export function investitureAtRoundStart(ps: PlaySession, round: number, notices: string[]): void {
  const tokens = allTokens(ps);
  const rules = readHouseRules(ps);
  const order = new Map(tokens.map((t, i) => [t.id, i]));
  const stackOrder = ps.all('turn_stack');
  for (const e of stackOrder) order.set(e.token_id, e.position);
  const serial = readFight(ps).serial;
  const granted: z.output<typeof investitureSchema> = [];
  for (const t of tokens) {
    if (t.kind !== 'lichslayer' || t.lichslayerId === null || t.defeated || !standing(t)) continue;
    const scholar = rowOf(ps, t.lichslayerId);
    if (!scholar || !holdsSkill(scholar, 'Investiture')) continue;
    const candidates = tokens
      .filter(
        (c) =>
          c.kind === 'lichslayer' &&
          c.lichslayerId !== null &&
          c.id !== t.id &&
          !c.defeated &&
          standing(c) &&
          c.floor === t.floor,
      )
      .map((c) => ({
        lichslayerId: c.lichslayerId!,
        name: c.name,
        steps: Math.abs(c.x! - t.x) + Math.abs(c.y! - t.y),
        order: order.get(c.id) ?? 999,
      }));
    const chosen = investitureChosen(candidates, {
      enhanced: enhancedSkill(ps, scholar, 'Investiture'),
      adjacency: rules.adjacency,
    });
    granted.push({
      scholar: scholar.id,
      at: { floor: t.floor, x: t.x, y: t.y },
      serial,
      round,
      to: chosen.map((c) => c.lichslayerId),
    });
    if (chosen.length)
      notices.push(
        `Investiture: ${chosen.map((c) => c.name).join(', ')} ${chosen.length === 1 ? 'has' : 'have'} +${INVESTITURE_MAGIC} Magic and +1 to all rolls from ${scholar.name} this Round, while ${scholar.name} stays (ch.2)`,
      );
  }
  const before = readSetting(ps, INVESTITURE_KEY, investitureSchema, []);
  if (granted.length || before.length) writeSetting(ps, INVESTITURE_KEY, granted);
}

/** The Scholars whose Investiture reaches this Lichslayer now: granted at this Round's start, the Scholar not moved away. */
function investedBy(ps: PlayReader, lichslayerId: number): LichslayerRow[] {
  const now = roundNow(ps);
  if (!now) return [];
  const tokens = allTokens(ps);
  return readSetting(ps, INVESTITURE_KEY, investitureSchema, [])
    .filter((g) => g.serial === now.serial && g.round === now.round && g.to.includes(lichslayerId))
    .filter((g) => {
      const t = tokens.find((k) => k.lichslayerId === g.scholar);
      return !!t && !t.defeated && t.floor === g.at.floor && t.x === g.at.x && t.y === g.at.y;
    })
    .map((g) => rowOf(ps, g.scholar))
    .filter((r): r is LichslayerRow => !!r);
}

/** What class skills add to all of this Lichslayer's rolls now (ch.2): Rumble Hat enhanced at half Health, Investiture. */
export function skillRollBonuses(ps: PlayReader, l: LichslayerRow): Modifier[] {
  const out: Modifier[] = [];
  if (holdsSkill(l, 'Rumble Hat')) {
    const hat = rumbleHatBonus({
      enhanced: enhancedSkill(ps, l, 'Rumble Hat'),
      health: l.health,
      maxHealth: l.max_health,
    });
    if (hat) out.push(hat);
  }
  // One bonus however many Scholars: Investiture grants +1, it does not stack with itself.
  const scholars = investedBy(ps, l.id);
  if (scholars.length) out.push(investitureBonus(scholars[0]!.name));
  return out;
}

/** The Magic class skills add now (ch.2): Investiture's +1 while it holds. */
export function skillMagic(ps: PlayReader, lichslayerId: number): Modifier[] {
  const scholars = investedBy(ps, lichslayerId);
  return scholars.length ? [{ source: `Investiture from ${scholars[0]!.name} (ch.2)`, value: INVESTITURE_MAGIC }] : [];
}

/** Recall enhanced (ch.2): after its reveal, the room not yet entered on the Veteran's floor with the most gold. */
export function recallRichest(ps: PlayReader, floor: number, notes: string[]): void {
  notes.push(
    richestRoom(
      roomsOfFloor(ps, floor)
        .filter((r) => r.revealed === 1)
        .map((r) => ({ x: r.x, y: r.y, gold: r.gold, entered: r.entered === 1 })),
    ).explain,
  );
}

/** Recall's assist (ch.2): a Veteran holding Recall adds their Power to another Lichslayer's Challenge. */
export function recallAssistFor(ps: PlayReader, veteranId: number, rollerLichslayerId: number | null): Modifier {
  const v = rowOf(ps, veteranId);
  if (!v) throw new CommandFailure('not-found', `No Lichslayer with id ${veteranId} in this campaign.`);
  if (!holdsSkill(v, 'Recall'))
    throw new CommandFailure(
      'refused',
      `${v.name} does not hold Recall: only the Veteran's Recall assists a Challenge (ch.2). Nothing changed.`,
    );
  if (rollerLichslayerId === null)
    throw new CommandFailure(
      'refused',
      `Recall assists another character's Challenge: an entity's roll takes no assist (ch.2). Nothing changed.`,
    );
  try {
    return recallAssist(
      { name: v.name, power: v.power },
      { name: rowOf(ps, rollerLichslayerId)?.name ?? '', isVeteran: rollerLichslayerId === v.id },
    );
  } catch (e) {
    throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
  }
}

/**
 * Maneuver (the Veteran's Skill 3, ch.2): answering an attack or spell declared on the Veteran or an
 * adjacent ally, both move to a room within 1 space that can take them, out of its way; the Veteran's
 * turn is not spent — but enhanced, a second use in the Round costs their next action.
 */
export function maneuver(
  ps: PlaySession,
  l: LichslayerRow,
  allyId: number | undefined,
  to: { x: number; y: number } | undefined,
  uses: readonly SkillUse[],
  now: { fight: number | null; round: number | null },
  notes: string[],
): string | undefined {
  const me = allTokens(ps).find((t) => t.lichslayerId === l.id);
  if (!standing(me))
    throw new CommandFailure('refused', `${l.name} is not on the board: Maneuver acts in the Tombs. Nothing changed.`);
  if (!to) throw new CommandFailure('invalid-args', 'Choose the room Maneuver moves to. Nothing changed.');
  const why = maneuverRefusal({ x: me.x, y: me.y }, to);
  if (why) throw new CommandFailure('refused', `${why}. Nothing changed.`);
  let ally: TokenView | undefined;
  if (allyId !== undefined && allyId !== me.id) {
    ally = tokenNamed(ps, allyId);
    if (
      !PARTY_KINDS.has(ally.kind) ||
      ally.defeated ||
      !standing(ally) ||
      !isNear({ floor: me.floor, x: me.x, y: me.y }, { floor: ally.floor, x: ally.x, y: ally.y }, readHouseRules(ps))
    ) {
      throw new CommandFailure(
        'refused',
        `Maneuver carries an ally adjacent to ${l.name}: ${ally.name} is not. Nothing changed.`,
      );
    }
  }
  const moved: string[] = [];
  // The board's own move: a full room (ch.9) refuses either of them, and nothing moves.
  moveTokenByRules(ps, me.id, me.floor, to.x, to.y, moved, 'skill.use');
  // The ally goes where the Veteran takes them, a step or two from its own room: no adjacency to confirm.
  if (ally && !(ally.floor === me.floor && ally.x === to.x && ally.y === to.y))
    moveOne(ps, tokenNamed(ps, ally.id), me.floor, to.x, to.y, true, moved, 'skill.use');
  notes.push(
    `${l.name} Maneuvers${ally ? ` with ${ally.name}` : ''} to ${cell(me.floor, to.x, to.y)}, out of the declared attack or spell's way; it does not take ${l.name}'s turn (ch.2)`,
    ...moved,
  );
  if (maneuverIsSecond(uses, now, l.id))
    loseNextTurn(ps, me, 'a second Maneuver this Round costs the next action (ch.2, enhanced)', notes);
  return ally?.name;
}

/** Scrolls and Ink (ch.2): inscribe a Gear or Garment with +1 Magic (+2 enhanced); a full turn, outside a fight. */
export function inscribe(
  ps: PlaySession,
  l: LichslayerRow,
  on: { id: number; slot: 'gear' | 'garment' } | undefined,
  enhanced: boolean,
  notes: string[],
): string | undefined {
  if (!on) {
    notes.push(`${l.name} uses Scrolls and Ink (ch.2)`);
    return undefined;
  }
  if (roundNow(ps))
    throw new CommandFailure(
      'refused',
      'An inscription takes one full turn outside of combat (ch.2): end the fight first. Nothing changed.',
    );
  const owner = rowOf(ps, on.id);
  if (!owner) throw new CommandFailure('not-found', `No Lichslayer with id ${on.id} in this campaign.`);
  const item = ps.all('item').find((i) => i.lichslayer_id === owner.id && i.slot === on.slot);
  if (!item)
    throw new CommandFailure(
      'refused',
      `${owner.name} has nothing in ${on.slot === 'gear' ? 'the Gear' : 'the Garment'} slot to inscribe. Nothing changed.`,
    );
  let r: ReturnType<typeof inscription>;
  try {
    r = inscription({ scholar: l.name, item: item.name, notes: item.notes, enhanced });
  } catch (e) {
    throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
  }
  ps.update('item', item.id, { notes: r.notes });
  notes.push(`${r.explain}: ${owner.name}'s Magic counts it while it is equipped and unbroken (ch.4, ch.13)`);
  return item.name;
}

/** Doorways the Breaker holds this Round (ch.2, Break enhanced), and the enemies already denied at each. */
const doorwaySchema = z.array(
  z.object({
    breaker: z.number().int(),
    at: z.object({ floor: z.number().int(), x: z.number().int(), y: z.number().int() }),
    serial: z.number().int(),
    round: z.number().int(),
    denied: z.array(z.number().int()),
  }),
);
const DOORWAY_KEY = 'skill:doorway';

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
  const held = readSetting(ps, DOORWAY_KEY, doorwaySchema, []).filter(
    (d) => d.serial === now.serial && d.round === now.round && d.breaker !== l.id,
  );
  writeSetting(ps, DOORWAY_KEY, [
    ...held,
    { breaker: l.id, at: { floor: me.floor, x: me.x, y: me.y }, serial: now.serial, round: now.round, denied: [] },
  ]);
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
  const all = readSetting(ps, DOORWAY_KEY, doorwaySchema, []);
  const i = all.findIndex(
    (d) =>
      d.serial === now.serial && d.round === now.round && d.at.floor === to.floor && d.at.x === to.x && d.at.y === to.y,
  );
  if (i < 0) return true;
  const hold = all[i]!;
  const breaker = rowOf(ps, hold.breaker);
  if (!breaker) return true;
  if (hold.denied.includes(enemy.id)) {
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
  writeSetting(
    ps,
    DOORWAY_KEY,
    all.map((d, k) => (k === i ? { ...d, denied: [...d.denied, enemy.id] } : d)),
  );
  notes.push(`${cause}: ${enemy.name} fails (${r.explain}) and is denied entry this Round (ch.2)`);
  return false;
}

/**
 * Identify (the Scholar's Skill 1, ch.2): every property of an enemy or entity on the board (its faction
 * recorded toward Predict), or of a loot item by name as the campaign's loot tables hold it.
 */
export function identify(
  ps: PlayReader,
  l: LichslayerRow,
  tokenId: number | undefined,
  item: string | undefined,
  notes: string[],
): { target?: string; faction?: string } {
  if (tokenId === undefined && !item)
    throw new CommandFailure(
      'invalid-args',
      'Choose what Identify reads: an enemy or entity on the board, or a loot item by name. Nothing changed.',
    );
  if (tokenId !== undefined) {
    const t = tokenNamed(ps, tokenId);
    notes.push(`${l.name} Identifies ${identifyEntity(t)}`);
    return { target: t.name, ...(t.stats.faction ? { faction: t.stats.faction } : {}) };
  }
  notes.push(`${l.name} Identifies ${identifyLoot(item!, lootEntryFor(ps, item!))}`);
  return { target: item! };
}

/**
 * What gaining or losing a skill does to the Gauntlet's own numbers (ch.2: Rumble Hat's +6 Health and
 * +1 Armor), for the columns about to be written to a Lichslayer — by a level reached, a Skill Point
 * or the Judge's edit. The extra columns to write with them (empty when no such skill comes or goes).
 */
export function skillGrantColumns(
  before: LichslayerRow,
  columns: Record<string, unknown>,
  notes?: string[],
): Partial<Vitals> {
  const skills = (r: Record<string, unknown>) =>
    ['skill1', 'skill2', 'skill3', 'capstone'].map((k) =>
      String(r[k] ?? '')
        .trim()
        .toLowerCase(),
    );
  const merged = { ...before, ...columns } as unknown as Record<string, unknown>;
  const had = skills(before as unknown as Record<string, unknown>).includes('rumble hat');
  const has = skills(merged).includes('rumble hat');
  const grant = rumbleHatGrant(had, has, {
    health: Number(merged.health),
    max_health: Number(merged.max_health),
    armor: Number(merged.armor),
    max_armor: Number(merged.max_armor),
  });
  if (!grant) return {};
  notes?.push(grant.explain);
  return grant.columns;
}

/** The floor tiers on which each Breaker has felled an enemy, toward Crush (ch.2): at most three per Breaker. */
const tiersSchema = z.record(z.string(), z.array(z.enum(['upper', 'middle', 'lower'])));
const TIERS_KEY = 'skill:crush-tiers';

/**
 * An enemy felled by a Lichslayer (ch.2): a Breaker's floor tier is counted toward Crush, which
 * unlocks once every tier has one and Skills 1-3 are held.
 */
export function noteFelledForCapstone(
  ps: PlaySession,
  byLichslayerId: number,
  floor: number | null,
  lines: string[],
): void {
  const l = rowOf(ps, byLichslayerId);
  if (!l || l.hidden_class !== 'The Breaker') return;
  const all = readSetting(ps, TIERS_KEY, tiersSchema, {});
  const before = all[String(l.id)] ?? [];
  const r = crushTiers(before, floor);
  if (r.tiers.length !== before.length) writeSetting(ps, TIERS_KEY, { ...all, [String(l.id)]: r.tiers });
  if (r.met && !l.capstone.trim() && l.skill1 && l.skill2 && l.skill3) {
    ps.update('lichslayer', l.id, { capstone: 'Crush' });
    lines.push(`${l.name}'s capstone condition is met (${r.explain}): Crush unlocks (ch.2)`);
  }
}
