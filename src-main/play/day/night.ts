// The night that closes a day (rulebook ch.4, ch.6, ch.8): what the day's Inn events cost its patrons,
// then each Lichslayer's survival clock and rest, and the Celestial Mark's healing of the Town's residents.
import { fedByEarlierMeal } from '@shared/inn-day.ts';
import type { Dice } from '../../rules/dice.ts';
import { celestialHeal } from '../../rules/idol.ts';
import type { InnNight } from '../../rules/inn.ts';
import { patronsNight } from '../../rules/inn-patrons.ts';
import { attentionEffects } from '../../rules/lich-attention.ts';
import { clockShiftFor } from '../../rules/roll-modifiers.ts';
import { lichslayerNight } from '../../rules/survival-clock.ts';
import { boonStrength } from '../town.ts';
import { nightLine, nightOf, nightPatch } from './day-close.ts';
import { line, type DayOut, type DayWorld } from './day-world.ts';

/**
 * The day's patrons (a meal or shelter bought at the Inn that day) under its events: damages paid or a
 * night in the stocks, a cutpurse's take, an omen kept for the next Challenge in the Tombs. Returns
 * those in the stocks, whose rest restores no Sanity.
 */
function patronsStep(dice: Dice, w: DayWorld, out: DayOut, tonight: InnNight): Map<number, string> {
  const patrons = [...w.roster.values()]
    .filter((l) => !w.dive.lost.includes(l.id) && (l.ate_today === 1 || l.sheltered_today === 1))
    .map((l) => ({ id: l.id, name: l.name, gold: l.gold }));
  const n = patronsNight(dice, patrons, tonight, w.day);
  for (const [id, gold] of n.gold) w.roster.set(id, { ...w.roster.get(id)!, gold });
  if (n.omens.length) w.town = { ...w.town, omens: [...w.town.omens, ...n.omens] };
  for (const r of n.rolls) out.records.push(r);
  for (const text of n.lines) line(out, 'change', text);
  return n.stocked;
}

/** ch.4, ch.8: each Lichslayer's clock and night; ch.6: the Celestial Mark heals the Town's residents. */
export function nightStep(dice: Dice, w: DayWorld, out: DayOut, tonight: InnNight): void {
  const { boons, vanity } = w.effects;
  const innOpen = !attentionEffects(w.stage).innClosed;
  const stocked = innOpen ? patronsStep(dice, w, out, tonight) : new Map<number, string>();
  for (const l of [...w.roster.values()]) {
    if (w.dive.lost.includes(l.id)) continue;
    // Stage 4: the Inn is closed and the clock runs unchecked (ch.5). A spoiling event's meal feeds no one.
    // A feast's meal bought on an earlier day still feeds tonight, whether the Inn opens or not.
    const ateHere = innOpen && l.ate_today === 1 && !tonight.spoiledBy;
    const ate = ateHere || fedByEarlierMeal(l.fed_through, w.day);
    const sheltered = innOpen && l.sheltered_today === 1;
    const doubled = boonStrength(boons, 'unbound-sign', l.id, w.rules) === 'full';
    const n = lichslayerNight(
      dice,
      {
        ...nightOf(l),
        day: w.day,
        ate,
        sheltered,
        attentionStage: w.stage,
        shift: clockShiftFor(l.id, boons, vanity.clockSooner, w.rules),
        sanityDoubled: doubled,
        unrestBy: stocked.get(l.id) ?? tonight.unrestBy,
        restBonus: ateHere ? tonight.bonus : null,
      },
      w.rules,
    );
    if (n.disturbedSleep)
      out.records.push({
        cause: `${l.name}'s sleep at Stage 3, day ${w.day} (ch.5)`,
        character: l.name,
        explain: `1d6 = ${n.disturbedSleep.natural}${n.disturbedSleep.natural === 1 ? ': disturbed sleep' : ''}`,
        result: n.disturbedSleep,
      });
    if (n.rest)
      out.records.push({
        cause: `${l.name} rests, day ${w.day} (ch.8)`,
        character: l.name,
        explain: n.rest.explain,
        result: n.rest,
      });
    let health = n.clock.health;
    const notes = [...n.notes];
    if (innOpen && l.ate_today === 1 && tonight.spoiledBy)
      notes.push(`${tonight.spoiledBy}: the meal bought today fed no one (Inn event)`);
    // ch.6 the Celestial Mark: the Town heals its residents — those neither on a dive nor in the Forest.
    const heal = celestialHeal({
      health,
      maxHealth: n.clock.maxHealth,
      strength: boonStrength(boons, 'celestial-mark', l.id, w.rules),
      inTown: w.dive.floor === null && !w.town.forest.present.includes(l.id),
    });
    if (heal.explain) notes.push(heal.explain);
    health = heal.health;
    w.roster.set(l.id, { ...l, ...nightPatch(n, health) });
    out.lines.push(nightLine(l.name, { ate, sheltered }, { notes, penalties: n.penalties }));
  }
}
