// Baseline "split2": the usual line-splitting library. split2 splits each file into lines, each
// non-blank line is checked with JSON.parse and written back as it was (like `txpipe cat`, which
// validates and writes untouched lines verbatim), piped with backpressure.
//
//   node bench/baselines/split2.mjs FILE...   (output on stdout)

import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import split2 from 'split2';

for (const file of process.argv.slice(2)) {
  await pipeline(
    createReadStream(file),
    split2(),
    new Transform({
      writableObjectMode: true,
      transform(line, _enc, done) {
        if (line.trim() === '') return done();
        JSON.parse(line);
        done(null, line + '\n');
      },
    }),
    process.stdout,
    { end: false },
  );
}
