// An item's loot row in one line (ch.13): what the Gauntlet, the inventory and the fight dialogs
// show beside its name.
import type { ItemText } from '@shared/contract.ts';

/** "Common weapon · attack, equip — Attack: 1d6 damage." (and the row's name when the item is called otherwise). */
export function itemTextLine(text: ItemText, heldAs?: string): string {
  const tier = text.tier.charAt(0).toUpperCase() + text.tier.slice(1);
  const row =
    heldAs !== undefined && heldAs.trim().toLowerCase() !== text.row.trim().toLowerCase() ? `${text.row}: ` : '';
  const effect = text.details ? ` — ${text.details}` : '';
  return `${row}${tier} ${text.itemType} · ${text.actions.join(', ') || 'no actions'}${effect}`;
}
