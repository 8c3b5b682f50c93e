import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptCompanyInvitation,
  changeCompanyMemberRole,
  getCompanyInvitations,
  getCompanyMembers,
  getCompanySeats,
  getInvitationPreview,
  inviteCompanyMember,
  removeCompanyMember,
  revokeCompanyInvitation,
  type MemberRole,
} from '@shared/data/members';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** Team data (#21): members, pending invitations, seats; refreshed together. */
export const memberKeys = {
  team: (userId: string) => [...companyKeys.account(userId), 'team'] as const,
  members: (userId: string) => [...memberKeys.team(userId), 'members'] as const,
  invitations: (userId: string) =>
    [...memberKeys.team(userId), 'invitations'] as const,
  seats: (userId: string) => [...memberKeys.team(userId), 'seats'] as const,
};

export function useCompanySeats() {
  const userId = useUserId();
  return useQuery({
    queryKey: memberKeys.seats(userId),
    queryFn: () => getCompanySeats(getSupabase()),
  });
}

export function useCompanyMembers() {
  const userId = useUserId();
  return useQuery({
    queryKey: memberKeys.members(userId),
    queryFn: () => getCompanyMembers(getSupabase()),
  });
}

/** Pending invitations; only owners and admins may read them. */
export function useCompanyInvitations(enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: memberKeys.invitations(userId),
    queryFn: () => getCompanyInvitations(getSupabase()),
    enabled,
  });
}

function useTeamMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: memberKeys.team(userId) }),
  });
}

export const useInviteMember = () =>
  useTeamMutation((a: { email: string; role: MemberRole }) =>
    inviteCompanyMember(getSupabase(), a.email, a.role),
  );

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => revokeCompanyInvitation(getSupabase(), id));

export const useChangeMemberRole = () =>
  useTeamMutation((a: { userId: string; role: MemberRole }) =>
    changeCompanyMemberRole(getSupabase(), a.userId, a.role),
  );

export const useRemoveMember = () =>
  useTeamMutation((userId: string) =>
    removeCompanyMember(getSupabase(), userId),
  );

/** What an invitation link is for (signed in or not); null when unknown. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['company-invitation', token],
    queryFn: () => getInvitationPreview(getSupabase(), token),
    enabled: token !== '',
  });
}

/** Joins the invitation's company; every company query starts afresh. */
export async function acceptInvitation(
  queryClient: ReturnType<typeof useQueryClient>,
  token: string,
) {
  const joined = await acceptCompanyInvitation(getSupabase(), token);
  await queryClient.invalidateQueries({ queryKey: companyKeys.all });
  return joined;
}
