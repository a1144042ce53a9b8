// The key map has no collisions on any screen: no two live bindings share a keystroke, and no
// keystroke is a near miss (same key, fewer modifiers) of another's, save an action and its reverse.
import { describe, expect, it } from 'vitest';
import {
  bindingFor,
  chordLabel,
  chordOf,
  dispatchKey,
  FOCUS_SCOPES,
  isPrefix,
  KEYMAP,
  keysOf,
  liveScopes,
  sameChord,
  useKeys,
  type ScreenName,
} from './keymap.ts';

const SCREENS: ScreenName[] = [
  'picker',
  'home',
  'rules',
  'ledger',
  'journal',
  'board',
  'backups',
  'print',
  'tables',
  'gauntlet',
];

/** Every combination of screen, open campaign and focused region the app can be in. */
const contexts = SCREENS.flatMap((screen) =>
  [true, false].flatMap((hasCampaign) =>
    [null, ...(FOCUS_SCOPES[screen] ?? [])].map((focus) => ({ screen, hasCampaign, focus })),
  ),
);

const keydown = (key: string, code: string, mods: { alt?: boolean; shift?: boolean; ctrl?: boolean } = {}) =>
  chordOf({ key, code, altKey: !!mods.alt, shiftKey: !!mods.shift, ctrlKey: !!mods.ctrl, metaKey: false });

describe('the key map', () => {
  it('has no two live bindings on one keystroke, and no near misses, on any screen', () => {
    let pairsChecked = 0;
    for (const ctx of contexts) {
      const scopes = liveScopes(ctx.screen, ctx.hasCampaign, ctx.focus);
      const live = KEYMAP.filter((b) => scopes.includes(b.scope));
      for (const a of live) {
        for (const b of live) {
          if (a === b) continue;
          pairsChecked++;
          const reverse = a.reverses === b.id || b.reverses === a.id;
          for (const ca of a.chords) {
            for (const cb of b.chords) {
              expect(sameChord(ca, cb), `${ctx.screen}: ${a.id} and ${b.id} both on ${chordLabel(ca)}`).toBe(false);
              if (!reverse)
                expect(
                  isPrefix(ca, cb),
                  `${ctx.screen}: ${chordLabel(ca)} (${a.id}) is a near miss of ${chordLabel(cb)} (${b.id})`,
                ).toBe(false);
            }
          }
        }
      }
    }
    expect(pairsChecked).toBeGreaterThan(1000);
  });

  it('declares each binding once, and every scope is live somewhere', () => {
    const ids = KEYMAP.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const b of KEYMAP)
      expect(
        contexts.some((c) => liveScopes(c.screen, c.hasCampaign, c.focus).includes(b.scope)),
        b.id,
      ).toBe(true);
  });

  it('reads Alt+Shift+N as its own keystroke: on the Roster during a dive it is not "Enemies enter"', () => {
    const home = liveScopes('home', true);
    expect(bindingFor(keydown('N', 'KeyN', { alt: true, shift: true }), home)).toBeNull();
    expect(bindingFor(keydown('n', 'KeyN', { alt: true }), home)?.id).toBe('dive.ENEMIES_ENTER');
    expect(bindingFor(keydown('p', 'KeyP', { alt: true }), home)?.id).toBe('town.nextDay');
    // A Mac's Option+N types a dead key: the physical key still names the chord.
    expect(bindingFor(keydown('Dead', 'KeyN', { alt: true }), home)?.id).toBe('dive.ENEMIES_ENTER');
  });

  it('keeps a plain key and its Alt chord apart: D on the board is damage, Alt+D descends; Alt+Shift+D is nothing', () => {
    const board = liveScopes('board', true);
    expect(bindingFor(keydown('d', 'KeyD'), board)?.id).toBe('board.damage');
    expect(bindingFor(keydown('d', 'KeyD', { alt: true }), board)?.id).toBe('dive.DESCEND');
    expect(bindingFor(keydown('D', 'KeyD', { alt: true, shift: true }), board)).toBeNull();
    expect(bindingFor(keydown('a', 'KeyA'), board)?.id).toBe('board.attack');
    expect(bindingFor(keydown('a', 'KeyA', { alt: true }), board)?.id).toBe('combat.attack');
    expect(bindingFor(keydown('c', 'KeyC'), board)?.id).toBe('board.challenge');
    // Off the board the fight's token keys are not live: A on the Roster does nothing.
    expect(bindingFor(keydown('a', 'KeyA'), liveScopes('home', true))).toBeNull();
    expect(bindingFor(keydown('p', 'KeyP', { alt: true }), liveScopes('home', true))?.id).toBe('town.nextDay');
    // A chord and the same chord with Shift is the near miss the map forbids.
    expect(isPrefix({ key: 'n', alt: true }, { key: 'n', alt: true, shift: true })).toBe(true);
    expect(isPrefix({ key: 'd' }, { key: 'd', alt: true })).toBe(false);
  });

  it('gives a symbol its own Shift: "?" opens the key list, Shift+S is not S', () => {
    expect(bindingFor(keydown('?', 'Slash', { shift: true }), liveScopes('ledger', true))?.id).toBe('app.help');
    expect(bindingFor(keydown('S', 'KeyS', { shift: true }), liveScopes('board', true))).toBeNull();
    expect(bindingFor(keydown('s', 'KeyS'), liveScopes('board', true))?.id).toBe('board.pickToken');
  });

  it('hands the board keys to the turn tracker while a row has focus', () => {
    expect(bindingFor(keydown('r', 'KeyR'), liveScopes('board', true))?.id).toBe('board.reveal');
    expect(bindingFor(keydown('r', 'KeyR'), liveScopes('board', true, 'tracker'))?.id).toBe('tracker.respond');
    expect(bindingFor(keydown('ArrowLeft', 'ArrowLeft'), liveScopes('board', true, 'tracker'))).toBeNull();
  });

  it('runs the registered action once, leaves typing alone, and stays out of a modal dialog', () => {
    const ran: string[] = [];
    const stop = useKeys({
      'dive.ENEMIES_ENTER': () => void ran.push('enter'),
      'board.reveal': () => void ran.push('reveal'),
      'town.nextDay': () => false,
    });
    const base = { screen: 'board' as const, hasCampaign: true, focus: null, typing: false, modal: false };
    expect(dispatchKey(keydown('n', 'KeyN', { alt: true }), base)?.id).toBe('dive.ENEMIES_ENTER');
    expect(dispatchKey(keydown('r', 'KeyR'), { ...base, typing: true })).toBeNull();
    expect(dispatchKey(keydown('n', 'KeyN', { alt: true }), { ...base, typing: true })?.id).toBe('dive.ENEMIES_ENTER');
    expect(dispatchKey(keydown('r', 'KeyR'), { ...base, modal: true })).toBeNull();
    expect(dispatchKey(keydown('p', 'KeyP', { alt: true }), { ...base, screen: 'home' })).toBeNull();
    expect(ran).toEqual(['enter', 'enter']);
    stop();
    expect(dispatchKey(keydown('n', 'KeyN', { alt: true }), base)).toBeNull();
    expect(() => useKeys({ 'no.such': () => undefined })).toThrow('No key binding');
  });

  it('labels keys the way tooltips show them', () => {
    expect(keysOf('combat.nextTurn')).toBe('Alt+T');
    expect(keysOf('app.redo')).toBe('Ctrl+Shift+Z / Ctrl+Y');
    expect(keysOf('board.floorDown')).toBe('PgDn');
  });
});
