// The app side of the Bandit's, Aristocrat's, Lich Doctor's and Witch's skills (rulebook ch.2) and of
// ailments: what each reads from the campaign, the rule it calls, and what it writes in the caller's
// transaction. Ailments are kept in one setting keyed by Lichslayer (whose token shows them) and by
// token (entities, Retainers, Familiars), so every change is one undo step like any other.
import type { PlayReader, PlaySession } from '../state/session.ts';
import { z } from 'zod';
import type { TokenView } from '@shared/board.ts';
import { AILMENTS, type Ailment } from '@shared/ailments.ts';
import { allTokens, ensureRoom, roomAt, tokenRecord } from '../state/board.ts';
import { readSetting, writeSetting } from '../state/settings.ts';
import { readTown } from '../state/town.ts';
import { lifeRecord } from '../state/life-records.ts';
import { changeAilment, liftOne, sortAilments } from '../rules/ailments.ts';
import { diceOfFaces, mechanismRecovered, rollCheat } from '../rules/skills-bandit.ts';
import { cureProgress, rollCure } from '../rules/skills-doctor.ts';
import {
  commandGrant,
  commandRefusal,
  factionMix,
  heirloomCoverRefusal,
  influenceProgress,
  influenceStreak,
  retainerIntelPlan,
  rollInfluence,
} from '../rules/skills-aristocrat.ts';
import { presetChallenge } from '../rules/challenge.ts';
import { lichslayerChallenge } from './combat-hooks.ts';
import { CommandFailure } from '../state/failures.ts';
import { holdsSkill, type LichslayerRow } from './lichslayer-row.ts';
import { PARTY_KINDS } from './phase-store.ts';
import { lichslayerMagic } from './spellcasting.ts';
import { roundNow } from './fight-state.ts';
import { contentsFor, fillRoom } from './board-ops.ts';
import { communeAheadFloor, communeReading } from '../rules/skills-witch.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import { addToInventory } from '../state/inventory.ts';

const list = z.array(z.enum(AILMENTS)).max(AILMENTS.length);
// A token's entry names the token it was set on (its name and placement): SQLite may give a removed
// token's id to the next one placed, which must not inherit its ailments.
const tokenEntry = z.object({ name: z.string().max(200), placed: z.number().int(), ailments: list });
const ailmentsSchema = z.object({
  lichslayers: z.record(z.string(), list).default({}),
  tokens: z.record(z.string(), tokenEntry).default({}),
});
type AilmentBook = z.output<typeof ailmentsSchema>;

const readBook = (ps: PlayReader): AilmentBook =>
  readSetting(ps, 'ailments', ailmentsSchema, { lichslayers: {}, tokens: {} });

/** Who carries an ailment: a Lichslayer (on and off the board) or another token. */
export type Carrier = { lichslayerId: number } | { tokenId: number };

/** A token's carrier: a Lichslayer's token carries the Lichslayer's ailments. */
export const carrierOf = (t: TokenView): Carrier =>
  t.lichslayerId !== null ? { lichslayerId: t.lichslayerId } : { tokenId: t.id };

/** The ailments a carrier has now, in the book's order. */
export function ailmentsOf(ps: PlayReader, who: Carrier, book: AilmentBook = readBook(ps)): Ailment[] {
  if ('lichslayerId' in who) return sortAilments(book.lichslayers[String(who.lichslayerId)] ?? []);
  const entry = book.tokens[String(who.tokenId)];
  const t = entry ? tokenRecord(ps, who.tokenId) : null;
  return entry && t && t.name === entry.name && t.placed_at === entry.placed ? sortAilments(entry.ailments) : [];
}

function writeAilments(ps: PlaySession, who: Carrier, next: readonly Ailment[]): void {
  const book = readBook(ps);
  if ('lichslayerId' in who) {
    const key = String(who.lichslayerId);
    const rest = Object.fromEntries(Object.entries(book.lichslayers).filter(([k]) => k !== key));
    writeSetting(ps, 'ailments', { ...book, lichslayers: next.length ? { ...rest, [key]: [...next] } : rest });
    return;
  }
  const key = String(who.tokenId);
  const t = tokenRecord(ps, who.tokenId);
  // Entries of tokens no longer on the board are dropped as the book is written.
  const rest = Object.fromEntries(
    Object.entries(book.tokens).filter(([k]) => k !== key && tokenRecord(ps, Number(k)) !== null),
  );
  writeSetting(ps, 'ailments', {
    ...book,
    tokens: next.length && t ? { ...rest, [key]: { name: t.name, placed: t.placed_at, ailments: [...next] } } : rest,
  });
}

const lichslayerRow = (ps: PlayReader, id: number) => ps.byId('lichslayer', id) ?? undefined;

function tokenOf(ps: PlayReader, id: number): TokenView {
  const t = allTokens(ps).find((k) => k.id === id);
  if (!t) throw new CommandFailure('not-found', `No token ${id} on the board. Nothing changed.`);
  return t;
}

/** The Judge sets or clears an ailment (ch.2); Family Heirloom makes Bound fail with no roll. */
export function setAilment(
  ps: PlaySession,
  args: { lichslayerId?: number | undefined; tokenId?: number | undefined; ailment: Ailment; on: boolean },
): string[] {
  let who: Carrier;
  let name: string;
  let l: LichslayerRow | undefined;
  if (args.tokenId !== undefined) {
    const t = tokenOf(ps, args.tokenId);
    if (t.kind === 'phylactery')
      throw new CommandFailure(
        'refused',
        'The Phylactery is an object: it carries no ailment (ch.12). Nothing changed.',
      );
    who = carrierOf(t);
    name = t.name;
    if (t.lichslayerId !== null) l = lichslayerRow(ps, t.lichslayerId);
  } else {
    l = lichslayerRow(ps, args.lichslayerId!);
    if (!l)
      throw new CommandFailure(
        'not-found',
        `No Lichslayer with id ${args.lichslayerId} in this campaign. Nothing changed.`,
      );
    who = { lichslayerId: l.id };
    name = l.name;
  }
  const change = changeAilment(
    {
      name,
      ailments: ailmentsOf(ps, who),
      heirloom: !!l && holdsSkill(l, 'Family Heirloom'),
      heirloomCover: coveredBy(ps, who),
    },
    args.ailment,
    args.on,
  );
  if (!change.ok) throw new CommandFailure('refused', `${change.refused}. Nothing changed.`);
  writeAilments(ps, who, change.ailments);
  return [change.explain];
}

/** Diagnose and Bandage also removes one physical ailment from each target healed (ch.2): the chosen one, or the first. */
export function liftAfterBandage(
  ps: PlaySession,
  doctor: LichslayerRow,
  tokenIds: readonly number[] | undefined,
  chosen: readonly { tokenId: number; ailment: Ailment }[] | undefined,
  lines: string[],
): void {
  const ids = [...new Set(tokenIds ?? [])];
  const stray = (chosen ?? []).find((c) => !ids.includes(c.tokenId));
  if (stray)
    throw new CommandFailure(
      'invalid-args',
      `Token ${stray.tokenId} is not among the characters healed: Diagnose and Bandage lifts an ailment only from those it heals (ch.2). Nothing changed.`,
    );
  for (const id of ids) {
    const t = tokenOf(ps, id);
    const who = carrierOf(t);
    const picks = (chosen ?? []).filter((c) => c.tokenId === id);
    if (picks.length > 1)
      throw new CommandFailure(
        'invalid-args',
        `Diagnose and Bandage removes one ailment from each target: ${picks.length} were chosen for ${t.name} (ch.2). Nothing changed.`,
      );
    let lift: ReturnType<typeof liftOne>;
    try {
      lift = liftOne(
        { name: t.name, ailments: ailmentsOf(ps, who) },
        picks[0]?.ailment,
        `${doctor.name}’s Diagnose and Bandage`,
      );
    } catch (e) {
      throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
    }
    if (!lift.lifted) continue;
    writeAilments(ps, who, lift.ailments);
    lines.push(lift.explain!);
  }
}

/** Cure (ch.2) on a living target: one ailment lifted, 25% of maximum Health restored rounded up, 1d6 Rounds acting from 0 as at 1. */
export function cureToken(
  ps: PlaySession,
  doctor: LichslayerRow,
  tokenId: number | undefined,
  chosen: Ailment | undefined,
  lines: string[],
): string {
  if (tokenId === undefined)
    throw new CommandFailure('invalid-args', 'Choose whom Cure is cast on (a token). Nothing changed.');
  const t = tokenOf(ps, tokenId);
  if (t.kind === 'phylactery')
    throw new CommandFailure(
      'refused',
      'The Phylactery is an object: Cure works on characters and entities (ch.2). Nothing changed.',
    );
  if (t.defeated)
    throw new CommandFailure(
      'refused',
      `${t.name} has fallen: Cure's revival of a fallen character is the Judge's to apply (ch.2). Nothing changed.`,
    );
  const who = carrierOf(t);
  const l = t.lichslayerId !== null ? lichslayerRow(ps, t.lichslayerId) : undefined;
  const vitals = l
    ? { health: l.health, maxHealth: l.max_health }
    : { health: t.health ?? 0, maxHealth: t.maxHealth ?? t.health ?? 0 };
  const cured = ps.roll('skill.use', ({ dice }) => {
    let c: ReturnType<typeof rollCure>;
    try {
      c = rollCure(dice, doctor.name, { name: t.name, ...vitals, ailments: ailmentsOf(ps, who) }, chosen);
    } catch (e) {
      throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
    }
    return {
      value: c,
      records: [
        { cause: `${doctor.name} uses Cure on ${t.name}`, character: doctor.name, explain: c.explain, result: c },
      ],
    };
  });
  if (l) ps.update('lichslayer', l.id, { health: cured.health });
  else ps.update('token', t.id, { health: cured.health });
  if (cured.lifted) writeAilments(ps, who, cured.ailments);
  lines.push(cured.explain);
  return t.name;
}

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
    const c = rollCheat(dice, { bandit: bandit.name, entry, dice: faces, keep: better });
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
  const r = ps.roll('skill.use', ({ dice }) => {
    const i = rollInfluence(dice, {
      aristocrat: aristocrat.name,
      power: aristocrat.power,
      magic,
      level: aristocrat.level,
      on,
      how,
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

/** Whether a skill is enhanced for this Lichslayer (ch.2). */
export const enhancedSkill = (ps: PlayReader, l: LichslayerRow, skill: string): boolean =>
  lifeRecord(ps, l.id).enhanced.includes(skill);

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

// Family Heirloom enhanced (ch.2): whom each Aristocrat covers, and in which Round (null: outside a fight).
const coverSchema = z.record(
  z.string(),
  z.object({
    tokenId: z.number().int(),
    name: z.string().max(200),
    serial: z.number().int().nullable(),
    round: z.number().int().nullable(),
  }),
);
const readCovers = (ps: PlayReader) => readSetting(ps, 'heirloom-cover', coverSchema, {});
const sameRound = (
  c: { serial: number | null; round: number | null },
  now: { serial: number; round: number } | null,
) => (now ? c.serial === now.serial && c.round === now.round : c.serial === null);

const tokenOfCarrier = (ps: PlayReader, who: Carrier): TokenView | undefined =>
  allTokens(ps).find((t) => ('lichslayerId' in who ? t.lichslayerId === who.lichslayerId : t.id === who.tokenId));
const steps = (a: TokenView | undefined, b: TokenView | undefined): number | null =>
  a && b && a.floor !== null && a.floor === b.floor && a.x !== null && a.y !== null && b.x !== null && b.y !== null
    ? Math.abs(a.x - b.x) + Math.abs(a.y - b.y)
    : null;

/** The Aristocrat whose enhanced Family Heirloom covers this carrier now (chosen this Round, still within 1 space), or null. */
function coveredBy(ps: PlayReader, who: Carrier): string | null {
  const me = tokenOfCarrier(ps, who);
  if (!me) return null;
  const now = roundNow(ps);
  for (const [id, c] of Object.entries(readCovers(ps))) {
    if (c.tokenId !== me.id || !sameRound(c, now)) continue;
    const a = lichslayerRow(ps, Number(id));
    if (!a || !holdsSkill(a, 'Family Heirloom') || !enhancedSkill(ps, a, 'Family Heirloom')) continue;
    const d = steps(tokenOfCarrier(ps, { lichslayerId: a.id }), me);
    if (d !== null && d <= 1) return a.name;
  }
  return null;
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
  const covers = readCovers(ps);
  const held = covers[String(aristocrat.id)];
  const refused = heirloomCoverRefusal({
    aristocrat: aristocrat.name,
    target: {
      name: t.name,
      self: t.lichslayerId === aristocrat.id,
      ally: !t.defeated && PARTY_KINDS.has(t.kind),
      steps: steps(mine, t),
    },
    chosen: held && sameRound(held, now) ? held.name : null,
  });
  if (refused) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  writeSetting(ps, 'heirloom-cover', {
    ...covers,
    [String(aristocrat.id)]: { tokenId: t.id, name: t.name, serial: now?.serial ?? null, round: now?.round ?? null },
  });
  lines.push(
    `${aristocrat.name}'s Family Heirloom covers ${t.name} ${now ? `this Round (${now.round})` : 'until a fight begins'}: Bound and compelling effects fail on them without a roll (ch.2)`,
  );
  return t.name;
}

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

// Cure's unlock (ch.2): heals back from 0 Health by the Doctor's Diagnose and Bandage (a skill, not a spell), counted per Doctor.
const healsSchema = z.record(z.string(), z.number().int().min(0));
const readHeals = (ps: PlayReader) => readSetting(ps, 'heals-from-zero', healsSchema, {});

/** The tokens at 0 Health among those about to be healed. */
export function atZeroHealth(ps: PlayReader, tokenIds: readonly number[] | undefined): number[] {
  return [...new Set(tokenIds ?? [])].filter((id) => {
    const t = allTokens(ps).find((k) => k.id === id);
    return t !== undefined && t.health === 0;
  });
}

/** Counts the characters just healed back from 0 toward Cure, and unlocks it once the count is met with all three skills held (ch.2). */
export function countHealsFromZero(
  ps: PlaySession,
  doctor: LichslayerRow,
  wereAtZero: readonly number[],
  lines: string[],
): void {
  const back = wereAtZero.filter((id) => (allTokens(ps).find((k) => k.id === id)?.health ?? 0) > 0).length;
  if (!back) return;
  const heals = readHeals(ps);
  const total = (heals[String(doctor.id)] ?? 0) + back;
  writeSetting(ps, 'heals-from-zero', { ...heals, [String(doctor.id)]: total });
  const p = cureProgress(total);
  lines.push(`${doctor.name}: ${p.explain}`);
  if (p.have >= p.need && !doctor.capstone && doctor.skill1 && doctor.skill2 && doctor.skill3) {
    ps.update('lichslayer', doctor.id, { capstone: p.capstone });
    lines.push(`${doctor.name}'s capstone condition is met: ${p.capstone} unlocks (ch.2)`);
  }
}

/** Capstone progress the Gauntlet shows beyond the Bandit's and the Scholar's (ch.2): the Lich Doctor's Cure, the Aristocrat's Influence. */
export function doctorCapstone(
  ps: PlayReader,
  l: { id: number; hidden_class: string | null },
): ReturnType<typeof cureProgress> | null {
  if (l.hidden_class === 'The Lich Doctor') return cureProgress(readHeals(ps)[String(l.id)] ?? 0);
  if (l.hidden_class === 'The Aristocrat') return influenceProgress(readStreaks(ps)[String(l.id)] ?? 0);
  return null;
}

const readStreaks = (ps: PlayReader) => readSetting(ps, 'retainer-streaks', healsSchema, {});

/**
 * At a day's close (ch.2): each Aristocrat's days in a row with at least 3 active Retainers; at seven,
 * with all three skills held, Influence unlocks. The lines for the day's report.
 */
export function retainerStreaks(ps: PlaySession): string[] {
  const lines: string[] = [];
  const retainers = readTown(ps).retainers;
  const streaks = readStreaks(ps);
  const next: Record<string, number> = {};
  const rows = ps.all('lichslayer').filter((l) => l.hidden_class === 'The Aristocrat');
  for (const l of rows) {
    const s = influenceStreak(l.name, streaks[String(l.id)] ?? 0, retainers.filter((r) => r.employer === l.id).length);
    if (s.days) next[String(l.id)] = s.days;
    if (s.explain) lines.push(s.explain);
    const p = influenceProgress(s.days);
    if (p.have >= p.need && !l.capstone && l.skill1 && l.skill2 && l.skill3) {
      ps.update('lichslayer', l.id, { capstone: p.capstone });
      lines.push(`${l.name}'s capstone condition is met: ${p.capstone} unlocks (ch.2)`);
    }
  }
  if (JSON.stringify(next) !== JSON.stringify(streaks)) writeSetting(ps, 'retainer-streaks', next);
  return lines;
}
