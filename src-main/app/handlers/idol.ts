// idol.*: Idols (rulebook ch.6): commissioned at their tier's cost (a Great Idol with a Rare loot
// item) with an inscription or none, for a dedicator; the Crown crafted only at Lost and applied at
// once; destroyed over days at their tier's price — the Crown's corruption stays.
import type { Database } from 'better-sqlite3';
import type { TownState } from '@shared/town.ts';
import type { RecordingWriter } from '../../db/history.ts';
import { loadAllTables } from '../../db/tables-repo.ts';
import { readTown, today, writeTown } from '../../db/town-repo.ts';
import { writeSetting } from '../../db/settings.ts';
import { commissionCheck, destructionCheck, IDOL_TIERS } from '../../rules/idol.ts';
import { townView } from '../../views/town-view.ts';
import { requireLichslayer as person } from '../lichslayer-row.ts';
import { attentionActor } from '../phase-store.ts';
import { pay, tombFloorOf, townAct } from '../town-ops.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../../state/failures.ts';

/** Whether an item of this name is Rare on some loot table (ch.13's tiers). */
function isRareLoot(database: Database, name: string): boolean {
  for (const { def } of loadAllTables(database).values()) {
    if (def.category !== 'loot') continue;
    if (def.rows.some((r) => r.loot?.tier === 'rare' && r.label.trim().toLowerCase() === name.trim().toLowerCase()))
      return true;
  }
  return false;
}

/** Takes one of an item from a Lichslayer's inventory, or says it is not there. */
function takeFromInventory(w: RecordingWriter, database: Database, id: number, name: string, why: string): void {
  const stack = database
    .prepare(`SELECT id, count FROM inventory WHERE lichslayer_id = ? AND lower(name) = lower(?) ORDER BY position, id`)
    .get(id, name) as { id: number; count: number } | undefined;
  if (!stack) throw new CommandFailure('refused', `${why} needs ${name} in the inventory. Nothing changed.`);
  if (stack.count > 1) w.update('inventory', stack.id, { count: stack.count - 1 });
  else w.delete('inventory', stack.id);
}

export function idolHandlers(ctx: HandlerContext): HandlersOf<'idol'> {
  return {
    'idol.commission': (a) =>
      ctx.transact('idol.commission', a, `Commission a Tier ${a.tier} Idol`, (w, database) => {
        const state = readTown(database);
        const p = person(database, a.payer);
        // ch.6: an Idol is commissioned in the Town.
        const floor = tombFloorOf(database, p.id);
        if (floor !== null)
          throw new CommandFailure(
            'refused',
            `${p.name} is on Floor ${floor} of the Tombs: an Idol is commissioned in the Town (ch.6). Nothing changed.`,
          );
        const dedicator = a.dedicator !== undefined ? person(database, a.dedicator) : p;
        const tier = IDOL_TIERS[a.tier];
        const check = commissionCheck({
          tier: a.tier,
          inscription: a.inscription,
          crafterSanity: dedicator.sanity,
          rareItem: a.rareItem ?? null,
          rareItemIsRare: a.rareItem ? isRareLoot(database, a.rareItem) : false,
        });
        if (!check.ok) throw new CommandFailure('refused', `${check.reason}. Nothing changed.`);
        pay(w, p, tier.gold, `A ${tier.label}`);
        if (a.rareItem) takeFromInventory(w, database, p.id, a.rareItem, `A ${tier.label}`);
        const crown = a.inscription === 'lich-crown';
        const idol: TownState['idols'][number] = {
          id: state.nextId,
          tier: a.tier,
          commissionedDay: today(database),
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
        writeTown(w, database, { ...state, idols: [...state.idols, idol], nextId: state.nextId + 1 });
        if (crown) {
          // ch.5, ch.6: applying the Crown brings Stage 4 at once — not at the next weekly check.
          const attention = attentionActor(database);
          attention.send({ type: 'CROWN' });
          writeSetting(w, database, 'machine:attention', attention.getPersistedSnapshot());
        }
        return townView(database);
      }),
    'idol.destroy': townAct(
      ctx,
      'idol.destroy',
      (a: { idol: number; payer: number; rareItem?: string | undefined }) => `Destroy Idol ${a.idol}`,
      (w, database, state, a) => {
        const idol = state.idols.find((i) => i.id === a.idol);
        if (!idol || idol.destroyed) throw new CommandFailure('not-found', `No standing Idol ${a.idol}.`);
        if (idol.destroyOrdered !== null)
          throw new CommandFailure('refused', 'Its destruction is already under way. Nothing changed.');
        const tier = IDOL_TIERS[idol.tier];
        const check = destructionCheck({
          tier: idol.tier,
          rareItem: a.rareItem ?? null,
          rareItemIsRare: a.rareItem ? isRareLoot(database, a.rareItem) : false,
        });
        if (!check.ok) throw new CommandFailure('refused', `${check.reason}. Nothing changed.`);
        const payer = person(database, a.payer);
        if (tier.destroyGold) pay(w, payer, tier.destroyGold, `Destroying a ${tier.label}`);
        if (a.rareItem) takeFromInventory(w, database, payer.id, a.rareItem, `Breaking a ${tier.label}`);
        return {
          ...state,
          idols: state.idols.map((i) =>
            i.id === a.idol ? { ...i, destroyOrdered: today(database), destroyedBy: payer.id } : i,
          ),
        };
      },
    ),
  };
}
