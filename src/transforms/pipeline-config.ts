import { readFileSync } from 'node:fs';
import { badOption } from '../stream/errors.js';
import type { Pipeline } from './chain.js';

/**
 * Reads a pipeline from a JSON file: `{"pipeline": "redact | clip --limit 4KiB"}` or
 * `{"pipeline": [{"command": "redact"}, {"command": "clip", "options": {"limit": "4KiB"}}]}`.
 * Option names may be camelCase or kebab-case. A file that cannot be read or parsed, or that
 * names no pipeline, is a bad-option error naming it.
 */
export function loadPipelineConfig(path: string): Pipeline {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    badOption(`--config ${path}: ${(err as Error).message}`);
  }
  const pipeline = (value as { pipeline?: unknown } | null)?.pipeline;
  if (typeof pipeline !== 'string' && !Array.isArray(pipeline)) {
    badOption(`--config ${path}: "pipeline" must be a pipeline's text or an array of steps`);
  }
  return pipeline as Pipeline;
}
