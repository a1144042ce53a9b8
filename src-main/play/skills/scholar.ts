// The Scholar's skills (ch.2): Predict, Investiture at each Round's start, Scrolls and Ink inscriptions,
// and Identify.
import { enhancedSkill } from './skill-facts.ts';
import { lichslayerOf, holdsSkill, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import type { InvestitureRow } from '../../state/rows.ts';
import { allTokens } from '../../state/board.ts';
import { readHouseRules } from '../../state/settings.ts';
import {
  identifyEntity,
  identifyLoot,
  inscription,
  INVESTITURE_MAGIC,
  investitureChosen,
  predictTarget,
} from '../../rules/skills-scholar.ts';
import { lootEntryFor } from '../gear.ts';
import { readFight, roundNow } from '../fight-state.ts';
import { lichslayerChallenge } from '../round-hooks.ts';
import { CommandFailure } from '../../state/failures.ts';
import { loseNextTurn } from '../fight.ts';
import { combatActor, stored } from '../machines.ts';
import { tokenNamed, standing } from './breaker.ts';

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
  const granted: Omit<InvestitureRow, 'id'>[] = [];
  for (const t of tokens) {
    if (t.kind !== 'lichslayer' || t.lichslayerId === null || t.defeated || !standing(t)) continue;
    const scholar = lichslayerOf(ps, t.lichslayerId);
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
    for (const c of chosen)
      granted.push({
        scholar_id: scholar.id,
        lichslayer_id: c.lichslayerId,
        floor: t.floor,
        x: t.x,
        y: t.y,
        serial,
        round,
      });
    if (chosen.length)
      notices.push(
        `Investiture: ${chosen.map((c) => c.name).join(', ')} ${chosen.length === 1 ? 'has' : 'have'} +${INVESTITURE_MAGIC} Magic and +1 to all rolls from ${scholar.name} this Round, while ${scholar.name} stays (ch.2)`,
      );
  }
  // Each Round's start grants anew: last Round's reach ends with it.
  for (const g of ps.all('investiture')) ps.delete('investiture', g.id);
  for (const g of granted) ps.insert('investiture', g);
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
  const owner = lichslayerOf(ps, on.id);
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
