// Text the app refuses wherever it comes in: a NUL character (SQLite and C strings stop at it, so
// what is stored is not what is shown) and a lone UTF-16 surrogate (no UTF-8 encodes it: it comes
// back as U+FFFD from the file, a JSON reply or a PDF, so what was saved is not what was sent).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\0')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains a lone UTF-16 surrogate (not a character)';
  return null;
}

/**
 * The first string (a value or a key) anywhere in `value` that textProblem refuses, with where it
 * is ("patch.notes"); null when there is none. Walks with its own stack, so no nesting ends it.
 */
export function firstTextProblem(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let seen = 0; stack.length > 0 && seen < 1_000_000; seen++) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return `${path || 'the arguments'}: ${problem}`;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: at(path, String(i)) }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        const problem = textProblem(key);
        if (problem) return `${path || 'the arguments'}: a key ${problem}`;
        stack.push({ value: item, path: at(path, key.slice(0, 40)) });
      }
    }
  }
  return null;
}
