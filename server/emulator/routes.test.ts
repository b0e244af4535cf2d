import { describe, expect, it } from 'vitest';
import { links } from './root';
import { emulatorForTests } from './test-emulator';

const emulator = emulatorForTests('routes');

describe('the route groups, each mounted at its own prefix', () => {
  it('answer every link the root document hands out at its full path (SPEC §7)', () => {
    const routed = new Set(emulator.app.routes.filter((route) => route.method !== 'ALL').map((route) => route.path));
    for (const link of links()) expect(routed, link.uri).toContain(link.uri);
  });

  it('answer the contract calls and the development pages at their full paths', () => {
    const routed = new Set(emulator.app.routes.map((route) => `${route.method} ${route.path}`));
    for (const route of [
      'GET /post/api',
      'POST /post/api/private/login/password',
      'POST /post/api/private/password-reset/:id',
      'POST /post/api/private/emailVerification/:token',
      'GET /post/api/oauth/authorize/tokens/:token',
      'POST /post/api/oauth/token',
      'GET /post/api/admin/access',
      'POST /post/log/web',
      'GET /dev/',
      'GET /dev/idporten',
      'GET /dev/broker',
      'GET /dev/idp/logout',
      'GET /dev/api/oauth/start',
      'GET /dev/api/faults',
      'GET /dev/emulator.css',
    ]) {
      expect(routed, route).toContain(route);
    }
  });

  it('show the registration stand-ins at the addresses the app links to, with or without the trailing slash', async () => {
    for (const [path, title] of [
      ['/registrering/en/person', 'Register as a private person'],
      ['/registrering/nb/person/', 'Register as a private person'],
      ['/registrering/nn/bedrift/', 'Register a business'],
    ]) {
      const response = await emulator.app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(title);
    }
    expect((await emulator.app.request('/registrering/en/other')).status).toBe(404);
  });
});
