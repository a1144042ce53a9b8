// The Town as the Judge's Town panel shows it: its state, the Smith's standing with each colour and
// prices (ch.4), the Vanity stage and what the Idols do (ch.6), the Aristocrats' Retainers (ch.7),
// the Forest today (ch.5, ch.17), and what the Lich's Attention has closed (ch.5).
import { rosterRows } from '../state/roster.ts';
import type { PlayReader } from '../state/session.ts';
import type { TownStateView } from '@shared/town.ts';
import { readWorld } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { readTown, today } from '../state/town.ts';
import { weekOf } from '../rules/calendar.ts';
import { INSCRIPTIONS, vanityStage } from '../rules/idol.ts';
import { attentionEffects, banquetAllowed, banquetCost } from '../rules/lich-attention.ts';
import { retainerCap } from '../rules/retainers.ts';
import { ARMOR_REPAIR_PER_POINT, DISPOSITION_COLOURS, RECOLOUR_COST, smithPrice, standing } from '../rules/smith.ts';
import { attentionStage } from '../play/machines.ts';
import { giverHealthOf, idolEffects } from '../play/town.ts';

const STANDING = { '-1': 'distrusted', '0': 'neutral', '1': 'favoured' } as const;

export function townView(ps: PlayReader): TownStateView {
  const state = readTown(ps);
  const day = today(ps);
  const rules = readHouseRules(ps);
  const stage = attentionStage(ps);
  const effects = attentionEffects(stage);
  const world = readWorld(ps);
  const roster = rosterRows(ps);
  const name = (id: number | null) => roster.find((l) => l.id === id)?.name ?? 'the party';
  const fx = idolEffects(ps, state, day);
  const giverHealth = giverHealthOf(state, rules);
  const banquet = banquetAllowed(stage);
  const smith = state.smith;
  const disposition = smith
    ? {
        favoured: DISPOSITION_COLOURS.filter((c) => standing(c, smith) > 0),
        distrusted: DISPOSITION_COLOURS.filter((c) => standing(c, smith) < 0),
      }
    : null;
  return {
    state,
    day,
    townName: ps.byId('town', 1)?.name ?? '',
    smithStanding: smith
      ? DISPOSITION_COLOURS.map((c) => ({
          colour: c,
          standing: STANDING[String(standing(c, smith)) as '-1' | '0' | '1'],
        }))
      : [],
    smithPrices: disposition
      ? DISPOSITION_COLOURS.map((c) => ({
          colour: c,
          armorPoint: smithPrice(ARMOR_REPAIR_PER_POINT, c, disposition, rules).value,
          recolour: smithPrice(RECOLOUR_COST, c, disposition, rules).value,
        }))
      : [],
    vanity: vanityStage(fx.idols, day),
    aristocrats: roster
      .filter((l) => l.hidden_class === 'The Aristocrat')
      .map((l) => ({
        id: l.id,
        name: l.name,
        cap: retainerCap(l.level),
        employed: state.retainers.filter((r) => r.employer === l.id).length,
      })),
    innClosed: effects.innClosed,
    smithGone: effects.smithGone,
    festival: world.festival,
    squareEmpty: world.squareEmpty,
    attentionStage: stage,
    giver: {
      health: giverHealth,
      fedThisWeek: state.forest.fedWeeks.includes(weekOf(day, rules)),
      dead: giverHealth <= 0,
    },
    forestToday: {
      conditions: state.forest.present.flatMap((id) => {
        const c = state.forest.conditions[String(id)];
        return c && c.day === day ? [{ id, name: name(id), text: c.text }] : [];
      }),
      phenomena: state.forest.phenomena?.day === day ? state.forest.phenomena.text : null,
    },
    boons: fx.boons.map(
      (b) =>
        `${INSCRIPTIONS[b.inscription].boon} — ${b.holders === 'dedicator' ? `for ${name(b.dedicator)}` : 'for the whole party'}; ${b.explain}`,
    ),
    vanityConsequences: [
      ...(fx.vanity.clockSooner.length
        ? [
            `Survival clock a day sooner for ${fx.vanity.clockSooner.map(name).join(', ')}; a Sanity Challenge (target 6) each morning (ch.6)`,
          ]
        : []),
      ...(fx.vanity.smithAgainst.length
        ? [
            `The Smith's disposition shifts against ${fx.vanity.smithAgainst.map(name).join(', ')}; the party's weekly Sanity Challenge (target 12) (ch.6)`,
          ]
        : []),
      ...(fx.vanity.townSanityPenalty
        ? ['−1 on Sanity Challenges in the Town; a Town resident leaves each week (ch.6)']
        : []),
    ],
    banquet: {
      cost: banquetCost(null).gold,
      allowed: banquet.ok,
      why: banquet.ok ? 'Brings Stage 2 down to 1 at the day’s close (ch.5)' : banquet.reason,
    },
  };
}
