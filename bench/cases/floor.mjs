// What Node itself cannot beat: the steps of a JSON Lines pass (baselines/floor.mjs: read; +
// split; + decode; + JSON.parse; + write), beside txpipe cat and the plain Node loop in the same
// rounds. Every other case's ratio to node-loop can be set against these.
import { join } from 'node:path';

const floor =
  (step) =>
  (corpus, { node, repoRoot }) => [
    node,
    join(repoRoot, 'bench', 'baselines', 'floor.mjs'),
    step,
    corpus,
  ];

export default {
  id: 'floor',
  summary: 'txpipe cat against the floor: read; + split; + decode; + JSON.parse; + write',
  corpus: 'sessions',
  argv: ['cat'],
  baselines: ['node-loop'],
  extraBaselines: {
    'floor: read': floor('read'),
    'floor: + split': floor('split'),
    'floor: + decode': floor('decode'),
    'floor: + JSON.parse': floor('parse'),
    'floor: + write': floor('write'),
  },
  targets: [],
};
