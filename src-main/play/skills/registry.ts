// Every class skill the app applies, by its name (ch.2): what one use of it does, and for a passive
// skill the choice that still makes a use of it. The effects live in their class's file; a skill
// held but not listed here is recorded as used with its effect left to the Judge.
import { counterAbility, prepareInCoat, stealDeclaredSpell, writeScrollOf } from '../cast-sources.ts';
import { identifyConduit } from '../school-access.ts';
import { bandageTokens, crushToken } from '../fight.ts';
import { chooseHeirloomCover, commandTargets, excusePay, influenceRoll, retainerIntel } from './aristocrat.ts';
import { burgle, cheatRoll, disarmHere } from './bandit.ts';
import { breakSkill, charge } from './breaker.ts';
import { atZeroHealth, chooseRefill, countHealsFromZero, cureToken, liftAfterBandage } from './doctor.ts';
import { identify, inscribe, predict } from './scholar.ts';
import type { SkillEffects } from './skill-call.ts';
import { maneuver, maneuverPrevented, rallyAround, recallRooms } from './veteran.ts';
import { commune } from './witch.ts';
import { beginOneness } from './oneness.ts';
import { familiarIntel } from '../familiar-intel.ts';

export const SKILL_EFFECTS: Readonly<SkillEffects> = {
  // The Witch's Familiar (ch.3): one piece of intelligence per Round.
  Familiar: { use: familiarIntel },
  // The Breaker
  Break: { use: breakSkill },
  Charge: { use: (c) => charge(c.ps, c.l, c.rooms[0], c.enhanced, c.notes) },
  Crush: { use: (c) => ({ target: crushToken(c.ps, c.l, c.args.tokenId, c.args.crush, c.notes) }) },
  // The Veteran
  Recall: { use: recallRooms },
  Maneuver: {
    use: (c) => {
      const ally = maneuver(c.ps, c.l, c.args.tokenId, c.rooms[0], c.usesInWindow(), c.now, c.notes);
      // ch.2: a fall to 0 Health the Maneuver kept an ally from counts toward Rally.
      if (c.args.prevented) maneuverPrevented(c.ps, c.l, ally, c.notes);
      return { target: ally };
    },
  },
  Rally: { use: (c) => rallyAround(c.ps, c.l, c.notes) },
  // The Bandit
  Burgle: { use: burgle },
  Disarm: { use: disarmHere },
  Cheat: { use: (c) => ({ target: cheatRoll(c.ps, c.l, c.args.rollId, c.args.keep, c.notes) }) },
  // The Scholar
  Identify: {
    use: (c) => {
      const read = identify(c.ps, c.l, c.args.tokenId, c.args.item, c.notes);
      // ch.2: Identify on a conduit opens one spell of its school for the rest of the floor.
      if (c.args.item) identifyConduit(c.ps, c.l, c.args.item, c.now.visit !== null, c.notes);
      return read;
    },
  },
  'Scrolls and Ink': {
    use: (c) => ({
      target: c.args.spell
        ? writeScrollOf(c.ps, c.l, c.args.spell, c.magic, c.notes)
        : inscribe(c.ps, c.l, c.args.inscribe, c.enhanced, c.notes),
    }),
  },
  Predict: { use: (c) => ({ target: predict(c.ps, c.l, c.args.tokenId, c.notes) }) },
  // The Aristocrat
  Command: { use: (c) => ({ target: commandTargets(c.ps, c.l, c.args.tokens, c.enhanced, c.notes) }) },
  Retainers: {
    // ch.2: floor intelligence asked of one Retainer (its token), or a Retainer excused a day's pay.
    passiveChoice: ({ args }) => !!args.tokenId || args.holiday !== undefined,
    use: (c) => {
      if (c.args.holiday !== undefined) return { target: excusePay(c.ps, c.l, c.args.holiday, c.day, c.notes) };
      const told = retainerIntel(
        c.ps,
        c.l,
        c.args.tokenId,
        c.rooms,
        (tokenId) => c.usesInWindow().some((u) => u.tokenId === tokenId && u.visit === c.now.visit),
        c.notes,
      );
      return { target: told.target, tokenId: told.tokenId };
    },
  },
  'Family Heirloom': {
    // ch.2: enhanced, it covers a chosen character each Round.
    passiveChoice: ({ enhanced }) => enhanced,
    use: (c) => ({ target: chooseHeirloomCover(c.ps, c.l, c.args.tokenId, c.notes) }),
  },
  Influence: {
    use: (c) => {
      const { target, success } = influenceRoll(c.ps, c.l, c.args.tokenId, c.args.influence, c.notes);
      return { target, success };
    },
  },
  // The Lich Doctor
  'Diagnose and Bandage': {
    use: (c) => {
      const wereAtZero = atZeroHealth(c.ps, c.args.tokens);
      bandageTokens(c.ps, c.l, c.args.tokens, c.enhanced, c.notes);
      liftAfterBandage(c.ps, c.l, c.args.tokens, c.args.lift, c.notes);
      countHealsFromZero(c.ps, c.l, wereAtZero, c.notes);
    },
  },
  'Medicine Bay': {
    // ch.2: enhanced, the Medicine Slot whose item replenishes each day is chosen through a use.
    passiveChoice: ({ args }) => !!args.refill,
    use: (c) => ({ target: c.args.refill ? chooseRefill(c.ps, c.l, c.args.refill, c.notes) : undefined }),
  },
  'Doctor’s Coat of Arms': {
    // ch.2: a spell prepared in the Coat.
    passiveChoice: ({ args }) => !!args.spell,
    use: (c) => ({ target: c.args.spell ? prepareInCoat(c.ps, c.l, c.args.spell, c.magic, c.notes) : undefined }),
  },
  Cure: { use: (c) => ({ target: cureToken(c.ps, c.l, c.args.tokenId, c.args.ailment, c.notes) }) },
  // The Witch
  Commune: { use: commune },
  Oneness: { use: beginOneness },
  'Counter Magic': {
    // ch.2: with a spell declared, it is stolen; otherwise the counter itself is the Judge's to apply.
    use: (c) => {
      if (c.args.ability) return { target: counterAbility(c.ps, c.l, c.args.tokenId, c.args.ability, c.notes) };
      if (!c.args.spell) return void c.notes.push(`${c.l.name} uses Counter Magic (ch.2)`);
      return { target: stealDeclaredSpell(c.ps, c.l, c.args.tokenId, c.args.spell, c.now.round, c.notes) };
    },
  },
};
