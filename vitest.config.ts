import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup-facets.ts', 'test/setup-cache.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The JSON report lets .ci/run print one plain 'N passed, N failed' line.
    reporters: ['default', ['json', { outputFile: 'coverage/vitest-results.json' }]],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: { lines: 85, functions: 85, branches: 75, statements: 85 },
    },
  },
});
