import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { forgetRootDocument } from './root-document';

/** Returns within this long after the last check do not check again (focus and visibility both fire). */
const minimumGapMs = 1000;

/**
 * Another tab may have signed in or out while this one sat in the background. When the person comes
 * back to this tab, the screen's loader runs again with a fresh root document: signed in meanwhile
 * sends them on (or shows the wrong-role dialog), signed out closes it, and the form stays as typed.
 */
export function useRecheckSessionOnReturn() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    // The loader has just run: a focus event while the page is still loading needs no second check.
    let lastCheck = Date.now();
    const recheck = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck < minimumGapMs) return;
      lastCheck = Date.now();
      forgetRootDocument();
      void revalidate.current();
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, []);
}
