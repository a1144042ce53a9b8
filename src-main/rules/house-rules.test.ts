// Every house-rule setting (RULINGS.md) changes a result when changed: one check per setting,
// and the map's type makes a new setting without a check fail to compile.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES, houseRulesSchema, type HouseRules } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { rollChallenge } from './challenge.ts';
import { chestGoldFormula, openChest, roomCapacity, shrineSafety } from './board-facts.ts';
import { defaultTarget, retainerDamage, rollAttack } from './attack.ts';
import { integrityDue, integrityTarget, NO_SYNC, resolveHit, syncMultipliers } from './damage.ts';
import { hitSanity, lootingRule, sanityTarget, sanityAfterNight, turnStepRefusal } from './sanity.ts';
import { isNear } from './board-moves.ts';
import { startingGauntlet } from './starting-stats.ts';
import { levelForXp, rollClass, rollStatPoints } from './character.ts';
import { floorTenOpponents } from './lich.ts';
import { turnsPerRound, placeEntityTier } from './entities.ts';
import { rollDisposition, smithPrice, armorPriceColour, recolourAllowed } from './smith.ts';
import { weeksAtClose } from './calendar.ts';
import { endOfDay } from './survival-clock.ts';
import { synchronicity } from './synchronicity.ts';
import { rollStageFourRoom } from './room-roll.ts';
import { afterMissedWage, waryLeaves } from './retainers.ts';
import { absentAttentionShift } from './lich-attention.ts';
import { checkCast } from './spell-cast.ts';
import { castingMagic } from './spell-magic.ts';
import { spellGold } from './spell-price.ts';
import { schoolOpenTo } from './spell-schools.ts';
import { canChannel, influenceAgainstPhylactery, influenceForRoll } from './loot-fate.ts';
import { spellFieldsSchema } from '@shared/tables.ts';
import { giverHealthNow, giverHungerRuns, mineVein, rollFloraPatch } from './forest.ts';
import { squareGift } from './square.ts';
import { rollInn, rollInnNegativeFirst } from './inn.ts';
import { boonStrength } from './idol.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));
const withRule = (patch: Partial<HouseRules>): HouseRules =>
  houseRulesSchema.parse({ ...DEFAULT_HOUSE_RULES, ...patch });

/** For each setting: a result under the default and under a changed value, which must differ. */
const checks: { [K in keyof HouseRules]: { changed: HouseRules[K]; result: (rules: HouseRules) => unknown } } = {
  challengeDice: {
    changed: 'single-die',
    result: (r) => rollChallenge(scripted(4, 4, 4), { level: 3, target: 12, cause: 'x' }, r).success,
  },
  explosionsCountAsNatural: {
    changed: true,
    result: (r) => rollChallenge(scripted(6, 1), { level: 1, target: 6, cause: 'x' }, r).integrityCheckDue,
  },
  chestSuccessOn: { changed: 5, result: (r) => openChest(scripted(4), r, 'x').hasLoot },
  startingStats: {
    changed: { power: 7, speed: 6, health: 42, armor: 6 },
    result: (r) => startingGauntlet(r).maxHealth,
  },
  startingGold: { changed: 0, result: (r) => startingGauntlet(r).gold },
  statPointTable: {
    changed: ['speed', 'speed', 'health', 'armor', 'magic', 'choice'],
    result: (r) => rollStatPoints(scripted(1, 1, 1, 1, 1, 1), r).points[0],
  },
  classTable: {
    changed: [
      'The Witch',
      'The Veteran',
      'The Bandit',
      'The Scholar',
      'The Aristocrat',
      'The Lich Doctor',
      'The Breaker',
      'reroll',
    ],
    result: (r) => rollClass(scripted(1), r).className,
  },
  levelTable: { changed: [0, 10, 30, 60], result: (r) => levelForXp(11, r).value },
  lichOnFloorTen: {
    changed: true,
    result: (r) => floorTenOpponents(r, { playersAtLost: 0, unboundVestmentsEquipped: 0 }).length,
  },
  statBlockTurnsWin: { changed: false, result: (r) => turnsPerRound(6, r, 2).value },
  smithDistinctColours: {
    changed: false,
    result: (r) => rollDisposition(scripted(1, 1, 2, 3, 4, 5), r).favoured.length,
  },
  smithRounding: {
    changed: 'nearest',
    result: (r) => smithPrice(33, 'Red', { favoured: ['Red'], distrusted: [] }, r).value,
  }, // 26.4: up 27, nearest 26
  weekStartDay: { changed: 3, result: (r) => weeksAtClose(7, { opened: 1, closed: 0 }, r).open },
  middleTierOnTwoTierFloors: { changed: 'lowest', result: (r) => placeEntityTier(scripted(3), 5, r, 'x').tier },
  hungerMaxHealthLoss: {
    changed: 'table-total',
    result: (r) => {
      let s = {
        daysWithoutMeal: 3,
        daysWithoutShelter: 0,
        maxHealth: 36,
        hungerMaxHealthLost: 0,
        health: 36,
        missedDaysSinceRest: 0,
      };
      s = endOfDay(s, { ate: false, sheltered: true }, r).state;
      s = endOfDay(s, { ate: false, sheltered: true }, r).state;
      return s.maxHealth;
    },
  },
  synchronicityMinItems: {
    changed: 1,
    result: (r) => synchronicity([{ name: 'a', colour: 'Red' }], r).conditions.length,
  },
  unpaidRetainer: { changed: 'leave', result: (r) => afterMissedWage('standard', r.unpaidRetainer) },
  absentAttention: { changed: 'unchanged', result: (r) => absentAttentionShift(2, 6, r.absentAttention).stage },
  monoBlueIncantations: {
    changed: 'half-then-minus-36',
    result: (r) => spellGold({ school: 'unbound', cost: 60 }, 'Blue', r).cost,
  }, // 24 vs 0
  magicAtCasting: {
    changed: 'after-cost',
    result: (r) => castingMagic({ gold: 620, cost: 36, statPoints: 0, lootMagic: 0, floraMagic: 0 }, r).value,
  }, // 1 vs 0
  floraMagicEach: {
    changed: 2,
    result: (r) =>
      checkCast(
        {
          label: 'Petal Broth',
          fields: spellFieldsSchema.parse({ school: 'giver', cost: 0, castingTime: 'on-turn', flora: 'Red' }),
        },
        {
          name: 'Ada',
          gold: 0,
          items: [{ slot: 'loot1', name: 'Ashbloom', colour: 'Red', broken: false, flora: true }],
          inventory: [],
        },
        r,
        { flora: 1 },
      ).floraMagic,
  },
  channelOutsideDive: {
    changed: true,
    result: (r) =>
      canChannel(
        {
          name: 'Glow',
          colour: 'Red',
          notes: '',
          entry: {
            fields: { tier: 'common', colour: 'Red', itemType: 'relic', actions: ['channel'], breakable: true },
            details: '',
          },
        },
        false,
        r.channelOutsideDive,
      ).ok,
  },
  stageFourColourlessFrom: { changed: 6, result: (r) => rollStageFourRoom(scripted(5), r, 'x').room },
  stageFourSanityShift: {
    changed: 0,
    result: (r) =>
      rollChallenge(
        scripted(4),
        { level: 1, target: 12, cause: 'x', sanityChallenge: { attentionStage: 4, where: 'tombs' } },
        r,
      ).target,
  },
  attackAllOnes: {
    changed: 'lands',
    result: (r) =>
      rollAttack(
        scripted(1, 1),
        { attacker: 'x', cause: 'x', base: { count: 2, sides: 6, flat: 0, text: '2d6' }, powerDice: 0, modifiers: [] },
        r,
      ).total,
  },
  integrityOn: { changed: 'all-ones', result: (r) => integrityDue([1, 5], r) },
  integrityItem: {
    changed: 'roll',
    result: (r) =>
      integrityTarget(
        scripted(2),
        [
          { slot: 'gear', name: 'a', broken: false, unbreakable: false },
          { slot: 'loot1', name: 'b', broken: false, unbreakable: false },
        ],
        null,
        r,
        'x',
      ).slot,
  },
  enemyTarget: {
    changed: 'richest',
    result: (r) =>
      defaultTarget(
        [
          { id: 1, name: 'poor', health: 5, gold: 0, stackIndex: 0 },
          { id: 2, name: 'rich', health: 30, gold: 900, stackIndex: 1 },
        ],
        r,
        false,
      ).target?.name,
  },
  unstatedSanityTarget: { changed: 18, result: (r) => sanityTarget('colourless-adjacency', r).target },
  adjacency: { changed: 'same-room', result: (r) => isNear({ floor: 1, x: 0, y: 0 }, { floor: 1, x: 1, y: 0 }, r) },
  lootingAtLost: {
    changed: 'as-paranoid',
    result: (r) => lootingRule('lost', { round: null, lastLootRound: null }, r).kind,
  },
  unsafeShrineCapacity: { changed: 2, result: (r) => roomCapacity('shrine', 1, shrineSafety(2, r)) },
  damageRounding: {
    changed: 'up',
    result: (r) =>
      resolveHit(
        { name: 'x', colour: 'Red', health: 20, armor: 0 },
        { colour: 'Red', physical: true, label: 'x' },
        7,
        [{ factor: 0.5, source: 'x' }],
        r,
      ).health,
  },
  chestGold: {
    changed: { upper: '2d6x10', middle: '2d6x10', lower: '3d6x10' },
    result: (r) => chestGoldFormula('upper', '', r).formula,
  },
  retainerBaseAttack: { changed: 2, result: (r) => retainerDamage('+0', r)?.count },
  allColorVsPhylactery: {
    changed: 'armor-answers',
    result: (r) =>
      resolveHit(
        { name: 'P', colour: 'Colourless', health: 72, armor: 36, phylactery: true },
        { colour: 'All-Color', physical: true, label: 'x' },
        9,
        [],
        r,
      ).outcome,
  },
  veinStones: {
    changed: 'each-stone',
    result: (r) => mineVein(scripted(3, 1, 2, 3), { miner: 'x', stoneAt: () => null }, r).stones.length,
  },
  giverStartingHealth: { changed: 240, result: (r) => giverHealthNow(null, r) },
  giverHungerFrom: {
    changed: 'campaign-start',
    result: (r) => giverHungerRuns({ firstVisit: null, weekLastDay: 7 }, r),
  },
  innNegativeUpTo: { changed: 6, result: (r) => waryLeaves('wary', { closed: false, value: 8 }, r.innNegativeUpTo) },
  lostRestNights: {
    changed: 'cumulative',
    result: (r) =>
      sanityAfterNight({
        sanity: 'lost',
        daysSinceMeal: 0,
        sheltered: false,
        attentionStage: 2,
        lostNights: 1,
        lostNightsRule: r.lostRestNights,
      }).lostNights,
  },
  smithArmorColour: {
    changed: 'garment',
    result: (r) => armorPriceColour({ gear: 'Red', garment: 'Blue' }, r.smithArmorColour).colour,
  },
  recolourLimit: {
    changed: 'each-lichslayer',
    result: (r) => recolourAllowed({ lichslayerId: 2, day: 3, recolouredOn: { '1': 3 } }, r.recolourLimit).ok,
  },
  squareGiftBonus: { changed: 2, result: (r) => squareGift(150, 1, r)?.bonus },
  vanityInnShift: {
    changed: 0,
    result: (r) =>
      rollInn(scripted(8), {
        contributedYesterday: 0,
        activeRetainers: 0,
        festival: false,
        squareEmpty: false,
        attentionStage: 0,
        turnedCharacters: 0,
        vanityNegativeShift: r.vanityInnShift,
      }).value,
  },
  halfBoon: {
    changed: 'none',
    result: (r) =>
      boonStrength(
        [{ idol: 1, inscription: 'celestial-mark', strength: 'half', holders: 'party', dedicator: 1, explain: '' }],
        'celestial-mark',
        1,
        r.halfBoon,
      ),
  },
  floraPatchDice: {
    changed: 2,
    result: (r) => {
      const p = rollFloraPatch(
        scripted(1, 4, 5),
        { who: 'x', floraAt: () => ({ flora: 'Ashbloom', colour: 'Red' }) },
        r,
      );
      return p.ok ? p.count : null;
    },
  },
  // ch.2, ch.15: one Black knife beside a Red cloak is "that color" by default; not a Mono-Color build.
  schoolColourAccess: {
    changed: 'mono-color',
    result: (r) =>
      schoolOpenTo(
        'demon',
        {
          name: 'Ash',
          gold: 0,
          inventory: [],
          items: [
            { slot: 'gear', name: 'Black Knife', colour: 'Black', broken: false },
            { slot: 'garment', name: 'Red Cloak', colour: 'Red', broken: false },
          ],
        },
        r,
      ),
  },
  // ch.1, ch.13: a Challenge the holder did not add Influence to takes none by default; every roll does under the other reading.
  influenceOnRolls: {
    changed: 'every-roll',
    result: (r) => influenceForRoll([{ source: 'Compass', sides: 6 }], false, 'Ash', r),
  },
  // ch.8: a Colourless entity's damage calls a Sanity Challenge by default; only Lich-type sources under the other reading.
  colourlessDamageSanity: {
    changed: 'none',
    result: (r) => hitSanity({ name: 'Pale Thing', entity: true, colour: 'Colourless', lichType: false }, r),
  },
  // ch.12: a Colourless Influence die adds nothing against the Phylactery by default.
  lichCodedVsPhylactery: {
    changed: 'colourless-damage',
    result: (r) => influenceAgainstPhylactery([{ source: 'Grey Compass', sides: 6 }], () => 'Colourless', r).useless,
  },
  // ch.8, ch.9: with no limit a Whole character's third room is allowed; at 2 a turn it is refused.
  roomsPerTurn: {
    changed: 2,
    result: (r) => turnStepRefusal({ name: 'Ash', sanity: 'whole' }, 1, 2, r),
  },
  // ch.14: Full Spectrum halves the Unbound's damage by default; nothing is applied under the other reading.
  fullSpectrumVsUnbound: {
    changed: 'none',
    result: (r) =>
      syncMultipliers(NO_SYNC, { colour: 'Red', sync: { ...NO_SYNC, fullSpectrum: true } }, 'Blue', {
        from: true,
        rules: r,
      }),
  },
  // ch.14: a Dual-Color Red and Black Lichslayer is immune to a Green Ghoul when the Ghouls' colours hold both.
  factionSignature: {
    changed: 'none',
    result: (r) =>
      resolveHit(
        { name: 'Ash', colour: 'Red', health: 20, armor: 0, sync: { ...NO_SYNC, dualColours: ['Red', 'Black'] } },
        {
          colour: 'Green',
          physical: true,
          fromEntity: true,
          faction: { name: 'Ghoul', signature: ['Red', 'Black', 'Green'] },
          label: 'a Green Ghoul',
        },
        5,
        [],
        r,
      ).outcome,
  },
  stageOneNegativeFirst: {
    changed: true,
    result: (r) =>
      rollInnNegativeFirst(
        scripted(4),
        { attentionStage: 1, negativeUpTo: r.innNegativeUpTo, rule: r.stageOneNegativeFirst },
        'x',
      )?.value ?? null,
  },
};

describe('house rules (RULINGS.md)', () => {
  it('defaults are the ones RULINGS.md names', () => {
    expect(DEFAULT_HOUSE_RULES).toMatchObject({
      challengeDice: 'level-dice',
      explosionsCountAsNatural: false,
      chestSuccessOn: 4,
      startingStats: { power: 6, speed: 6, health: 36, armor: 6 },
      lichOnFloorTen: false,
      statBlockTurnsWin: true,
      smithDistinctColours: true,
      smithRounding: 'up',
      weekStartDay: 1,
    });
    expect(DEFAULT_HOUSE_RULES.levelTable.slice(0, 4)).toEqual([0, 12, 36, 72]);
    expect(DEFAULT_HOUSE_RULES.classTable[7]).toBe('reroll');
  });

  for (const [setting, check] of Object.entries(checks) as [keyof HouseRules, (typeof checks)[keyof HouseRules]][]) {
    it(`changing ${setting} changes the result`, () => {
      const before = check.result(DEFAULT_HOUSE_RULES);
      const after = check.result(withRule({ [setting]: check.changed }));
      expect(after).not.toEqual(before);
    });
  }

  it('refuses impossible settings with a message naming the setting', () => {
    const bad = houseRulesSchema.safeParse({ chestSuccessOn: 9 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['chestSuccessOn']);
    expect(houseRulesSchema.safeParse({ levelTable: [0, 12, 10] }).error?.issues[0]?.message).toMatch(
      /more XP than the one before/,
    );
    expect(houseRulesSchema.safeParse({ classTable: Array(8).fill('reroll') }).success).toBe(false);
  });
});
