/**
 * A value every render request of a build carries (render/shared.ts): what postMessage would copy arrives as it was sent,
 * and a worker given values in any order reads each one's own, never the one it read before.
 */
import { describe, expect, it } from 'vitest';
import { fromShared, toShared } from '../../generator/render/shared';

describe('a shared value', () => {
  it('arrives as structured clone copies it: maps, dates and absent fields included', () => {
    const sent = { when: new Date('2026-03-01T10:00:00Z'), byPath: new Map([['/news/', 3]]), label: undefined, list: [1, 'two'] };
    const read = fromShared(toShared(sent));
    expect(read).toEqual(sent);
    expect(read.when).toBeInstanceOf(Date);
    expect(read.byPath.get('/news/')).toBe(3);
    expect(Object.hasOwn(read, 'label')).toBe(true);
  });

  it('is read by its own bytes, in any order: a request never depends on one before it', () => {
    const first = toShared({ build: 1, routes: ['/'] });
    const second = toShared({ build: 2, routes: ['/', '/about-us/'] });
    expect(fromShared(first).build).toBe(1);
    expect(fromShared(second).build).toBe(2);
    expect(fromShared(first)).toEqual({ build: 1, routes: ['/'] });
    // The same value again is the same key: one read for every request of a build.
    expect(toShared({ build: 2, routes: ['/', '/about-us/'] }).key).toBe(second.key);
    expect(first.key).not.toBe(second.key);
  });

  it('holds its bytes in memory that a worker reads without a copy', () => {
    expect(toShared({ routes: [] }).bytes).toBeInstanceOf(SharedArrayBuffer);
  });
});
