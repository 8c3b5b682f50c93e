import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@web/lib/toast', () => ({ toast: { error: toastError } }));

afterEach(() => {
  toastError.mockReset();
  vi.restoreAllMocks();
});

const failing = () => Promise.reject(new Error('backend down'));

describe('query cache errors', () => {
  it("toasts 'Something went wrong' when a query cannot load", async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: failing, retry: false })
      .catch(() => undefined);
    expect(toastError).toHaveBeenCalledWith('Something went wrong', {
      id: 'query-error',
      description: 'Please try again later.',
    });
  });

  it('only logs the failure of a silent query', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['blog'],
        queryFn: failing,
        retry: false,
        meta: { silent: true },
      })
      .catch(() => undefined);
    expect(toastError).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(
      'Query failed:',
      ['blog'],
      expect.any(Error),
    );
  });
});
