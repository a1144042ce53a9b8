// Who may come in to the web host: the Judge on this machine, or a players' screen, by token;
// a private link's token comes in as a players' screen scoped to one Lichslayer.
import crypto from 'node:crypto';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (address: string | undefined): boolean => address !== undefined && LOOPBACK.has(address);

export function sameSecret(a: string | null, b: string): boolean {
  if (a === null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface AdmissionInput {
  remote: string | undefined;
  host: string | undefined;
  origin: string | undefined;
  presented: readonly string[];
  /** The renderer's own files hold no secret: they are served without a token. */
  publicAsset: boolean;
  port: number;
  token: string;
  playersToken: string;
  playersOnLan: boolean;
  /** Private links' tokens and the Lichslayer each is for; honoured only while sharing is on. */
  privateTokens?: ReadonlyMap<string, number>;
}

export type Role = 'judge' | 'players' | 'anyone';

/** Who came in; `lichslayerId` marks a private link, which sees that one Lichslayer's screen only. */
export type Admitted = { role: Role; lichslayerId?: number };

/** The Lichslayer a presented private token is for, or null (never while sharing is off). */
function privateScope(a: AdmissionInput): number | null {
  if (!a.playersOnLan || !a.privateTokens) return null;
  for (const [secret, id] of a.privateTokens) if (a.presented.some((t) => sameSecret(t, secret))) return id;
  return null;
}

/** Who may come in: the Judge (this machine, right Host/Origin, Judge token) or a players' screen. */
export function admission(a: AdmissionInput): Admitted | { status: number; message: string } {
  if (!isLoopback(a.remote)) {
    // From another machine: only the players' screen, and only when the Judge switched it on.
    if (!a.playersOnLan) return { status: 403, message: 'Refused: this host serves this machine only.' };
    const lanOrigin = `http://${(a.host ?? '').split(':')[0]}:${a.port}`;
    if (a.origin !== undefined && a.origin !== lanOrigin) return { status: 403, message: 'Refused: foreign Origin.' };
    if (a.publicAsset) return { role: 'anyone' };
    const scope = privateScope(a);
    if (scope !== null) return { role: 'players', lichslayerId: scope };
    return a.presented.some((t) => sameSecret(t, a.playersToken))
      ? { role: 'players' }
      : { status: 401, message: "Refused: only the players' screens are shared on the network." };
  }
  const hosts = new Set([`127.0.0.1:${a.port}`, `localhost:${a.port}`]);
  if (!hosts.has(a.host ?? '')) return { status: 421, message: 'Refused: foreign Host header.' };
  if (a.origin !== undefined && !new Set([`http://127.0.0.1:${a.port}`, `http://localhost:${a.port}`]).has(a.origin))
    return { status: 403, message: 'Refused: foreign Origin.' };
  if (a.presented.some((t) => sameSecret(t, a.token))) return { role: 'judge' };
  if (a.presented.some((t) => sameSecret(t, a.playersToken))) return { role: 'players' };
  const scope = privateScope(a);
  if (scope !== null) return { role: 'players', lichslayerId: scope };
  if (a.publicAsset) return { role: 'anyone' };
  return { status: 401, message: 'Refused: missing or wrong token. Open the link the app printed when it started.' };
}
