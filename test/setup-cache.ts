import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `txpipe usage` keeps a cache in the user's cache directory by default: a test run keeps its
// own, in a temporary folder, inherited by the binaries the tests spawn (never ~/.cache).
process.env.TXPIPE_CACHE_DIR ??= mkdtempSync(join(tmpdir(), 'txpipe-test-cache-'));
