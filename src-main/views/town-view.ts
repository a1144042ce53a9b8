// The Town as the Judge's Town panel shows it: its state, prices by the Smith's disposition, the
// Vanity stage, the Aristocrats' Retainers and what the Lich's Attention has closed.
import type { Database } from 'better-sqlite3';
import type { TownStateView } from '@shared/town.ts';
import { readWorld } from '../db/board-repo.ts';
import { readHouseRules } from '../db/settings.ts';
import { readTown, today } from '../db/town-repo.ts';
import { vanityStage } from '../rules/idol.ts';
import { attentionEffects } from '../rules/lich-attention.ts';
import { retainerCap } from '../rules/retainers.ts';
import { ARMOR_REPAIR_PER_POINT, DISPOSITION_COLOURS, RECOLOUR_COST, smithPrice } from '../rules/smith.ts';
import { attentionStage } from '../app/phase-store.ts';
import { asIdol } from '../app/town-ops.ts';

export function townView(db: Database): TownStateView {
  const state = readTown(db);
  const day = today(db);
  const rules = readHouseRules(db);
  const stage = attentionStage(db);
  const roster = db.prepare(`SELECT id, name, level, hidden_class FROM lichslayer ORDER BY position, id`).all() as { id: number; name: string; level: number; hidden_class: string | null }[];
  return {
    state,
    day,
    townName: (db.prepare(`SELECT name FROM town WHERE id = 1`).get() as { name: string }).name,
    smithPrices: state.smith
      ? DISPOSITION_COLOURS.map((c) => ({ colour: c, armorPoint: smithPrice(ARMOR_REPAIR_PER_POINT, c, state.smith!, rules).value, recolour: smithPrice(RECOLOUR_COST, c, state.smith!, rules).value }))
      : [],
    vanity: vanityStage(state.idols.map(asIdol), day),
    aristocrats: roster.filter((l) => l.hidden_class === 'The Aristocrat').map((l) => ({ id: l.id, name: l.name, cap: retainerCap(l.level), employed: state.retainers.filter((r) => r.employer === l.id).length })),
    innClosed: attentionEffects(stage).innClosed,
    smithGone: attentionEffects(stage).smithGone,
    festival: readWorld(db).festival,
    squareEmpty: readWorld(db).squareEmpty,
    attentionStage: stage,
  };
}
