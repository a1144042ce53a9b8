// What a failed command tells the Judge: SQLite's word that a file is damaged, and a short report of it.

/** quick_check's report, made short: its first two problems and how many more. */
export function shortCheck(detail: string): string {
  const found = detail
    .replace(/^\*\*\* in database main \*\*\*\s*/, '')
    .split('\n')
    .filter(Boolean);
  return found.slice(0, 2).join('; ') + (found.length > 2 ? `; and ${found.length - 2} more problems` : '');
}

/** SQLite's own word that the file is damaged (or no database at all). */
export function isCorruption(error: unknown): boolean {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}
