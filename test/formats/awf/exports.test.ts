import { describe, expect, it } from 'vitest';
import * as txpipe from '../../../src/index.js';
import { RunLinker } from '../../../src/formats/awf/run-linker.js';
import { getCommand } from '../../../src/transforms/registry.js';

describe('public API: the AWF section', () => {
  it('exports the AWF reader, writer and normalizers through the barrel', async () => {
    await txpipe.loadFacets('codec'); // codecOf answers once the readers and writers are loaded
    expect(txpipe.codecOf('awf').decoder).toBe(txpipe.awfDecoder);
    expect(txpipe.codecOf('awf').encoder).toBe(txpipe.awfEncoder);
    expect((await txpipe.getFormat('awf')!.load()).decoder).toBe(txpipe.awfDecoder);
    expect(getCommand('normalize')).toBeDefined();
    expect(getCommand('awf-tree')).toBeDefined();
    expect(txpipe.normalizerIds).toEqual([
      'claude',
      'codex',
      'copilot',
      'gemini',
      'openai-compatible',
    ]);
    expect(txpipe.AWF_EVENT_TYPES).toHaveLength(10);
    expect(txpipe.AWF_BLOCK_TYPES).toHaveLength(6);
    expect(new RunLinker().trees()).toEqual([]); // internal: not in the barrel
    expect(txpipe).not.toHaveProperty('RunLinker');
  });

  const envelope = {
    seq: 1,
    run_id: 'r',
    type: 'run.started',
    path: '',
    iteration: 0,
    timestamp: 't',
    payload: null,
  };
  it.each([
    [envelope, true],
    [{ ...envelope, payload: undefined }, true], // present, if undefined
    [{ seq: 1, run_id: 'r', type: 'x', path: '' }, false], // no payload
    [{ ...envelope, seq: '1' }, false],
    [[envelope], false],
  ])('awf.detect %j -> %s', (value, want) => {
    expect(txpipe.getFormat('awf')!.detect(value)).toBe(want);
  });

  it.each([
    [{ ...envelope, seq: -1 }, 'seq is not an unsigned integer'],
    [{ ...envelope, path: 1 }, 'path is not a string'],
    [{ ...envelope, iteration: 0.5 }, 'iteration is not an integer'],
    [{ ...envelope, child_run_id: 3 }, 'child_run_id is not a string'],
    [
      { seq: 1, run_id: 'r', type: 't', path: '', iteration: 0, timestamp: 't' },
      'payload is missing',
    ],
  ])('readEnvelope says why %j is not an envelope', (value, why) => {
    expect(txpipe.readEnvelope(value)).toBe(why);
  });

  it.each([
    [null, 'null'],
    [[], 'blocks'],
    [{ role: 'user', blocks: 'no' }, 'message'],
    [{ call_id: 'c' }, 'tool'],
    [{ kind: 'agent' }, 'step'],
    [{ other: 1 }, 'any'],
    [5, 'any'],
  ])('dispatchPayload %j is %s', (payload, kind) => {
    expect(txpipe.dispatchPayload(payload).kind).toBe(kind);
  });
});
