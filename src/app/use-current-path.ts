import { useContext } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router';

/**
 * The full path (with the base and language segment) and query of the screen, from the router rather
 * than from window.location: the same in the build's prerender and in the browser.
 */
export function useCurrentPath(): { pathname: string; search: string } {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const { pathname, search } = useLocation();
  const base = basename.replace(/\/+$/, '');
  return { pathname: `${base}${pathname}`, search };
}
