// The ways to a spell school beyond colour that play keeps (rulebook ch.2, ch.4, ch.17): Forest loot
// held (Daedric Magic), a conduit the Scholar Identified this floor (one spell of its school), and a
// spell the Witch learned through Commune (cast for one Sanity level). Held in one campaign setting,
// undoable like any row; the rule of which school opens is in rules/spell-schools.ts.
import { z } from 'zod';
import type { Colour } from '@shared/gauntlet.ts';
import { SPELL_SCHOOL_LABEL, SPELL_SCHOOLS, type SpellSchool } from '@shared/tables.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import { readSetting, writeSetting } from '../state/settings.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { CommandFailure } from '../state/failures.ts';
import { lootEntries } from '../state/loot-lookup.ts';
import { BOOK_STONES } from '../rules/forest.ts';
import { SCHOOL_COLOUR } from '../rules/spell-schools.ts';
import { readFight } from './fight-state.ts';
import { lootEntryFor } from './gear.ts';

const KEY = 'spell-conduits';
const school = z.enum(SPELL_SCHOOLS);
const conduitsSchema = z.object({
  /** ch.2 Identify: a conduit item Identified, opening one spell of its school for the floor visit. */
  identified: z
    .array(
      z.object({
        scholarId: z.number().int(),
        school,
        item: z.string().max(120),
        visit: z.number().int(),
        spell: z.string().max(200).nullable(),
      }),
    )
    .max(500)
    .default([]),
  /** ch.2 Commune, ch.17: the spell a Witch learned through a conduit, cast once for one Sanity level. */
  learned: z
    .array(
      z.object({
        witchId: z.number().int(),
        school,
        table: z.string().max(80),
        row: z.number().int().min(0),
        label: z.string().max(200),
        conduit: z.string().max(200),
      }),
    )
    .max(500)
    .default([]),
});
type Conduits = z.output<typeof conduitsSchema>;
const EMPTY: Conduits = { identified: [], learned: [] };

export const readConduits = (ps: PlayReader): Conduits => readSetting(ps, KEY, conduitsSchema, EMPTY);
const writeConduits = (ps: PlaySession, c: Conduits) => writeSetting(ps, KEY, c);

/** The school whose colour an item bears: the conduit it is (ch.2); Colourless and All-Color are none. */
export function schoolOfColour(colour: Colour): SpellSchool | null {
  const hit = (Object.entries(SCHOOL_COLOUR) as [SpellSchool, Colour | null][]).find(
    ([s, c]) => c === colour && s !== 'lich',
  );
  return hit ? hit[0] : null;
}

/** The conduits a Scholar Identified on this floor visit (ch.2: "for the remainder of the floor"). */
export function conduitsOf(ps: PlayReader, lichslayerId: number): { school: SpellSchool; spell: string | null }[] {
  const visit = readFight(ps).visit;
  return readConduits(ps)
    .identified.filter((g) => g.scholarId === lichslayerId && g.visit === visit)
    .map((g) => ({ school: g.school, spell: g.spell }));
}

/**
 * Identify on a loot item of a school's colour (ch.2): the Scholar reaches one spell of that school
 * for the rest of the floor, whatever their own colour. Only on a floor: the grant ends with it.
 */
export function identifyConduit(
  ps: PlaySession,
  scholar: LichslayerRow,
  item: string,
  onFloor: boolean,
  notes: string[],
): void {
  const entry = lootEntryFor(ps, item);
  const to = entry ? schoolOfColour(entry.fields.colour) : null;
  if (!to || !onFloor) return;
  const visit = readFight(ps).visit;
  const c = readConduits(ps);
  if (c.identified.some((g) => g.scholarId === scholar.id && g.visit === visit && g.school === to)) return;
  writeConduits(ps, {
    ...c,
    identified: [...c.identified, { scholarId: scholar.id, school: to, item, visit, spell: null }],
  });
  notes.push(
    `${item} is a conduit of ${SPELL_SCHOOL_LABEL[to]}: ${scholar.name} may cast one of its spells, the first cast naming it, at current Magic for the rest of this floor (ch.2)`,
  );
}

/** The first cast through an Identified conduit names its one spell (ch.2). */
export function fixConduitSpell(ps: PlaySession, lichslayerId: number, to: SpellSchool, spell: string): void {
  const c = readConduits(ps);
  const visit = readFight(ps).visit;
  const at = c.identified.findIndex(
    (g) => g.scholarId === lichslayerId && g.visit === visit && g.school === to && g.spell === null,
  );
  if (at < 0) return;
  writeConduits(ps, {
    ...c,
    identified: c.identified.map((g, i) => (i === at ? { ...g, spell } : g)),
  });
}

/**
 * Commune's conduit (ch.2, ch.17): coloured loot the Witch carries, equipped and unbroken, lets her
 * learn one spell of its school; she casts it once for one Sanity level and no components. A newer
 * learned spell takes the place of one not cast yet.
 */
export function learnThroughCommune(
  ps: PlaySession,
  witch: LichslayerRow,
  spell: { table: string; row: number; label: string; school: SpellSchool },
  items: readonly { name: string; colour: Colour; broken: boolean }[],
  notes: string[],
): string {
  const colour = SCHOOL_COLOUR[spell.school];
  const conduit =
    spell.school === 'lich' || !colour
      ? undefined
      : items.find((i) => !i.broken && (i.colour === colour || i.colour === 'All-Color'));
  if (!conduit)
    throw new CommandFailure(
      'refused',
      `${witch.name} learns ${spell.label} through Commune only with ${colour && spell.school !== 'lich' ? `${colour} loot equipped as its conduit` : 'loot of its colour, and ' + SPELL_SCHOOL_LABEL[spell.school] + ' has none a conduit can bear'} (ch.2). Nothing changed.`,
    );
  const c = readConduits(ps);
  writeConduits(ps, {
    ...c,
    learned: [
      ...c.learned.filter((x) => x.witchId !== witch.id),
      {
        witchId: witch.id,
        school: spell.school,
        table: spell.table,
        row: spell.row,
        label: spell.label,
        conduit: conduit.name,
      },
    ],
  });
  notes.push(
    `${witch.name} Communes through ${conduit.name} and learns ${spell.label}: cast once at current Magic for 1 Sanity level, no gold and no components (ch.2, ch.17)`,
  );
  return spell.label;
}

/** The spell a Witch learned and has not cast yet (ch.17). */
export const learnedOf = (ps: PlayReader, witchId: number) =>
  readConduits(ps).learned.filter((x) => x.witchId === witchId);

export function spendLearned(ps: PlaySession, witchId: number, table: string, row: number): void {
  const c = readConduits(ps);
  writeConduits(ps, {
    ...c,
    learned: c.learned.filter((x) => !(x.witchId === witchId && x.table === table && x.row === row)),
  });
}

/** ch.4: Forest loot — a Flora or a Stone — held, equipped unbroken or carried, opens Daedric Magic. */
export function holdsForestLoot(
  ps: PlayReader,
  items: readonly { name: string; broken: boolean; flora: boolean }[],
  inventory: readonly { name: string }[],
): boolean {
  const lookup = lootEntries(ps);
  const stones = new Set([
    ...BOOK_STONES.map((s) => s.stone.toLowerCase()),
    ...(ps.tables.defs.get('stones')?.rows.map((r) => r.label.trim().toLowerCase()) ?? []),
  ]);
  const forest = (name: string) => lookup.isFlora(name) || stones.has(name.trim().toLowerCase());
  return items.some((i) => !i.broken && (i.flora || forest(i.name))) || inventory.some((s) => forest(s.name));
}
