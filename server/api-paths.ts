/** The backend's paths as the server sees them: the SPEC §7 API and the front end's log. */

/** /post/api itself or anything under it. */
export const isApiPath = (path: string) => path === '/post/api' || path.startsWith('/post/api/');

/** Under /post/log (the front end's log endpoint). */
export const isLogPath = (path: string) => path.startsWith('/post/log/');

/**
 * The methods the API and the log are called with: src/api/client.ts sends GET, POST, PUT and DELETE,
 * and HEAD is GET without the body. server/app.ts answers any other method there with 405, before the
 * emulator or the upstream sees it.
 */
export const apiMethods: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

/**
 * The largest request body that goes to a real upstream, from the Node server's proxy and from nginx
 * (server/deploy/nginx-config.ts) alike: the API's bodies are small JSON, and a larger one answered
 * early by the backend, unread, left the client with a reset instead of the answer.
 */
export const maxUpstreamBody = 64 * 1024;
