// House rules' settings: the classes and stat-point kinds they name, the shape of every setting, and
// RULINGS.md's defaults. What each setting means to the Judge lives in house-rules-info.ts.
export const CLASS_NAMES = [
  'The Breaker',
  'The Veteran',
  'The Bandit',
  'The Scholar',
  'The Aristocrat',
  'The Lich Doctor',
  'The Witch',
] as const;
export type ClassName = (typeof CLASS_NAMES)[number];

export const STAT_POINT_KINDS = ['power', 'speed', 'health', 'armor', 'magic', 'choice'] as const;
export type StatPointKind = (typeof STAT_POINT_KINDS)[number];

/** Default level table: level N needs 6 × N × (N − 1) XP (RULINGS). Index 0 is level 1. */
export function defaultLevelTable(levels = 20): number[] {
  return Array.from({ length: levels }, (_, i) => 6 * (i + 1) * i);
}

/** Every house rule's setting (house-rules.ts checks them; the compiler holds the two in step). */
export interface HouseRules {
  /** ch.1 "level d6, all 1s fail" vs ch.11 "roll the die, a 1 fails". */
  challengeDice: 'level-dice' | 'single-die';
  /** Does the extra roll of an exploded die count as a natural face? RULINGS: no. */
  explosionsCountAsNatural: boolean;
  /** A chest holds loot on this d6 face or higher (ch.9 leaves "success" undefined). */
  chestSuccessOn: number;
  startingStats: { power: number; speed: number; health: number; armor: number };
  /** Gold each Lichslayer holds when created (the book gives none, yet the Inn charges from day 1). */
  startingGold: number;
  /** d6 face (index 0 = 1) → what one stat point buys (ch.4 gives no mapping). */
  statPointTable: StatPointKind[];
  /** d8 face (index 0 = 1) → class; 'reroll' rolls again (seven classes on a d8). */
  classTable: (ClassName | 'reroll')[];
  /** XP needed for each level, index 0 = level 1. */
  levelTable: number[];
  /** ch.12 gives a Floor-10 Lich block; ch.16 says the Lich has no body until Stage 4. */
  lichOnFloorTen: boolean;
  /** Explicit turns in a stat block ("2 turns per Round") win over the Speed formula. */
  statBlockTurnsWin: boolean;
  /** Smith disposition: the four colours rolled are all distinct. */
  smithDistinctColours: boolean;
  /** Smith prices after disposition: round up to whole gold, or to the nearest. */
  smithRounding: 'up' | 'nearest';
  /** Weekly rolls fire on days 1, 8, 15 … when this is 1. */
  weekStartDay: number;
  /** On floors 4-6 only two tiers exist; which one "the middle tier available" means. */
  middleTierOnTwoTierFloors: 'own' | 'lowest';
  /** Hunger's max-Health loss: each day's figure is lost that day (stacking), or the figure is the total. */
  hungerMaxHealthLoss: 'per-day' | 'table-total';
  /** Fewest active loot items for a synchronicity condition to hold. */
  synchronicityMinItems: number;
  /** At Stage 4 a d6 picks the room: at or above this face the Colourless Antechamber, else the Empty one. */
  stageFourColourlessFrom: number;
  /** ch.5 gives Stage 4 no Sanity shift of its own: what it adds to every Sanity Challenge's target. */
  stageFourSanityShift: number;
  /** ch.7 says both "unpaid Retainers leave" and "a missed wage shifts loyalty down". */
  unpaidRetainer: 'loyalty-step' | 'leave';
  /** ch.5: a Town left behind "may resolve or escalate — roll for it", with no roll given. */
  absentAttention: 'd6-drift' | 'unchanged';
  /** ch.15's −36 for a Mono-Color Blue build's Incantations and ch.14's half price: in place of it, or both. */
  monoBlueIncantations: 'minus-36' | 'half-then-minus-36';
  /** ch.15: a spell takes the caster's Magic "at time of casting", and its gold is erased "immediately": which comes first. */
  magicAtCasting: 'before-cost' | 'after-cost';
  /** ch.17: "Flora raise M" without saying by how much: M gained per Flora spent on a Giver's Recipe. */
  floraMagicEach: number;
  /** ch.13 ties Channel buffs to a dive; whether loot may be channelled outside one (the Town, the Forest). */
  channelOutsideDive: boolean;
  /** ch.17: a vein yields 1d6 Stones; one d6 names the kind for the whole vein, or each Stone rolls its own. */
  veinStones: 'one-kind' | 'each-stone';
  /** ch.17: the Giver starves by 60 a week, but its Health at the start is not given. */
  giverStartingHealth: number;
  /** ch.17: whether the Giver's hunger counts weeks before the party first enters the Forest. */
  giverHungerFrom: 'first-visit' | 'campaign-start';
  /** ch.5 calls the Inn's 2-9 "the negative half"; ch.7's Wary Retainers leave on a negative event. */
  innNegativeUpTo: number;
  /** ch.5 Stage 2: Lost needs 2 nights of rest; whether a night without rest starts the count again. */
  lostRestNights: 'consecutive' | 'cumulative';
  /** ch.4: which item's colour sets the price of an Armor repair (Armor is "modified by Gear"). */
  smithArmorColour: 'gear' | 'garment';
  /** ch.4: "one item per in-game day" — the Smith's one a day, or one for each Lichslayer. */
  recolourLimit: 'smith' | 'each-lichslayer';
  /** ch.4: gold given to the Square "grants stat bonuses" the next day, with no size given. */
  squareGiftBonus: number;
  /** ch.6 Vanity stage 2: "+1 chance of negative events" at the Inn for 7 days, read as a shift of the d12. */
  vanityInnShift: number;
  /** ch.6: a wrong inscription grants "half the boon"; boons that are not numbers cannot be halved. */
  halfBoon: 'numbers-halved' | 'none';
  /** ch.17: a Flora patch's size when found is not given: this many d6 plants. */
  floraPatchDice: number;
  /** ch.11 "a 1 is a failure" on attack rolls vs ch.1 "attacks are not Challenges: Armor answers". */
  attackAllOnes: 'miss' | 'lands';
  /** A natural 1 on an attack or Challenge calls an integrity check: any die showing 1, or only when every die does. */
  integrityOn: 'any-one' | 'all-ones';
  /** Which equipped item the integrity check falls on unless the Judge picks: the item used, or a die among them. */
  integrityItem: 'item-used' | 'roll';
  /** Whom an enemy strikes when the book does not say (the manifested Lich always strikes the richest, ch.16). */
  enemyTarget: 'weakest' | 'richest' | 'first-on-stack';
  /** The target of a Sanity Challenge whose trigger gives none (Colourless adjacency, an ally at 0 Health, a Sanity Test room). */
  unstatedSanityTarget: number;
  /** What "adjacent" means on a board of rooms. */
  adjacency: 'same-or-neighbour' | 'same-room';
  /** Looting at Lost Sanity: the book lists limits for Edge and Paranoid only. */
  lootingAtLost: 'free' | 'as-paranoid';
  /** How many enemies an unsafe Shrine / Rest room holds once the Attention reaches it (ch.5, ch.9). */
  unsafeShrineCapacity: number;
  /** Halved damage (synchronicity, skills) with an odd amount. */
  damageRounding: 'down' | 'up';
  /** The gold the Judge rolls for a chest (ch.9 gives no amount), per tier; a room row's own formula wins. */
  chestGold: { upper: string; middle: string; lower: string };
  /** A Retainer's own attack dice before its grade's bonus (ch.7 gives only "+0", "+1d6", "+2d6"). */
  retainerBaseAttack: number;
  /** ch.12: All-Color loot "damages the Phylactery at full": through its Armor, or an ordinary instance. */
  allColorVsPhylactery: 'through-armor' | 'armor-answers';
  /** ch.2, ch.15: a coloured school is open to a caster who is "that color"; the book never says what makes one so. */
  schoolColourAccess: 'one-item' | 'mono-color' | 'every-school';
  /** ch.1 says Influence dice held "may be added" to any roll, and also "add any Influence dice held": on an attack or a Challenge, the holder's choice or always. */
  influenceOnRolls: 'holder-chooses' | 'every-roll';
  /** ch.8 names damage from Colourless entities among the ways Sanity degrades; its trigger lists name only Lich-type sources. */
  colourlessDamageSanity: 'challenge' | 'none';
  /** ch.12: "most Lich-coded loot is useless" against the Phylactery: what that covers beyond its Colourless immunity. */
  lichCodedVsPhylactery: 'colourless-loot' | 'colourless-damage';
  /** The rooms a character may move on its own turn in a fight (the book gives none; 0: no limit, the Judge's drag). Lost's −1 is taken from it (ch.8). */
  roomsPerTurn: number;
  /** ch.14: Full Spectrum is "resistant to the Unbound" without a number: halved as its other resistances, or left to the Judge. */
  fullSpectrumVsUnbound: 'half' | 'none';
  /** ch.14: Dual-Color is immune to a faction "whose signature contains both" colours; no faction's signature is given. */
  factionSignature: 'entity-tables' | 'none';
  /** ch.5 Stage 1: "negative events triggered first" at the Inn, which rolls one event a day: a negative event before the day's roll, or the one roll alone. */
  stageOneNegativeFirst: boolean;
}

/** RULINGS.md's default for every house rule: what a campaign uses until the Judge changes it. */
export const DEFAULT_HOUSE_RULES: HouseRules = {
  challengeDice: 'level-dice',
  explosionsCountAsNatural: false,
  chestSuccessOn: 4,
  startingStats: { power: 6, speed: 6, health: 36, armor: 6 },
  // Three days of meal and shelter at the Inn (3 × 108, ch.4), so a new party can rest before its first dive.
  startingGold: 324,
  statPointTable: ['power', 'speed', 'health', 'armor', 'magic', 'choice'],
  classTable: [...CLASS_NAMES, 'reroll'],
  levelTable: defaultLevelTable(),
  lichOnFloorTen: false,
  statBlockTurnsWin: true,
  smithDistinctColours: true,
  smithRounding: 'up',
  weekStartDay: 1,
  middleTierOnTwoTierFloors: 'own',
  hungerMaxHealthLoss: 'per-day',
  synchronicityMinItems: 2,
  stageFourColourlessFrom: 4,
  // Stage 3's +6 everywhere holds at Stage 4, so the pressure never falls as the Lich draws near.
  stageFourSanityShift: 6,
  unpaidRetainer: 'loyalty-step',
  absentAttention: 'd6-drift',
  monoBlueIncantations: 'minus-36',
  magicAtCasting: 'before-cost',
  floraMagicEach: 1,
  channelOutsideDive: false,
  veinStones: 'one-kind',
  giverStartingHealth: 360,
  giverHungerFrom: 'first-visit',
  innNegativeUpTo: 9,
  lostRestNights: 'consecutive',
  smithArmorColour: 'gear',
  recolourLimit: 'smith',
  squareGiftBonus: 1,
  vanityInnShift: -1,
  halfBoon: 'numbers-halved',
  floraPatchDice: 1,
  attackAllOnes: 'miss',
  integrityOn: 'any-one',
  integrityItem: 'item-used',
  enemyTarget: 'weakest',
  unstatedSanityTarget: 12,
  adjacency: 'same-or-neighbour',
  lootingAtLost: 'free',
  unsafeShrineCapacity: 4,
  damageRounding: 'down',
  chestGold: { upper: '1d6x10', middle: '2d6x10', lower: '3d6x10' },
  retainerBaseAttack: 1,
  allColorVsPhylactery: 'through-armor',
  schoolColourAccess: 'one-item',
  influenceOnRolls: 'holder-chooses',
  colourlessDamageSanity: 'challenge',
  lichCodedVsPhylactery: 'colourless-loot',
  roomsPerTurn: 0,
  fullSpectrumVsUnbound: 'half',
  factionSignature: 'entity-tables',
  // ch.5 Stage 1: with one Inn event a day "first" orders nothing; an extra negative event every day would make
  // Stage 1 harsher than Stage 2, so by default the day's one roll stands and the extra event is the Judge's choice.
  stageOneNegativeFirst: false,
};
