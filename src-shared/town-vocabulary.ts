// The Town's words (rulebook ch.4-7, ch.17) without the schema of its state: the renderer imports
// these, so its bundle carries no validation library.
export const RETAINER_GRADE_NAMES = ['common', 'skilled', 'exceptional'] as const;
export const LOYALTY_STATES = ['wary', 'standard', 'devoted'] as const;
/** The six colours of the Smith's disposition (ch.4): Colourless and All-Color have no standing. */
export const SMITH_COLOURS = ['Red', 'Blue', 'Green', 'Purple', 'Black', 'Orange'] as const;
export const INSCRIPTION_IDS = [
  'unbound-sign',
  'givers-mark',
  'elemental-sigil',
  'celestial-mark',
  'forest-sigil',
  'lich-crown',
] as const;
