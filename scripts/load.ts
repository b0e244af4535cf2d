/**
 * Load on loopback with autocannon (issue #9): 200 connections for 20 s each against the password
 * login (every connection alternates GET /post/api for a session and CSRF token, then the login POST)
 * and against the static base route; then the same static load against Debian's nginx serving the same
 * build (docs/deploy/nginx.conf).
 */
import autocannon from 'autocannon';

export interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: number;
}

const connections = 200;
const durationSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);

function figures(name: string, result: autocannon.Result): LoadFigures {
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

export async function loadStatic(name: string, url: string): Promise<LoadFigures> {
  // As a browser asks: compressed (both servers send the page's .br, made once).
  const result = await autocannon({ url: `${url}/innlogging/`, connections, duration: durationSeconds, headers: { 'Accept-Encoding': 'br, gzip' } });
  return figures(name, result);
}

interface LoginContext {
  cookie?: string;
  csrf?: string;
}

export async function loadPasswordLogin(url: string, nationalId: string, password: string): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    // A login answers within a few seconds even at 200 in flight; give slow ones room, count real timeouts.
    timeout: 20,
    requests: [
      {
        method: 'GET',
        path: '/post/api',
        setupRequest: (request) => ({ ...request, headers: { Accept: 'application/vnd.digipost-v2+json' } }),
        onResponse: (_status, body, context: LoginContext, headers) => {
          const setCookie = headers?.['set-cookie'];
          const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
          if (first) context.cookie = String(first).split(';')[0];
          try {
            context.csrf = (JSON.parse(body) as { csrfToken?: string }).csrfToken;
          } catch {
            context.csrf = undefined;
          }
        },
      },
      {
        method: 'POST',
        path: '/post/api/private/login/password',
        setupRequest: (request, context: LoginContext) => ({
          ...request,
          headers: {
            'Content-Type': 'application/vnd.digipost-v2+json',
            Accept: 'application/vnd.digipost-v2+json',
            'X-CSRF-TOKEN': context.csrf ?? '',
            Cookie: context.cookie ?? '',
          },
          body: JSON.stringify({ username: nationalId, password }),
        }),
        // A signed-in session is a new one: start the next round without it.
        onResponse: (_status, _body, context: LoginContext) => {
          context.cookie = undefined;
          context.csrf = undefined;
        },
      },
    ],
  });
  return figures('password login (GET /post/api + POST login)', result);
}
