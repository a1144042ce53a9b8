// The Witch's capstone, Oneness (ch.2, ch.16): whom she may inhabit, and what ends it. She inhabits
// one visible body at a time (an ally, an enemy or an entity, the Phylactery too); her own body lies
// inert and takes no damage meanwhile; it ends when she chooses, when the inhabited body reaches 0
// Health, and, inhabiting the Lich, at the end of the Round. Destroying the Phylactery she inhabits
// kills her.
import type { Position } from './attack.ts';

export interface OnenessBody extends Position {
  hidden: boolean;
  defeated: boolean;
  /** The Witch's own token. */
  self: boolean;
  lich: boolean;
  phylactery: boolean;
  /** Another Witch inhabiting it already, by name. */
  inhabitedBy: string | null;
}

/**
 * Whether the Witch may inhabit this body now. "Visible" is read as the app reads sight elsewhere: on
 * her floor (or in the Town's fight with her) and not hidden from the party.
 */
export function onenessTarget(witch: Position, body: OnenessBody): { refused: string } | { explain: string } {
  const who = witch.name;
  if (body.self) return { refused: `${who} cannot inhabit her own body with Oneness (ch.2)` };
  if (body.defeated) return { refused: `${body.name} is at 0 Health: Oneness needs a body that stands (ch.2)` };
  if (body.inhabitedBy) return { refused: `${body.name} is inhabited by ${body.inhabitedBy} already (ch.2)` };
  const together =
    (witch.inTownFight && body.inTownFight) || (witch.floor !== null && witch.floor === body.floor && body.x !== null);
  if (body.hidden || !together)
    return { refused: `${body.name} is not visible to ${who}: Oneness inhabits a target she can see (ch.2)` };
  const limits = body.lich
    ? '; against the Lich it lasts this Round only, with everything the Lich can do (ch.2, ch.16)'
    : body.phylactery
      ? '; she gains its spells, and dies if it is destroyed while she is in it (ch.16)'
      : '';
  return {
    explain: `${who} inhabits ${body.name} (Oneness, ch.2): she acts through its body with its physical stats and her own Magic and spells, its loot at hand; her own body lies inert and immune to all damage${limits}`,
  };
}

export type OnenessEnd = 'chosen' | 'body-at-zero' | 'lich-round' | 'phylactery-destroyed' | 'left-behind';

/** The words for Oneness ending, and whether the Witch dies of it (ch.16: the Phylactery destroyed under her). */
export function onenessEnds(witch: string, body: string, why: OnenessEnd): { explain: string; dies: boolean } {
  const back = `${witch} returns to her own body`;
  switch (why) {
    case 'chosen':
      return { explain: `${witch} ends Oneness and leaves ${body}: ${back} (ch.2)`, dies: false };
    case 'body-at-zero':
      return { explain: `${body} reaches 0 Health: Oneness ends and ${back} (ch.2)`, dies: false };
    case 'lich-round':
      return { explain: `The Round ends: Oneness against the Lich lasts one Round, and ${back} (ch.2)`, dies: false };
    case 'phylactery-destroyed':
      return {
        explain: `The Phylactery is destroyed while ${witch} inhabits it: she dies with it (ch.16)`,
        dies: true,
      };
    case 'left-behind':
      return { explain: `The party leaves the floor ${body} stands on: Oneness ends and ${back} (ch.2)`, dies: false };
  }
}

/** Why the Witch's own body takes no hit while she inhabits another (ch.2). */
export const inertBody = (witch: string, body: string) =>
  `${witch}'s own body lies inert while she inhabits ${body} (Oneness, ch.2): it takes no damage`;

/** Why the Witch's own body does not act while she inhabits another: she acts through that one (ch.2). */
export const inertActs = (witch: string, body: string) =>
  `${witch}'s own body lies inert while she inhabits ${body} (Oneness, ch.2): she acts through ${body}`;

/** Why the Witch's own turn passes while she inhabits another: she acts on that body's turn (ch.2). */
export const inertTurnPasses = (witch: string, body: string) =>
  `${witch}'s own turn passes: her body lies inert while she acts through ${body} on its turn (Oneness, ch.2)`;
