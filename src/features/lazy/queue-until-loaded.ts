/**
 * Calls to a module kept out of the first load (issue #8), held until it has come: analytics'
 * track() and the error events seen before error reporting's code is there. The first `limit` calls
 * are held and handed to the module in order, once, when it has loaded; later calls go straight to
 * it. A failed load is not retried and throws into no caller: what was held and every later call are
 * dropped (analytics and error reporting must never cost the page).
 */
export interface QueueUntilLoaded<Call extends unknown[]> {
  /** Hands the call to the module, or holds it until the module has come. */
  call: (...call: Call) => void;
  /** Starts the load (once; later calls return the same promise, which never rejects). */
  load: () => Promise<void>;
}

/** `target` picks the module's function the calls go to. */
export function queueUntilLoaded<Module, Call extends unknown[]>(
  limit: number,
  load: () => Promise<Module>,
  target: (module: Module) => (...call: Call) => void,
): QueueUntilLoaded<Call> {
  let loaded: ((...call: Call) => void) | undefined;
  const held: Call[] = [];
  let loading: Promise<void> | undefined;
  return {
    call: (...call) => {
      if (loaded) loaded(...call);
      else if (held.length < limit) held.push(call);
    },
    load: () =>
      (loading ??= load().then(
        (module) => {
          loaded = target(module);
          for (const call of held.splice(0)) loaded(...call);
        },
        () => {
          held.length = limit = 0;
        },
      )),
  };
}
