// Typed columns in pasted or exported tables ("loot.tier", "room.trap", "roll on" …): how a
// cell's text becomes a typed field, and back, so Markdown round-trips without loss.
import { COLOURS } from '@shared/gauntlet.ts';
import {
  CASTING_TIMES,
  FACTIONS,
  ITEM_TYPES,
  LOOT_ACTIONS,
  LOOT_TIER_NAMES,
  ROOM_TYPES,
  SPELL_SCHOOLS,
  VESTMENTS,
  type TableRow,
} from '@shared/tables.ts';

type Parsed = { value: unknown; error?: undefined } | { value?: undefined; error: string };

export interface TypedColumn {
  name: string;
  group: 'loot' | 'room' | 'entity' | 'spell' | 'trap' | 'inn' | 'rollOn';
  field: string;
  parse: (text: string) => Parsed;
  show: (value: unknown) => string;
}

const oneOf =
  (options: readonly string[]) =>
  (text: string): Parsed => {
    const hit = options.find((o) => o.toLowerCase() === text.trim().toLowerCase());
    return hit !== undefined ? { value: hit } : { error: `“${text}” is not one of ${options.join(', ')}` };
  };
const yesNo = (text: string): Parsed => {
  const t = text.trim().toLowerCase();
  if (['yes', 'y', 'true', 'x', '✓', '1'].includes(t)) return { value: true };
  if (['no', 'n', 'false', '-', '0', ''].includes(t)) return { value: false };
  return { error: `“${text}” is not yes or no` };
};
const whole = (text: string): Parsed =>
  /^-?\d{1,7}$/.test(text.trim()) ? { value: Number(text.trim()) } : { error: `“${text}” is not a whole number` };
const free = (text: string): Parsed => ({ value: text.trim() });
const listOf =
  (options: readonly string[]) =>
  (text: string): Parsed => {
    const parts = text.split(/[,;/]\s*|\s+/).filter(Boolean);
    const out: string[] = [];
    for (const p of parts) {
      const r = oneOf(options)(p);
      if (r.error) return r;
      out.push(r.value as string);
    }
    return { value: out };
  };
/** Item names, which may hold spaces: split on commas and semicolons only (a spell's recipe, ch.17). */
const names = (text: string): Parsed => ({
  value: text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean),
});
const showAny = (v: unknown) =>
  Array.isArray(v)
    ? v.join(', ')
    : typeof v === 'boolean'
      ? v
        ? 'yes'
        : 'no'
      : v === undefined || v === null
        ? ''
        : String(v);

const col = (group: TypedColumn['group'], field: string, parse: TypedColumn['parse']): TypedColumn => ({
  name: `${group}.${field}`,
  group,
  field,
  parse,
  show: showAny,
});

export const LOOT_COLUMNS: TypedColumn[] = [
  col('loot', 'tier', oneOf(LOOT_TIER_NAMES)),
  col('loot', 'colour', oneOf(COLOURS)),
  col('loot', 'itemType', oneOf(ITEM_TYPES)),
  col('loot', 'actions', listOf(LOOT_ACTIONS)),
  col('loot', 'breakable', yesNo),
  col('loot', 'stackMax', whole),
];
export const ROOM_COLUMNS: TypedColumn[] = [
  col('room', 'roomType', oneOf(ROOM_TYPES)),
  col('room', 'entities', free),
  col('room', 'faction', oneOf([...FACTIONS, 'any'])),
  col('room', 'trap', yesNo),
  col('room', 'chest', yesNo),
  col('room', 'sanityTest', yesNo),
  col('room', 'gold', free),
  col('room', 'chestGold', free),
  col('room', 'impossibleWhen', oneOf(['', 'sanity-break', 'merchant-dispatched'])),
];
export const ENTITY_COLUMNS: TypedColumn[] = [
  col('entity', 'faction', oneOf(FACTIONS)),
  col('entity', 'colour', oneOf(COLOURS)),
  col('entity', 'level', whole),
  col('entity', 'health', whole),
  col('entity', 'armor', whole),
  col('entity', 'speed', whole),
  col('entity', 'attack', free),
  col('entity', 'turns', whole),
  col('entity', 'bypassArmor', yesNo),
  col('entity', 'lichType', yesNo),
  col('entity', 'sanityOnHit', whole),
  col('entity', 'sanityAbility', whole),
  col('entity', 'merchant', yesNo),
  col('entity', 'unbound', yesNo),
];

/** "18", "sanity 18" — a trap's Challenge; empty for none. */
const trapChallenge = (text: string): Parsed => {
  const t = text.trim().toLowerCase();
  if (t === '' || t === '-' || t === 'none') return { value: null };
  const m = /^(sanity\s+)?(\d{1,2})$/.exec(t);
  return m
    ? { value: { target: Number(m[2]), sanity: !!m[1] } }
    : { error: `“${text}” is not a trap Challenge (write “12” or “sanity 18”, or leave it empty)` };
};
const TRAP_COLUMN = (field: string, parse: TypedColumn['parse'], show: TypedColumn['show'] = showAny): TypedColumn => ({
  name: `trap.${field}`,
  group: 'trap',
  field,
  parse,
  show,
});
export const TRAP_COLUMNS: TypedColumn[] = [
  TRAP_COLUMN('damage', free),
  TRAP_COLUMN('ongoing', yesNo),
  TRAP_COLUMN('rounds', whole),
  TRAP_COLUMN('bypassArmor', yesNo),
  TRAP_COLUMN('challenge', trapChallenge, (v) => {
    const c = v as { target: number; sanity: boolean } | null;
    return c ? `${c.sanity ? 'sanity ' : ''}${c.target}` : '';
  }),
  TRAP_COLUMN('loseTurn', yesNo),
];

export const SPELL_COLUMNS: TypedColumn[] = [
  col('spell', 'school', oneOf(SPELL_SCHOOLS)),
  col('spell', 'cost', whole),
  col('spell', 'castingTime', oneOf(CASTING_TIMES)),
  col('spell', 'roll', free),
  col('spell', 'addsMagic', yesNo),
  col('spell', 'vestment', oneOf([...VESTMENTS, 'all', ''])),
  col('spell', 'component', free),
  col('spell', 'healthCost', whole),
  col('spell', 'path', oneOf(['tomb', 'forest'])),
  col('spell', 'recipe', names),
  col('spell', 'flora', oneOf([...COLOURS, ''])),
  col('spell', 'grantedBy', free),
];

/** An Inn event's prices, fed days, night and what it costs its patrons (ch.4, ch.5). */
export const INN_COLUMNS: TypedColumn[] = [
  col('inn', 'mealPercent', whole),
  col('inn', 'shelterPercent', whole),
  col('inn', 'shelterExtra', whole),
  col('inn', 'fedDays', whole),
  col('inn', 'mealFeeds', yesNo),
  col('inn', 'restRecovers', yesNo),
  col('inn', 'restBonus', whole),
  col('inn', 'damages', whole),
  col('inn', 'theftD6', whole),
  col('inn', 'nextTombsChallenge', whole),
];

/** "ghoul-table", "ghoul-table ×2", "ghoul-table x2 +1" — a nested roll. */
export const ROLL_ON_COLUMN: TypedColumn = {
  name: 'roll on',
  group: 'rollOn',
  field: '',
  parse: (text) => {
    const m = /^([a-z0-9][a-z0-9-]*)(?:\s*[×x]\s*(\d{1,2}))?(?:\s*([+−-])\s*(\d{1,4}))?$/.exec(text.trim());
    if (!m)
      return { error: `“${text}” is not a table to roll on (write “table-key”, “table-key ×2” or “table-key ×2 +1”)` };
    const modifier = m[4] ? (m[3] === '+' ? 1 : -1) * Number(m[4]) : 0;
    return { value: { table: m[1], times: m[2] ? Number(m[2]) : 1, modifier } };
  },
  show: (v) => {
    const r = v as { table: string; times: number; modifier: number } | null;
    if (!r) return '';
    return `${r.table}${r.times > 1 ? ` ×${r.times}` : ''}${r.modifier ? ` ${r.modifier > 0 ? '+' : '−'}${Math.abs(r.modifier)}` : ''}`;
  },
};

export const ALL_TYPED_COLUMNS = [
  ...LOOT_COLUMNS,
  ...ROOM_COLUMNS,
  ...ENTITY_COLUMNS,
  ...SPELL_COLUMNS,
  ...TRAP_COLUMNS,
  ...INN_COLUMNS,
  ROLL_ON_COLUMN,
];

/** Which of a header's columns (by index) are typed columns. */
export function readTypedColumns(columns: readonly string[]): Map<number, TypedColumn> {
  const map = new Map<number, TypedColumn>();
  columns.forEach((name, i) => {
    const found = ALL_TYPED_COLUMNS.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
    if (found) map.set(i, found);
  });
  return map;
}

/** The typed columns a set of rows needs in an export. */
export function typedColumnsFor(rows: readonly TableRow[]): TypedColumn[] {
  return [
    ...(rows.some((r) => r.loot) ? LOOT_COLUMNS : []),
    ...(rows.some((r) => r.room) ? ROOM_COLUMNS : []),
    ...(rows.some((r) => r.entity) ? ENTITY_COLUMNS : []),
    ...(rows.some((r) => r.spell) ? SPELL_COLUMNS : []),
    ...(rows.some((r) => r.trap) ? TRAP_COLUMNS : []),
    ...(rows.some((r) => r.inn) ? INN_COLUMNS : []),
    ...(rows.some((r) => r.rollOn) ? [ROLL_ON_COLUMN] : []),
  ];
}

export function typedCell(row: TableRow, column: TypedColumn): string {
  if (column.group === 'rollOn') return column.show(row.rollOn);
  const group = row[column.group] as Record<string, unknown> | null;
  return group ? column.show(group[column.field]) : '';
}
