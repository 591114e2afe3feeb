import { readFileSync } from 'node:fs';
import { badOption } from '../stream/errors.js';
import { describeIoError } from '../stream/input.js';
import { isRecord } from '../stream/is-record.js';
import type { Pipeline } from './chain.js';

/** The keys a pipeline config file may have. */
const CONFIG_KEYS = ['pipeline'] as const;

/**
 * Reads a pipeline from a JSON file: `{"pipeline": "redact | clip --limit 4KiB"}` or
 * `{"pipeline": [{"command": "redact"}, {"command": "clip", "options": {"limit": "4KiB"}}]}`.
 * Option names may be camelCase or kebab-case. A file that cannot be read or parsed, that names
 * no pipeline or that has another key, is a bad-option error naming it.
 */
export function loadPipelineConfig(path: string): Pipeline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    badOption(`--config ${path}: ${describeIoError(err as NodeJS.ErrnoException)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    badOption(`--config ${path}: not valid JSON (${(err as Error).message})`);
  }
  if (!isRecord(value)) badOption(`--config ${path}: expected a JSON object with "pipeline"`);
  for (const key of Object.keys(value)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      badOption(`--config ${path}: unknown key ${key} (known: ${CONFIG_KEYS.join(', ')})`);
    }
  }
  const pipeline = value.pipeline;
  if (typeof pipeline !== 'string' && !Array.isArray(pipeline)) {
    badOption(`--config ${path}: "pipeline" must be a pipeline's text or an array of steps`);
  }
  return pipeline as Pipeline;
}
