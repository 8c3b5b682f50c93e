/**
 * Profile completeness (consumer spec §4 "Profile completeness", §2
 * "/profile/settings"; DECISIONS.md "Profile XP"). The server applies the
 * same rules to award `profile_completed` once.
 */

import {
  OTHER_JOB_TITLE,
  TECH_KNOWLEDGE_MAX,
  TECH_KNOWLEDGE_MIN,
  jobTitleToSave,
} from './profile-options.ts';
import { PROFILE_COMPLETED_POINTS } from './points.ts';

/**
 * Profile fields the rules read, named as the `profiles` columns. The form
 * adds `job_title_other`, the free text of the 'Other' job title; a stored
 * row already holds that text in `job_title`.
 */
export interface ProfileCompletenessInput {
  readonly age_range?: string | null;
  readonly city?: string | null;
  readonly languages?: readonly string[] | null;
  readonly devices?: readonly string[] | null;
  readonly gender?: string | null;
  readonly job_title?: string | null;
  readonly job_title_other?: string | null;
  readonly seniority?: string | null;
  readonly tech_knowledge?: number | null;
  readonly topics?: readonly string[] | null;
  readonly hobbies?: readonly string[] | null;
}

/** The three sections of the completion card. */
export const PROFILE_SECTIONS = ['general', 'job', 'interests'] as const;

/** A profile section. */
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** Tile titles of the completion card. */
export const PROFILE_SECTION_LABELS: Readonly<Record<ProfileSection, string>> =
  {
    general: 'General',
    job: 'Job',
    interests: 'Interests',
  };

/** Text of the completion card when every section is complete. */
export const PROFILE_COMPLETE_TEXT = `Complete - ${PROFILE_COMPLETED_POINTS} XP Earned!`;

/** True for a string with something other than whitespace. */
function filled(value: string | null | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/** True for a list with at least one non-blank entry. */
function someFilled(values: readonly string[] | null | undefined): boolean {
  return (values ?? []).some(filled);
}

/**
 * General (the spec's "basic") section: age range, city and gender set
 * (non-blank), and at least one language and one device chosen.
 */
export function isGeneralComplete(profile: ProfileCompletenessInput): boolean {
  return (
    filled(profile.age_range) &&
    filled(profile.city) &&
    someFilled(profile.languages) &&
    someFilled(profile.devices) &&
    filled(profile.gender)
  );
}

/**
 * Job (the spec's "professional") section: a job title (with 'Other', the
 * non-blank free text in `job_title_other`), a seniority, and a tech
 * knowledge that is a whole number from 1 to 10.
 */
export function isJobComplete(profile: ProfileCompletenessInput): boolean {
  const title =
    profile.job_title === OTHER_JOB_TITLE
      ? jobTitleToSave(OTHER_JOB_TITLE, profile.job_title_other)
      : jobTitleToSave(profile.job_title, null);
  const tech = profile.tech_knowledge;
  return (
    title !== null &&
    filled(profile.seniority) &&
    typeof tech === 'number' &&
    Number.isInteger(tech) &&
    tech >= TECH_KNOWLEDGE_MIN &&
    tech <= TECH_KNOWLEDGE_MAX
  );
}

/** Interests section: at least one topic and at least one hobby. */
export function isInterestsComplete(
  profile: ProfileCompletenessInput,
): boolean {
  return someFilled(profile.topics) && someFilled(profile.hobbies);
}

/** Completeness of each section and overall. */
export interface ProfileCompleteness {
  readonly general: boolean;
  readonly job: boolean;
  readonly interests: boolean;
  /** True only when all three sections are complete. */
  readonly complete: boolean;
}

/** Completeness of the three sections; overall complete when all three are. */
export function profileCompleteness(
  profile: ProfileCompletenessInput,
): ProfileCompleteness {
  const general = isGeneralComplete(profile);
  const job = isJobComplete(profile);
  const interests = isInterestsComplete(profile);
  return { general, job, interests, complete: general && job && interests };
}
