// A session's story read back from its undo steps, oldest first: each step placed (in a fight, on
// a dive, in the Town, or a hand edit) and its floor, and the fights and dives it holds summed up
// from the row images the steps recorded. Nothing here decides a rule: it reads what was decided.
import type { DiveSummary, FightSummary, JournalRoll, JournalStep, StepKind } from '@shared/journal.ts';
import type { RowChange } from '../db/history.ts';
import type { JournalRollRecord, JournalStepRecord } from '../db/journal-records.ts';
import { FightTally } from './fight-summary.ts';
import type { Image, StoryNames } from './story-rows.ts';
import { DiveTally } from './dive-summary.ts';

/** A machine's persisted snapshot as a setting image holds it: its state and the context read here. */
interface Snapshot {
  value: string;
  context: {
    floor?: number | null;
    present?: number[];
    lost?: number[];
    floorsCleared?: number[];
    round?: number;
    order?: { tokenId: number; party: boolean }[];
  };
}

function snapshotOf(image: Image | null | undefined): Snapshot | null {
  if (!image || typeof image.value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(image.value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const s = parsed as { value?: unknown; context?: unknown };
    if (typeof s.value !== 'string' || typeof s.context !== 'object' || s.context === null) return null;
    return { value: s.value, context: s.context as Snapshot['context'] };
  } catch {
    return null;
  }
}

const settingChange = (changes: RowChange[], key: string) =>
  changes.find((c) => c.table === 'setting' && (c.after ?? c.before)?.key === key);

/** Steps the Judge makes by hand: the roster, tables, rooms and tokens set, house rules, gold and points given. */
const EDIT_LABEL =
  /^(Edit |Add |Remove |Roll up |Set F|Clear F|Token: |World: |House rules|Gold found|Stat point|Skill points|Skill Point|Level up|Reorder|Pre-roll|Afflict|Clear: |Journal)/;
const TABLE_ROWS = new Set(['rtable', 'rtable_row']);

/** The dive machine's states that end a dive. */
const ENDS = new Set(['town', 'fallen', 'resolved']);

/** How a dive ended: the whole party fallen (every one still on it lost for good), the Tomb ended, or back in the Town. */
function ending(before: Snapshot | null, after: Snapshot): DiveSummary['ending'] {
  if (after.value === 'fallen') return 'fell';
  if (after.value === 'resolved') return 'resolved';
  const present = before?.context.present ?? [];
  const lost = after.context.lost ?? [];
  return present.length > 0 && present.every((id) => lost.includes(id)) ? 'fell' : 'withdrew';
}

export interface Story {
  steps: JournalStep[];
  rolls: JournalRoll[];
  fights: FightSummary[];
  dives: DiveSummary[];
}

export function readStory(
  session: number,
  records: JournalStepRecord[],
  rollRecords: JournalRollRecord[],
  names: StoryNames,
): Story {
  const firstDive = records.map((r) => settingChange(r.changes, 'machine:dive')).find((c) => c);
  let dive: Snapshot | null = snapshotOf(firstDive?.before);
  let fight: FightTally | null = null;
  let tally: DiveTally | null =
    dive && !ENDS.has(dive.value)
      ? new DiveTally(session, null, dive.context.lost ?? [], dive.context.floorsCleared ?? [])
      : null;
  const story: Story = { steps: [], rolls: [], fights: [], dives: [] };
  const placed = new Map<number, { kind: StepKind; floor: number | null }>();
  const rollsBy = new Map<number, JournalRollRecord[]>();
  for (const r of rollRecords) if (r.historyId) rollsBy.set(r.historyId, [...(rollsBy.get(r.historyId) ?? []), r]);

  for (const step of records) {
    const diveAfter = snapshotOf(settingChange(step.changes, 'machine:dive')?.after);
    const combat = settingChange(step.changes, 'machine:combat');
    const combatBefore = combat ? snapshotOf(combat.before) : null;
    const combatAfter = combat ? snapshotOf(combat.after) : null;
    const floor = dive?.context.floor ?? diveAfter?.context.floor ?? null;
    const inTown = (dive?.value ?? 'town') === 'town';
    if (inTown && diveAfter && diveAfter.value !== 'town')
      tally = new DiveTally(session, step, dive?.context.lost ?? [], dive?.context.floorsCleared ?? []);
    if (combat && !combatBefore && combatAfter) {
      fight = new FightTally(session, step, floor, names);
      fight.enter(combatAfter.context.order ?? []);
      tally?.fightStarted();
    }
    const kind: StepKind = fight
      ? 'fight'
      : EDIT_LABEL.test(step.label) || step.changes.some((c) => TABLE_ROWS.has(c.table))
        ? 'edit'
        : inTown && !diveAfter
          ? 'town'
          : 'dive';
    const stepRolls = rollsBy.get(step.id) ?? [];
    fight?.read(step, combatAfter?.context.round ?? combatBefore?.context.round ?? 0, stepRolls);
    tally?.read(step, diveAfter?.context.floor ?? floor, names);
    placed.set(step.id, { kind, floor });
    story.steps.push({ label: step.label, at: step.at, kind, floor, who: whoOf(step, names) });
    if (fight && combat && combatBefore && !combatAfter) {
      const ended = fight.finish(step.at);
      story.fights.push(ended);
      tally?.fightEnded(ended, names.roster);
      fight = null;
    }
    if (tally && diveAfter && ENDS.has(diveAfter.value)) {
      story.dives.push(tally.finish(step.at, ending(dive, diveAfter), diveAfter.context, names));
      tally = null;
    }
    if (diveAfter) dive = diveAfter;
  }
  if (fight) story.fights.push(fight.finish(null));
  if (tally) story.dives.push(tally.finish(null, 'under way', dive?.context ?? {}, names));
  story.rolls = rollRecords.map((r) => {
    const at = r.historyId ? placed.get(r.historyId) : undefined;
    return {
      cause: r.cause,
      explain: r.explain,
      character: r.character,
      floor: r.floor ?? at?.floor ?? null,
      kind: at?.kind ?? (/^(town|smith|retainer|forest|idol|square)\./.test(r.command) ? 'town' : 'edit'),
    };
  });
  return story;
}

/** The Lichslayers whose rows (or whose items, tokens and stacks) a step changed. */
function whoIn(changes: RowChange[], names: StoryNames): string[] {
  const ids = new Set<number>();
  for (const c of changes) {
    const image = c.after ?? c.before;
    if (!image) continue;
    if (c.table === 'lichslayer') ids.add(c.id);
    else if (typeof image.lichslayer_id === 'number' && c.table !== 'skill_use') ids.add(image.lichslayer_id);
  }
  return [...ids].map((id) => names.lichslayer(id));
}

/** whoIn, and the roster's names the label mentions (an attack names attacker and target). */
function whoOf(step: JournalStepRecord, names: StoryNames): string[] {
  const who = new Set(whoIn(step.changes, names));
  for (const name of names.roster) if (labelNames(step.label, name)) who.add(name);
  return [...who];
}

const LETTER = /\p{L}/u;
/** The label holds the name as a whole word (Ash in "Attack: Ash → Hound", not in "Ashen"). */
function labelNames(label: string, name: string): boolean {
  for (let at = label.indexOf(name); at >= 0; at = label.indexOf(name, at + 1)) {
    const before = label[at - 1] ?? ' ';
    const after = label[at + name.length] ?? ' ';
    if (!LETTER.test(before) && !LETTER.test(after)) return true;
  }
  return false;
}
