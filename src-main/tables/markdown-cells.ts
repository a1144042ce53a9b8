// Markdown table cells, both ways. Pasted tables get the lenient reading people write
// (`\|` for a pipe, `<br>` for a line break); tables this app exported get an exact codec,
// so that any text — pipes, backslashes, line breaks, edge spaces — comes back as it left.

/** Splits a Markdown table line into raw cells, outer pipes optional, escaped pipes kept. */
export function splitCells(line: string): string[] {
  const t = line.trim();
  const cells: string[] = [];
  let cur = '';
  let endedOnPipe = false;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    endedOnPipe = false;
    if (ch === '\\' && i + 1 < t.length) {
      cur += ch + t[i + 1]!;
      i++;
    } else if (ch === '|') {
      cells.push(cur);
      cur = '';
      endedOnPipe = true;
    } else cur += ch;
  }
  if (!endedOnPipe) cells.push(cur);
  if (t.startsWith('|')) cells.shift();
  return cells.map((c) => c.trim());
}

/** A pasted cell: `\|` is a pipe and `<br>` a line break; anything else stays as written. */
export function readPastedCell(raw: string): string {
  return raw.replace(/\\\|/g, '|').replace(/<br\s*\/?>/gi, '\n');
}

/** An exported cell: the exact inverse of writeCell. */
export function readExactCell(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '\\' && i + 1 < raw.length) {
      const next = raw[i + 1]!;
      if (next === '\\' || next === '|' || next === '<') {
        out += next;
        i++;
        continue;
      }
      const code = /^u\{([0-9a-f]{1,6})\}/i.exec(raw.slice(i + 1));
      if (code) {
        out += String.fromCodePoint(parseInt(code[1]!, 16));
        i += code[0].length;
        continue;
      }
    }
    if (ch === '<') {
      const br = /^<br\s*\/?>/i.exec(raw.slice(i));
      if (br) {
        out += '\n';
        i += br[0].length - 1;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

const codeOf = (ch: string) => `\\u{${ch.codePointAt(0)!.toString(16)}}`;

/** Writes text into a cell that reads back exactly: pipes, backslashes, breaks, edge spaces. */
export function writeCell(text: string): string {
  const chars = [...text];
  return chars
    .map((ch, i) => {
      if (ch === '\\') return '\\\\';
      if (ch === '|') return '\\|';
      if (ch === '\n') return '<br>';
      if (ch === '<' && /^<br/i.test(chars.slice(i, i + 3).join(''))) return '\\<';
      // Line ends and tabs cannot sit in a table line; edge spaces would be trimmed away.
      if (/[\r\t\v\f\u2028\u2029\u0085]/.test(ch)) return codeOf(ch);
      if ((i === 0 || i === chars.length - 1) && /\s/.test(ch)) return codeOf(ch);
      return ch;
    })
    .join('');
}
