// The rules coverage table (docs/RULES.md, its rows in docs/rules/*.md) is a promise: every rule it lists as applied by the app
// names functions the running app reaches from a command or a machine step, and a test. This test
// keeps the promise honest: it fails when a listed function has no caller on the app's path, when a
// listed test file is missing, or when a house rule names a setting that does not exist.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOUSE_RULE_INFO } from '@shared/house-rules.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src-main');
const SHARED = path.join(ROOT, 'src-shared');

interface Row {
  fnCell: string;
  id: string;
  rule: string;
  functions: string[];
  test: string;
  appliedAt: string;
  status: string;
  line: string;
}

/** Rows of every Markdown table in docs/rules/*.md whose first cell is a rule id such as 4.12. */
function readTable(): Row[] {
  const dir = path.join(ROOT, 'docs', 'rules');
  const rows: Row[] = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    text.split('\n').forEach((line, i) => {
      if (!/^\|\s*\d{1,2}\.\d{2,3}[a-z]?\s*\|/.test(line)) return;
      const cells = line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim());
      if (cells.length !== 6)
        throw new Error(`docs/rules/${name} line ${i + 1}: expected 6 cells, found ${cells.length}`);
      const [id, rule, fn, test, appliedAt, status] = cells as [string, string, string, string, string, string];
      // A function in backticks, or a constant that holds the rule's numbers (INN_PRICES) named bare.
      const names = [
        ...fn.matchAll(/`([A-Za-z_$][\w$]*)`/g),
        ...fn.matchAll(/(?<![`\w.])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![`\w])/g),
      ].map((m) => m[1]!);
      rows.push({
        fnCell: fn,
        id,
        rule,
        functions: [...new Set(names)],
        test,
        appliedAt,
        status,
        line: `${name}:${i + 1}`,
      });
    });
  }
  return rows;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

interface Declaration {
  name: string;
  file: string;
  body: string;
}

/** Top-level declarations of each source file, each with the text it spans. */
function declarations(): Declaration[] {
  const out: Declaration[] = [];
  for (const file of [...sourceFiles(SRC), ...sourceFiles(SHARED)]) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    let current: Declaration | null = null;
    for (const line of lines) {
      const m =
        /^(?:export\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/.exec(
          line,
        );
      if (m) {
        current = { name: m[1]!, file, body: '' };
        out.push(current);
      }
      if (current) current.body += `${line}\n`;
    }
  }
  return out;
}

/**
 * Declarations the running app reaches: everything in app/, play/ and machines/ (commands, decisions and machine
 * steps), and transitively whatever those bodies name.
 */
function reachable(all: readonly Declaration[]): Set<string> {
  const byName = new Map<string, Declaration[]>();
  for (const d of all) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  // Commands and machine steps, and the views and table engine they call (reached through method calls the word scan cannot follow).
  const roots = all.filter((d) =>
    ['app', 'play', 'state', 'machines', 'views', 'tables'].some((dir) =>
      d.file.startsWith(path.join(SRC, dir) + path.sep),
    ),
  );
  const seen = new Set<Declaration>(roots);
  const queue = [...roots];
  while (queue.length) {
    const d = queue.pop()!;
    for (const word of new Set(d.body.match(/[A-Za-z_$][\w$]*/g) ?? [])) {
      for (const target of byName.get(word) ?? []) {
        if (target === d || seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return new Set([...seen].map((d) => d.name));
}

describe('the rules coverage table, docs/RULES.md', () => {
  const rows = readTable();
  const all = declarations();
  const onAppPath = reachable(all);
  const defined = new Set(all.map((d) => d.name));

  it('lists at least 150 concrete rules of chapters 1-17, each id once', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const ids = rows.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const chapters = new Set(rows.map((r) => Number(r.id.split('.')[0])));
    for (let ch = 1; ch <= 17; ch++) expect(chapters.has(ch), `chapter ${ch} has rows`).toBe(true);
  });

  it('gives every rule a status: applied by the app, a named house rule, or the Judge’s call with a reason', () => {
    const bad = rows.filter((r) => {
      if (r.status === 'app') return false;
      const house = /^house rules?: (.+)$/.exec(r.status);
      if (house) return !house[1]!.split(/,\s*/).every((key) => key.replace(/`/g, '') in HOUSE_RULE_INFO);
      // "Judge: as 8.12" shares another row's reason, which must itself be the Judge's.
      const same = /^Judge: as (\d{1,2}\.\d{2,3})$/.exec(r.status);
      if (same) return !rows.some((o) => o.id === same[1] && o.status.startsWith('Judge: '));
      return !/^Judge: .{10,}/.test(r.status);
    });
    expect(bad.map((r) => `line ${r.line} (${r.id}): ${r.status}`)).toEqual([]);
  });

  it('every function a rule names exists and the running app reaches it from a command or a machine step', () => {
    const missing = rows.flatMap((r) =>
      r.functions
        .filter((f) => !defined.has(f))
        .map((f) => `line ${r.line} (${r.id}): ${f} is not defined in src-main`),
    );
    const uncalled = rows
      .filter((r) => r.status === 'app')
      .flatMap((r) =>
        r.functions
          .filter((f) => defined.has(f) && !onAppPath.has(f) && !isAppDeclaration(all, f))
          .map((f) => `line ${r.line} (${r.id}): ${f} has no caller in src-main/app or src-main/machines`),
      );
    expect([...missing, ...uncalled]).toEqual([]);
  });

  it('every rule the app applies names its function, the command or step that applies it, and a test file that exists', () => {
    const bad = rows
      .filter((r) => r.status === 'app')
      .flatMap((r) => {
        const problems: string[] = [];
        // A rule held by data (a loot table, a schema) says so in words; a row may point to another row or part.
        const pointer =
          /^(?:as \d{1,2}\.\d{2,3}|see docs\/rules\/)/.test(r.test) ||
          /^(?:as \d{1,2}\.\d{2,3}|see docs\/rules\/)/.test(r.functions.length ? '' : stripFn(r));
        if (r.functions.length === 0 && !pointer && /^—?\s*$/.test(stripFn(r))) problems.push('no function');
        if (!r.appliedAt || r.appliedAt === '—') problems.push('no command or step');
        if (pointer) return problems.map((p) => `line ${r.line} (${r.id}): ${p}`);
        const file = /([\w./-]+\.(?:test|spec)\.ts)/.exec(r.test)?.[1];
        if (!file) problems.push('no test file');
        else if (!testFileExists(file)) problems.push(`test file ${file} not found`);
        return problems.map((p) => `line ${r.line} (${r.id}): ${p}`);
      });
    expect(bad).toEqual([]);
  });

  it('every test a rule names exists under that title', () => {
    const bad = testsNamed(rows).flatMap(({ r, file, title }) =>
      namedTest(file, title) ? [] : [`line ${r.line} (${r.id}): no test in ${file} is titled “${title}”`],
    );
    expect(bad).toEqual([]);
  });

  it('no rule is proved by the house-rules switch test alone, which shows only that a setting changes something', () => {
    const bad = rows
      .filter((r) => r.test.includes('rules/house-rules.test.ts'))
      .map((r) => `line ${r.line} (${r.id}): ${r.test} proves no number of the book`);
    expect(bad).toEqual([]);
  });

  it('every test a rule with numbers names mentions the row’s id or one of those numbers', () => {
    const bad = testsNamed(rows).flatMap(({ r, file, title }) => {
      const found = namedTest(file, title) ?? '';
      // 0 and 1 are in every test and a chapter cited is no number of the rule: any other number, or the id, marks its test.
      const numbers = [
        ...new Set(
          r.rule
            .replace(/ch\.\d+/g, '')
            .replace(/(\d),(?=\d{3})/g, '$1')
            .match(/\d+/g) ?? [],
        ),
      ].filter((n) => n !== '0' && n !== '1');
      const mentions = found.includes(r.id) || numbers.some((n) => new RegExp(`(?<![\\d.])${n}(?!\\d)`).test(found));
      return numbers.length && !mentions
        ? [`line ${r.line} (${r.id}): ${file} › “${title}” mentions neither ${r.id} nor ${numbers.join(', ')}`]
        : [];
    });
    expect(bad).toEqual([]);
  });
});

/** Each "file › title" a rule the app applies, by the book or by a house rule, names as its test. */
function testsNamed(rows: readonly Row[]): { r: Row; file: string; title: string }[] {
  return rows
    .filter((r) => r.status === 'app' || r.status.startsWith('house rule'))
    .flatMap((r) =>
      r.test.split(/;\s*/).flatMap((part) => {
        const named = /([\w./-]+\.(?:test|spec)\.ts)\s*›\s*(.+)$/.exec(part);
        return named ? [{ r, file: named[1]!, title: named[2]! }] : [];
      }),
    );
}

function isAppDeclaration(all: readonly Declaration[], name: string): boolean {
  return all.some(
    (d) =>
      d.name === name && (d.file.startsWith(path.join(SRC, 'app')) || d.file.startsWith(path.join(SRC, 'machines'))),
  );
}

function testFileExists(file: string): boolean {
  const candidates = [file, path.join('src-main', file), path.join('e2e', path.basename(file))];
  return candidates.some((c) => fs.existsSync(path.join(ROOT, c))) || sourceTests().some((t) => t.endsWith(file));
}

let testsCache: string[] | null = null;
function sourceTests(): string[] {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? e.name === 'node_modules'
            ? []
            : walk(path.join(dir, e.name))
          : /\.(test|spec)\.ts$/.test(e.name)
            ? [path.join(dir, e.name)]
            : [],
      );
  testsCache ??= [...walk(SRC), ...walk(path.join(ROOT, 'e2e'))];
  return testsCache;
}

function stripFn(r: Row): string {
  return r.fnCell.trim();
}

/**
 * The title and body of the test a row names: its title may leave parts out with "…"; the first part
 * is in the title, the others in the title or the body (a row may point to one case of a test).
 */
function namedTest(file: string, title: string): string | null {
  const full = [file, path.join('src-main', file), path.join('e2e', path.basename(file))]
    .map((c) => path.join(ROOT, c))
    .find((c) => fs.existsSync(c));
  const where = full ?? sourceTests().find((t) => t.endsWith(file));
  if (!where) return null;
  // Rows and tests are written by hand: an apostrophe may be straight in one and curly in the other.
  const text = fs
    .readFileSync(where, 'utf8')
    .replace(/’/g, "'")
    .replace(/(\d)[,_](?=\d{3})/g, '$1');
  // A part in brackets says which case of the test proves the row: its words are the row's, not the test's.
  const parts = title
    .split('…')
    .map((p) =>
      p
        .replace(/`/g, '')
        .replace(/’/g, "'")
        .replace(/(\d)[,_](?=\d{3})/g, '$1')
        .replace(/\s*\([^)]*\)?\s*$/, '')
        .trim(),
    )
    .filter(Boolean);
  const starts = [...text.matchAll(/^\s*(?:it|test)(?:\.\w+)?\(/gm)].map((m) => m.index);
  for (const [i, at] of starts.entries()) {
    const body = text.slice(at, starts[i + 1] ?? text.length);
    const head = body.slice(0, body.indexOf('=>') + 1 || 400);
    if (parts.length && head.includes(parts[0]!) && parts.every((p) => body.includes(p))) return body;
  }
  return null;
}
