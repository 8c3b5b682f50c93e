import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { format } from 'date-fns';
import type { CompanyMember } from '@shared/data/members';
import {
  MEMBERS_TEXTS,
  ROLE_LABELS,
  canManageCompany,
  type CompanyRole,
} from '@shared/domain/members';
import { PLAN_RULES, formatSeats, hasSeatLeft } from '@shared/domain/plans';
import { resolvePlan } from '@shared/domain/plans';
import { TRIAL_TEXTS } from '@shared/domain/trial';
import {
  useChangeMemberRole,
  useCompanyInvitations,
  useCompanyMembers,
  useCompanySeats,
  useRemoveMember,
  useRevokeInvitation,
} from '@web/api/companies/members';
import { useSetMemberSeat } from '@web/api/companies/trial';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { inputClass } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { toast } from '@web/lib/toast';
import { InviteForm } from './invite-form';
import { RemoveMemberDialog } from './remove-member-dialog';

const day = (d: string) => format(new Date(d), 'd MMM yyyy');

/** The owner keeps a read-only member on a seat, or frees theirs (#35). */
function SeatButton({ member }: { member: CompanyMember }) {
  const seat = useSetMemberSeat();
  const keep = member.read_only;
  return (
    <Button
      variant={keep ? 'secondary' : 'ghost'}
      size="sm"
      disabled={seat.isPending}
      aria-label={`${keep ? TRIAL_TEXTS.keepSeat : TRIAL_TEXTS.freeSeat}: ${member.email}`}
      // The button goes once nobody is read-only: toasts follow the promise.
      onClick={() =>
        seat.mutateAsync({ userId: member.user_id, keep }).then(
          () =>
            toast.success(keep ? TRIAL_TEXTS.seatKept : TRIAL_TEXTS.seatFreed),
          (err: unknown) =>
            toast.error('Update failed', {
              description: err instanceof Error ? err.message : String(err),
            }),
        )
      }
    >
      {keep ? TRIAL_TEXTS.keepSeat : TRIAL_TEXTS.freeSeat}
    </Button>
  );
}

function MemberRow({
  member,
  manage,
  owner,
  swapping,
  onRemove,
}: {
  member: CompanyMember;
  manage: boolean;
  owner: boolean;
  swapping: boolean;
  onRemove: (m: CompanyMember) => void;
}) {
  const change = useChangeMemberRole();
  const role = member.role as CompanyRole;
  const editable = manage && role !== 'owner';
  return (
    <li
      data-testid="member"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line p-3 text-sm"
    >
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-all">
          {member.email}
          {member.is_you && <span className="text-ink-muted"> (you)</span>}
        </p>
        <p className="text-xs text-ink-muted">Joined {day(member.joined_at)}</p>
      </div>
      {member.read_only && (
        <Badge
          className="bg-yellow-100 text-yellow-900"
          title={TRIAL_TEXTS.readOnlyHint}
        >
          {TRIAL_TEXTS.readOnlyBadge}
        </Badge>
      )}
      {editable ? (
        <div className="w-32 shrink-0">
          <label className="sr-only" htmlFor={`role-${member.user_id}`}>
            Role of {member.email}
          </label>
          <select
            id={`role-${member.user_id}`}
            className={`${inputClass} py-1.5`}
            value={role}
            disabled={change.isPending}
            onChange={(e) =>
              change.mutate(
                {
                  userId: member.user_id,
                  role: e.target.value as 'admin' | 'member',
                },
                {
                  onSuccess: () => toast.success(MEMBERS_TEXTS.roleChanged),
                  onError: (err) =>
                    toast.error('Update failed', { description: err.message }),
                },
              )
            }
          >
            <option value="admin">Admin</option>
            <option value="member">Member</option>
          </select>
        </div>
      ) : (
        <Badge
          className={
            role === 'owner'
              ? 'bg-brand-100 text-brand-800'
              : 'bg-gray-100 text-gray-700'
          }
        >
          {ROLE_LABELS[role]}
        </Badge>
      )}
      {/* Only while someone is read-only: the owner picks who stays. */}
      {owner && swapping && role !== 'owner' && <SeatButton member={member} />}
      {role !== 'owner' && (editable || member.is_you) && (
        <Button variant="ghost" size="sm" onClick={() => onRemove(member)}>
          {member.is_you ? 'Leave' : 'Remove'}
        </Button>
      )}
    </li>
  );
}

/** Settings → Members (#21): the team, pending invitations and seats. */
export default function MembersCard() {
  const seats = useCompanySeats();
  const manage = canManageCompany(seats.data?.my_role);
  const members = useCompanyMembers();
  const invitations = useCompanyInvitations(manage);
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const plan = resolvePlan(seats.data?.plan);
  const used = (seats.data?.members ?? 0) + (seats.data?.pending ?? 0);

  function confirmRemove(m: CompanyMember) {
    setRemoving(null);
    remove.mutate(m.user_id, {
      onSuccess: () => {
        if (!m.is_you) return toast.success(MEMBERS_TEXTS.removed);
        toast.success(MEMBERS_TEXTS.left);
        navigate(paths.dashboard, { replace: true });
      },
      onError: (err) =>
        toast.error('Remove failed', { description: err.message }),
    });
  }

  return (
    <Card id="members" className="scroll-mt-20">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">{MEMBERS_TEXTS.title}</h2>
        {seats.data && (
          <p className="text-sm text-ink-muted" data-testid="seats">
            {formatSeats(plan, used)} · {PLAN_RULES[plan].name} plan
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-ink-muted">{MEMBERS_TEXTS.intro}</p>
      <ul className="mt-4 flex flex-col gap-2" aria-label="Members">
        {members.data?.map((m) => (
          <MemberRow
            key={m.user_id}
            member={m}
            manage={manage}
            owner={seats.data?.my_role === 'owner'}
            swapping={members.data?.some((x) => x.read_only) ?? false}
            onRemove={setRemoving}
          />
        ))}
      </ul>
      {manage && (invitations.data?.length ?? 0) > 0 && (
        <div className="mt-5">
          <h3 className="text-sm font-semibold">Pending invitations</h3>
          <ul
            className="mt-2 flex flex-col gap-2"
            aria-label="Pending invitations"
          >
            {invitations.data?.map((i) => (
              <li
                key={i.id}
                data-testid="invitation"
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-surface px-3 py-2 text-sm"
              >
                <span className="min-w-0 flex-1 basis-48 font-medium break-all">
                  {i.email}
                </span>
                <span className="text-xs text-ink-muted">
                  {ROLE_LABELS[i.role as CompanyRole]} · expires{' '}
                  {day(i.expires_at)}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Revoke the invitation of ${i.email}`}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(i.id, {
                      onSuccess: () => toast.success(MEMBERS_TEXTS.revoked),
                      onError: (err) =>
                        toast.error('Revoke failed', {
                          description: err.message,
                        }),
                    })
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {manage ? (
        seats.data && (
          <InviteForm
            seatLeft={hasSeatLeft(plan, used)}
            solo={PLAN_RULES[plan].seats === 1}
            openInvitations={invitations.data?.map((i) => i.id)}
          />
        )
      ) : (
        <p className="mt-4 text-xs text-ink-muted">
          {MEMBERS_TEXTS.membersOnly}
        </p>
      )}
      <RemoveMemberDialog
        member={removing}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
