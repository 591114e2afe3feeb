import { readFileSync } from 'node:fs';
import AjvModule from 'ajv';
import { spec } from '../shared.js';

// ajv's CommonJS default export, seen from ESM.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;

/** A validator for a JSON Schema (draft-07) in shared/specs; returns the errors, [] when valid. */
export function validator(file: string): (value: unknown) => string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const check = ajv.compile(JSON.parse(readFileSync(spec(file), 'utf8')) as object);
  return (value) =>
    check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** The schema each writable format's output is checked against, where the format has one. */
export const formatSchemas: Readonly<Record<string, string>> = {
  'run-record': 'run-record.schema.json',
  flockdeck: 'flockdeck-recording-line.schema.json',
};
