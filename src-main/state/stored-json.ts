// The JSON a campaign stores in its text columns, and how it is read back: nested no deeper than
// MAX_STORED_JSON_DEPTH, valid JSON, and shaped as the app writes it. The open check reads every
// such value through here before a campaign is opened; the app's own reads use the same parser, so
// a value that slipped past (an old row read later) is a clear refusal, never a crash.
import { z } from 'zod';
import { describeIssues } from '@shared/contract.ts';
import { jsonShapeOver } from '@shared/json-shape.ts';
import { tableRowSchema } from '@shared/tables.ts';
import { CampaignFileError } from './failures.ts';
import { TRACKED_TABLES } from './tracked-tables.ts';

/** Stored JSON nests a few levels (an undo step's row images, a table row); this leaves room to spare. */
export const MAX_STORED_JSON_DEPTH = 64;

const num = z.number().nullish();
const str = z.string().nullish();
const bool = z.boolean().nullish();

/** An entity's stats as the board's handlers write them (board-repo's EntityStats). */
const entityStatsSchema = z.looseObject({
  faction: str,
  level: num,
  speed: num,
  attack: str,
  turns: num,
  table: str,
  magic: num,
  lich: bool,
  bypassArmor: bool,
  lichType: bool,
  sanityOnHit: num,
  sanityAbility: num,
  merchant: bool,
  unbound: bool,
});

const trapSchema = z.looseObject({
  label: z.string(),
  disabled: z.boolean(),
  triggeredFor: z.array(z.number()),
  effect: z.looseObject({}).nullish(),
  roll: bool,
});

const chestSchema = z.looseObject({
  opened: z.boolean(),
  hasLoot: z.boolean().nullable(),
  contents: z.string(),
  goldFormula: str,
  gold: num,
  openedBy: str,
});

/** An undo step's row image: its keys become column names in the statement undo runs. */
const rowImage = z
  .record(z.string(), z.union([z.string(), z.number(), z.null()]))
  .refine((image) => Object.keys(image).every((key) => /^[a-z_][a-z0-9_]*$/.test(key)), {
    error: 'a column name the app never writes',
  })
  .nullable();
const rowChangesSchema = z.array(
  z.strictObject({
    table: z.string().refine((t) => TRACKED_TABLES.has(t), { error: 'a table undo never touches' }),
    id: z.number().int(),
    before: rowImage,
    after: rowImage,
  }),
);
export type StoredRowChange = z.output<typeof rowChangesSchema>[number];

const facesSchema = z.array(z.looseObject({ sides: z.number().int().min(1), face: z.number().int(), cause: str }));

/**
 * Every JSON column of the campaign's tables (and of the ledger archive's roll_log), with its shape.
 * Settings are read through their own schemas, one per key (settings.ts), by the open's settings check.
 */
export const STORED_JSON: Readonly<Record<string, Readonly<Record<string, z.ZodType>>>> = {
  token: { stats: entityStatsSchema },
  room: { trap: trapSchema, chest: chestSchema },
  rtable: { drawn: z.array(z.number().int()) },
  rtable_row: { data: tableRowSchema },
  history: { changes: rowChangesSchema },
  roll_log: { faces: facesSchema, result: z.unknown(), rng_before: z.unknown(), rng_after: z.unknown() },
  day_report: { report: z.looseObject({}) },
};

/** An undo step whose row images were dropped by compaction: the one stored value that is no JSON. */
export const COMPACTED_STEP = '';

/** JSON.parse after the depth check, or why not (in words that follow the column's name). */
export function parseStoredJson(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  if (jsonShapeOver(text, { depth: MAX_STORED_JSON_DEPTH, values: Number.MAX_SAFE_INTEGER }) === 'depth')
    return { ok: false, why: `nests deeper than the ${MAX_STORED_JSON_DEPTH} levels the app ever writes` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, why: `is not valid JSON (${(error as Error).message.slice(0, 120)})` };
  }
}

/**
 * Why a stored value of `table.column` is not what the app writes, or null when it is. `columnsOf`
 * names each table's columns, so an undo step naming another is refused too.
 */
export function storedValueProblem(
  table: string,
  column: string,
  text: string,
  columnsOf?: (table: string) => ReadonlySet<string>,
): string | null {
  if (table === 'history' && column === 'changes' && text === COMPACTED_STEP) return null;
  const parsed = parseStoredJson(text);
  if (!parsed.ok) return parsed.why;
  const schema = STORED_JSON[table]?.[column];
  if (!schema) return null;
  const checked = schema.safeParse(parsed.value);
  if (!checked.success) return `is not what the app writes (${describeIssues(checked.error, 2)})`;
  if (columnsOf && table === 'history') {
    for (const change of checked.data as StoredRowChange[])
      for (const key of Object.keys({ ...change.before, ...change.after }))
        if (!columnsOf(change.table).has(key))
          return `is not what the app writes (its ${change.table} row ${change.id} has no column “${key.slice(0, 40)}”)`;
  }
  return null;
}

/** A stored value found unreadable while the campaign is open: refused by name, nothing written. */
export class StoredValueError extends CampaignFileError {
  constructor(where: string, why: string) {
    super(
      'damaged',
      `This campaign's ${where} ${why}, so it was not used: the file was changed by something other than Lichslayer Judge. Nothing was changed. Close the campaign and choose “Restore newest good backup” for it on the Campaigns screen.`,
    );
    this.name = 'StoredValueError';
  }
}

/**
 * A stored JSON value as the app reads it during play: depth-checked and parsed, and (when
 * `validate`) checked against its shape. Throws StoredValueError naming table, row and column.
 */
export function readStoredJson<T>(table: string, column: string, id: number | null, text: string, validate = false): T {
  const where = id === null ? `${table}.${column} value` : `${table} row ${id}, column ${column},`;
  if (validate) {
    const problem = storedValueProblem(table, column, text);
    if (problem) throw new StoredValueError(where, problem);
  }
  const parsed = parseStoredJson(text);
  if (!parsed.ok) throw new StoredValueError(where, parsed.why);
  return parsed.value as T;
}
