// The phase banner's view (rulebook ch.10, ch.11, ch.15, ch.16): where the party is in the dive,
// what the rules allow next and why the rest is refused, the Lich's Attention, and the combat round.
import { countBuild } from './view-builds.ts';
import type { PlayReader } from '../state/session.ts';
import { DIVE_EVENT_TYPES, type PhaseView } from '@shared/phase.ts';
import { CASTING_TIME_LABEL } from '@shared/tables.ts';
import { allTokens } from '../state/board.ts';
import { COMBAT_SANITY_TRIGGERS } from '../rules/sanity.ts';
import { whyRefused, type DiveEvent } from '../machines/dive-machine.ts';
import { attentionActor, attentionStage, combatActor, diveActor, stored } from '../play/machines.ts';
import { floorNotCleared } from '../play/floor-facts.ts';

/** What the Judge still calls at a round's end: an enemy's ability is theirs to use (ch.11); its Challenge is a preset in the Challenge dialog. */
const MANUAL_HOOKS = COMBAT_SANITY_TRIGGERS.filter((t) => t.id === 'enemy-ability').map(
  (t) => `Sanity Challenge if it happened: ${t.label} — the Challenge dialog offers it (ch.11)`,
);

/** The dive event as the machine takes it: MANIFEST carries the Attention stage it is guarded by. */
export function machineEvent(ps: PlayReader, type: (typeof DIVE_EVENT_TYPES)[number]): DiveEvent {
  return type === 'MANIFEST' ? { type, stage: attentionStage(ps) } : ({ type } as DiveEvent);
}

export function phaseView(ps: PlayReader): PhaseView {
  countBuild('phase');
  const dive = diveActor(ps).getSnapshot();
  const attention = attentionActor(ps).getSnapshot();
  const names = new Map(ps.all('lichslayer').map((r) => [r.id, r.name]));
  const state = String(dive.value) as PhaseView['dive']['state'];
  const named = (ids: readonly number[]) => ids.map((id) => names.get(id) ?? `#${id}`);
  return {
    dive: {
      state,
      floor: dive.context.floor,
      gateOpen: dive.context.gateOpen,
      clearedOnNine: named(dive.context.clearedOnNine),
      lost: named(dive.context.lost),
      floorsCleared: dive.context.floorsCleared,
      turned: named(dive.context.turned),
      ending: dive.context.ending,
      actions: DIVE_EVENT_TYPES.map((type) => {
        const machine = dive.can(machineEvent(ps, type));
        // The board says whether the floor is fully cleared (ch.1, RULINGS), before the machine records it.
        const board = machine && type === 'FLOOR_CLEARED' ? floorNotCleared(ps, dive.context.floor ?? 0) : null;
        return {
          type,
          allowed: machine && !board,
          why: board ?? (machine ? null : whyRefused(state, dive.context, type)),
        };
      }),
    },
    attention: { stage: attention.context.stage, last: attention.context.last },
    combat: combatView(ps),
  };
}

function combatView(ps: PlayReader): PhaseView['combat'] {
  if (!stored(ps, 'machine:combat')) return null;
  const snap = combatActor(ps).getSnapshot();
  if (snap.value === 'idle') return null;
  const tokens = new Map(allTokens(ps).map((t) => [t.id, t]));
  const name = (id: number) => tokens.get(id)?.name ?? `#${id}`;
  return {
    round: snap.context.round,
    current: snap.context.current !== null ? name(snap.context.current) : null,
    currentTokenId: snap.context.current,
    currentHidden: snap.context.current !== null && !!tokens.get(snap.context.current)?.hidden,
    atRoundEnd: snap.value === 'roundEnd',
    between: snap.value === 'between',
    upcoming: snap.context.queue.slice(0, 6).map((id) => ({ name: name(id), hidden: !!tokens.get(id)?.hidden })),
    hooks: snap.value === 'roundEnd' ? MANUAL_HOOKS : [],
    pending: snap.context.pending.map((c) => ({
      label: c.label,
      caster: name(c.caster),
      time: CASTING_TIME_LABEL[c.time],
    })),
    entrants: snap.context.order.map((s) => {
      const t = tokens.get(s.tokenId);
      return {
        tokenId: s.tokenId,
        name: name(s.tokenId),
        hidden: !!t?.hidden,
        party: !!s.party,
        lichslayerId: t?.lichslayerId ?? null,
        health: t?.health ?? null,
        maxHealth: t?.maxHealth ?? null,
      };
    }),
  };
}
