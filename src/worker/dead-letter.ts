import type { DeadLine } from './record-work.js';

/** Headers a dead-lettered line carries (also in its JSON body). */
export const DEAD_LETTER_HEADERS = Object.freeze({
  reason: 'Txpipe-Reason',
  stream: 'Txpipe-Source-Stream',
  sequence: 'Txpipe-Source-Sequence',
  subject: 'Txpipe-Source-Subject',
  line: 'Txpipe-Source-Line',
});

/** The body of a dead-letter message: why, from where, and the line (cleaned by the pipeline). */
export function deadLetterBody(stream: string, subject: string, dead: DeadLine): string {
  return JSON.stringify({
    reason: dead.reason,
    message: dead.message,
    stream,
    sequence: dead.seq,
    subject,
    line: dead.line,
    raw: dead.raw,
  });
}
