// The Bandit's skills (ch.2): Cheat on a ledger roll, and the trap's mechanism Disarm recovers.
import { allTokens, parseTrap, roomAt } from '../../state/board.ts';
import { burglesOf } from '../../state/skill-uses.ts';
import { burgledAlready, burgleKeeps } from '../../rules/skills.ts';
import { heldInfluence } from '../../state/gauntlet.ts';
import type { SkillCall, SkillOutcome } from './skill-call.ts';
import { where } from '../floor-facts.ts';
import type { PlaySession } from '../../state/session.ts';
import { diceOfFaces, mechanismRecovered, rollCheat } from '../../rules/skills-bandit.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';
import { rollOnTable } from '../../tables/table-roll.ts';
import { addToInventory } from '../../state/inventory.ts';
import { enhancedSkill } from './skill-facts.ts';
import { rollModifiersFor } from '../gear.ts';
import { mayLoot } from '../looting.ts';

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
    const c = rollCheat(dice, {
      bandit: bandit.name,
      entry,
      dice: faces,
      keep: better,
      modifiers: e.modifiers,
      target: e.target,
      damage: e.damage,
    });
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

/** Disarm (ch.2): the armed trap of the Bandit's own room triggers for no one for the rest of the dive. */
export function disarmHere(c: SkillCall<'Disarm'>): void {
  const pos = c.here();
  const room = roomAt(c.ps, pos.floor, pos.x, pos.y);
  const trap = parseTrap(room?.trap ?? null);
  if (!room || !trap || trap.disabled)
    throw new CommandFailure(
      'refused',
      `There is no armed trap in ${c.l.name}'s room: Disarm works on the current room (ch.2). Nothing changed.`,
    );
  c.ps.update('room', room.id, { trap: JSON.stringify({ ...trap, disabled: true }) });
  c.notes.push(
    `${c.l.name} disarms ${trap.label} at ${where(pos.floor, pos.x, pos.y)}: it triggers for no one for the rest of the dive (ch.2)`,
  );
  recoverMechanism(c.ps, c.l, trap.label, c.args.sneak, c.notes);
}

/** Burgle (ch.2): a loot roll, secured at once; from an enemy in the room, once each, only loot of its colour. */
export function burgle(c: SkillCall<'Burgle'>): SkillOutcome {
  const { ps, l, args, notes } = c;
  const pos = c.here();
  const victim = args.tokenId ? allTokens(ps).find((t) => t.id === args.tokenId) : undefined;
  if (args.tokenId && (!victim || victim.floor !== pos.floor || victim.x !== pos.x || victim.y !== pos.y))
    throw new CommandFailure('refused', `Burgle takes from an enemy in ${l.name}'s own room. Nothing changed.`);
  if (victim) {
    const again = burgledAlready(burglesOf(ps, victim.id), victim.id, victim.name);
    if (again) throw new CommandFailure('refused', `${again}. Nothing changed.`);
  }
  // ch.8: Burgle is a looting: Edge on an off-round and Paranoid must pass their Challenge first.
  if (!mayLoot(ps, l, victim ? victim.name : 'by Burgle', 'skill.use', notes)) {
    notes.push(`${l.name} cannot loot this round: Burgle takes nothing (ch.8)`);
    return victim ? { target: victim.name, tokenId: victim.id, success: false } : {};
  }
  // ch.4, ch.8: the loot roll carries the Bandit's penalties to all rolls (Sanity, the survival clock).
  const modifiers = rollModifiersFor(ps, l).all;
  const found = ps.roll('skill.use', ({ dice, tables, drawn }) => {
    const cause = `${l.name} Burgles${victim ? ` ${victim.name}` : ''}`;
    // ch.1, ch.13: the Influence dice the Bandit's equipped loot holds are added to the loot roll.
    const node = rollOnTable({ dice, tables, drawn, cause }, 'loot', {
      floor: pos.floor,
      extra: modifiers,
      influence: heldInfluence(ps, l),
    });
    const colour = (node.row !== null ? tables.get('loot')?.rows[node.row]?.loot?.colour : undefined) ?? 'Colourless';
    // ch.2: from an entity, only loot of its colour or of Any colour is kept.
    const verdict = victim ? burgleKeeps(colour, victim.colour) : { kept: true, explain: '' };
    const explain = verdict.explain ? `${node.explain}; ${verdict.explain}` : node.explain;
    return {
      value: { label: node.label, kept: verdict.kept, why: verdict.explain },
      records: [{ cause, table: 'loot', floor: pos.floor, character: l.name, explain, result: node }],
    };
  });
  if (found.kept) {
    addToInventory(ps, l.id, found.label);
    notes.push(
      `${l.name} Burgles ${found.label}${victim ? ` from ${victim.name}` : ''}: secured at once (ch.2)${found.why ? `; ${found.why}` : ''}`,
    );
  } else notes.push(`${l.name} Burgles ${victim!.name} and rolls ${found.label}: ${found.why}`);
  return victim ? { target: victim.name, tokenId: victim.id, success: found.kept } : {};
}
