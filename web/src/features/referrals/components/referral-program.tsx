import { useEffect, useState } from 'react';
import { formatDistanceToNow } from 'date-fns';
import { toast } from '@web/lib/toast';
import {
  NO_REFERRALS_TEXT,
  REFERRAL_COPIED_TEXT,
  REFERRAL_COPY_FEEDBACK_MS,
  REFERRAL_PROGRAM_TEXT,
  buildReferralLink,
  inviteeDisplayName,
  referralStats,
  referralStatusInfo,
  referralXpTag,
} from '@shared/domain/referral';
import { useReferralCode } from '@web/api/referrals/get-referral-code';
import { useReferrals } from '@web/api/referrals/get-referrals';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { inputClass } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { STATUS_COLOR_CLASSES } from '@web/components/ui/status-badge';

/** Stats, the referral link with Copy, and the list (consumer spec §2). */
export function ReferralProgram({ userId }: { userId: string }) {
  const code = useReferralCode(userId);
  const referrals = useReferrals(userId);
  const [copied, setCopied] = useState(false);
  const link = code.data
    ? buildReferralLink(window.location.origin, code.data)
    : '';
  const stats = referralStats((referrals.data ?? []).map((r) => r.status));

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(
      () => setCopied(false),
      REFERRAL_COPY_FEEDBACK_MS,
    );
    return () => window.clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success('Copied!', {
        description: 'Referral link copied to clipboard',
      });
    } catch {
      toast.error('Error', { description: 'Failed to copy link' });
    }
  };

  const cards = [
    { label: 'Total Referrals', value: stats.totalReferrals, icon: '👥' },
    { label: 'Completed', value: stats.completedReferrals, icon: '✅' },
    { label: 'XP Earned', value: stats.totalXpEarned, icon: '⭐' },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        {cards.map((c) => (
          <Card key={c.label} className="flex flex-col gap-2 p-4 sm:p-6">
            <div className="flex items-center justify-between gap-1 text-xs font-medium text-ink-muted sm:text-sm">
              <span>{c.label}</span>
              <span aria-hidden="true" className="hidden text-xl sm:inline">
                {c.icon}
              </span>
            </div>
            {referrals.isPending ? (
              <Skeleton className="h-9 w-12" />
            ) : (
              <p
                className="text-2xl font-bold sm:text-3xl"
                data-testid={`referral-stat-${c.label.toLowerCase().replace(/\s+/g, '-')}`}
              >
                {c.value}
              </p>
            )}
          </Card>
        ))}
      </div>

      <Card>
        <h2 className="text-lg font-semibold">Your referral link</h2>
        <p className="mt-1 text-sm text-ink-muted">{REFERRAL_PROGRAM_TEXT}</p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <label htmlFor="referral-link" className="sr-only">
            Referral link
          </label>
          <input
            id="referral-link"
            readOnly
            value={link}
            className={`${inputClass} font-mono`}
            onFocus={(e) => e.target.select()}
          />
          <Button
            className="shrink-0"
            disabled={!link}
            onClick={() => void copy()}
          >
            {copied ? REFERRAL_COPIED_TEXT : 'Copy'}
          </Button>
        </div>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold">Your referrals</h2>
        {referrals.isPending ? (
          <Skeleton className="mt-4 h-16" />
        ) : (referrals.data ?? []).length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-brand-200 px-4 py-8 text-center text-sm text-ink-muted">
            {NO_REFERRALS_TEXT}
          </p>
        ) : (
          <ul className="mt-4 flex flex-col divide-y divide-line">
            {(referrals.data ?? []).map((r) => {
              const status = referralStatusInfo(r.status);
              const xp = referralXpTag(r.status);
              return (
                <li
                  key={r.id}
                  data-testid="referral-item"
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium">
                      {inviteeDisplayName(r.inviteeNickname)}
                    </p>
                    <p className="truncate text-sm text-ink-muted">
                      {r.inviteeEmail}
                    </p>
                    <p className="text-xs text-ink-muted">
                      {formatDistanceToNow(new Date(r.createdAt), {
                        addSuffix: true,
                      })}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    {xp && (
                      <span className="text-sm font-bold text-green-700">
                        {xp}
                      </span>
                    )}
                    <Badge className={STATUS_COLOR_CLASSES[status.color]}>
                      {status.label}
                    </Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}
