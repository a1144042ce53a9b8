// What a player's own screen says their Lichslayer can do: each skill's uses left in the window its
// limit counts (ch.2), and, on their turn in a fight, the attack, spell and skills open to them now
// (ch.11). Computed from the same rules the commands check, with only what the table can see of
// the board: an enemy hidden from the players is never offered as a target.
import type { PrivateView } from '@shared/private-view.ts';
import type { LichslayerView } from '@shared/contract.ts';
import { limitReached, skillNamed, TWICE_WHEN_ENHANCED, type SkillUse } from '../rules/skills.ts';
import { fightOptions } from '../play/fight-reach.ts';
import { useWindow } from '../play/skills/skill-use.ts';
import { usesForLimit } from '../state/skill-uses.ts';
import { today } from '../state/town.ts';
import type { PlayReader } from '../state/session.ts';
import type { playersSight } from './player-view.ts';

type Sight = ReturnType<typeof playersSight>;

/** Each held skill with its limit and the uses it has left now (null: no limit; passive skills always hold). */
export function skillsNow(ps: PlayReader, l: LichslayerView): PrivateView['skills'] {
  const now = useWindow(ps, today(ps));
  return l.life.skills.map((s) => {
    const def = skillNamed(s.name);
    const always = s.kind === 'passive';
    if (!def?.limit || always) return { name: s.name, limit: s.limit, left: null, always };
    const enhanced = l.life.enhanced.includes(def.name);
    const allowed = enhanced && TWICE_WHEN_ENHANCED.includes(def.name) ? 2 : 1;
    const uses = usesForLimit(ps, l.id, def.name, now);
    // Counted by the very check skill.use makes: one more use at a time until the limit is reached.
    const another: SkillUse = { lichslayerId: l.id, skill: def.name, ...now };
    let left = 0;
    while (left < allowed && !limitReached(def, [...uses, ...Array<SkillUse>(left).fill(another)], now, l.id, enhanced))
      left++;
    return {
      name: s.name,
      limit: enhanced && allowed === 2 ? (s.limit?.replace('once', 'twice') ?? null) : s.limit,
      left,
      always,
    };
  });
}

/** Why there is no attack, short enough for a phone and in the player's words (the Judge's dialog gives the detail). */
function noAttack(health: number | null, holdsWeapons: boolean): string {
  if (health === 0) return 'No attack: you are at 0 Health';
  return holdsWeapons ? 'No attack: nothing you hold allows one now' : 'No attack: you hold nothing that can attack';
}

/** On this Lichslayer's turn: what it may do now, in the player's words; nothing on another's turn. */
export function canDoNow(
  ps: PlayReader,
  sight: Sight,
  mine: Sight['visible'][number] | undefined,
  magic: number,
  skills: PrivateView['skills'],
): string[] {
  if (!mine || sight.highlighted !== mine.id) return [];
  const options = fightOptions(ps, mine.id);
  const lines: string[] = [];
  if (options.refused) lines.push(noAttack(mine.health, options.weapons.length > 0));
  else {
    const targets = options.targets
      .filter((t) => t.kind === 'entity' && t.inReach && sight.visibleIds.has(t.tokenId))
      .map((t) => sight.shownName.get(t.tokenId) ?? t.name);
    const weapons = options.weapons
      .filter((w) => w.allowed)
      .map((w) => (w.damage ? `${w.name} (${w.damage})` : w.name));
    if (targets.length && weapons.length) lines.push(`Attack ${targets.join(', ')} with ${weapons.join(' or ')}`);
    else if (targets.length) lines.push(`Attack ${targets.join(', ')}`);
  }
  if (magic > 0) lines.push(`Cast a spell (Magic ${magic})`);
  // Passive skills always hold and responses answer another's action: neither is a turn's choice.
  for (const s of skills)
    if (!s.always && skillNamed(s.name)?.kind !== 'response' && s.left !== 0)
      lines.push(s.left === null ? `Use ${s.name}` : `Use ${s.name} (${s.left} left)`);
  return lines;
}
