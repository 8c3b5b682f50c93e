import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
const mutate = vi.hoisted(() => vi.fn());
vi.mock('@web/lib/toast', () => ({ toast }));
vi.mock('@web/api/companies/public-page', () => ({
  usePublishTopic: () => ({ mutate, isPending: false }),
}));

const { PublishTopicDialog } =
  await import('@web/features/company/components/publish-topic-dialog');

const topic = {
  id: 'topic-1',
  title: 'Internal: cart cluster',
  public_title: null,
  public_note: null,
  published_at: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  // jsdom has no <dialog> methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(cleanup);

describe('PublishTopicDialog (#22)', () => {
  it('starts from the topic’s own title on a first publish (#40 item 7)', () => {
    render(<PublishTopicDialog topic={topic} onClose={() => {}} />);
    expect(
      (screen.getByLabelText(/Public title/) as HTMLInputElement).value,
    ).toBe('Internal: cart cluster');
  });

  it('starts from the published title when editing', () => {
    render(
      <PublishTopicDialog
        topic={{ ...topic, public_title: 'Faster cart', published_at: 'x' }}
        onClose={() => {}}
      />,
    );
    expect(
      (screen.getByLabelText(/Public title/) as HTMLInputElement).value,
    ).toBe('Faster cart');
  });

  it('refuses an empty public title before sending', () => {
    render(<PublishTopicDialog topic={topic} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Public title/), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The public title needs 1 to 120 characters.',
    );
    expect(mutate).not.toHaveBeenCalled();
  });

  it('publishes the trimmed title and the note, then closes', () => {
    const onClose = vi.fn();
    render(<PublishTopicDialog topic={topic} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText(/Public title/), {
      target: { value: '  Faster checkout ' },
    });
    fireEvent.change(screen.getByLabelText(/Note/), {
      target: { value: 'Thanks for telling us.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(mutate).toHaveBeenCalledWith(
      {
        topicId: 'topic-1',
        title: 'Faster checkout',
        note: 'Thanks for telling us.',
      },
      expect.anything(),
    );
    act(() => mutate.mock.calls[0]![1].onSuccess());
    expect(onClose).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Published', expect.anything());
  });

  it('keeps what was typed and shows the server’s reason when publishing fails', () => {
    render(<PublishTopicDialog topic={topic} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Public title/), {
      target: { value: 'Faster checkout' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    act(() =>
      mutate.mock.calls[0]![1].onError(
        new Error('Only completed topics can be published.'),
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Only completed topics can be published.',
    );
    expect(
      (screen.getByLabelText(/Public title/) as HTMLInputElement).value,
    ).toBe('Faster checkout');
  });

  it('starts from the published texts when editing', () => {
    render(
      <PublishTopicDialog
        topic={{
          ...topic,
          public_title: 'Dark mode',
          public_note: 'At last.',
          published_at: '2026-11-01T00:00:00Z',
        }}
        onClose={() => {}}
      />,
    );
    expect(
      (screen.getByLabelText(/Public title/) as HTMLInputElement).value,
    ).toBe('Dark mode');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
