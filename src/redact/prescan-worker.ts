// The worker thread that runs redact's prescan on the lines of a large file ahead of the stage
// (line-judge.ts, judge-ahead.ts): the same function as the redactor's, built from its spec.
import { workerData } from 'node:worker_threads';
import type { JudgeWorkerData } from '../stream/line-judge.js';
import { serveLineJudge } from '../stream/judge-worker.js';
import { prescanOfSpec, type PrescanSpec } from './prescan-spec.js';

const wd = workerData as JudgeWorkerData;
serveLineJudge(wd, prescanOfSpec(wd.data as PrescanSpec));
