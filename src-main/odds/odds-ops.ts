// The Odds lab's reads of the open campaign: its tables with their draws, its house rules and a
// Lichslayer's modifiers, handed to the pure odds functions. Nothing here writes.
import type { PlayReader } from '../state/session.ts';
import type { TableDef } from '@shared/tables.ts';
import { percent, type ChallengeGridView, type ChallengeOddsView, type TableOddsView } from '@shared/odds.ts';
import { DIFFICULTY } from '../rules/dice.ts';
import { SANITY_LADDER } from '../rules/sanity.ts';
import type { Modifier } from '@shared/dice.ts';
import { readHouseRules } from '../state/settings.ts';
import { CommandFailure } from '../state/failures.ts';
import { requireLichslayer } from '../state/lichslayer.ts';
import { attentionStage } from '../play/machines.ts';
import type { ChallengeInput } from '../rules/challenge.ts';
import { clockPenalties } from '../rules/survival-clock.ts';
import type { DrawState, RollContext } from '../tables/table-roll.ts';
import { challengeGrid, challengeOdds } from './challenge-odds.ts';
import { OddsLimitError } from './dice-odds.ts';
import { tableOdds } from './table-odds.ts';

/** A limit or a bad context (a floor out of range) is the Judge's to fix: a refusal, never a crash. */
function refusing<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof OddsLimitError || error instanceof RangeError)
      throw new CommandFailure('refused', error.message);
    throw error;
  }
}

export function campaignTableOdds(
  ps: PlayReader,
  key: string,
  context: RollContext,
  draft: Pick<TableDef, 'die' | 'span' | 'rows'> | null,
): TableOddsView {
  const saved = ps.tables.defs.get(key);
  if (!saved) throw new CommandFailure('not-found', `There is no table “${key}” in this campaign.`);
  // Only the tables a roll here can reach.
  const tables = reachableTables(ps.tables.defs, [saved, ...(draft ? [{ ...saved, ...draft }] : [])]);
  const drawn: DrawState = new Map([...tables.keys()].map((k) => [k, new Set(ps.tables.drawn.get(k) ?? [])]));
  return refusing(() => {
    const odds = tableOdds(tables, key, context, drawn);
    if (!draft) return { ...odds, saved: null };
    // Draws are row positions: an edit that adds or removes rows makes them mean other rows, so the draft is rolled fresh.
    const edited: TableDef = { ...saved, ...draft };
    const draftTables = new Map(tables).set(key, edited);
    const draftDrawn = new Map(drawn).set(
      key,
      draft.rows.length === saved.rows.length ? (drawn.get(key) ?? new Set()) : new Set<number>(),
    );
    const editedOdds = tableOdds(draftTables, key, context, draftDrawn);
    return { ...editedOdds, saved: { rows: odds.rows.map((r) => r.p), noEntry: odds.noEntry } };
  });
}

/** The tables that the given ones roll on, through any depth of nested rows. */
function reachableTables(all: ReadonlyMap<string, TableDef>, from: TableDef[]): Map<string, TableDef> {
  const found = new Map<string, TableDef>([[from[0]!.key, from[0]!]]);
  const queue = [...from];
  for (let t = queue.shift(); t; t = queue.shift()) {
    for (const row of t.rows) {
      const next = row.rollOn?.table;
      if (!next || found.has(next)) continue;
      const loaded = all.get(next);
      if (!loaded) continue;
      found.set(next, loaded);
      queue.push(loaded);
    }
  }
  return found;
}

interface ChallengeArgs {
  id?: number | undefined;
  modifiers: Modifier[];
  sanityChallenge?: 'tombs' | 'town' | 'forest' | undefined;
}

/** The Challenge's input for a named Lichslayer (their level, Sanity, survival penalties) or for anyone. */
function challengeBase(
  ps: PlayReader,
  args: ChallengeArgs,
): { base: Omit<ChallengeInput, 'cause' | 'level' | 'target'>; level: number | null; who: string | null } {
  const sanityChallenge = args.sanityChallenge
    ? { attentionStage: attentionStage(ps), where: args.sanityChallenge }
    : undefined;
  if (args.id === undefined) return { base: { other: args.modifiers, sanityChallenge }, level: null, who: null };
  const l = requireLichslayer(ps, args.id);
  return {
    base: {
      sanity: l.sanity,
      survival: clockPenalties({ daysWithoutMeal: l.days_without_meal, daysWithoutShelter: l.days_without_shelter }),
      other: args.modifiers,
      sanityChallenge,
    },
    level: l.level,
    who: l.name,
  };
}

/** The modifiers a Challenge input adds up (the Sanity rung's, survival, the Judge's). */
function modifiersOf(
  base: Omit<ChallengeInput, 'cause' | 'level' | 'target'>,
  rules: ReturnType<typeof readHouseRules>,
): Modifier[] {
  return challengeOdds({ ...base, level: 1, target: 1 }, rules).modifiers;
}

export function campaignChallengeOdds(
  ps: PlayReader,
  args: ChallengeArgs & { level?: number | undefined; target: number },
): ChallengeOddsView {
  const rules = readHouseRules(ps);
  const { base, level, who } = challengeBase(ps, args);
  const lvl = args.level ?? level;
  if (lvl === null)
    throw new CommandFailure('invalid-args', 'odds.challenge: give a level, or a Lichslayer whose level to use.');
  return refusing(() => ({ ...challengeOdds({ ...base, level: lvl, target: args.target }, rules), who }));
}

export function campaignChallengeGrid(
  ps: PlayReader,
  args: ChallengeArgs & { levels: { from: number; to: number }; targets: number[] },
): ChallengeGridView {
  const rules = readHouseRules(ps);
  const { base, level, who } = challengeBase(ps, args);
  const levels = Array.from({ length: args.levels.to - args.levels.from + 1 }, (_, i) => args.levels.from + i);
  const targets = [...new Set(args.targets)].sort((a, b) => a - b);
  return refusing(() => {
    const p = challengeGrid(levels, targets, base, rules);
    const modifiers = modifiersOf(base, rules).filter((m) => m.value !== 0);
    const named = level === null ? [] : namedChallenges(base, level, rules, who ?? '');
    const mods = modifiers.length
      ? modifiers.map((m) => `${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} ${m.source}`).join(', ')
      : 'no modifiers';
    return {
      levels,
      targets: [...targets],
      p,
      who,
      level,
      modifiers,
      named,
      explain: `Chance to meet each target${who ? ` for ${who}` : ''}: ${mods}; ${rules.challengeDice === 'level-dice' ? 'level d6, sixes explode, all natural 1s fail (ch.1)' : 'one d6, sixes explode, a natural 1 fails (ch.11)'}`,
    };
  });
}

/**
 * The Challenges a character meets by name: looting at their Sanity rung when it asks for one
 * (ch.8), then the difficulty ladder (ch.11), each with their chance.
 */
function namedChallenges(
  base: Omit<ChallengeInput, 'cause' | 'level' | 'target'>,
  level: number,
  rules: ReturnType<typeof readHouseRules>,
  who: string,
): ChallengeGridView['named'] {
  const named: { label: string; target: number }[] = [];
  const rung = base.sanity ? SANITY_LADDER[base.sanity] : null;
  if (rung?.looting.kind === 'every-other-round')
    named.push({ label: `${rung.label} looting (an off-round)`, target: rung.looting.offRoundTarget });
  if (rung?.looting.kind === 'challenge') named.push({ label: `${rung.label} looting`, target: rung.looting.target });
  const ladder = Object.entries(DIFFICULTY).map(([name, target]) => ({
    label: name[0]!.toUpperCase() + name.slice(1),
    target,
  }));
  return [...named, ...ladder].map(({ label, target }) => {
    // Looting is not a Sanity Challenge: no Attention shift, whatever the grid was asked for.
    const o = challengeOdds(
      {
        ...base,
        sanityChallenge: named.some((n) => n.label === label) ? undefined : base.sanityChallenge,
        level,
        target,
      },
      rules,
    );
    return { label, target, p: o.p, explain: `${label}: ${percent(o.p, 0)} for ${who} (${o.explain})` };
  });
}
