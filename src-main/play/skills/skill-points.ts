// Spending a Skill Point (rulebook ch.2): it unlocks the next class skill not yet held, or
// enhances a held skill once. Refusals say why and change nothing.
import type { LifeNotes, ParsedArgsOf } from '@shared/contract.ts';
import { classSkill, skillNamed } from '../../rules/skills.ts';
import { CommandFailure } from '../../state/failures.ts';
import { lifeRecord, writeLifeRecord } from '../../state/life-records.ts';
import { requireLichslayer, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlaySession } from '../../state/session.ts';
import { today } from '../../state/town.ts';
import { skillGrantColumns } from './skill-facts.ts';

export function spendSkillPoint(ps: PlaySession, args: ParsedArgsOf<'skill.spendPoint'>): LifeNotes {
  const l = requireLichslayer(ps, args.id);
  const r = lifeRecord(ps, l.id);
  if (r.skillPoints < 1)
    throw new CommandFailure('refused', `${l.name} has no Skill Points to spend (ch.2). Nothing changed.`);
  const notes: string[] = [];
  if (args.action === 'unlock') unlockNext(ps, l, notes);
  else {
    const held = [l.skill1, l.skill2, l.skill3].some((k) => k && k.toLowerCase() === (args.skill ?? '').toLowerCase());
    if (!args.skill || !held)
      throw new CommandFailure('refused', `Enhance a skill ${l.name} holds (ch.2). Nothing changed.`);
    const name = skillNamed(args.skill)?.name ?? args.skill;
    if (r.enhanced.includes(name))
      throw new CommandFailure('refused', `${name} is enhanced already: each skill once (ch.2). Nothing changed.`);
    writeLifeRecord(ps, l.id, { ...r, enhanced: [...r.enhanced, name] });
    notes.push(`${l.name} enhances ${name} (ch.2)`);
  }
  writeLifeRecord(ps, l.id, { ...lifeRecord(ps, l.id), skillPoints: r.skillPoints - 1 });
  return { day: today(ps), notes };
}

/** A point unlocks Skill 2 or Skill 3, the next not yet held; Skill 1 comes with level 2. */
function unlockNext(ps: PlaySession, l: LichslayerRow, notes: string[]): void {
  if (!l.skill1)
    throw new CommandFailure('refused', `${l.name} must reach level 2 and hold Skill 1 first (ch.2). Nothing changed.`);
  const slot = !l.skill2 ? 2 : !l.skill3 ? 3 : null;
  const skill = slot ? classSkill(l.hidden_class, slot) : undefined;
  if (!slot || !skill)
    throw new CommandFailure(
      'refused',
      `${l.name} already holds every skill their class can unlock (ch.2). Nothing changed.`,
    );
  ps.update('lichslayer', l.id, {
    [`skill${slot}`]: skill.name,
    ...skillGrantColumns(l, { [`skill${slot}`]: skill.name }, notes),
  });
  notes.push(`${l.name} unlocks Skill ${slot}: ${skill.name} (ch.2)`);
}
