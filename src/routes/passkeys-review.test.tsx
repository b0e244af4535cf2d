/**
 * Outside review of passkeys (issue #36): the passkeys page's action, a gap it found (mended).
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../features/session/root-document', () => ({ loadRootDocument: vi.fn(async () => ({ role: 'PRIVAT', link: [] })) }));
vi.mock('../features/passkeys/passkey-calls', () => ({
  listPasskeys: vi.fn(async () => ({
    recentSignIn: true,
    passkeys: [
      {
        id: 'mine',
        createdAt: '2026-01-01T00:00:00.000Z',
        synced: false,
        link: [{ rel: '/post/api/relations/passkey_remove', uri: '/post/api/private/passkeys/mine' }],
      },
    ],
  })),
  removePasskey: vi.fn(async () => {}),
  registerOptions: vi.fn(),
  registerPasskey: vi.fn(),
}));

import { removePasskey } from '../features/passkeys/passkey-calls';
import { action } from './passkeys';

const removing = (id: string) => {
  const form = new FormData();
  form.set('intent', 'remove');
  form.set('id', id);
  return action({ request: new Request('http://localhost/innlogging/passkeys', { method: 'POST', body: form }), params: {}, context: {} } as never);
};

describe('review: the passkeys page removes', () => {
  it('removes the person’s own passkey through the link the backend lists', async () => {
    expect(await removing('mine')).toEqual({ done: 'removed' });
    expect(removePasskey).toHaveBeenCalledWith({ rel: '/post/api/relations/passkey_remove', uri: '/post/api/private/passkeys/mine' });
  });

  it('does not tell the person "removed" for a passkey that is not theirs (nothing was removed)', async () => {
    vi.mocked(removePasskey).mockClear();
    const result = await removing('someone-elses');
    expect(removePasskey).not.toHaveBeenCalled();
    expect(result).not.toEqual({ done: 'removed' });
  });
});
