// One player's own screen: their Lichslayer's Gauntlet as the Judge's view computes it, read-only,
// with the class held back until it is revealed, the Judge's notes dropped, and of the board only
// what the table can see (whose turn the highlight shows, this Lichslayer's place among the visible).
import type { PlayReader } from '../state/session.ts';
import type { CampaignView } from '@shared/contract.ts';
import type { PrivateView } from '@shared/private-view.ts';
import { skillsUnlocked } from '../rules/character.ts';
import { SANITY_LADDER } from '../rules/sanity.ts';
import { gauntletItems } from './print-view.ts';
import { playersSight } from './player-view.ts';
import { turnOrder } from './turn-order.ts';
import { countBuild } from './view-builds.ts';
import { currentCall } from '../play/dice-calls.ts';
import { canDoNow, skillsNow } from './private-turn.ts';

/** The private screen of one Lichslayer of the Judge's view; throws when the roster has none of that id. */
export function privateView(judge: CampaignView, ps: PlayReader, lichslayerId: number): PrivateView {
  countBuild('private');
  const l = judge.roster.find((r) => r.id === lichslayerId);
  if (!l) throw new Error(`No Lichslayer ${lichslayerId}.`);
  const rung = SANITY_LADDER[l.sanity];
  // A skill's name tells its class (ch.2): both stay hidden from the player until the class is revealed.
  const revealed = skillsUnlocked(l.level).classRevealed;
  const { clock } = l.life;
  const skills = revealed ? skillsNow(ps, l) : [];
  return {
    campaign: judge.name,
    name: l.name,
    level: l.level,
    className: revealed ? l.hiddenClass : null,
    health: l.health,
    maxHealth: l.maxHealth,
    armor: l.armor,
    maxArmor: l.maxArmor,
    power: l.power,
    speed: l.speed,
    magic: l.derived.magic.value,
    sanity: { level: l.sanity, label: rung.label, penalty: rung.rollPenalty },
    gold: l.gold,
    goldMarks: l.derived.goldMarks.value,
    xp: l.xp,
    items: gauntletItems(l),
    inventory: l.inventory.map((s) => ({ name: s.name, count: s.count, broken: s.broken === true })),
    inventoryDepth: l.derived.inventoryDepth.value,
    skills,
    ailments: l.life.ailments,
    penalties: l.life.penalties,
    clock: {
      daysWithoutMeal: clock.daysWithoutMeal,
      daysWithoutShelter: clock.daysWithoutShelter,
      ateToday: clock.ateToday,
      shelteredToday: clock.shelteredToday,
    },
    fight: fightOf(ps, lichslayerId, l.derived.magic.value, skills),
    call: callOf(ps, lichslayerId),
  };
}

/** The roll the Judge called for this Lichslayer, if any: what is asked and the faces already sent. */
function callOf(ps: PlayReader, lichslayerId: number): PrivateView['call'] {
  const call = currentCall(ps);
  return call && call.lichslayerId === lichslayerId ? { what: call.what, sent: call.offered } : null;
}

/** In a fight: whose turn the table sees, and where this Lichslayer stands among the visible entrants. */
function fightOf(
  ps: PlayReader,
  lichslayerId: number,
  magic: number,
  skills: PrivateView['skills'],
): PrivateView['fight'] {
  const sight = playersSight(ps);
  if (!sight.turn) return null;
  const mine = sight.visible.find((t) => t.kind === 'lichslayer' && t.lichslayerId === lichslayerId);
  const order = turnOrder(ps).filter((e) => sight.visibleIds.has(e.tokenId));
  const at = mine ? order.findIndex((e) => e.tokenId === mine.id) : -1;
  return {
    round: sight.turn.round,
    turnOf: sight.highlighted === null ? null : (sight.shownName.get(sight.highlighted) ?? null),
    yourTurn: mine !== undefined && sight.highlighted === mine.id,
    place: at < 0 ? null : at + 1,
    of: order.length,
    canDo: canDoNow(ps, sight, mine, magic, skills),
  };
}
