// skill.*: Skill Points and using a class skill (rulebook ch.2); a use's rules and effects are the
// play engine's (play/skills/skill-use.ts and each class's file, through the registry).
import { lifeRecord, writeLifeRecord } from '../../state/life-records.ts';
import { CommandFailure } from '../../state/failures.ts';
import { requireLichslayer } from '../../state/lichslayer.ts';
import { today } from '../../state/town.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { useSkill } from '../../play/skills/skill-use.ts';
import { spendSkillPoint } from '../../play/skills/skill-points.ts';
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
      ctx.transact('skill.spendPoint', args, `Skill Point: ${args.action}`, (ps) => spendSkillPoint(ps, args)),
    'skill.use': (args) =>
      ctx.transact('skill.use', args, `Skill: ${args.skill}`, (ps) => useSkill(ps, args.skill, args)),
    'skill.end': (args) => ctx.transact('skill.end', args, `End ${args.skill}`, (ps) => endOneness(ps, args.id)),
  };
}
