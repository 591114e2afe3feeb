import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020 as Ajv2020Class, ValidateFunction } from 'ajv/dist/2020.js';
import type { Event } from './event.js';

/**
 * ajv, loaded on first use: every command imports the format registry, and loading ajv there cost
 * every run ~45 ms of start-up although only the txpipe reader and writer validate events.
 */
const loadAjv = (): typeof Ajv2020Class =>
  (createRequire(import.meta.url)('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Class }).Ajv2020;

/** The package's `schemas/event.schema.json`, found above this module (from src/ or dist/src/). */
export function eventSchemaPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const p = join(dir, 'schemas', 'event.schema.json');
    if (existsSync(p)) return p;
    dir = dirname(dir);
  }
  throw new Error('schemas/event.schema.json not found beside the txpipe package');
}

let compiled: ValidateFunction | undefined;

/** The compiled event schema (compiled once, on first use). */
export function eventValidator(): ValidateFunction {
  if (!compiled) {
    const Ajv2020 = loadAjv();
    const ajv = new Ajv2020({ allErrors: false, strict: false });
    compiled = ajv.compile(JSON.parse(readFileSync(eventSchemaPath(), 'utf8')) as object);
  }
  return compiled;
}

/** Why a value is not a canonical event, or undefined when it is one. */
export function eventProblem(value: unknown): string | undefined {
  const validate = eventValidator();
  if (validate(value)) return undefined;
  const e = validate.errors?.[0];
  return e ? `${e.instancePath || '/'} ${e.message ?? 'is invalid'}` : 'is not an event';
}

/** Narrows a value that passed {@link eventProblem}. */
export const asEvent = (value: unknown): Event => value as Event;
