import { useEffect, useRef, useState } from 'react';

/**
 * Runs an async flow once when the page mounts (StrictMode's second mount included) and answers its
 * failure, if any, for the page to show. The error is not thrown into React: that would log it as a
 * crash, and a failed app login is an outcome the page explains.
 */
export function useRunOnce(flow: () => Promise<unknown>): unknown {
  const started = useRef(false);
  const [error, setError] = useState<unknown>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs the flow once, whatever function the next render passes
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    flow().catch((failure: unknown) => setError(() => failure ?? new Error('The flow failed')));
    // The flow is fixed for the page's life.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return error;
}
