import { weekOf } from '../local-time.js';
import { blocksView } from './blocks.js';
import { keyView } from './key-view.js';
import type { View } from './view.js';

const WEEKDAYS = ['Sunday', 'Monday'];

/**
 * The ways a report groups replies (`--by`), by name: each is one field of the report, one
 * section of the table, one `group` of the CSV and one chart of the HTML page. Adding one is one
 * entry here.
 */
export const VIEWS = {
  session: {
    field: 'sessions',
    title: () => 'session',
    chart: 'costliest',
    start: keyView((c) => c.entry.session, true),
  },
  project: {
    field: 'projects',
    title: () => 'project',
    chart: 'bars',
    start: keyView((c) => c.project),
  },
  model: {
    field: 'models',
    title: () => 'model',
    chart: 'bars',
    start: keyView((c) => c.entry.model),
  },
  day: {
    field: 'days',
    title: (ctx) => `day (${ctx.calendar.timeZone})`,
    chart: 'columns',
    start: keyView((c, ctx) => ctx.calendar.day(c.entry.time)),
  },
  week: {
    field: 'weeks',
    title: (ctx) => `week from ${WEEKDAYS[ctx.startOfWeek]} (${ctx.calendar.timeZone})`,
    chart: 'columns',
    start: keyView((c, ctx) => {
      const day = ctx.calendar.day(c.entry.time);
      return day === undefined ? undefined : weekOf(day, ctx.startOfWeek);
    }),
  },
  month: {
    field: 'months',
    title: (ctx) => `month (${ctx.calendar.timeZone})`,
    chart: 'columns',
    start: keyView((c, ctx) => ctx.calendar.day(c.entry.time)?.slice(0, 7)),
  },
  block: {
    field: 'blocks',
    title: () => '5-hour block (UTC start)',
    chart: 'columns',
    start: blocksView,
  },
} as const satisfies Record<string, View>;

export type ViewName = keyof typeof VIEWS;

/** The names `--by` takes, in the order the registry lists them. */
export const VIEW_NAMES = Object.keys(VIEWS) as ViewName[];

/** The views of a report when none are asked for: what `usage` has always written. */
export const DEFAULT_VIEWS: readonly ViewName[] = ['session', 'model', 'day'];
