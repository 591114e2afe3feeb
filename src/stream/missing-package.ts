import { TxpipeError } from './errors.js';

/**
 * For the `catch` of an `import()` of an optional dependency: a package that is not installed
 * becomes an error naming it and how to install it (`ERR_TXPIPE_MISSING_PACKAGE`); any other
 * failure to load it is passed on as it was.
 */
export function missing(pkg: string): (err: unknown) => never {
  return (err) => {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new TxpipeError(
        'ERR_TXPIPE_MISSING_PACKAGE',
        `the worker needs the package ${pkg}, an optional dependency that is not installed: npm install ${pkg}`,
      );
    }
    throw err;
  };
}
