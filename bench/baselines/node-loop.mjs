// Baseline "node-loop": the plain Node loop a user would write. Reads each file as a stream,
// splits on "\n", JSON.parse + JSON.stringify every non-blank line, writes the lines of each chunk
// in one write (respecting backpressure).
//
//   node bench/baselines/node-loop.mjs FILE...   (output on stdout)

import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';

const out = process.stdout;

for (const file of process.argv.slice(2)) {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of createReadStream(file)) {
    const parts = (pending + decoder.write(chunk)).split('\n');
    pending = parts.pop();
    let text = '';
    for (const line of parts)
      if (line.trim() !== '') text += JSON.stringify(JSON.parse(line)) + '\n';
    if (text !== '' && !out.write(text)) await once(out, 'drain');
  }
  pending += decoder.end();
  if (pending.trim() !== '') out.write(JSON.stringify(JSON.parse(pending)) + '\n');
}
