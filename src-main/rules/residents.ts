// The Town's residents and the Lich (rulebook ch.5, ch.6, ch.7): who may leave in a week, and
// which Retainer a Vanity Idol turns Wary.
import { attentionEffects, type AttentionStage } from './lich-attention.ts';
import type { Loyalty } from './retainers.ts';

export interface Leaver {
  kind: 'npc' | 'retainer';
  id: number;
  name: string;
}

/**
 * The residents one of whom leaves this week (ch.5 Stage 2: a Town NPC, quietly; ch.6 Vanity stage 3:
 * a random NPC, Retainers included unless paid double), and why. Devoted Retainers do not leave
 * during the Lich's events (ch.7). No week's departure: null.
 */
export function residentsWhoMayLeave(input: {
  stage: AttentionStage;
  vanityStage: number;
  npcs: readonly { id: number; name: string }[];
  retainers: readonly { id: number; name: string; loyalty: Loyalty }[];
  paidDouble: ReadonlySet<number>;
}): { pool: Leaver[]; why: string } | null {
  const vanity = input.vanityStage >= 3;
  if (!vanity && !attentionEffects(input.stage).npcLeavesWeekly) return null;
  const retainers = vanity ? input.retainers.filter((r) => !input.paidDouble.has(r.id) && r.loyalty !== 'devoted') : [];
  return {
    pool: [
      ...input.npcs.map((n) => ({ kind: 'npc' as const, id: n.id, name: n.name })),
      ...retainers.map((r) => ({ kind: 'retainer' as const, id: r.id, name: r.name })),
    ],
    why: vanity ? 'a Vanity Idol of stage 3 (ch.6)' : `Stage ${input.stage} (ch.5)`,
  };
}

/** ch.6 Vanity stage 2: one Retainer shifts to Wary — one of those not Wary already. */
export function retainersWhoMayTurnWary<R extends { loyalty: Loyalty }>(retainers: readonly R[]): R[] {
  return retainers.filter((r) => r.loyalty !== 'wary');
}
