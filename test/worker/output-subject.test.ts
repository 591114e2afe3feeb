import { describe, expect, it } from 'vitest';
import { outputSubjectFor } from '../../src/worker/worker-options.js';

describe('the subject an output is published to', () => {
  it.each([
    ['clean.out', 'transcripts.p1.s1', 'clean.out'],
    ['clean.{subject}', 'transcripts.p1.s1', 'clean.transcripts.p1.s1'],
    ['{subject}.out.{subject}', 'a.b', 'a.b.out.a.b'],
  ])('%s for input %s is %s', (template, input, want) => {
    expect(outputSubjectFor(template, input)).toBe(want);
  });
});
