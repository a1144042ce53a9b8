// The session journal: each session's dives, days, notable rolls and changes, read from what the
// campaign already records (history, day reports, the ledger), with the Judge's own notes beside.
// Each row carries its session when it is written, and every read here is one session's slice
// through an index, so the journal costs what it shows, not what the campaign has accumulated.
import type { PlayReader } from '../state/session.ts';
import { z } from 'zod';
import type { JournalSession } from '@shared/contract.ts';
import { currentSession, sessionStarts } from '../state/sessions.ts';
import type { Database } from 'better-sqlite3';
import { journalRecords } from '../db/journal-records.ts';
import { readSetting } from '../state/settings.ts';
import {
  journalFilterSchema,
  type JournalBook,
  type JournalFilter,
  type JournalKind,
  type JournalSessionView,
  type JournalSummary,
  type StepKind,
} from '@shared/journal.ts';
import { readStory, type Story } from './journal-story.ts';
import type { StoryNames } from './story-rows.ts';

/** Phase steps that make up a dive's story. */
const DIVE_STEP =
  /^Phase: (descend|withdraw|floor cleared|open gate|force gate|phylactery destroyed|leave tomb|manifest|lich defeated|campaign ends|at zero)/;

/** The Judge's own notes on a session. */
export const journalNotes = (ps: PlayReader, session: number): string =>
  readSetting(ps, `journal:${session}`, z.string(), '');

/** Notable rolls listed per session, the newest (the Ledger holds every one). */
export const JOURNAL_ROLLS = 20;

/** Sessions the journal shows at first; the Judge asks for earlier ones. */
export const JOURNAL_PAGE = 10;

/** The newest `count` sessions up to `upTo` (the current session by default), newest first. */
export function journal(
  db: Database,
  ps: PlayReader,
  page: { upTo?: number | undefined; count?: number | undefined } = {},
): JournalSession[] {
  const last = Math.min(page.upTo ?? Number.MAX_SAFE_INTEGER, currentSession(ps));
  const first = Math.max(1, last - (page.count ?? JOURNAL_PAGE) + 1);
  const starts = sessionStarts(ps);
  const records = journalRecords(db, first, last, JOURNAL_ROLLS);
  const sessions: JournalSession[] = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => {
    const session = first + i;
    return {
      session,
      startedAt: starts[String(session)] ?? null,
      dives: records
        .phaseSteps(session)
        .filter((h) => DIVE_STEP.test(h.label))
        .map((h) => h.label.replace(/^Phase: /, '')),
      days: records.days.filter((d) => d.session === session).map((d) => ({ day: d.day, changes: d.changes })),
      notableRolls: records.notableRolls(session).map((r) => `${r.cause}: ${r.explain}`),
      changes: records.changes(session).reverse(),
      notes: journalNotes(ps, session),
    };
  });
  return sessions.reverse();
}

/** Journal rolls read per session: enough for every roll of a long session's fights. */
export const JOURNAL_STORY_ROLLS = 400;

const KIND_OF: Record<JournalKind, StepKind | null> = {
  fights: 'fight',
  dives: 'dive',
  rolls: null,
  town: 'town',
  edits: 'edit',
};

/** Names as the campaign holds them now, for rows a step did not image. */
function storyNames(ps: PlayReader): StoryNames {
  return {
    lichslayer: (id) => ps.byId('lichslayer', id)?.name ?? `Lichslayer #${id}`,
    token: (id) => ps.byId('token', id)?.name ?? `token #${id}`,
    roster: ps.all('lichslayer').map((l) => l.name),
  };
}

/** One session's story, read from its steps and journal rolls. */
function sessionStory(records: ReturnType<typeof journalRecords>, ps: PlayReader, session: number): Story {
  return readStory(session, records.steps(session), records.rolls(session), storyNames(ps));
}

/**
 * The journal filtered: by kind (fights, dives, rolls, Town, hand edits), by Lichslayer, by floor,
 * by session. Each session lists what passes; a filter that leaves nothing leaves empty lists.
 */
export function journalBook(db: Database, ps: PlayReader, raw: JournalFilter): JournalBook {
  const filter = journalFilterSchema.parse(raw);
  const now = currentSession(ps);
  const last = Math.min(filter.session ?? now, now);
  const first = filter.session !== undefined ? last : Math.max(1, last - filter.count + 1);
  const records = journalRecords(db, first, last, JOURNAL_STORY_ROLLS);
  const starts = sessionStarts(ps);
  const kind = filter.kind ? KIND_OF[filter.kind] : undefined;
  const who = filter.lichslayer?.toLocaleLowerCase();
  const named = (names: readonly string[]) => !who || names.some((n) => n.toLocaleLowerCase() === who);
  const onFloor = (floors: readonly (number | null)[]) => filter.floor === undefined || floors.includes(filter.floor);
  const sessions: JournalSessionView[] = [];
  for (let session = last; session >= first; session--) {
    const story = sessionStory(records, ps, session);
    const steps = story.steps.filter(
      (s) => (kind === undefined ? filter.kind !== 'rolls' : s.kind === kind) && named(s.who) && onFloor([s.floor]),
    );
    const rolls = story.rolls.filter(
      (r) =>
        (kind === undefined || filter.kind === 'rolls' || r.kind === kind) &&
        named(r.character ? [r.character] : []) &&
        onFloor([r.floor]),
    );
    const wants = (k: JournalKind) => filter.kind === undefined || filter.kind === k;
    sessions.push({
      session,
      startedAt: starts[String(session)] ?? null,
      notes: journalNotes(ps, session),
      days:
        wants('town') && !who && filter.floor === undefined
          ? records.days.filter((d) => d.session === session).map((d) => ({ day: d.day, changes: d.changes }))
          : [],
      steps,
      rolls,
      fights: wants('fights')
        ? story.fights.filter((f) => named(f.entrants.map((e) => e.name)) && onFloor([f.floor]))
        : [],
      dives: wants('dives')
        ? story.dives.filter(
            (d) => named([...d.gold, ...d.xp, ...d.sanity, ...d.deaths].map((x) => x.name)) && onFloor(d.floors),
          )
        : [],
    });
  }
  const roster = ps.all('lichslayer').map((l) => l.name);
  return {
    sessions,
    sessionCount: now,
    lichslayers: roster,
    floors: Array.from({ length: 10 }, (_, i) => i + 1),
  };
}

/** The current session's newest fight or dive that has ended (the newer of the two unless `of` picks). */
export function latestSummary(db: Database, ps: PlayReader, of?: 'fight' | 'dive'): JournalSummary {
  const session = currentSession(ps);
  const story = sessionStory(journalRecords(db, session, session, JOURNAL_STORY_ROLLS), ps, session);
  const fight = story.fights.filter((f) => f.endedAt).at(-1);
  const dive = story.dives.filter((d) => d.endedAt).at(-1);
  const diveNewer = !!dive && (!fight || dive.endedAt! >= fight.endedAt!);
  if (dive && (of === 'dive' || (of === undefined && diveNewer))) return { of: 'dive', summary: dive };
  if (fight && of !== 'dive') return { of: 'fight', summary: fight };
  return { of: 'none', summary: null };
}
