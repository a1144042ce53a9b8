// Layouts a PDF or a blog leaves behind, undone before a page is read: two columns of rows
// printed side by side, and keys standing on lines of their own above or before their texts.
import { readRowKey } from '@shared/row-key.ts';
import { BARE_KEY, halfWidth, rowCandidate } from './paste-rows.ts';
import { HEADING } from './paste-titles.ts';
import { META } from './paste-classify.ts';
import type { PasteLine } from './paste-markup.ts';

const TWO_COLUMNS = /^(.*?\S)(?:\s{3,}|\t+)(\S.*)$/;

/**
 * Two columns of rows printed side by side ("1 The Drunken Goat     7 The Rusty Anchor"):
 * two or more such lines running on become the left column's rows, then the right column's.
 */
export function sideBySide(lines: PasteLine[]): PasteLine[] {
  const split = lines.map((l) => {
    const left = rowCandidate(l.text);
    const m = left && !l.text.includes('|') ? TWO_COLUMNS.exec(l.text.trim()) : null;
    if (!left || !m) return null;
    const leftRow = rowCandidate(m[1]!);
    const right = rowCandidate(m[2]!);
    if (!leftRow || !right || right.key.from === null || leftRow.key.to === null || right.key.from <= leftRow.key.to)
      return null;
    return { left: m[1]!, right: m[2]!, rightKey: right.key.from };
  });
  const out: PasteLine[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && split[j]) j++;
    const run = split.slice(i, j);
    const ascending = run.every((s, k) => k === 0 || s!.rightKey > run[k - 1]!.rightKey);
    if (j - i >= 2 && ascending) {
      const block = lines.slice(i, j);
      block.forEach((l, k) => out.push({ ...l, text: run[k]!.left }));
      block.forEach((l, k) =>
        out.push({
          ...l,
          text: run[k]!.right,
          notes: [
            ...(l.notes ?? []),
            `printed beside another row on line ${l.line} (two columns on one line): read as its own row`,
          ],
        }),
      );
      i = j;
    } else {
      out.push(lines[i]!);
      i++;
    }
  }
  return out;
}

/**
 * Keys on lines of their own, their texts on the next lines ("1" / "A rockslide…"), or a whole
 * column of keys before a column of texts (a PDF's columns read one after the other): each key
 * takes its text. Two or more keys counting up are needed, so a page number is not a row.
 */
export function keysOnTheirOwn(lines: PasteLine[]): PasteLine[] {
  const bare = (l: PasteLine | undefined) =>
    !!l && BARE_KEY.test(halfWidth(l.text)) && readRowKey(BARE_KEY.exec(halfWidth(l.text))![1]!) !== null;
  const plain = (l: PasteLine | undefined) =>
    !!l &&
    l.text.trim() !== '' &&
    !bare(l) &&
    rowCandidate(l.text) === null &&
    !l.text.includes('|') &&
    !HEADING.test(l.text.trim()) &&
    !META.test(l.text.trim());
  type Pair = { key: number; text: number };
  const chains: Pair[][] = [];
  let chain: Pair[] = [];
  for (let i = 0; i < lines.length;) {
    if (!bare(lines[i])) {
      if (chain.length) chains.push(chain);
      chain = [];
      i++;
      continue;
    }
    const keys: number[] = [];
    let j = i;
    while (j < lines.length && (bare(lines[j]) || (lines[j]!.text.trim() === '' && bare(lines[j + 1])))) {
      if (bare(lines[j])) keys.push(j);
      j++;
    }
    const texts: number[] = [];
    while (j < lines.length && texts.length < keys.length && (plain(lines[j]) || lines[j]!.text.trim() === '')) {
      if (plain(lines[j])) texts.push(j);
      j++;
    }
    if (texts.length !== keys.length) {
      if (chain.length) chains.push(chain);
      chain = [];
      i = keys[keys.length - 1]! + 1;
      continue;
    }
    chain.push(...keys.map((k, n) => ({ key: k, text: texts[n]! })));
    i = j;
  }
  if (chain.length) chains.push(chain);
  const keyOf = (i: number) => readRowKey(BARE_KEY.exec(halfWidth(lines[i]!.text))![1]!)!;
  const merged = new Map<number, PasteLine>();
  const used = new Set<number>();
  for (const c of chains) {
    const counting =
      c.length >= 2 &&
      c.every((p, n) => n === 0 || (keyOf(p.key).from ?? -Infinity) > (keyOf(c[n - 1]!.key).to ?? Infinity));
    if (!counting) continue;
    const column = c.some((p, n) => n > 0 && p.key === c[n - 1]!.key + 1);
    for (const p of c) {
      const k = lines[p.key]!;
      const t = lines[p.text]!;
      const keyText = BARE_KEY.exec(halfWidth(k.text))![1]!.trim();
      const why = column
        ? 'the keys are printed in a column of their own, before their texts'
        : 'the key stands on a line of its own, its text under it';
      merged.set(p.key, {
        ...k,
        text: `${keyText} ${t.text.trim()}`,
        joined: [...(k.joined ?? []), { line: t.line, why }],
      });
      used.add(p.text);
    }
  }
  return lines.flatMap((l, i) => (used.has(i) ? [] : [merged.get(i) ?? l]));
}
