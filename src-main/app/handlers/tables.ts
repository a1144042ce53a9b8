// tables.*: random tables — editing, the paste import, packs, export and the roll panel.
import type { Database } from 'better-sqlite3';
import type { CommandName, ImportGapChoice, LedgerEntry, TableView } from '@shared/contract.ts';
import type { TableDef } from '@shared/tables.ts';
import { listLedger } from '../../db/ledger.ts';
import {
  clearDraws,
  deleteTable,
  insertTable,
  loadAllTables,
  loadTable,
  replaceRows,
  saveDraws,
  tableSummaries,
  updateTableMeta,
  type StoredTable,
  tableKeyTaken,
} from '../../db/tables-repo.ts';
import { DiceSyntaxError, parseDice } from '../../rules/dice-expression.ts';
import { exportFoundry, exportMarkdown, exportPack, exportPackMarkdown, readPack } from '../../tables/table-export.ts';
import { previewImport, refusal, slugify, type ImportOptions } from '../../tables/table-import.ts';
import { rollOnTable } from '../../tables/table-roll.ts';
import { validateCatalogTable, validateTable } from '../../tables/table-validate.ts';
import { tableCatalog } from '../../db/table-catalog.ts';
import { uncoveredText } from '../../tables/table-coverage.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { differsFromStarter, starterPack } from '../starter-tables.ts';
import { nextRowId, withOwnId } from '../../tables/row-ids.ts';
import { campaignTableOdds } from '../../odds/odds-ops.ts';

function uniqueKey(db: Database, base: string): string {
  let key = base.slice(0, 56);
  for (let n = 2; tableKeyTaken(db, key); n++) key = `${base.slice(0, 56)}-${n}`;
  return key;
}

export function tableHandlers(ctx: HandlerContext): HandlersOf<'tables'> {
  const db = () => ctx.require().db;

  function stored(key: string): StoredTable {
    const found = loadTable(db(), key);
    if (!found) throw new CommandFailure('not-found', `There is no table “${key}” in this campaign.`);
    return found;
  }

  /** The table as the editor shows it; `loaded` when the handler already holds it as it now stands. */
  function view(key: string, loaded?: StoredTable): TableView {
    const s = loaded ?? stored(key);
    const keys = tableSummaries(db()).map((t) => t.key);
    return {
      table: s.def,
      issues: validateTable(s.def, new Set(keys)),
      drawn: s.drawn.length,
      hasStarter: starterPack(ctx.options.resourcesDir).tables.some((t) => t.key === key),
      starterDiffers: differsFromStarter(ctx.options.resourcesDir, key, s.def.rows),
      keys,
    };
  }

  function checkDie(die: string | null): void {
    if (die === null) return;
    try {
      parseDice(die);
    } catch (error) {
      throw new CommandFailure(
        'invalid-args',
        error instanceof DiceSyntaxError ? `Die: ${error.message}. Nothing was saved.` : String(error),
      );
    }
  }

  function rowsChange(
    key: string,
    label: string,
    command: CommandName,
    args: unknown,
    next: (def: TableDef) => TableDef['rows'],
  ): TableView {
    const s = stored(key);
    const rows = next(s.def);
    ctx.edit(command, `${s.def.name}: ${label}`, (w) => replaceRows(w, s, rows));
    return view(key);
  }

  /** Saves incoming tables in one undoable step; returns their keys as saved (renamed ones included). */
  function importTables(
    tables: TableDef[],
    resolutions: Record<string, 'keep' | 'replace' | 'rename'>,
    command: CommandName,
    args: unknown,
    label: string,
  ): string[] {
    const existing = new Set(tableSummaries(db()).map((t) => t.key));
    const renamed = new Map<string, string>();
    for (const t of tables) {
      if (!existing.has(t.key)) continue;
      const choice = resolutions[t.key];
      if (!choice)
        throw new CommandFailure(
          'refused',
          `A table keyed “${t.key}” already exists. Choose keep, replace or rename for it; nothing was imported.`,
        );
      if (choice === 'rename') renamed.set(t.key, uniqueKey(db(), t.key));
    }
    const incoming = tables
      .filter((t) => !(existing.has(t.key) && resolutions[t.key] === 'keep'))
      .map((t) => ({
        ...t,
        key: renamed.get(t.key) ?? t.key,
        starter: false,
        rows: t.rows.map((r) =>
          r.rollOn && renamed.has(r.rollOn.table)
            ? { ...r, rollOn: { ...r.rollOn, table: renamed.get(r.rollOn.table)! } }
            : r,
        ),
      }));
    ctx.edit(command, label, (w) => {
      for (const t of incoming) {
        const old = loadTable(db(), t.key);
        if (old) deleteTable(w, old);
        insertTable(w, t);
      }
    });
    return incoming.map((t) => t.key);
  }

  /** The import options of a command, with the campaign's tables that links may name. */
  function importOptions(args: {
    name?: string;
    category?: TableDef['category'];
    die?: string;
    gaps?: ImportGapChoice;
    asList?: boolean;
    links?: boolean;
    dropLoops?: ImportOptions['dropLoops'];
  }): ImportOptions {
    const known = tableSummaries(db()).map((t) => ({ key: t.key, name: t.name }));
    return {
      name: args.name,
      category: args.category,
      die: args.die,
      gaps: args.gaps,
      asList: args.asList,
      links: args.links,
      dropLoops: args.dropLoops,
      known,
    };
  }

  return {
    'tables.list': () => tableSummaries(db()),
    'tables.get': ({ key }) => view(key),

    'tables.create': (args) => {
      checkDie(args.die);
      const key = uniqueKey(db(), slugify(args.name));
      ctx.edit('tables.create', `New table ${args.name}`, (w) =>
        insertTable(w, {
          key,
          name: args.name,
          category: args.category,
          die: args.die,
          span: null,
          drawWithoutReplacement: false,
          starter: false,
          rows: [],
        }),
      );
      return view(key);
    },

    'tables.updateMeta': (args) => {
      const s = stored(args.key);
      if (args.patch.die !== undefined) checkDie(args.patch.die);
      const def = { ...s.def, ...args.patch };
      const fields = Object.keys(args.patch).join(', ');
      ctx.edit('tables.updateMeta', `${s.def.name}: ${fields}`, (w) => {
        updateTableMeta(w, s, def);
        if (args.patch.drawWithoutReplacement === false) clearDraws(w, s);
      });
      return view(args.key);
    },

    'tables.setRow': (args) => {
      const s = stored(args.key);
      const id = s.rowIds[args.index];
      if (id === undefined) throw new CommandFailure('not-found', `${s.def.name} has no row ${args.index + 1}.`);
      // The row keeps its own id whatever the edit sends: items held find it by that id (a rename included).
      const row = withOwnId(args.row, s.def.rows[args.index]!.id ?? nextRowId(s.def.rows));
      ctx.edit('tables.setRow', `${s.def.name}: row ${args.index + 1}`, (w) =>
        w.update('rtable_row', id, { data: JSON.stringify(row) }),
      );
      // One row changed: the view is the table already read with that row in place, not a second read of 2,000.
      return view(args.key, {
        ...s,
        def: { ...s.def, rows: s.def.rows.map((r, i) => (i === args.index ? row : r)) },
      });
    },

    'tables.insertRow': (args) =>
      rowsChange(args.key, `add row ${args.index + 1}`, 'tables.insertRow', args, (def) => {
        if (def.rows.length >= 2000)
          throw new CommandFailure('refused', `${def.name} already holds 2,000 rows, the most a table may have.`);
        const rows = [...def.rows];
        // A new row gets a new id on saving, even when it was copied from another row.
        rows.splice(Math.min(args.index, rows.length), 0, withOwnId(args.row, undefined));
        return rows;
      }),

    'tables.deleteRows': (args) =>
      rowsChange(
        args.key,
        `remove ${args.indices.length} row${args.indices.length > 1 ? 's' : ''}`,
        'tables.deleteRows',
        args,
        (def) => {
          const drop = new Set(args.indices);
          return def.rows.filter((_, i) => !drop.has(i));
        },
      ),

    'tables.recolour': (args) => {
      const s = stored(args.key);
      const bad = args.indices.find((i) => !s.def.rows[i]?.loot);
      if (bad !== undefined)
        throw new CommandFailure(
          'refused',
          `Row ${bad + 1} of ${s.def.name} has no loot colour to change. Nothing was recoloured.`,
        );
      ctx.edit('tables.recolour', `${s.def.name}: recolour ${args.indices.length} rows ${args.colour}`, (w) => {
        for (const i of args.indices) {
          const row = s.def.rows[i]!;
          w.update('rtable_row', s.rowIds[i]!, {
            data: JSON.stringify({ ...row, loot: { ...row.loot!, colour: args.colour } }),
          });
        }
      });
      return view(args.key);
    },

    'tables.delete': (args) => {
      const s = stored(args.key);
      const users = [...loadAllTables(db()).values()].filter(
        (t) => t.def.key !== args.key && t.def.rows.some((r) => r.rollOn?.table === args.key),
      );
      if (users.length)
        throw new CommandFailure(
          'refused',
          `Not deleted: ${users.map((u) => u.def.name).join(', ')} roll${users.length === 1 ? 's' : ''} on ${s.def.name}.`,
        );
      ctx.edit('tables.delete', `Delete table ${s.def.name}`, (w) => deleteTable(w, s));
      return tableSummaries(db());
    },

    'tables.resetToStarter': (args) => {
      const s = stored(args.key);
      const starter = starterPack(ctx.options.resourcesDir).tables.find((t) => t.key === args.key);
      if (!starter)
        throw new CommandFailure(
          'refused',
          `${s.def.name} is not a starter table, so there is nothing to reset it to.`,
        );
      ctx.edit('tables.resetToStarter', `${s.def.name}: reset to starter`, (w) => {
        updateTableMeta(w, s, { ...starter, starter: true });
        replaceRows(w, s, starter.rows);
      });
      return view(args.key);
    },

    'tables.resetDraws': (args) => {
      const s = stored(args.key);
      saveDraws(db(), s.id, []);
      return view(args.key);
    },

    'tables.importPreview': (args) => {
      const preview = previewImport(args.text, importOptions(args));
      const conflicts = preview.tables.filter((t) => loadTable(db(), t.table.key)).map((t) => t.table.key);
      return { ...preview, conflict: conflicts.length > 0, conflicts };
    },

    'tables.importSave': async (args) => {
      // The same reading as the preview, so what was shown is what is saved.
      const preview = previewImport(args.text, importOptions(args));
      const refused = refusal(preview);
      if (refused) throw new CommandFailure('refused', refused);
      const tables = preview.tables.map((t) => t.table);
      const clashes = tables.filter((t) => loadTable(db(), t.key));
      if (clashes.length && args.onConflict === 'refuse') {
        throw new CommandFailure(
          'refused',
          `${clashes.length === 1 ? `A table keyed “${clashes[0]!.key}” already exists` : `Tables keyed ${clashes.map((t) => `“${t.key}”`).join(', ')} already exist`}. Choose replace or rename; nothing was imported.`,
        );
      }
      const resolutions = Object.fromEntries(
        clashes.map((t) => [t.key, args.onConflict === 'rename' ? ('rename' as const) : ('replace' as const)]),
      );
      // A copy keeps its name apart from the table it copies.
      const named = tables.map((t) =>
        resolutions[t.key] === 'rename' ? { ...t, name: `${t.name.slice(0, 69)} (imported)` } : t,
      );
      await ctx.backup('before-import');
      const keys = importTables(
        named,
        resolutions,
        'tables.importSave',
        args,
        named.length === 1 ? `Import ${named[0]!.name}` : `Import ${named.length} tables from a page`,
      );
      return view(keys[0]!);
    },

    'tables.packPreview': (args) => {
      const pack = readPack(args.text);
      return {
        tables: pack.tables.map((t) => ({
          key: t.key,
          name: t.name,
          rows: t.rows.length,
          conflict: !!loadTable(db(), t.key),
          uncovered: uncoveredText(t),
        })),
        problems: pack.problems,
        loops: pack.loops,
      };
    },

    'tables.packImport': async (args) => {
      const pack = readPack(args.text);
      if (pack.problems.length || pack.tables.length === 0) {
        throw new CommandFailure(
          'refused',
          `Not imported: ${pack.problems[0]?.message ?? 'the pack holds no tables'}.`,
        );
      }
      // A pack goes through coverage like any import: a row deleted by hand is said, not saved quietly.
      const gaps = pack.tables.flatMap((t) => {
        const runs = uncoveredText(t);
        return runs ? [`no row of ${t.name} covers ${runs}`] : [];
      });
      if (gaps.length && !args.keepUncovered) {
        throw new CommandFailure(
          'refused',
          `Not imported: ${gaps.slice(0, 3).join('; ')}${gaps.length > 3 ? ` (and ${gaps.length - 3} more)` : ''}. Those rolls would give “no entry”: fix the rows, or import keeping them so.`,
        );
      }
      await ctx.backup('before-import');
      importTables(pack.tables, args.resolutions, 'tables.packImport', args, `Import ${pack.tables.length} tables`);
      return tableSummaries(db());
    },

    'tables.export': (args) => {
      const tables = args.keys.map((k) => stored(k).def);
      const base = tables.length === 1 ? tables[0]!.key : 'lichslayer-tables';
      if (args.format === 'json') return { text: exportPack(tables), fileName: `${base}.json` };
      if (args.format === 'foundry') return { text: exportFoundry(tables), fileName: `${base}.foundry.json` };
      return {
        text: tables.length === 1 ? exportMarkdown(tables[0]!) : exportPackMarkdown(tables),
        fileName: `${base}.md`,
      };
    },

    'tables.roll': (args) => {
      const tables = tableCatalog(db()).defs;
      const target = tables.get(args.key);
      if (!target) throw new CommandFailure('not-found', `There is no table “${args.key}” in this campaign.`);
      const errors = validateCatalogTable(target, tables).filter((i) => i.severity === 'error');
      if (errors.length)
        throw new CommandFailure(
          'refused',
          `${target.name} cannot be rolled until it is fixed: ${errors[0]!.message}.`,
        );
      const cause = args.cause ?? `Roll panel: ${target.name}`;
      const node = ctx.roll('tables.roll', (ps) =>
        ps.roll('tables.roll', ({ dice, tables, drawn }) => {
          const rolled = rollOnTable({ dice, tables, drawn, cause }, args.key, args.context);
          return {
            value: rolled,
            records: [
              {
                cause,
                table: args.key,
                floor: args.context.floor ?? null,
                character: args.character ?? null,
                explain: rolled.explain,
                result: rolled,
              },
            ],
          };
        }),
      );
      const entry = listLedger(db(), { limit: 1 })[0] as LedgerEntry;
      return { node, entry };
    },

    'tables.odds': (args) => campaignTableOdds(ctx.state(), args.key, args.context, args.draft ?? null),
  };
}
