// Town work several commands share (rulebook ch.3-7): paying from a Gauntlet, a Retainer's token
// leaving, the Smith's disposition rolled once, the Idols as the rules read them, the Familiar.
import type { Database } from 'better-sqlite3';
import type { DayReport } from '@shared/contract.ts';
import type { TownState } from '@shared/town.ts';
import type { RecordingWriter } from '../db/history.ts';
import { readHouseRules } from '../db/settings.ts';
import { idolActive, isVanity, type Idol } from '../rules/idol.ts';
import { rollDisposition } from '../rules/smith.ts';
import { attentionEffects } from '../rules/lich-attention.ts';
import { CommandFailure } from './command-failure.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import { entryText, rollWithTables } from './table-rolls.ts';
import { attentionStage } from './phase-store.ts';
import type { CommandName } from '@shared/contract.ts';
import type { TownStateView } from '@shared/town.ts';
import { readTown, writeTown } from '../db/town-repo.ts';
import { townView } from '../views/town-view.ts';
import type { HandlerContext } from './handler-context.ts';

export function pay(w: RecordingWriter, p: LichslayerRow, cost: number, what: string): void {
  if (p.gold < cost) throw new CommandFailure('refused', `${what} costs ${cost} gold and ${p.name} holds ${p.gold}. Nothing changed.`);
  w.update('lichslayer', p.id, { gold: p.gold - cost });
}

/** A departing Retainer's token leaves the board and the stack with them. */
export function removeToken(w: RecordingWriter, db: Database, tokenId: number | null): void {
  if (tokenId !== null && db.prepare(`SELECT 1 FROM token WHERE id = ?`).get(tokenId)) w.delete('token', tokenId);
}

/** ch.4: the Smith's disposition, rolled once at the start of the campaign (or on arrival in a new Town). */
export function ensureSmith(db: Database, state: TownState, lines?: DayReport['lines']): TownState {
  if (state.smith) return state;
  const d = rollWithTables(db, 'smith.roll', ({ dice }) => {
    const r = rollDisposition(dice, readHouseRules(db), "The Smith's disposition");
    return { value: r, records: [{ cause: "The Smith's disposition (ch.4)", explain: r.explain, result: r }] };
  });
  lines?.push({ kind: 'roll', text: `The Smith's disposition: ${d.explain}` });
  return { ...state, smith: { favoured: d.favoured, distrusted: d.distrusted, explain: d.explain } };
}

export const asIdol = (i: TownState['idols'][number]): Idol => ({
  tier: i.tier,
  commissionedDay: i.commissionedDay,
  inscription: i.inscription === null || !i.suitsSubject ? null : i.inscription,
  selfIdol: i.selfIdol,
  crown: i.crown,
  destroyed: i.destroyed,
});
export const activeVanity = (state: TownState, day: number) => state.idols.map(asIdol).filter((i) => idolActive(i, day) && isVanity(i)).length;

/** The Smith works unless the Lich's Attention has driven it off or it refuses this Lichslayer (ch.5, ch.16). */
export function smithOpen(database: Database, state: TownState, p: LichslayerRow): NonNullable<TownState['smith']> {
  const effects = attentionEffects(attentionStage(database));
  if (effects.smithGone) throw new CommandFailure('refused', 'The Smith has fled the Town: nothing is repaired or upgraded until the campaign resolves (ch.5). Nothing changed.');
  if (effects.smithRefusesLost && p.sanity === 'lost') throw new CommandFailure('refused', `The Smith refuses work from ${p.name}, at Lost Sanity, while Stage ${effects.stage} lasts (ch.5). Nothing changed.`);
  if (!state.smith) throw new CommandFailure('refused', "Roll the Smith's disposition first (ch.4). Nothing changed.");
  return state.smith;
}

/** ch.3: a Witch rolls 1d8 on the Familiar table at the start of each dive and each Forest visit. */
export function familiarRolls(db: Database, ids: readonly number[], where: string, notes: string[]): void {
  for (const id of ids) {
    const l = db.prepare(`SELECT name, hidden_class, level FROM lichslayer WHERE id = ?`).get(id) as { name: string; hidden_class: string | null; level: number } | undefined;
    if (!l || l.hidden_class !== 'The Witch') continue;
    const text = rollWithTables(db, 'phase.send', ({ dice, tables }) => {
      const d8 = dice.die(8, `${l.name}'s Familiar`);
      const explain = `${d8.natural} on d8: ${entryText(tables, 'familiars', d8.natural)} (ch.3)`;
      return { value: explain, records: [{ cause: `${l.name}'s Familiar, ${where} (ch.3)`, table: 'familiars', character: l.name, explain, result: d8 }] };
    });
    notes.push(`${l.name}'s Familiar: ${text}`);
  }
}


/** One Town action as one undoable step, answered with the Town as it now stands. */
export function townAct<A>(ctx: HandlerContext, name: CommandName, label: (a: A) => string, change: (w: RecordingWriter, database: Database, state: TownState, args: A) => TownState): (args: A) => TownStateView {
  return (args: A) =>
    ctx.transact(name, args, label(args), (w, database) => {
      writeTown(w, database, change(w, database, readTown(database), args));
      return townView(database);
    });
}
