// Who is in Oneness now (ch.2): each Witch and the body she inhabits, read from the rows that hold it.
// Below the fight and the skills, so both ask it without reaching into each other.
import type { TokenView } from '@shared/board.ts';
import { allTokens } from '../state/board.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import type { PlayReader } from '../state/session.ts';

/** Every Oneness in effect: the Witch and the body she inhabits. */
export function onenessNow(ps: PlayReader): { witch: LichslayerRow; body: TokenView }[] {
  const witches = ps.all('lichslayer').filter((l) => l.inhabits !== null);
  if (!witches.length) return [];
  const tokens = new Map(allTokens(ps).map((t) => [t.id, t]));
  return witches.flatMap((witch) => {
    const body = tokens.get(witch.inhabits!);
    return body ? [{ witch, body }] : [];
  });
}

/** The Oneness a Witch is in, or null: her own body lies inert meanwhile. */
export function onenessOf(ps: PlayReader, lichslayerId: number): { witch: LichslayerRow; body: TokenView } | null {
  return onenessNow(ps).find((o) => o.witch.id === lichslayerId) ?? null;
}

/** The Witch inhabiting a body, or null: she acts through it (ch.2). */
export function inhabitantOf(ps: PlayReader, bodyTokenId: number): LichslayerRow | null {
  return onenessNow(ps).find((o) => o.body.id === bodyTokenId)?.witch ?? null;
}

/** A body whose Oneness gains the Lich's spells (ch.2, ch.16): the Lich or its Phylactery. */
export const isLichBody = (t: TokenView): boolean => t.kind === 'phylactery' || !!t.stats.lich;
