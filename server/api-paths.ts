/** The backend's paths as the server sees them: the SPEC §7 API and the front end's log. */

/** /post/api itself or anything under it. */
export const isApiPath = (path: string) => path === '/post/api' || path.startsWith('/post/api/');

/** Under /post/log (the front end's log endpoint). */
export const isLogPath = (path: string) => path.startsWith('/post/log/');
