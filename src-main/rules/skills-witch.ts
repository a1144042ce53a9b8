// The Witch's Commune enhanced (rulebook ch.2) as a pure rule: the room read two floors ahead, and
// what the Witch learns of it, in the app's words.

/** Commune enhanced (ch.2): the floor it reads, two below the Witch's, or why it cannot. */
export function communeAheadFloor(input: {
  witch: string;
  floor: number;
  enhanced: boolean;
}): { floor: number } | { refused: string } {
  if (!input.enhanced) return { refused: `${input.witch}'s Commune reads two floors ahead only when enhanced (ch.2)` };
  const floor = input.floor + 2;
  if (floor > 10)
    return { refused: `There is no Floor ${floor}: Commune reads two floors ahead of Floor ${input.floor} (ch.2)` };
  if (floor === 10)
    return { refused: 'Floor 10 is not table-generated: its rooms are the Judge’s to set and tell (ch.10)' };
  return { floor };
}

/** What Commune tells of a room read ahead (ch.2): its kind and name, a trap, a chest, gold, and who waits there. */
export function communeReading(
  room: {
    floor: number;
    x: number;
    y: number;
    name: string;
    type: string | null;
    trapped: boolean;
    chest: boolean;
    gold: number;
  },
  entities: readonly string[],
): string {
  const parts = [`${room.name || 'an unnamed room'}${room.type ? ` (${room.type})` : ''}`];
  if (room.trapped) parts.push('trapped');
  if (room.chest) parts.push('a chest');
  if (room.gold) parts.push(`${room.gold} gold`);
  parts.push(entities.length ? `waiting there: ${entities.join(', ')}` : 'no one waits there');
  return `F${room.floor} (${room.x + 1},${room.y + 1}), two floors ahead: ${parts.join('; ')} (ch.2)`;
}

/** ch.2: Oneness unlocks once the Witch has Counter Magicked spells of three different schools. */
export const ONENESS_SCHOOLS = 3;

/** The schools the Witch has stolen from, with this one added, and whether Oneness's condition is met (ch.2). */
export function onenessProgress(
  before: readonly string[],
  school: string,
): { schools: string[]; met: boolean; explain: string } {
  const schools = before.includes(school) ? [...before] : [...before, school];
  return {
    schools,
    met: schools.length >= ONENESS_SCHOOLS,
    explain: `Counter Magic has stolen spells of ${Math.min(schools.length, ONENESS_SCHOOLS)} of ${ONENESS_SCHOOLS} different schools (ch.2)`,
  };
}
