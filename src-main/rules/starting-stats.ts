// Starting Gauntlet values (ch.1, ch.4). The book names the stats but omits their numbers;
// RULINGS.md sets these defaults, which a campaign's house rules may override.
export const STARTING_STATS = {
  level: 1,
  health: 36, // ch.1: Health base 36
  armor: 6, // ch.1: Armor base 6
  power: 6, // RULINGS: Power 6
  speed: 6, // RULINGS: Speed 6
  sanity: 'whole', // ch.1: Sanity starts Whole
  gold: 0,
} as const;
