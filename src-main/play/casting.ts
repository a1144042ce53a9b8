// Spells in the round (rulebook ch.15, with ch.13's components and Inscribe, ch.16's turned and
// ch.17's Forest path and the Giver's Recipes): the campaign's spellbook, whether an entrant may cast
// a spell now, paying for it at once, and resolving what is due. The rules are in rules/spell-*.ts;
// these read what they need and write what they decide.
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { SPELL_SCHOOL_LABEL, SPELL_SCHOOLS, type SpellFields, type TableDef, type TableRow } from '@shared/tables.ts';
import { allTokens } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { readTown, today } from '../state/town.ts';
import { equippedOf, slotPlanOf } from '../state/gauntlet.ts';
import { inscriptionsOn } from '../state/spell-inscriptions.ts';
import { currentMagic, lootMagic } from '../rules/gauntlet-derived.ts';
import { checkCast, type CastCheck } from '../rules/spell-cast.ts';
import type { Caster, CastOptions, CasterItem } from '../rules/spell-caster.ts';
import { castingMagic, holdsBlueLoot, magicAtResolution, resolveSpell } from '../rules/spell-magic.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import type { Casting } from '../machines/combat-round.ts';
import { CommandFailure } from '../state/failures.ts';
import { skillMagic } from './skills/skill-facts.ts';
import { requireLichslayer, type LichslayerRow } from '../state/lichslayer.ts';
import { dropSanity } from '../rules/sanity.ts';
import type { SanityLevel } from '@shared/gauntlet.ts';
import { conduitsOf, fixConduitSpell, holdsForestLoot } from './school-access.ts';
import { asHers } from './skills/oneness.ts';
import { isLichBody, onenessOf } from './oneness-state.ts';

/** A Lichslayer as a caster: gold, Health, equipped items with their entries, inventory, Magic as it stands now (ch.4, ch.13). */
export function casterOf(
  ps: PlayReader,
  lichslayerId: number,
  turned: readonly number[] = [],
): Caster & {
  items: (CasterItem & { id: number; notes: string })[];
  magic: number;
  lootMagic: number;
  statPoints: number;
} {
  const l = requireLichslayer(ps, lichslayerId);
  const items = equippedOf(ps, l).map((i) => ({
    id: i.id,
    slot: i.slot,
    name: i.name,
    colour: i.colour,
    broken: i.broken,
    notes: i.notes,
    details: i.entry?.details ?? '',
    lootSlot: i.lootSlot,
    flora: i.flora,
    ...(i.entry ? { type: i.entry.fields.itemType } : {}),
  }));
  const inventory = ps
    .all('inventory')
    .filter((st) => st.lichslayer_id === lichslayerId)
    .map((st) => ({ name: st.name, count: st.count }));
  const feedings = readTown(ps).forest.feedings[String(l.id)] ?? 0;
  return {
    name: l.name,
    gold: l.gold,
    health: l.health,
    sanity: l.sanity,
    items,
    inventory,
    turned: turned.includes(l.id),
    inhabitsLich: inhabitsLich(ps, l),
    giverAccess: { feedings, medicineBay: slotPlanOf(ps, l).medicine.length > 0 },
    forestLoot: holdsForestLoot(ps, items, inventory),
    conduits: conduitsOf(ps, l.id),
    magic: currentMagic(l.gold, items, l.magic_bonus, skillMagic(ps, l.id)).value,
    lootMagic: lootMagic(items).value,
    statPoints: l.magic_bonus,
  };
}

/** ch.2, ch.16: her Oneness in the Lich or its Phylactery gains its spells. */
function inhabitsLich(ps: PlayReader, l: LichslayerRow): boolean {
  if (l.inhabits === null) return false;
  const body = onenessOf(ps, l.id)?.body;
  return !!body && isLichBody(body);
}

/** A Lichslayer's Magic as it stands now. */
export const lichslayerMagic = (ps: PlayReader, lichslayerId: number): number => casterOf(ps, lichslayerId).magic;

export interface SpellRef {
  table: TableDef;
  row: number;
  label: string;
  details: string;
  fields: SpellFields;
  rollOn: TableRow['rollOn'];
}

/** Every spell in the campaign's spell tables, school by school. */
export function spellbook(ps: PlayReader): SpellRef[] {
  const out: SpellRef[] = [];
  for (const def of ps.tables.ofCategory('spell')) {
    def.rows.forEach((r, i) => {
      if (r.spell)
        out.push({ table: def, row: i, label: r.label, details: r.details, fields: r.spell, rollOn: r.rollOn });
    });
  }
  return out.sort(
    (a, b) =>
      SPELL_SCHOOLS.indexOf(a.fields.school) - SPELL_SCHOOLS.indexOf(b.fields.school) ||
      a.table.key.localeCompare(b.table.key) ||
      a.row - b.row,
  );
}

export function findSpell(ps: PlayReader, table: string, row: number): SpellRef {
  const hit = spellbook(ps).find((s) => s.table.key === table && s.row === row);
  if (!hit) throw new CommandFailure('not-found', `There is no spell at row ${row + 1} of “${table}”.`);
  return hit;
}

export interface CastVerdict {
  ok: boolean;
  cost: number;
  why: string;
  /** The rule's full answer for a Lichslayer (what the cast spends, what it still needs chosen). */
  check: CastCheck | null;
}

/**
 * Whether an entrant may cast a spell now. A Lichslayer pays, wears and carries what the spell
 * needs (ch.15, ch.17); the Judge's entities cast without a Gauntlet to check.
 */
export function castVerdict(
  ps: PlayReader,
  token: TokenView,
  spell: SpellRef,
  when: { current: number | null; turned: readonly number[] },
  options: CastOptions = {},
): CastVerdict {
  if (badRoll(spell))
    return {
      ok: false,
      cost: 0,
      why: `${spell.label}'s roll “${spell.fields.roll}” is not a dice expression: fix it in “${spell.table.name}”`,
      check: null,
    };
  const response = spell.fields.castingTime === 'response';
  if (response && token.id === when.current)
    return { ok: false, cost: 0, why: 'A Response is cast outside the caster’s own turn (ch.15)', check: null };
  if (!response && token.id !== when.current)
    return {
      ok: false,
      cost: 0,
      why: `Only on ${token.name}’s own turn; outside it, only a Response (ch.15)`,
      check: null,
    };
  if (token.lichslayerId === null) return { ok: true, cost: 0, why: `${spell.label}: cast by the Judge`, check: null };
  const caster = casterOf(ps, token.lichslayerId, when.turned);
  const check = checkCast({ label: spell.label, fields: spell.fields }, caster, readHouseRules(ps), options, today(ps));
  return check.ok
    ? { ok: true, cost: check.cost, why: check.explain, check }
    : { ok: false, cost: check.cost, why: check.refusals.join('; '), check };
}

function badRoll(spell: SpellRef): boolean {
  if (!spell.fields.roll) return false;
  try {
    parseDice(spell.fields.roll);
    return false;
  } catch {
    return true;
  }
}

/**
 * Pays for a cast at once (ch.15: the gold leaves the Gauntlet immediately; ch.17: Health for a
 * Recipe; ch.4, ch.13, ch.17: the components, recipes and Flora spent), and returns what the spell
 * is cast at: the caster's Magic at the time of casting, before or after its gold leaves (house rule).
 */
export function payForCast(
  ps: PlaySession,
  token: TokenView,
  verdict: CastVerdict,
  spellLabel: string,
): Casting['basis'] {
  if (token.lichslayerId === null || !verdict.check) return undefined;
  const check = verdict.check;
  const l = requireLichslayer(ps, token.lichslayerId);
  const items: (CasterItem & { id: number; notes: string })[] = casterOf(ps, l.id).items;
  // ch.15: the Magic at the time of casting, from the Gauntlet as it stood when the spell was cast.
  const magic = castingMagic(
    {
      gold: l.gold,
      cost: check.cost,
      statPoints: l.magic_bonus,
      lootMagic: lootMagic(items).value,
      floraMagic: check.floraMagic,
      // ch.15 reads the caster's current Magic, the Gauntlet's figure: Investiture's +1 is part of it (ch.2).
      skillMagic: skillMagic(ps, l.id).reduce((a, m) => a + m.value, 0),
    },
    readHouseRules(ps),
  ).value;
  const patch: { gold?: number; health?: number; sanity?: SanityLevel } = {};
  if (check.cost) patch.gold = l.gold - check.cost;
  if (check.healthCost) patch.health = l.health - check.healthCost;
  // ch.17: the Witch's learned spell costs one Sanity level.
  if (check.sanityCost) patch.sanity = dropSanity(l.sanity, check.sanityCost);
  if (Object.keys(patch).length) ps.update('lichslayer', l.id, patch);
  // ch.2: the first cast through an Identified conduit names the one spell it opens.
  if (check.access?.open && !check.access.ways.some((w) => w !== 'identify'))
    fixConduitSpell(ps, l.id, check.access.school, spellLabel);
  for (const s of check.spend) {
    if (s.item.id === undefined) continue;
    if (s.after.removed) ps.delete('item', s.item.id);
    else ps.update('item', s.item.id, { notes: s.after.notes });
  }
  return check.forestMagic !== null
    ? { magic: check.forestMagic, lootMagic: 0, fixed: true, times: check.times }
    : {
        magic,
        lootMagic: lootMagic(items.filter((i) => !check.spend.some((s) => s.item.id === i.id && s.after.removed)))
          .value,
        fixed: false,
        times: check.times,
      };
}

/** Resolves every casting whose moment has come, at the Magic it was cast at, moved only by loot since (ch.15). */
export function resolveDue(ps: PlaySession, due: readonly Casting[], notices: string[]): void {
  if (!due.length) return;
  const tokens = new Map(allTokens(ps).map((t) => [t.id, t]));
  const book = spellbook(ps);
  for (const c of due) {
    const body = tokens.get(c.caster);
    // ch.2: cast through a body she inhabited, it resolves as hers, even after Oneness has ended.
    const witch = body && c.by !== undefined ? ps.byId('lichslayer', c.by) : undefined;
    const token = body && witch ? asHers(body, witch) : body;
    const spell = book.find((s) => s.table.key === c.table && s.row === c.row && s.label === c.label);
    if (!token) {
      notices.push(`${c.label} fizzles: its caster is gone`);
      continue;
    }
    if (!spell) {
      notices.push(`${c.label} (${token.name}) fizzles: the spell is no longer in its table`);
      continue;
    }
    if (badRoll(spell)) {
      notices.push(
        `${c.label} (${token.name}) fizzles: its roll “${spell.fields.roll}” is no longer a dice expression`,
      );
      continue;
    }
    let magic = token.stats.magic ?? 0;
    let holdsBlue = false;
    let magicNote = '';
    if (token.lichslayerId !== null) {
      const caster = casterOf(ps, token.lichslayerId);
      const at = c.basis ? magicAtResolution(c.basis, caster.lootMagic) : { value: caster.magic, explain: '' };
      magic = at.value;
      magicNote = at.explain;
      holdsBlue = holdsBlueLoot(caster.items);
    }
    const cause = `Spell: ${spell.label} by ${token.name} (${SPELL_SCHOOL_LABEL[spell.fields.school]})`;
    const value = ps.roll('phase.cast', ({ dice }) => {
      const r = resolveSpell(dice, {
        label: spell.label,
        fields: spell.fields,
        caster: token.name,
        magic,
        holdsBlue,
        cause,
        times: c.basis?.times ?? 1,
      });
      const explain = magicNote && spell.fields.addsMagic ? `${r.explain}; ${magicNote}` : r.explain;
      return {
        value: { ...r, explain },
        records: [{ cause, table: spell.table.key, character: token.name, explain, result: r }],
      };
    });
    const inscribed =
      token.lichslayerId !== null
        ? inscriptionsOn(ps, token.lichslayerId, { table: spell.table.key, row: spell.row, label: spell.label })
        : [];
    notices.push(
      `${value.explain}${spell.details ? ` — ${spell.details}` : ''}${inscribed.length ? ` (${inscribed.map((i) => i.line).join('; ')}, ch.13)` : ''}`,
    );
    // A spell that calls on a table (ch.15's spirit tables) rolls on it as it resolves.
    if (spell.rollOn) notices.push(rollLinked(ps, spell, token.name));
  }
}

function rollLinked(ps: PlaySession, spell: SpellRef, caster: string): string {
  const key = spell.rollOn!.table;
  if (!ps.tables.defs.has(key)) return `${spell.label} calls on the table “${key}”, which this campaign does not have`;
  return ps.roll('phase.cast', ({ dice, tables, drawn }) => {
    const cause = `${spell.label} by ${caster}`;
    const nodes = Array.from({ length: spell.rollOn!.times }, () =>
      rollOnTable({ dice, tables, drawn, cause }, key, {
        extra: spell.rollOn!.modifier ? [{ source: spell.label, value: spell.rollOn!.modifier }] : [],
      }),
    );
    return {
      value: `${spell.label}: ${nodes.map((n) => `${n.explain}${n.details ? ` — ${n.details}` : ''}`).join('; ')}`,
      records: nodes.map((node) => ({ cause: `${cause} (ch.15)`, table: key, explain: node.explain, result: node })),
    };
  });
}
