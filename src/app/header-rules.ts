/** Which login the header's toggle offers on a path (SPEC §2), or null where it is hidden. */
export function loginToggleFor(pathname: string): 'private' | 'business' | null {
  // Case-insensitive, so mobileLogout/ (a redirect page) offers no login either.
  if (pathname.toLowerCase().includes('logout')) return null;
  if (pathname.includes('business') || pathname.includes('epost-verifisering')) return 'private';
  return 'business';
}

/** Paths of the app's own mobile login show no header (SPEC §2). */
export function showsHeader(pathname: string): boolean {
  return !pathname.includes('mobileLogin/');
}
