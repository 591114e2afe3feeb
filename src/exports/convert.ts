// txpipe/convert: detect a record's format, convert between formats, replay a conversation.
// Listed in docs/api.md; the root entry exports it too.
export { detect, detectDefaults, type DetectOptions } from '../transforms/detect.js';
export { convert, convertDefaults, type ConvertOptions } from '../transforms/convert.js';
export { replay, replayDefaults, type ReplayOptions } from '../transforms/replay.js';
export { eventsReplayer } from '../replay/events-replayer.js';
export type { Block, Message, Replayed, Replayer } from '../replay/replayer.js';
