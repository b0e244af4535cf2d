/**
 * Stand-ins for the areas outside the login app that it sends people to, so a demo comes full circle:
 * the private mailbox, business administration, admin, and registration.
 */
import { formBodyOr400 } from './request-guards';
import { Hono } from 'hono';
import { emulatorPage, html } from './html';
import type { PersonStore } from './persons';
import { loggedOutPath } from './logout';
import type { Role } from '../../src/contract/api';
import type { Session, SessionStore } from './sessions';

const areas: { path: string; role: Role; title: string }[] = [
  { path: '/postkasse/', role: 'PRIVAT', title: 'Digipost mailbox' },
  { path: '/virksomhetsadmin/', role: 'VIRKSOMHET', title: 'Business administration' },
  { path: '/admin/', role: 'ADMIN', title: 'Admin' },
];

function howSignedIn(session: Session): string {
  switch (session.authMethod) {
    case 'IDPORTEN':
      return `Electronic ID, level ${session.authenticationLevel === 104 ? 4 : 3} (${session.authenticationLevel}): full access, including public-sector mail`;
    case 'PASSWORD':
      return 'National ID number and password: limited access, without public-sector mail';
    case 'PASSKEY':
      return 'A passkey: the access of a national ID number and password, without public-sector mail';
    case 'IDP_BROKER':
      return 'BankID or Buypass through the identity broker';
    default:
      return 'A development session (/dev/api/session)';
  }
}

export function areaRoutes(sessions: SessionStore, persons: PersonStore) {
  const routes = new Hono();

  for (const area of areas) {
    routes.get(area.path, (c) => {
      // Signed in, then away for longer than the idle timeout: the timeout page says so.
      if (sessions.signedInSessionExpired(c)) return c.redirect('/innlogging/timeout', 303);
      const session = sessions.current(c);
      if (!session || session.role !== area.role) return c.redirect('/innlogging/', 303);
      const person = session.personId ? persons.find(session.personId) : null;
      return c.html(
        emulatorPage({
          title: area.title,
          body: html`<h1>${area.title}</h1>
<p>You are signed in.</p>
<dl>
<dt>Name</dt><dd>${person?.fullName ?? 'Unknown person'}</dd>
<dt>Role</dt><dd>${session.role ?? ''}</dd>
<dt>Signed in with</dt><dd>${howSignedIn(session)}</dd>
</dl>
${area.role === 'PRIVAT' ? html`<p><a href="/innlogging/passkeys">Passnøkler</a></p>` : ''}
<form method="post" action="/dev/area-logout">
<input type="hidden" name="csrf" value="${session.csrfToken}">
<button type="submit" class="primary">Log out</button>
</form>`,
        }),
      );
    });
  }

  // The areas' log-out button: a form post with the session's CSRF token, then the logged-out page.
  routes.post('/dev/area-logout', async (c) => {
    const session = sessions.current(c);
    const form = await formBodyOr400(c);
    if (form instanceof Response) return form;
    if (session && form.csrf !== session.csrfToken) return c.text('Wrong CSRF token', 403);
    sessions.end(c, session);
    return c.redirect(loggedOutPath, 303);
  });

  // With and without the trailing slash (the app links to …/person and …/bedrift/): Hono's paths are
  // strict about it, and an optional '/?' after a regular-expression parameter matched neither.
  routes.get('/registrering/:language/:kind{(?:person|bedrift)/?}', (c) => {
    const language = c.req.param('language');
    const kind = c.req.param('kind').replace(/\/$/, '');
    const title = kind === 'person' ? 'Register as a private person' : 'Register a business';
    return c.html(
      emulatorPage({
        title,
        body: html`<h1>${title}</h1>
<p>Registration is its own service and is not part of this emulator (language: ${language}).</p>
<p><a href="/innlogging/">Back to login</a></p>`,
      }),
    );
  });

  return routes;
}
