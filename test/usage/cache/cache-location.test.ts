import { describe, expect, it } from 'vitest';
import { usageCacheDir } from '../../../src/usage/cache/cache-location.js';

const home = () => '/home/u';

describe('where the usage cache lives', () => {
  it.each([
    ['--cache-dir first', '/flag', { TXPIPE_CACHE_DIR: '/own', XDG_CACHE_HOME: '/xdg' }, '/flag'],
    [
      'then TXPIPE_CACHE_DIR',
      undefined,
      { TXPIPE_CACHE_DIR: '/own', XDG_CACHE_HOME: '/xdg' },
      '/own',
    ],
    ['then $XDG_CACHE_HOME/txpipe', undefined, { XDG_CACHE_HOME: '/xdg' }, '/xdg/txpipe'],
    ['else ~/.cache/txpipe', undefined, {}, '/home/u/.cache/txpipe'],
    [
      'an empty variable is unset',
      '',
      { TXPIPE_CACHE_DIR: '', XDG_CACHE_HOME: '' },
      '/home/u/.cache/txpipe',
    ],
    [
      'a relative XDG_CACHE_HOME is ignored',
      undefined,
      { XDG_CACHE_HOME: 'rel' },
      '/home/u/.cache/txpipe',
    ],
  ])('%s', (_what, flag, env, want) => {
    expect(usageCacheDir(flag, env, home)).toBe(want);
  });
});
