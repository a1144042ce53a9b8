// A read-only screen that follows one view from main live: the players' screen on the TV and each
// player's own screen on a phone. It asks for the view once, then takes the pushes; a push that
// repeats what the screen holds (its revision, or its content) changes nothing; when the socket
// drops it says so and asks the host directly, so a reconnect catches up and a restarted host
// (whose links are new) says to ask the Judge for the new link.
import type { Push } from '@shared/contract.ts';
import { ApiError, hasHostAccess, hostAbsence, MISSING_TOKEN_MESSAGE, onPush, revisionOf } from './api.ts';
import { reuse } from './reuse.ts';

export interface LiveViewOptions<V extends object> {
  /** Asks the host for the view as it stands (the reply carries its revision). */
  ask: () => Promise<V | null>;
  /** The view a push brings for this screen, with its revision; undefined when the push is not for it. */
  pick: (push: Push) => { view: V | null; revision?: number | undefined } | undefined;
  /** What the screen says when the host no longer knows its link after it showed a view. */
  endedMessage: string;
  /** Hears each view taken that differs from the last (never a repeat). */
  onTake?: (next: V, previous: V | null) => void;
}

export class LiveView<V extends object> {
  /** Replaced whole by each push or reply, never changed in place: no deep proxy to build. */
  view = $state.raw<V | null>(null);
  problem = $state<string | null>(null);
  /** The host cannot be reached: the last view stays, with a line saying it is trying again. */
  lost = $state(false);
  /** The revision of the view held (0 when unknown): a push no newer is skipped. */
  private revision = 0;
  private stopPushes: (() => void) | undefined;
  private stopped = false;

  constructor(private readonly options: LiveViewOptions<V>) {}

  /** Takes a view as of a revision (0 when unknown), keeping the objects of what it repeats. */
  take(next: V | null, revision = 0): void {
    if (next !== null && this.view !== null && revision !== 0 && revision <= this.revision) return;
    if (revision !== 0) this.revision = Math.max(this.revision, revision);
    if (next === null) {
      this.view = null;
      return;
    }
    const previous = this.view;
    const kept = reuse(previous, next);
    if (kept === previous) return;
    this.options.onTake?.(kept, previous);
    this.view = kept;
  }

  /** Asks the host for the view: on opening, on a reconnect, and when the socket drops. */
  async catchUp(): Promise<void> {
    try {
      const value = await this.options.ask();
      if (this.stopped) return;
      this.take(value, value ? revisionOf(value) : 0);
      this.lost = false;
      this.problem = null;
    } catch (e) {
      if (this.stopped) return;
      const absence = hostAbsence(e);
      const message = e instanceof Error ? e.message : String(e);
      if (absence === 'token-unknown') {
        // The host is up but does not know this link: revoked, or a new launch with new links.
        this.problem = this.view ? this.options.endedMessage : message;
        this.stopPushes?.();
      } else if (absence === 'unreachable') this.lost = true;
      else if (e instanceof ApiError && e.error.code === 'no-campaign') {
        // The Judge has not opened a campaign yet: wait; its view comes as a push when they do.
        this.view = null;
        this.lost = false;
      } else this.problem = message;
    }
  }

  /** Starts following; the function returned stops it (a component's teardown). */
  start(): () => void {
    // The token may still be on its way (a one-time code being traded): wait for it first.
    void hasHostAccess().then((ok) => {
      if (this.stopped) return;
      // Opened without the link's token: say so, rather than knock on the host's door every second.
      if (!ok) {
        this.problem = MISSING_TOKEN_MESSAGE;
        return;
      }
      void this.catchUp();
      let wasOpen = true;
      this.stopPushes = onPush(
        (push) => {
          const picked = this.options.pick(push);
          if (picked) this.take(picked.view, picked.revision ?? 0);
        },
        (open) => {
          if (open) {
            if (!wasOpen) void this.catchUp();
          } else {
            this.lost = true;
            // Ask the host directly: unreachable (keep trying) or a new launch (ask for the link).
            void this.catchUp();
          }
          wasOpen = open;
        },
      );
    });
    return () => {
      this.stopped = true;
      this.stopPushes?.();
    };
  }
}
