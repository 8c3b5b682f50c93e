/**
 * Team seats (#21): roles and the texts of the Members card and the
 * invitation page. The server enforces every rule (roles, seats, tokens);
 * these are the words the screens show around them.
 */

/** Roles in a company; the owner is the account that registered it. */
export const COMPANY_ROLES = ['owner', 'admin', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const ROLE_LABELS: Readonly<Record<CompanyRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** What each role may do, shown under the role picker. */
export const ROLE_HINTS: Readonly<Record<'admin' | 'member', string>> = {
  admin: 'Settings, domains, webhooks and members, plus triage.',
  member: 'Reads and triages the feedback.',
};

/** Owners and admins manage settings, domains, webhooks and members. */
export function canManageCompany(role: string | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

export const MEMBERS_TEXTS = {
  title: 'Members',
  intro:
    'Everyone here works with the company’s plan and views: a feedback opened by any member counts once.',
  invitedTitle: 'Invitation sent',
  invitedDescription: (email: string) =>
    `We e-mailed ${email} a link to join. It works once, for 7 days.`,
  copied: 'Invitation link copied',
  revoked: 'Invitation revoked',
  roleChanged: 'Role updated',
  removed: 'Member removed',
  left: 'You left the company',
  membersOnly:
    'Only the owner or an admin can invite, change or remove members.',
  settingsMembersOnly:
    'Only the owner or an admin can change the company’s details, domains, notifications and webhooks.',
  noSeatLeft: 'All seats of your plan are taken.',
  /** Free has one seat, the owner's: the way to a team is a paid plan. */
  soloPlan:
    'The Free plan has one seat, yours. Pro has 3 seats and Advanced unlimited:',
} as const;

/** Texts of /company-invitation. */
export const INVITATION_TEXTS = {
  invalid: 'This invitation link is not valid.',
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation was revoked. Ask the company for a new one.',
  expired: 'This invitation has expired. Ask the company for a new one.',
  joined: (company: string) => `Welcome to ${company}!`,
} as const;
