import { describe, expect, it } from 'vitest';
import { updatePassword } from '@shared/data/auth';
import type { Client } from '@shared/data/client';

const clientAnswering = (error: unknown) =>
  ({
    auth: { updateUser: async () => ({ data: {}, error }) },
  }) as never as Client;

describe('updatePassword', () => {
  it('explains a refused change from an old session (L7)', async () => {
    await expect(
      updatePassword(
        clientAnswering({
          message: 'Password update requires reauthentication',
          code: 'reauthentication_needed',
          status: 400,
        }),
        'a-new-long-passphrase',
      ),
    ).rejects.toMatchObject({
      code: 'reauthentication_needed',
      message:
        'For your security, please sign in again (or use a new password-reset link) before changing your password.',
    });
  });

  it('passes other errors through', async () => {
    await expect(
      updatePassword(
        clientAnswering({ message: 'boom', code: 'x', status: 500 }),
        'a-new-long-passphrase',
      ),
    ).rejects.toMatchObject({ message: 'boom' });
    await expect(
      updatePassword(clientAnswering(null), 'a-new-long-passphrase'),
    ).resolves.toBeUndefined();
  });
});
