import type { CliOption } from '../spec.js';

/**
 * `--line-filter`, for the commands whose stages give exactly one record per record (cat, redact,
 * clip): the contract of engines that pipe records through a process and pair its lines with
 * theirs (Redpanda Connect's `subprocess`, Fluentd's `exec_filter`). One line out per line in, in
 * order, written as soon as it is done. See engine/line-filter.ts and docs/scaling.md.
 */
export const lineFilterOption: CliOption = {
  type: 'boolean',
  default: false,
  describe:
    'One output line per input line, written as each is done; a line that fails is written through (--on-invalid pass) or as a JSON error object',
};
