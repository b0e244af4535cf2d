import { describe, expect, it, vi } from 'vitest';
import { queueUntilLoaded } from './queue-until-loaded';

interface Module {
  record: (value: string) => void;
}

/** A module whose load the test settles by hand. */
function lazyModule() {
  const received: string[] = [];
  const module: Module = { record: (value) => received.push(value) };
  let settle: { resolve: (module: Module) => void; reject: (error: Error) => void } | undefined;
  const load = vi.fn(
    () =>
      new Promise<Module>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { received, module, load, settle: () => settle! };
}

describe('queueUntilLoaded', () => {
  it('holds calls made before the load, then hands them on once, in order', async () => {
    const lazy = lazyModule();
    const queue = queueUntilLoaded(10, lazy.load, (module: Module) => module.record);
    queue.call('first');
    queue.call('second');
    const loaded = queue.load();
    queue.call('third');
    expect(lazy.received).toEqual([]);
    lazy.settle().resolve(lazy.module);
    await loaded;
    expect(lazy.received).toEqual(['first', 'second', 'third']);
    await queue.load();
    expect(lazy.received).toEqual(['first', 'second', 'third']);
  });

  it('hands calls after the load straight to the module', async () => {
    const lazy = lazyModule();
    const queue = queueUntilLoaded(10, lazy.load, (module: Module) => module.record);
    const loaded = queue.load();
    lazy.settle().resolve(lazy.module);
    await loaded;
    queue.call('now');
    expect(lazy.received).toEqual(['now']);
  });

  it('loads once, however often it is asked to', async () => {
    const lazy = lazyModule();
    const queue = queueUntilLoaded(10, lazy.load, (module: Module) => module.record);
    const first = queue.load();
    expect(queue.load()).toBe(first);
    lazy.settle().resolve(lazy.module);
    await first;
    await queue.load();
    expect(lazy.load).toHaveBeenCalledTimes(1);
  });

  it('holds at most the first `limit` calls', async () => {
    const lazy = lazyModule();
    const queue = queueUntilLoaded(2, lazy.load, (module: Module) => module.record);
    for (const value of ['a', 'b', 'c', 'd']) queue.call(value);
    const loaded = queue.load();
    lazy.settle().resolve(lazy.module);
    await loaded;
    expect(lazy.received).toEqual(['a', 'b']);
  });

  it('after a failed load throws into no caller, drops what was held and every later call, and does not retry', async () => {
    const lazy = lazyModule();
    const target = vi.fn((module: Module) => module.record);
    const queue = queueUntilLoaded(10, lazy.load, target);
    queue.call('before');
    const loaded = queue.load();
    lazy.settle().reject(new Error('Failed to fetch dynamically imported module'));
    await expect(loaded).resolves.toBeUndefined();
    expect(() => queue.call('after')).not.toThrow();
    await expect(queue.load()).resolves.toBeUndefined();
    expect(lazy.load).toHaveBeenCalledTimes(1);
    expect(target).not.toHaveBeenCalled();
    expect(lazy.received).toEqual([]);
  });
});
