// The Electron window's security settings, kept apart so a unit test can check them
// with the Electron module faked (this machine cannot run Electron itself).
import type { BrowserWindowConstructorOptions } from 'electron';

export const APP_ORIGIN = 'app://judge';

/** Strict CSP for the renderer: only our own bundle, no eval, no remote anything. */
export const ELECTRON_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export function mainWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1366,
    height: 768,
    minWidth: 1024,
    minHeight: 640,
    title: 'Lichslayer Judge',
    backgroundColor: '#16131a',
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click must not open links in new windows (Electronegativity AUXCLICK check).
      disableBlinkFeatures: 'Auxclick',
    },
  };
}

/** The players' screen: the same hardened preferences, its own title. */
export function playersWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return { ...mainWindowOptions(preload), title: 'Lichslayer Judge — players' };
}

/** True only for frames showing our own bundle; IPC from anything else is refused. */
export function isTrustedSender(frameUrl: string | undefined): boolean {
  if (!frameUrl) return false;
  try {
    const url = new URL(frameUrl);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}
