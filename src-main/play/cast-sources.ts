// The casts that come from elsewhere than the caster's own spells (rulebook ch.2): the Scholar's
// Scrolls, the Lich Doctor's Coat, the Witch's stolen spells. Held in one campaign setting (undoable
// like any row); the rules are in rules/spell-sources.ts, and a cast from any of them goes through
// phase.cast like every other.
import type { PlayReader, PlaySession } from '../state/session.ts';
import { z } from 'zod';
import type { TokenView } from '@shared/board.ts';
import type { SpellbookView } from '@shared/phase.ts';
import { allTokens } from '../state/board.ts';
import { currentSession } from '../state/sessions.ts';
import { readHouseRules, readSetting, writeSetting } from '../state/settings.ts';
import { holdsSkill, requireLichslayer, type LichslayerRow } from '../state/lichslayer.ts';
import type { CastOptions } from '../rules/spell-caster.ts';
import { schoolOpenTo } from '../rules/spell-schools.ts';
import {
  coatCapacity,
  coatRefusal,
  scrollRefusal,
  stealSpell,
  stolenRefusal,
  writeScroll,
  type CoatSpell,
  type Scroll,
  type StolenSpell,
} from '../rules/spell-sources.ts';
import type { Casting } from '../machines/combat-round.ts';
import { CommandFailure } from '../state/failures.ts';
import { casterOf, findSpell, type SpellRef } from './casting.ts';
import { lifeRecord } from '../state/life-records.ts';
import { learnedOf, spendLearned } from './school-access.ts';
import { noteCounteredSchool } from './skills/capstone-counts.ts';

const KEY = 'spell-sources';
const spellSchema = { table: z.string().max(80), row: z.number().int().min(0), label: z.string().max(200) };
const sourcesSchema = z.object({
  nextScroll: z.number().int().min(1),
  scrolls: z
    .array(
      z.object({
        ...spellSchema,
        id: z.number().int().min(1),
        scholarId: z.number().int(),
        scholar: z.string().max(200),
        magic: z.number().int(),
        session: z.number().int(),
      }),
    )
    .max(500),
  coat: z.array(z.object({ ...spellSchema, doctorId: z.number().int() })).max(500),
  stolen: z
    .array(
      z.object({
        ...spellSchema,
        witchId: z.number().int(),
        caster: z.string().max(200),
        magic: z.number().int(),
        round: z.number().int(),
        lastRound: z.number().int(),
        rollId: z.number().int(),
      }),
    )
    .max(500),
  /** Each Witch's newest Counter Magic entry already used to steal (one success, one spell). */
  claimed: z.record(z.string(), z.number().int()),
});
type Sources = {
  nextScroll: number;
  scrolls: Scroll[];
  coat: CoatSpell[];
  stolen: StolenSpell[];
  claimed: Record<string, number>;
};
const EMPTY: Sources = { nextScroll: 1, scrolls: [], coat: [], stolen: [], claimed: {} };

export const readSources = (ps: PlayReader): Sources => readSetting(ps, KEY, sourcesSchema, EMPTY);
const writeSources = (ps: PlaySession, s: Sources) => writeSetting(ps, KEY, s);
const ref = (s: SpellRef) => ({ table: s.table.key, row: s.row, label: s.label });

/** Whether a spell resolved in this session (every resolution is in the ledger under its cause). */
function resolvedThisSession(ps: PlaySession, spell: SpellRef): boolean {
  return ps.ledger
    .spellCauses(currentSession(ps), spell.table.key)
    .some((cause) => cause.startsWith(`Spell: ${spell.label} by `));
}

/** Scrolls and Ink (ch.2): the Scholar writes a Scroll of a spell cast or witnessed this session. */
export function writeScrollOf(
  ps: PlaySession,
  scholar: LichslayerRow,
  at: { table: string; row: number },
  magic: number,
  notes: string[],
): string {
  const spell = findSpell(ps, at.table, at.row);
  const s = readSources(ps);
  const active = s.scrolls.filter((x) => x.scholarId === scholar.id).length;
  const why = scrollRefusal({
    scholar: scholar.name,
    label: spell.label,
    seenThisSession: resolvedThisSession(ps, spell),
    active,
    magic,
  });
  if (why) throw new CommandFailure('refused', `${why}. Nothing changed.`);
  const { scroll, explain } = writeScroll(
    { ...ref(spell), scholarId: scholar.id, scholar: scholar.name, magic, session: currentSession(ps) },
    s.nextScroll,
  );
  writeSources(ps, { ...s, nextScroll: s.nextScroll + 1, scrolls: [...s.scrolls, scroll] });
  notes.push(explain);
  return spell.label;
}

/** The Doctor's Coat of Arms (ch.2): a spell prepared in it. */
export function prepareInCoat(
  ps: PlaySession,
  doctor: LichslayerRow,
  at: { table: string; row: number },
  magic: number,
  notes: string[],
): string {
  const spell = findSpell(ps, at.table, at.row);
  const s = readSources(ps);
  const enhanced = lifeRecord(ps, doctor.id).enhanced.includes('Doctor’s Coat of Arms');
  const stored = s.coat.filter((c) => c.doctorId === doctor.id);
  const why = coatRefusal({
    doctor: doctor.name,
    label: spell.label,
    stored: stored.length,
    magic,
    enhanced,
    schoolRefusal: schoolOpenTo(spell.fields.school, casterOf(ps, doctor.id), readHouseRules(ps)),
  });
  if (why) throw new CommandFailure('refused', `${why}. Nothing changed.`);
  writeSources(ps, { ...s, coat: [...s.coat, { ...ref(spell), doctorId: doctor.id }] });
  notes.push(
    `${doctor.name} prepares ${spell.label} in the Coat (${stored.length + 1} of ${coatCapacity(magic, enhanced)}): cast from it at half gold (ch.2)`,
  );
  return spell.label;
}

/**
 * Counter Magic success (ch.2): the Witch's newest Counter Magic Challenge against this caster
 * succeeded, so the spell declared is hers: it is not cast for its caster, and she holds it.
 */
export function stealDeclaredSpell(
  ps: PlaySession,
  witch: LichslayerRow,
  casterTokenId: number | undefined,
  at: { table: string; row: number },
  round: number | null,
  notes: string[],
): string {
  const caster = allTokens(ps).find((t) => t.id === casterTokenId);
  if (!caster)
    throw new CommandFailure(
      'invalid-args',
      'Name the caster whose spell Counter Magic steals (its token). Nothing changed.',
    );
  if (round === null)
    throw new CommandFailure(
      'refused',
      'Counter Magic steals a spell in a fight, on the turn stack (ch.2). Nothing changed.',
    );
  const spell = findSpell(ps, at.table, at.row);
  const s = readSources(ps);
  const last = unusedCounter(ps, witch, caster.name, 'steals a spell');
  const { stolen, explain } = stealSpell({
    witchId: witch.id,
    witch: witch.name,
    caster: caster.name,
    magic: caster.stats.magic ?? 0,
    spell: ref(spell),
    round,
    enhanced: lifeRecord(ps, witch.id).enhanced.includes('Counter Magic'),
    rollId: last.id,
  });
  writeSources(ps, {
    ...s,
    stolen: [...s.stolen.filter((x) => x.witchId !== witch.id), stolen],
    claimed: { ...s.claimed, [String(witch.id)]: last.id },
  });
  notes.push(explain);
  // ch.2: each school stolen from counts toward Oneness.
  noteCounteredSchool(ps, witch, spell.fields.school, notes);
  return caster.name;
}

/** The Witch's newest Counter Magic Challenge against this caster, successful and not used yet (ch.2: one success, one counter). */
function unusedCounter(ps: PlaySession, witch: LichslayerRow, caster: string, what: string): { id: number } {
  // The Challenge's own entry (a natural 1's integrity check is logged after it under a longer cause).
  const last = ps.ledger.lastCounterMagic(currentSession(ps), witch.name);
  if (
    !last ||
    !last.cause.startsWith(`${witch.name}: Counter Magic against ${caster} — `) ||
    last.success !== true ||
    (readSources(ps).claimed[String(witch.id)] ?? 0) >= last.id
  ) {
    throw new CommandFailure(
      'refused',
      `${witch.name} ${what} only on a successful Counter Magic Challenge against ${caster}, rolled just before (challenge.roll, counter-magic) and not used yet (ch.2). Nothing changed.`,
    );
  }
  return last;
}

/**
 * Counter Magic against a special ability (ch.2: "any declared spell or special ability"): on the
 * Challenge's success the ability does not resolve. There is no spell for the Witch to cast, so
 * nothing is held and no school counts toward Oneness.
 */
export function counterAbility(
  ps: PlaySession,
  witch: LichslayerRow,
  casterTokenId: number | undefined,
  ability: string,
  notes: string[],
): string {
  const caster = allTokens(ps).find((t) => t.id === casterTokenId);
  if (!caster)
    throw new CommandFailure(
      'invalid-args',
      'Name the entity whose ability Counter Magic answers (its token). Nothing changed.',
    );
  const last = unusedCounter(ps, witch, caster.name, 'counters a special ability');
  const s = readSources(ps);
  writeSources(ps, { ...s, claimed: { ...s.claimed, [String(witch.id)]: last.id } });
  notes.push(
    `${witch.name} counters ${caster.name}'s ${ability}: it does not resolve; an ability is not a spell, so there is nothing to cast in its place (ch.2)`,
  );
  return caster.name;
}

export type CastFrom = { scroll: number } | { coat: true } | { stolen: true } | { learned: true };

/** What a cast from a source changes in the check, the Magic it is cast at, and how to spend the source. */
export interface SourcedCast {
  options: Pick<CastOptions, 'source'>;
  basis?: Pick<NonNullable<Casting['basis']>, 'magic' | 'why'>;
  note: string;
  spend: (ps: PlaySession) => void;
}

/**
 * A cast from a Scroll (anyone, once, at the recorded Magic), from the Coat (the Doctor, half gold;
 * the prepared spell is used), or a stolen spell (the Witch, free, at the caster's Magic, while it
 * lasts) — refused, naming why, when the source does not hold that spell (ch.2).
 */
export function castFrom(
  ps: PlayReader,
  token: TokenView,
  spell: SpellRef,
  from: CastFrom,
  round: number,
): SourcedCast {
  if (token.lichslayerId === null)
    throw new CommandFailure(
      'refused',
      `${token.name} is the Judge's: Scrolls, the Coat and stolen spells are cast by Lichslayers (ch.2). Nothing changed.`,
    );
  const l = requireLichslayer(ps, token.lichslayerId);
  const s = readSources(ps);
  const same = (x: { table: string; row: number }) => x.table === spell.table.key && x.row === spell.row;
  if ('scroll' in from) {
    const scroll = s.scrolls.find((x) => x.id === from.scroll);
    if (!scroll)
      throw new CommandFailure(
        'not-found',
        `There is no active Scroll ${from.scroll}: a Scroll breaks on use (ch.2). Nothing changed.`,
      );
    if (!same(scroll))
      throw new CommandFailure(
        'refused',
        `Scroll ${scroll.id} holds ${scroll.label}, not ${spell.label}. Nothing changed.`,
      );
    return {
      options: { source: 'scroll' },
      basis: { magic: scroll.magic, why: `the Magic ${scroll.scholar}'s Scroll recorded (ch.2)` },
      note: `${l.name} reads ${scroll.scholar}'s Scroll of ${scroll.label}: cast at Magic ${scroll.magic}; the Scroll breaks (ch.2)`,
      spend: (ps) =>
        writeSources(ps, { ...readSources(ps), scrolls: readSources(ps).scrolls.filter((x) => x.id !== scroll.id) }),
    };
  }
  if ('coat' in from) {
    const at = s.coat.findIndex((c) => c.doctorId === l.id && same(c));
    if (!holdsSkill(l, 'Doctor’s Coat of Arms') || at < 0)
      throw new CommandFailure('refused', `${l.name}'s Coat holds no prepared ${spell.label} (ch.2). Nothing changed.`);
    return {
      options: { source: 'coat' },
      note: `${l.name} casts ${spell.label} from the Coat; the prepared spell is used (ch.2)`,
      spend: (ps) => {
        const now = readSources(ps);
        writeSources(ps, { ...now, coat: now.coat.filter((_, i) => i !== at) });
      },
    };
  }
  if ('learned' in from) {
    const learned = learnedOf(ps, l.id).find(same);
    if (!learned)
      throw new CommandFailure(
        'refused',
        `${l.name} has learned no ${spell.label} through Commune: Commune with loot of its colour first (skill.use Commune, spell) (ch.2, ch.17). Nothing changed.`,
      );
    return {
      options: { source: 'learned' },
      note: `${l.name} casts ${spell.label}, learned through ${learned.conduit}: 1 Sanity level, no components (ch.17)`,
      spend: (ps) => spendLearned(ps, l.id, learned.table, learned.row),
    };
  }
  const stolen = s.stolen.find((x) => x.witchId === l.id && same(x));
  if (!stolen) throw new CommandFailure('refused', `${l.name} holds no stolen ${spell.label} (ch.2). Nothing changed.`);
  const lapsed = stolenRefusal(stolen, round);
  if (lapsed) throw new CommandFailure('refused', `${lapsed}. Nothing changed.`);
  return {
    options: { source: 'stolen' },
    basis: { magic: stolen.magic, why: `${stolen.caster}'s Magic: the spell was stolen (ch.2)` },
    note: `${l.name} casts ${spell.label}, stolen from ${stolen.caster}, at Magic ${stolen.magic} (ch.2)`,
    spend: (ps) => {
      const now = readSources(ps);
      writeSources(ps, { ...now, stolen: now.stolen.filter((x) => x.rollId !== stolen.rollId) });
    },
  };
}

/** What a token may cast from besides its own spells (ch.2), for the cast dialog: every active Scroll, its Coat, its stolen spell. */
export function heldSourcesFor(ps: PlayReader, token: TokenView): SpellbookView['held'] {
  if (token.lichslayerId === null) return [];
  const s = readSources(ps);
  const mine = token.lichslayerId;
  return [
    ...s.scrolls.map((x) => ({
      table: x.table,
      row: x.row,
      label: x.label,
      from: { scroll: x.id },
      note: `Scroll ${x.id} by ${x.scholar}, Magic ${x.magic}`,
    })),
    ...s.coat
      .filter((x) => x.doctorId === mine)
      .map((x) => ({
        table: x.table,
        row: x.row,
        label: x.label,
        from: { coat: true as const },
        note: 'from the Coat, half gold',
      })),
    ...s.stolen
      .filter((x) => x.witchId === mine)
      .map((x) => ({
        table: x.table,
        row: x.row,
        label: x.label,
        from: { stolen: true as const },
        note: `stolen from ${x.caster}, Magic ${x.magic}, by Round ${x.lastRound}`,
      })),
    ...learnedOf(ps, mine).map((x) => ({
      table: x.table,
      row: x.row,
      label: x.label,
      from: { learned: true as const },
      note: `learned through ${x.conduit}: 1 Sanity level, no components`,
    })),
  ];
}
