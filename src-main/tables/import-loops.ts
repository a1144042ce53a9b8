// Loops in an import: the links of a page that go back to a table already on the chain of a roll
// from its first table ("after your encounter, go to the section 'DUNGEON ROOM'"). Each is kept as
// a link and named with its chain, so a roll ends there and says so; the Judge may drop one,
// and its row's words stay plain text.
import { loopLinks } from './table-loops.ts';
import type { Built } from './import-build.ts';
import { short, type ImportLink, type ImportOptions, type ImportProblem } from './import-draft.ts';

/** Marks each link that goes back, and drops those the Judge chose to drop. */
export function settleLoops(
  built: readonly Built[],
  links: ImportLink[],
  options: ImportOptions,
  problems: ImportProblem[],
  notes: ImportProblem[],
): void {
  const byKey = new Map(built.map((b) => [b.imported.table.key, b]));
  const name = (key: string) => byKey.get(key)?.imported.table.name ?? key;
  const drops = options.dropLoops ?? [];
  const loops = loopLinks(new Map(built.map((b) => [b.imported.table.key, b.imported.table])));
  for (const loop of loops) {
    const b = byKey.get(loop.table)!;
    const chain = loop.chain.map(name).join(' → ');
    const link = links.find((l) => l.table === loop.table && l.row === loop.row);
    const line = b.imported.rowLines[loop.row] ?? null;
    if (!link) {
      // A nested roll written into an exported table: kept as exported, and said.
      notes.push({
        line,
        message: `${name(loop.table)} row ${loop.row + 1} rolls back on ${name(loop.chain[0]!)} (${chain}): a roll ends there and says so`,
      });
      continue;
    }
    const dropped = drops.some((d) => d.table === loop.table && d.row === loop.row);
    link.loop = { chain: loop.chain, kept: !dropped };
    const notesOf = b.imported.rowNotes[loop.row]!;
    if (!dropped) {
      notesOf.push(`goes back to ${name(loop.chain[0]!)} (${chain}): kept as a link, a roll ends there and says so`);
      continue;
    }
    const t = b.imported.table;
    b.imported.table = { ...t, rows: t.rows.map((r, i) => (i === loop.row ? { ...r, rollOn: null } : r)) };
    notesOf.push(`“${short(link.phrase, 40)}” goes back to ${name(loop.chain[0]!)} (${chain}): dropped, kept as text`);
  }
  for (const d of drops) {
    if (loops.some((l) => l.table === d.table && l.row === d.row)) continue;
    problems.push({
      line: null,
      message: `Row ${d.row + 1} of “${d.table}” holds no loop to drop: read the text again and choose among the loops the preview names`,
    });
  }
}
