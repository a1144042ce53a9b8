// Starting Gauntlet values (ch.1, ch.4). The book names the stats but omits some numbers;
// the house rules carry them (RULINGS defaults: Power 6, Speed 6, Health 36, Armor 6; 324 gold).
import type { HouseRules } from '@shared/house-rules.ts';

export function startingGauntlet(rules: HouseRules) {
  return {
    level: 1, // ch.1 step 2: set Level to 1
    health: rules.startingStats.health,
    maxHealth: rules.startingStats.health,
    armor: rules.startingStats.armor,
    maxArmor: rules.startingStats.armor,
    power: rules.startingStats.power,
    speed: rules.startingStats.speed,
    sanity: 'whole' as const, // ch.1: Sanity starts Whole
    gold: rules.startingGold, // the book gives none: a house rule (RULINGS, Starting out)
  };
}
