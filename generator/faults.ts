/** Fault injection for the tests: a build paused at a moment of the output swap, to be killed there; a step that never finishes. */
import path from 'node:path';

/** SITE_GENERATOR_PAUSE_AT=<point>: the build writes pauseMarker() there and waits until killed. */
export const PAUSE_AT = 'SITE_GENERATOR_PAUSE_AT';
/** SITE_GENERATOR_STALL_STEP=<step>: that step waits for a promise nothing settles, as a broken step would. */
export const STALL_STEP = 'SITE_GENERATOR_STALL_STEP';
/** SITE_GENERATOR_STEP_LIMIT=<step>:<ms>: that step's time limit, whatever its work, to pass it while the work goes on. */
export const STEP_LIMIT = 'SITE_GENERATOR_STEP_LIMIT';

/** 'moved-aside' is the gap of a plain folder: the old one moved aside, the new one not yet in. */
export type PausePoint = 'locked' | 'staged' | 'before-link' | 'after-link' | 'moved-aside';

export interface Faults {
  /** The output swap writes pauseMarker() there and waits until killed. */
  pausesAt: (point: PausePoint) => boolean;
  stalls: (step: string) => boolean;
  /** Its limit in ms, in place of the build's. */
  limit: (step: string) => number | undefined;
}

/** What a test waits for. */
export function pauseMarker(store: string, point: PausePoint): string {
  return path.join(store, `paused-at-${point}`);
}

export function faultsFrom(env: NodeJS.ProcessEnv): Faults {
  return {
    pausesAt: (point) => env[PAUSE_AT] === point,
    stalls: (step) => env[STALL_STEP] === step,
    limit(step) {
      const [name, ms] = (env[STEP_LIMIT] ?? '').split(':');
      return name === step && Number(ms) > 0 ? Number(ms) : undefined;
    },
  };
}
