// The dive's events by name (rulebook ch.9-ch.16) without the schemas that check them: the
// renderer imports these, so its bundle carries no validation library.
export const DIVE_EVENT_TYPES = [
  'DESCEND',
  'ENEMIES_ENTER',
  'COMBAT_OVER',
  'FLOOR_CLEARED',
  'FORCE_GATE',
  'OPEN_GATE',
  'WITHDRAW',
  'PHYLACTERY_DESTROYED',
  'LEAVE_TOMB',
  'MANIFEST',
  'LICH_DEFEATED',
] as const;
