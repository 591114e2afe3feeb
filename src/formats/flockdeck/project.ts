import type { Event } from '../../events/event.js';
import { projectOf } from './derived.js';

/** The lines of a stored conversation Flockdeck reads for its directory (its `cwdScanLimit`). */
const CWD_LINES = 60;

const nonEmpty = (s: unknown): s is string => typeof s === 'string' && s !== '';

/**
 * The project a transcript names (Flockdeck's `MetaFor`): the last element of the first `cwd` in a
 * Claude Code conversation's first 60 lines, counted from the session's first line (a conversation
 * need not start a file), or a reader's `session_start.project`; none once those lines are past.
 */
export class ProjectFinder {
  #known = false;
  #project: string | undefined;
  #firstLine: number | undefined;

  /** Whether the project is settled (found, or known to be none). */
  get known(): boolean {
    return this.#known;
  }

  get project(): string | undefined {
    return this.#project;
  }

  /** Settles it as it is (lines held too long are written without one). */
  settle(): void {
    this.#known = true;
  }

  /** Starts a new session. */
  reset(): void {
    this.#known = false;
    this.#project = this.#firstLine = undefined;
  }

  /** Reads an event of the session; true when this settled the project. */
  see(e: Event): boolean {
    if (this.#known) return false;
    this.#firstLine ??= e.origin.line;
    if (e.kind === 'session_start' && nonEmpty(e.project)) {
      this.#project = e.project;
    } else if (
      e.origin.format.startsWith('claude') &&
      e.origin.line - this.#firstLine >= CWD_LINES
    ) {
      // Flockdeck looks for the directory in a conversation's first lines only.
    } else if (nonEmpty(e.cwd)) {
      this.#project = projectOf(e.cwd);
    } else return false;
    this.#known = true;
    return true;
  }
}
