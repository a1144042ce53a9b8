// Reading a request's body: bounded in size per role, and in how many are read at once, so a
// client that starts many bodies and never finishes them cannot hold the host's memory.
import type http from 'node:http';
import { bodyLimitFor, declaredLength } from './http-input.ts';
import type { Role } from './web-admission.ts';
import { refuseTooLarge, sendError } from './web-replies.ts';

/**
 * Request bodies being read at once, per token and in all. A body is read to its end before the
 * command runs; a client that starts many and never finishes them would otherwise hold the host's
 * sockets and memory (the request timeout ends each one, but only after it has passed).
 */
export const MAX_PENDING_BODIES: Readonly<Record<Role, number>> = { judge: 16, players: 16, anyone: 4 };
export const MAX_PENDING_BODIES_TOTAL = 32;

export class BodyReader {
  /** Bodies being read now, by who sends them. */
  readonly pending: Record<Role, number> = { judge: 0, players: 0, anyone: 0 };

  /**
   * Reads a JSON body up to the role's limit; null when the limit was passed or too many bodies
   * are being read already (the reply is sent). `holder` is who is counted for it.
   */
  async read(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    command: string,
    role: Role,
    holder: Role = role,
  ): Promise<string | null> {
    if (
      this.pending[holder] >= MAX_PENDING_BODIES[holder] ||
      this.pending.judge + this.pending.players + this.pending.anyone >= MAX_PENDING_BODIES_TOTAL
    ) {
      sendError(
        res,
        429,
        'refused',
        `${command.slice(0, 60)}: too many requests are still sending their bodies; try again in a moment. Nothing was changed.`,
        { Connection: 'close' },
      );
      req.resume();
      return null;
    }
    this.pending[holder]++;
    let counted = true;
    const release = () => {
      if (counted) this.pending[holder]--;
      counted = false;
    };
    // A client that goes away mid-body frees its place at once.
    req.once('close', release);
    try {
      return await this.readWithin(req, res, command, role);
    } finally {
      release();
    }
  }

  private async readWithin(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    command: string,
    role: Role,
  ): Promise<string | null> {
    const limit = bodyLimitFor(role);
    const declared = declaredLength(req.headers['content-length']);
    if (Number.isNaN(declared)) {
      sendError(res, 400, 'invalid-args', `${command.slice(0, 60)}: the Content-Length header is not a number.`, {
        Connection: 'close',
      });
      return null;
    }
    // Checked before a byte of the body is read.
    if (declared !== null && declared > limit) {
      refuseTooLarge(req, res, command, declared, limit);
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > limit) {
        refuseTooLarge(req, res, command, null, limit);
        return null;
      }
      chunks.push(buf);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
