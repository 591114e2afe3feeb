/**
 * True when JSON text holds an object with the same key twice. `JSON.parse` keeps the last value
 * of such a key: a record's value then lacks what the line still holds (a secret under the first
 * `"x"` of `{"x":"AKIA…","x":"hello"}`), so the line itself must be judged. One pass, no parse; a
 * key with an escape is decoded to compare (`"a"` and `"\u0061"` are one key).
 */
export function hasDuplicateKeys(s: string): boolean {
  // One entry per open object (its keys so far) or array (null).
  const open: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      let j = i + 1;
      let escaped = false;
      for (; j < s.length; j++) {
        const d = s.charCodeAt(j);
        if (d === 0x22) break;
        if (d === 0x5c) {
          escaped = true;
          j++;
        }
      }
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const key = escaped ? decoded(s.slice(i, j + 1)) : s.slice(i + 1, j);
        if (keys.has(key)) return true;
        keys.add(key);
      }
      expectKey = false;
      i = j;
    } else if (c === 0x7b) {
      open.push(new Set());
      expectKey = true;
    } else if (c === 0x5b) {
      open.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
    } else if (c === 0x2c) {
      expectKey = open[open.length - 1] != null;
    }
  }
  return false;
}

function decoded(token: string): string {
  try {
    return JSON.parse(token) as string;
  } catch {
    return token;
  }
}
