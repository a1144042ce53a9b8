// House rules as the Judge reads them: the classes and stat-point kinds they name, RULINGS.md's
// defaults, and what each setting means, without the schema that checks them (house-rules.ts):
// the renderer imports these, so its bundle carries no validation library.
import type { HouseRules } from './house-rules-defaults.ts';
import { SYNCHRONICITY_RULE_INFO } from './house-rules-info-synchronicity.ts';

export {
  CLASS_NAMES,
  DEFAULT_HOUSE_RULES,
  defaultLevelTable,
  STAT_POINT_KINDS,
  type ClassName,
  type HouseRules,
  type StatPointKind,
} from './house-rules-defaults.ts';

/** A choice shown as a list in the House rules view (settings whose value is one of a few words). */
export interface HouseRuleOption {
  value: string;
  label: string;
}

/** What the House rules view tells the Judge about each setting, in the app's own words. */
export const HOUSE_RULE_INFO: Record<
  keyof HouseRules,
  { label: string; gap: string; otherReading?: string; chapter: string; options?: HouseRuleOption[] }
> = {
  challengeDice: {
    label: 'Challenge dice',
    gap: 'Ch.1 rolls one d6 per level and fails only on all 1s; ch.11 describes a single die where a 1 fails.',
    otherReading: 'single-die: one exploding d6, a natural 1 fails',
    chapter: 'ch.1, ch.11',
  },
  explosionsCountAsNatural: {
    label: 'Exploded dice count as natural',
    gap: 'The book does not say whether the extra roll of an exploded 6 can be a "natural 1".',
    chapter: 'ch.1',
  },
  chestSuccessOn: {
    label: 'Chest holds loot on',
    gap: 'A chest "succeeds" on its d6 but the success face is not given.',
    chapter: 'ch.9',
  },
  startingStats: {
    label: 'Starting stats',
    gap: 'Every Lichslayer begins at listed values, but the values are missing.',
    chapter: 'ch.4',
  },
  startingGold: {
    label: 'Starting gold',
    gap: 'A new Lichslayer is given no gold, yet the Inn asks 108 a day for a meal and shelter from the first day. The app gives each new Lichslayer enough for three such days; set 0 to play with none.',
    otherReading: '0: the party starts with empty pockets and must dive before it can rest',
    chapter: 'ch.1, ch.4',
  },
  statPointTable: {
    label: 'Stat point table (d6)',
    gap: 'Six d6 each assign a point, but the face-to-stat mapping is missing.',
    chapter: 'ch.4',
  },
  classTable: {
    label: 'Class table (d8)',
    gap: 'The class is rolled on d8, but there are seven classes.',
    chapter: 'ch.1, ch.2',
  },
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
  smithDistinctColours: {
    label: 'Smith colours all distinct',
    gap: '"Re-roll duplicates" could mean within each pair or across all four.',
    otherReading: 'off: only repeated pairs are re-rolled',
    chapter: 'ch.4',
  },
  smithRounding: {
    label: 'Smith price rounding',
    gap: 'The percentage prices do not say how to round.',
    chapter: 'ch.4',
  },
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
  synchronicityMinItems: {
    label: 'Loot needed for synchronicity',
    gap: 'Whether a single loot item is "all one colour" is not said.',
    chapter: 'ch.14',
  },
  stageFourColourlessFrom: {
    label: 'Stage 4 room: Colourless from d6',
    gap: 'At Stage 4 every room is the Empty or the Colourless Antechamber, without saying which.',
    chapter: 'ch.10',
  },
  stageFourSanityShift: {
    label: 'Stage 4 Sanity shift',
    gap: 'Stages 1-3 raise Sanity Challenge targets (+2, +4, then +6 everywhere); Stage 4 names no shift, which would make its targets lower than Stage 1’s.',
    otherReading: '0: Stage 4 adds nothing, as the text reads literally',
    chapter: 'ch.5',
  },
  unpaidRetainer: {
    label: 'An unpaid Retainer',
    gap: 'Unpaid Retainers "leave at the end of the day", yet a missed wage "shifts one down" a loyalty state.',
    otherReading: 'leave: any unpaid Retainer leaves that night',
    chapter: 'ch.7',
  },
  monoBlueIncantations: {
    label: 'Mono-Color Blue Incantations',
    gap: 'Ch.15 takes 36 gold off an Incantation for a Mono-Color Blue build; ch.14 halves the gold of spells of one’s colour. The book does not say whether both apply.',
    otherReading: 'half-then-minus-36: half price first, then 36 off (never below 0)',
    chapter: 'ch.14, ch.15',
  },
  magicAtCasting: {
    label: 'Magic at casting: before or after the gold',
    gap: 'A spell uses the caster’s Magic at the time of casting, and its gold leaves the Gauntlet immediately; the book does not say which happens first, though gold held is Magic.',
    otherReading: 'after-cost: the Magic left once the spell’s gold is gone',
    chapter: 'ch.15',
  },
  floraMagicEach: {
    label: 'M per Flora on a Giver’s Recipe',
    gap: 'Flora “raise M” on the Giver’s Recipes, but by how much is not said.',
    chapter: 'ch.17',
  },
  channelOutsideDive: {
    label: 'Channel outside a dive',
    gap: 'Channel buffs end when the dive ends and “the glow is bought fresh each descent”; the book does not say whether loot may be channelled in the Town or the Forest at all.',
    otherReading: 'on: channelled outside a dive, the buff lasts until the end of the next dive',
    chapter: 'ch.13, ch.17',
  },
  absentAttention: {
    label: "A Town's Attention while the party is away",
    gap: 'The Attention of a Town left behind "may resolve or escalate — roll for it", but no roll is given.',
    otherReading: 'unchanged: the Town is as the party left it',
    chapter: 'ch.5',
  },
  attackAllOnes: {
    label: 'An attack of all natural 1s',
    gap: 'Ch.11 says a 1 on an attack roll fails whatever the bonuses; ch.1 says attacks are not Challenges and Armor answers them.',
    otherReading: 'lands: the attack deals its dice like any other (ch.1)',
    chapter: 'ch.1, ch.11',
    options: [
      { value: 'miss', label: 'Misses: no damage (ch.11)' },
      { value: 'lands', label: 'Lands: Armor answers (ch.1)' },
    ],
  },
  integrityOn: {
    label: 'Integrity check on a natural 1',
    gap: 'A natural 1 on an attack or Challenge calls an integrity check, but a roll of several dice may show one 1 or all 1s.',
    otherReading: 'all-ones: only when every die shows a natural 1',
    chapter: 'ch.11',
    options: [
      { value: 'any-one', label: 'Any die showing a natural 1' },
      { value: 'all-ones', label: 'Only when every die shows 1' },
    ],
  },
  integrityItem: {
    label: 'Which item the integrity check falls on',
    gap: 'The Judge calls the check "on one equipped item" without saying which; the app proposes one and the Judge may pick another.',
    otherReading: 'roll: a die picks among the equipped items that can break',
    chapter: 'ch.11',
    options: [
      { value: 'item-used', label: 'The item used (else the first in the Gauntlet)' },
      { value: 'roll', label: 'A die picks among the equipped items' },
    ],
  },
  enemyTarget: {
    label: 'Whom an enemy strikes',
    gap: 'The book names a target only for the manifested Lich (the character holding the most gold).',
    otherReading: 'richest, or the first on the turn stack',
    chapter: 'ch.11, ch.16',
    options: [
      { value: 'weakest', label: 'The weakest in reach (lowest Health)' },
      { value: 'richest', label: 'The richest in reach (most gold)' },
      { value: 'first-on-stack', label: 'The first in reach on the turn stack' },
    ],
  },
  unstatedSanityTarget: {
    label: 'Sanity Challenge target when none is given',
    gap: 'A round beside a Colourless entity, an ally reaching 0 Health and a Sanity Test room call for a Sanity Challenge without a target.',
    otherReading: 'any target on the ladder (6, 18 …)',
    chapter: 'ch.8, ch.11',
  },
  adjacency: {
    label: 'Adjacent means',
    gap: 'The board is made of rooms, and "adjacent" (to the Lich, a Colourless entity, a blocked ally) is not defined on it.',
    otherReading: 'same-room: only those in the same room',
    chapter: 'ch.8, ch.11, ch.12, ch.13',
    options: [
      { value: 'same-or-neighbour', label: 'The same room or a neighbouring one' },
      { value: 'same-room', label: 'The same room only' },
    ],
  },
  lootingAtLost: {
    label: 'Looting at Lost',
    gap: 'Edge and Paranoid limit looting; Lost lists none, though it is worse than Paranoid.',
    otherReading: 'as-paranoid: a Challenge (target 18) to loot at all',
    chapter: 'ch.8',
    options: [
      { value: 'free', label: 'Free (the book lists no limit)' },
      { value: 'as-paranoid', label: 'As Paranoid: Challenge 18' },
    ],
  },
  unsafeShrineCapacity: {
    label: 'Enemies an unsafe Shrine holds',
    gap: 'Shrines hold no enemies until the Attention makes them unsafe, and then no capacity is given.',
    chapter: 'ch.5, ch.9',
  },
  damageRounding: {
    label: 'Halved damage rounds',
    gap: 'Halved damage (Mono-Color, Full Spectrum, skills) does not say how an odd amount rounds.',
    otherReading: 'up',
    chapter: 'ch.14',
    options: [
      { value: 'down', label: 'Down' },
      { value: 'up', label: 'Up' },
    ],
  },
  chestGold: {
    label: 'Chest gold',
    gap: "The Judge rolls a chest's gold, but no amount is given; a room row may set its own.",
    chapter: 'ch.9',
  },
  retainerBaseAttack: {
    label: "A Retainer's attack dice",
    gap: 'Retainers attack at "+0", "+1d6" or "+2d6" by grade, without a base to add to.',
    chapter: 'ch.7, ch.11',
  },
  allColorVsPhylactery: {
    label: 'All-Color loot against the Phylactery',
    gap: 'All-Color loot "damages the Phylactery at full", which may mean through its 36 Armor or only that its colour is not ignored.',
    otherReading: 'armor-answers: an ordinary instance, answered by Armor',
    chapter: 'ch.12',
    options: [
      { value: 'through-armor', label: 'Through its Armor, at full' },
      { value: 'armor-answers', label: 'An ordinary instance: Armor answers' },
    ],
  },
  veinStones: {
    label: 'Stones of a vein',
    gap: 'A vein yields 1d6 Stones on a d6 Stone table, without saying whether the d6 is rolled once or for each Stone.',
    otherReading: 'each-stone: every Stone rolls its own kind',
    chapter: 'ch.17',
    options: [
      { value: 'one-kind', label: 'One d6 for the whole vein' },
      { value: 'each-stone', label: 'A d6 for each Stone' },
    ],
  },
  giverStartingHealth: {
    label: "The Giver's Health",
    gap: 'The Giver loses 60 Health a week unfed, but its Health is not given.',
    chapter: 'ch.17',
  },
  giverHungerFrom: {
    label: "The Giver's hunger starts",
    gap: 'The Giver starves week by week; the book does not say whether weeks before the party first enters the Forest count.',
    otherReading: 'campaign-start: every week counts from day 1',
    chapter: 'ch.17',
    options: [
      { value: 'first-visit', label: "From the party's first Forest visit" },
      { value: 'campaign-start', label: 'From the start of the campaign' },
    ],
  },
  innNegativeUpTo: {
    label: 'Negative Inn events end at',
    gap: 'Wary Retainers leave "on any negative Inn event"; only Stage 3 says the negative half is events 2-9.',
    otherReading: '6: only the lower half of the d12 is negative',
    chapter: 'ch.5, ch.7',
  },
  lostRestNights: {
    label: 'Two nights to recover from Lost',
    gap: 'At Stage 2 Lost needs 2 nights of rest; the book does not say whether they must follow each other.',
    otherReading: 'cumulative: any two nights of rest while Lost',
    chapter: 'ch.5',
    options: [
      { value: 'consecutive', label: 'Two nights in a row' },
      { value: 'cumulative', label: 'Any two nights while Lost' },
    ],
  },
  smithArmorColour: {
    label: 'Armor repair priced by',
    gap: 'Prices follow colour, but Armor has none of its own; Armor is "modified by Gear".',
    otherReading: "garment: the Garment's colour",
    chapter: 'ch.4',
    options: [
      { value: 'gear', label: "The Gear's colour" },
      { value: 'garment', label: "The Garment's colour" },
    ],
  },
  recolourLimit: {
    label: 'Recolouring per day',
    gap: 'The Smith recolours "one item per in-game day": the Smith\'s one, or one for each Lichslayer.',
    otherReading: 'each-lichslayer: one item a day for each Lichslayer',
    chapter: 'ch.4',
    options: [
      { value: 'smith', label: 'One item a day in all' },
      { value: 'each-lichslayer', label: 'One item a day for each Lichslayer' },
    ],
  },
  squareGiftBonus: {
    label: 'Square gift: bonus to all rolls',
    gap: 'Gold given to the Square "grants stat bonuses to all characters the following day", with no size.',
    otherReading: '0: the Judge applies the bonus by hand',
    chapter: 'ch.4, ch.5',
  },
  vanityInnShift: {
    label: 'Vanity stage 2: Inn roll',
    gap: 'A stage 2 Vanity Idol gives the Inn "+1 chance of negative events" for 7 days, without saying how.',
    otherReading: '0: the Judge applies it by hand',
    chapter: 'ch.6',
  },
  halfBoon: {
    label: 'Half a boon',
    gap: 'A wrong inscription grants "half the boon"; a doubling or a restoration cannot be halved.',
    otherReading: 'none: a wrong inscription grants no boon at all',
    chapter: 'ch.6',
    options: [
      { value: 'numbers-halved', label: 'Numbers halved; other boons none' },
      { value: 'none', label: 'No boon' },
    ],
  },
  floraPatchDice: {
    label: 'Flora patch size (d6)',
    gap: "A harvested patch dies or doubles, but a patch's size when found is not given.",
    chapter: 'ch.17',
  },
  schoolColourAccess: {
    label: 'Who may cast from a coloured school',
    gap: 'Identify lets the Scholar cast a school’s spell “without needing to be that color”, so a caster of that colour may; the book never says what makes a caster a colour.',
    otherReading:
      'mono-color: only a Mono-Color build of the school’s colour; every-school: no colour asked, the Judge rules',
    chapter: 'ch.2, ch.15',
    options: [
      { value: 'one-item', label: 'One unbroken item of its colour equipped' },
      { value: 'mono-color', label: 'A Mono-Color build of its colour' },
      { value: 'every-school', label: 'Every coloured school open' },
    ],
  },
  influenceOnRolls: {
    label: 'Influence dice on attacks and Challenges',
    gap: 'Influence dice held “may be added to any roll”, yet a loot roll “adds any Influence dice held”: whether the holder chooses for each attack or Challenge, or every one takes them.',
    otherReading: 'every-roll: every attack and Challenge the holder rolls adds them, as a loot roll does',
    chapter: 'ch.1, ch.13',
    options: [
      { value: 'holder-chooses', label: 'The holder chooses, roll by roll' },
      { value: 'every-roll', label: 'Added to every attack and Challenge' },
    ],
  },
  colourlessDamageSanity: {
    label: 'Damage from a Colourless entity',
    gap: 'Sanity degrades through “damage from colorless entities”, but the lists of triggers name only Lich-type sources and give the Colourless damage no target.',
    otherReading: 'none: only an entity flagged Lich-type calls a Sanity Challenge when it deals damage',
    chapter: 'ch.8, ch.11',
    options: [
      { value: 'challenge', label: 'Each hit: a Sanity Challenge' },
      { value: 'none', label: 'No Sanity Challenge of its own' },
    ],
  },
  lichCodedVsPhylactery: {
    label: 'Lich-coded loot against the Phylactery',
    gap: '“Most Lich-coded loot is useless” against the Phylactery, without saying which loot is Lich-coded nor what “most” leaves working.',
    otherReading:
      'colourless-damage: only the Colourless damage its immunity stops; Colourless Influence dice still add',
    chapter: 'ch.12',
    options: [
      { value: 'colourless-loot', label: 'Colourless loot adds nothing to an attack on it' },
      { value: 'colourless-damage', label: 'Only Colourless damage is stopped' },
    ],
  },
  roomsPerTurn: {
    label: 'Rooms moved per turn in a fight (0: no limit)',
    gap: 'Lost takes “−1 movement every other round”, but the book gives no movement per turn to take it from (Move comes only from loot and skills).',
    otherReading:
      '1 or more: every character moves at most that many rooms on its own turn, a Lost one one fewer on the short rounds',
    chapter: 'ch.8, ch.9',
  },
  ...SYNCHRONICITY_RULE_INFO,
  stageOneNegativeFirst: {
    label: 'Stage 1: a negative Inn event before the day’s roll',
    gap: 'At Stage 1 negative Inn events are “triggered first”, yet the Inn rolls one event a day, so there is nothing for “first” to put them before. Off, the day’s one roll stands.',
    otherReading: 'on: each Stage 1 day first rolls one of the Inn’s negative events, then its usual roll with the −1',
    chapter: 'ch.5',
  },
};
