// A Foundry VTT RollTable document read into a draft: its formula or flags give the die, each
// result its range or weight, text and links; results Foundry never draws are left out and said.
import { ROW_FIELD_GROUPS, type TableRow } from '@shared/tables.ts';
import type { KeyRead } from '@shared/row-key.ts';
import { cleanPasted } from './paste-markup.ts';
import {
  dieFromFormula,
  documentLink,
  inlineLinks,
  resultKind,
  resultText,
  targetId,
  type FoundryDocument,
} from './foundry-table.ts';
import { emptyDraft, short, splitLong, type Draft, type DraftRow } from './import-draft.ts';

export function foundryDrafts(doc: FoundryDocument): Draft {
  const draft = emptyDraft('foundry', doc.line);
  const flags = doc.flags?.key ? doc.flags : null;
  draft.name = doc.name.trim() || null;
  draft.titleLine = doc.line;
  draft.foundryId = doc.id;
  draft.drawWithoutReplacement = !doc.replacement;
  if (flags)
    draft.exact = { key: flags.key, category: flags.category, die: flags.die ?? null, span: flags.span ?? null };
  const weightedByFlags = flags && flags.die === null;
  const missingRange = doc.results.some((r) => !r.range || r.range.length !== 2);
  if (weightedByFlags || (missingRange && !flags)) {
    draft.weighted = true;
    draft.dieHow = 'weights';
    if (!weightedByFlags)
      draft.notes.push({
        line: doc.line,
        message: `${doc.name}: some results have no range, so the table is rolled by the results' weights`,
      });
  } else if (flags) {
    draft.die = flags.die ?? null;
    draft.dieHow = 'read';
    draft.dieLine = doc.line;
    draft.dieNote = 'as exported';
  } else if (doc.formula?.trim()) {
    const die = dieFromFormula(doc.formula);
    if (die) {
      draft.die = die;
      draft.dieHow = 'read';
      draft.dieLine = doc.line;
      draft.dieNote = `from the formula “${doc.formula}”`;
    } else
      draft.notes.push({
        line: doc.line,
        message: `${doc.name}: the formula “${short(doc.formula)}” uses things this app cannot roll, so the die is guessed from the ranges; type a die in Die to change it`,
      });
  }
  const seen = new Set<string>();
  doc.results.forEach((r, i) => {
    const line = doc.resultLines[i] ?? doc.line;
    const text = resultText(r);
    const kind = resultKind(r);
    const flagged = text.flagged;
    let label = (flagged?.label ?? text.label).trim();
    let details = text.details;
    const notes: string[] = [];
    const fields: Record<string, string> = { ...(flagged?.fields ?? {}) };
    if (!flags) {
      // Inline links and rolls read as the words Foundry shows; the links are kept beside them.
      const inLabel = inlineLinks(label);
      const inDetails = inlineLinks(details);
      label = cleanPasted(inLabel.text).trim();
      details = cleanPasted(inDetails.text);
      const links = [...inLabel.links, ...inDetails.links];
      const docs = links.filter((l) => l.startsWith('@'));
      if (docs.length) fields['Foundry link'] = docs.join(' ');
      for (const l of links)
        notes.push(
          l.startsWith('@')
            ? `the Foundry link ${short(l, 60)} is kept as its label, the link beside it`
            : `the inline roll ${short(l, 30)} is kept as its formula`,
        );
    }
    if (kind === 'table') label = label || (r.text ?? '').trim();
    if (!label) {
      label = '(no text)';
      notes.push('this result has no text in Foundry');
    }
    const range =
      r.range && r.range.length === 2 ? { from: Math.round(r.range[0]!), to: Math.round(r.range[1]!) } : null;
    // Weight 0 (in a table drawn by weight) and a range that ends before it starts are how
    // Foundry tables switch a result off: it is never drawn, so it is no row here.
    const inverted = !draft.weighted && range !== null && range.to < range.from;
    if (!flags && ((draft.weighted && r.weight === 0) || inverted)) {
      const why = inverted ? `the range ${range!.from}-${range!.to}, which ends before it starts` : 'weight 0';
      draft.notes.push({
        line,
        message: `${doc.name}: result ${i + 1} (“${short(label)}”) has ${why}, so Foundry never draws it: left out`,
      });
      return;
    }
    const identity = JSON.stringify([range, label, details, kind === 'document' ? documentLink(r) : '']);
    if (!flags && seen.has(identity)) {
      draft.notes.push({
        line,
        message: `${doc.name}: result ${i + 1} (“${short(label)}”) repeats an earlier result exactly and was left out`,
      });
      return;
    }
    seen.add(identity);
    if (kind === 'document' && !flags) {
      fields['Foundry link'] = documentLink(r);
      notes.push(`links a Foundry document (${short(documentLink(r), 60)}): kept as text with its link`);
    }
    const split = flags ? { label, details, note: null } : splitLong(label, details);
    if (split.note) notes.push(split.note);
    const typed: Partial<TableRow> = {};
    for (const k of ROW_FIELD_GROUPS) if (flagged?.[k]) (typed as Record<string, unknown>)[k] = flagged[k];
    const key: KeyRead | null = draft.weighted
      ? null
      : range
        ? { from: range.from, to: flagged?.openEnd ? null : range.to, zero: false }
        : null;
    const weight = draft.weighted ? Math.max(1, Math.round(r.weight ?? 1)) : null;
    const row: DraftRow = { key, weight, label: split.label, details: split.details, fields, typed, line, notes };
    if (kind === 'table' && !flagged?.rollOn) {
      const id = targetId(r);
      if (id) row.foundryTarget = { id, name: (r.text ?? r.name ?? '').trim() };
    }
    draft.rows.push(row);
  });
  return draft;
}
