// The roster as the play state holds it: every Lichslayer's row in the Judge's order.
import type { LichslayerRow } from './rows.ts';
import type { PlayReader } from './session.ts';

/** The Lichslayers in roster order (position, then id). */
export const rosterRows = (r: PlayReader): LichslayerRow[] =>
  [...r.all('lichslayer')].sort((a, b) => a.position - b.position || a.id - b.id);
