import type { PlaySession, PlayReader } from '../state/session.ts';
import type { TownState } from '@shared/town.ts';
import { readTown, today, writeTown } from '../state/town.ts';
import { writeSetting } from '../state/settings.ts';
import { commissionCheck, IDOL_TIERS } from '../rules/idol.ts';
import { requireLichslayer as person } from '../state/lichslayer.ts';
import { attentionActor } from './machines.ts';
import { pay, tombFloorOf } from './town.ts';
import { CommandFailure } from '../state/failures.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';
import { stacksOf } from '../state/inventory.ts';

/** An Idol commissioned in the Town (ch.6): its tier, cost and days to build */
export function commissionIdol(ps: PlaySession, a: ParsedArgsOf<'idol.commission'>) {
  const state = readTown(ps);
  const p = person(ps, a.payer);
  // ch.6: an Idol is commissioned in the Town.
  const floor = tombFloorOf(ps, p.id);
  if (floor !== null)
    throw new CommandFailure(
      'refused',
      `${p.name} is on Floor ${floor} of the Tombs: an Idol is commissioned in the Town (ch.6). Nothing changed.`,
    );
  const dedicator = a.dedicator !== undefined ? person(ps, a.dedicator) : p;
  const tier = IDOL_TIERS[a.tier];
  const check = commissionCheck({
    tier: a.tier,
    inscription: a.inscription,
    crafterSanity: dedicator.sanity,
    rareItem: a.rareItem ?? null,
    rareItemIsRare: a.rareItem ? isRareLoot(ps, a.rareItem) : false,
  });
  if (!check.ok) throw new CommandFailure('refused', `${check.reason}. Nothing changed.`);
  pay(ps, p, tier.gold, `A ${tier.label}`);
  if (a.rareItem) takeFromInventory(ps, p.id, a.rareItem, `A ${tier.label}`);
  const crown = a.inscription === 'lich-crown';
  const idol: TownState['idols'][number] = {
    id: state.nextId,
    tier: a.tier,
    commissionedDay: today(ps),
    inscription: a.inscription,
    selfIdol: a.selfIdol,
    suitsSubject: a.suitsSubject,
    subject: a.subject,
    crown,
    destroyed: false,
    destroyOrdered: null,
    dedicator: dedicator.id,
    memorial: a.memorial,
    rareItem: a.rareItem ?? null,
    destroyedBy: null,
  };
  writeTown(ps, { ...state, idols: [...state.idols, idol], nextId: state.nextId + 1 });
  if (crown) {
    // ch.5, ch.6: applying the Crown brings Stage 4 at once — not at the next weekly check.
    const attention = attentionActor(ps);
    attention.send({ type: 'CROWN' });
    writeSetting(ps, 'machine:attention', attention.getPersistedSnapshot());
  }
}

/** Whether an item of this name is Rare on some loot table (ch.13's tiers). */
export function isRareLoot(ps: PlayReader, name: string): boolean {
  for (const def of ps.tables.ofCategory('loot')) {
    if (def.rows.some((r) => r.loot?.tier === 'rare' && r.label.trim().toLowerCase() === name.trim().toLowerCase()))
      return true;
  }
  return false;
}

/** Takes one of an item from a Lichslayer's inventory, or says it is not there. */
export function takeFromInventory(ps: PlaySession, id: number, name: string, why: string): void {
  const stack = stacksOf(ps, id).find((st) => st.name.toLowerCase() === name.toLowerCase());
  if (!stack) throw new CommandFailure('refused', `${why} needs ${name} in the inventory. Nothing changed.`);
  if (stack.count > 1) ps.update('inventory', stack.id, { count: stack.count - 1 });
  else ps.delete('inventory', stack.id);
}
