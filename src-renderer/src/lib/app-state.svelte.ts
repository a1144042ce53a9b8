// The renderer's state: views received from main and which screen is showing.
// No rules are computed here; every number shown comes from main.
import type { AppInfo, ArgsOf, CampaignSummary, CampaignView, CommandName, Push, ResultOf } from '@shared/contract.ts';
import type { PhaseView } from '@shared/phase.ts';
import { ApiError, hostAbsence, onPush, revisionOf, send } from './api.ts';
import { prefetchBoard } from './board-prefetch.ts';
import { reuse } from './reuse.ts';

export type Screen =
  | { name: 'picker' }
  | { name: 'home' }
  | { name: 'rules' }
  | { name: 'ledger' }
  | { name: 'journal' }
  | { name: 'board' }
  | { name: 'backups' }
  | { name: 'odds' }
  | { name: 'print'; kind: string; arg: string | null }
  | { name: 'tables'; key: string | null }
  | { name: 'gauntlet'; id: number };

function screenFromHash(hash: string): Screen {
  const gauntlet = /^#\/gauntlet\/(\d+)$/.exec(hash);
  if (gauntlet) return { name: 'gauntlet', id: Number(gauntlet[1]) };
  if (hash === '#/home') return { name: 'home' };
  if (hash === '#/rules') return { name: 'rules' };
  if (hash === '#/ledger') return { name: 'ledger' };
  if (hash === '#/journal') return { name: 'journal' };
  if (hash === '#/board') return { name: 'board' };
  if (hash === '#/backups') return { name: 'backups' };
  if (hash === '#/odds') return { name: 'odds' };
  const print = /^#\/print\/([a-z]+)(?:\/([0-9,]+))?$/.exec(hash);
  if (print) return { name: 'print', kind: print[1]!, arg: print[2] ?? null };
  const tables = /^#\/tables(?:\/([a-z0-9-]+))?$/.exec(hash);
  if (tables) return { name: 'tables', key: tables[1] ?? null };
  return { name: 'picker' };
}

function hashFor(screen: Screen): string {
  if (screen.name === 'gauntlet') return `#/gauntlet/${screen.id}`;
  if (screen.name === 'tables') return screen.key ? `#/tables/${screen.key}` : '#/tables';
  if (screen.name === 'print') return `#/print/${screen.kind}${screen.arg ? `/${screen.arg}` : ''}`;
  return screen.name === 'picker' ? '#/' : `#/${screen.name}`;
}

export interface Toast {
  id: number;
  /** error: stays until dismissed; info and event fade by themselves. */
  kind: 'error' | 'info' | 'event';
  /** What the toast is about, for screen readers ("What happened", "Problem"). */
  label: string;
  lines: string[];
}

const MAX_TOASTS = 4;

export class AppState {
  info = $state<AppInfo | null>(null);
  campaigns = $state<CampaignSummary[]>([]);
  /** Replaced whole by each push or reply, never changed in place: no deep proxy to build. */
  campaign = $state.raw<CampaignView | null>(null);
  /** The newest change pushed by main: screens holding older data reload, the others keep theirs. */
  revision = $state(0);
  /** Counts the times sharing on the local network began or ended: the private-link panel asks again. */
  sharingChanges = $state(0);
  /** The phase banner's view as the newest change left it (built once in main, pushed with the change). */
  phase = $state.raw<PhaseView | null>(null);
  screen = $state<Screen>({ name: 'picker' });
  /** Notices as toasts beside the board: events and info fade, errors stay until dismissed. */
  toasts = $state<Toast[]>([]);
  pending = $state(0);
  /** A campaign file being checked before it opens (the Judge may stop it); null when none. */
  checking = $state<Extract<Push, { type: 'checking' }> | null>(null);
  /** The open campaign's full integrity check as last pushed at its end (null until then). */
  integrity = $state<Extract<Push, { type: 'integrity' }>['check'] | null>(null);
  loaded = $state(false);
  /**
   * The web host's live connection is lost, so nothing is saved: `unreachable` while no host
   * answers, `relaunched` once one answers that does not know this page's token (it was started
   * again and printed new links). Null while connected.
   */
  hostDown = $state<'unreachable' | 'relaunched' | null>(null);
  /** Judge-only secrets on screen; H hides them all at once (the laptop turned around). */
  secrets = $state(sessionStorage.getItem('lichslayer-secrets') !== 'off');

  toggleSecrets(): void {
    this.secrets = !this.secrets;
    sessionStorage.setItem('lichslayer-secrets', this.secrets ? 'on' : 'off');
  }
  private nextToast = 1;
  /** The revision of the campaign view held: a push that repeats a reply already taken is skipped. */
  private campaignRevision = 0;

  /** Takes a campaign view as of a revision (0 when unknown), keeping the objects it repeats. */
  private takeCampaign(view: CampaignView | null, revision: number): void {
    if (revision !== 0 && revision <= this.campaignRevision && view) return;
    this.campaign = reuse(this.campaign, view);
    this.campaignRevision = revision;
  }

  async start(): Promise<void> {
    onPush(
      (push) => {
        if (push.type === 'campaign') {
          if (push.revision < this.revision) return;
          this.revision = push.revision;
          // A failed automatic backup is said at once, not kept in a log nobody reads.
          if (push.view?.backupProblem && push.view.backupProblem !== this.campaign?.backupProblem)
            this.say('error', push.view.backupProblem);
          // What the push repeats keeps its objects, so the screens reading them do nothing.
          this.takeCampaign(push.view, push.revision);
          this.phase = reuse(this.phase, push.phase ?? null);
          if (!push.view && this.screen.name !== 'picker') this.go({ name: 'picker' });
        } else if (push.type === 'problem') this.say('error', push.message);
        else if (push.type === 'sharing') this.sharingChanges++;
        else if (push.type === 'checking') this.checking = push;
        else if (push.type === 'integrity') this.integrity = push.check;
      },
      (open) => {
        const was = this.hostDown;
        if (open) {
          this.hostDown = null;
          if (was) void this.catchUp();
        } else {
          if (!was) this.hostDown = 'unreachable';
          void this.askWhyDown();
        }
      },
    );
    window.addEventListener('hashchange', () => {
      this.screen = this.guard(screenFromHash(location.hash));
    });
    // The page's first questions at once, and the board with them for a Judge who returns to it.
    prefetchBoard();
    const [info, current] = await Promise.all([
      this.run('app.info', {}),
      this.run('campaign.current', {}),
      this.refreshList(),
    ]);
    this.info = info;
    this.takeCampaign(current, revisionOf(current));
    this.screen = this.guard(screenFromHash(location.hash));
    this.loaded = true;
  }

  /** The socket closed: asks the host itself whether it is gone or is a new launch that refuses this token. */
  private async askWhyDown(): Promise<void> {
    try {
      await send('app.info', {});
    } catch (error) {
      if (this.hostDown) this.hostDown = hostAbsence(error) === 'token-unknown' ? 'relaunched' : 'unreachable';
    }
  }

  /** The host is back: what it holds now replaces what this page last saw. */
  private async catchUp(): Promise<void> {
    const campaign = await this.run('campaign.current', {});
    // The host may have restarted: what it holds now is taken whatever its revision.
    this.campaignRevision = 0;
    this.takeCampaign(campaign, revisionOf(campaign));
    this.phase = (campaign && (await this.run('phase.view', {}))) || null;
    if (campaign) this.revision = Math.max(this.revision, revisionOf(campaign));
    this.clearErrors();
  }

  /** Screens that need an open campaign fall back to the picker. */
  private guard(screen: Screen): Screen {
    if (!this.campaign) return { name: 'picker' };
    if (screen.name === 'gauntlet' && !this.campaign.roster.some((l) => l.id === screen.id)) return { name: 'home' };
    return screen;
  }

  go(screen: Screen): void {
    this.screen = this.guard(screen);
    const hash = hashFor(this.screen);
    if (location.hash !== hash) history.pushState(null, '', hash);
  }

  say(kind: 'error' | 'info', text: string): void {
    this.toast(kind, kind === 'error' ? 'Problem' : 'Done', [text]);
  }

  /** What a Judge's step set off (a reveal, a trap, a spell), read out and then faded. */
  tell(label: string, lines: readonly string[]): void {
    if (lines.length) this.toast('event', label, lines);
  }

  private toast(kind: Toast['kind'], label: string, lines: readonly string[]): void {
    // The same words again replace the old toast rather than stack under it.
    const same = (t: Toast) => t.kind === kind && t.lines.join('\n') === lines.join('\n');
    const kept = this.toasts.filter((t) => !same(t));
    // A new step's events replace the last step's; only errors pile up (each must be dismissed).
    const rest = kind === 'event' ? kept.filter((t) => !(t.kind === 'event' && t.label === label)) : kept;
    this.toasts = [...rest, { id: this.nextToast++, kind, label, lines: [...lines] }].slice(-MAX_TOASTS);
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  /** A step that went through clears the errors of the attempts before it. */
  clearErrors(): void {
    if (this.toasts.some((t) => t.kind === 'error')) this.toasts = this.toasts.filter((t) => t.kind !== 'error');
  }

  /** Sends a command; on refusal shows the reason and returns null. */
  async run<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<ResultOf<K> | null> {
    this.pending++;
    try {
      return await send(name, args);
    } catch (error) {
      this.say('error', error instanceof ApiError ? error.message : String(error));
      return null;
    } finally {
      this.pending--;
    }
  }

  /** Like run, but for commands that return the campaign view. */
  async change<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<boolean> {
    const view = await this.run(name, args);
    if (view && typeof view === 'object' && 'roster' in view) {
      this.takeCampaign(view as CampaignView, revisionOf(view));
      return true;
    }
    return false;
  }

  /** Sends a command that returns the campaign view; resolves to the refusal text, or null when saved. */
  async attempt<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<string | null> {
    this.pending++;
    try {
      const view = await send(name, args);
      if (view && typeof view === 'object' && 'roster' in view)
        this.takeCampaign(view as CampaignView, revisionOf(view));
      this.clearErrors();
      return null;
    } catch (error) {
      const text = error instanceof ApiError ? error.message : String(error);
      this.say('error', text);
      return text;
    } finally {
      this.pending--;
    }
  }

  async refreshList(): Promise<void> {
    this.campaigns = (await this.run('campaign.list', {})) ?? [];
  }

  async open(path: string): Promise<void> {
    try {
      if (await this.change('campaign.open', { path })) {
        prefetchBoard();
        this.go({ name: 'home' });
      }
    } finally {
      this.checking = null;
    }
  }

  async undo(): Promise<void> {
    const label = this.campaign?.history.canUndo;
    if (label && (await this.change('history.undo', {}))) this.say('info', `Undone: ${label}`);
  }

  async redo(): Promise<void> {
    const label = this.campaign?.history.canRedo;
    if (label && (await this.change('history.redo', {}))) this.say('info', `Redone: ${label}`);
  }
}

export const appState = new AppState();
