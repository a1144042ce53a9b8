// The Town between dives (rulebook ch.4-7, ch.17): the Smith, Retainers, contributions, Idols, the
// Forest and travel, as commands; and the daily and weekly steps "next day" runs in ch.5's order.
import type { Database } from 'better-sqlite3';
import type { CommandName, DayReport } from '@shared/contract.ts';
import type { Colour } from '@shared/gauntlet.ts';
import { townStateSchema, type TownState, type TownStateView } from '@shared/town.ts';
import { joinTurnStack, nextPlacement, readWorld, writeWorld } from '../db/board-repo.ts';
import { absentAttentionShift } from '../rules/lich-attention.ts';
import type { RecordingWriter } from '../db/history.ts';
import { readHouseRules, readSetting, writeSetting } from '../db/settings.ts';
import { IDOL_TIERS, idolActive, isVanity, vanityStage, type Idol } from '../rules/idol.ts';
import { afterMissedWage, loyaltyAfterPay, retainerCap, rollRetainers, RETAINER_GRADES } from '../rules/retainers.ts';
import { armorRepair, brokenItemRepair, DISPOSITION_COLOURS, recolour, rollDisposition, smithPrice, ARMOR_REPAIR_PER_POINT, RECOLOUR_COST, STONE_FOR } from '../rules/smith.ts';
import { CommandFailure } from './command-failure.ts';
import type { HandlerContext, Handlers } from './campaign-app.ts';
import { attentionActor, attentionStage, diveActor } from './phase-store.ts';
import { entryText, rollWithTables } from './table-rolls.ts';
import { sanityChallenge } from './combat-hooks.ts';
import { closeDay } from './day-close.ts';
import { requireLichslayer as person, type LichslayerRow } from './lichslayer-row.ts';
import { today } from '../db/town-repo.ts';
import { addToInventory } from '../db/inventory.ts';

type TownCommand = Extract<
  CommandName,
  'town.state' | 'square.set' | 'smith.roll' | 'smith.repairArmor' | 'smith.repairItem' | 'smith.recolour' | 'retainer.hire' | 'retainer.dismiss' | 'retainer.payDouble' | 'town.contribute' | 'idol.commission' | 'idol.destroy' | 'forest.go' | 'forest.feed' | 'forest.mine' | 'forest.move' | 'town.travel'
>;

export const readTown = (db: Database): TownState => readSetting(db, 'town-state', townStateSchema, townStateSchema.parse({}));
export const writeTown = (w: RecordingWriter, db: Database, state: TownState) => writeSetting(w, db, 'town-state', state);

function pay(w: RecordingWriter, p: LichslayerRow, cost: number, what: string): void {
  if (p.gold < cost) throw new CommandFailure('refused', `${what} costs ${cost} gold and ${p.name} holds ${p.gold}. Nothing changed.`);
  w.update('lichslayer', p.id, { gold: p.gold - cost });
}

/** A departing Retainer's token leaves the board and the stack with them. */
function removeToken(w: RecordingWriter, db: Database, tokenId: number | null): void {
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

/**
 * The Town's part of "next day" (ch.5, ch.7, ch.17): Retainers' wages and d8, the Forest's d6 for
 * each party member there, the Square's d6 when 100+ gold was given; weekly, the Idols' Vanity
 * stage and the Giver's hunger. Runs after the Inn's roll, before the survival clocks.
 */
export function townDay(w: RecordingWriter, db: Database, day: number, inn: { value: number; closed: boolean }, lines: DayReport['lines']): void {
  let state = ensureSmith(db, readTown(db), lines);
  const stage = attentionStage(db);
  // Retainers: wages from their employer, loyalty by pay, the wary leave on a bad Inn night (ch.7).
  if (state.retainers.length) {
    const kept: TownState['retainers'] = [];
    for (const r of state.retainers) {
      const boss = db.prepare(`SELECT id, name, gold FROM lichslayer WHERE id = ?`).get(r.employer) as { id: number; name: string; gold: number } | undefined;
      const wage = RETAINER_GRADES[r.grade].wage * (r.double ? 2 : 1);
      let loyalty = r.loyalty;
      if (boss && boss.gold >= wage) {
        w.update('lichslayer', boss.id, { gold: boss.gold - wage });
        loyalty = loyaltyAfterPay(loyalty, r.double ? 'double' : 'wage');
      } else {
        // ch.7 reads two ways (a house rule): a missed wage costs a loyalty step, or the unpaid leave.
        const after = afterMissedWage(loyalty, readHouseRules(db).unpaidRetainer);
        if (after === 'leaves') {
          lines.push({ kind: 'change', text: `${r.name} is not paid and leaves (ch.7)` });
          removeToken(w, db, r.tokenId);
          continue;
        }
        loyalty = after;
        lines.push({ kind: 'change', text: `${r.name} is not paid: ${r.loyalty} → ${loyalty} (ch.7)` });
      }
      if (loyalty === 'wary' && !inn.closed && inn.value <= 6) {
        lines.push({ kind: 'change', text: `${r.name}, Wary, leaves after a bad night at the Inn (ch.7)` });
        removeToken(w, db, r.tokenId);
        continue;
      }
      if (loyalty !== r.loyalty && boss && boss.gold >= wage) lines.push({ kind: 'change', text: `${r.name}: ${r.loyalty} → ${loyalty} (${r.double ? 'paid double' : 'paid'}, ch.7)` });
      kept.push({ ...r, loyalty, double: false });
    }
    state = { ...state, retainers: kept };
    if (kept.length) {
      const text = rollWithTables(db, 'town.nextDay', ({ dice, tables }) => {
        const vanityIdols = activeVanity(state, day);
        const r = rollRetainers(dice, { devoted: kept.filter((k) => k.loyalty === 'devoted').length, activeVanityIdols: vanityIdols }, `Retainers, day ${day}`);
        const explain = `${r.explain}: ${entryText(tables, 'retainer-events', Math.max(1, Math.min(8, r.value)))}`;
        return { value: explain, records: [{ cause: `Retainers, day ${day} (ch.7)`, table: 'retainer-events', explain, result: r }] };
      });
      lines.push({ kind: 'roll', text: `Retainers: ${text}` });
    }
  }
  // The Forest: 1d6 for each party member there (ch.5, ch.17); hostile at Stage 4.
  for (const id of state.forest.present) {
    const p = db.prepare(`SELECT name FROM lichslayer WHERE id = ?`).get(id) as { name: string } | undefined;
    if (!p) continue;
    const text = rollWithTables(db, 'town.nextDay', ({ dice, tables }) => {
      const d6 = dice.die(6, `The Forest for ${p.name}, day ${day}`);
      const mods = [...(state.forest.fedThisWeek ? [{ source: 'the Giver fed this week', value: 1 }] : []), ...(state.forest.griefing ? [{ source: 'griefing', value: -state.forest.griefing }] : []), ...(state.forest.giverHealth <= 0 ? [{ source: 'the Giver is dead', value: -2 }] : [])];
      const value = Math.max(1, Math.min(6, d6.natural + mods.reduce((a, m) => a + m.value, 0)));
      const explain = `${value} = ${d6.natural} on d6${mods.map((m) => ` ${m.value > 0 ? '+' : '−'} ${Math.abs(m.value)} (${m.source})`).join('')}: ${entryText(tables, 'forest-conditions', value)}${stage >= 4 ? '; and the Forest is hostile: an extra encounter (ch.16)' : ''} (ch.17)`;
      return { value: explain, records: [{ cause: `The Forest for ${p.name}, day ${day} (ch.5)`, table: 'forest-conditions', character: p.name, explain, result: d6 }] };
    });
    lines.push({ kind: 'roll', text: `Forest (${p.name}): ${text}` });
  }
  // ch.17: a day spent in a grayed region forces a Sanity Challenge, target 12.
  if (state.forest.regionGray) {
    for (const id of state.forest.present) lines.push({ kind: 'change', text: sanityChallenge(w, db, 'town.nextDay', { lichslayerId: id, target: 12, cause: 'A day in a grayed region of the Forest (ch.17)', where: 'forest' }).explain });
  }
  // The Square: its d6 when 100 or more gold was given today (ch.5).
  if (state.contributed.square >= 100) {
    const text = rollWithTables(db, 'town.nextDay', ({ dice, tables }) => {
      const d6 = dice.die(6, `The Square, day ${day}`);
      const explain = `${d6.natural} on d6 (${state.contributed.square} gold given): ${entryText(tables, 'square-events', d6.natural)} (ch.5)`;
      return { value: explain, records: [{ cause: `The Square, day ${day} (ch.5)`, table: 'square-events', explain, result: d6, public: true }] };
    });
    lines.push({ kind: 'roll', text: `Square: ${text}` });
  }
  state = { ...state, contributed: { inn: 0, square: 0, innYesterday: state.contributed.inn } };
  // ch.5 (Modifier table): a Festival lasts one in-game day.
  const world = readWorld(db);
  if (world.festival) {
    writeWorld(w, db, { ...world, festival: false });
    lines.push({ kind: 'change', text: 'The Festival is over (ch.5)' });
  }
  // ch.16: at Stage 4 the Watch counter is reset to 0.
  if (stage >= 4 && state.squareWatch) state = { ...state, squareWatch: 0 };
  // Idols: destructions finish, and a new one completes.
  state = { ...state, idols: state.idols.map((i) => (i.destroyOrdered !== null && !i.destroyed && day + 1 >= i.destroyOrdered + IDOL_TIERS[i.tier].destroyDays ? { ...i, destroyed: true } : i)) };
  writeTown(w, db, state);
}

/** The Town's weekly step (ch.5): the Idols' Vanity stage moves the Lich's Attention (ch.6); the Giver's hunger (ch.17). */
export function townWeek(w: RecordingWriter, db: Database, day: number, lines: DayReport['lines']): void {
  let state = readTown(db);
  const stage = attentionStage(db);
  const v = vanityStage(state.idols.map(asIdol), day);
  if (v.stage !== state.lastVanityStage) {
    lines.push({ kind: 'change', text: `Vanity stage ${state.lastVanityStage} → ${v.stage}: ${v.explain}` });
    if (v.stage > 0) {
      const attention = attentionActor(db);
      attention.send({ type: 'VANITY', stage: v.stage as 1 | 2 | 3 | 4 });
      writeSetting(w, db, 'machine:attention', attention.getPersistedSnapshot());
    }
    state = { ...state, lastVanityStage: v.stage };
  }
  // ch.17: the Giver loses 60 Health for each week unfed (twice as fast at Stage 3, ch.5).
  // The first week has only begun on the campaign's first weekly day: nothing has gone unfed yet.
  if (day > readHouseRules(db).weekStartDay && !state.forest.fedThisWeek && state.forest.giverHealth > 0) {
    const loss = stage === 3 ? 120 : 60;
    const health = Math.max(0, state.forest.giverHealth - loss);
    lines.push({ kind: 'change', text: `The Giver goes unfed: −${loss} Health, ${health} left${health === 0 ? ': it dies and the Forest collapses by half' : ''} (ch.17)` });
    state = { ...state, forest: { ...state.forest, giverHealth: health } };
  }
  state = { ...state, forest: { ...state.forest, fedThisWeek: false } };
  writeTown(w, db, state);
}

const asIdol = (i: TownState['idols'][number]): Idol => ({
  tier: i.tier,
  commissionedDay: i.commissionedDay,
  inscription: i.inscription === null || !i.suitsSubject ? null : i.inscription,
  selfIdol: i.selfIdol,
  crown: i.crown,
  destroyed: i.destroyed,
});
const activeVanity = (state: TownState, day: number) => state.idols.map(asIdol).filter((i) => idolActive(i, day) && isVanity(i)).length;

export function townView(db: Database): TownStateView {
  const state = readTown(db);
  const day = today(db);
  const rules = readHouseRules(db);
  const stage = attentionStage(db);
  const roster = db.prepare(`SELECT id, name, level, hidden_class FROM lichslayer ORDER BY position, id`).all() as { id: number; name: string; level: number; hidden_class: string | null }[];
  return {
    state,
    day,
    townName: (db.prepare(`SELECT name FROM town WHERE id = 1`).get() as { name: string }).name,
    smithPrices: state.smith
      ? DISPOSITION_COLOURS.map((c) => ({ colour: c, armorPoint: smithPrice(ARMOR_REPAIR_PER_POINT, c, state.smith!, rules).value, recolour: smithPrice(RECOLOUR_COST, c, state.smith!, rules).value }))
      : [],
    vanity: vanityStage(state.idols.map(asIdol), day),
    aristocrats: roster.filter((l) => l.hidden_class === 'The Aristocrat').map((l) => ({ id: l.id, name: l.name, cap: retainerCap(l.level), employed: state.retainers.filter((r) => r.employer === l.id).length })),
    innClosed: stage >= 4,
    smithGone: stage >= 4,
    festival: readWorld(db).festival,
    squareEmpty: readWorld(db).squareEmpty,
    attentionStage: stage,
  };
}

export function townHandlers(ctx: HandlerContext): Pick<Handlers, TownCommand> {
  const db = () => ctx.require().db;
  /** One Town action as one undoable step, answered with the Town as it now stands. */
  const act = <A,>(name: TownCommand, label: (a: A) => string, change: (w: RecordingWriter, database: Database, state: TownState, args: A) => TownState) => (args: A) =>
    ctx.transact(name, args, label(args), (w, database) => {
      writeTown(w, database, change(w, database, readTown(database), args));
      return townView(database);
    });
  const smithOpen = (database: Database, state: TownState, p: LichslayerRow): NonNullable<TownState['smith']> => {
    if (attentionStage(database) >= 4) throw new CommandFailure('refused', 'The Smith has fled the Town: nothing is repaired or upgraded until the campaign resolves (ch.16). Nothing changed.');
    if (attentionStage(database) === 3 && p.sanity === 'lost') throw new CommandFailure('refused', `The Smith refuses work from ${p.name}, at Lost Sanity, while Stage 3 lasts (ch.5). Nothing changed.`);
    if (!state.smith) throw new CommandFailure('refused', "Roll the Smith's disposition first (ch.4). Nothing changed.");
    return state.smith;
  };

  return {
    'town.state': () => townView(db()),
    'square.set': (args) =>
      ctx.transact('square.set', args, 'The Square', (w, database) => {
        const stage = attentionStage(database);
        const world = readWorld(database);
        let state = readTown(database);
        if (args.festival === true && stage >= 3) throw new CommandFailure('refused', `No Festival may be held while Stage ${stage} lasts (ch.5). Nothing changed.`);
        if (args.watch === 1) {
          // ch.5: the Watch cannot pass 1 at Stage 2, does not advance at Stage 3, and is held at 0 at Stage 4.
          if (stage >= 3) throw new CommandFailure('refused', `The Square Watch counter does not advance at Stage ${stage} (ch.5). Nothing changed.`);
          if (stage === 2 && state.squareWatch >= 1) throw new CommandFailure('refused', 'The Square Watch counter cannot exceed 1 while Stage 2 lasts (ch.5). Nothing changed.');
        }
        if (args.watch === -1 && state.squareWatch === 0) throw new CommandFailure('refused', 'The Square Watch counter is at 0. Nothing changed.');
        if (args.watch) state = { ...state, squareWatch: state.squareWatch + args.watch };
        writeWorld(w, database, { ...world, ...(args.festival !== undefined ? { festival: args.festival } : {}), ...(args.empty !== undefined ? { squareEmpty: args.empty } : {}) });
        writeTown(w, database, state);
        return townView(database);
      }),
    'smith.roll': () =>
      ctx.transact('smith.roll', {}, "The Smith's disposition", (w, database) => {
        const state = readTown(database);
        if (state.smith) throw new CommandFailure('refused', "The Smith's disposition is set for the campaign; only Drift changes it (ch.4). Nothing changed.");
        writeTown(w, database, ensureSmith(database, state));
        return townView(database);
      }),
    'smith.repairArmor': act('smith.repairArmor', (a: { id: number; points: number }) => `Smith: ${a.points} Armor`, (w, database, state, a) => {
      const p = person(database, a.id);
      const smith = smithOpen(database, state, p);
      const r = armorRepair(p.armor, p.max_armor, a.points);
      if (r.points === 0) throw new CommandFailure('refused', `${p.name}'s Armor is at its maximum: it cannot be repaired above it (ch.4). Nothing changed.`);
      const colour = (database.prepare(`SELECT colour FROM item WHERE lichslayer_id = ? AND slot = 'garment'`).get(a.id) as { colour: Colour } | undefined)?.colour ?? 'Colourless';
      const price = smithPrice(r.cost, colour, smith, readHouseRules(database)).value;
      pay(w, p, price, `Repairing ${r.points} Armor`);
      w.update('lichslayer', a.id, { armor: p.armor + r.points });
      return state;
    }),
    'smith.repairItem': act('smith.repairItem', (a: { id: number; slot: string; sellValue: number }) => `Smith: repair ${a.slot}`, (w, database, state, a) => {
      const p = person(database, a.id);
      const smith = smithOpen(database, state, p);
      const item = database.prepare(`SELECT id, colour, broken FROM item WHERE lichslayer_id = ? AND slot = ?`).get(a.id, a.slot) as { id: number; colour: Colour; broken: number } | undefined;
      if (!item?.broken) throw new CommandFailure('refused', 'That slot holds no broken item. Nothing changed.');
      pay(w, p, smithPrice(brokenItemRepair(a.sellValue), item.colour, smith, readHouseRules(database)).value, 'The repair');
      w.update('item', item.id, { broken: 0 });
      return state;
    }),
    'smith.recolour': act('smith.recolour', (a: { id: number; slot: string; colour: Colour }) => `Smith: recolour ${a.slot} ${a.colour}`, (w, database, state, a) => {
      const p = person(database, a.id);
      const smith = smithOpen(database, state, p);
      const day = today(database);
      if (state.recolouredOn[String(a.id)] === day) throw new CommandFailure('refused', `The Smith recolours one item a day for ${p.name}: come back tomorrow (ch.4). Nothing changed.`);
      const item = database.prepare(`SELECT id, colour FROM item WHERE lichslayer_id = ? AND slot = ?`).get(a.id, a.slot) as { id: number; colour: Colour } | undefined;
      if (!item) throw new CommandFailure('refused', 'That slot is empty. Nothing changed.');
      const r = recolour(item.colour, a.colour);
      if (!r.ok) throw new CommandFailure('refused', `${r.reason}. Nothing changed.`);
      const stone = database.prepare(`SELECT id, count FROM inventory WHERE lichslayer_id = ? AND lower(name) = lower(?)`).get(a.id, r.stone) as { id: number; count: number } | undefined;
      if (!stone) throw new CommandFailure('refused', `Recolouring to ${a.colour} needs a ${r.stone} in the inventory (ch.4). Nothing changed.`);
      pay(w, p, smithPrice(r.cost, a.colour, smith, readHouseRules(database)).value, 'Recolouring');
      if (stone.count > 1) w.update('inventory', stone.id, { count: stone.count - 1 });
      else w.delete('inventory', stone.id);
      w.update('item', item.id, { colour: a.colour });
      return { ...state, recolouredOn: { ...state.recolouredOn, [String(a.id)]: day } };
    }),
    'retainer.hire': act('retainer.hire', (a: { employer: number; name: string; grade: 'common' | 'skilled' | 'exceptional' }) => `Hire ${a.name}`, (w, database, state, a) => {
      const boss = person(database, a.employer);
      if (boss.hidden_class !== 'The Aristocrat') throw new CommandFailure('refused', `Retainers are hired by the Aristocrat, and ${boss.name} is not one (ch.7). Nothing changed.`);
      const employed = state.retainers.filter((r) => r.employer === boss.id).length;
      if (employed >= retainerCap(boss.level)) throw new CommandFailure('refused', `${boss.name} keeps at most ${retainerCap(boss.level)} Retainers, one per level (ch.7). Nothing changed.`);
      // ch.7: a Retainer joins the turn stack at the Aristocrat's side and goes down with the party.
      const g = RETAINER_GRADES[a.grade];
      const tokenId = w.insert('token', {
        kind: 'retainer',
        name: a.name,
        colour: 'Colourless',
        health: g.health,
        max_health: g.health,
        armor: g.armor,
        stats: JSON.stringify({ speed: 6, attack: g.attackDice ? `+${g.attackDice}d6` : '+0' }),
        placed_at: nextPlacement(database),
      });
      joinTurnStack(w, database, tokenId);
      return { ...state, retainers: [...state.retainers, { id: state.nextId, name: a.name, grade: a.grade, loyalty: 'standard', employer: boss.id, hiredDay: today(database), double: false, tokenId }], nextId: state.nextId + 1 };
    }),
    'retainer.dismiss': act('retainer.dismiss', (a: { retainer: number }) => `Dismiss Retainer ${a.retainer}`, (w, database, state, a) => {
      const r = state.retainers.find((x) => x.id === a.retainer);
      if (!r) throw new CommandFailure('not-found', `No Retainer ${a.retainer}.`);
      removeToken(w, database, r.tokenId);
      return { ...state, retainers: state.retainers.filter((r) => r.id !== a.retainer) };
    }),
    'retainer.payDouble': act('retainer.payDouble', (a: { retainer: number }) => `Double wage for Retainer ${a.retainer}`, (_w, _database, state, a) => {
      if (!state.retainers.some((r) => r.id === a.retainer)) throw new CommandFailure('not-found', `No Retainer ${a.retainer}.`);
      return { ...state, retainers: state.retainers.map((r) => (r.id === a.retainer ? { ...r, double: true } : r)) };
    }),
    'town.contribute': act('town.contribute', (a: { id: number; to: 'inn' | 'square'; amount: number }) => `Give ${a.amount} gold to the ${a.to}`, (w, database, state, a) => {
      const p = person(database, a.id);
      if (a.to === 'inn' && attentionStage(database) >= 4) throw new CommandFailure('refused', 'The Inn is closed at Stage 4 (ch.16). Nothing changed.');
      pay(w, p, a.amount, `Giving ${a.amount} gold`);
      return { ...state, contributed: { ...state.contributed, [a.to]: state.contributed[a.to] + a.amount } };
    }),
    'idol.commission': act('idol.commission', (a: { payer: number; tier: 1 | 2 | 3; inscription: TownState['idols'][number]['inscription']; selfIdol: boolean; suitsSubject: boolean; subject: string }) => `Commission a Tier ${a.tier} Idol`, (w, database, state, a) => {
      const p = person(database, a.payer);
      const tier = IDOL_TIERS[a.tier];
      pay(w, p, tier.gold, `A ${tier.label}`);
      return {
        ...state,
        idols: [...state.idols, { id: state.nextId, tier: a.tier, commissionedDay: today(database), inscription: a.inscription, selfIdol: a.selfIdol, suitsSubject: a.suitsSubject, subject: a.subject, crown: a.inscription === 'lich-crown', destroyed: false, destroyOrdered: null }],
        nextId: state.nextId + 1,
      };
    }),
    'idol.destroy': act('idol.destroy', (a: { idol: number; payer: number }) => `Destroy Idol ${a.idol}`, (w, database, state, a) => {
      const idol = state.idols.find((i) => i.id === a.idol);
      if (!idol || idol.destroyed) throw new CommandFailure('not-found', `No standing Idol ${a.idol}.`);
      if (idol.crown) throw new CommandFailure('refused', "The Lich's Crown can never be removed (ch.6). Nothing changed.");
      if (idol.destroyOrdered !== null) throw new CommandFailure('refused', 'Its destruction is already under way. Nothing changed.');
      const tier = IDOL_TIERS[idol.tier];
      if (tier.destroyGold) pay(w, person(database, a.payer), tier.destroyGold, `Destroying a ${tier.label}`);
      return { ...state, idols: state.idols.map((i) => (i.id === a.idol ? { ...i, destroyOrdered: today(database) } : i)) };
    }),
    'forest.go': (args) =>
      ctx.transact('forest.go', args, args.where === 'forest' ? 'Into the Forest' : 'Back from the Forest', (w, database) => {
        const state = readTown(database);
        const present = args.where === 'forest' ? [...new Set([...state.forest.present, ...args.ids])] : state.forest.present.filter((id) => !args.ids.includes(id));
        const notes: string[] = [];
        if (args.where === 'forest') {
          for (const id of args.ids) person(database, id);
          // ch.3: the Witch rolls 1d8 for a Familiar at each Forest visit.
          familiarRolls(database, args.ids, 'the Forest', notes);
        }
        writeTown(w, database, { ...state, forest: { ...state.forest, present } });
        return { day: today(database), notes };
      }),
    'forest.feed': (args) =>
      ctx.transact('forest.feed', args, 'Feed the Giver', (w, database) => {
        const state = readTown(database);
        const p = person(database, args.id);
        if (!state.forest.present.includes(p.id)) throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        if (state.forest.giverHealth <= 0) throw new CommandFailure('refused', 'The Giver is dead (ch.17). Nothing changed.');
        const times = (state.forest.feedings[String(p.id)] ?? 0) + 1;
        writeTown(w, database, { ...state, forest: { ...state.forest, fedThisWeek: true, feedings: { ...state.forest.feedings, [String(p.id)]: times } } });
        return { day: today(database), notes: [`${p.name} feeds the Giver (${times} time${times === 1 ? '' : 's'})${times === 3 ? ": the Giver's Recipes open to them (ch.17)" : ''}`] };
      }),
    'forest.mine': (args) =>
      ctx.transact('forest.mine', args, 'Mine a vein', (w, database) => {
        const state = readTown(database);
        const p = person(database, args.id);
        if (!state.forest.present.includes(p.id)) throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        if (state.forest.regionGray) throw new CommandFailure('refused', 'This region is gray: its vein is spent and nothing regrows (ch.17). Move on first. Nothing changed.');
        // ch.17: the vein's colour on d6 (one Stone per colour), 1d6 Stones, exploding; then the region grays.
        const found = rollWithTables(database, 'forest.mine', ({ dice }) => {
          const colour = dice.die(6, `${p.name} mines a vein: colour`);
          const count = dice.explodingD6(`${p.name} mines a vein: Stones`);
          const c = DISPOSITION_COLOURS[colour.natural - 1]!;
          const stone = STONE_FOR[c]!;
          const explain = `${colour.natural} on d6: ${stone} (${c}); ${count.total} Stone${count.total === 1 ? '' : 's'} (1d6! ${count.faces.join('+')}) (ch.17)`;
          return { value: { stone, n: count.total, explain }, records: [{ cause: `${p.name} mines a vein (ch.17)`, character: p.name, explain, result: { colour, count } }] };
        });
        addToInventory(w, database, p.id, found.stone, found.n);
        writeTown(w, database, { ...state, forest: { ...state.forest, regionGray: true, grayedRegions: state.forest.grayedRegions + 1 } });
        return { day: today(database), notes: [`${p.name}: ${found.explain}`, 'The vein is empty: this region grays for good; a day here forces a Sanity Challenge (target 12) (ch.17)'] };
      }),
    'forest.move': () =>
      ctx.transact('forest.move', {}, 'Move on in the Forest', (w, database) => {
        const state = readTown(database);
        if (!state.forest.present.length) throw new CommandFailure('refused', 'No one is in the Forest. Nothing changed.');
        writeTown(w, database, { ...state, forest: { ...state.forest, regionGray: false } });
        return { day: today(database), notes: ['The party moves on to a living region of the Forest'] };
      }),
    'town.travel': (args) =>
      ctx.transact('town.travel', args, `Travel to ${args.to}`, (w, database) => {
        const state = readTown(database);
        const from = (database.prepare(`SELECT name, day FROM town WHERE id = 1`).get() as { name: string; day: number });
        if (args.to.trim().toLowerCase() === from.name.trim().toLowerCase()) throw new CommandFailure('refused', `The party is already in ${from.name}. Nothing changed.`);
        if (String(diveActor(database).getSnapshot().value) !== 'town') throw new CommandFailure('refused', 'The party must be in the Town to set out. Nothing changed.');
        const left = state.departed.find((d) => d.town.toLowerCase() === args.to.trim().toLowerCase());
        if (left && from.day - left.day < 7) throw new CommandFailure('refused', `The party left ${left.town} on day ${left.day}: no return for 7 days, until day ${left.day + 7} (ch.5). Nothing changed.`);
        const lines: string[] = [];
        const deepest = Math.max(1, ...diveActor(database).getSnapshot().context.floorsCleared, diveActor(database).getSnapshot().context.floor ?? 1);
        const days = rollWithTables(database, 'town.travel', ({ dice, tables }) => {
          const d = dice.die(6, `Travel to ${args.to}`);
          const records = [{ cause: `Travel to ${args.to} (ch.5)`, explain: `1d6 = ${d.natural} days on the road`, result: d }];
          for (let i = 1; i <= d.natural; i++) {
            const e = dice.die(6, `Travel day ${i}`);
            let text = e.natural <= 2 ? 'an encounter' : e.natural === 6 ? 'a stranger met: a possible Retainer or NPC' : 'nothing';
            if (e.natural <= 2) {
              const tier = deepest <= 3 ? 'upper' : deepest <= 6 ? 'middle' : 'lower';
              const pick = dice.die(12, `Travel day ${i} encounter`);
              text = `an encounter: ${entryText(tables, `entities-${tier}`, pick.natural)}`;
            }
            lines.push(`Road, day ${i}: ${e.natural} on d6, ${text} (ch.5)`);
            records.push({ cause: `Travel day ${i} (ch.5)`, explain: `${e.natural} on d6: ${text}`, result: e });
          }
          return { value: d.natural, records };
        });
        lines.push(`The survival clock runs the whole way: ${days} day${days === 1 ? '' : 's'} pass (ch.5)`);
        // ch.5: each Town keeps its own Smith, Inn history, Attention and Square Watch: the one left
        // behind is kept as it was; the one reached is its own (restored if known, fresh if not).
        const world = readWorld(database);
        const archive = JSON.stringify({ state: { ...state, departed: [] }, attention: database.prepare(`SELECT value FROM setting WHERE key = 'machine:attention'`).get() ?? null, world });
        const departed = [...state.departed.filter((d) => d.town.toLowerCase() !== from.name.toLowerCase() && d !== left), { town: from.name, day: from.day, archive }];
        w.update('town', 1, { name: left?.town ?? args.to.trim() });
        if (left?.archive) {
          const saved = JSON.parse(left.archive) as { state: TownState; attention: { value: string } | null; world: typeof world };
          const snapshot = saved.attention ? (JSON.parse(saved.attention.value) as { value: string; context: { stage: number } } | null) : null;
          const before = (snapshot?.context.stage ?? saved.world.attentionStage) as 0 | 1 | 2 | 3 | 4;
          const shift = rollWithTables(database, 'town.travel', ({ dice }) => {
            const d6 = dice.die(6, `${left.town}'s Attention while away`);
            const r = absentAttentionShift(before, d6.natural, readHouseRules(database).absentAttention);
            return { value: r, records: [{ cause: `${left.town}'s Attention while the party was away (ch.5)`, explain: r.explain, result: d6 }] };
          });
          lines.push(`${left.town}: ${shift.explain}`);
          writeTown(w, database, townStateSchema.parse({ ...saved.state, retainers: state.retainers, nextId: Math.max(state.nextId, saved.state.nextId), departed }));
          writeSetting(w, database, 'machine:attention', snapshot ? { ...snapshot, value: `stage${shift.stage}`, context: { ...snapshot.context, stage: shift.stage } } : null);
          writeWorld(w, database, { ...saved.world, attentionStage: shift.stage });
        } else {
          writeTown(w, database, townStateSchema.parse({ departed, retainers: state.retainers, nextId: state.nextId }));
          writeSetting(w, database, 'machine:attention', null);
          writeWorld(w, database, { ...world, attentionStage: 0, festival: false, squareEmpty: false });
        }
        // The days on the road pass for the calendar and the survival clocks.
        const day0 = today(database);
        w.update('town', 1, { day: day0 + days });
        // No Inn on the road: each day closes unfed and unsheltered (ch.5), through the same rules as in Town.
        for (let d = 0; d < days; d++) {
          for (const l of database.prepare(`SELECT * FROM lichslayer ORDER BY position, id`).all() as LichslayerRow[]) {
            const line = closeDay(w, database, l, { ate: false, sheltered: false, day: day0 + d, stage: 0 });
            if (line.kind === 'change') lines.push(`Road, day ${d + 1}: ${line.text}`);
          }
        }
        return { days, notes: lines };
      }),
  };
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

