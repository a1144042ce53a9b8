// The Veteran's skills (ch.2): Rally, Recall's richest room, and Maneuver.
import type { SkillCall } from './skill-call.ts';
import { lichslayerOf, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { allTokens, roomsOfFloor } from '../../state/board.ts';
import { readHouseRules } from '../../state/settings.ts';
import { maneuverIsSecond, maneuverRefusal, rally, richestRoom } from '../../rules/skills-veteran.ts';
import type { SkillUse } from '../../rules/skills.ts';
import { isNear } from '../../rules/board-moves.ts';
import { moveOne, moveTokenByRules } from '../token-move.ts';
import { revealRoom } from '../room-reveal.ts';
import { CommandFailure } from '../../state/failures.ts';
import { loseNextTurn } from '../fight.ts';
import { diveActor, PARTY_KINDS } from '../machines.ts';
import { tokenNamed, standing, cell } from './breaker.ts';
import { notePreventedFall } from './capstone-counts.ts';

/**
 * Rally (the Veteran's capstone, ch.2): every character within 1 space of the Veteran — in the Lich's
 * manifestation, everyone present, who fight in one place (ch.16) — recovers a Sanity level (not the
 * Veteran) and gains Armor and Health equal to the Veteran's level, up to their maximum.
 */
export function rallyAround(ps: PlaySession, l: LichslayerRow, notes: string[]): void {
  const tokens = allTokens(ps);
  const me = tokens.find((t) => t.lichslayerId === l.id);
  let near: TokenView[];
  if (standing(me)) {
    near = tokens.filter(
      (t) =>
        PARTY_KINDS.has(t.kind) &&
        t.kind !== 'familiar' &&
        !t.defeated &&
        standing(t) &&
        t.floor === me.floor &&
        Math.abs(t.x! - me.x) + Math.abs(t.y! - me.y) <= 1,
    );
  } else if (String(diveActor(ps).getSnapshot().value) === 'manifestation') {
    const present = diveActor(ps).getSnapshot().context.present;
    near = present
      .map((id) => tokens.find((t) => t.lichslayerId === id))
      .filter((t): t is TokenView => !!t && !t.defeated);
    if (!near.some((t) => t.lichslayerId === l.id) && me) near.push(me);
  } else
    throw new CommandFailure(
      'refused',
      `${l.name} is not on the board: Rally acts in the Tombs or in the Lich's manifestation. Nothing changed.`,
    );
  const rallied = near.map((t) => {
    const row = t.lichslayerId !== null ? lichslayerOf(ps, t.lichslayerId) : undefined;
    const before = row
      ? {
          name: row.name,
          sanity: row.sanity,
          health: row.health,
          maxHealth: row.max_health,
          armor: row.armor,
          maxArmor: row.max_armor,
          isVeteran: row.id === l.id,
        }
      : {
          name: t.name,
          sanity: null,
          health: t.health ?? 0,
          maxHealth: t.maxHealth ?? t.health ?? 0,
          armor: t.armor ?? 0,
          maxArmor: null,
          isVeteran: false,
        };
    return { token: t, row, after: rally(l.level, before) };
  });
  ps.roll('skill.use', () => ({
    value: null,
    records: rallied.map((r) => ({
      cause: `${l.name} Rallies ${r.token.name}`,
      character: r.row?.name ?? null,
      explain: r.after.explain,
      result: { health: r.after.health, armor: r.after.armor, sanity: r.after.sanity },
    })),
  }));
  for (const r of rallied) {
    if (r.row)
      ps.update('lichslayer', r.row.id, { health: r.after.health, armor: r.after.armor, sanity: r.after.sanity! });
    else ps.update('token', r.token.id, { health: r.after.health, armor: r.after.armor });
    notes.push(r.after.explain);
  }
}

/** Recall enhanced (ch.2): after its reveal, the room not yet entered on the Veteran's floor with the most gold. */
export function recallRichest(ps: PlayReader, floor: number, notes: string[]): void {
  notes.push(
    richestRoom(
      roomsOfFloor(ps, floor)
        .filter((r) => r.revealed === 1)
        .map((r) => ({ x: r.x, y: r.y, gold: r.gold, entered: r.entered === 1 })),
    ).explain,
  );
}

/**
 * Maneuver (the Veteran's Skill 3, ch.2): answering an attack or spell declared on the Veteran or an
 * adjacent ally, both move to a room within 1 space that can take them, out of its way; the Veteran's
 * turn is not spent — but enhanced, a second use in the Round costs their next action.
 */
export function maneuver(
  ps: PlaySession,
  l: LichslayerRow,
  allyId: number | undefined,
  to: { x: number; y: number } | undefined,
  uses: readonly SkillUse[],
  now: { fight: number | null; round: number | null },
  notes: string[],
): string | undefined {
  const me = allTokens(ps).find((t) => t.lichslayerId === l.id);
  if (!standing(me))
    throw new CommandFailure('refused', `${l.name} is not on the board: Maneuver acts in the Tombs. Nothing changed.`);
  if (!to) throw new CommandFailure('invalid-args', 'Choose the room Maneuver moves to. Nothing changed.');
  const why = maneuverRefusal({ x: me.x, y: me.y }, to);
  if (why) throw new CommandFailure('refused', `${why}. Nothing changed.`);
  let ally: TokenView | undefined;
  if (allyId !== undefined && allyId !== me.id) {
    ally = tokenNamed(ps, allyId);
    if (
      !PARTY_KINDS.has(ally.kind) ||
      ally.defeated ||
      !standing(ally) ||
      !isNear({ floor: me.floor, x: me.x, y: me.y }, { floor: ally.floor, x: ally.x, y: ally.y }, readHouseRules(ps))
    ) {
      throw new CommandFailure(
        'refused',
        `Maneuver carries an ally adjacent to ${l.name}: ${ally.name} is not. Nothing changed.`,
      );
    }
  }
  const moved: string[] = [];
  // The board's own move: a full room (ch.9) refuses either of them, and nothing moves.
  moveTokenByRules(ps, me.id, me.floor, to.x, to.y, moved, 'skill.use');
  // The ally goes where the Veteran takes them, a step or two from its own room: no adjacency to confirm.
  if (ally && !(ally.floor === me.floor && ally.x === to.x && ally.y === to.y))
    moveOne(ps, tokenNamed(ps, ally.id), me.floor, to.x, to.y, true, moved, 'skill.use');
  notes.push(
    `${l.name} Maneuvers${ally ? ` with ${ally.name}` : ''} to ${cell(me.floor, to.x, to.y)}, out of the declared attack or spell's way; it does not take ${l.name}'s turn (ch.2)`,
    ...moved,
  );
  if (maneuverIsSecond(uses, now, l.id))
    loseNextTurn(ps, me, 'a second Maneuver this Round costs the next action (ch.2, enhanced)', notes);
  return ally?.name;
}

/** Recall (ch.2): up to Magic rooms of the current floor revealed, without entering them; enhanced, the richest named. */
export function recallRooms(c: SkillCall<'Recall'>): void {
  const pos = c.here();
  if (c.rooms.length === 0)
    throw new CommandFailure('invalid-args', 'Choose the rooms Recall reveals. Nothing changed.');
  if (c.rooms.length > c.magic)
    throw new CommandFailure(
      'refused',
      `Recall reveals up to Magic rooms: ${c.l.name} has Magic ${c.magic} and chose ${c.rooms.length} (ch.2). Nothing changed.`,
    );
  for (const r of c.rooms) revealRoom(c.ps, pos.floor, r.x, r.y, c.notes, c.l.name);
  if (c.enhanced) recallRichest(c.ps, pos.floor, c.notes);
  if (!c.notes.length) c.notes.push('Every room chosen was already revealed');
}

/**
 * The Judge says the attack or spell a Maneuver avoided would have brought the ally to 0 Health
 * (ch.2): one fall prevented, counted toward Rally. It carries an ally, so one must be named.
 */
export function maneuverPrevented(ps: PlaySession, l: LichslayerRow, ally: string | undefined, notes: string[]): void {
  if (!ally)
    throw new CommandFailure(
      'invalid-args',
      `Name the ally ${l.name}'s Maneuver kept from 0 Health (tokenId): Rally counts a party member's fall prevented (ch.2). Nothing changed.`,
    );
  notePreventedFall(ps, l, ally, notes);
}
