// What the Witch's and the Veteran's capstones count (rulebook ch.2), kept across sessions in one
// campaign setting (undoable like any row): the schools Counter Magic has stolen from, and the falls
// to 0 Health a Maneuver has prevented. A count that meets its condition unlocks the capstone once
// Skills 1-3 are held.
import { z } from 'zod';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { readSetting, writeSetting } from '../../state/settings.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';
import { SPELL_SCHOOL_LABEL, type SpellSchool } from '@shared/tables.ts';
import type { CapstoneProgress } from '../../rules/skills.ts';
import { ONENESS_SCHOOLS, onenessProgress } from '../../rules/skills-witch.ts';
import { RALLY_SAVES, rallyProgress } from '../../rules/skills-veteran.ts';

const KEY = 'capstone-counts';
const countsSchema = z.object({
  /** Each Witch's schools stolen from (ch.2: three different schools open Oneness). */
  countered: z.record(z.string(), z.array(z.string().max(40)).max(20)).default({}),
  /** Each Veteran's falls prevented (ch.2: three open Rally). */
  saves: z.record(z.string(), z.number().int().min(0)).default({}),
});
type Counts = z.output<typeof countsSchema>;
const EMPTY: Counts = { countered: {}, saves: {} };

export const readCapstoneCounts = (ps: PlayReader): Counts => readSetting(ps, KEY, countsSchema, EMPTY);

function unlock(ps: PlaySession, l: LichslayerRow, capstone: string, explain: string, notes: string[]): void {
  if (l.capstone.trim() || !l.skill1 || !l.skill2 || !l.skill3) return;
  ps.update('lichslayer', l.id, { capstone });
  notes.push(`${l.name}'s capstone condition is met (${explain}): ${capstone} unlocks (ch.2)`);
}

/** A spell stolen by Counter Magic counts its school toward Oneness (ch.2). */
export function noteCounteredSchool(ps: PlaySession, witch: LichslayerRow, school: string, notes: string[]): void {
  const all = readCapstoneCounts(ps);
  const r = onenessProgress(all.countered[String(witch.id)] ?? [], school);
  writeSetting(ps, KEY, { ...all, countered: { ...all.countered, [String(witch.id)]: r.schools } });
  if (r.met) unlock(ps, witch, 'Oneness', r.explain, notes);
}

/** A Maneuver that kept a party member from reaching 0 Health counts toward Rally (ch.2). */
export function notePreventedFall(ps: PlaySession, veteran: LichslayerRow, ally: string, notes: string[]): void {
  const all = readCapstoneCounts(ps);
  const r = rallyProgress(all.saves[String(veteran.id)] ?? 0);
  writeSetting(ps, KEY, { ...all, saves: { ...all.saves, [String(veteran.id)]: r.saves } });
  notes.push(`${veteran.name} kept ${ally} from reaching 0 Health: ${r.explain}`);
  if (r.met) unlock(ps, veteran, 'Rally', r.explain, notes);
}

/** The Witch's and the Veteran's capstone progress as the Gauntlet shows it (ch.2); null for other classes. */
export function countedCapstone(
  ps: PlayReader,
  l: { id: number; hidden_class: string | null },
): CapstoneProgress | null {
  const all = readCapstoneCounts(ps);
  if (l.hidden_class === 'The Witch') {
    const schools = all.countered[String(l.id)] ?? [];
    return {
      capstone: 'Oneness',
      have: Math.min(ONENESS_SCHOOLS, schools.length),
      need: ONENESS_SCHOOLS,
      explain: `${schools.length} of ${ONENESS_SCHOOLS} spell schools Counter Magicked${schools.length ? ` (${schools.map((s) => SPELL_SCHOOL_LABEL[s as SpellSchool] ?? s).join(', ')})` : ''} (ch.2)`,
    };
  }
  if (l.hidden_class === 'The Veteran') {
    const saves = all.saves[String(l.id)] ?? 0;
    return {
      capstone: 'Rally',
      have: Math.min(RALLY_SAVES, saves),
      need: RALLY_SAVES,
      explain: `${saves} of ${RALLY_SAVES} falls to 0 Health prevented (ch.2)`,
    };
  }
  return null;
}
