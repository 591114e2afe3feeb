// Benchmark case: `txpipe usage` over a ~170 MB tree of Gemini CLI sessions laid out like
// ~/.gemini/tmp/<project>/chats/, written as Gemini CLI writes them (docs/formats/gemini.md): each
// reply appended twice (with its tokens, then again with its tool call and result), `$set` lines
// after each message, the tool result repeated as a user turn of `functionResponse` parts, and a
// rewind now and then. Usage keys every reply by its id, so the copies are counted once.
import { createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A deterministic id from a number (uuid-shaped). */
const id = (n) => {
  const h = (n * 2654435761 + 0x9e3779b9) >>> 0;
  const hex = h.toString(16).padStart(8, '0');
  return `${hex}-${(n & 0xffff).toString(16).padStart(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`;
};

const OUTPUT = 'src/checkout.ts:12: const url = process.env.DATABASE_URL;\n'.repeat(40);

function* session(s, replies) {
  const t = (k) => new Date(Date.UTC(2026, 4, 1, 8) + s * 3_600_000 + k * 1000).toISOString();
  const sid = id(1_000_000 + s);
  yield { sessionId: sid, projectHash: 'f'.repeat(64), startTime: t(0), lastUpdated: t(0) };
  let n = s * 100_000;
  for (let k = 1; k <= replies; k++) {
    const user = id(n++);
    yield {
      id: user,
      timestamp: t(k),
      type: 'user',
      content: [{ text: `Step ${k}: look at the checkout code again.` }],
    };
    yield { $set: { lastUpdated: t(k) } };
    const call = `run_shell_command-${s}-${k}`;
    const reply = {
      id: id(n++),
      timestamp: t(k),
      type: 'gemini',
      content: '',
      thoughts: [{ subject: 'Reading', description: 'Grep for the variable.', timestamp: t(k) }],
      tokens: {
        input: 9000 + k,
        output: 40,
        cached: 8192,
        thoughts: 100,
        tool: 0,
        total: 9140 + k,
      },
      model: k % 3 === 0 ? 'gemini-2.5-flash' : 'gemini-2.5-pro',
    };
    yield reply;
    yield { $set: { lastUpdated: t(k) } };
    const result = [
      { functionResponse: { id: call, name: 'run_shell_command', response: { output: OUTPUT } } },
    ];
    yield {
      ...reply,
      toolCalls: [
        {
          id: call,
          name: 'run_shell_command',
          args: { command: 'grep -rn DATABASE_URL src' },
          result,
          status: 'success',
          timestamp: t(k),
          resultDisplay: OUTPUT,
          displayName: 'Shell',
          description: '',
          renderOutputAsMarkdown: false,
        },
      ],
    };
    yield { id: id(n++), timestamp: t(k), type: 'user', content: result };
    yield { $set: { lastUpdated: t(k) } };
    if (k % 50 === 0) yield { $rewindTo: user };
  }
}

export async function makeCorpus(dir, { quick = false } = {}) {
  const root = join(dir, 'usage-gemini', 'tmp');
  const done = join(root, '.complete');
  const made = await stat(done).then(
    () => true,
    () => false,
  );
  if (made) return root;
  const sessions = quick ? 4 : 100;
  for (let s = 0; s < sessions; s++) {
    const file = join(
      root,
      `p${s % 10}`,
      'chats',
      `session-2026-05-01T08-00-${id(s).slice(0, 8)}.jsonl`,
    );
    await mkdir(join(file, '..'), { recursive: true });
    const out = createWriteStream(file);
    for (const r of session(s, 200)) {
      if (!out.write(JSON.stringify(r) + '\n')) await new Promise((res) => out.once('drain', res));
    }
    await new Promise((res, e) => out.end((err) => (err ? e(err) : res())));
  }
  await writeFile(done, '');
  return root;
}

export default {
  id: 'usage-gemini',
  summary: 'txpipe usage --json over a ~170 MB tree of Gemini CLI sessions (replies written twice)',
  corpus: 'usage-gemini',
  makeCorpus,
  argv: ['usage', '--json', '--no-cache'],
  baselines: ['node-loop'],
  targets: [{ baseline: 'node-loop', min: 1.0 }],
  maxRssMB: 200,
};
