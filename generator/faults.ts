/** Fault injection for the tests: a build paused in the output swap, to be killed (or held); a step that never finishes, or is cut short. */
import path from 'node:path';

/** SITE_GENERATOR_PAUSE_AT=<point>: the build writes pauseMarker() there and waits until killed. */
export const PAUSE_AT = 'SITE_GENERATOR_PAUSE_AT';
/** SITE_GENERATOR_HOLD_AT=<point>: the build writes pauseMarker() there and goes on once the test has removed it. */
export const HOLD_AT = 'SITE_GENERATOR_HOLD_AT';
/** SITE_GENERATOR_STALL_STEP=<step>: that step waits for a promise nothing settles, as a broken step would. */
export const STALL_STEP = 'SITE_GENERATOR_STALL_STEP';
/** SITE_GENERATOR_STEP_LIMIT=<step>:<ms>: that step's time limit, whatever its work, to pass it while the work goes on. */
export const STEP_LIMIT = 'SITE_GENERATOR_STEP_LIMIT';

/** 'moved-aside' is the gap of a plain folder: the old one moved aside, the new one not yet in. */
export type PausePoint = 'locked' | 'staged' | 'before-link' | 'after-link' | 'moved-aside';

export interface Faults {
  pausesAt: (point: PausePoint) => 'pause' | 'hold' | undefined;
  stalls: (step: string) => boolean;
  limit: (step: string) => number | undefined;
}

export function pauseMarker(store: string, point: PausePoint): string {
  return path.join(store, `paused-at-${point}`);
}

export function faultsFrom(env: NodeJS.ProcessEnv): Faults {
  return {
    pausesAt: (point) => (env[HOLD_AT] === point ? 'hold' : env[PAUSE_AT] === point ? 'pause' : undefined),
    stalls: (step) => env[STALL_STEP] === step,
    limit(step) {
      const [name, ms] = (env[STEP_LIMIT] ?? '').split(':');
      return name === step && Number(ms) > 0 ? Number(ms) : undefined;
    },
  };
}
