// The coverage table of the chapters whose rows name each function with its file (docs/rules/chNN.md
// for chapters 2, 3, 8-12 and 16) is kept honest: that function exists there, every rule the app
// applies (or a house rule) has a caller in the app, and every test named exists.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rowsOf = (file: string) =>
  fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => /^\| \d+\.\d+[a-z]? \|/.test(l))
    .map((l) => {
      const cells = l.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').trim());
      return { id: cells[0]!, functions: cells[2]!, test: cells[3]!, status: cells[5]! };
    });
const rows = fs
  .readdirSync(path.join(ROOT, 'docs/rules'))
  .filter((n) => /^ch(02|03|08|09|10|11|12|16)\.md$/.test(n))
  .sort()
  .flatMap((n) => rowsOf(`docs/rules/${n}`));

const resolve = (file: string) =>
  path.join(ROOT, file.replace(/^main\//, 'src-main/').replace(/^shared\//, 'src-shared/'));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}
// Where the app runs a rule: commands and their procedures, the machines, the views, the table engine, and the contract's schemas.
const appCode = [
  ...[
    'src-main/app',
    'src-main/play',
    'src-main/state',
    'src-main/machines',
    'src-main/views',
    'src-main/tables',
  ].flatMap((d) => sources(path.join(ROOT, d))),
  path.join(ROOT, 'src-shared/contract.ts'),
  ...sources(path.join(ROOT, 'src-shared/contract')),
].map((f) => ({ f, text: fs.readFileSync(f, 'utf8') }));

describe('docs/rules: the coverage table', () => {
  it('lists the rules of chapters 2, 3, 8-12 and 16, each with a status', () => {
    expect(rows.length).toBeGreaterThan(280);
    for (const r of rows) expect(r.status, r.id).toMatch(/^(app|house rule: \w+(, \w+)*|Judge: .{20,})$/);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('every function named exists in its file, and every rule the app applies has a caller in the app', () => {
    const missing: string[] = [];
    for (const r of rows) {
      const named = [...r.functions.matchAll(/`(\w+)` \(([^)]+)\)/g)];
      // A Judge's call may have no function: the table decides it.
      if (!named.length && !r.status.startsWith('Judge')) missing.push(`${r.id}: no function named`);
      for (const [, name, file] of named) {
        const text = fs.readFileSync(resolve(file!), 'utf8');
        if (!new RegExp(`export (function|const|class) ${name}\\b`).test(text))
          missing.push(`${r.id}: ${name} is not exported by ${file}`);
        if (r.status.startsWith('Judge')) continue;
        const called = appCode.some(({ f, text: t }) =>
          new RegExp(`\\b${name}\\b`).test(
            f === resolve(file!) ? t.replace(new RegExp(`export (function|const|class) ${name}\\b`), '') : t,
          ),
        );
        if (!called)
          missing.push(`${r.id}: ${name} has no caller in src-main/app, machines, views, tables or the contract`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every test named exists', () => {
    const missing: string[] = [];
    for (const r of rows) {
      if (r.test === '—' && r.status.startsWith('Judge')) continue;
      const m = /^(\S+\.test\.ts) › (.+)$/.exec(r.test);
      if (!m) {
        missing.push(`${r.id}: “${r.test}” is not file › test`);
        continue;
      }
      const file = path.join(ROOT, 'src-main', m[1]!);
      const name = m[2]!.replace(/…$/, '');
      if (!fs.existsSync(file) || !fs.readFileSync(file, 'utf8').includes(name))
        missing.push(`${r.id}: no test “${name}” in ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });
});
