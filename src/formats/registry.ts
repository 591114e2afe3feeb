import type { FormatAdapter } from './adapter.js';
import { autoSwe } from './auto-swe.js';
import { awf } from './awf.js';
import { claudeCode } from './claude-code.js';
import { claudeStreamJson } from './claude-stream-json.js';
import { flockdeck } from './flockdeck.js';
import { runRecord } from './run-record.js';
import { rupu } from './rupu.js';
import { txpipeEvents } from './txpipe.js';

/** Every format txpipe knows, one line each. The CLI, --help, docs and tests iterate this. */
export const formats: readonly FormatAdapter[] = [
  claudeCode,
  claudeStreamJson,
  flockdeck,
  rupu,
  awf,
  autoSwe,
  runRecord,
  txpipeEvents,
];

const byId = new Map(formats.map((f) => [f.id, f]));

/** The adapter for an id, or undefined. */
export function getFormat(id: string): FormatAdapter | undefined {
  return byId.get(id);
}

/** Format ids, for messages and `--help`. */
export const formatIds: readonly string[] = formats.map((f) => f.id);

/** The ids of the formats that can be written (`convert --to`). */
export const writableFormatIds: readonly string[] = formats
  .filter((f) => f.writable)
  .map((f) => f.id);
