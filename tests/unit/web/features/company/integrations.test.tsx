import {
  cleanup,
  fireEvent,
  render,
  screen,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
const hooks = vi.hoisted(() => ({
  integrations: [] as unknown[],
  links: [] as unknown[],
  connect: vi.fn(),
  create: vi.fn(),
}));
vi.mock('@web/lib/toast', () => ({ toast }));
vi.mock('@web/api/companies/integrations', () => {
  const idle = (mutate: unknown = vi.fn()) => ({ mutate, isPending: false });
  return {
    useIntegrations: () => ({ data: hooks.integrations, isError: false }),
    useIssueLinks: () => ({ data: hooks.links }),
    useConnectIntegration: () => idle(hooks.connect),
    useDisconnectIntegration: () => idle(),
    useCompleteOnClose: () => idle(),
    useSetWebhookSecret: () => idle(),
    useCreateIssue: () => idle(hooks.create),
  };
});

const { IntegrationsCard, CreateIssueButton } =
  await import('@web/features/company/integrations');

const GITHUB = {
  id: 'i1',
  provider: 'github',
  config: { owner: 'acme', repo: 'site' },
  token_hint: '1234',
  complete_on_close: true,
  connected_at: '2026-11-26T00:00:00Z',
};

beforeEach(() => {
  vi.clearAllMocks();
  hooks.integrations = [GITHUB];
  hooks.links = [];
});
afterEach(cleanup);

describe('IntegrationsCard', () => {
  it('members see what is connected, read-only, never a token', () => {
    render(<IntegrationsCard admin={false} demoMode={false} />);
    const github = screen.getByTestId('integration-github');
    expect(github.textContent).toContain('acme · site · token …1234');
    expect(within(github).getByRole<HTMLButtonElement>('switch').disabled).toBe(
      true,
    );
    expect(
      screen.queryByRole('button', { name: /Connect|Disconnect|Replace/ }),
    ).toBeNull();
  });

  it('a refused connect shows why and keeps what was typed', () => {
    hooks.connect.mockImplementation(
      (_input, o: { onError: (e: Error) => void }) =>
        o.onError(new Error('Only an owner or admin can connect trackers.')),
    );
    render(<IntegrationsCard admin demoMode={false} />);
    const gitlab = screen.getByTestId('integration-gitlab');
    fireEvent.click(within(gitlab).getByRole('button', { name: 'Connect' }));
    const form = within(gitlab).getByRole('form', { name: 'Connect GitLab' });
    fireEvent.change(within(form).getByLabelText('GitLab URL'), {
      target: { value: 'https://gitlab.acme.test' },
    });
    fireEvent.change(within(form).getByLabelText('Project ID or path'), {
      target: { value: 'acme/site' },
    });
    fireEvent.change(within(form).getByLabelText(/Project access token/), {
      target: { value: 'glpat-0123456789' },
    });
    fireEvent.click(
      within(form).getByRole('button', { name: 'Connect GitLab' }),
    );
    expect(hooks.connect).toHaveBeenCalledWith(
      {
        provider: 'gitlab',
        token: 'glpat-0123456789',
        config: { base_url: 'https://gitlab.acme.test', project: 'acme/site' },
      },
      expect.anything(),
    );
    expect(within(form).getByRole('alert').textContent).toBe(
      'Only an owner or admin can connect trackers.',
    );
    expect(
      within(form).getByLabelText<HTMLInputElement>('Project ID or path').value,
    ).toBe('acme/site');
  });

  it('an http GitLab URL is refused before sending', () => {
    render(<IntegrationsCard admin demoMode={false} />);
    const gitlab = screen.getByTestId('integration-gitlab');
    fireEvent.click(within(gitlab).getByRole('button', { name: 'Connect' }));
    fireEvent.change(within(gitlab).getByLabelText('GitLab URL'), {
      target: { value: 'http://gitlab.acme.test' },
    });
    fireEvent.change(within(gitlab).getByLabelText('Project ID or path'), {
      target: { value: '1' },
    });
    fireEvent.click(
      within(gitlab).getByRole('button', { name: 'Connect GitLab' }),
    );
    expect(hooks.connect).not.toHaveBeenCalled();
    expect(within(gitlab).getByRole('alert').textContent).toBe(
      'The GitLab URL must be an https:// address.',
    );
  });
});

describe('CreateIssueButton', () => {
  it('shows the created issue and offers only the trackers without one', () => {
    hooks.integrations = [
      GITHUB,
      { ...GITHUB, id: 'i2', provider: 'linear', config: { team_id: 't' } },
    ];
    hooks.links = [
      {
        id: 'l1',
        provider: 'github',
        external_key: '#12',
        url: 'https://github.com/acme/site/issues/12',
        state: 'open',
      },
    ];
    render(<CreateIssueButton topicId="t1" />);
    expect(
      screen.getByRole('link', { name: /GitHub #12/ }).getAttribute('href'),
    ).toBe('https://github.com/acme/site/issues/12');
    expect(
      screen.queryByRole('button', { name: 'Create GitHub issue' }),
    ).toBeNull();
    hooks.create.mockImplementation((_p, o: { onError: (e: Error) => void }) =>
      o.onError(new Error('Linear refused the token (HTTP 401).')),
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Create Linear issue' }),
    );
    expect(hooks.create).toHaveBeenCalledWith('linear', expect.anything());
    expect(toast.error).toHaveBeenCalledWith(
      'Could not create the Linear issue',
      {
        description: 'Linear refused the token (HTTP 401).',
      },
    );
  });

  it('nothing when no tracker is connected and no issue exists', () => {
    hooks.integrations = [];
    const { container } = render(<CreateIssueButton feedbackId="f1" />);
    expect(container.innerHTML).toBe('');
  });
});
