// What the screens are shown: the Judge's view of the open campaign, the phase banner and the
// players' view. A change marks them stale; each is built once, when a reply or a push first needs
// it, and the pushes go out after the command's reply, one per change. The players' screen is
// pushed only when what it shows changed, so a hidden change tells the players nothing.
import type { Database } from 'better-sqlite3';
import type { CampaignView, Push } from '@shared/contract.ts';
import type { PlayerView } from '@shared/board.ts';
import type { PhaseView } from '@shared/phase.ts';
import { loadPlayState, stateReader } from '../db/play-store.ts';
import { tableCatalog } from '../db/table-catalog.ts';
import type { PlayReader, TableCatalog } from '../state/session.ts';
import type { PlayState } from '../state/play-state.ts';
import { judgeCampaignView, type JudgeState } from '../views/judge-view.ts';
import { ViewParts } from '../views/view-memo.ts';
import { phaseView } from '../views/phase-view.ts';
import { playerView } from '../views/player-view.ts';
import { privateView } from '../views/private-view.ts';
import type { OpenCampaign } from './handler-context.ts';

type Listener = (push: Push) => void;

export class Screens {
  private readonly judges = new Set<Listener>();
  private readonly players = new Set<Listener>();
  /** The Judge's view as the last change left it, once built. */
  private judgeView: CampaignView | null = null;
  /** A change not yet pushed. */
  private unpushed = false;
  /** What the players' screen last received, to push it only when it changes. */
  private lastPlayers: string | null = null;
  /** Private screens listening, per Lichslayer, and what each Lichslayer's screens last received. */
  private readonly privates = new Map<number, Set<Listener>>();
  private readonly lastPrivate = new Map<number, string>();
  /**
   * One reader of the play state for every view built from it (the reply's and the pushes'): what
   * it parses once (settings, the machines' snapshots) serves them all until the state changes.
   */
  private shared: { db: Database; state: PlayState; tables: TableCatalog; reader: PlayReader } | null = null;
  /** The Judge's view's parts of the play state, kept while nothing they read changes. */
  private judgeParts: { db: Database; parts: ViewParts<JudgeState> } | null = null;
  /** Counts changes; every reply and push carries it, so a screen can tell stale from fresh. */
  // Starts at the clock, so a restarted host's revisions still follow the ones a screen saw before.
  revision = Date.now();

  constructor(
    private readonly campaign: () => OpenCampaign | null,
    /** Why automatic backups are failing, shown with the campaign until they succeed. */
    private readonly problems: () => string,
  ) {}

  subscribe(listener: Listener): () => void {
    this.judges.add(listener);
    return () => this.judges.delete(listener);
  }

  subscribePlayers(listener: Listener): () => void {
    this.players.add(listener);
    // The rolls a joining screen is shown as it opens are no news to it at the next change.
    this.noteRollsShown(this.campaign());
    return () => this.players.delete(listener);
  }

  /**
   * The rolls the players' screens have been shown in this campaign, each once: a roll that comes
   * back (an undone step redone) is no news to any of them, even one opened in between.
   */
  private rollsShown: { db: Database; keys: Set<string> } | null = null;

  /** Notes the rolls the players' view shows now; true when its newest is one never shown before. */
  private noteRollsShown(open: ReturnType<Screens['campaign']>, view = open ? this.playersNow(open) : null): boolean {
    if (!open || !view) return false;
    const held = this.rollsShown?.db === open.db ? this.rollsShown.keys : null;
    const keys = view.rolls.map((r) => `${r.at}\n${r.explain}`);
    const news = held !== null && keys[0] !== undefined && !held.has(keys[0]);
    const all = held ?? new Set<string>();
    for (const k of keys) all.add(k);
    this.rollsShown = { db: open.db, keys: all };
    return news;
  }

  private playersNow(open: OpenCampaign): PlayerView {
    return playerView(open.db, this.reader(open.db));
  }

  /** A private screen of one Lichslayer: it hears only that Lichslayer's projection, when it changes. */
  subscribePrivate(lichslayerId: number, listener: Listener): () => void {
    const set = this.privates.get(lichslayerId) ?? new Set<Listener>();
    this.privates.set(lichslayerId, set);
    set.add(listener);
    // What the screen saw on joining (it asks for its view as it opens): the next push is a change.
    if (!this.lastPrivate.has(lichslayerId)) this.lastPrivate.set(lichslayerId, this.privateText(lichslayerId));
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.privates.delete(lichslayerId);
        this.lastPrivate.delete(lichslayerId);
      }
    };
  }

  /** Something the screens show changed (a command, a campaign opened or closed, a backup problem). */
  changed(): void {
    this.revision++;
    this.judgeView = null;
    this.unpushed = true;
  }

  /** The revision `onceSinceChange` last ran its check to the end at. */
  private checkedAt: number | null = null;

  /**
   * Runs a check of what only a change can alter (a Lichslayer gone from the roster) when something
   * changed since it last ran to the end: a command that changed nothing (a table roll) skips it.
   */
  onceSinceChange(check: () => void): void {
    const revision = this.revision;
    if (this.checkedAt === revision) return;
    check();
    this.checkedAt = revision;
  }

  /** The play state of the open campaign as it stands, read through the one shared reader. */
  reader(db: Database): PlayReader {
    const state = loadPlayState(db);
    const tables = tableCatalog(db);
    const held = this.shared;
    if (held && held.db === db && held.state === state && held.tables === tables) return held.reader;
    const reader = stateReader(db);
    this.shared = { db, state, tables, reader };
    return reader;
  }

  /** The Judge's view of the open campaign, built at most once per change. */
  view(): CampaignView | null {
    const open = this.campaign();
    if (!open) return null;
    if (!this.judgeView) {
      if (this.judgeParts?.db !== open.db) this.judgeParts = { db: open.db, parts: new ViewParts() };
      const view = judgeCampaignView(open.db, open.path, this.reader(open.db), this.judgeParts.parts);
      const problem = this.problems();
      this.judgeView = problem ? { ...view, backupProblem: problem } : view;
    }
    return this.judgeView;
  }

  /** A message for the Judge's screens that is no change of the campaign (a file being checked). */
  tell(push: Push): void {
    for (const listener of this.judges) listener(push);
  }

  /** Pushes the last change, if any, to every screen listening: call once its reply has gone. */
  flush(): void {
    if (!this.unpushed) return;
    this.unpushed = false;
    const open = this.campaign();
    // The players' screens first: the Judge's own screen has drawn the change already (a drop is
    // drawn at mouse-up and the reply has gone), the table has not.
    this.flushPlayers(open);
    this.flushPrivate();
    if (this.judges.size > 0) {
      const view = this.view();
      this.tell({
        type: 'campaign',
        view,
        revision: this.revision,
        phase: view && open ? phaseOrNothing(() => this.reader(open.db)) : null,
      });
    }
  }

  private flushPlayers(open: ReturnType<Screens['campaign']>): void {
    if (this.players.size === 0) {
      this.lastPlayers = null;
      return;
    }
    const view = open ? this.playersNow(open) : null;
    const push: Push = { type: 'players', view };
    const text = JSON.stringify(push);
    if (text === this.lastPlayers) return;
    this.lastPlayers = text;
    // The revision goes with the push, not into what is compared: a screen skips what it already holds.
    const news = this.noteRollsShown(open, view);
    const sent: Push = { ...push, revision: this.revision, ...(news ? { news } : {}) };
    for (const listener of this.players) listener(sent);
  }

  /** Built only for Lichslayers whose private screens are open; pushed only when that one changed. */
  private flushPrivate(): void {
    if (this.privates.size === 0) return;
    for (const [id, listeners] of this.privates) {
      const text = this.privateText(id);
      if (text === this.lastPrivate.get(id)) continue;
      this.lastPrivate.set(id, text);
      const push = { ...(JSON.parse(text) as Push), revision: this.revision } as Push;
      for (const listener of listeners) listener(push);
    }
  }

  /** One Lichslayer's private push as text (null view when no campaign is open or it is gone). */
  private privateText(lichslayerId: number): string {
    const open = this.campaign();
    const view = this.view();
    const own =
      open && view && view.roster.some((l) => l.id === lichslayerId)
        ? privateView(view, this.reader(open.db), lichslayerId)
        : null;
    return JSON.stringify({ type: 'private', view: own } satisfies Push);
  }

  /** A players' screen that joins (or rejoins) gets the next change even if it repeats the last. */
  forgetPlayersPush(): void {
    this.lastPlayers = null;
  }
}

/** The phase banner's view; a screen that gets none asks for it (phase.view says what went wrong). */
function phaseOrNothing(ps: () => PlayReader): PhaseView | undefined {
  try {
    return phaseView(ps());
  } catch {
    return undefined;
  }
}
