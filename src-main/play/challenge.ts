// Challenges of every kind as the app rolls them (rulebook ch.1, ch.2, ch.8, ch.9, ch.11, ch.12): who
// rolls (a Lichslayer with their modifiers, or an entity at its level), the book's named Challenges
// that arise where they stand (looting at Edge or Paranoid, Predict, Counter Magic, Influence against
// the Lich, the Breaker's doorway, a trap's, an enemy ability's, Sanity), the roll or the Judge's
// total, the Sanity a failure costs, and a natural 1's integrity check.
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import type { ChallengePresetView, ChallengeSetupView, FightResult, challengeArgsSchema } from '@shared/fight.ts';
import type { z } from 'zod';
import { allTokens, parseTrap, roomAt } from '../state/board.ts';
import { lifeRecord } from '../state/life-records.ts';
import { readHouseRules } from '../state/settings.ts';
import { isNear } from '../rules/board-moves.ts';
import {
  presetChallenge,
  rollChallenge,
  judgeChallenge,
  type ChallengePreset,
  type PresetContext,
} from '../rules/challenge.ts';
import { DIFFICULTY } from '../rules/dice.ts';
import { lootingRule, sanityTarget } from '../rules/sanity.ts';
import type { RoomTrap } from '../rules/trap.ts';
import { lichslayerChallenge, type Where } from './round-hooks.ts';
import { CommandFailure } from '../state/failures.ts';
import { readFight, roundNow, roundOf } from './fight-state.ts';
import { equippedItems, influenceOffer, influenceToAdd, rollModifiersFor } from './gear.ts';
import { recallAssistFor } from './skills/skill-facts.ts';
import { holdsSkill, type LichslayerRow } from '../state/lichslayer.ts';
import { diveActor } from './machines.ts';
import { innOmensOn } from './inn-today.ts';

export type ChallengeArgs = z.output<typeof challengeArgsSchema>;

interface Roller {
  name: string;
  level: number;
  lichslayer: LichslayerRow | null;
  token: TokenView | null;
}

function rollerOf(ps: PlayReader, args: { lichslayerId?: number | undefined; tokenId?: number | undefined }): Roller {
  if ((args.lichslayerId === undefined) === (args.tokenId === undefined))
    throw new CommandFailure(
      'invalid-args',
      'Name who rolls: a Lichslayer (lichslayerId) or a token (tokenId), one of them.',
    );
  const tokens = allTokens(ps);
  const token =
    args.tokenId !== undefined
      ? tokens.find((t) => t.id === args.tokenId)
      : tokens.find((t) => t.lichslayerId === args.lichslayerId);
  if (args.tokenId !== undefined && !token)
    throw new CommandFailure('not-found', `No token ${args.tokenId} on the board.`);
  const lichslayerId = args.lichslayerId ?? token?.lichslayerId ?? null;
  if (lichslayerId !== null) {
    const l = ps.byId('lichslayer', lichslayerId) ?? undefined;
    if (!l) throw new CommandFailure('not-found', `No Lichslayer with id ${lichslayerId} in this campaign.`);
    return { name: l.name, level: l.level, lichslayer: l, token: token ?? null };
  }
  if (token!.kind === 'phylactery')
    throw new CommandFailure('refused', 'The Phylactery is an object: it rolls no Challenge (ch.12).');
  // An entity rolls at its level (ch.1, ch.12); a Retainer or Familiar has none, so one die.
  return { name: token!.name, level: token!.stats.level ?? 1, lichslayer: null, token: token! };
}

/** Where a Lichslayer's Sanity Challenge is rolled, for the Attention's shift (ch.5). */
function whereNow(ps: PlayReader): Where {
  const dive = diveActor(ps).getSnapshot();
  return dive.context.floor !== null ? 'tombs' : 'town';
}

/** The book's named Challenges that arise for this roller where they stand, each with its target by the rule. */
function presetsFor(ps: PlayReader, roller: Roller): (ChallengePreset & { key: string })[] {
  const rules = readHouseRules(ps);
  const tokens = allTokens(ps).filter((t) => !t.defeated);
  const me = roller.token;
  const here = (t: TokenView) => me !== null && t.floor === me.floor && t.x === me.x && t.y === me.y;
  const out: (ChallengePreset & { key: string })[] = [];
  const add = (key: string, ctx: PresetContext) => {
    const p = presetChallenge(ctx);
    if (!('refused' in p)) out.push({ ...p, key });
  };
  const l = roller.lichslayer;
  if (l) {
    const fight = readFight(ps);
    const now = roundNow(ps);
    const loot = lootingRule(
      l.sanity,
      { round: now?.round ?? null, lastLootRound: roundOf(fight.looted[String(l.id)], now) },
      rules,
    );
    if (loot.kind === 'challenge') add(loot.preset, { id: loot.preset });
    const lich = tokens.find((t) => t.stats.lich && (me === null || t.floor === me.floor));
    if (holdsSkill(l, 'Predict')) {
      for (const e of tokens.filter((t) => t.kind === 'entity' && here(t) && !t.stats.lich))
        add(`predict:${e.id}`, { id: 'predict', enemy: { name: e.name, level: e.stats.level ?? 1, lich: false } });
      if (lich)
        add(`predict:${lich.id}`, {
          id: 'predict',
          enemy: { name: lich.name, level: lich.stats.level ?? 1, lich: true },
        });
    }
    if (holdsSkill(l, 'Counter Magic'))
      for (const e of tokens.filter((t) => t.kind === 'entity' && (t.stats.magic ?? 0) > 0 && !t.stats.lich))
        add(`counter-magic:${e.id}`, {
          id: 'counter-magic',
          caster: { name: e.name, magic: e.stats.magic ?? 0, lich: false },
        });
    if (holdsSkill(l, 'Influence') && lich) add('influence-lich', { id: 'influence-lich' });
    if (me && me.floor !== null && me.x !== null && me.y !== null) {
      const room = roomAt(ps, me.floor, me.x, me.y);
      const trap = parseTrap(room?.trap ?? null) as RoomTrap | null;
      if (trap?.effect?.challenge)
        add('trap', {
          id: 'trap',
          trap: { label: trap.label, target: trap.effect.challenge.target, sanity: trap.effect.challenge.sanity },
        });
      if (room?.sanity_test) {
        const t = sanityTarget('sanity-test-room', rules);
        add('sanity:sanity-test-room', {
          id: 'sanity',
          target: t.target,
          why: `${room.name || 'this room'} is a Sanity Test (target ${t.source})`,
        });
      }
      for (const e of tokens.filter((t) => t.kind === 'entity' && here(t) && (t.stats.sanityAbility ?? 0) > 0))
        add(`sanity-ability:${e.id}`, {
          id: 'sanity-ability',
          enemy: { name: e.name, target: e.stats.sanityAbility! },
        });
    }
    const lichDamage = sanityTarget('lich-damage', rules);
    add('sanity:lich-damage', {
      id: 'sanity',
      target: lichDamage.target,
      why: `damage from a Lich-type source (${lichDamage.source})`,
    });
    const pvp = sanityTarget('pvp-kill', rules);
    add('sanity:pvp-kill', { id: 'sanity', target: pvp.target, why: `killing a player (${pvp.source})` });
  } else if (me) {
    // ch.2: an enemy entering past the Breaker's enhanced Break rolls against the Breaker's Power.
    for (const t of tokens) {
      if (
        t.kind !== 'lichslayer' ||
        t.lichslayerId === null ||
        t.floor === null ||
        t.floor !== me.floor ||
        t.x === null ||
        t.y === null ||
        me.x === null ||
        me.y === null
      )
        continue;
      const b = ps.byId('lichslayer', t.lichslayerId) ?? undefined;
      if (
        b &&
        holdsSkill(b, 'Break') &&
        lifeRecord(ps, b.id).enhanced.includes('Break') &&
        isNear(
          { floor: t.floor, x: t.x, y: t.y },
          { floor: t.floor, x: me.x, y: me.y },
          { ...rules, adjacency: 'same-or-neighbour' },
        )
      ) {
        add(`breaker-doorway:${t.lichslayerId}`, { id: 'breaker-doorway', breaker: { name: b.name, power: b.power } });
      }
    }
  }
  return out;
}

/** The Challenge dialog's view: who rolls, with what modifiers, and the named Challenges where they stand. */
export function challengeSetup(
  ps: PlayReader,
  args: { lichslayerId?: number | undefined; tokenId?: number | undefined },
): ChallengeSetupView {
  const roller = rollerOf(ps, args);
  const mods = roller.lichslayer ? rollModifiersFor(ps, roller.lichslayer) : null;
  const omens = roller.lichslayer ? innOmensOn(ps, roller.lichslayer.id) : [];
  const presets: ChallengePresetView[] = presetsFor(ps, roller).map(({ key, label, target, sanity, explain }) => ({
    key,
    label,
    target,
    sanity,
    explain,
  }));
  return {
    roller: {
      name: roller.name,
      level: roller.level,
      lichslayerId: roller.lichslayer?.id ?? null,
      tokenId: roller.token?.id ?? null,
      modifiers: [...(mods?.all ?? []), ...omens],
      explain: mods
        ? `${roller.level}d6, ${mods.explain}${omens.map((o) => `; ${o.source} ${o.value < 0 ? '−' : '+'}${Math.abs(o.value)}`).join('')}`
        : `${roller.level}d6 at its level (ch.1, ch.12)`,
    },
    presets,
    ladder: (Object.entries(DIFFICULTY) as [string, number][]).map(([label, target]) => ({
      label: label[0]!.toUpperCase() + label.slice(1),
      target,
    })),
    integrity: roller.lichslayer
      ? equippedItems(ps, roller.lichslayer.id)
          .filter((i) => !i.broken && !i.unbreakable)
          .map((i) => ({ slot: i.slot, name: i.name }))
      : [],
    influence: influenceOffer(ps, roller.lichslayer),
  };
}

/**
 * One Challenge (ch.1): a named one by its rule's target, or a target the Judge sets; a Sanity
 * Challenge drops a level on a failure (ch.8); a natural 1 calls an integrity check (ch.11).
 */
export function runChallenge(ps: PlaySession, args: ChallengeArgs, command: CommandName): FightResult {
  const roller = rollerOf(ps, args);
  let target: number;
  let sanity = args.sanity;
  let label: string;
  if (args.preset) {
    const preset = presetsFor(ps, roller).find((p) => p.key === args.preset);
    if (!preset)
      throw new CommandFailure(
        'refused',
        `“${args.preset}” is not a Challenge that arises for ${roller.name} now. Nothing changed.`,
      );
    target = preset.target;
    sanity = preset.sanity;
    label = `${preset.label} — ${preset.explain}`;
  } else {
    if (args.target === undefined)
      throw new CommandFailure(
        'invalid-args',
        'A Challenge needs a target (6, 12, 18, 24, 30 …) or a named Challenge.',
      );
    target = args.target;
    label = args.cause?.trim() || `${sanity ? 'Sanity Challenge' : 'Challenge'}, target ${target}`;
  }
  const cause = `${roller.name}: ${label}`;
  const result: FightResult = { lines: [], damage: null, challenge: null, atZero: [] };
  const l = roller.lichslayer;
  // ch.13: Influence adds to a Challenge; the Judge's own total takes none.
  const influence = args.total === undefined ? influenceToAdd(ps, l, args.influence, roller.name) : [];
  // ch.2: the Veteran's Recall adds their Power to another character's Challenge.
  if (args.assistBy !== undefined)
    args = { ...args, modifiers: [...args.modifiers, recallAssistFor(ps, args.assistBy, l?.id ?? null)] };
  if (l) {
    if (args.integritySlot && !equippedItems(ps, l.id).some((i) => i.slot === args.integritySlot))
      throw new CommandFailure('refused', `${l.name} has nothing in ${args.integritySlot}. Nothing changed.`);
    const r = lichslayerChallenge(ps, command, {
      lichslayerId: l.id,
      target,
      cause,
      sanity: sanity ? whereNow(ps) : null,
      other: args.modifiers,
      ...(args.total !== undefined ? { judgeTotal: args.total } : {}),
      ...(args.integritySlot ? { integritySlot: args.integritySlot } : {}),
      influence,
    });
    result.lines.push(r.explain);
    if (r.result) result.challenge = { total: r.result.total, target: r.result.target, success: r.result.success };
    return result;
  }
  if (sanity)
    throw new CommandFailure(
      'refused',
      `${roller.name} is not a Lichslayer: Sanity is theirs alone (ch.8). Nothing changed.`,
    );
  const r = ps.roll(command, ({ dice }) => {
    const c =
      args.total !== undefined
        ? judgeChallenge({ target }, args.total, readHouseRules(ps))
        : rollChallenge(dice, { level: roller.level, target, cause, other: args.modifiers }, readHouseRules(ps));
    return { value: c, records: [{ cause, explain: c.explain, result: c }] };
  });
  result.lines.push(`${cause}: ${roller.name} ${r.success ? 'succeeds' : 'fails'} (${r.explain})`);
  result.challenge = { total: r.total, target: r.target, success: r.success };
  return result;
}
