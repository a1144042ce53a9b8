// The links between the tables of one import: prose in pasted rows ("go to the section named
// 'WEATHER'", "roll on Encounters", "roll twice", "reroll"), document results of a Foundry file,
// and exported nested rolls renamed with their targets. Each becomes a nested roll, or stays
// text and says why; a roll on the same table is gathered for its companion.
import { findLinks, resolveTarget, type NamedTable } from './table-links.ts';
import type { Built } from './import-build.ts';
import { short, type ImportLink, type ImportOptions } from './import-draft.ts';

/** Links of the built tables: each row's nested roll set, and the rows that roll again on their own table. */
export function linkTables(
  built: readonly Built[],
  options: ImportOptions,
): { links: ImportLink[]; againRows: Map<Built, Set<number>> } {
  const links: ImportLink[] = [];
  const named: NamedTable[] = built.map((b) => ({ key: b.imported.table.key, name: b.imported.table.name }));
  const known = (options.known ?? []).filter((k) => !named.some((n) => n.key === k.key));
  const againRows = new Map<Built, Set<number>>();
  const byFoundryId = new Map(built.flatMap((b) => (b.draft.foundryId ? [[b.draft.foundryId, b] as const] : [])));
  const byExportedKey = new Map(built.flatMap((b) => (b.draft.exact?.key ? [[b.draft.exact.key, b] as const] : [])));
  for (const b of built) {
    const t = b.imported.table;
    const rows = t.rows.map((r) => ({ ...r }));
    t.rows.forEach((r, i) => {
      const line = b.imported.rowLines[i] ?? null;
      if (r.rollOn) {
        // An exported link keeps its target, renamed with it if the import renamed it.
        const target = byExportedKey.get(r.rollOn.table);
        if (target && target.imported.table.key !== r.rollOn.table)
          rows[i] = { ...r, rollOn: { ...r.rollOn, table: target.imported.table.key } };
        return;
      }
      const draftRow = b.draft.rows[i];
      if (draftRow?.foundryTarget) {
        const ft = draftRow.foundryTarget;
        const hit = byFoundryId.get(ft.id);
        // A table of the same file by its id, else a campaign table by the name Foundry shows.
        const inCampaign = !hit && ft.name ? resolveTarget(ft.name, known) : null;
        const resolved = hit
          ? { key: hit.imported.table.key, name: hit.imported.table.name, existing: false }
          : inCampaign
            ? { key: inCampaign.key, name: inCampaign.name, existing: true }
            : null;
        links.push({
          table: t.key,
          row: i,
          line,
          kind: 'foundry',
          phrase: `links the roll table ${ft.name ? `“${ft.name}”` : ft.id}`,
          target: ft.name || ft.id,
          times: 1,
          resolved,
          match: inCampaign?.how ?? null,
          doubt: null,
          loop: null,
        });
        if (resolved) rows[i] = { ...r, rollOn: { table: resolved.key, times: 1, modifier: 0 } };
        else
          b.imported.rowNotes[i]!.push(
            `links a roll table that is not in this file (${ft.name || ft.id}): kept as text`,
          );
        return;
      }
      if (b.draft.exact || b.draft.format === 'foundry' || b.draft.format === 'list' || options.links === false) return;
      const found = findLinks(b.texts[i] ?? '');
      const link = found[0];
      if (!link) return;
      if (found.length > 1)
        b.imported.rowNotes[i]!.push(
          `holds ${found.length} links; only the first (“${short(link.phrase, 40)}”) becomes a nested roll`,
        );
      let resolved: ImportLink['resolved'] = null;
      let match: string | null = null;
      let self = link.target === null;
      if (link.target !== null) {
        const onPage = resolveTarget(link.target, named);
        const inCampaign = onPage ? null : resolveTarget(link.target, known);
        const hit = onPage ?? inCampaign;
        if (onPage?.key === t.key) self = true;
        else if (hit) {
          resolved = { key: hit.key, name: hit.name, existing: hit === inCampaign };
          match = hit.how;
        }
      }
      if (link.doubt)
        b.imported.rowNotes[i]!.push(
          `“${short(link.phrase, 40)}” is read as a roll to make, though ${link.doubt}: untick the links box if it is not meant for the roller`,
        );
      if (match && resolved)
        b.imported.rowNotes[i]!.push(
          `“${short(link.target ?? '', 30)}” is no table's name: it rolls on ${resolved.name}, found ${match}`,
        );
      if (self && link.times > 1) {
        // "Roll twice" on this table: its own rows rolled again, each result shown (no companion table).
        links.push({
          table: t.key,
          row: i,
          line,
          kind: link.kind,
          phrase: link.phrase,
          target: null,
          times: link.times,
          resolved: { key: t.key, name: t.name, existing: false },
          match: null,
          doubt: link.doubt,
          loop: null,
        });
        rows[i] = { ...r, rollOn: { table: t.key, times: link.times, modifier: 0 } };
        return;
      }
      if (self) {
        const set = againRows.get(b) ?? new Set<number>();
        set.add(i);
        againRows.set(b, set);
        links.push({
          table: t.key,
          row: i,
          line,
          kind: link.kind === 'roll-on' ? 'reroll' : link.kind,
          phrase: link.phrase,
          target: null,
          times: link.times,
          resolved: null,
          match: null,
          doubt: link.doubt,
          loop: null,
        });
        return;
      }
      links.push({
        table: t.key,
        row: i,
        line,
        kind: link.kind,
        phrase: link.phrase,
        target: link.target,
        times: link.times,
        resolved,
        match,
        doubt: link.doubt,
        loop: null,
      });
      if (resolved) rows[i] = { ...r, rollOn: { table: resolved.key, times: link.times, modifier: 0 } };
      else
        b.imported.rowNotes[i]!.push(
          `names “${short(link.target ?? '', 40)}”, which is not a table on this page or in the campaign: kept as text`,
        );
    });
    b.imported.table = { ...t, rows };
  }
  return { links, againRows };
}
