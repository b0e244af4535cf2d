import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { forgetRootDocument } from './root-document';

/**
 * Another tab may have signed in or out while this one sat in the background. When the person comes
 * back to this tab, the screen's loader runs again with a fresh root document: signed in meanwhile
 * sends them on (or shows the wrong-role dialog), signed out closes it, and the form stays as typed.
 *
 * Focus and visibility both fire on one return: a return while a check is under way joins it. There is
 * no quiet time after a check (there was one of a second, counted from the page's start): a person who
 * signs out in another tab and comes straight back, as a busy machine's test did within that second,
 * was not rechecked at all.
 */
export function useRecheckSessionOnReturn() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    let checking = false;
    const recheck = () => {
      if (document.visibilityState !== 'visible' || checking) return;
      checking = true;
      forgetRootDocument();
      void revalidate.current().finally(() => {
        checking = false;
      });
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, []);
}
