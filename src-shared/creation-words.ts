// The order a Lichslayer's creation rolls its dice (ch.1), worded once for the wizard and the ask on
// a player's screen; main's creation rolls them in exactly this order.

/** "loot 1: d100; loot 2: d100 then its d6; …; six d6 for the stat points; the class d8". */
export function creationFaceOrder(influence: readonly number[]): string {
  return [
    ...[0, 1, 2].map((i) => `loot ${i + 1}: d100${influence[i] ? ` then its d${influence[i]}` : ''}`),
    'six d6 for the stat points',
    'the class d8',
  ].join('; ');
}
