// House rules as the Judge reads them: the classes and stat-point kinds they name, RULINGS.md's
// defaults, and what each setting means, without the schema that checks them (house-rules.ts):
// the renderer imports these, so its bundle carries no validation library.
export const CLASS_NAMES = ['The Breaker', 'The Veteran', 'The Bandit', 'The Scholar', 'The Aristocrat', 'The Lich Doctor', 'The Witch'] as const;
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
  /** ch.7 says both "unpaid Retainers leave" and "a missed wage shifts loyalty down". */
  unpaidRetainer: 'loyalty-step' | 'leave';
  /** ch.5: a Town left behind "may resolve or escalate — roll for it", with no roll given. */
  absentAttention: 'd6-drift' | 'unchanged';
}

/** RULINGS.md's default for every house rule: what a campaign uses until the Judge changes it. */
export const DEFAULT_HOUSE_RULES: HouseRules = {
  challengeDice: 'level-dice',
  explosionsCountAsNatural: false,
  chestSuccessOn: 4,
  startingStats: { power: 6, speed: 6, health: 36, armor: 6 },
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
  unpaidRetainer: 'loyalty-step',
  absentAttention: 'd6-drift',
};

/** What the House rules view tells the Judge about each setting, in the app's own words. */
export const HOUSE_RULE_INFO: Record<keyof HouseRules, { label: string; gap: string; otherReading?: string; chapter: string }> = {
  challengeDice: {
    label: 'Challenge dice',
    gap: 'Ch.1 rolls one d6 per level and fails only on all 1s; ch.11 describes a single die where a 1 fails.',
    otherReading: 'single-die: one exploding d6, a natural 1 fails',
    chapter: 'ch.1, ch.11',
  },
  explosionsCountAsNatural: { label: 'Exploded dice count as natural', gap: 'The book does not say whether the extra roll of an exploded 6 can be a "natural 1".', chapter: 'ch.1' },
  chestSuccessOn: { label: 'Chest holds loot on', gap: 'A chest "succeeds" on its d6 but the success face is not given.', chapter: 'ch.9' },
  startingStats: { label: 'Starting stats', gap: 'Every Lichslayer begins at listed values, but the values are missing.', chapter: 'ch.4' },
  statPointTable: { label: 'Stat point table (d6)', gap: 'Six d6 each assign a point, but the face-to-stat mapping is missing.', chapter: 'ch.4' },
  classTable: { label: 'Class table (d8)', gap: 'The class is rolled on d8, but there are seven classes.', chapter: 'ch.1, ch.2' },
  levelTable: { label: 'XP per level', gap: 'The XP needed for each level is not given.', chapter: 'ch.1' },
  lichOnFloorTen: {
    label: 'The Lich waits on Floor 10',
    gap: 'Ch.12 gives a Floor-10 Lich block; ch.16 says the Lich has no body until Stage 4.',
    otherReading: 'on: the ch.12 Lich (144 Health) stands on Floor 10 beside its Phylactery',
    chapter: 'ch.10, ch.12, ch.16',
  },
  statBlockTurnsWin: {
    label: "A stat block's turn count wins",
    gap: 'The Lich has "Speed 6 (2 turns)" though Speed 6 gives one turn by the general rule.',
    otherReading: 'off: always use 1 + one turn per full 6 Speed above 6',
    chapter: 'ch.11, ch.12',
  },
  smithDistinctColours: { label: 'Smith colours all distinct', gap: '"Re-roll duplicates" could mean within each pair or across all four.', otherReading: 'off: only repeated pairs are re-rolled', chapter: 'ch.4' },
  smithRounding: { label: 'Smith price rounding', gap: 'The percentage prices do not say how to round.', chapter: 'ch.4' },
  weekStartDay: { label: 'Weekly rolls start on day', gap: 'Which day a week starts is not given.', chapter: 'ch.5' },
  middleTierOnTwoTierFloors: {
    label: '"Middle tier" on floors 4-6',
    gap: 'Only two tiers exist above floors 4-6, so "the middle tier available" is unclear there.',
    otherReading: 'lowest: a 3-4 places an Upper Tombs entity',
    chapter: 'ch.12',
  },
  hungerMaxHealthLoss: {
    label: 'Hunger max-Health loss',
    gap: 'Days 4 and 5 of hunger list −6 and −12 max Health; the book does not say if these add up.',
    otherReading: 'table-total: the figure is the total lost so far',
    chapter: 'ch.4',
  },
  synchronicityMinItems: { label: 'Loot needed for synchronicity', gap: 'Whether a single loot item is "all one colour" is not said.', chapter: 'ch.14' },
  stageFourColourlessFrom: { label: 'Stage 4 room: Colourless from d6', gap: 'At Stage 4 every room is the Empty or the Colourless Antechamber, without saying which.', chapter: 'ch.10' },
  unpaidRetainer: {
    label: 'An unpaid Retainer',
    gap: 'Unpaid Retainers "leave at the end of the day", yet a missed wage "shifts one down" a loyalty state.',
    otherReading: 'leave: any unpaid Retainer leaves that night',
    chapter: 'ch.7',
  },
  absentAttention: {
    label: "A Town's Attention while the party is away",
    gap: 'The Attention of a Town left behind "may resolve or escalate — roll for it", but no roll is given.',
    otherReading: 'unchanged: the Town is as the party left it',
    chapter: 'ch.5',
  },
};
