import { describe, expect, it } from 'vitest';
import { roleOfKey } from '../../supabase/local/api-keys.ts';

// The one decision of which role a project key stands for (api-keys.ts):
// only a string equal to a configured key counts, and only the secret and
// service-role keys are the service role. Each case fails if the lookup
// accepts a near miss or maps a key to the wrong role.
const config = {
  anonKey: 'eyJhbGciOiJIUzI1NiJ9.anon.signature',
  serviceRoleKey: 'eyJhbGciOiJIUzI1NiJ9.service.signature',
  publishableKeys: [`sb_publishable_${'p'.repeat(32)}`],
  secretKeys: [`sb_secret_${'s'.repeat(40)}`],
};

describe('roleOfKey', () => {
  it('maps each configured key to its role', () => {
    expect(roleOfKey(config, config.anonKey)).toBe('anon');
    expect(roleOfKey(config, config.publishableKeys[0]!)).toBe('anon');
    expect(roleOfKey(config, config.serviceRoleKey)).toBe('service_role');
    expect(roleOfKey(config, config.secretKeys[0]!)).toBe('service_role');
  });

  it('knows nothing else, however close', () => {
    const secret = config.secretKeys[0]!;
    for (const key of [
      '',
      'sb_secret_x',
      `sb_secret_${'k'.repeat(40)}`,
      secret.slice(0, -1),
      `${secret}s`,
      `${secret.slice(0, -1)}S`,
      ` ${secret}`,
      config.anonKey.toUpperCase(),
      `${config.serviceRoleKey}.`,
    ]) {
      expect(roleOfKey(config, key)).toBeUndefined();
    }
  });

  it('follows the configuration, not a key seen before', () => {
    const rotated = { ...config, secretKeys: [`sb_secret_${'n'.repeat(40)}`] };
    expect(roleOfKey(rotated, config.secretKeys[0]!)).toBeUndefined();
    expect(roleOfKey(rotated, rotated.secretKeys[0]!)).toBe('service_role');
  });
});
