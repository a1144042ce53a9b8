// skill.*: Skill Points and using a class skill (rulebook ch.2); a use's rules and effects are the
// play engine's (play/skills/skill-use.ts and each class's file, through the registry).
import { lifeRecord, writeLifeRecord } from '../../state/life-records.ts';
import { classSkill, skillNamed } from '../../rules/skills.ts';
import { CommandFailure } from '../../state/failures.ts';
import { requireLichslayer } from '../../state/lichslayer.ts';
import { today } from '../../state/town.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { useSkill } from '../../play/skills/skill-use.ts';
import { skillGrantColumns } from '../../play/skills/skill-facts.ts';
import { endOneness } from '../../play/skills/oneness.ts';

export function skillHandlers(ctx: HandlerContext): HandlersOf<'skill'> {
  return {
    'skill.points': (args) =>
      ctx.transact('skill.points', args, `Skill points ${args.delta > 0 ? '+' : ''}${args.delta}`, (ps) => {
        const l = requireLichslayer(ps, args.id);
        const r = lifeRecord(ps, args.id);
        const points = r.skillPoints + args.delta;
        if (points < 0)
          throw new CommandFailure(
            'refused',
            `${l.name} has ${r.skillPoints} Skill Points: cannot take ${-args.delta}. Nothing changed.`,
          );
        writeLifeRecord(ps, args.id, { ...r, skillPoints: points });
        return { day: today(ps), notes: [`${l.name}: ${points} Skill Point${points === 1 ? '' : 's'} (ch.2)`] };
      }),
    'skill.spendPoint': (args) =>
      ctx.transact('skill.spendPoint', args, `Skill Point: ${args.action}`, (ps) => {
        const l = requireLichslayer(ps, args.id);
        const r = lifeRecord(ps, l.id);
        if (r.skillPoints < 1)
          throw new CommandFailure('refused', `${l.name} has no Skill Points to spend (ch.2). Nothing changed.`);
        const notes: string[] = [];
        if (args.action === 'unlock') {
          // ch.2: a point unlocks Skill 2 or Skill 3 (the next not yet held); Skill 1 comes with level 2.
          if (!l.skill1)
            throw new CommandFailure(
              'refused',
              `${l.name} must reach level 2 and hold Skill 1 first (ch.2). Nothing changed.`,
            );
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
        } else {
          const held = [l.skill1, l.skill2, l.skill3].some(
            (k) => k && k.toLowerCase() === (args.skill ?? '').toLowerCase(),
          );
          if (!args.skill || !held)
            throw new CommandFailure('refused', `Enhance a skill ${l.name} holds (ch.2). Nothing changed.`);
          const name = skillNamed(args.skill)?.name ?? args.skill;
          if (r.enhanced.includes(name))
            throw new CommandFailure(
              'refused',
              `${name} is enhanced already: each skill once (ch.2). Nothing changed.`,
            );
          writeLifeRecord(ps, l.id, { ...r, enhanced: [...r.enhanced, name] });
          notes.push(`${l.name} enhances ${name} (ch.2)`);
        }
        writeLifeRecord(ps, l.id, { ...lifeRecord(ps, l.id), skillPoints: r.skillPoints - 1 });
        return { day: today(ps), notes };
      }),
    'skill.use': (args) =>
      ctx.transact('skill.use', args, `Skill: ${args.skill}`, (ps) => useSkill(ps, args.skill, args)),
    'skill.end': (args) => ctx.transact('skill.end', args, `End ${args.skill}`, (ps) => endOneness(ps, args.id)),
  };
}
