// The Aristocrat's skills (ch.2): Command, Influence, the Retainers' intelligence and their days in a
// row, and the Family Heirloom's cover.
import { enhancedSkill } from './skill-facts.ts';
import { tokenOf, allTokens, ensureRoom, roomAt } from '../../state/board.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { readTown, writeTown } from '../../state/town.ts';
import {
  commandGrant,
  commandRefusal,
  factionMix,
  heirloomCoverRefusal,
  influenceProgress,
  influenceStreak,
  retainerIntelPlan,
  rollInfluence,
} from '../../rules/skills-aristocrat.ts';
import { presetChallenge } from '../../rules/challenge.ts';
import { lichslayerChallenge } from '../round-hooks.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';
import { PARTY_KINDS } from '../machines.ts';
import { rollModifiersFor } from '../gear.ts';
import { lichslayerMagic } from '../casting.ts';
import { roundNow } from '../fight-state.ts';
import { contentsFor, fillRoom } from '../room-reveal.ts';
import { communeReading } from '../../rules/skills-witch.ts';
import { sameRound, tokenOfCarrier, steps } from './ailments.ts';
import { payHolidayRefusal } from '../../rules/retainer-pay.ts';

/** Command (ch.2): a Retainer of the Aristocrat's directed, or an ally granted an action; two when enhanced. */
export function commandTargets(
  ps: PlayReader,
  aristocrat: LichslayerRow,
  tokenIds: readonly number[] | undefined,
  enhanced: boolean,
  lines: string[],
): string {
  const mine = new Set(
    readTown(ps)
      .retainers.filter((r) => r.employer === aristocrat.id && r.tokenId !== null)
      .map((r) => r.tokenId!),
  );
  const targets = [...new Set(tokenIds ?? [])].map((id) => tokenOf(ps, id));
  const refused = commandRefusal({
    aristocrat: aristocrat.name,
    enhanced,
    targets: targets.map((t) => ({
      name: t.name,
      self: t.lichslayerId === aristocrat.id,
      ok: !t.defeated && (mine.has(t.id) || (PARTY_KINDS.has(t.kind) && t.kind !== 'retainer')),
    })),
  });
  if (refused) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  for (const t of targets) lines.push(commandGrant(aristocrat.name, { name: t.name, retainer: mine.has(t.id) }));
  return targets.map((t) => t.name).join(', ');
}

/**
 * Influence (ch.2): the full pool rolled and added to, or taken from, a roll by anyone the Aristocrat
 * sees; against the Lich a Challenge of 24 comes first, and on a failure nothing is added.
 */
export function influenceRoll(
  ps: PlaySession,
  aristocrat: LichslayerRow,
  tokenId: number | undefined,
  how: 'add' | 'subtract' | undefined,
  lines: string[],
): { target: string; success: boolean } {
  if (!how)
    throw new CommandFailure(
      'invalid-args',
      'Say whether Influence adds to a friendly roll or takes from a hostile one. Nothing changed.',
    );
  const t = tokenId !== undefined ? tokenOf(ps, tokenId) : null;
  const on = t ? `${t.name}'s roll` : 'a roll';
  if (t?.stats.lich) {
    const preset = presetChallenge({ id: 'influence-lich' });
    if ('refused' in preset) throw new CommandFailure('refused', `${preset.refused}. Nothing changed.`);
    const c = lichslayerChallenge(ps, 'skill.use', {
      lichslayerId: aristocrat.id,
      target: preset.target,
      cause: `${aristocrat.name}: ${preset.label}`,
      sanity: null,
    });
    lines.push(`${preset.explain}: ${c.explain}`);
    if (!c.passed) {
      lines.push(`${t.name} does not bend: Influence adds nothing, and it is spent for the day (ch.2)`);
      return { target: t.name, success: false };
    }
  }
  const magic = lichslayerMagic(ps, aristocrat.id);
  const modifiers = rollModifiersFor(ps, aristocrat).all;
  const r = ps.roll('skill.use', ({ dice }) => {
    const i = rollInfluence(dice, {
      aristocrat: aristocrat.name,
      power: aristocrat.power,
      magic,
      level: aristocrat.level,
      on,
      how,
      modifiers,
    });
    return {
      value: i,
      records: [
        {
          cause: `${aristocrat.name} uses Influence on ${on}`,
          character: aristocrat.name,
          explain: i.explain,
          result: i,
        },
      ],
    };
  });
  lines.push(r.explain);
  return { target: t?.name ?? 'a roll', success: true };
}

/** Family Heirloom enhanced (ch.2): the Aristocrat chooses this Round's Retainer or ally within 1 space, whom Bound then fails on too. */
export function chooseHeirloomCover(
  ps: PlaySession,
  aristocrat: LichslayerRow,
  tokenId: number | undefined,
  lines: string[],
): string {
  if (tokenId === undefined)
    throw new CommandFailure(
      'invalid-args',
      'Choose the Retainer or ally Family Heirloom covers this Round (a token). Nothing changed.',
    );
  const t = tokenOf(ps, tokenId);
  const mine = tokenOfCarrier(ps, { lichslayerId: aristocrat.id });
  const now = roundNow(ps);
  const held = ps.all('heirloom_cover').find((c) => c.lichslayer_id === aristocrat.id);
  const refused = heirloomCoverRefusal({
    aristocrat: aristocrat.name,
    target: {
      name: t.name,
      self: t.lichslayerId === aristocrat.id,
      ally: !t.defeated && PARTY_KINDS.has(t.kind),
      steps: steps(mine, t),
    },
    chosen: held && sameRound(held, now) ? (ps.byId('token', held.token_id)?.name ?? null) : null,
  });
  if (refused) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  const cover = { token_id: t.id, serial: now?.serial ?? null, round: now?.round ?? null };
  if (held) ps.update('heirloom_cover', held.id, cover);
  else ps.insert('heirloom_cover', { lichslayer_id: aristocrat.id, ...cover });
  lines.push(
    `${aristocrat.name}'s Family Heirloom covers ${t.name} ${now ? `this Round (${now.round})` : 'until a fight begins'}: Bound and compelling effects fail on them without a roll (ch.2)`,
  );
  return t.name;
}

/**
 * A Retainer's floor intelligence (ch.2): one piece per floor from each of the Aristocrat's Retainers, by
 * grade. The rooms it reads are rolled now if no one has (prepared, not revealed) and told to the Judge.
 */
export function retainerIntel(
  ps: PlaySession,
  aristocrat: LichslayerRow,
  retainerToken: number | undefined,
  rooms: readonly { x: number; y: number }[],
  usedThisFloor: (tokenId: number) => boolean,
  lines: string[],
): { target: string; tokenId: number } {
  const r = readTown(ps).retainers.find(
    (k) => k.employer === aristocrat.id && k.tokenId !== null && k.tokenId === retainerToken,
  );
  if (!r || r.tokenId === null)
    throw new CommandFailure(
      'refused',
      `Choose one of ${aristocrat.name}'s Retainers on the board: each gives one piece of floor intelligence (ch.2). Nothing changed.`,
    );
  const me = tokenOf(ps, r.tokenId);
  if (me.floor === null)
    throw new CommandFailure(
      'refused',
      `${r.name} is not in the Tombs: floor intelligence is of the floors below (ch.2). Nothing changed.`,
    );
  const plan = retainerIntelPlan({
    retainer: r.name,
    grade: r.grade,
    floor: me.floor,
    usedThisFloor: usedThisFloor(r.tokenId),
  });
  if ('refused' in plan) throw new CommandFailure('refused', `${plan.refused}. Nothing changed.`);
  const prepare = (x: number, y: number) => {
    const room = ensureRoom(ps, plan.floor, x, y);
    if (!room.revealed && !room.prepared) fillRoom(ps, room, contentsFor(ps, plan.floor, x, y, 'skill.use'), false);
    return roomAt(ps, plan.floor, x, y)!;
  };
  if (plan.tells === 'factions') {
    for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) prepare(x, y);
    const mix = factionMix(
      allTokens(ps)
        .filter((t) => t.kind === 'entity' && t.floor === plan.floor && !t.defeated)
        .map((t) => t.stats.faction),
    );
    lines.push(`${r.name} (Exceptional) tells of Floor ${plan.floor}, two floors ahead: ${mix} (ch.2)`);
  } else {
    const [at] = rooms;
    if (!at || rooms.length > 1)
      throw new CommandFailure(
        'invalid-args',
        `Choose the one room of Floor ${plan.floor} ${r.name} tells of. Nothing changed.`,
      );
    const room = prepare(at.x, at.y);
    if (plan.tells === 'kind')
      lines.push(
        `${r.name} (Common) tells of F${plan.floor} (${at.x + 1},${at.y + 1}), the next floor: a ${room.room_type ?? 'room'} (ch.2)`,
      );
    else {
      const here = allTokens(ps)
        .filter((t) => t.kind === 'entity' && t.floor === plan.floor && t.x === at.x && t.y === at.y && !t.defeated)
        .map((t) => t.name);
      lines.push(
        `${r.name} (Skilled) tells of ${communeReading({ floor: plan.floor, x: at.x, y: at.y, name: room.name, type: room.room_type, trapped: room.trap !== null, chest: room.chest !== null, gold: room.gold }, here).replace('two floors ahead', 'one floor ahead')}`,
      );
    }
  }
  return { target: r.name, tokenId: r.tokenId };
}

/**
 * At a day's close (ch.2): each Aristocrat's days in a row with at least 3 active Retainers; at seven,
 * with all three skills held, Influence unlocks. The lines for the day's report.
 */
export function retainerStreaks(ps: PlaySession): string[] {
  const lines: string[] = [];
  const retainers = readTown(ps).retainers;
  const rows = ps.all('lichslayer').filter((l) => l.hidden_class === 'The Aristocrat');
  for (const l of rows) {
    const s = influenceStreak(l.name, l.retainer_streak, retainers.filter((r) => r.employer === l.id).length);
    if (s.days !== l.retainer_streak) ps.update('lichslayer', l.id, { retainer_streak: s.days });
    if (s.explain) lines.push(s.explain);
    const p = influenceProgress(s.days);
    if (p.have >= p.need && !l.capstone && l.skill1 && l.skill2 && l.skill3) {
      ps.update('lichslayer', l.id, { capstone: p.capstone });
      lines.push(`${l.name}'s capstone condition is met: ${p.capstone} unlocks (ch.2)`);
    }
  }
  return lines;
}

/** Retainers enhanced (ch.2): the chosen Retainer of the Aristocrat's needs no pay at today's close. */
export function excusePay(
  ps: PlaySession,
  aristocrat: LichslayerRow,
  retainerId: number,
  day: number,
  lines: string[],
): string {
  const town = readTown(ps);
  const mine = town.retainers.filter((r) => r.employer === aristocrat.id);
  const r = mine.find((k) => k.id === retainerId) ?? null;
  const refused = payHolidayRefusal({
    aristocrat: aristocrat.name,
    enhanced: enhancedSkill(ps, aristocrat, 'Retainers'),
    retainer: r,
    day,
    excusedToday: mine.find((k) => k.holidayOn === day)?.name ?? null,
  });
  if (refused || !r) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  writeTown(ps, { ...town, retainers: town.retainers.map((k) => (k.id === r.id ? { ...k, holidayOn: day } : k)) });
  lines.push(`${aristocrat.name} excuses ${r.name} from pay for day ${day}: no wage is due at the day's close (ch.2)`);
  return r.name;
}
