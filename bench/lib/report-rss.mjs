// Preloaded (node --import) into Node commands when /usr/bin/time is missing: on exit, writes the
// process's peak RSS in KiB to the file named by TXPIPE_BENCH_RSS_FILE, as `time -f %M` would.
import { writeFileSync } from 'node:fs';

const file = process.env.TXPIPE_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
