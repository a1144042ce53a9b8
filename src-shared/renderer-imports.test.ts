// The renderer's bundle carries no validation library: every value it imports from src-shared comes
// from a module that (with everything it imports in turn) never loads zod. Schemas stay in main.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED = path.join(ROOT, 'src-shared');
const RENDERER = path.join(ROOT, 'src-renderer', 'src');

/** `import { … } from '…'` statements that bring values (not `import type`), with their sources. */
function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms)) {
    if (m[1]) continue;
    const names = m[2]!
      .replace(/^\{|\}$/g, '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    found.push(m[3]!);
  }
  for (const m of source.matchAll(/^\s*export\s+(?!type)[^;]*?\s+from\s+'([^']+)'/gms)) found.push(m[1]!);
  return found;
}

function sharedFile(spec: string, from: string): string | null {
  if (spec.startsWith('@shared/')) return path.join(SHARED, spec.slice('@shared/'.length));
  if (spec.startsWith('.') && from.startsWith(SHARED)) return path.resolve(path.dirname(from), spec);
  return null;
}

/** Whether a shared module loads zod, itself or through the shared modules it imports values from. */
function loadsZod(file: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const spec of valueImports(fs.readFileSync(file, 'utf8'))) {
    if (spec === 'zod') return file;
    const next = sharedFile(spec, file);
    const through = next ? loadsZod(next, seen) : null;
    if (through) return through;
  }
  return null;
}

function rendererFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return rendererFiles(full);
    return /\.(ts|svelte)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the renderer bundle', () => {
  it('imports no value from a shared module that loads zod', () => {
    const offenders: string[] = [];
    let sharedValueImports = 0;
    for (const file of rendererFiles(RENDERER)) {
      for (const spec of valueImports(fs.readFileSync(file, 'utf8'))) {
        if (spec === 'zod') offenders.push(`${path.relative(ROOT, file)} imports zod`);
        const shared = sharedFile(spec, file);
        if (!shared) continue;
        sharedValueImports++;
        const via = loadsZod(shared);
        if (via)
          offenders.push(`${path.relative(ROOT, file)} imports ${spec}, which loads zod (${path.relative(ROOT, via)})`);
      }
    }
    expect(offenders).toEqual([]);
    // The renderer does use shared vocabulary (colours, table categories, house rules' labels).
    expect(sharedValueImports).toBeGreaterThan(10);
  });

  it('catches a shared module that builds schemas', () => {
    expect(loadsZod(path.join(SHARED, 'gauntlet.ts'))).toBe(path.join(SHARED, 'gauntlet.ts'));
    expect(loadsZod(path.join(SHARED, 'gauntlet-vocabulary.ts'))).toBeNull();
  });
});
