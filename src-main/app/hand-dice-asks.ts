// What a player's own screen says when the Judge calls a roll for their Lichslayer, built here from
// the roll's arguments and what the table can see — never from the Judge's dialog, which shows
// secrets. A token the players cannot see is "a target"; a cause the Judge typed (or a named
// Challenge, which may name a trap or a hidden entity) is shown only when the Judge makes it public.
import type { HandRolledCommand } from '@shared/contract/dice-entry.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { PlayReader } from '../state/session.ts';
import { attackerKit } from '../play/fight-reach.ts';
import { attackDice, attackDiceWords, type AttackDice } from '../play/attack-dice.ts';
import { CommandFailure } from '../state/failures.ts';
import { allTokens, roomLabel } from '../state/board.ts';
import { challengeSetup } from '../play/challenge.ts';
import { playersSight } from '../views/player-view.ts';
import { creationFaceOrder } from '@shared/creation-words.ts';
import { castRollAsked } from '../play/cast-dice.ts';

/** The ask's text as the player reads it (at most 160 characters, as the call keeps it). */
export function askedOfPlayer(ps: PlayReader, command: HandRolledCommand, args: unknown, causePublic: boolean): string {
  const cause = command === 'challenge.roll' ? (args as ParsedArgsOf<'challenge.roll'>).cause?.trim() : undefined;
  const said = causePublic && cause && !(args as { preset?: string }).preset ? `: ${cause}` : '';
  return clip(textOf(ps, command, args, said));
}

function textOf(ps: PlayReader, command: HandRolledCommand, args: unknown, said: string): string {
  switch (command) {
    case 'fight.attack': {
      const a = args as ParsedArgsOf<'fight.attack'>;
      const shown = playersSight(ps).shownName.get(a.target);
      return `Attack ${shown ?? 'a target'}${said}${attackWith(ps, a)}`;
    }
    case 'challenge.roll': {
      const a = args as ParsedArgsOf<'challenge.roll'>;
      const setup = challengeSetup(ps, a);
      const preset = a.preset ? setup.presets.find((p) => p.key === a.preset) : undefined;
      const sanity = preset ? preset.sanity : a.sanity;
      const target = preset ? preset.target : a.target;
      const kind = sanity ? 'Sanity Challenge' : 'Challenge';
      return `${kind}${said}${target !== undefined ? `, target ${target}` : ''} — ${setup.roller.explain}`;
    }
    case 'fight.integrity': {
      const a = args as ParsedArgsOf<'fight.integrity'>;
      const item = setupItem(ps, a.lichslayerId, a.slot);
      return `Integrity check${item ? ` of ${item}` : ''}${said}: 1d6`;
    }
    case 'board.openChest':
      return `Open the chest${said}: the loot die first, then what it asks for`;
    case 'fight.damage': {
      const a = args as ParsedArgsOf<'fight.damage'>;
      const l = playersSight(ps).visible.find((t) => t.id === a.target)?.lichslayerId ?? null;
      const dice = l === null ? '' : ` — ${challengeSetup(ps, { lichslayerId: l }).roller.explain}`;
      return `Sanity Challenge${said}, for damage taken${dice}`;
    }
    case 'phase.nextTurn':
      return `The round's end: Sanity Challenges${said}`;
    case 'board.moveToken': {
      // What waits in the room may be the Judge's secret: the ask names only the room.
      const a = args as ParsedArgsOf<'board.moveToken'>;
      return `Entering ${roomLabel(a.floor, a.x, a.y)}: the dice the room asks of you, in the order the Judge calls them`;
    }
    case 'tables.roll':
      // A table's name may tell what is coming (a trap table, a Lich's spells): the ask names none.
      return `A roll on a table${said}: the dice in the order the Judge calls them`;
    case 'skill.use':
      // A skill may name a hidden class (ch.1) or a target the players cannot see: the ask names neither.
      return `A skill's roll${said}: the dice in the order the Judge calls them`;
    case 'phase.cast': {
      // The spell is the caster's own choice from their own spellbook: their player may read its name.
      const asked = castRollAsked(ps, args as ParsedArgsOf<'phase.cast'>);
      return asked.dice
        ? `${asked.spell}'s roll${said} (${asked.dice}) for ${asked.caster}`
        : `${asked.spell}${said} for ${asked.caster}: it rolls no dice as it is cast`;
    }
    case 'lichslayer.roll':
      // The class is rolled hidden even from its player (ch.1): the ask names its die, never the class.
      return `Rolling up a Lichslayer${said}: ${creationFaceOrder((args as ParsedArgsOf<'lichslayer.roll'>).influence)}`;
  }
}

/** " with Cinder Maul (2d6 + 2d6 for Power above 6)": the weapon and every die the attack will roll. */
function attackWith(ps: PlayReader, a: ParsedArgsOf<'fight.attack'>): string {
  const kit = attackerKit(ps, a.attacker);
  const weapon = kit.weapons.find((w) => (a.slot ? w.slot === a.slot : w.allowed)) ?? null;
  const target = allTokens(ps).find((t) => t.id === a.target);
  let dice: AttackDice | null = null;
  if (target)
    try {
      dice = attackDice(ps, kit, weapon, target, a);
    } catch (error) {
      // An Influence die asked for but not held: the attack will refuse it; the ask names the rest.
      if (!(error instanceof CommandFailure)) throw error;
      dice = attackDice(ps, kit, weapon, target, { ...a, influence: false });
    }
  return `${weapon ? ` with ${weapon.name}` : ''}${dice ? ` (${attackDiceWords(dice)})` : ''}`;
}

/** The name of the Lichslayer's own item in that slot (their own Gauntlet, no secret to them). */
function setupItem(ps: PlayReader, lichslayerId: number, slot: string): string | null {
  return challengeSetup(ps, { lichslayerId }).integrity.find((i) => i.slot === slot)?.name ?? null;
}

const clip = (s: string): string => (s.length <= 160 ? s : `${s.slice(0, 159)}…`);
