// The leak probe's list of secrets: every string the Judge's boards hold that no players' screen
// may receive (unrevealed rooms, hidden tokens, traps, chests, intentions, notes, hidden classes).
import type { BoardView } from '@shared/board.ts';

/** Every string the Judge's board holds that players must not see (rooms unrevealed, hidden tokens, notes). */
export function secretsOf(boards: BoardView[]): Set<string> {
  const secret = new Set<string>();
  const shown = new Set<string>();
  for (const b of boards) {
    const revealedAt = new Set(b.rooms.filter((r) => r.revealed).map((r) => `${r.floor},${r.x},${r.y}`));
    for (const r of b.rooms) {
      if (r.revealed) shown.add(r.name);
      else for (const s of [r.name, r.details]) secret.add(s);
      for (const s of [r.notes, r.trap?.label ?? '', r.chest && !r.chest.opened ? r.chest.contents : '']) secret.add(s);
    }
    for (const s of b.secrets.flatMap((x) => x.lines)) secret.add(s);
    for (const t of b.tokens) {
      const visible =
        t.floor === b.partyFloor &&
        revealedAt.has(`${t.floor},${t.x},${t.y}`) &&
        !t.hidden &&
        !t.defeated &&
        t.kind !== 'phylactery';
      if (visible) shown.add(t.name.replace(/\s+\d+$/, ''));
      else secret.add(t.name);
      secret.add(t.intention);
      if (t.kind === 'entity') secret.add(String(t.stats.attack ?? ''));
    }
    for (const h of b.hiddenClasses) secret.add(h.className);
  }
  // A name players legitimately see elsewhere (a second "Gnawer", an "Empty room") is no secret.
  return new Set(
    [...secret].filter(
      (s) => s.trim().length >= 4 && ![...shown].some((v) => v === s || v === s.replace(/\s+\d+$/, '')),
    ),
  );
}
