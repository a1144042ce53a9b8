// A line under a section's last row that sends every result on ("After your encounter, go to the
// section named 'DUNGEON ROOM'"): read as said of each row of the section, not glued to the last.
import { findLinks } from './table-links.ts';
import { endsSentence } from './paste-titles.ts';
import type { LinesBody, Section } from './paste-sections.ts';

const short = (t: string, n = 40) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

/**
 * A closing line is the last row's final wrapped line when it starts a sentence of its own after a
 * finished entry and links on. Each row with no link of its own takes it; a row that links
 * elsewhere keeps its own link (that section's own closing line brings the party back).
 */
export function spreadClosingLink(section: Section): void {
  const body = section.body as LinesBody;
  const rows = body.rows;
  const last = rows[rows.length - 1];
  if (!last || rows.length < 2 || !last.joined.length || last.paragraphs.length) return;
  const closing = last.lastLine.trim();
  if (!/^\p{Lu}/u.test(closing) || !last.text.endsWith(closing)) return;
  const own = last.text.slice(0, last.text.length - closing.length).trim();
  if (!own || !endsSentence(own)) return;
  const link = findLinks(closing)[0];
  if (!link || (link.kind !== 'section' && link.kind !== 'roll-on')) return;
  const line = last.joined[last.joined.length - 1]!.line;
  let reached = 0;
  for (const r of rows) {
    const text = r === last ? own : r.text;
    if (findLinks(text).length) {
      if (r === last) {
        last.text = own;
        last.joined.pop();
      }
      continue;
    }
    if (r !== last) r.text = `${text} ${closing}`;
    reached++;
  }
  section.notes.push({
    line,
    message: `“${short(closing)}” under the last row is read as said of every row that links nowhere else (${reached} of ${rows.length}), not of the last row alone`,
  });
}
