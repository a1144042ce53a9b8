// Using a class skill (ch.2): the skill must be held and known, a passive one used only for the
// choice it carries, its usage limit unspent; its effect is the registry's; every use is recorded
// for limits and capstones, and a capstone whose condition is now met unlocks.
import type { LifeNotes } from '@shared/contract.ts';
import { capstoneProgress, limitReached, skillNamed, type SkillUse } from '../../rules/skills.ts';
import { allTokens } from '../../state/board.ts';
import { CommandFailure } from '../../state/failures.ts';
import { holdsSkill, requireLichslayer } from '../../state/lichslayer.ts';
import { lifeRecord } from '../../state/life-records.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { currentSession } from '../../state/sessions.ts';
import { recordSkillUse, usesForCapstone, usesForLimit } from '../../state/skill-uses.ts';
import { today } from '../../state/town.ts';
import { lichslayerMagic } from '../casting.ts';
import { skillMoment } from '../fight-state.ts';
import { combatActor, diveActor, stored } from '../machines.ts';
import { SKILL_EFFECTS } from './registry.ts';
import type { SkillArgsOf, SkillCall, SkillName, UseWindow } from './skill-call.ts';

/** The window a use is counted in: the session, day, floor, fight, visit, Round and turn. */
export function useWindow(ps: PlayReader, day: number): UseWindow {
  const dive = diveActor(ps).getSnapshot();
  const combat = stored(ps, 'machine:combat') ? combatActor(ps).getSnapshot().context : null;
  const moment = skillMoment(ps, {
    floor: dive.context.floor,
    manifested: String(dive.value) === 'manifestation',
  });
  return {
    session: currentSession(ps),
    day,
    floor: dive.context.floor,
    ...moment,
    round: moment.fight !== null ? (combat?.round ?? null) : null,
    turn: moment.fight !== null && combat ? combat.acted.length : null,
  };
}

export function useSkill<S extends SkillName>(ps: PlaySession, skill: S, args: SkillArgsOf[S]): LifeNotes {
  const l = requireLichslayer(ps, args.id);
  const def = skillNamed(skill);
  if (!holdsSkill(l, skill))
    throw new CommandFailure(
      'refused',
      `${l.name} does not hold ${skill}: skills unlock at levels 2, 4 and 6 (ch.2). Nothing changed.`,
    );
  if (!def)
    throw new CommandFailure(
      'refused',
      `${skill} is not a class skill the app knows: record its effect by hand. Nothing changed.`,
    );
  const effect = SKILL_EFFECTS[skill];
  const enhanced = lifeRecord(ps, l.id).enhanced.includes(def.name);
  if (def.kind === 'passive' && !effect?.passiveChoice?.({ ps, l, args, enhanced }))
    throw new CommandFailure('refused', `${def.name} is passive: it is always in effect (ch.2). Nothing changed.`);
  const day = today(ps);
  const now = useWindow(ps, day);
  const spent = limitReached(def, usesForLimit(ps, l.id, def.name, now), now, l.id, enhanced);
  if (spent) throw new CommandFailure('refused', `${spent}. Nothing changed.`);

  const notes: string[] = [];
  const token = allTokens(ps).find((t) => t.lichslayerId === l.id);
  const call: SkillCall<S> = {
    ps,
    l,
    def,
    args,
    notes,
    day,
    now,
    magic: lichslayerMagic(ps, l.id),
    rooms: ('rooms' in args && args.rooms) || [],
    token,
    enhanced,
    here: () => {
      if (!token || token.floor === null || token.x === null || token.y === null)
        throw new CommandFailure(
          'refused',
          `${l.name} is not on the board: ${def.name} acts in the Tombs. Nothing changed.`,
        );
      return { floor: token.floor, x: token.x, y: token.y };
    },
    usesInWindow: () => usesForLimit(ps, l.id, def.name, now),
  };
  const outcome = effect ? (effect.use(call) ?? {}) : (notes.push(`${l.name} uses ${def.name} (ch.2)`), {});
  const record: SkillUse = { lichslayerId: l.id, skill: def.name, ...now };
  for (const key of ['target', 'faction', 'tokenId', 'success'] as const)
    if (outcome[key] !== undefined && outcome[key] !== '') Object.assign(record, { [key]: outcome[key] });
  recordSkillUse(ps, record);
  // ch.2: the capstone unlocks once all three skills are held and its condition is met.
  const progress = capstoneProgress(l.hidden_class, usesForCapstone(ps, l.id, l.hidden_class), l.id);
  if (progress && progress.have >= progress.need && !l.capstone && l.skill1 && l.skill2 && l.skill3) {
    ps.update('lichslayer', l.id, { capstone: progress.capstone });
    notes.push(`${l.name}'s capstone condition is met: ${progress.capstone} unlocks (ch.2)`);
  }
  return { day, notes };
}
