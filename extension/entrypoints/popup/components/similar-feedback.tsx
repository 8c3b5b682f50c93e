import { useEffect, useState } from 'react';
import type { Client } from '@shared/data/client';
import {
  listSimilarFeedback,
  voteOnFeedback,
  type SimilarFeedback as Similar,
} from '@shared/data/feedback';
import { categoryEmoji } from '@shared/domain/categories';
import { groupSuggestions } from '@shared/domain/similar-suggestions';
import { Button } from '@ext/components/ui';

/**
 * Feedback already sent about this site (anonymised by the server), most
 * similar to what is being typed first, so the user can upvote instead of
 * sending a duplicate: each report once, none of the user's own (#40 item
 * 16). Refetched when the popup opens and as the text settles.
 */
export function SimilarFeedback({
  client,
  userId,
  websiteUrl,
  text,
}: {
  client: Client;
  userId: string;
  websiteUrl: string;
  text: string;
}) {
  const [items, setItems] = useState<(Similar & { alike: number })[]>([]);
  const [voted, setVoted] = useState<
    Record<string, 'pending' | 'done' | 'failed'>
  >({});

  useEffect(() => {
    let active = true;
    const timer = setTimeout(
      () => {
        // More than shown: duplicates and the user's own are left out.
        listSimilarFeedback(client, { websiteUrl, text, limit: 10 }).then(
          (rows) =>
            active &&
            setItems(groupSuggestions(rows, { includeOwn: false, limit: 3 })),
          () => undefined,
        );
      },
      text ? 400 : 0,
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [client, websiteUrl, text]);

  if (items.length === 0) return null;

  async function upvote(id: string) {
    setVoted((v) => ({ ...v, [id]: 'pending' }));
    try {
      await voteOnFeedback(client, {
        userId,
        feedbackId: id,
        voteType: 'upvote',
      });
      setVoted((v) => ({ ...v, [id]: 'done' }));
    } catch (error) {
      const duplicate = (error as { code?: string }).code === '23505';
      setVoted((v) => ({ ...v, [id]: duplicate ? 'done' : 'failed' }));
    }
  }

  return (
    <section aria-label="Similar feedback" className="flex flex-col gap-1.5">
      <h2 className="text-xs font-medium text-ink-muted">
        Already sent about this site
      </h2>
      <ul className="flex flex-col gap-1.5">
        {items.map((item) => {
          const state = voted[item.id];
          const done = state === 'done' || item.my_vote === 'upvote';
          return (
            <li
              key={item.id}
              className="flex items-center gap-2 rounded-lg border border-line bg-white px-2.5 py-1.5"
            >
              <span aria-hidden>{categoryEmoji(item.category)}</span>
              <span
                className="min-w-0 flex-1 truncate text-xs"
                title={item.excerpt ?? ''}
              >
                {item.title}
              </span>
              {item.alike > 1 && (
                <span className="text-xs text-ink-muted">
                  {item.alike} reports
                </span>
              )}
              <span className="text-xs text-ink-muted">
                {item.upvotes +
                  (state === 'done' && item.my_vote !== 'upvote' ? 1 : 0)}{' '}
                ▲
              </span>
              <Button
                variant="outline"
                className="px-2 py-1 text-xs"
                disabled={done || state === 'pending'}
                onClick={() => void upvote(item.id)}
                aria-label={`Upvote: ${item.title}`}
              >
                {done ? 'Upvoted' : state === 'failed' ? 'Retry' : 'Upvote'}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
