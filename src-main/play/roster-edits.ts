// An edit of a Lichslayer's Gauntlet by hand: what it changes, with what the rules give with it
// (a level raised brings its points and skills, ch.1, ch.2; Rumble Hat its Health and Armor), or a
// clear refusal of an impossible one.
import type { PlayReader } from '../state/session.ts';
import type { LichslayerPatch } from '@shared/gauntlet.ts';
import { CommandFailure } from '../state/failures.ts';
import { editedGrowthColumns } from './growth.ts';
import { skillGrantColumns } from './skills/skill-facts.ts';
import { requireLichslayer as row } from '../state/lichslayer.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';

const PATCH_COLUMNS: Record<keyof LichslayerPatch, string> = {
  name: 'name',
  level: 'level',
  health: 'health',
  maxHealth: 'max_health',
  armor: 'armor',
  maxArmor: 'max_armor',
  power: 'power',
  speed: 'speed',
  sanity: 'sanity',
  gold: 'gold',
  xp: 'xp',
  hiddenClass: 'hidden_class',
  skill1: 'skill1',
  skill2: 'skill2',
  skill3: 'skill3',
  capstone: 'capstone',
  notes: 'notes',
};

/** Where a new Lichslayer goes on the roster: last. */
export const nextPosition = (ps: PlayReader) => Math.max(-1, ...ps.all('lichslayer').map((l) => l.position)) + 1;

/** The columns an edit changes (null when it changes nothing) and its undo step's label. */
export function editedLichslayer(
  ps: PlayReader,
  args: ParsedArgsOf<'lichslayer.update'>,
): { patch: Record<string, unknown>; label: string } | null {
  const current = row(ps, args.id) as unknown as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args.patch) as [keyof LichslayerPatch, unknown][]) {
    const column = PATCH_COLUMNS[key];
    // Only real changes count: a no-op edit must not become an undo step.
    if (value !== undefined && current[column] !== value) patch[column] = value;
  }
  if (Object.keys(patch).length === 0) return null;
  // A level raised or a class set by hand brings what the rules give with it (ch.1, ch.2).
  if ((patch.level !== undefined && Number(patch.level) > Number(current.level)) || patch.hidden_class !== undefined) {
    const growth = editedGrowthColumns(row(ps, args.id), {
      level: patch.level as number | undefined,
      hiddenClass: patch.hidden_class as string | null | undefined,
    });
    for (const [k, v] of Object.entries(growth)) if (!(k in patch)) patch[k] = v;
  }
  // ch.2: a skill that changes the Gauntlet's numbers (Rumble Hat) brings them with it.
  Object.assign(patch, skillGrantColumns(row(ps, args.id), patch));
  const merged = { ...current, ...patch } as {
    health: number;
    max_health: number;
    armor: number;
    max_armor: number;
    name: string;
  };
  if (merged.health > merged.max_health) {
    throw new CommandFailure(
      'invalid-args',
      `Health (${merged.health}) cannot be above maximum Health (${merged.max_health}). Nothing was saved.`,
    );
  }
  if (merged.armor > merged.max_armor) {
    throw new CommandFailure(
      'invalid-args',
      `Armor (${merged.armor}) cannot be above maximum Armor (${merged.max_armor}). Nothing was saved.`,
    );
  }
  const fields = (Object.keys(args.patch) as (keyof LichslayerPatch)[])
    .filter((k) => PATCH_COLUMNS[k] in patch)
    .join(', ');
  return { patch, label: `Edit ${merged.name}: ${fields}` };
}
