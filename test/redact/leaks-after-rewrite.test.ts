// Issue 23, item 1: redact after a stage that rewrites records (convert, replay) in one process
// must remove what the shell pipeline removes: the built bin, chain() and pipeline() of stages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/stream/read-records.js';
import { stringify } from '../../src/stream/stringify.js';
import { chain } from '../../src/transforms/chain.js';
import { convert } from '../../src/transforms/convert.js';
import { redact } from '../../src/transforms/redact.js';
import '../../src/transforms/behaviours.js';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { bytesOf } from '../helpers.js';
import { repoRoot } from '../shared.js';

const planted = join(repoRoot, 'test/fixtures/redact/planted-session.jsonl');
const input = readFileSync(planted, 'utf8');
/** What must never be written: the token, the password, the withheld .env file's contents. */
const SECRETS = [
  'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  'Hunter2Secret99',
  's3cretPw',
  'visible-only-in-env-file',
];

const leaked = (out: string): string[] => SECRETS.filter((s) => out.includes(s));
/**
 * What replay writes (a provider's messages, one record per session) is no format redact knows
 * where tool calls live in: the token and password go, a secret file's result is not withheld
 * there, in the shell pipeline as in one process (a known gap).
 */
const ENV_KEPT_BY_REPLAY = 'visible-only-in-env-file';

beforeAll(ensureBuilt);

describe('redact after a stage that rewrites records', () => {
  it.each([
    'convert',
    'convert --to rupu',
    'convert --to awf',
    'convert --to run-record',
    'replay',
  ])('txpipe run "%s | redact" writes the shell pipeline\'s bytes and no secret', (first) => {
    const shell = txpipe(['redact', '--report=json'], {
      input: txpipe(first.split(' '), { input }).stdout,
    });
    const one = txpipe(['run', `${first} | redact --report=json`], { input });
    expect(one.code, one.stderr).toBe(0);
    const kept = first === 'replay' ? [ENV_KEPT_BY_REPLAY] : [];
    expect(leaked(shell.stdout)).toEqual(kept);
    expect(leaked(one.stdout)).toEqual(kept);
    expect(one.stdout).toBe(shell.stdout);
    expect(one.stderr).toBe(shell.stderr);
  });

  async function through(stages: Duplex[]): Promise<string> {
    const out = stringify();
    const done = bytesOf(out);
    await pipeline([
      readRecords(Readable.from([Buffer.from(input)]), { source: '-' }),
      ...stages,
      out,
    ]);
    return (await done).toString('utf8');
  }

  it('chain() and pipeline(convert(), redact()) in the library', async () => {
    const shell = txpipe(['redact'], { input: txpipe(['convert'], { input }).stdout }).stdout;
    expect(await through([chain('convert | redact')])).toBe(shell);
    expect(await through([chain([convert({ to: 'txpipe' }), redact()])])).toBe(shell);
    expect(await through([convert({ to: 'txpipe' }), redact()])).toBe(shell);
  });
});
