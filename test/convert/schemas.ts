import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { spec } from '../shared.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * A validator for a JSON Schema in shared/specs (draft-07 or 2020-12, as its `$schema` says);
 * returns the errors, [] when the value is valid.
 */
export function validator(file: string): (value: unknown) => string[] {
  const schema = JSON.parse(readFileSync(spec(file), 'utf8')) as { $schema?: string };
  const ajv = String(schema.$schema).includes('2020-12')
    ? new Ajv2020({ allErrors: true, strict: false })
    : new Ajv({ allErrors: true, strict: false });
  addFormats(ajv as Ajv);
  const check: ValidateFunction = ajv.compile(schema);
  return (value) =>
    check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** The schema each writable format's output is checked against, where the format has one. */
export const formatSchemas: Readonly<Record<string, string>> = {
  'run-record': 'run-record.schema.json',
  flockdeck: 'flockdeck-recording-line.schema.json',
};
