// Types of scripts/redact-corpus-score.mjs, for the tests that import it.
export interface CorpusLabel {
  uuid: string;
  label: 'secret' | 'lookalike';
  source: string;
  split: 'tuning' | 'heldout' | 'probes';
  mustGo?: string[];
  why?: string;
}
export interface Tally {
  secrets: number;
  removed: number;
  recall: number;
  lookalikes: number;
  changed: number;
  changedShare: number;
  misses: string[];
  falsePositives: string[];
}
export const CORPUS_DIR: string;
export function readCorpus(dir?: string): { lines: string[]; labels: CorpusLabel[] };
export function sampleText(line: string): string;
export function txpipeCaught(lines: string[], outLines: string[], labels: CorpusLabel[]): boolean[];
export function score(labels: CorpusLabel[], caught: boolean[]): Record<string, Tally>;
