// The five fates of loot (rulebook ch.13): hold, consume, component, merge, channel; the Inscribe
// and Influence actions of the closed action list; and an item's state as it moves between a slot
// and the inventory. Pure checks over an item's loot-table entry; the app applies what they allow.
import type { Colour } from '@shared/gauntlet.ts';
import type { LootFields } from '@shared/tables.ts';
import type { InfluenceDie } from './loot-roll.ts';
import type { HouseRules } from '@shared/house-rules.ts';

export interface LootItem {
  name: string;
  colour: Colour;
  notes: string;
  /** The item's entry on a loot table, if it has one: its type and actions decide its fates. */
  entry: { fields: LootFields; details: string } | null;
}

export type FateVerdict = { ok: true; explain: string } | { ok: false; reason: string };

const unknown = (item: LootItem): FateVerdict => ({
  ok: false,
  reason: `${item.name} is on no loot table, so its actions are unknown (ch.13): give it a row on a loot table first`,
});

/** ch.13: only the Jeweled Scroll takes more than one gem. */
export const MULTI_SOCKET = 'Jeweled Scroll';
const MERGED = /^Merged: /m;

export function canConsume(item: LootItem): FateVerdict {
  if (!item.entry) return unknown(item);
  if (!item.entry.fields.actions.includes('consume'))
    return { ok: false, reason: `${item.name} has no Consume action (ch.13)` };
  return { ok: true, explain: `${item.name} is used up for its effect (ch.13)` };
}

/** ch.13: Channel burns an item into a buff until the dive ends; outside a dive only by house rule. */
export function canChannel(item: LootItem, inDive: boolean, outsideDive = false): FateVerdict {
  if (!item.entry) return unknown(item);
  if (!item.entry.fields.actions.includes('channel'))
    return { ok: false, reason: `${item.name} has no Channel action (ch.13)` };
  if (!inDive && !outsideDive)
    return {
      ok: false,
      reason:
        'Channel buffs last only until the dive ends: channel in the Tombs (ch.13; house rule channelOutsideDive is off)',
    };
  if (!inDive)
    return {
      ok: true,
      explain: `${item.name} burns into a buff until the next dive ends; its slot is free (ch.13; house rule: channelled outside a dive)`,
    };
  return { ok: true, explain: `${item.name} burns into a buff until the dive ends; its slot is free (ch.13)` };
}

/** ch.13: a gem merges into socketed jewelry (or an inscribable scroll); one socket each, save the Jeweled Scroll. */
export function canMerge(gem: LootItem, host: LootItem): FateVerdict {
  if (!gem.entry) return unknown(gem);
  if (gem.entry.fields.itemType !== 'gem')
    return { ok: false, reason: `Only a gem merges, and ${gem.name} is a ${gem.entry.fields.itemType} (ch.13)` };
  if (!host.entry) return unknown(host);
  const socketed =
    host.entry.fields.itemType === 'jewelry' ||
    (host.entry.fields.itemType === 'scroll' && host.entry.fields.actions.includes('inscribe'));
  if (!socketed)
    return {
      ok: false,
      reason: `${host.name} has no socket: gems merge into jewelry or an inscribable scroll (ch.13)`,
    };
  if (MERGED.test(host.notes) && host.name.trim().toLowerCase() !== MULTI_SOCKET.toLowerCase()) {
    return { ok: false, reason: `${host.name} already holds a gem: jewelry carries exactly one socket (ch.13)` };
  }
  return {
    ok: true,
    explain: `${gem.name} merges into ${host.name} for good; ${host.name} now counts as ${gem.colour} (ch.13)`,
  };
}

/** The host after a merge: the gem's colour overrides the host's, its effect written onto it. */
export function merged(host: LootItem, gem: LootItem): { colour: Colour; notes: string } {
  const line = `Merged: ${gem.name} (${gem.colour})${gem.entry?.details ? ` — ${gem.entry.details}` : ''}`;
  return { colour: gem.colour, notes: (host.notes ? `${host.notes}\n` : '') + line };
}

export type ComponentChoice = 'all-at-once' | 'singly';

/**
 * The ×N of a component's effect (ch.13), 1 when it has none. "Stackable ×N" is how many fit in a
 * stack (ch.17's Stones), not a multiplier, so it is not read here.
 */
export function componentTimes(text: string): number {
  const m = /(?<!Stackable\s*)×\s*(\d+)/i.exec(text);
  return m ? Math.max(1, Number(m[1])) : 1;
}

/** The choice already written on an item, if any (made once, ch.13). */
export function choiceMade(notes: string): ComponentChoice | null {
  const m = /^Component choice: (all|singly)/m.exec(notes);
  return m ? (m[1] === 'all' ? 'all-at-once' : 'singly') : null;
}

/** The line written on an item when its ×N choice is made. */
export function choiceLine(choice: ComponentChoice, times: number, day: number): string {
  return `Component choice: ${choice === 'all-at-once' ? `all ${times} at once` : `singly, up to ${times} times`} (day ${day})`;
}

/** ch.13: a ×N component's choice (all N at once, or singly up to N times) is made once. Gems are components too (ch.17's Stones). */
export function componentChoice(item: LootItem, choice: ComponentChoice): FateVerdict & { times?: number } {
  if (!item.entry) return unknown(item);
  if (item.entry.fields.itemType !== 'component' && item.entry.fields.itemType !== 'gem')
    return { ok: false, reason: `${item.name} is not a component (ch.13)` };
  if (choiceMade(item.notes))
    return {
      ok: false,
      reason: `${item.name}'s component choice is already made and cannot be split afterwards (ch.13)`,
    };
  const n = componentTimes(item.entry.details);
  if (n < 2)
    return {
      ok: false,
      reason: `${item.name} carries no ×N, so there is nothing to choose: a casting spends it (ch.13)`,
    };
  return {
    ok: true,
    times: n,
    explain:
      choice === 'all-at-once'
        ? `${item.name}: all ${n} released in one casting (ch.13)`
        : `${item.name}: cast singly, up to ${n} times, then consumed (ch.13)`,
  };
}

// ---- an item's state between a slot and the inventory (ch.11, ch.13) ----

/** What an item carries beyond its name: colour (a merged gem's or the Smith's), broken, notes (merges, ×N choices). */
export interface ItemState {
  colour: Colour;
  broken: boolean;
  notes: string;
}

/** The state as an inventory stack stores it: no colour of its own means "as its loot entry says". */
export interface StoredState {
  colour: Colour | null;
  broken: boolean;
  notes: string;
}

/** An item as it comes off its loot entry: the entry's colour and effect text, intact. */
export function pristine(entry: LootItem['entry']): ItemState {
  return { colour: entry?.fields.colour ?? 'Colourless', broken: false, notes: entry?.details ?? '' };
}

/**
 * The state an item is put away in: exactly as it was, so it comes back the same (a broken item
 * stays broken until the Smith repairs it, ch.11; a merge is permanent, ch.13; a ×N choice is made
 * once, ch.13). An item as its entry made it is stored plainly, so it stacks with its fellows.
 */
export function stateToStore(item: ItemState, entry: LootItem['entry']): StoredState {
  const fresh = pristine(entry);
  if (item.colour === fresh.colour && item.notes === fresh.notes)
    return { colour: null, broken: item.broken, notes: '' };
  return { colour: item.colour, broken: item.broken, notes: item.notes };
}

/** The state an item from a stack is held in: the stack's own, or its entry's when it has none. */
export function stateToHold(stored: StoredState, entry: LootItem['entry']): ItemState {
  if (stored.colour !== null) return { colour: stored.colour, broken: stored.broken, notes: stored.notes };
  const fresh = pristine(entry);
  return { colour: fresh.colour, broken: stored.broken, notes: stored.notes === '' ? fresh.notes : stored.notes };
}

// ---- Inscribe and Influence (ch.13's closed action list) ----

const INSCRIBED = (source: string) =>
  new RegExp(`^Inscribed: ${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: —|$)`, 'mi');

/** ch.13: Inscribe applies an item's effect to another item or spell; neither is destroyed. */
export function canInscribe(
  source: LootItem,
  target: { name: string; notes: string; kind: 'item' | 'spell' },
): FateVerdict {
  if (!source.entry) return unknown(source);
  if (!source.entry.fields.actions.includes('inscribe'))
    return { ok: false, reason: `${source.name} has no Inscribe action (ch.13)` };
  if (source.name.trim().toLowerCase() === target.name.trim().toLowerCase() && target.kind === 'item')
    return { ok: false, reason: 'An item cannot inscribe itself (ch.13)' };
  if (INSCRIBED(source.name).test(target.notes))
    return { ok: false, reason: `${target.name} already bears ${source.name}'s inscription (ch.13)` };
  return { ok: true, explain: `${source.name}'s effect is inscribed on ${target.name}; neither is destroyed (ch.13)` };
}

/** The line an inscription writes on its target. */
export function inscriptionLine(source: LootItem): string {
  return `Inscribed: ${source.name}${source.entry?.details ? ` — ${source.entry.details}` : ''}`;
}

/**
 * ch.13: an item with the Influence action adds its roll to any roll; ch.1: "add any Influence
 * dice held" to a loot roll. The roll is the first "NdS" in the item's effect text (a d6 when the
 * text names none); a broken item confers nothing (ch.11).
 */
export function influenceDice(
  items: readonly { name: string; broken: boolean; entry: LootItem['entry'] }[],
): InfluenceDie[] {
  return items.flatMap((i) => {
    if (i.broken || !i.entry?.fields.actions.includes('influence')) return [];
    const m = /\b(\d*)d(\d+)\b/i.exec(i.entry.details);
    const count = m ? Math.min(10, Math.max(1, Number(m[1] || 1))) : 1;
    const sides = m ? Math.min(100, Math.max(2, Number(m[2]))) : 6;
    return Array.from({ length: count }, () => ({ source: i.name, sides }));
  });
}

/**
 * The Influence dice an attack or a Challenge takes (ch.1: they "may be added to any roll"; ch.13:
 * "loot, gold, attack, or challenge"): the holder's, when they add them, or always under the
 * house rule's other reading. Asked for with none held, the roll is refused rather than made bare.
 */
export function influenceForRoll(
  held: readonly InfluenceDie[],
  asked: boolean,
  who: string,
  rules: Pick<HouseRules, 'influenceOnRolls'>,
): { dice: readonly InfluenceDie[] } | { refused: string } {
  if (asked && !held.length)
    return {
      refused: `${who} holds no unbroken item with the Influence action equipped: there is no Influence die to add (ch.13)`,
    };
  return { dice: asked || rules.influenceOnRolls === 'every-roll' ? held : [] };
}

/**
 * ch.12: "most Lich-coded loot is useless" against the Phylactery. Beyond the Colourless damage its
 * immunity stops, the house rule reads the Colourless items held as the Lich-coded loot: their
 * Influence dice add nothing to an attack on it (loot that does not act on it, Armor or a ward, is
 * the rest of "most"). The dice kept, and the items found useless.
 */
export function influenceAgainstPhylactery(
  dice: readonly InfluenceDie[],
  colourOf: (source: string) => Colour | null,
  rules: Pick<HouseRules, 'lichCodedVsPhylactery'>,
): { dice: readonly InfluenceDie[]; useless: string[] } {
  if (rules.lichCodedVsPhylactery !== 'colourless-loot') return { dice, useless: [] };
  const lichCoded = (d: InfluenceDie) => colourOf(d.source) === 'Colourless';
  return {
    dice: dice.filter((d) => !lichCoded(d)),
    useless: [...new Set(dice.filter(lichCoded).map((d) => d.source))],
  };
}
