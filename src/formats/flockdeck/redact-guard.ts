import { clipString } from '../../clip/clip-string.js';
import { clipValue, type Cut } from '../../clip/clip-value.js';
import { withholdInput } from '../../redact/withhold.js';
import { createRedactor, WITHHELD, type Redactor } from '../../redact/redactor.js';
import type { LineGuard } from './guard.js';

/**
 * The Flockdeck writer's guard, built from the redact and clip modules (the Flockdeck reference,
 * section 4): a string is cut first (so `clipped` has its length as received, before redaction)
 * and then redacted; a tool input has every string cut, a secret file's strings other than its
 * path and command withheld, then the rest redacted; `clipped.input` is the input's length as JSON.
 */
export function flockdeckGuard(redactor: Redactor = createRedactor()): LineGuard {
  return {
    string(s, limit) {
      const c = clipString(s, limit);
      const text = redactor.text(c.text);
      return { text, redacted: text !== c.text, ...(c.clipped ? { clippedFrom: c.bytes } : {}) };
    },
    input(_tool, input, limit, secret) {
      const cuts: Cut[] = [];
      const clipped = clipValue(input, { limitAt: () => limit, smallest: limit }, cuts);
      const held = secret ? withholdInput(clipped) : clipped;
      const value = redactor.value(held);
      return {
        value,
        redacted: value !== clipped,
        ...(cuts.length > 0 ? { clippedFrom: Buffer.byteLength(JSON.stringify(input)) } : {}),
      };
    },
    secretCall: (tool, input) => redactor.secretFileOfCall(tool, input) !== undefined,
    withheld: WITHHELD,
  };
}
