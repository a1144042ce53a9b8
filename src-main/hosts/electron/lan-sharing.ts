// The desktop app's "players on the local network", off by default as in the web host. While on,
// a web host listens on every interface and serves phones on the same network the players' screen
// and each private link's page, read-only; everything else answers this machine only, behind a
// token the app never hands out. Turned off, the host closes: every private link and every phone's
// screen ends at once, and the Gauntlet offers no link until it is on again.
import type { CampaignApp } from '../../app/campaign-app.ts';
import { restoreKeptLinks } from '../../app/handlers/private.ts';
import { startWebHost, type WebHost } from '../web/web-host.ts';

export interface LanSharing {
  /** True while phones on the local network can open the players' screen and private links. */
  readonly sharing: boolean;
  /** Starts sharing (nothing changes if it is on already); resolves with the port phones dial. */
  on(): Promise<number>;
  /** Stops sharing: the links stop working and the open phone screens are closed. */
  off(): Promise<void>;
}

export function lanSharing(
  app: CampaignApp,
  rendererDir: string,
  /** A fixed port (default: any free one) and the address phones reach (default: the first LAN address). */
  options: { port?: number; lanAddress?: string } = {},
): LanSharing {
  let host: WebHost | null = null;
  /** One change at a time: a second click while the host starts or stops waits for it. */
  let busy: Promise<unknown> = Promise.resolve();
  const queue = <T>(step: () => Promise<T>): Promise<T> => {
    const next = busy.then(step, step);
    busy = next.catch(() => undefined);
    return next;
  };
  return {
    get sharing() {
      return host !== null;
    },
    on: () =>
      queue(async () => {
        if (host) return host.port;
        host = await startWebHost({
          app,
          rendererDir,
          port: options.port ?? 0,
          playersOnLan: true,
          ...(options.lanAddress ? { lanAddress: options.lanAddress } : {}),
        });
        if (host.privateLinks) app.options.privateLinks = host.privateLinks;
        restoreKeptLinks(app.options, app.current()?.path);
        app.sharingChanged(true);
        return host.port;
      }),
    off: () =>
      queue(async () => {
        const closing = host;
        host = null;
        delete app.options.privateLinks;
        await closing?.close();
        if (closing) app.sharingChanged(false);
      }),
  };
}
