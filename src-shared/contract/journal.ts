// journal.* commands beyond the session view: the filtered journal, and the newest fight or dive
// summary (shown to the Judge when one ends).
import { z } from 'zod';
import { journalFilterSchema, type JournalBook, type JournalSummary } from '../journal.ts';

const command =
  <R>() =>
  <A extends z.ZodType>(args: A): { args: A; result?: R } => ({ args });

export const journalEntries = {
  'journal.read': command<JournalBook>()(journalFilterSchema),
  /** The current session's newest finished fight or dive, the newer of the two; `of` asks for one. */
  'journal.summary': command<JournalSummary>()(z.strictObject({ of: z.enum(['fight', 'dive']).optional() })),
};
