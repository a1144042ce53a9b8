// The Witch's skills (ch.2, ch.3, ch.17): Commune reading ahead or learning a spell through a conduit,
// and her Familiar's Health.
import type { SkillCall, SkillOutcome } from './skill-call.ts';
import { casterOf, findSpell } from '../casting.ts';
import { learnThroughCommune } from '../school-access.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { allTokens, ensureRoom, roomAt } from '../../state/board.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';
import { contentsFor, fillRoom, revealRoom } from '../room-reveal.ts';
import { communeAheadFloor, communeReading } from '../../rules/skills-witch.ts';
import { enhancedSkill } from './skill-facts.ts';
import { FAMILIAR_SKILL, hasFamiliarSkill } from '../../rules/familiar.ts';
import { summonedFamiliar } from '../../rules/familiar-summon.ts';

/**
 * Commune enhanced (ch.2): one room two floors below the Witch's, its contents rolled now if no one has
 * (prepared, not revealed: the players see it only when the party gets there), and told to the Judge.
 */
export function communeAhead(
  ps: PlaySession,
  witch: LichslayerRow,
  floor: number,
  rooms: readonly { x: number; y: number }[],
  lines: string[],
): void {
  const [r] = rooms;
  if (!r || rooms.length > 1)
    throw new CommandFailure('invalid-args', 'Choose one room for Commune to read two floors ahead. Nothing changed.');
  const ahead = communeAheadFloor({ witch: witch.name, floor, enhanced: enhancedSkill(ps, witch, 'Commune') });
  if ('refused' in ahead) throw new CommandFailure('refused', `${ahead.refused}. Nothing changed.`);
  const room = ensureRoom(ps, ahead.floor, r.x, r.y);
  if (!room.revealed && !room.prepared) fillRoom(ps, room, contentsFor(ps, ahead.floor, r.x, r.y, 'skill.use'), false);
  const now = roomAt(ps, ahead.floor, r.x, r.y)!;
  const here = allTokens(ps)
    .filter((t) => t.kind === 'entity' && t.floor === ahead.floor && t.x === r.x && t.y === r.y && !t.defeated)
    .map((t) => t.name);
  const reading = communeReading(
    {
      floor: ahead.floor,
      x: r.x,
      y: r.y,
      name: now.name,
      type: now.room_type,
      trapped: now.trap !== null,
      chest: now.chest !== null,
      gold: now.gold,
    },
    here,
  );
  lines.push(`${witch.name} Communes with ${reading}`);
}

/** A Familiar placed for its Witch (ch.2): her Familiar skill must be held; enhanced, its Health is doubled. */
export function familiarHealth(
  ps: PlayReader,
  args: { kind: string; name: string; health: number | null; witch?: number | undefined },
  lines: string[],
): number | null {
  if (args.witch === undefined) return args.health;
  if (args.kind !== 'familiar')
    throw new CommandFailure(
      'invalid-args',
      `Only a Familiar has a Witch: ${args.name} is not a Familiar token. Nothing changed.`,
    );
  const l = ps.byId('lichslayer', args.witch) ?? undefined;
  if (!l)
    throw new CommandFailure('not-found', `No Lichslayer with id ${args.witch} in this campaign. Nothing changed.`);
  const placed = summonedFamiliar({
    witch: l.name,
    holdsSkill: hasFamiliarSkill([l.skill1, l.skill2, l.skill3]),
    enhanced: enhancedSkill(ps, l, FAMILIAR_SKILL),
    name: args.name,
    health: args.health,
  });
  if ('refused' in placed) throw new CommandFailure('refused', `${placed.refused}. ${args.name} was not added.`);
  if (placed.explain) lines.push(placed.explain);
  return placed.health;
}

/**
 * Commune (ch.2): every room within 1 space, or one room up to Magic spaces away; enhanced, two floors
 * ahead; or, with a spell named, coloured loot as a conduit to learn one spell of its school (ch.17).
 */
export function commune(c: SkillCall<'Commune'>): SkillOutcome | void {
  if (c.args.spell) {
    const spell = findSpell(c.ps, c.args.spell.table, c.args.spell.row);
    const target = learnThroughCommune(
      c.ps,
      c.l,
      { table: spell.table.key, row: spell.row, label: spell.label, school: spell.fields.school },
      casterOf(c.ps, c.l.id).items,
      c.notes,
    );
    return { target };
  }
  const pos = c.here();
  if (c.args.ahead) return communeAhead(c.ps, c.l, pos.floor, c.rooms, c.notes);
  const [r] = c.rooms;
  if (!r || c.rooms.length > 1)
    throw new CommandFailure('invalid-args', 'Choose one room for Commune. Nothing changed.');
  const steps = Math.abs(r.x - pos.x) + Math.abs(r.y - pos.y);
  if (steps <= 1) {
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const x = pos.x + dx;
      const y = pos.y + dy;
      if (x >= 0 && x < 5 && y >= 0 && y < 5) revealRoom(c.ps, pos.floor, x, y, c.notes, c.l.name);
    }
  } else if (steps <= c.magic) revealRoom(c.ps, pos.floor, r.x, r.y, c.notes, c.l.name);
  else
    throw new CommandFailure(
      'refused',
      `Commune reaches one room up to Magic spaces away: that room is ${steps} away and ${c.l.name} has Magic ${c.magic} (ch.2). Nothing changed.`,
    );
  if (!c.notes.length) c.notes.push('Every room chosen was already revealed');
}
