// House rules: every point where the rulebook is silent or contradicts itself (RULINGS.md)
// is a campaign setting with the default RULINGS.md names, never a constant in code.
import { z } from 'zod';
import { CLASS_NAMES, DEFAULT_HOUSE_RULES, STAT_POINT_KINDS, type HouseRules } from './house-rules-info.ts';

export {
  CLASS_NAMES,
  DEFAULT_HOUSE_RULES,
  defaultLevelTable,
  HOUSE_RULE_INFO,
  STAT_POINT_KINDS,
  type ClassName,
  type HouseRuleOption,
  type HouseRules,
  type StatPointKind,
} from './house-rules-info.ts';

const D = DEFAULT_HOUSE_RULES;

const levelTable = z
  .array(z.number().int().min(0))
  .min(2)
  .max(99)
  .refine((xs) => xs[0] === 0, { error: 'Level 1 must need 0 XP' })
  .refine((xs) => xs.every((x, i) => i === 0 || x > xs[i - 1]!), {
    error: 'Each level must need more XP than the one before',
  });

export const houseRulesSchema = z.strictObject({
  challengeDice: z.enum(['level-dice', 'single-die']).default(D.challengeDice),
  explosionsCountAsNatural: z.boolean().default(D.explosionsCountAsNatural),
  chestSuccessOn: z.number().int().min(1).max(6).default(D.chestSuccessOn),
  startingStats: z
    .strictObject({
      power: z.number().int().min(0).max(99).default(D.startingStats.power),
      speed: z.number().int().min(0).max(99).default(D.startingStats.speed),
      health: z.number().int().min(6).max(999).default(D.startingStats.health),
      armor: z.number().int().min(0).max(99).default(D.startingStats.armor),
    })
    .default(D.startingStats),
  startingGold: z.number().int().min(0).max(99999).default(D.startingGold),
  statPointTable: z.array(z.enum(STAT_POINT_KINDS)).length(6).default(D.statPointTable),
  classTable: z
    .array(z.union([z.enum(CLASS_NAMES), z.literal('reroll')]))
    .length(8)
    .refine((xs) => xs.some((x) => x !== 'reroll'), { error: 'At least one face must name a class' })
    .default(D.classTable),
  levelTable: levelTable.default(D.levelTable),
  lichOnFloorTen: z.boolean().default(D.lichOnFloorTen),
  statBlockTurnsWin: z.boolean().default(D.statBlockTurnsWin),
  smithDistinctColours: z.boolean().default(D.smithDistinctColours),
  smithRounding: z.enum(['up', 'nearest']).default(D.smithRounding),
  weekStartDay: z.number().int().min(1).max(7).default(D.weekStartDay),
  middleTierOnTwoTierFloors: z.enum(['own', 'lowest']).default(D.middleTierOnTwoTierFloors),
  hungerMaxHealthLoss: z.enum(['per-day', 'table-total']).default(D.hungerMaxHealthLoss),
  synchronicityMinItems: z.number().int().min(1).max(6).default(D.synchronicityMinItems),
  stageFourColourlessFrom: z.number().int().min(1).max(7).default(D.stageFourColourlessFrom),
  stageFourSanityShift: z.number().int().min(0).max(30).default(D.stageFourSanityShift),
  unpaidRetainer: z.enum(['loyalty-step', 'leave']).default(D.unpaidRetainer),
  absentAttention: z.enum(['d6-drift', 'unchanged']).default(D.absentAttention),
  monoBlueIncantations: z.enum(['minus-36', 'half-then-minus-36']).default(D.monoBlueIncantations),
  magicAtCasting: z.enum(['before-cost', 'after-cost']).default(D.magicAtCasting),
  floraMagicEach: z.number().int().min(1).max(6).default(D.floraMagicEach),
  channelOutsideDive: z.boolean().default(D.channelOutsideDive),
  veinStones: z.enum(['one-kind', 'each-stone']).default(D.veinStones),
  giverStartingHealth: z.number().int().min(60).max(9999).default(D.giverStartingHealth),
  giverHungerFrom: z.enum(['first-visit', 'campaign-start']).default(D.giverHungerFrom),
  innNegativeUpTo: z.number().int().min(2).max(12).default(D.innNegativeUpTo),
  lostRestNights: z.enum(['consecutive', 'cumulative']).default(D.lostRestNights),
  smithArmorColour: z.enum(['gear', 'garment']).default(D.smithArmorColour),
  recolourLimit: z.enum(['smith', 'each-lichslayer']).default(D.recolourLimit),
  squareGiftBonus: z.number().int().min(0).max(6).default(D.squareGiftBonus),
  vanityInnShift: z.number().int().min(-6).max(0).default(D.vanityInnShift),
  halfBoon: z.enum(['numbers-halved', 'none']).default(D.halfBoon),
  floraPatchDice: z.number().int().min(1).max(6).default(D.floraPatchDice),
  attackAllOnes: z.enum(['miss', 'lands']).default(D.attackAllOnes),
  integrityOn: z.enum(['any-one', 'all-ones']).default(D.integrityOn),
  integrityItem: z.enum(['item-used', 'roll']).default(D.integrityItem),
  enemyTarget: z.enum(['weakest', 'richest', 'first-on-stack']).default(D.enemyTarget),
  unstatedSanityTarget: z.number().int().min(1).max(60).default(D.unstatedSanityTarget),
  adjacency: z.enum(['same-or-neighbour', 'same-room']).default(D.adjacency),
  lootingAtLost: z.enum(['free', 'as-paranoid']).default(D.lootingAtLost),
  unsafeShrineCapacity: z.number().int().min(1).max(12).default(D.unsafeShrineCapacity),
  damageRounding: z.enum(['down', 'up']).default(D.damageRounding),
  chestGold: z
    .strictObject({
      upper: z.string().trim().max(40).default(D.chestGold.upper),
      middle: z.string().trim().max(40).default(D.chestGold.middle),
      lower: z.string().trim().max(40).default(D.chestGold.lower),
    })
    .default(D.chestGold),
  retainerBaseAttack: z.number().int().min(0).max(6).default(D.retainerBaseAttack),
  allColorVsPhylactery: z.enum(['through-armor', 'armor-answers']).default(D.allColorVsPhylactery),
  schoolColourAccess: z.enum(['one-item', 'mono-color', 'every-school']).default(D.schoolColourAccess),
  influenceOnRolls: z.enum(['holder-chooses', 'every-roll']).default(D.influenceOnRolls),
  colourlessDamageSanity: z.enum(['challenge', 'none']).default(D.colourlessDamageSanity),
  lichCodedVsPhylactery: z.enum(['colourless-loot', 'colourless-damage']).default(D.lichCodedVsPhylactery),
  roomsPerTurn: z.number().int().min(0).max(6).default(D.roomsPerTurn),
  fullSpectrumVsUnbound: z.enum(['half', 'none']).default(D.fullSpectrumVsUnbound),
  factionSignature: z.enum(['entity-tables', 'none']).default(D.factionSignature),
  stageOneNegativeFirst: z.boolean().default(D.stageOneNegativeFirst),
});

// The schema's output and the HouseRules interface must be the same type, each way round.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesInterface: Same<z.output<typeof houseRulesSchema>, HouseRules> = true;
void schemaMatchesInterface;

/**
 * A change to some settings. Only the settings named: zod's partial() of a schema with defaults
 * fills every missing key with its default, so a change to one setting would reset all the others.
 */
const patchShape = Object.fromEntries(
  Object.entries(houseRulesSchema.shape).map(([key, schema]) => [
    key,
    (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
  ]),
) as {
  [K in keyof typeof houseRulesSchema.shape]: z.ZodOptional<
    (typeof houseRulesSchema.shape)[K] extends z.ZodDefault<infer Inner> ? Inner : (typeof houseRulesSchema.shape)[K]
  >;
};
export const houseRulesPatchSchema = z.strictObject(patchShape);
export type HouseRulesPatch = z.input<typeof houseRulesPatchSchema>;
