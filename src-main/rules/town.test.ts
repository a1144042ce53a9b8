// Town economy: the Inn, the Smith, Idols and Retainers (ch.4, ch.5, ch.6, ch.7).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom, SeededRandom } from './random-source.ts';
import { INN_PRICES, innNight, innPrices, innPurchase, rollInn, type InnContext } from './inn.ts';
import { innFieldsSchema } from '@shared/tables.ts';
import { armorRepair, brokenItemRepair, recolour, rollDisposition, smithPrice } from './smith.ts';
import { activeBoons, IDOL_TIERS, idolActive, isVanity, vanityStage, type Idol } from './idol.ts';
import { loyaltyAfterPay, retainerCap, rollRetainers, RETAINER_GRADES } from './retainers.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));
const quietInn: InnContext = {
  contributedYesterday: 0,
  activeRetainers: 0,
  festival: false,
  squareEmpty: false,
  attentionStage: 0,
  turnedCharacters: 0,
};

describe('the Inn (ch.4, ch.5)', () => {
  it('ch.4: meal 36, shelter 72, both 108', () => {
    expect(INN_PRICES).toEqual({ meal: 36, shelter: 72, both: 108 });
  });

  it('ch.4, ch.5: a day’s Inn events scale the 36 and 72 gold, add to shelter, and set the days a meal feeds; none keeps the book’s', () => {
    const book = { meal: 36, shelter: 72, both: 108, fedDays: 1, why: null };
    expect(innPrices([])).toEqual(book);
    expect(innPrices([{ label: 'Quiet', inn: null }])).toEqual(book);
    const rain = {
      label: 'Rain',
      inn: innFieldsSchema.parse({ mealPercent: 50, shelterPercent: 150, shelterExtra: 5, fedDays: 3 }),
    };
    expect(innPrices([rain])).toEqual({
      meal: 18,
      shelter: 113,
      both: 131,
      fedDays: 3,
      why: 'Rain today: a meal 18 gold, shelter 113 gold, a meal feeds 3 days',
    });
    // Stage 1's negative event first and the day's own both bear on the day (ch.5)
    const caravan = { label: 'Caravan', inn: innFieldsSchema.parse({ shelterPercent: 200 }) };
    expect(innPrices([caravan, rain])).toEqual({
      meal: 18,
      shelter: 221,
      both: 239,
      fedDays: 3,
      why: 'Caravan and Rain today: a meal 18 gold, shelter 221 gold, a meal feeds 3 days',
    });
  });

  it('ch.4, ch.8: a day’s Inn events may spoil its meals or its rest and add Sanity levels to it; none changes nothing', () => {
    const none = { damages: null, theft: null, omen: null };
    expect(innNight([{ label: 'Quiet', inn: null }])).toEqual({
      spoiledBy: null,
      unrestBy: null,
      bonus: null,
      ...none,
    });
    const stew = { label: 'Stew', inn: innFieldsSchema.parse({ mealPercent: 50, mealFeeds: false }) };
    const rats = { label: 'Rats', inn: innFieldsSchema.parse({ restRecovers: false }) };
    const song = { label: 'Song', inn: innFieldsSchema.parse({ restBonus: 1 }) };
    expect(innNight([stew, song])).toEqual({
      spoiledBy: 'Stew',
      unrestBy: null,
      bonus: { levels: 1, by: 'Song' },
      ...none,
    });
    expect(innNight([rats, song])).toEqual({
      spoiledBy: null,
      unrestBy: 'Rats',
      bonus: { levels: 1, by: 'Song' },
      ...none,
    });
  });

  it('ch.5: the events of one day (Stage 1 may bring two) add their damages, cutpurse dice and omens, each named by its event', () => {
    const brawl = { label: 'Brawl', inn: innFieldsSchema.parse({ damages: 12 }) };
    const thief = { label: 'Thief', inn: innFieldsSchema.parse({ theftD6: 1, nextTombsChallenge: -1 }) };
    const news = { label: 'News', inn: innFieldsSchema.parse({ nextTombsChallenge: -1 }) };
    expect(innNight([brawl, thief, news])).toMatchObject({
      damages: { gold: 12, by: 'Brawl' },
      theft: { d6: 1, by: 'Thief' },
      omen: { value: -2, by: 'Thief and News' },
    });
  });

  it('ch.4, ch.5: a purchase is paid by the character or by another; one meal and one shelter a day; none at Stage 4', () => {
    const base = {
      what: 'both' as const,
      who: 'Odile',
      ateToday: false,
      shelteredToday: false,
      gold: 100,
      payer: null,
      stage: 0 as const,
    };
    expect(innPurchase(base)).toEqual({
      ok: false,
      reason: 'A meal and shelter cost 108 gold and Odile holds 100 (ch.4)',
    });
    expect(innPurchase({ ...base, payer: { name: 'Quillam', gold: 108 } })).toEqual({
      ok: true,
      price: 108,
      eats: true,
      shelters: true,
      fedDays: 1,
      explain: 'Odile: meal and shelter for 108 gold, paid by Quillam (ch.4)',
    });
    expect(innPurchase({ ...base, what: 'meal', ateToday: true })).toEqual({
      ok: false,
      reason: 'Odile already has that today',
    });
    expect(innPurchase({ ...base, what: 'shelter', ateToday: true })).toEqual({
      ok: true,
      price: 72,
      eats: false,
      shelters: true,
      fedDays: 0,
      explain: 'Odile: shelter for 72 gold (ch.4)',
    });
    expect(innPurchase({ ...base, what: 'meal', stage: 4 })).toEqual({
      ok: false,
      reason: 'The Inn is closed at Stage 4: no one eats or sleeps there (ch.5)',
    });
  });

  it('ch.5: patron investment (max +3), Retainers, Square and Attention modifiers; capped 2..12', () => {
    const r = rollInn(scripted(6), {
      ...quietInn,
      contributedYesterday: 900,
      activeRetainers: 7,
      festival: true,
      attentionStage: 1,
    });
    expect(r.modifiers).toEqual([
      { source: 'Patron investment', value: 3 },
      { source: 'Retainers', value: 2 },
      { source: 'Festival', value: 2 },
      { source: "Lich's Attention Stage 1", value: -1 },
    ]);
    expect(r.value).toBe(12);
    expect(rollInn(scripted(1), quietInn).value).toBe(2);
  });

  it('ch.5: Stage 3 locks the Inn to events 2-9; Stage 4 closes it', () => {
    expect(rollInn(scripted(12), { ...quietInn, attentionStage: 3 }).value).toBe(9);
    expect(rollInn(scripted(), { ...quietInn, attentionStage: 4 }).closed).toBe(true);
  });
});

describe('the Smith (ch.4)', () => {
  it('ch.4: two favoured and two distrusted colours, duplicates re-rolled', () => {
    const d = rollDisposition(scripted(1, 1, 2, 2, 3, 4), RULES);
    expect(d.favoured).toEqual(['Red', 'Blue']);
    expect(d.distrusted).toEqual(['Green', 'Purple']);
  });

  it('property: the four disposition colours are always distinct', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const d = rollDisposition(new Dice(new SeededRandom(seed)), RULES);
        return new Set([...d.favoured, ...d.distrusted]).size === 4;
      }),
    );
  });

  it('ch.4: favoured −20 %, distrusted +30 %, rounded up to whole gold', () => {
    const disp = { favoured: ['Red' as const], distrusted: ['Blue' as const] };
    expect(smithPrice(36, 'Red', disp, RULES).value).toBe(29); // 28.8 → 29
    expect(smithPrice(36, 'Blue', disp, RULES).value).toBe(47); // 46.8 → 47
    expect(smithPrice(36, 'Green', disp, RULES).value).toBe(36);
  });

  it('ch.4: Armor repair is 36 a point, never above maximum; broken items a quarter of sell value', () => {
    expect(armorRepair(4, 6, 5)).toMatchObject({ points: 2, cost: 72 });
    expect(brokenItemRepair(130, RULES)).toBe(33);
  });

  it('ch.4: recolour needs 36 gold and the colour’s Stone; never to or from Colourless', () => {
    expect(recolour('Red', 'Blue')).toEqual({ ok: true, cost: 36, stone: 'Sapphire' });
    expect(recolour('Red', 'Colourless').ok).toBe(false);
    expect(recolour('Colourless', 'Red').ok).toBe(false);
  });
});

describe('Idols (ch.6)', () => {
  const idol = (tier: 1 | 2 | 3, extra: Partial<Idol> = {}): Idol => ({
    tier,
    commissionedDay: 1,
    inscription: null,
    selfIdol: false,
    ...extra,
  });

  it('ch.6: tiers cost 1,000 / 5,000 / 15,000 + a Rare and take 1 / 3 / 7 days', () => {
    expect([1, 2, 3].map((t) => [IDOL_TIERS[t as 1].gold, IDOL_TIERS[t as 1].buildDays])).toEqual([
      [1000, 1],
      [5000, 3],
      [15000, 7],
    ]);
    expect(IDOL_TIERS[3].rareLoot).toBe(1);
  });

  it('ch.6: an Idol is active from the day construction completes', () => {
    expect(idolActive(idol(2), 3)).toBe(false);
    expect(idolActive(idol(2), 4)).toBe(true);
  });

  it('ch.6: the Vanity stage follows the set of active Vanity Idols', () => {
    expect(vanityStage([idol(1)], 10).stage).toBe(1);
    expect(vanityStage([idol(1), idol(1)], 10).stage).toBe(2);
    expect(vanityStage([idol(2)], 10).stage).toBe(2);
    expect(vanityStage([idol(2), idol(2)], 10).stage).toBe(3);
    expect(vanityStage([idol(3)], 10).stage).toBe(3);
    expect(vanityStage([idol(3), idol(3)], 10).stage).toBe(4);
    expect(vanityStage([idol(1, { crown: true })], 10).stage).toBe(4);
    expect(vanityStage([idol(1, { inscription: "The Giver's Mark" })], 10).stage).toBe(0);
    expect(vanityStage([idol(1, { inscription: "The Giver's Mark", selfIdol: true })], 10).stage).toBe(1);
  });
});

describe('Idol inscriptions (ch.6)', () => {
  it('ch.6: a proper inscription grants its boon; a wrong one half the boon and the full consequence; none is Vanity', () => {
    const idol = (inscription: 'givers-mark' | 'lich-crown' | null, suitsSubject: boolean) => ({
      id: 1,
      tier: 1 as const,
      commissionedDay: 1,
      inscriptionId: inscription,
      inscription: inscription === null || !suitsSubject ? null : inscription,
      suitsSubject,
      selfIdol: false,
      crown: inscription === 'lich-crown',
      dedicator: 1,
    });
    expect(activeBoons([idol('givers-mark', true)], 2).map((b) => b.strength)).toEqual(['full']);
    expect(isVanity(idol('givers-mark', true))).toBe(false);
    expect(activeBoons([idol('givers-mark', false)], 2).map((b) => b.strength)).toEqual(['half']);
    expect(isVanity(idol('givers-mark', false))).toBe(true);
    expect(activeBoons([idol(null, true)], 2)).toEqual([]);
    expect(isVanity(idol(null, true))).toBe(true);
    expect(activeBoons([idol('lich-crown', true)], 2)).toEqual([]);
    expect(isVanity(idol('lich-crown', true))).toBe(true);
  });
});

describe('Retainers (ch.7)', () => {
  it('ch.7: wages and stats by grade', () => {
    expect(RETAINER_GRADES.common).toMatchObject({ wage: 108, health: 18, armor: 3 });
    expect(RETAINER_GRADES.exceptional).toMatchObject({ wage: 360, health: 42, armor: 9, attackDice: 2, loot: 1 });
  });

  it('ch.7: double pay raises loyalty, a missed wage lowers it; cap equals Aristocrat level', () => {
    expect(loyaltyAfterPay('standard', 'double')).toBe('devoted');
    expect(loyaltyAfterPay('standard', 'missed')).toBe('wary');
    expect(loyaltyAfterPay('wary', 'missed')).toBe('wary');
    expect(retainerCap(3)).toBe(3);
  });

  it('ch.7: daily d8 +1 per 3 Devoted, −1 per active Vanity Idol', () => {
    expect(rollRetainers(scripted(5), { devoted: 6, activeVanityIdols: 1 }).value).toBe(6);
  });
});
