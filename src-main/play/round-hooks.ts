// What the rules make happen inside a fight, applied by the app rather than listed for the Judge:
// Sanity triggers (ch.11, ch.12, ch.16), enemies closing in between player turns (ch.11), the
// Lich's communion and revival (ch.16). Each roll is logged. Spells are in spellcasting.ts.
import { onBoard, allTokens } from '../state/board.ts';
import type { PlayReader, PlaySession, RollRecord } from '../state/session.ts';
import { breakOutOfSlot } from '../state/inventory.ts';
import type { TokenView } from '@shared/board.ts';
import { readHouseRules, writeSetting } from '../state/settings.ts';
import type { ChallengeResult } from '../rules/challenge.ts';
import { rollCharacterChallenge } from '../rules/sanity-challenge.ts';
import type { Modifier } from '../rules/dice.ts';
import { lichAtZero, lichTarget } from '../rules/lich.ts';
import { sanityTarget } from '../rules/sanity.ts';
import { isNear } from '../rules/board-moves.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import { attentionStage, diveActor } from './machines.ts';
import { equippedItems, influenceToAdd, rollModifiersFor } from './gear.ts';
import type { InfluenceDie } from '../rules/loot-roll.ts';
import { integrityCheck, integrityTarget } from '../rules/damage.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { innOmensOn, spendInnOmens } from './inn-today.ts';

export type Where = 'tombs' | 'town' | 'forest';

/** A Lichslayer's row, or nothing when they are gone (the round's hooks skip them). */
function lichslayer(ps: PlayReader, id: number): LichslayerRow | undefined {
  return ps.byId('lichslayer', id) ?? undefined;
}

/**
 * A Challenge rolled for a Lichslayer (ch.1) with their modifiers to all rolls (Sanity and the survival
 * clock, ch.4, ch.8) and any the rules add (an assist, a skill), or the Judge's own total. A Sanity
 * Challenge's target takes the Attention's shift (ch.5); its failure drops one level, written at once,
 * and on a Tomb floor it is a Sanity Break there (rest rooms become impossible, ch.10).
 */
export function lichslayerChallenge(
  ps: PlaySession,
  command: string,
  input: {
    lichslayerId: number;
    target: number;
    cause: string;
    sanity: Where | null;
    other?: Modifier[];
    judgeTotal?: number;
    integritySlot?: string;
    /** The Influence dice added (the Challenge dialog's choice); under the house rule's other reading, every roll takes them. */
    influence?: readonly InfluenceDie[];
  },
): { passed: boolean; explain: string; result: ChallengeResult | null } {
  const l = lichslayer(ps, input.lichslayerId);
  if (!l) return { passed: true, explain: '', result: null };
  const rules = readHouseRules(ps);
  const stage = attentionStage(ps);
  const mods = rollModifiersFor(ps, l, { where: input.sanity ?? 'tombs', sanityChallenge: input.sanity !== null });
  const items = equippedItems(ps, l.id);
  // Every Challenge the app calls (a trap's, a round's Sanity) takes the dice held under the house rule's other reading.
  const influence = input.influence ?? (input.judgeTotal === undefined ? influenceToAdd(ps, l, false, l.name) : []);
  const omens = innOmensOn(ps, l.id);
  const value = ps.roll(command, ({ dice }) => {
    const c = rollCharacterChallenge(
      dice,
      {
        name: l.name,
        level: l.level,
        target: input.target,
        cause: input.cause,
        sanityNow: l.sanity,
        sanityChallenge: input.sanity ? { where: input.sanity, attentionStage: stage } : null,
        modifiers: {
          ...(mods.sanity ? { sanity: l.sanity } : {}),
          survival: mods.survival,
          other: [...mods.other, ...omens, ...(input.other ?? [])],
        },
        ...(input.judgeTotal !== undefined ? { judgeTotal: input.judgeTotal } : {}),
        influence,
      },
      rules,
    );
    const r = c.result;
    const records: RollRecord[] = [{ cause: input.cause, character: l.name, explain: r.explain, result: r }];
    // ch.11: a natural 1 on a Challenge calls an integrity check on one equipped item.
    let integrity: { item: (typeof items)[number] | undefined; breaks: boolean; explain: string } | null = null;
    if (r.integrityCheckDue) {
      const pick = input.integritySlot
        ? { slot: input.integritySlot, explain: "the Judge's pick" }
        : integrityTarget(dice, items, null, rules, `${input.cause}: which item`);
      const item = items.find((i) => i.slot === pick.slot);
      const check = item ? integrityCheck(dice, item, `${input.cause}: integrity of ${item.name}`) : null;
      integrity = {
        item,
        breaks: !!check?.breaks,
        explain: check ? `a natural 1: ${check.explain}, on ${pick.explain}` : `a natural 1, but ${pick.explain}`,
      };
      records.push({
        cause: `${input.cause}: integrity check on a natural 1`,
        character: l.name,
        explain: integrity.explain,
        result: check,
      });
    }
    return { value: { c, integrity }, records };
  });
  const { c } = value;
  if (omens.length) spendInnOmens(ps, l.id);
  let tail = '';
  if (value.integrity) {
    tail = `; ${value.integrity.explain}`;
    if (value.integrity.breaks && value.integrity.item) {
      // ch.11: the broken item leaves its slot for the inventory, where the Smith repairs it.
      const row = ps.byId('item', value.integrity.item.id);
      const out = row ? breakOutOfSlot(ps, row) : null;
      tail += `: ${value.integrity.item.name} ${out ? `${out.explain.replace(/^it /, '')}; it ` : ''}confers no effect and counts toward no synchronicity until the Smith repairs it`;
    }
  }
  if (c.dropped) {
    ps.update('lichslayer', l.id, { sanity: c.sanity });
    const dive = diveActor(ps);
    const floor = dive.getSnapshot().context.floor;
    if (input.sanity === 'tombs' && floor !== null) {
      dive.send({ type: 'SANITY_BREAK', floor });
      writeSetting(ps, 'machine:dive', dive.getPersistedSnapshot());
    }
  }
  return { passed: c.passed, explain: `${c.explain}${tail}`, result: c.result };
}

/** A Sanity Challenge rolled for a Lichslayer (ch.8): see lichslayerChallenge. */
export function sanityChallenge(
  ps: PlaySession,
  command: string,
  input: { lichslayerId: number; target: number; cause: string; where: Where },
): { passed: boolean; explain: string; result: ChallengeResult | null } {
  return lichslayerChallenge(ps, command, {
    lichslayerId: input.lichslayerId,
    target: input.target,
    cause: input.cause,
    sanity: input.where,
  });
}

/** ch.11: another player character at 0 Health on the floor shakes everyone else there (target: house rule, the book gives none). */
export function allyAtZero(
  ps: PlaySession,
  fallen: number,
  present: readonly number[],
  notices: string[],
  command = 'phase.send',
): void {
  const name = lichslayer(ps, fallen)?.name ?? 'A Lichslayer';
  const t = sanityTarget('ally-at-zero', readHouseRules(ps));
  for (const id of present) {
    if (id === fallen) continue;
    notices.push(
      sanityChallenge(ps, command, {
        lichslayerId: id,
        target: t.target,
        cause: `${name} reached 0 Health (ch.11; target ${t.source})`,
        where: 'tombs',
      }).explain,
    );
  }
}

/**
 * The end of a round on a floor (ch.8, ch.11, ch.12): a round spent adjacent to the Lich (18) or its
 * Phylactery (18), or to another Colourless entity (house rule target), calls a Sanity Challenge; the
 * Lich on the stack picks one character each round for a target-18 challenge.
 */
export function roundEndSanity(ps: PlaySession, stackIds: readonly number[], notices: string[]): void {
  const rules = readHouseRules(ps);
  const onStack = new Set(stackIds);
  const all = allTokens(ps);
  const tokens = all.filter((t) => onStack.has(t.id) && onBoard(t));
  const party = tokens.filter((t) => t.kind === 'lichslayer' && t.lichslayerId !== null);
  const near = (a: TokenView, b: TokenView) =>
    isNear({ floor: a.floor!, x: a.x!, y: a.y! }, { floor: b.floor!, x: b.x!, y: b.y! }, rules);
  const lichNear = tokens.filter((t) => t.stats.lich);
  // The Phylactery is not on the stack (it takes no turns), but it is felt all the same (ch.8).
  const phylacteries = all.filter(
    (t) => t.kind === 'phylactery' && onBoard(t) && party.some((p) => p.floor === t.floor),
  );
  const colourless = tokens.filter((t) => t.kind === 'entity' && t.colour === 'Colourless' && !t.stats.lich);
  for (const p of party) {
    const lich = lichNear.find((e) => near(p, e));
    if (lich) {
      const t = sanityTarget('lich-adjacency', rules);
      notices.push(
        sanityChallenge(ps, 'phase.nextTurn', {
          lichslayerId: p.lichslayerId!,
          target: t.target,
          cause: `A round beside the Lich (${t.source})`,
          where: 'tombs',
        }).explain,
      );
    }
    const phylactery = phylacteries.find((e) => near(p, e));
    if (phylactery) {
      const t = sanityTarget('phylactery-adjacency', rules);
      notices.push(
        sanityChallenge(ps, 'phase.nextTurn', {
          lichslayerId: p.lichslayerId!,
          target: t.target,
          cause: `A round beside the Phylactery (${t.source})`,
          where: 'tombs',
        }).explain,
      );
    }
    const other = colourless.find((e) => near(p, e));
    if (other) {
      const t = sanityTarget('colourless-adjacency', rules);
      notices.push(
        sanityChallenge(ps, 'phase.nextTurn', {
          lichslayerId: p.lichslayerId!,
          target: t.target,
          cause: `A round beside ${other.name}, Colourless (ch.11; target ${t.source})`,
          where: 'tombs',
        }).explain,
      );
    }
  }
  const lich = tokens.find((t) => t.stats.lich);
  if (lich && party.length) {
    const pick = ps.roll('phase.nextTurn', ({ dice }) => {
      const roll = dice.die(party.length, "The Lich's Attention picks a character (ch.12)");
      const chosen = party[roll.natural - 1]!;
      return {
        value: chosen,
        records: [
          {
            cause: "The Lich's Attention picks a character (ch.12)",
            character: chosen.name,
            explain: `1d${party.length} = ${roll.natural}: ${chosen.name} (the Lich's choice, left to a die)`,
            result: roll,
          },
        ],
      };
    });
    const t = sanityTarget('lich-attention', rules);
    notices.push(
      sanityChallenge(ps, 'phase.nextTurn', {
        lichslayerId: pick.lichslayerId!,
        target: t.target,
        cause: `The Lich's Attention (${t.source})`,
        where: 'tombs',
      }).explain,
    );
  }
}

/**
 * ch.16: each round a character at Lost spends in the Town during the manifestation, the Judge
 * rolls 1d6 openly; on a 6 the character passes a target-18 Sanity Challenge or is turned.
 * Returns the ids of the newly turned.
 */
export function communion(ps: PlaySession, present: readonly number[], notices: string[]): number[] {
  const turned: number[] = [];
  for (const id of present) {
    const l = lichslayer(ps, id);
    if (!l || l.sanity !== 'lost') continue;
    const cause = `The Lich attempts communion with ${l.name} (ch.16)`;
    const face = ps.roll('phase.nextTurn', ({ dice }) => {
      const roll = dice.die(6, cause);
      return {
        value: roll.natural,
        records: [
          {
            cause,
            character: l.name,
            explain: `1d6 = ${roll.natural}${roll.natural === 6 ? ': a Sanity Challenge, target 18' : ': no communion'}`,
            result: roll,
            public: true,
          },
        ],
      };
    });
    if (face !== 6) {
      notices.push(`${cause}: 1d6 = ${face}, nothing`);
      continue;
    }
    const r = sanityChallenge(ps, 'phase.nextTurn', {
      lichslayerId: id,
      target: sanityTarget('communion', readHouseRules(ps)).target,
      cause,
      where: 'town',
    });
    if (r.passed) notices.push(r.explain);
    else {
      turned.push(id);
      notices.push(`${l.name} is turned: a Zombie acting for the Lich (ch.16)`);
    }
  }
  return turned;
}

/** ch.12, ch.16: a Lich at 0 revives at the start of the next round at half Health while its Phylactery stands. */
export function reviveLich(ps: PlaySession, phylacteryDestroyed: boolean, notices: string[]): void {
  for (const t of allTokens(ps)) {
    if (!t.stats.lich || (!t.defeated && (t.health ?? 1) > 0)) continue;
    const r = lichAtZero(t.maxHealth ?? 0, phylacteryDestroyed);
    if (r.revives) ps.update('token', t.id, { defeated: 0, health: r.health });
    notices.push(r.explain);
  }
}

/** ch.16: the manifested Lich attacks the character holding the most gold; ties are the Judge's call. */
export function lichTargetNotice(ps: PlaySession, present: readonly number[]): string {
  const rows = present.map((id) => lichslayer(ps, id)).filter((l): l is LichslayerRow => !!l);
  if (!rows.length) return 'The Lich has no one left to strike';
  const targets = lichTarget(rows);
  return `The Lich's turn: it strikes ${targets.length > 1 ? `${targets.map((t) => t.name).join(' or ')} (tied on ${targets[0]!.gold} gold: the Judge picks)` : `${targets[0]!.name}, holding the most gold (${targets[0]!.gold})`}, and casts ${lichSpell(ps, 'The Lich’s free spell')} (ch.16)`;
}

/**
 * The free Lich's Magic spell of the Lich or its Phylactery (ch.10, ch.16): rolled on the campaign's
 * Lich's Magic table and logged; "one Lich's Magic spell" when the Judge has no such table.
 */
export function lichSpell(ps: PlaySession, cause: string): string {
  if (!ps.tables.defs.has('spells-lich')) return "one Lich's Magic spell, free";
  return ps.roll('phase.nextTurn', ({ dice, tables, drawn }) => {
    const node = rollOnTable({ dice, tables, drawn, cause }, 'spells-lich');
    return {
      value: `${node.label}, free (rolled on Lich's Magic; the roll is in the ledger)`,
      records: [{ cause: `${cause} (ch.16)`, table: 'spells-lich', explain: node.explain, result: node }],
    };
  });
}
