// The five fates of loot (rulebook ch.13): hold, consume, component, merge, channel. Pure checks
// over an item's loot-table entry; the app applies what they allow.
import type { Colour } from '@shared/gauntlet.ts';
import type { LootFields } from '@shared/tables.ts';

export const FATES = ['hold', 'consume', 'component', 'merge', 'channel'] as const;
export type Fate = (typeof FATES)[number];

export interface LootItem {
  name: string;
  colour: Colour;
  notes: string;
  /** The item's entry on a loot table, if it has one: its type and actions decide its fates. */
  entry: { fields: LootFields; details: string } | null;
}

export type FateVerdict = { ok: true; explain: string } | { ok: false; reason: string };

const unknown = (item: LootItem): FateVerdict => ({ ok: false, reason: `${item.name} is on no loot table, so its actions are unknown (ch.13): give it a row on a loot table first` });

/** ch.13: only the Jeweled Scroll takes more than one gem. */
export const MULTI_SOCKET = 'Jeweled Scroll';
const MERGED = /^Merged: /m;

export function canConsume(item: LootItem): FateVerdict {
  if (!item.entry) return unknown(item);
  if (!item.entry.fields.actions.includes('consume')) return { ok: false, reason: `${item.name} has no Consume action (ch.13)` };
  return { ok: true, explain: `${item.name} is used up for its effect (ch.13)` };
}

export function canChannel(item: LootItem, inDive: boolean): FateVerdict {
  if (!item.entry) return unknown(item);
  if (!item.entry.fields.actions.includes('channel')) return { ok: false, reason: `${item.name} has no Channel action (ch.13)` };
  if (!inDive) return { ok: false, reason: 'Channel buffs last only until the dive ends: channel in the Tombs (ch.13)' };
  return { ok: true, explain: `${item.name} burns into a buff until the dive ends; its slot is free (ch.13)` };
}

/** ch.13: a gem merges into socketed jewelry (or an inscribable scroll); one socket each, save the Jeweled Scroll. */
export function canMerge(gem: LootItem, host: LootItem): FateVerdict {
  if (!gem.entry) return unknown(gem);
  if (gem.entry.fields.itemType !== 'gem') return { ok: false, reason: `Only a gem merges, and ${gem.name} is a ${gem.entry.fields.itemType} (ch.13)` };
  if (!host.entry) return unknown(host);
  const socketed = host.entry.fields.itemType === 'jewelry' || (host.entry.fields.itemType === 'scroll' && host.entry.fields.actions.includes('inscribe'));
  if (!socketed) return { ok: false, reason: `${host.name} has no socket: gems merge into jewelry or an inscribable scroll (ch.13)` };
  if (MERGED.test(host.notes) && host.name.trim().toLowerCase() !== MULTI_SOCKET.toLowerCase()) {
    return { ok: false, reason: `${host.name} already holds a gem: jewelry carries exactly one socket (ch.13)` };
  }
  return { ok: true, explain: `${gem.name} merges into ${host.name} for good; ${host.name} now counts as ${gem.colour} (ch.13)` };
}

/** The host after a merge: the gem's colour overrides the host's, its effect written onto it. */
export function merged(host: LootItem, gem: LootItem): { colour: Colour; notes: string } {
  const line = `Merged: ${gem.name} (${gem.colour})${gem.entry?.details ? ` — ${gem.entry.details}` : ''}`;
  return { colour: gem.colour, notes: (host.notes ? `${host.notes}\n` : '') + line };
}

/** ch.13: a ×N component's choice (all N at once, or singly up to N times) is made once. */
export function componentChoice(item: LootItem, choice: 'all-at-once' | 'singly'): FateVerdict & { times?: number } {
  if (!item.entry) return unknown(item);
  if (item.entry.fields.itemType !== 'component') return { ok: false, reason: `${item.name} is not a component (ch.13)` };
  if (/^Component choice: /m.test(item.notes)) return { ok: false, reason: `${item.name}'s component choice is already made and cannot be split afterwards (ch.13)` };
  const n = Number(/×\s*(\d+)/.exec(`${item.entry.details} ${item.notes}`)?.[1] ?? 1);
  return { ok: true, times: n, explain: choice === 'all-at-once' ? `${item.name}: all ${n} released in one casting (ch.13)` : `${item.name}: cast singly, up to ${n} times, then consumed (ch.13)` };
}
