// Damage and checks that outlast one attack (rulebook ch.9, ch.11): ongoing damage by round, turns owed
// when a fight starts, and an integrity check the Judge calls.
import type { PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import type { FightResult } from '@shared/fight.ts';
import type { ItemSlot } from '@shared/gauntlet.ts';
import { allTokens } from '../state/board.ts';
import { integrityCheck } from '../rules/damage.ts';
import { rollTrapDamage } from '../rules/trap.ts';
import { trapFieldsSchema } from '@shared/tables.ts';
import { CommandFailure } from '../state/failures.ts';
import { equippedItems } from './gear.ts';
import { readFight, roundNow, writeFight } from './fight-state.ts';
import { row } from './fight-reach.ts';
import { breakItem, emptyResult, applyHit } from './fight-outcomes.ts';

/** A trap's or effect's ongoing damage: the first strike now, the rest at each round's start (ch.11); with no fight on, one after another at once. */
export function startOngoing(
  ps: PlaySession,
  token: TokenView,
  label: string,
  damage: string,
  rounds: number,
  command: CommandName,
  lines: string[],
): void {
  if (rounds > 1 && roundNow(ps)) {
    const fight = readFight(ps);
    writeFight(ps, {
      ...fight,
      ongoing: [...fight.ongoing, { tokenId: token.id, label, damage, roundsLeft: rounds - 1, rounds }],
    });
    lines.push(`${label} goes on for ${rounds - 1} more round${rounds - 1 === 1 ? '' : 's'} (ch.11)`);
    return;
  }
  for (let r = 2; r <= rounds; r++)
    ongoingTick(ps, token.id, `${label} (round ${r} of ${rounds}, no fight on)`, damage, command, lines);
}

/** One strike of ongoing damage: not an instance, straight to Health (ch.11). */
function ongoingTick(
  ps: PlaySession,
  tokenId: number,
  label: string,
  damage: string,
  command: CommandName,
  lines: string[],
): void {
  const target = allTokens(ps).find((t) => t.id === tokenId);
  if (!target || target.defeated) return;
  const effect = trapFieldsSchema.parse({ damage, ongoing: true });
  const rolled = ps.roll(command, ({ dice }) => {
    const d = rollTrapDamage(dice, effect, label);
    return {
      value: d,
      records: d
        ? [
            {
              cause: label,
              character: target.lichslayerId !== null ? target.name : null,
              explain: d.explain,
              result: d,
            },
          ]
        : [],
    };
  });
  if (!rolled) return;
  lines.push(`${label}: ${rolled.explain}`);
  applyHit(ps, target, { colour: null, physical: false, ongoing: true, label }, rolled.amount, command, lines);
}

/** At a round's start, ongoing damage strikes once more (ch.11). */
export function tickOngoing(ps: PlaySession, lines: string[]): void {
  const fight = readFight(ps);
  if (!fight.ongoing.length) return;
  writeFight(ps, {
    ...fight,
    ongoing: fight.ongoing.filter((o) => o.roundsLeft > 1).map((o) => ({ ...o, roundsLeft: o.roundsLeft - 1 })),
  });
  for (const o of fight.ongoing) ongoingTick(ps, o.tokenId, `${o.label}, ongoing`, o.damage, 'phase.nextTurn', lines);
}

/**
 * The fight is over with ongoing damage still owed: rounds exist only in a fight (ch.11), so what is
 * left strikes at once, as it does when no fight is on, and nothing carries into the next fight.
 */
export function ongoingAtFightEnd(ps: PlaySession, command: CommandName, lines: string[]): void {
  const fight = readFight(ps);
  if (!fight.ongoing.length) return;
  writeFight(ps, { ...fight, ongoing: [] });
  lines.push('The fight is over: what ongoing damage still owed strikes at once (ch.11)');
  for (const o of fight.ongoing)
    for (let k = 1; k <= o.roundsLeft; k++) {
      const which = o.rounds ? `round ${o.rounds - o.roundsLeft + k} of ${o.rounds}` : 'a round still owed';
      ongoingTick(ps, o.tokenId, `${o.label} (${which}, the fight over)`, o.damage, command, lines);
    }
}

/** When a fight starts, turns lost before it are given up (ch.9). */
export function owedAtStart(ps: PlaySession): number[] {
  const fight = readFight(ps);
  writeFight(ps, { ...fight, serial: fight.serial + 1, loseTurn: [] });
  return fight.loseTurn;
}

/** An integrity check the Judge calls on one equipped item (ch.11), rolled or ruled. */
export function judgeIntegrity(
  ps: PlaySession,
  lichslayerId: number,
  slot: ItemSlot,
  result: 'breaks' | 'holds' | undefined,
  command: CommandName,
): FightResult {
  const l = row(ps, lichslayerId);
  if (!l) throw new CommandFailure('not-found', `No Lichslayer with id ${lichslayerId} in this campaign.`);
  const item = equippedItems(ps, lichslayerId).find((i) => i.slot === slot);
  if (!item) throw new CommandFailure('refused', `${l.name} has nothing in ${slot}. Nothing changed.`);
  if (item.unbreakable) throw new CommandFailure('refused', `${item.name} is unbreakable (ch.11). Nothing changed.`);
  if (item.broken) throw new CommandFailure('refused', `${item.name} is already broken. Nothing changed.`);
  const out = emptyResult();
  const cause = `Integrity check: ${l.name}'s ${item.name}`;
  const check = ps.roll(command, ({ dice }) => {
    const c = result
      ? {
          roll: null,
          breaks: result === 'breaks',
          explain: `Integrity of ${item.name}: ${result === 'breaks' ? 'it breaks' : 'it holds'}, the Judge's call (ch.11)`,
        }
      : integrityCheck(dice, item, cause);
    return { value: c, records: [{ cause, character: l.name, explain: c.explain, result: c }] };
  });
  out.lines.push(check.explain);
  if (check.breaks) breakItem(ps, item, out.lines);
  return out;
}
