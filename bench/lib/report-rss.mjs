// Preloaded (node --import) into Node commands when /usr/bin/time is missing: on exit, writes the
// process's CPU seconds and peak RSS to the file named by TXPIPE_BENCH_RSS_FILE, in the format of
// `time -f '%U %S %M'` (user seconds, system seconds, KiB).
import { writeFileSync } from 'node:fs';

const file = process.env.TXPIPE_BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, `${u.userCPUTime / 1e6} ${u.systemCPUTime / 1e6} ${u.maxRSS}\n`);
  });
}
