/**
 * Development tools under /dev/: an index of demo accounts and tools, and a way to start a session of
 * any role without a login (for demos of the wrong-role dialog, and for tests).
 */
import { Hono } from 'hono';
import { apiError } from '../http/api-error';
import { emulatorPage, html } from './html';
import type { PersonStore } from './persons';
import { jsonObject } from './request-guards';
import { hashPassword } from './passwords';
import { demoPassword, demoPersons } from './seed';
import { randomInt } from 'node:crypto';
import type { Role } from '../../src/contract/api';
import { isLanguage } from '../../src/contract/languages';
import type { SessionStore } from './sessions';
import type { AttemptLimits } from './attempt-limits';
import { isIP } from 'node:net';
import { limitKeyOf } from '../client-address';

const roles = new Set<Role>(['PRIVAT', 'VIRKSOMHET', 'ADMIN', 'REGISTRERING']);

/** Mounted at /dev/ (with the slash, so the index page is /dev/ and the rest /dev/api/…). */
export function demoAccountRoutes(sessions: SessionStore, persons: PersonStore, attempts: AttemptLimits) {
  const routes = new Hono();

  // The attempt limits of one national ID or one client address: see them, or clear them (e.g. after a demo of the lockout).
  const limitKey = (query: Record<string, string>) => {
    if (query.address !== undefined) return isIP(query.address) ? limitKeyOf(query.address) : null;
    const key = query.nationalId;
    return typeof key === 'string' && key.length > 0 && key.length <= 64 ? key : null;
  };
  routes.get('/api/limits', (c) => {
    const key = limitKey(c.req.query());
    if (!key) return apiError(c, 400, 'VALIDATION_FAILED', 'Give nationalId or address');
    return c.json({ key, counters: attempts.describe(key) });
  });
  routes.delete('/api/limits', (c) => {
    const key = limitKey(c.req.query());
    if (!key) return apiError(c, 400, 'VALIDATION_FAILED', 'Give nationalId or address');
    attempts.clear(key);
    return c.body(null, 204);
  });

  routes.post('/api/session', async (c) => {
    const body = await jsonObject(c);
    const role = body?.role as Role;
    if (!roles.has(role)) return apiError(c, 400, 'VALIDATION_FAILED', 'role must be PRIVAT, VIRKSOMHET, ADMIN or REGISTRERING');
    const level = body?.level === undefined ? null : Number(body.level);
    if (level !== null && level !== 103 && level !== 104) return apiError(c, 400, 'VALIDATION_FAILED', 'level must be 103 or 104');
    const nationalId = typeof body?.nationalId === 'string' ? body.nationalId : null;
    if (nationalId !== null && !persons.find(nationalId)) return apiError(c, 400, 'VALIDATION_FAILED', 'unknown nationalId');
    const session = sessions.signIn(c, { role, personId: nationalId, authenticationLevel: level, authMethod: 'DEV' });
    return c.json({ role: session.role, csrfToken: session.csrfToken });
  });

  // An extra ordinary user with a fresh national ID and phone, password as the demo accounts'.
  routes.post('/api/persons', async (c) => {
    const body = await jsonObject(c);
    const fullName = typeof body?.fullName === 'string' && body.fullName.trim() ? body.fullName.trim().slice(0, 80) : 'Test Testesen';
    let nationalId = '';
    do nationalId = `9${randomInt(0, 1e10).toString().padStart(10, '0')}`;
    while (persons.find(nationalId));
    const phone = `9${randomInt(0, 1e7).toString().padStart(7, '0')}`;
    const email = `${nationalId}@example.no`;
    // The language of the emails the person is sent (nb unless given).
    const language = isLanguage(body?.language) ? body.language : 'nb';
    persons.add({ nationalId, fullName, email, phone, passwordHash: hashPassword(demoPassword), language });
    return c.json({ nationalId, fullName, email, phone, password: demoPassword, language }, 201);
  });

  routes.get('/', (c) => {
    const rows = demoPersons.map(
      (person) => html`<tr><td>${person.fullName}</td><td>${person.nationalId}</td><td>${person.password ?? '–'}</td><td>${person.phone ?? '–'}</td></tr>`,
    );
    return c.html(
      emulatorPage({
        title: 'Backend emulator',
        body: html`<h1>Backend emulator</h1>
<p><a href="/innlogging/">Open the login</a></p>
<h2>Demo accounts</h2>
<table><caption class="hint">Every private person can use the simulated ID-porten</caption>
<thead><tr><th scope="col">Name</th><th scope="col">National ID</th><th scope="col">Password</th><th scope="col">Phone</th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>Tools</h2>
<ul>
<li><code>POST /dev/api/session</code> with <code>{"role": "VIRKSOMHET"}</code> starts a session of any role</li>
<li><code>POST /dev/api/persons</code> adds an ordinary user with a fresh national ID and phone (password as above); <code>{"language": "en"}</code> (or <code>nn</code>) for emails in that language</li>
<li><code>GET</code> / <code>DELETE /dev/api/limits?nationalId=01817010055</code> (or <code>?address=127.0.0.1</code>) shows or clears the attempt limits of a person or a client address (wrong passwords, resets started, wrong reset guesses)</li>
<li><a href="/dev/outbox">/dev/outbox</a>: emails and text messages sent (reset codes, verification links); JSON at <a href="/dev/api/outbox">/dev/api/outbox</a></li>
<li><code>POST /dev/api/email-verification</code> with <code>{"nationalId": "01817010055"}</code> (or <code>"expired": true</code>) sends a new email-verification link</li>
<li><a href="/dev/api/logs">/dev/api/logs</a>: what the front end reported to /post/log/web</li>
<li><code>POST /dev/api/faults</code> with <code>{"path": "/post/api", "mode": "error"}</code> makes an endpoint misbehave for this browser: <code>slow</code> (with <code>delayMs</code>), <code>error</code>, <code>malformed</code> or <code>drop</code>; optional <code>method</code> and <code>times</code>; <code>DELETE /dev/api/faults</code> clears them</li>
<li><code>POST /dev/api/clock</code> with <code>{"advanceMinutes": 31}</code> moves this browser's clock (sessions end after 30 idle minutes); <code>DELETE /dev/api/clock</code> resets it</li>
</ul>`,
      }),
    );
  });

  return routes;
}
