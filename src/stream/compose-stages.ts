import { Duplex, pipeline, type Transform } from 'node:stream';
import { REJECT_EVENT, type Rejection } from './rejection.js';

/**
 * Several object-mode stages as one Duplex: what is written goes to the first, what the last
 * gives is read, an error of any stage destroys the whole with that error, and every stage's
 * rejections are re-emitted on it. Built on `pipeline` (not the experimental `stream.compose`).
 */
export function composeStages(stages: readonly Transform[]): Duplex {
  const first = stages[0];
  const last = stages[stages.length - 1];
  if (first === undefined || last === undefined) throw new Error('composeStages: no stages');
  if (stages.length === 1) return first;
  const outer: Duplex = new Duplex({
    objectMode: true,
    write(chunk, _enc, done) {
      if (first.write(chunk)) done();
      else first.once('drain', () => done());
    },
    final(done) {
      first.end();
      done();
    },
    read() {
      last.resume();
    },
    destroy(err, done) {
      for (const stage of stages) stage.destroy();
      done(err);
    },
  });
  last.on('data', (chunk: unknown) => {
    if (!outer.push(chunk)) last.pause();
  });
  last.on('end', () => outer.push(null));
  for (const stage of stages) {
    stage.on(REJECT_EVENT, (r: Rejection) => outer.emit(REJECT_EVENT, r));
  }
  pipeline(stages as [Transform, ...Transform[]], (err) => {
    if (err && !outer.destroyed) outer.destroy(err);
  });
  return outer;
}
