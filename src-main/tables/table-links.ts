// Prose links between pasted tables — "Go to the section below named 'WEATHER'", "roll on
// Encounters", "roll twice", "reroll" — found in a row's text and turned into the nested
// rolls the table model already has. Rolling again on the same table goes through a
// companion table of the other rows, weighted by how often the die lands on each, so the
// chance of every row is what the book meant and the chain stays loop-free.
import { LIMITS_TABLES, type TableDef, type TableRow } from '@shared/tables.ts';
import { parseDice, type DiceExpression } from '../rules/dice-expression.ts';
import { rowAt } from './table-roll.ts';
import { tableSpan } from './table-span.ts';

export type LinkKind = 'section' | 'roll-on' | 'roll-again' | 'reroll';

export interface ProseLink {
  kind: LinkKind;
  /** The words that made the link, as written. */
  phrase: string;
  /** The table named, as written; null for this same table. */
  target: string | null;
  times: number;
  /** Why the phrase may not be an instruction to the roller (it is still linked, and said); null when it plainly is. */
  doubt: string | null;
}

const Q_OPEN = `'"‘“«`;
const Q_CLOSE = `'"’”»`;
const SECTION = new RegExp(
  `\\b(?:go|turn|skip|proceed|continue|jump|move)\\s+(?:on\\s+)?to\\b[^${Q_OPEN}\\n]{0,80}?[${Q_OPEN}]([^${Q_CLOSE}\\n]{1,80})[${Q_CLOSE}]`,
  'gi',
);
const TIMES_WORDS: Record<string, number> = {
  twice: 2,
  thrice: 3,
  'two times': 2,
  'three times': 3,
  'four times': 4,
  'two more times': 2,
  'three more times': 3,
};
const ROLL_TIMES =
  /\broll\s+(?:again\s+)?(twice|thrice|two(?:\s+more)?\s+times|three(?:\s+more)?\s+times|four\s+times|(\d{1,2})\s+(?:more\s+)?times)(?:\s+(?:more|again))?(?:\s+on\s+([^.;!?,()\n]{1,80}))?/gi;
const ROLL_ON = /\broll(?:\s+(?:once|again|a\s+d\d+|\d*d\d+))?\s+on\s+([^.;!?,()\n]{1,80})/gi;
const REROLL = /\b(?:re-?roll(?:\s+(?:this|the)\s+(?:result|entry|row))?|roll\s+again)\b/gi;
const SELF = /^(?:this|the\s+same)\s+table\b/i;
/** Words that make a phrase something a character does ("you may reroll", "when you roll on any table"). */
const SUBJECT =
  /\b(?:you|your|they|he|she|it|we|i|bearer|wearer|wielder|owner|user|holder|player|may|can|could|must|might|should|will|would|cannot|can't|when|whenever|unless|once)\b/i;
/** A lead-in that orders the steps rather than setting a condition ("After your encounter, go to …"). */
const SEQUENCE = /^\s*(?:after(?:wards?)?|then|next|finally)\b/i;
const CONDITION = /\b(?:if|unless|when|whenever|may|can|could|might|should|would)\b/i;
/** What a character rerolls rather than the table: "reroll a failed saving throw", "reroll one die". */
const REROLL_OBJECT =
  /^\s+(?:a|an|one|two|any|all|your|their|his|her|its|that|those|these|\d+|failed|missed|damage|the\s+(?!result\b|entry\b|row\b|table\b|same\b)\w+|\w+\s+(?:checks?|saves?|saving|throws?|attacks?|rolls?|dice|die))\b/i;

/**
 * Whether a phrase at `at` tells the roller to roll: it opens its sentence or a clause after
 * ";", ":", "(" or a dash. After a comma it is linked but doubtful; with words before it in its
 * clause ("the bearer may reroll", "when you roll on") it is a character's action, not a link.
 */
function instruction(text: string, at: number): { ok: boolean; doubt: string | null } {
  const sentence =
    text
      .slice(0, at)
      .split(/[.!?…]["”’)]*\s+|\n/)
      .pop() ?? '';
  const parts = sentence.split(/([,;:(—–]|\s-\s)/);
  const clause = parts.pop() ?? '';
  if (clause.trim()) return { ok: false, doubt: null };
  const mark = (parts.pop() ?? '').trim();
  if (!mark || mark !== ',') return { ok: true, doubt: null };
  if (SEQUENCE.test(sentence) && !CONDITION.test(sentence)) return { ok: true, doubt: null };
  return {
    ok: true,
    doubt: SUBJECT.test(sentence)
      ? 'it follows a condition in the same sentence'
      : 'it sits mid-sentence, after a comma',
  };
}

/** The links in a row's text, first first (only the first becomes a nested roll). */
export function findLinks(text: string): ProseLink[] {
  const found: { at: number; end: number; rank: number; link: ProseLink }[] = [];
  const add = (m: RegExpExecArray | RegExpMatchArray, rank: number, link: Omit<ProseLink, 'doubt'>) => {
    const at = m.index ?? 0;
    const how = instruction(text, at);
    if (!how.ok) return;
    found.push({ at, end: at + m[0].length, rank, link: { ...link, doubt: how.doubt } });
  };
  for (const m of text.matchAll(ROLL_TIMES)) {
    const n = m[2] ? Number(m[2]) : (TIMES_WORDS[m[1]!.toLowerCase().replace(/\s+/g, ' ')] ?? 2);
    const target = m[3]?.trim() ?? null;
    add(m, 0, {
      kind: 'roll-again',
      phrase: m[0],
      target: target && !SELF.test(target) ? target : null,
      times: Math.min(Math.max(n, 1), LIMITS_TABLES.times),
    });
  }
  for (const m of text.matchAll(ROLL_ON)) {
    const target = m[1]!.trim();
    add(m, 1, {
      kind: SELF.test(target) ? 'reroll' : 'roll-on',
      phrase: m[0],
      target: SELF.test(target) ? null : target,
      times: 1,
    });
  }
  for (const m of text.matchAll(REROLL)) {
    if (REROLL_OBJECT.test(text.slice((m.index ?? 0) + m[0].length))) continue;
    add(m, 2, { kind: 'reroll', phrase: m[0], target: null, times: 1 });
  }
  for (const m of text.matchAll(SECTION)) add(m, 3, { kind: 'section', phrase: m[0], target: m[1]!.trim(), times: 1 });
  found.sort((a, b) => a.at - b.at || a.rank - b.rank);
  const kept: typeof found = [];
  for (const f of found) if (!kept.some((k) => f.at < k.end && k.at < f.end)) kept.push(f);
  return kept.map((l) => ({ ...l.link, phrase: l.link.phrase.trim() }));
}

const normal = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '')
    .replace(/ table$/, '');

const STOP = new Set(['a', 'an', 'the', 'of', 'and', 'or', 'on', 'in', 'for', 'to', 'table', 'tables']);

export interface NamedTable {
  key: string;
  name: string;
}

export interface Resolved extends NamedTable {
  /** How the written name was matched when not by the table's name: by its key, or by a word only it has. */
  how: string | null;
}

/**
 * The table a link names: the longest table name the written target starts with, so that
 * "roll on Encounters and add 2" finds "Encounters"; else a table whose key it is ("Loot" →
 * `loot`); else the one table whose name holds every word of it ("Phenomena" → "Tomb
 * Phenomena"). Null when none, or when several tables hold those words.
 */
export function resolveTarget(target: string, tables: readonly NamedTable[]): Resolved | null {
  const written = normal(target);
  if (!written) return null;
  let best: NamedTable | null = null;
  let bestLength = 0;
  for (const t of tables) {
    const n = normal(t.name);
    if (!n) continue;
    if ((written === n || written.startsWith(`${n} `)) && n.length > bestLength) {
      best = t;
      bestLength = n.length;
    }
  }
  if (best) return { ...best, how: null };
  const byKey = tables.find((t) => {
    const k = t.key.replace(/-/g, ' ');
    return written === k || written.startsWith(`${k} `);
  });
  if (byKey) return { ...byKey, how: `by its key “${byKey.key}”` };
  const words = written.split(' ').filter((w) => !STOP.has(w));
  if (words.length === 0 || words.length > 3) return null;
  const holders = tables.filter((t) => {
    const own = new Set(normal(t.name).split(' '));
    return words.every((w) => own.has(w));
  });
  if (holders.length !== 1) return null;
  return {
    ...holders[0]!,
    how: `by the word${words.length > 1 ? 's' : ''} “${words.join(' ')}”, which only “${holders[0]!.name}” has`,
  };
}

/** How many ways the die lands on each total (exact counts while they fit, else proportional). */
function dieDistribution(expression: DiceExpression): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  const convolve = (faces: Map<number, number>, sign: 1 | -1) => {
    const next = new Map<number, number>();
    for (const [a, wa] of dist)
      for (const [b, wb] of faces) next.set(a + sign * b, (next.get(a + sign * b) ?? 0) + wa * wb);
    // Keep the numbers finite for many dice: relative weights are all that matter.
    const top = Math.max(...next.values());
    if (top > 1e12) for (const [k, v] of next) next.set(k, v / 1e6);
    dist = next;
  };
  for (const term of expression.terms) {
    if (term.kind === 'constant') {
      dist = new Map([...dist].map(([k, v]) => [k + term.sign * term.value, v]));
      continue;
    }
    const faces = new Map<number, number>();
    if (term.d66) for (let t = 1; t <= 6; t++) for (let u = 1; u <= 6; u++) faces.set(t * 10 + u, 1);
    else for (let f = 1; f <= term.sides; f++) faces.set(f, 1);
    for (let c = 0; c < term.count; c++) convolve(faces, term.sign);
  }
  return dist;
}

/** Dice small enough to weigh exactly (the companion's weights come from every total). */
function canWeigh(die: string): boolean {
  try {
    const e = parseDice(die);
    return (
      e.max - e.min <= 20_000 &&
      e.terms.every((t) => t.kind === 'constant' || t.count * (t.d66 ? 36 : t.sides) <= 20_000)
    );
  } catch {
    return false;
  }
}

/**
 * The companion of a table for "roll again": every row that does not itself roll again,
 * weighted by the share of the die's results it covers.
 */
export function companionTable(
  table: TableDef,
  key: string,
  againRows: ReadonlySet<number>,
): { table: TableDef | null; error: string | null } {
  const { span, expression } = tableSpan(table);
  if (!span || !expression) return { table: null, error: `${table.name} has no die to roll again` };
  if (!canWeigh(table.die ?? ''))
    return { table: null, error: `${table.name}'s die ${table.die} has too many results to weigh for a re-roll` };
  const counts = new Map<number, number>();
  for (const [total, ways] of dieDistribution(expression)) {
    const index = rowAt(table, Math.min(span.max, Math.max(span.min, total)));
    if (index !== null && !againRows.has(index)) counts.set(index, (counts.get(index) ?? 0) + ways);
  }
  const top = Math.max(0, ...counts.values());
  const scale = top > 1_000_000 ? 1_000_000 / top : 1;
  const rows: TableRow[] = table.rows.flatMap((r, i) => {
    const ways = counts.get(i);
    if (!ways) return [];
    return [{ ...r, range: null, weight: Math.max(1, Math.round(ways * scale)) }];
  });
  if (rows.length === 0)
    return { table: null, error: `every row of ${table.name} rolls again, so there is nothing to land on` };
  const name = `${table.name} (rolled again)`;
  return {
    table: {
      key,
      name:
        name.length > LIMITS_TABLES.name
          ? `${table.name.slice(0, LIMITS_TABLES.name - 17).trimEnd()}… (rolled again)`
          : name,
      category: table.category,
      die: null,
      span: null,
      drawWithoutReplacement: false,
      starter: false,
      rows,
    },
    error: null,
  };
}
