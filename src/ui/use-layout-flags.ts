import { useEffect, useState } from 'react';
import { breakpoints, limits } from '../config/limits';

export interface LayoutFlags {
  desktop: boolean;
  tabletLandscapeOrWider: boolean;
  tabletPortraitOrWider: boolean;
  phone: boolean;
}

export function layoutFlagsFor(width: number): LayoutFlags {
  return {
    desktop: width >= breakpoints.desktop,
    tabletLandscapeOrWider: width >= breakpoints.tabletLandscape,
    tabletPortraitOrWider: width >= breakpoints.tabletPortrait,
    phone: width < breakpoints.tabletPortrait,
  };
}

/** Calls `action` at most once per `wait` ms, always with the latest call made last. */
export function throttle(action: () => void, wait: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run() {
      const now = Date.now();
      const remaining = wait - (now - last);
      if (remaining <= 0) {
        last = now;
        action();
      } else if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          last = Date.now();
          action();
        }, remaining);
      }
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Layout flags of SPEC §9 for the window's width, updated on resize (throttled to 150 ms). */
export function useLayoutFlags(): LayoutFlags {
  // No window in the build's prerender: the flags of a phone (callers render for both until hydrated).
  const [flags, setFlags] = useState(() => layoutFlagsFor(typeof window === 'undefined' ? 0 : window.innerWidth));
  useEffect(() => {
    const update = throttle(() => {
      const next = layoutFlagsFor(window.innerWidth);
      setFlags((previous) =>
        previous.desktop === next.desktop &&
        previous.tabletLandscapeOrWider === next.tabletLandscapeOrWider &&
        previous.tabletPortraitOrWider === next.tabletPortraitOrWider
          ? previous
          : next,
      );
    }, limits.resizeThrottleMs);
    window.addEventListener('resize', update.run);
    return () => {
      window.removeEventListener('resize', update.run);
      update.cancel();
    };
  }, []);
  return flags;
}
