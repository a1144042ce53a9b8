// What the rules make happen inside a fight, applied by the app rather than listed for the Judge:
// Sanity triggers (ch.11, ch.12, ch.16), enemies closing in between player turns (ch.11), the
// Lich's communion and revival (ch.16). Each roll is logged. Spells are in spellcasting.ts.
import type { Database } from 'better-sqlite3';
import type { TokenView } from '@shared/board.ts';
import { allTokens, roomAt } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { rollWithLedger } from '../db/ledger.ts';
import { readHouseRules } from '../db/settings.ts';
import { loadAllTables } from '../db/tables-repo.ts';
import { rollSanityChallenge } from '../rules/sanity-challenge.ts';
import { modifiersFor } from './character-rolls.ts';
import { lichAtZero, lichTarget } from '../rules/lich.ts';
import { canEnter } from '../rules/board-facts.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import { rollWithTables } from './table-rolls.ts';
import { occupants } from '../views/board-view.ts';
import { combatActor, PARTY_KINDS, attentionStage } from './phase-store.ts';
import type { LichslayerRow } from './lichslayer-row.ts';

type Where = 'tombs' | 'town' | 'forest';

/** A Lichslayer's row, or nothing when they are gone (the round's hooks skip them). */
function lichslayer(db: Database, id: number): LichslayerRow | undefined {
  return db.prepare(`SELECT * FROM lichslayer WHERE id = ?`).get(id) as LichslayerRow | undefined;
}

/** A Sanity Challenge rolled for a Lichslayer (ch.8): a failure drops one level, written at once. */
export function sanityChallenge(
  w: RecordingWriter,
  db: Database,
  command: string,
  input: { lichslayerId: number; target: number; cause: string; where: Where },
): { passed: boolean; explain: string } {
  const l = lichslayer(db, input.lichslayerId);
  if (!l) return { passed: true, explain: '' };
  const rules = readHouseRules(db);
  const stage = attentionStage(db);
  // ch.4 "to all rolls": the character's Sanity, survival clock and other modifiers, from their one rule.
  const modifiers = modifiersFor(db, l, { where: input.where, sanityChallenge: true });
  const { value } = rollWithLedger(db, command, (dice) => {
    const r = rollSanityChallenge(dice, { name: l.name, level: l.level, target: input.target, cause: input.cause, where: input.where, attentionStage: stage, modifiers }, rules);
    return { value: r, records: [{ cause: input.cause, character: l.name, explain: r.result.explain, result: r.result }] };
  });
  if (!value.passed) w.update('lichslayer', l.id, { sanity: value.sanity });
  return { passed: value.passed, explain: value.explain };
}

const steps = (a: TokenView, b: TokenView) => Math.abs(a.x! - b.x!) + Math.abs(a.y! - b.y!);
const placed = (t: TokenView) => t.x !== null && t.y !== null && !t.defeated;

/** ch.11: another player character at 0 Health on the floor shakes everyone else there. */
export function allyAtZero(w: RecordingWriter, db: Database, fallen: number, present: readonly number[], notices: string[]): void {
  const name = lichslayer(db, fallen)?.name ?? 'A Lichslayer';
  for (const id of present) {
    if (id === fallen) continue;
    notices.push(sanityChallenge(w, db, 'phase.send', { lichslayerId: id, target: 12, cause: `${name} reached 0 Health (ch.11)`, where: 'tombs' }).explain);
  }
}

/**
 * The end of a round on a floor (ch.11, ch.12): a round spent next to a Colourless entity (its room
 * or a neighbouring one) calls a Sanity Challenge; the Lich on the stack picks one character each
 * round for a target-18 challenge.
 */
export function roundEndSanity(w: RecordingWriter, db: Database, stackIds: readonly number[], notices: string[]): void {
  const onStack = new Set(stackIds);
  const tokens = allTokens(db).filter((t) => onStack.has(t.id) && placed(t));
  const party = tokens.filter((t) => t.kind === 'lichslayer' && t.lichslayerId !== null);
  const colourless = tokens.filter((t) => t.kind === 'entity' && t.colour === 'Colourless');
  for (const p of party) {
    const near = colourless.find((e) => steps(p, e) <= 1);
    if (near) notices.push(sanityChallenge(w, db, 'phase.nextTurn', { lichslayerId: p.lichslayerId!, target: 12, cause: `A round beside ${near.name}, Colourless (ch.11)`, where: 'tombs' }).explain);
  }
  const lich = tokens.find((t) => t.stats.lich);
  if (lich && party.length) {
    const { value: pick } = rollWithLedger(db, 'phase.nextTurn', (dice) => {
      const roll = dice.die(party.length, "The Lich's Attention picks a character (ch.12)");
      const chosen = party[roll.natural - 1]!;
      return { value: chosen, records: [{ cause: "The Lich's Attention picks a character (ch.12)", explain: `1d${party.length} = ${roll.natural}: ${chosen.name}`, result: roll }] };
    });
    notices.push(sanityChallenge(w, db, 'phase.nextTurn', { lichslayerId: pick.lichslayerId!, target: 18, cause: "The Lich's Attention (ch.12)", where: 'tombs' }).explain);
  }
}

/**
 * ch.16: each round a character at Lost spends in the Town during the manifestation, the Judge
 * rolls 1d6 openly; on a 6 the character passes a target-18 Sanity Challenge or is turned.
 * Returns the ids of the newly turned.
 */
export function communion(w: RecordingWriter, db: Database, present: readonly number[], notices: string[]): number[] {
  const turned: number[] = [];
  for (const id of present) {
    const l = lichslayer(db, id);
    if (!l || l.sanity !== 'lost') continue;
    const cause = `The Lich attempts communion with ${l.name} (ch.16)`;
    const { value: face } = rollWithLedger(db, 'phase.nextTurn', (dice) => {
      const roll = dice.die(6, cause);
      return { value: roll.natural, records: [{ cause, character: l.name, explain: `1d6 = ${roll.natural}${roll.natural === 6 ? ': a Sanity Challenge, target 18' : ': no communion'}`, result: roll, public: true }] };
    });
    if (face !== 6) {
      notices.push(`${cause}: 1d6 = ${face}, nothing`);
      continue;
    }
    const r = sanityChallenge(w, db, 'phase.nextTurn', { lichslayerId: id, target: 18, cause, where: 'town' });
    if (r.passed) notices.push(r.explain);
    else {
      turned.push(id);
      notices.push(`${l.name} is turned: a Zombie acting for the Lich (ch.16)`);
    }
  }
  return turned;
}

/** ch.12, ch.16: a Lich at 0 revives at the start of the next round at half Health while its Phylactery stands. */
export function reviveLich(w: RecordingWriter, db: Database, phylacteryDestroyed: boolean, notices: string[]): void {
  for (const t of allTokens(db)) {
    if (!t.stats.lich || (!t.defeated && (t.health ?? 1) > 0)) continue;
    const r = lichAtZero(t.maxHealth ?? 0, phylacteryDestroyed);
    if (r.revives) w.update('token', t.id, { defeated: 0, health: r.health });
    notices.push(r.explain);
  }
}

/** ch.16: the manifested Lich attacks the character holding the most gold; ties are the Judge's call. */
export function lichTargetNotice(db: Database, present: readonly number[]): string {
  const rows = present.map((id) => lichslayer(db, id)).filter((l): l is LichslayerRow => !!l);
  if (!rows.length) return 'The Lich has no one left to strike';
  const targets = lichTarget(rows);
  return `The Lich's turn: it strikes ${targets.length > 1 ? `${targets.map((t) => t.name).join(' or ')} (tied on ${targets[0]!.gold} gold: the Judge picks)` : `${targets[0]!.name}, holding the most gold (${targets[0]!.gold})`}, and casts ${lichSpell(db, 'The Lich’s free spell')} (ch.16)`;
}

/**
 * The free Lich's Magic spell of the Lich or its Phylactery (ch.10, ch.16): rolled on the campaign's
 * Lich's Magic table and logged; "one Lich's Magic spell" when the Judge has no such table.
 */
export function lichSpell(db: Database, cause: string): string {
  if (!loadAllTables(db).has('spells-lich')) return "one Lich's Magic spell, free";
  return rollWithTables(db, 'phase.nextTurn', ({ dice, tables, drawn }) => {
    const node = rollOnTable({ dice, tables, drawn, cause }, 'spells-lich');
    return { value: `${node.label}, free (rolled on Lich's Magic; the roll is in the ledger)`, records: [{ cause: `${cause} (ch.16)`, table: 'spells-lich', explain: node.explain, result: node }] };
  });
}

// ---- enemies between player turns (ch.11) ----

/**
 * Enemies on the stack that stand apart from the party each move one room toward the most
 * vulnerable character (lowest Health), through revealed rooms with space (ch.9, RULINGS).
 */
export function enemiesCloseIn(
  db: Database,
  move: (tokenId: number, x: number, y: number) => void,
  notices: string[],
): number[] {
  const combat = combatActor(db).getSnapshot().context;
  const stackIds = new Set(combat.order.map((s) => s.tokenId));
  const healthOf = (t: TokenView) => (t.lichslayerId !== null ? (lichslayer(db, t.lichslayerId)?.health ?? 0) : (t.health ?? 0));
  const moved: number[] = [];
  const enemies = allTokens(db).filter((t) => stackIds.has(t.id) && t.kind === 'entity' && placed(t) && !t.hidden && !combat.moved.includes(t.id));
  for (const enemy of enemies) {
    const tokens = allTokens(db);
    const party = tokens.filter((t) => PARTY_KINDS.has(t.kind) && t.floor === enemy.floor && placed(t));
    if (!party.length || party.some((p) => steps(p, enemy) === 0)) continue;
    const weakest = Math.min(...party.map(healthOf));
    const prey = party.filter((p) => healthOf(p) === weakest).sort((a, b) => steps(a, enemy) - steps(b, enemy))[0]!;
    const options = [
      { x: enemy.x! + 1, y: enemy.y! },
      { x: enemy.x! - 1, y: enemy.y! },
      { x: enemy.x!, y: enemy.y! + 1 },
      { x: enemy.x!, y: enemy.y! - 1 },
    ].filter((p) => Math.abs(p.x - prey.x!) + Math.abs(p.y - prey.y!) < steps(prey, enemy));
    const open = options.find((p) => {
      const room = roomAt(db, enemy.floor!, p.x, p.y);
      if (!room?.revealed || !room.room_type) return false;
      return canEnter(room.room_type, occupants(tokens, enemy.floor!, p.x, p.y).length, true).ok;
    });
    if (!open) {
      notices.push(`${enemy.name} holds: no open room toward ${prey.name} (ch.9)`);
      continue;
    }
    move(enemy.id, open.x, open.y);
    moved.push(enemy.id);
    notices.push(`${enemy.name} moves to (${open.x + 1},${open.y + 1}), closing on ${prey.name} (Health ${weakest}) (ch.11)`);
  }
  return moved;
}
