// Baseline "floor": what Node itself cannot beat for a JSON Lines pass, in steps. Reads each file
// synchronously 1 MiB at a time into one buffer, and then, by the step named:
//   read    nothing more
//   split   finds every line end (Buffer#indexOf)
//   decode  + decodes every line to a string
//   parse   + JSON.parse of every non-blank line
//   write   + writes each chunk's whole lines, as read, to stdout (one write per chunk)
// No line across chunks is decoded or parsed (a line's tail and the next chunk are joined by a
// copy of the tail), so this is a floor, not a correct reader.
//
//   node bench/baselines/floor.mjs STEP FILE...   (output on stdout for `write`)

import { closeSync, openSync, readSync, writeSync } from 'node:fs';

const STEPS = ['read', 'split', 'decode', 'parse', 'write'];
const [step, ...files] = process.argv.slice(2);
const level = STEPS.indexOf(step);
if (level < 0) throw new Error(`step must be one of ${STEPS.join(', ')}`);
const CHUNK = 1024 * 1024;
let buf = Buffer.allocUnsafe(2 * CHUNK);
let lines = 0;
for (const file of files) {
  const fd = openSync(file, 'r');
  let held = 0; // bytes of an unfinished line at the start of buf
  for (;;) {
    if (buf.length - held < CHUNK) {
      const more = Buffer.allocUnsafe(held + CHUNK);
      buf.copy(more, 0, 0, held);
      buf = more;
    }
    const n = readSync(fd, buf, held, CHUNK, null);
    if (n === 0) break;
    const end = held + n;
    if (level === 0) continue;
    let start = 0;
    for (let nl = buf.indexOf(10, 0); nl !== -1 && nl < end; nl = buf.indexOf(10, start)) {
      if (level >= 2) {
        const text = buf.toString('utf8', start, nl);
        if (level >= 3 && text.length > 0) JSON.parse(text);
      }
      lines++;
      start = nl + 1;
    }
    if (level >= 4 && start > 0) writeSync(1, buf, 0, start);
    held = end - start;
    buf.copy(buf, 0, start, end);
  }
  closeSync(fd);
}
if (level < 4 && lines < 0) console.log(lines);
