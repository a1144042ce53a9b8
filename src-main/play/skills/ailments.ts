// Ailments (Burn, Poison, Freeze, Bound) as the campaign keeps them, a row per carrier and ailment,
// and the Aristocrat's Family Heirloom that makes Bound fail for whoever it covers (ch.2).
import { tokenOf, allTokens } from '../../state/board.ts';
import type { AilmentRow } from '../../state/rows.ts';
import { lichslayerOf, holdsSkill, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { Ailment } from '@shared/ailments.ts';
import { changeAilment, sortAilments } from '../../rules/ailments.ts';
import { CommandFailure } from '../../state/failures.ts';
import { roundNow } from '../fight-state.ts';
import { enhancedSkill } from './skill-facts.ts';

/** Who carries an ailment: a Lichslayer (on and off the board) or another token. */
export type Carrier = { lichslayerId: number } | { tokenId: number };

/** A token's carrier: a Lichslayer's token carries the Lichslayer's ailments. */
export const carrierOf = (t: TokenView): Carrier =>
  t.lichslayerId !== null ? { lichslayerId: t.lichslayerId } : { tokenId: t.id };

const carries = (who: Carrier) => (r: Readonly<AilmentRow>) =>
  'lichslayerId' in who ? r.lichslayer_id === who.lichslayerId : r.token_id === who.tokenId;

/** The ailments a carrier has now, in the book's order. */
export function ailmentsOf(ps: PlayReader, who: Carrier): Ailment[] {
  return sortAilments(
    ps
      .all('ailment')
      .filter(carries(who))
      .map((r) => r.ailment),
  );
}

/** A carrier's ailments become `next`: those lifted are deleted, those new inserted, the rest kept as they are. */
export function writeAilments(ps: PlaySession, who: Carrier, next: readonly Ailment[]): void {
  const held = ps.all('ailment').filter(carries(who));
  for (const r of held) if (!next.includes(r.ailment)) ps.delete('ailment', r.id);
  for (const ailment of next)
    if (!held.some((r) => r.ailment === ailment))
      ps.insert(
        'ailment',
        'lichslayerId' in who
          ? { lichslayer_id: who.lichslayerId, token_id: null, ailment }
          : { lichslayer_id: null, token_id: who.tokenId, ailment },
      );
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
  for (const c of ps.all('heirloom_cover')) {
    if (c.token_id !== me.id || !sameRound(c, now)) continue;
    const a = lichslayerOf(ps, c.lichslayer_id);
    if (!a || !holdsSkill(a, 'Family Heirloom') || !enhancedSkill(ps, a, 'Family Heirloom')) continue;
    const d = steps(tokenOfCarrier(ps, { lichslayerId: a.id }), me);
    if (d !== null && d <= 1) return a.name;
  }
  return null;
}
