import type { FormatAdapter } from './adapter.js';
import { autoSwe } from './auto-swe/index.js';
import { awf } from './awf/index.js';
import { claudeCode } from './claude-code/index.js';
import { claudeStreamJson } from './claude-stream-json/index.js';
import { flockdeck } from './flockdeck/index.js';
import { runRecord } from './run-record/index.js';
import { rupu } from './rupu/index.js';
import { txpipeEvents } from './txpipe/index.js';

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
