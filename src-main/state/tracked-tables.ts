// The tables whose rows Judge actions change, and so the only ones an undo step may name.
export const TRACKED_TABLES: ReadonlySet<string> = new Set([
  'town',
  'lichslayer',
  'item',
  'inventory',
  'setting',
  'rtable',
  'rtable_row',
  'room',
  'token',
  'turn_stack',
  'ailment',
  'medicine_refill',
  'heirloom_cover',
  'familiar',
  'day_report',
  'skill_use',
]);
