// The Witch's capstone on the board (ch.2, ch.16): Oneness begun on a token she can see, ended when she
// chooses, and ended by what the book says ends it: the body at 0 Health, the Round's end against the
// Lich, the party leaving the body's floor. Destroying the Phylactery she inhabits kills her.
import type { TokenView } from '@shared/board.ts';
import type { LifeNotes } from '@shared/contract.ts';
import { inertActs, inertBody, onenessEnds, onenessTarget, type OnenessEnd } from '../../rules/oneness.ts';
import { allTokens } from '../../state/board.ts';
import { CommandFailure } from '../../state/failures.ts';
import { requireLichslayer, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { today } from '../../state/town.ts';
import { inhabitantOf, onenessNow, onenessOf } from '../oneness-state.ts';
import { positionOf, tokenOf, townFighters } from '../fight-reach.ts';
import type { SkillCall, SkillOutcome } from './skill-call.ts';

export const ONENESS = 'Oneness';

/** Who acts through a token (ch.2): the Witch inhabiting it, else its own Lichslayer, else no one. */
export function actorOf(ps: PlayReader, token: TokenView): number | null {
  return inhabitantOf(ps, token.id)?.id ?? token.lichslayerId;
}

/**
 * A token as it acts (ch.2): the body a Witch inhabits acts as her, with her own Magic and spells;
 * her own inert body does not act at all (refused with where she is).
 */
export function actingAs(ps: PlayReader, token: TokenView): TokenView {
  const inert = token.lichslayerId !== null ? onenessOf(ps, token.lichslayerId) : null;
  if (inert) throw new CommandFailure('refused', `${inertActs(inert.witch.name, inert.body.name)}. Nothing changed.`);
  const witch = inhabitantOf(ps, token.id);
  return witch ? asHers(token, witch) : token;
}

/** A body as the Witch who inhabits it acts through it: her Lichslayer, named as her in it (ch.2). */
export const asHers = (body: TokenView, witch: { id: number; name: string }): TokenView => ({
  ...body,
  lichslayerId: witch.id,
  name: `${witch.name} in ${body.name}`,
});

/** Why this token takes no damage now: its Witch inhabits another body (ch.2), or null. */
export function inertReason(ps: PlayReader, t: TokenView): string | null {
  const here = t.lichslayerId !== null ? onenessOf(ps, t.lichslayerId) : null;
  return here ? inertBody(here.witch.name, here.body.name) : null;
}

/** Oneness begun (ch.2): on a token she can see, not her own, standing, and no one else's body already. */
export function beginOneness(c: SkillCall<'Oneness'>): SkillOutcome {
  const { ps, l } = c;
  if (c.args.tokenId === undefined)
    throw new CommandFailure('invalid-args', 'Choose the token Oneness inhabits (tokenId). Nothing changed.');
  const already = onenessOf(ps, l.id);
  if (already)
    throw new CommandFailure(
      'refused',
      `${l.name} already inhabits ${already.body.name}: end Oneness first (ch.2). Nothing changed.`,
    );
  c.here();
  const body = tokenOf(ps, c.args.tokenId);
  const town = townFighters(ps);
  const decided = onenessTarget(positionOf(c.token!, town), {
    ...positionOf(body, town),
    hidden: body.hidden,
    defeated: body.defeated || body.health === 0,
    self: body.lichslayerId === l.id,
    lich: !!body.stats.lich,
    phylactery: body.kind === 'phylactery',
    inhabitedBy: inhabitantOf(ps, body.id)?.name ?? null,
  });
  if ('refused' in decided) throw new CommandFailure('refused', `${decided.refused}. Nothing changed.`);
  ps.update('lichslayer', l.id, { inhabits: body.id });
  c.notes.push(decided.explain);
  return { target: body.name, tokenId: body.id };
}

function end(ps: PlaySession, witch: LichslayerRow, body: TokenView, why: OnenessEnd, lines: string[]): boolean {
  ps.update('lichslayer', witch.id, { inhabits: null });
  const ended = onenessEnds(witch.name, body.name, why);
  lines.push(ended.explain);
  return ended.dies;
}

/** The Witch ends Oneness when she chooses (ch.2): refused when she inhabits no one. */
export function endOneness(ps: PlaySession, id: number): LifeNotes {
  const l = requireLichslayer(ps, id);
  const here = onenessOf(ps, l.id);
  if (!here)
    throw new CommandFailure('refused', `${l.name} inhabits no one: Oneness is not in effect. Nothing changed.`);
  const notes: string[] = [];
  end(ps, here.witch, here.body, 'chosen', notes);
  return { day: today(ps), notes };
}

/**
 * A body at 0 Health (ch.2, ch.16): the Witch in it returns to her own body; the Witch in the Phylactery
 * dies with it. Returns the Witches who die, for the caller's 0-Health rules.
 */
export function onenessBodyFalls(ps: PlaySession, body: TokenView, lines: string[]): number[] {
  const dead: number[] = [];
  for (const o of onenessNow(ps).filter((k) => k.body.id === body.id))
    if (end(ps, o.witch, o.body, body.kind === 'phylactery' ? 'phylactery-destroyed' : 'body-at-zero', lines))
      dead.push(o.witch.id);
  return dead;
}

/** The Round's end (ch.2): Oneness against the Lich lasts one Round. */
export function onenessRoundEnds(ps: PlaySession, notices: string[]): void {
  for (const o of onenessNow(ps)) if (o.body.stats.lich) end(ps, o.witch, o.body, 'lich-round', notices);
}

/** After the party moves between floors or off the board (ch.2): a Witch whose body stayed behind returns to her own. */
export function onenessLeftBehind(ps: PlaySession, notices: string[]): void {
  const tokens = allTokens(ps);
  for (const o of onenessNow(ps)) {
    const own = tokens.find((t) => t.lichslayerId === o.witch.id);
    if (own?.floor !== o.body.floor) end(ps, o.witch, o.body, 'left-behind', notices);
  }
}
