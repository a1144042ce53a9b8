// The dive simulator (Odds lab): whole dives played by the app's own rule functions — the room roll
// and its contents (app/room-contents.ts), traps (rules/trap.ts), attacks and hits (rules/attack.ts,
// rules/damage.ts), 0 Health (rules/damage.ts zeroHealthOutcome, as the dive machine reads it),
// Sanity Challenges (rules/challenge.ts), chests and loot (rules/board-facts.ts, the loot table via
// tables/table-roll.ts), the Attention (rules/lich-attention.ts). Nothing here touches the database:
// the world is loaded once and each dive gets its own seeded dice, so dive i replays from (seed, i).
// Every choice the book leaves to people is a named policy (SIM_POLICIES in @shared/odds-sim.ts).
import type { Colour, SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { TableDef } from '@shared/tables.ts';
import type { SimPolicies, SimTally } from '@shared/odds-sim.ts';
import { rollAttack, defaultTarget, parseDamage, type DamageSpec } from '../rules/attack.ts';
import { resolveHit, zeroHealthOutcome, PRESS_ON_HEALTH } from '../rules/damage.ts';
import { rollChallenge, rollModifiersOf } from '../rules/challenge.ts';
import { openChest } from '../rules/board-facts.ts';
import { rollGold } from '../rules/gold.ts';
import { powerAttackDice, XP_PER_CLEARED_FLOOR, XP_PER_ENEMY, xpFromGold } from '../rules/character.ts';
import { turnsPerRound } from '../rules/entities.ts';
import { dropSanity, sanityTarget } from '../rules/sanity.ts';
import { characterRollModifiers } from '../rules/roll-modifiers.ts';
import { applyAttentionTrigger, attentionAfterDay, type AttentionState } from '../rules/lich-attention.ts';
import { floorTier } from '../rules/room-roll.ts';
import { rollTrapDamage, trapSteps } from '../rules/trap.ts';
import { Dice, type Modifier } from '../rules/dice.ts';
import { SeededRandom } from '../rules/random-source.ts';
import { rollOnTable, type DrawState } from '../tables/table-roll.ts';
import { rollRoomContents, rollWave, type RolledEntity } from '../play/room-contents.ts';

/** A Lichslayer as the simulator starts them: the roster's row, or one the Judge describes. */
export interface SimMember {
  name: string;
  level: number;
  health: number;
  armor: number;
  power: number;
  speed: number;
  sanity: SanityLevel;
  weapon: DamageSpec;
  weaponColour: Colour;
}

export interface SimWorld {
  tables: ReadonlyMap<string, TableDef>;
  /** Rows already drawn from draw-without-replacement tables: each dive starts from these. */
  drawn: ReadonlyMap<string, ReadonlySet<number>>;
  rules: HouseRules;
  attention: AttentionState;
  party: readonly SimMember[];
}

/** A fight that runs this many rounds without an end is called off: the party withdraws from the floor. */
export const ROUND_LIMIT = 60;
/** The seed of dive i of a run: each dive its own stream, so any dive replays alone. */
export const diveSeed = (seed: number, i: number): number =>
  (Math.imul(seed ^ 0x9e3779b9, 2654435761) + Math.imul(i + 1, 0x85ebca6b)) >>> 0;

/** A Lichslayer in the dive; also a candidate for the enemies' default target (rules/attack.ts). */
interface Fighter {
  m: SimMember;
  index: number;
  id: number;
  name: string;
  stackIndex: number;
  health: number;
  armor: number;
  sanity: SanityLevel;
  /** In the dive: false once withdrawn or permanently lost. */
  present: boolean;
  lost: boolean;
  zeroes: number;
  /** Reached 0 Health on the current floor at least once. */
  downed: boolean;
  gold: number;
  enemies: number;
  turns: number;
  /** Modifiers to all rolls, worked out again only when Sanity moves. */
  mods: { sanity: SanityLevel; all: Modifier[] } | null;
}

interface Foe {
  e: RolledEntity;
  health: number;
  armor: number;
  attack: DamageSpec | null;
  turns: number;
}

/** One dive's outcome: what the tally counts. */
export interface DiveOutcome {
  /** Deepest floor entered (0: none). */
  deepest: number;
  /** Per floor 1..10: Lichslayers present on entering, reaching 0 Health there, permanently lost there. */
  entered: number[];
  felled: number[];
  /** Lichslayers reaching 0 Health at least once on this floor. */
  downed: number[];
  lost: number[];
  gold: number;
  xp: number;
  lootTiers: Record<string, number>;
  lootColours: Record<string, number>;
  attentionStage: number;
  survivors: number;
}

export function simulateDive(world: SimWorld, policies: SimPolicies, seed: number): DiveOutcome {
  const dice = new Dice(new SeededRandom(seed));
  const { rules } = world;
  const drawn: DrawState = new Map([...world.drawn].map(([k, s]) => [k, new Set(s)]));
  const party: Fighter[] = world.party.map((m, index) => ({
    m,
    index,
    id: index,
    name: m.name,
    stackIndex: index,
    health: m.health,
    armor: m.armor,
    sanity: m.sanity,
    present: true,
    lost: false,
    zeroes: 0,
    downed: false,
    gold: 0,
    enemies: 0,
    turns: turnsPerRound(m.speed, rules).value,
    mods: null,
  }));
  const out: DiveOutcome = {
    deepest: 0,
    entered: new Array(11).fill(0),
    felled: new Array(11).fill(0),
    downed: new Array(11).fill(0),
    lost: new Array(11).fill(0),
    gold: 0,
    xp: 0,
    lootTiers: {},
    lootColours: {},
    attentionStage: world.attention.stage,
    survivors: 0,
  };
  let attention = world.attention;
  // Those still in the dive, worked out again only when someone leaves (asked for on every attack).
  let present: Fighter[] | null = null;
  const here = () => (present ??= party.filter((f) => f.present));
  const mods = (f: Fighter): Modifier[] => {
    if (f.mods?.sanity !== f.sanity)
      f.mods = {
        sanity: f.sanity,
        all: rollModifiersOf(
          characterRollModifiers({ sanity: f.sanity, daysWithoutMeal: 0, daysWithoutShelter: 0 }),
          null,
        ).all,
      };
    return f.mods.all;
  };

  /** A Sanity Challenge for one Lichslayer (ch.8): a failure drops a level. */
  const sanityCheck = (f: Fighter, target: number, cause: string) => {
    const r = rollChallenge(
      dice,
      {
        level: f.m.level,
        target,
        cause,
        sanity: f.sanity,
        sanityChallenge: { attentionStage: attention.stage, where: 'tombs' },
      },
      rules,
    );
    if (!r.success) f.sanity = dropSanity(f.sanity);
  };

  /** 0 Health (ch.10, ch.11): permanently lost, or the policy's choice between withdrawing and pressing on. */
  const atZero = (f: Fighter, floor: number) => {
    f.zeroes += 1;
    out.felled[floor]! += 1;
    if (!f.downed) out.downed[floor]! += 1;
    f.downed = true;
    // ch.11: another player character at 0 Health shakes everyone else on the floor, whatever they then choose.
    for (const other of here())
      if (other !== f) sanityCheck(other, sanityTarget('ally-at-zero', rules).target, 'an ally at 0 Health');
    const o = zeroHealthOutcome(floor, f.zeroes);
    if (o.kind === 'permanently-lost' || policies.atZero === 'withdraw') {
      f.present = false;
      present = null;
      if (o.kind === 'permanently-lost') {
        f.lost = true;
        out.lost[floor]! += 1;
      }
      return;
    }
    f.health = PRESS_ON_HEALTH;
  };

  /** A fight to its end: true when every foe is down, false when the party is out or the round limit ends it. */
  const fight = (foes: Foe[], floor: number): boolean => {
    for (let round = 0; round < ROUND_LIMIT; round++) {
      for (const f of here()) {
        for (let t = 0; t < f.turns && f.present; t++) {
          const target = pickFoe(foes, policies.target);
          if (!target) return true;
          const a = rollAttack(
            dice,
            {
              attacker: f.m.name,
              cause: 'attack',
              base: f.m.weapon,
              powerDice: powerAttackDice(f.m.power),
              modifiers: mods(f),
            },
            rules,
          );
          if (a.miss) continue;
          const hit = resolveHit(
            { name: target.e.name, colour: target.e.fields.colour, health: target.health, armor: target.armor },
            { colour: f.m.weaponColour, physical: true, label: 'attack' },
            a.total,
            [],
            rules,
          );
          target.health = hit.health;
          target.armor = hit.armor;
          if (hit.reachedZero) f.enemies += XP_PER_ENEMY;
        }
      }
      if (!pickFoe(foes, 'first')) return true;
      for (const foe of foes) {
        if (!foe.attack || foe.health <= 0) continue;
        for (let t = 0; t < foe.turns; t++) {
          const f = defaultTarget(here(), rules, false).target;
          if (!f) return false;
          const a = rollAttack(
            dice,
            { attacker: foe.e.name, cause: 'enemy attack', base: foe.attack, powerDice: 0, modifiers: [] },
            rules,
          );
          if (a.miss) continue;
          const hit = resolveHit(
            { name: f.m.name, colour: f.m.weaponColour, health: f.health, armor: f.armor },
            {
              colour: foe.e.fields.colour,
              physical: true,
              bypassArmor: foe.e.fields.bypassArmor,
              fromEntity: true,
              label: foe.e.name,
            },
            a.total,
            [],
            rules,
          );
          f.health = hit.health;
          f.armor = hit.armor;
          if (hit.healthLost > 0 && (foe.e.fields.lichType || foe.e.fields.sanityOnHit))
            sanityCheck(f, foe.e.fields.sanityOnHit || sanityTarget('lich-damage', rules).target, 'a Lich-type hit');
          if (hit.reachedZero) atZero(f, floor);
        }
      }
      if (!here().length) return false;
    }
    return false;
  };

  const deepest = Math.min(10, policies.floors);
  floors: for (let floor = 1; floor <= deepest; floor++) {
    const entering = here();
    if (!entering.length) break;
    out.deepest = floor;
    out.entered[floor] = entering.length;
    attention = applyAttentionTrigger(attention, { kind: 'descent', floor }).state;
    for (const f of entering) {
      f.zeroes = 0;
      f.downed = false;
    }
    if (floor === 10) {
      // Floor 10 is not table-generated: waves enter at the Gate each round (ch.10); the policy says how many the party must outlast.
      for (let w = 0; w < policies.floorTenWaves; w++) {
        const wave = rollWave({
          dice,
          tables: world.tables,
          drawn,
          rules,
          world: { festival: false, squareEmpty: false },
          attentionStage: attention.stage,
          players: here().length,
          floor: 10,
          where: 'the Gate',
        });
        if (
          !fight(
            wave.entities.map((e) => foeOf(e, rules)),
            10,
          )
        )
          break;
      }
      break;
    }
    const tier = floorTier(floor);
    for (let room = 0; room < policies.roomsPerFloor; room++) {
      const people = here();
      if (!people.length) break floors;
      const c = rollRoomContents({
        dice,
        tables: world.tables,
        drawn,
        rules,
        world: { festival: false, squareEmpty: false },
        attentionStage: attention.stage,
        players: people.length,
        floor,
        where: `room ${room + 1}`,
      });
      if (c.trap) {
        for (const f of people) {
          const node = rollOnTable({ dice, tables: world.tables, drawn, cause: 'trap' }, `traps-${tier}`, {});
          const effect = node.row !== null ? world.tables.get(`traps-${tier}`)?.rows[node.row]?.trap : null;
          if (!effect) continue;
          let passed: boolean | null = null;
          if (effect.challenge) {
            const r = rollChallenge(
              dice,
              {
                level: f.m.level,
                target: effect.challenge.target,
                cause: 'trap',
                sanity: f.sanity,
                ...(effect.challenge.sanity
                  ? { sanityChallenge: { attentionStage: attention.stage, where: 'tombs' as const } }
                  : {}),
              },
              rules,
            );
            passed = r.success;
            if (!passed && effect.challenge.sanity) f.sanity = dropSanity(f.sanity);
          }
          if (!trapSteps(effect, passed).damage) continue;
          for (let r = 0; r < (effect.ongoing ? effect.rounds : 1) && f.present; r++) {
            const d = rollTrapDamage(dice, effect, 'trap damage');
            if (!d) break;
            const hit = resolveHit(
              { name: f.m.name, colour: f.m.weaponColour, health: f.health, armor: f.armor },
              {
                colour: null,
                physical: !effect.ongoing,
                ongoing: effect.ongoing,
                bypassArmor: effect.bypassArmor,
                label: 'trap',
              },
              d.amount,
              [],
              rules,
            );
            f.health = hit.health;
            f.armor = hit.armor;
            if (hit.reachedZero) atZero(f, floor);
          }
        }
      }
      if (c.sanityTest)
        for (const f of here()) sanityCheck(f, sanityTarget('sanity-test-room', rules).target, 'a Sanity Test room');
      if (
        c.entities.length &&
        here().length &&
        !fight(
          c.entities.map((e) => foeOf(e, rules)),
          floor,
        )
      ) {
        // The fight ended without a win: whoever is still standing withdraws from the floor (ch.11).
        break floors;
      }
      const takers = here();
      if (!takers.length) break floors;
      const share = (gold: number) => {
        out.gold += gold;
        for (const f of takers) f.gold += gold / takers.length;
      };
      if (c.gold) share(c.gold);
      if (c.chest && openChest(dice, rules, 'chest').hasLoot) {
        const node = rollOnTable({ dice, tables: world.tables, drawn, cause: 'chest loot' }, 'loot', { floor });
        const loot = node.row !== null ? world.tables.get('loot')?.rows[node.row]?.loot : null;
        if (loot) {
          out.lootTiers[loot.tier] = (out.lootTiers[loot.tier] ?? 0) + 1;
          out.lootColours[loot.colour] = (out.lootColours[loot.colour] ?? 0) + 1;
        }
        const g = c.chestGold ? rollGold(dice, c.chestGold, 'chest gold') : null;
        if (g) share(g.gold);
      }
    }
    // ch.1: 6 XP for a floor fully cleared, every room entered (a fight lost leaves the floor above).
    if (policies.roomsPerFloor >= 25) for (const f of here()) f.enemies += XP_PER_CLEARED_FLOOR;
    if (retreats(party, policies)) break;
  }
  attention = attentionAfterDay(attention, { deepestFloorDived: 0 }).state;
  out.attentionStage = attention.stage;
  for (const f of party) out.xp += f.enemies + xpFromGold(Math.floor(f.gold)).value;
  out.survivors = party.filter((f) => !f.lost).length;
  return out;
}

function foeOf(e: RolledEntity, rules: HouseRules): Foe {
  return {
    e,
    health: e.health,
    armor: e.fields.armor,
    attack: parseDamage(e.fields.attack),
    turns: turnsPerRound(e.fields.speed, rules, e.fields.turns).value,
  };
}

/** The party's pick among the foes standing (policy `target`), null when none stands; ties go to the first placed. */
export function pickFoe(foes: readonly Foe[], policy: SimPolicies['target']): Foe | null {
  let best: Foe | null = null;
  for (const x of foes) {
    if (x.health <= 0) continue;
    if (!best) {
      best = x;
      if (policy === 'first') return best;
    } else if (
      policy === 'weakest'
        ? x.health + x.armor < best.health + best.armor
        : x.health + x.armor > best.health + best.armor
    )
      best = x;
  }
  return best;
}

/** Policy `retreat`: after a floor, whether those still in the dive climb back to the Town. */
function retreats(party: readonly Fighter[], policies: SimPolicies): boolean {
  const present = party.filter((f) => f.present);
  if (policies.retreat === 'half-out') return present.length * 2 <= party.length;
  if (policies.retreat === 'hurt') return present.some((f) => f.health * 2 < f.m.health);
  return false;
}

/** Adds one dive to a running tally (sums and sums of squares, for the intervals). */
export function tallyDive(t: SimTally, d: DiveOutcome, partySize: number): void {
  t.dives += 1;
  for (let f = 1; f <= 10; f++) {
    if (d.entered[f]! > 0) t.reached[f]! += 1;
    t.entered[f]! += d.entered[f]!;
    t.felled[f]! += d.felled[f]!;
    t.felledSq[f]! += d.felled[f]! ** 2;
    t.lost[f]! += d.lost[f]!;
    t.downed[f]! += d.downed[f]!;
  }
  t.gold += d.gold;
  t.goldSq += d.gold ** 2;
  t.xp += d.xp;
  t.xpSq += d.xp ** 2;
  t.survivors += d.survivors;
  t.partySize = partySize;
  for (const [k, v] of Object.entries(d.lootTiers)) t.lootTiers[k] = (t.lootTiers[k] ?? 0) + v;
  for (const [k, v] of Object.entries(d.lootColours)) t.lootColours[k] = (t.lootColours[k] ?? 0) + v;
  t.attention[d.attentionStage]! += 1;
  t.goldHistogram[Math.min(t.goldHistogram.length - 1, Math.floor(d.gold / 50))]! += 1;
}

export function emptyTally(): SimTally {
  const floors = () => new Array(11).fill(0) as number[];
  return {
    dives: 0,
    partySize: 0,
    reached: floors(),
    entered: floors(),
    felled: floors(),
    felledSq: floors(),
    downed: floors(),
    lost: floors(),
    gold: 0,
    goldSq: 0,
    xp: 0,
    xpSq: 0,
    survivors: 0,
    lootTiers: {},
    lootColours: {},
    attention: [0, 0, 0, 0, 0],
    goldHistogram: new Array(21).fill(0) as number[],
  };
}

/** Dives from..to of a run, tallied; `onProgress` after each block so a worker can report and be stopped. */
export function simulateRange(
  world: SimWorld,
  policies: SimPolicies,
  seed: number,
  from: number,
  to: number,
  t: SimTally = emptyTally(),
): SimTally {
  for (let i = from; i < to; i++) tallyDive(t, simulateDive(world, policies, diveSeed(seed, i)), world.party.length);
  return t;
}

export function mergeTallies(a: SimTally, b: SimTally): SimTally {
  const add = (x: number[], y: number[]) => x.map((v, i) => v + y[i]!);
  const addRec = (x: Record<string, number>, y: Record<string, number>) => {
    const r = { ...x };
    for (const [k, v] of Object.entries(y)) r[k] = (r[k] ?? 0) + v;
    return r;
  };
  return {
    dives: a.dives + b.dives,
    partySize: Math.max(a.partySize, b.partySize),
    reached: add(a.reached, b.reached),
    entered: add(a.entered, b.entered),
    felled: add(a.felled, b.felled),
    felledSq: add(a.felledSq, b.felledSq),
    lost: add(a.lost, b.lost),
    downed: add(a.downed, b.downed),
    gold: a.gold + b.gold,
    goldSq: a.goldSq + b.goldSq,
    xp: a.xp + b.xp,
    xpSq: a.xpSq + b.xpSq,
    survivors: a.survivors + b.survivors,
    lootTiers: addRec(a.lootTiers, b.lootTiers),
    lootColours: addRec(a.lootColours, b.lootColours),
    attention: add(a.attention, b.attention),
    goldHistogram: add(a.goldHistogram, b.goldHistogram),
  };
}
