// Ailments (Burn, Poison, Freeze, Bound) as the campaign keeps them, by the character who carries them,
// and the Aristocrat's Family Heirloom that makes Bound fail for whoever it covers (ch.2).
import { tokenOf, allTokens, tokenRecord } from '../../state/board.ts';
import { lichslayerOf, holdsSkill, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { z } from 'zod';
import type { TokenView } from '@shared/board.ts';
import { AILMENTS, type Ailment } from '@shared/ailments.ts';
import { readSetting, writeSetting } from '../../state/settings.ts';
import { changeAilment, sortAilments } from '../../rules/ailments.ts';
import { CommandFailure } from '../../state/failures.ts';
import { roundNow } from '../fight-state.ts';
import { enhancedSkill } from './skill-facts.ts';

export const readBook = (ps: PlayReader): AilmentBook =>
  readSetting(ps, 'ailments', ailmentsSchema, { lichslayers: {}, tokens: {} });

/** Who carries an ailment: a Lichslayer (on and off the board) or another token. */
export type Carrier = { lichslayerId: number } | { tokenId: number };

/** A token's carrier: a Lichslayer's token carries the Lichslayer's ailments. */
export const carrierOf = (t: TokenView): Carrier =>
  t.lichslayerId !== null ? { lichslayerId: t.lichslayerId } : { tokenId: t.id };

/** The ailments a carrier has now, in the book's order. */
export function ailmentsOf(ps: PlayReader, who: Carrier, book: AilmentBook = readBook(ps)): Ailment[] {
  if ('lichslayerId' in who) return sortAilments(book.lichslayers[String(who.lichslayerId)] ?? []);
  const entry = book.tokens[String(who.tokenId)];
  const t = entry ? tokenRecord(ps, who.tokenId) : null;
  return entry && t && t.name === entry.name && t.placed_at === entry.placed ? sortAilments(entry.ailments) : [];
}

export function writeAilments(ps: PlaySession, who: Carrier, next: readonly Ailment[]): void {
  const book = readBook(ps);
  if ('lichslayerId' in who) {
    const key = String(who.lichslayerId);
    const rest = Object.fromEntries(Object.entries(book.lichslayers).filter(([k]) => k !== key));
    writeSetting(ps, 'ailments', { ...book, lichslayers: next.length ? { ...rest, [key]: [...next] } : rest });
    return;
  }
  const key = String(who.tokenId);
  const t = tokenRecord(ps, who.tokenId);
  // Entries of tokens no longer on the board are dropped as the book is written.
  const rest = Object.fromEntries(
    Object.entries(book.tokens).filter(([k]) => k !== key && tokenRecord(ps, Number(k)) !== null),
  );
  writeSetting(ps, 'ailments', {
    ...book,
    tokens: next.length && t ? { ...rest, [key]: { name: t.name, placed: t.placed_at, ailments: [...next] } } : rest,
  });
}

/** The Judge sets or clears an ailment (ch.2); Family Heirloom makes Bound fail with no roll. */
export function setAilment(
  ps: PlaySession,
  args: { lichslayerId?: number | undefined; tokenId?: number | undefined; ailment: Ailment; on: boolean },
): string[] {
  let who: Carrier;
  let name: string;
  let l: LichslayerRow | undefined;
  if (args.tokenId !== undefined) {
    const t = tokenOf(ps, args.tokenId);
    if (t.kind === 'phylactery')
      throw new CommandFailure(
        'refused',
        'The Phylactery is an object: it carries no ailment (ch.12). Nothing changed.',
      );
    who = carrierOf(t);
    name = t.name;
    if (t.lichslayerId !== null) l = lichslayerOf(ps, t.lichslayerId);
  } else {
    l = lichslayerOf(ps, args.lichslayerId!);
    if (!l)
      throw new CommandFailure(
        'not-found',
        `No Lichslayer with id ${args.lichslayerId} in this campaign. Nothing changed.`,
      );
    who = { lichslayerId: l.id };
    name = l.name;
  }
  const change = changeAilment(
    {
      name,
      ailments: ailmentsOf(ps, who),
      heirloom: !!l && holdsSkill(l, 'Family Heirloom'),
      heirloomCover: coveredBy(ps, who),
    },
    args.ailment,
    args.on,
  );
  if (!change.ok) throw new CommandFailure('refused', `${change.refused}. Nothing changed.`);
  writeAilments(ps, who, change.ailments);
  return [change.explain];
}

export const readCovers = (ps: PlayReader) => readSetting(ps, 'heirloom-cover', coverSchema, {});

export const sameRound = (
  c: { serial: number | null; round: number | null },
  now: { serial: number; round: number } | null,
) => (now ? c.serial === now.serial && c.round === now.round : c.serial === null);

export const tokenOfCarrier = (ps: PlayReader, who: Carrier): TokenView | undefined =>
  allTokens(ps).find((t) => ('lichslayerId' in who ? t.lichslayerId === who.lichslayerId : t.id === who.tokenId));

export const steps = (a: TokenView | undefined, b: TokenView | undefined): number | null =>
  a && b && a.floor !== null && a.floor === b.floor && a.x !== null && a.y !== null && b.x !== null && b.y !== null
    ? Math.abs(a.x - b.x) + Math.abs(a.y - b.y)
    : null;

/** The Aristocrat whose enhanced Family Heirloom covers this carrier now (chosen this Round, still within 1 space), or null. */
export function coveredBy(ps: PlayReader, who: Carrier): string | null {
  const me = tokenOfCarrier(ps, who);
  if (!me) return null;
  const now = roundNow(ps);
  for (const [id, c] of Object.entries(readCovers(ps))) {
    if (c.tokenId !== me.id || !sameRound(c, now)) continue;
    const a = lichslayerOf(ps, Number(id));
    if (!a || !holdsSkill(a, 'Family Heirloom') || !enhancedSkill(ps, a, 'Family Heirloom')) continue;
    const d = steps(tokenOfCarrier(ps, { lichslayerId: a.id }), me);
    if (d !== null && d <= 1) return a.name;
  }
  return null;
}

export const list = z.array(z.enum(AILMENTS)).max(AILMENTS.length);

// A token's entry names the token it was set on (its name and placement): SQLite may give a removed
// token's id to the next one placed, which must not inherit its ailments.
export const tokenEntry = z.object({ name: z.string().max(200), placed: z.number().int(), ailments: list });

export const ailmentsSchema = z.object({
  lichslayers: z.record(z.string(), list).default({}),
  tokens: z.record(z.string(), tokenEntry).default({}),
});

export type AilmentBook = z.output<typeof ailmentsSchema>;

// Family Heirloom enhanced (ch.2): whom each Aristocrat covers, and in which Round (null: outside a fight).
export const coverSchema = z.record(
  z.string(),
  z.object({
    tokenId: z.number().int(),
    name: z.string().max(200),
    serial: z.number().int().nullable(),
    round: z.number().int().nullable(),
  }),
);
