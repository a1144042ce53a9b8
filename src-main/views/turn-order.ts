// The turn tracker's rows (rulebook ch.11): the stack in order, each entrant with its Health, Speed
// and turns a round, its conditions, and whether it is its turn or it has acted. One builder for
// the Judge's board; the players' view takes the visible rows and drops the Judge's facts.
import { onenessNow } from '../play/oneness-state.ts';
import { readFight } from '../play/fight-state.ts';
import type { PlayReader } from '../state/session.ts';
import type { TokenView, TurnEntryView } from '@shared/board.ts';
import type { SanityLevel } from '@shared/gauntlet.ts';
import { allTokens, turnStack } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { turnsPerRound } from '../rules/entities.ts';
import { SANITY_LADDER } from '../rules/sanity.ts';
import { CASTING_TIME_LABEL } from '@shared/tables.ts';
import { combatActor, diveActor, stored } from '../play/machines.ts';
import { ailmentsOf, carrierOf } from '../play/skills/ailments.ts';
import { ViewParts } from './view-memo.ts';

interface Round {
  current: number | null;
  queue: readonly number[];
  owes: readonly number[];
  pending: readonly { caster: number; label: string; time: keyof typeof CASTING_TIME_LABEL }[];
}

/** The combat round as saved, or null outside a fight. */
function round(ps: PlayReader): Round | null {
  if (!stored(ps, 'machine:combat')) return null;
  const snap = combatActor(ps).getSnapshot();
  return snap.value === 'idle' ? null : snap.context;
}

/** What players could see of an entrant's state at the table, in words: never a stat. */
function conditionsOf(
  t: TokenView,
  r: Round | null,
  turned: readonly number[],
  lost: readonly number[],
  sanity: SanityLevel | undefined,
  forPlayers: boolean,
  ailments: readonly string[] = [],
  oneness: readonly string[] = [],
  ongoing: readonly { label: string; roundsLeft: number }[] = [],
): string[] {
  const out: string[] = [];
  if (t.defeated) out.push('Defeated');
  else if (t.health === 0 && t.kind !== 'entity') out.push('At 0 Health');
  if (t.lichslayerId !== null && turned.includes(t.lichslayerId)) out.push('Turned');
  if (t.lichslayerId !== null && lost.includes(t.lichslayerId)) out.push('Fell at 0 Health (lost)');
  if (sanity && sanity !== 'whole') out.push(`Sanity: ${SANITY_LADDER[sanity].label}`);
  // ch.2: Burn, Poison, Freeze and Bound show where the table can see them.
  for (const a of ailments) out.push(a);
  // ch.2: the table sees the Witch's body lie still and the body she moves.
  for (const o of oneness) out.push(o);
  // A Response or a trap (ch.9, ch.15): the table saw what cost the turn.
  if (r?.owes.includes(t.id)) out.push('Gives up their next turn');
  // ch.11: fire and poison still burning; what set them off is the Judge's to name.
  for (const o of ongoing)
    out.push(
      `${forPlayers ? 'Ongoing damage' : `${o.label}: ongoing damage`}, ${o.roundsLeft} more round${o.roundsLeft === 1 ? '' : 's'}`,
    );
  // An enemy's spell in waiting is the Judge's to announce.
  if (!forPlayers || t.kind !== 'entity')
    for (const c of r?.pending ?? [])
      if (c.caster === t.id) out.push(`Casting ${c.label} (${CASTING_TIME_LABEL[c.time]})`);
  return out;
}

/** The last turn order built, kept while what it read stands: the board's reply and the players' push share it. */
const kept = new ViewParts<TurnEntryView[]>();

/** The turn tracker's rows, in stack order. */
export function turnOrder(ps: PlayReader): TurnEntryView[] {
  return kept.get('turn order', ps, buildTurnOrder);
}

function buildTurnOrder(ps: PlayReader): TurnEntryView[] {
  const tokens = new Map(allTokens(ps).map((t) => [t.id, t]));
  const rules = readHouseRules(ps);
  const people = new Map(ps.all('lichslayer').map((r) => [r.id, r]));
  const r = round(ps);
  const { turned, lost } = diveActor(ps).getSnapshot().context;
  const oneness = onenessNow(ps);
  const ongoing = r ? readFight(ps).ongoing : [];
  const burning = (t: TokenView) => ongoing.filter((o) => o.tokenId === t.id);
  // A body the Judge has hidden since is not named to the players.
  const onenessOf = (t: TokenView, forPlayers: boolean) =>
    oneness.flatMap(({ witch, body }) =>
      body.id === t.id
        ? [`Inhabited by ${witch.name} (Oneness)`]
        : witch.id === t.lichslayerId
          ? [forPlayers && body.hidden ? 'Inert (Oneness)' : `Inert: inhabits ${body.name} (Oneness)`]
          : [],
    );
  return turnStack(ps).flatMap((e) => {
    const t = tokens.get(e.token_id);
    if (!t) return [];
    const person = t.lichslayerId !== null ? people.get(t.lichslayerId) : undefined;
    const speed = person ? person.speed : (t.stats.speed ?? null);
    const turns = turnsPerRound(speed ?? 6, rules, t.kind === 'entity' ? t.stats.turns : undefined).value;
    const ailments = ailmentsOf(ps, carrierOf(t));
    const conditions = conditionsOf(
      t,
      r,
      turned,
      lost,
      person?.sanity,
      false,
      ailments,
      onenessOf(t, false),
      burning(t),
    );
    if (t.kind === 'entity' && t.health === 0 && !t.defeated) conditions.unshift('At 0 Health');
    if (t.kind === 'entity' && t.intention) conditions.push(`Intends: ${t.intention}`);
    return [
      {
        tokenId: t.id,
        name: t.name,
        kind: t.kind,
        hidden: t.hidden,
        floor: t.floor,
        colour: t.colour,
        health: t.health,
        maxHealth: t.maxHealth,
        armor: t.armor,
        speed,
        turns,
        conditions,
        publicConditions: conditionsOf(
          t,
          r,
          turned,
          lost,
          person?.sanity,
          true,
          ailments,
          onenessOf(t, true),
          burning(t),
        ),
        current: r?.current === t.id,
        // In a fight: no turn left this round (not the current one, none queued).
        done: r !== null && r.current !== t.id && !r.queue.includes(t.id),
      },
    ];
  });
}
