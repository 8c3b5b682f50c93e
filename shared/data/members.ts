import type { Client, RpcRows } from './client.ts';
import { unwrap } from './client.ts';

export type CompanyMember = RpcRows<'get_company_members'>[number];
export type CompanyInvitation = RpcRows<'get_company_invitations'>[number];
export type CompanySeats = RpcRows<'get_company_seats'>[number];
export type InvitationPreview = RpcRows<'get_company_invitation'>[number];
export type MemberRole = 'admin' | 'member';

/** The members of the caller's company, owner first. */
export async function getCompanyMembers(
  client: Client,
): Promise<CompanyMember[]> {
  return unwrap(await client.rpc('get_company_members'));
}

/** The company's pending invitations (owners and admins only). */
export async function getCompanyInvitations(
  client: Client,
): Promise<CompanyInvitation[]> {
  return unwrap(await client.rpc('get_company_invitations'));
}

/** Plan, seat limit (null = unlimited), members, pending and the caller's role. */
export async function getCompanySeats(client: Client): Promise<CompanySeats> {
  return unwrap(await client.rpc('get_company_seats').single());
}

/** Invites an address; the server mails the link and returns its token once. */
export async function inviteCompanyMember(
  client: Client,
  email: string,
  role: MemberRole,
): Promise<RpcRows<'invite_company_member'>[number]> {
  return unwrap(
    await client
      .rpc('invite_company_member', { p_email: email, p_role: role })
      .single(),
  );
}

export async function revokeCompanyInvitation(
  client: Client,
  invitationId: string,
): Promise<void> {
  unwrap(
    await client.rpc('revoke_company_invitation', {
      p_invitation_id: invitationId,
    }),
  );
}

export async function changeCompanyMemberRole(
  client: Client,
  userId: string,
  role: MemberRole,
): Promise<void> {
  unwrap(
    await client.rpc('change_company_member_role', {
      p_user_id: userId,
      p_role: role,
    }),
  );
}

export async function removeCompanyMember(
  client: Client,
  userId: string,
): Promise<void> {
  unwrap(await client.rpc('remove_company_member', { p_user_id: userId }));
}

/** What an invitation link is for, or null for an unknown token. */
export async function getInvitationPreview(
  client: Client,
  token: string,
): Promise<InvitationPreview | null> {
  return unwrap(
    await client
      .rpc('get_company_invitation', { p_token: token })
      .maybeSingle(),
  );
}

/** Joins the signed-in account to the invitation's company. */
export async function acceptCompanyInvitation(
  client: Client,
  token: string,
): Promise<RpcRows<'accept_company_invitation'>[number]> {
  return unwrap(
    await client.rpc('accept_company_invitation', { p_token: token }).single(),
  );
}
