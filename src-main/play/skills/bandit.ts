// The Bandit's skills (ch.2): Cheat on a ledger roll, and the trap's mechanism Disarm recovers.
import type { PlaySession } from '../../state/session.ts';
import { diceOfFaces, mechanismRecovered, rollCheat } from '../../rules/skills-bandit.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';
import { rollOnTable } from '../../tables/table-roll.ts';
import { addToInventory } from '../../state/inventory.ts';
import { enhancedSkill } from './skill-facts.ts';

/** Cheat (ch.2): a ledger entry's dice rolled again, the better kept for the Bandit; logged with its cause. */
export function cheatRoll(
  ps: PlaySession,
  bandit: LichslayerRow,
  rollId: number | undefined,
  keep: 'higher' | 'lower' | undefined,
  lines: string[],
): string {
  if (rollId === undefined)
    throw new CommandFailure('invalid-args', 'Choose the roll Cheat rerolls (a ledger entry). Nothing changed.');
  const e = ps.ledger.cheatSource(rollId);
  if (!e) throw new CommandFailure('not-found', `No roll #${rollId} in the ledger. Nothing changed.`);
  if (e.cause.startsWith(`${bandit.name} Cheats`) || / Cheats on /.test(e.cause))
    throw new CommandFailure(
      'refused',
      'That entry is a Cheat already: Cheat rerolls a roll once (ch.2). Nothing changed.',
    );
  // ch.1: a Challenge's d6 explode ("d6!" in its explanation); the reroll explodes the same way.
  const faces = diceOfFaces(e.faces, e.exploding);
  if (!faces.length)
    throw new CommandFailure(
      'refused',
      `Roll #${rollId} (${e.cause}) rolled no dice: there is nothing to reroll. Nothing changed.`,
    );
  // ch.2: the Bandit's own roll is better high; a roll that affects the Bandit (an attack on them) low.
  const better = keep ?? (e.character === bandit.name ? 'higher' : 'lower');
  const entry = `#${e.id} (${e.cause})`;
  const cheated = ps.roll('skill.use', ({ dice }) => {
    const c = rollCheat(dice, { bandit: bandit.name, entry, dice: faces, keep: better });
    return {
      value: c,
      records: [
        {
          cause: `${bandit.name} Cheats on #${e.id}`,
          character: bandit.name,
          explain: c.explain,
          result: { ...c, rollId: e.id },
        },
      ],
    };
  });
  lines.push(cheated.explain);
  return entry;
}

/** Disarm enhanced, from sneak (ch.2): the trap's mechanism as one Uncommon loot item, rolled on the Loot Table in that tier and logged. */
export function recoverMechanism(
  ps: PlaySession,
  bandit: LichslayerRow,
  trap: string,
  sneak: boolean | undefined,
  lines: string[],
): void {
  const verdict = mechanismRecovered({ enhanced: enhancedSkill(ps, bandit, 'Disarm'), sneak: !!sneak });
  if (!verdict.recover) {
    if (verdict.explain) lines.push(verdict.explain);
    return;
  }
  const label = ps.roll('skill.use', ({ dice, tables, drawn }) => {
    const cause = `${bandit.name} recovers the mechanism of ${trap}`;
    const node = rollOnTable({ dice, tables, drawn, cause }, 'loot', { tier: 'uncommon' });
    return {
      value: node.label,
      records: [
        { cause, table: 'loot', character: bandit.name, explain: `${node.explain}; ${verdict.explain}`, result: node },
      ],
    };
  });
  addToInventory(ps, bandit.id, label);
  lines.push(`${bandit.name} recovers ${label} from ${trap}'s mechanism: ${verdict.explain}`);
}
