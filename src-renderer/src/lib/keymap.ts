// Every key the Judge's app answers to, declared once. Components register what a key does
// (`useKeys`); one window listener in App.svelte finds the single binding a keypress matches.
// Matching is exact (every modifier compared), and the map itself keeps clear of near misses:
// no two bindings live at once share a key unless they are a declared action and its reverse
// (undo/redo), so a slipped Shift never sets off a different game action (Alt+Shift+N
// once also fired Alt+N). keymap.test.ts proves both over every screen.

/** The screens of the Judge's app, as app-state names them. */
export type ScreenName =
  'picker' | 'home' | 'rules' | 'ledger' | 'journal' | 'board' | 'backups' | 'print' | 'tables' | 'gauntlet' | 'odds';

/**
 * Where a binding is live: everywhere, wherever the phase banner shows, on one screen, or while
 * focus is inside a keyboard region that takes over from its screen's keys (the turn tracker).
 */
export type KeyScope = 'app' | 'banner' | 'home' | 'board' | 'tables' | 'gauntlet' | 'tracker';

/** A keystroke: `key` is a lower-case letter, a digit, a symbol ('?', '+') or a named key ('ArrowUp'). */
export interface Chord {
  key: string;
  /** Ctrl, or Cmd on a Mac. */
  mod?: boolean;
  alt?: boolean;
  shift?: boolean;
}

export interface Binding {
  id: string;
  scope: KeyScope;
  chords: readonly Chord[];
  label: string;
  /** Live while typing in a text field (Alt chords only: plain keys and Ctrl+Z belong to the field). */
  inFields?: boolean;
  /** This binding undoes the one named: the only pair allowed to share a key (Shift reverses). */
  reverses?: string;
}

const alt = (key: string): Chord => ({ key, alt: true });
const plain = (key: string): Chord => ({ key });
const shift = (key: string): Chord => ({ key, shift: true });

export const SCOPE_TITLES: Record<KeyScope, string> = {
  app: 'Everywhere',
  banner: 'Phase banner (every campaign screen)',
  home: 'Roster and Town',
  board: 'Board',
  tables: 'Tables',
  gauntlet: 'Gauntlet',
  tracker: 'Turn tracker (when a row has focus)',
};

export const KEYMAP: readonly Binding[] = [
  { id: 'app.undo', scope: 'app', chords: [{ key: 'z', mod: true }], label: 'Undo the last Judge action' },
  {
    id: 'app.redo',
    scope: 'app',
    chords: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true },
    ],
    label: 'Redo',
    reverses: 'app.undo',
  },
  { id: 'app.help', scope: 'app', chords: [plain('?'), plain('F1')], label: 'Show the keys for this screen' },

  { id: 'dive.DESCEND', scope: 'banner', chords: [alt('d')], label: 'Descend', inFields: true },
  {
    id: 'dive.ENEMIES_ENTER',
    scope: 'banner',
    chords: [alt('n')],
    label: 'Enemies enter (a fight begins)',
    inFields: true,
  },
  { id: 'dive.COMBAT_OVER', scope: 'banner', chords: [alt('o')], label: 'Combat over', inFields: true },
  { id: 'dive.FLOOR_CLEARED', scope: 'banner', chords: [alt('l')], label: 'Floor cleared', inFields: true },
  { id: 'dive.FORCE_GATE', scope: 'banner', chords: [alt('f')], label: 'Force the Gate (Floor 9)', inFields: true },
  { id: 'dive.OPEN_GATE', scope: 'banner', chords: [alt('g')], label: 'Open the Gate (Floor 9)', inFields: true },
  { id: 'dive.WITHDRAW', scope: 'banner', chords: [alt('w')], label: 'Withdraw to Town', inFields: true },
  {
    id: 'dive.PHYLACTERY_DESTROYED',
    scope: 'banner',
    chords: [alt('y')],
    label: 'Phylactery destroyed',
    inFields: true,
  },
  { id: 'dive.LEAVE_TOMB', scope: 'banner', chords: [alt('u')], label: 'Leave the ended Tomb', inFields: true },
  { id: 'dive.MANIFEST', scope: 'banner', chords: [alt('m')], label: 'The Lich manifests', inFields: true },
  { id: 'dive.LICH_DEFEATED', scope: 'banner', chords: [alt('k')], label: 'Lich defeated', inFields: true },
  { id: 'combat.nextTurn', scope: 'banner', chords: [alt('t')], label: 'Next turn (in a fight)', inFields: true },
  { id: 'combat.attack', scope: 'banner', chords: [alt('a')], label: 'The current entrant attacks', inFields: true },
  {
    id: 'combat.cast',
    scope: 'banner',
    chords: [alt('c')],
    label: 'Cast a spell or answer with a Response',
    inFields: true,
  },
  {
    id: 'combat.enemiesAdvance',
    scope: 'banner',
    chords: [alt('e')],
    label: 'Enemies close in (between turns)',
    inFields: true,
  },

  {
    id: 'town.nextDay',
    scope: 'home',
    chords: [alt('p')],
    label: 'Next day: pass a day (asks first while the party is in the Tombs)',
    inFields: true,
  },

  { id: 'board.left', scope: 'board', chords: [plain('ArrowLeft')], label: 'Select the room to the left' },
  { id: 'board.right', scope: 'board', chords: [plain('ArrowRight')], label: 'Select the room to the right' },
  { id: 'board.up', scope: 'board', chords: [plain('ArrowUp')], label: 'Select the room above' },
  { id: 'board.down', scope: 'board', chords: [plain('ArrowDown')], label: 'Select the room below' },
  { id: 'board.pickToken', scope: 'board', chords: [plain('s')], label: 'Select the next token in the selected room' },
  {
    id: 'board.moveToken',
    scope: 'board',
    chords: [plain('Enter')],
    label: 'Move the selected token into the selected room',
  },
  {
    id: 'board.moveOnDice',
    scope: 'board',
    chords: [shift('Enter')],
    label: 'Move the selected Lichslayer into the selected room on dice rolled at the table',
  },
  { id: 'board.dropPick', scope: 'board', chords: [plain('Escape')], label: 'Let go of the selected token' },
  { id: 'board.reveal', scope: 'board', chords: [plain('r')], label: 'Reveal the selected room' },
  { id: 'board.preroll', scope: 'board', chords: [plain('p')], label: 'Pre-roll the selected room' },
  { id: 'board.attack', scope: 'board', chords: [plain('a')], label: 'The selected token attacks' },
  { id: 'board.challenge', scope: 'board', chords: [plain('c')], label: 'A Challenge for the selected token' },
  {
    id: 'board.damage',
    scope: 'board',
    chords: [plain('d')],
    label: "Damage to the selected token by the Judge's hand",
  },
  { id: 'board.enter', scope: 'board', chords: [plain('b')], label: "Bring the party in at this floor's entrance" },
  { id: 'board.secrets', scope: 'board', chords: [plain('h')], label: 'Hide or show every secret' },
  { id: 'board.zoomIn', scope: 'board', chords: [plain('+'), plain('=')], label: 'Zoom in' },
  { id: 'board.zoomOut', scope: 'board', chords: [plain('-')], label: 'Zoom out' },
  { id: 'board.zoomFit', scope: 'board', chords: [plain('0')], label: 'Fit the floor' },
  { id: 'board.floorUp', scope: 'board', chords: [plain('PageUp')], label: 'The floor above' },
  { id: 'board.floorDown', scope: 'board', chords: [plain('PageDown')], label: 'The floor below' },

  { id: 'tracker.select', scope: 'tracker', chords: [plain('Enter')], label: 'Show this entrant on the board' },
  {
    id: 'tracker.respond',
    scope: 'tracker',
    chords: [plain('r')],
    label: 'This entrant answers out of turn (a Response)',
  },
  {
    id: 'tracker.earlier',
    scope: 'tracker',
    chords: [{ key: 'ArrowUp', alt: true }],
    label: 'Move this entrant up the order',
  },
  {
    id: 'tracker.later',
    scope: 'tracker',
    chords: [{ key: 'ArrowDown', alt: true }],
    label: 'Move this entrant down the order',
  },

  { id: 'tables.roll', scope: 'tables', chords: [plain('r')], label: 'Roll on the open table' },
  { id: 'gauntlet.back', scope: 'gauntlet', chords: [plain('Escape')], label: 'Back to the roster' },
];

/** The scope of each screen's own keys. */
const SCREEN_SCOPE: Partial<Record<ScreenName, KeyScope>> = {
  home: 'home',
  board: 'board',
  tables: 'tables',
  gauntlet: 'gauntlet',
};
/** Keyboard regions a screen holds, each taking over from the screen's own keys while focused. */
export const FOCUS_SCOPES: Partial<Record<ScreenName, KeyScope[]>> = { board: ['tracker'] };

/** The scopes live on a screen, with focus in one of its regions or not. */
export function liveScopes(screen: ScreenName, hasCampaign: boolean, focus: KeyScope | null = null): KeyScope[] {
  const scopes: KeyScope[] = ['app'];
  if (hasCampaign && screen !== 'picker' && screen !== 'print') scopes.push('banner');
  const own = SCREEN_SCOPE[screen];
  if (focus && FOCUS_SCOPES[screen]?.includes(focus)) scopes.push(focus);
  else if (own) scopes.push(own);
  return scopes;
}

/** The keystroke an event stands for. Letters come from the physical key when a modifier is
 *  held (Alt+N on a Mac types "˜"); a symbol's own Shift is part of the character ("?" is Shift+/). */
export function chordOf(e: {
  key: string;
  code?: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): Chord {
  const mod = e.ctrlKey || e.metaKey;
  const letter = /^Key([A-Z])$/.exec(e.code ?? '');
  let key = e.key;
  if (letter && (e.altKey || mod)) key = letter[1]!.toLowerCase();
  else if (key.length === 1) key = key.toLowerCase();
  const symbol = key.length === 1 && !/[a-z0-9]/.test(key);
  return { key, mod, alt: e.altKey, shift: symbol ? false : e.shiftKey };
}

export const sameChord = (a: Chord, b: Chord): boolean =>
  a.key === b.key && !!a.mod === !!b.mod && !!a.alt === !!b.alt && !!a.shift === !!b.shift;

/**
 * True when chord a is a prefix of chord b: a holds a modifier, and b is a with more modifiers held
 * (Alt+N and Alt+Shift+N), so a loose check for a fires on b, and a slipped Shift turns one into the
 * other. A plain key is not a chord: it and its Alt chord (D and Alt+D) differ by a whole hand
 * position, as in every desktop app, and the dispatcher compares every modifier exactly.
 */
export function isPrefix(a: Chord, b: Chord): boolean {
  if (a.key !== b.key || sameChord(a, b)) return false;
  if (!a.mod && !a.alt && !a.shift) return false;
  return (!a.mod || !!b.mod) && (!a.alt || !!b.alt) && (!a.shift || !!b.shift);
}

/** The one binding live in these scopes that this keystroke names, if any. */
export function bindingFor(chord: Chord, scopes: readonly KeyScope[]): Binding | null {
  return KEYMAP.find((b) => scopes.includes(b.scope) && b.chords.some((c) => sameChord(c, chord))) ?? null;
}

const NAMED: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
  Escape: 'Esc',
};

export function chordLabel(c: Chord): string {
  const key = NAMED[c.key] ?? (c.key.length === 1 ? c.key.toUpperCase() : c.key);
  return [c.mod ? 'Ctrl' : '', c.alt ? 'Alt' : '', c.shift ? 'Shift' : '', key].filter(Boolean).join('+');
}

/** "Alt+T", or "+ / =" for a binding with two chords: what a tooltip or the key list shows. */
export function keysOf(id: string): string {
  const b = KEYMAP.find((k) => k.id === id);
  if (!b) throw new Error(`No key binding "${id}"`);
  return b.chords.map(chordLabel).join(' / ');
}

// ---- what the keys do: registered by the components that own the actions ----

/** A key's action; returning false means "not now" (the key is then left to the browser). */
export type KeyAction = () => boolean | void;
const actions = new Map<string, KeyAction>();

/** Registers actions for bindings; returns the function that removes them again. */
export function useKeys(handlers: Record<string, KeyAction>): () => void {
  for (const id of Object.keys(handlers))
    if (!KEYMAP.some((b) => b.id === id)) throw new Error(`No key binding "${id}"`);
  for (const [id, run] of Object.entries(handlers)) actions.set(id, run);
  return () => {
    for (const [id, run] of Object.entries(handlers)) if (actions.get(id) === run) actions.delete(id);
  };
}

export interface KeyContext {
  screen: ScreenName;
  hasCampaign: boolean;
  /** The keyboard region holding focus (`data-key-scope` on an ancestor of the focused element). */
  focus: KeyScope | null;
  /** Focus is in a text field: only bindings marked inFields are live. */
  typing: boolean;
  /** A modal dialog is open: it owns the keyboard. */
  modal: boolean;
}

/** Runs the action a keystroke names here; returns the binding that ran, or null. */
export function dispatchKey(chord: Chord, ctx: KeyContext): Binding | null {
  if (ctx.modal) return null;
  const binding = bindingFor(chord, liveScopes(ctx.screen, ctx.hasCampaign, ctx.focus));
  if (!binding || (ctx.typing && !binding.inFields)) return null;
  const run = actions.get(binding.id);
  if (!run || run() === false) return null;
  return binding;
}
