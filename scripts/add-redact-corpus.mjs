#!/usr/bin/env node
// Appends samples to the labelled redaction corpus (test/fixtures/redact-corpus, README there).
// Usage: node scripts/add-redact-corpus.mjs samples.jsonl...
// Each input line is one sample read from a public scanner's tests:
//   repo, path, commit  where it was read (default repo: trufflesecurity/trufflehog, and for it
//                       d = the detector folder, f = the test file name if not <name>_test.go)
//   s                   the source's label: "valid"/"ng" (a secret) or "invalid"/"ok" (a look-alike)
//   t | L | X | G       the sample text: t as is; L the lines of the "[INFO] ... [DEBUG] Using Key=..."
//                       log template; X [id, secret] of the Jenkins credentials XML template; G
//                       [the token line, the header line] of the Go request template; Y the
//                       lines under `api:` of the config.yaml template
//   v                   fragments of the secret (must not be left when it is a secret)
//   why                 optional note
//   as                  "secret": a look-alike of the source the README's rules call a secret (why says which)
//   src                 the source's short name (default: from repo); its split comes from SPLITS
//   label               the corpus label, when it was judged by hand (secret or lookalike; with
//                       sourceLabel, the source's own word, and why when they differ)
//   rule                optional: the source's rule id the sample belongs to
// A probe line of issue23-probes.jsonl ({section, label, text, mustGo, why}) is read as a sample of
// the source issue-23 (split probes).
// The corpus label follows the README's rule: the source's label, except that a look-alike whose
// value is assigned to a secret's name is a secret (sourceLabel and why say so).
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'redact-corpus',
);
const corpusFile = join(dir, 'corpus.jsonl');
const labelsFile = join(dir, 'labels.jsonl');

// Which split each source belongs to (README, "Splits"): rules are written against tuning and
// probes only; heldout is the sources nobody writing rules reads.
export const SPLITS = {
  trufflehog: 'tuning',
  secretlint: 'tuning',
  gitleaks: 'tuning',
  'code-lines': 'tuning',
  'issue-23': 'probes',
  noseyparker: 'heldout',
  kingfisher: 'heldout',
  'detect-secrets': 'heldout',
  ggshield: 'heldout',
};
const SOURCE_OF_REPO = {
  'trufflesecurity/trufflehog': 'trufflehog',
  'secretlint/secretlint': 'secretlint',
  'gitleaks/gitleaks': 'gitleaks',
  'praetorian-inc/noseyparker': 'noseyparker',
  'mongodb/kingfisher': 'kingfisher',
  'Yelp/detect-secrets': 'detect-secrets',
  'GitGuardian/ggshield': 'ggshield',
};
/** The source and split of a sample read from `repo` (or named by `src`). */
export function sourceOf(repo, src) {
  const source = src ?? SOURCE_OF_REPO[repo];
  const split = SPLITS[source];
  if (!split) throw new Error(`no split for source ${source} (repo ${repo})`);
  return { source, split };
}

const log = (lines) => `\n${lines.map((l) => `\t\t\t\t${l}`).join('\n')}\n\t\t\t`;
const xml = ([id, secret]) =>
  '\n\t\t\t\t<com.cloudbees.plugins.credentials.impl.StringCredentialsImpl>\n' +
  '  \t\t\t\t\t<scope>GLOBAL</scope>\n' +
  `  \t\t\t\t\t<id>${id}</id>\n` +
  `  \t\t\t\t\t<secret>${secret}</secret>\n` +
  '  \t\t\t\t\t<description>configuration for production</description>\n' +
  '\t\t\t\t\t<creationDate>2023-05-18T14:32:10Z</creationDate>\n' +
  '  \t\t\t\t\t<owner>jenkins-admin</owner>\n' +
  '\t\t\t\t</com.cloudbees.plugins.credentials.impl.StringCredentialsImpl>\n\t\t\t';
const goRequest = ([token, header]) =>
  '\n\tfunc main() {\n\t\turl := "https://api.example.com/v1/resource"\n\n' +
  '\t\t// Create a new request with the secret as a header\n' +
  '\t\treq, err := http.NewRequest("GET", url, http.NoBody)\n\t\tif err != nil {\n' +
  '\t\t\tfmt.Println("Error creating request:", err)\n\t\t\treturn\n\t\t}\n\t\t\n' +
  `\t\t${token}\n\t\t${header}\n\n` +
  '\t\t// Perform the request\n\t\tclient := &http.Client{}\n' +
  '\t\tresp, _ := client.Do(req)\n\t\tdefer resp.Body.Close()\n\n' +
  '\t\t// Check response status\n\t\tif resp.StatusCode == http.StatusOK {\n' +
  '\t\t\tfmt.Println("Request successful!")\n\t\t} else {\n' +
  '\t\t\tfmt.Println("Request failed with status:", resp.Status)\n\t\t}\n\t}\n\t';
const configYaml = (lines) =>
  '\n\t\t# Configuration File: config.yaml\n\t\tdatabase:\n\t\t\thost: $DB_HOST\n' +
  '\t\t\tport: $DB_PORT\n\t\t\tusername: $DB_USERNAME\n' +
  '\t\t\tpassword: $DB_PASS  # IMPORTANT: Do not share this password publicly\n\n\t\tapi:\n' +
  lines.map((l) => `\t\t\t${l}\n`).join('') +
  '\n\t\t# Notes:\n\t\t# - Remember to rotate the secret every 90 days.\n' +
  '\t\t# - The above credentials should only be used in a secure environment.\n\t';
// A secret's name right before the value: `API_KEY=`, `token = '`, `<secret>{`, `"password": "`.
// `req.Header.Set("X-Api-Key", "` (a name and its value in a call) and Go's `token := "` too.
const secretName =
  /(?:key|token|secret|passw(?:or)?d|pwd|credentials?|auth)[\w.-]*["']?\s*(?::=|[:=,]|=>)?\s*["'{(]?\s*$/i;

/** Appends the samples of the files named on the command line. */
function main() {
  const last = readFileSync(corpusFile, 'utf8').trim().split('\n').length;
  const lastTime = Date.parse(
    JSON.parse(readFileSync(corpusFile, 'utf8').trim().split('\n').pop()).timestamp,
  );
  let n = last;
  let time = lastTime;
  for (const file of process.argv.slice(2)) {
    for (const raw of readFileSync(file, 'utf8').split('\n')) {
      if (raw.trim() === '') continue;
      let s = JSON.parse(raw);
      if (s.text !== undefined)
        s = {
          repo: null,
          src: 'issue-23',
          path: 'test/fixtures/redact-corpus/issue23-probes.jsonl',
          t: s.text,
          label: s.label,
          v: s.mustGo,
          why: `${s.section}: ${s.why}`,
        };
      const repo = s.repo === undefined ? 'trufflesecurity/trufflehog' : s.repo;
      const path = s.path ?? `pkg/detectors/${s.d}/${s.f ?? `${s.d.split('/')[0]}_test.go`}`;
      const text =
        s.t ?? (s.L ? log(s.L) : s.G ? goRequest(s.G) : s.Y ? configYaml(s.Y) : xml(s.X));
      for (const f of s.v ?? [])
        if (!text.includes(f)) throw new Error(`${path}: fragment ${f} not in its sample`);
      const positive = s.s === 'valid' || s.s === 'ng';
      n++;
      time += 1000;
      const id = String(n).padStart(4, '0');
      const uuid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const label = { uuid, label: 'lookalike', ...sourceOf(repo, s.src), repo, commit: s.c, path };
      if (s.rule) label.rule = s.rule;
      if (s.label) {
        label.label = s.label;
        if (s.label === 'secret') {
          if (!s.v?.length) throw new Error(`${path}: a secret without fragments`);
          label.mustGo = s.v;
        }
        if (s.sourceLabel) label.sourceLabel = s.sourceLabel;
        if (s.why) label.why = s.why;
      } else if (positive) {
        label.label = 'secret';
        label.mustGo = s.v;
        if (s.why) label.why = s.why;
      } else if (
        s.v &&
        (s.as === 'secret' || secretName.test(text.slice(0, text.indexOf(s.v[0]))))
      ) {
        label.label = 'secret';
        label.mustGo = s.v;
        label.sourceLabel = s.s;
        label.why =
          s.why ??
          "the source's invalid pattern, assigned to a secret's name: removed whatever its format";
      } else if (s.why) label.why = s.why;
      const entry = {
        parentUuid: null,
        isSidechain: false,
        userType: 'external',
        cwd: '/work/app',
        sessionId: '00000000-0000-4000-8000-000000000000',
        version: '2.0.0',
        type: 'user',
        message: {
          role: 'user',
          content: [{ tool_use_id: `toolu_corpus${id}`, type: 'tool_result', content: text }],
        },
        uuid,
        timestamp: new Date(time).toISOString(),
      };
      appendFileSync(corpusFile, `${JSON.stringify(entry)}\n`);
      appendFileSync(labelsFile, `${JSON.stringify(label)}\n`);
    }
  }
  console.log(`${n - last} samples added, ${n} in all`);
}

// Imported (for SPLITS and sourceOf), it adds nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
