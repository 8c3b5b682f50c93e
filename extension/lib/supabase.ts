import { createClient, type SupportedStorage } from '@supabase/supabase-js';
import { browser } from '#imports';
import type { Client } from '@shared/data/client';
import { timeoutFetch } from '@shared/data/timeout-fetch';
import type { Database } from '@shared/db/database.types';
import {
  authStorageKey,
  backendConfigItem,
  backendUrlItem,
  type BackendConfig,
} from './storage';
import { normaliseBackendUrl } from './url';

/**
 * supabase-js keeps its session here: MV3 service workers have no
 * localStorage (supabase/supabase-js#570), and the popup and the background
 * must share one session.
 */
export const extensionAuthStorage: SupportedStorage = {
  async getItem(key) {
    const stored = await browser.storage.local.get(key);
    const value = stored[key];
    return typeof value === 'string' ? value : null;
  },
  async setItem(key, value) {
    await browser.storage.local.set({ [key]: value });
  },
  async removeItem(key) {
    await browser.storage.local.remove(key);
  },
};

export { normaliseBackendUrl };

/**
 * The backend's runtime configuration (`GET /config.json`): taken from the
 * cache when it belongs to the same backend, so the popup opens without a
 * round trip and even offline; refreshed in the background.
 */
export async function getBackendConfig(
  fetchImpl: typeof fetch = fetch,
): Promise<BackendConfig> {
  const backendUrl = normaliseBackendUrl(await backendUrlItem.getValue());
  const cached = await backendConfigItem.getValue();
  const refresh = fetchBackendConfig(backendUrl, fetchImpl);
  if (cached && cached.backendUrl === backendUrl) {
    refresh.catch(() => undefined);
    return cached;
  }
  return refresh;
}

async function fetchBackendConfig(
  backendUrl: string,
  fetchImpl: typeof fetch,
): Promise<BackendConfig> {
  const res = await fetchImpl(`${backendUrl}/config.json`);
  if (!res.ok) {
    throw Object.assign(new Error(`config.json answered ${res.status}`), {
      status: res.status,
    });
  }
  const body = (await res.json()) as {
    supabaseUrl?: string;
    supabaseAnonKey?: string;
  };
  if (!body.supabaseUrl || !body.supabaseAnonKey) {
    throw new Error('This address is not a Peega backend.');
  }
  const config: BackendConfig = {
    backendUrl,
    supabaseUrl: normaliseBackendUrl(body.supabaseUrl),
    supabaseAnonKey: body.supabaseAnonKey,
  };
  await backendConfigItem.setValue(config);
  return config;
}

let cached: { key: string; client: Client } | undefined;

/**
 * The supabase-js client of this context (popup, options or background),
 * one per backend. Only the popup refreshes tokens on a timer; the others
 * refresh when they read an expired session.
 */
export async function getClient(
  options: { autoRefreshToken?: boolean } = {},
): Promise<Client> {
  const config = await getBackendConfig();
  const key = `${config.supabaseUrl}|${config.supabaseAnonKey}`;
  if (cached?.key === key) return cached.client;
  const client = createClient<Database>(
    config.supabaseUrl,
    config.supabaseAnonKey,
    {
      auth: {
        storage: extensionAuthStorage,
        storageKey: authStorageKey(config.supabaseUrl),
        persistSession: true,
        autoRefreshToken: options.autoRefreshToken ?? false,
        detectSessionInUrl: false,
      },
      // A lost connection fails in seconds, not minutes.
      global: { fetch: timeoutFetch() },
    },
  );
  cached = { key, client };
  return client;
}

/** Forgets the client, after the backend address changed. */
export function resetClient(): void {
  cached = undefined;
}
