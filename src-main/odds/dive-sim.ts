// The dive simulator (Odds lab): whole dives played by the app's own rule functions — the room roll
// and its contents (app/room-contents.ts), traps (rules/trap.ts), attacks and hits (rules/attack.ts,
// rules/damage.ts), 0 Health (rules/damage.ts zeroHealthOutcome, as the dive machine reads it),
// Sanity Challenges (rules/challenge.ts), chests and loot (rules/board-facts.ts, the loot table via
// tables/table-roll.ts), the Attention (rules/lich-attention.ts). Nothing here touches the database:
// the world is loaded once and each dive gets its own seeded dice, so dive i replays from (seed, i).
// Every choice the book leaves to people is a named policy (SIM_POLICIES in @shared/odds-sim.ts).
import type { SimPolicies, SimTally } from '@shared/odds-sim.ts';
import { emptyTally, tallyDive } from './sim-tally.ts';
import { rollAttack, defaultTarget } from '../rules/attack.ts';
import { resolveHit, zeroHealthOutcome, PRESS_ON_HEALTH } from '../rules/damage.ts';
import { rollChallenge, rollModifiersOf } from '../rules/challenge.ts';
import { openChest } from '../rules/board-facts.ts';
import { rollGold } from '../rules/gold.ts';
import { powerAttackDice, XP_PER_CLEARED_FLOOR, XP_PER_ENEMY, xpFromGold } from '../rules/character.ts';
import { turnsPerRound } from '../rules/entities.ts';
import { dropSanity, sanityTarget } from '../rules/sanity.ts';
import { characterRollModifiers } from '../rules/roll-modifiers.ts';
import { applyAttentionTrigger, attentionAfterDay } from '../rules/lich-attention.ts';
import { floorTier } from '../rules/room-roll.ts';
import { rollTrapDamage, trapSteps } from '../rules/trap.ts';
import { Dice, type Modifier } from '../rules/dice.ts';
import { SeededRandom } from '../rules/random-source.ts';
import { rollOnTable, type DrawState } from '../tables/table-roll.ts';
import { rollRoomContents, rollWave } from '../play/room-contents.ts';
import {
  diveSeed,
  foeOf,
  pickFoe,
  retreats,
  ROUND_LIMIT,
  type DiveOutcome,
  type Fighter,
  type Foe,
  type SimWorld,
} from './sim-party.ts';

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
