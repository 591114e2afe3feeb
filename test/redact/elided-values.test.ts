import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/redact/redactor.js';

// A value elided after its start (docs' `sk-...`, Elixir's Inspect `:...`) stands in for a secret
// and is kept; a value that merely ends in dots is still a value.
describe('elided values under a secret`s name', () => {
  it.each([
    [
      '%Plug.Conn{secret_key_base: :..., state: :unset}',
      '%Plug.Conn{secret_key_base: :..., state: :unset}',
    ],
    ['export OPENAI_API_KEY="sk-..."', 'export OPENAI_API_KEY="sk-..."'],
    ['OPENAI_API_KEY=sk-proj-…', 'OPENAI_API_KEY=sk-proj-…'],
    ['password: ...', 'password: ...'],
    ['password=hunter2...', 'password=[redacted]'],
    ['token: ghp_abcdefghijklmnopqrstuvwxyz0123456789...', 'token: [redacted]'],
  ])('%s', (input, output) => {
    expect(createRedactor().text(input)).toBe(output);
  });
});

// A shell word of quoted parts glued by `:` (`"${username}":"${password}"`): the part after the
// colon is judged without its quotes, and a replacement keeps them.
describe('curl -u with quoted parts', () => {
  it.each([
    ['curl -u "${username}":"${password}" x', 'curl -u "${username}":"${password}" x'],
    ["curl -u 'me':'${PASS}' x", "curl -u 'me':'${PASS}' x"],
    ['curl -u "me":"Zq8kLm2pWx9" x', 'curl -u "me":"[redacted]" x'],
    ['curl -u "me:Zq8kLm2pWx9" x', 'curl -u "me:[redacted]" x'],
    ['curl -u me:"Zq8kLm2pWx9" x', 'curl -u me:"[redacted]" x'],
  ])('%s', (input, output) => {
    expect(createRedactor().text(input)).toBe(output);
  });
});

// Slack's legacy `xoxo-` tokens have numeric ids; a word such as `xoxo-indieweb` is not one.
describe('xoxo in an image URL', () => {
  it.each([
    [
      'https://indieweb.org/images/3/35/2018-250-xoxo-indieweb-1.jpg',
      'https://indieweb.org/images/3/35/2018-250-xoxo-indieweb-1.jpg',
    ],
    ['token xoxo-1234567890-1234567890-1234567890-0123456789abcdef0123', 'token [redacted]'],
    ['token xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy', 'token [redacted]'],
  ])('%s', (input, output) => {
    expect(createRedactor().text(input)).toBe(output);
  });
});
