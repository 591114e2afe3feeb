// Issue 12: a slow consumer makes txpipe wait (backpressure). Runs `txpipe <command>` over the
// 2 GiB input (bench/lib/big-input.mjs) with its standard output read slowly (64 KiB every 50 ms,
// about 1.3 MB/s) for a few seconds, and samples from /proc what txpipe has read of its input
// and its resident memory. Waiting means: what it has read stays within a few buffers of what
// the consumer took, and its memory stays flat, instead of reading the 2 GiB ahead into memory.
//
//   node bench/backpressure.mjs [--quick] [--seconds N] [command args...]   (default: cat)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setInterval, clearInterval } from 'node:timers';
import { makeBigInput } from './lib/big-input.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const si = argv.indexOf('--seconds');
const seconds = si >= 0 ? Number(argv[si + 1]) : 8;
const command = argv.filter((a, i) => a !== '--quick' && i !== si && i !== si + 1);
const args = command.length > 0 ? command : ['cat'];

const input = await makeBigInput({ quick });
const child = spawn(
  process.execPath,
  [join(here, '..', 'dist', 'bin', 'txpipe.js'), ...args, input],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);

/** Bytes txpipe has read so far (rchar: its input, plus the ~2 MB of modules it loaded). */
function inputRead(pid) {
  try {
    const fds = readFileSync(`/proc/${pid}/io`, 'utf8');
    return Number(/rchar: (\d+)/.exec(fds)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}
function rssMB(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

let taken = 0;
child.stdout.pause();
const reader = setInterval(() => {
  let chunk;
  let got = 0;
  while (got < 64 * 1024 && (chunk = child.stdout.read()) !== null) got += chunk.length;
  taken += got;
}, 50);

const samples = [];
const start = Date.now();
await new Promise((resolve) => {
  const t = setInterval(() => {
    const s = (Date.now() - start) / 1000;
    samples.push({
      s,
      readMB: inputRead(child.pid) / 1e6,
      takenMB: taken / 1e6,
      rssMB: rssMB(child.pid),
    });
    if (s >= seconds) {
      clearInterval(t);
      resolve();
    }
  }, 500);
});
clearInterval(reader);
child.kill('SIGKILL');

const last = samples[samples.length - 1];
const peak = Math.max(...samples.map((x) => x.rssMB));
console.log(`txpipe ${args.join(' ')} on ${input}, consumer ~1.3 MB/s for ${seconds} s`);
console.log('| s | txpipe read (MB, rchar) | consumer took (MB) | ahead (MB) | RSS (MB) |');
console.log('|---|---|---|---|---|');
for (const x of samples.filter((_, i) => i % 2 === 1)) {
  console.log(
    `| ${x.s.toFixed(1)} | ${x.readMB.toFixed(1)} | ${x.takenMB.toFixed(1)} | ${(x.readMB - x.takenMB).toFixed(1)} | ${x.rssMB.toFixed(0)} |`,
  );
}
const ahead = last.readMB - last.takenMB;
console.log(
  `\nahead at the end: ${ahead.toFixed(1)} MB (pass if < 64 MB); peak RSS ${peak.toFixed(0)} MB (pass if < 200 MB): ${ahead < 64 && peak < 200 ? 'pass' : 'FAIL'}`,
);
process.exitCode = ahead < 64 && peak < 200 ? 0 : 3;
