/**
 * Profile questionnaire payload (consumer spec §2 "/profile/settings", §3
 * "Profile", §5 "Profile"). Saving never blocks on incompleteness; the
 * schema only keeps values inside the option lists, because the UI offers
 * nothing else.
 */

import { z } from 'zod';
import {
  AGE_RANGES,
  DEVICES,
  GENDERS,
  HOBBIES,
  LANGUAGES,
  SENIORITY_LEVELS,
  TECH_KNOWLEDGE_DEFAULT,
  TECH_KNOWLEDGE_MAX,
  TECH_KNOWLEDGE_MIN,
  TOPICS,
  jobTitleToSave,
} from '../profile-options.ts';
import { PROFILE_OPTION_INVALID, TECH_KNOWLEDGE_INVALID } from './messages.ts';

/** One optional choice of a list: missing or '' → null. */
function optionalChoice<const T extends readonly [string, ...string[]]>(
  options: T,
) {
  return z
    .union([z.literal(''), z.enum(options)], PROFILE_OPTION_INVALID)
    .nullish()
    .transform((value) => (value === '' || value == null ? null : value));
}

/** A multi-choice of a list: missing → `[]`, duplicates dropped. */
function choiceList<const T extends readonly [string, ...string[]]>(
  options: T,
) {
  return z
    .array(z.enum(options, PROFILE_OPTION_INVALID))
    .nullish()
    .transform((values) => [...new Set(values ?? [])]);
}

/** Optional free text: trimmed, blank or missing → null. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => {
    const trimmed = (value ?? '').trim();
    return trimmed === '' ? null : trimmed;
  });

/**
 * Profile form → upsert payload (column names). Every field is optional.
 * `job_title` is the chosen title, or with 'Other' the trimmed
 * `job_title_other` text (blank → null). `tech_knowledge` is a whole number
 * 1–10, default 5. Values outside the lists → 'Please choose one of the
 * listed options.'.
 */
export const profileFormSchema = z
  .object({
    age_range: optionalChoice(AGE_RANGES),
    city: optionalText,
    languages: choiceList(LANGUAGES),
    devices: choiceList(DEVICES),
    gender: optionalChoice(GENDERS),
    job_title: optionalText,
    job_title_other: optionalText,
    seniority: optionalChoice(SENIORITY_LEVELS),
    tech_knowledge: z
      .number(TECH_KNOWLEDGE_INVALID)
      .int(TECH_KNOWLEDGE_INVALID)
      .min(TECH_KNOWLEDGE_MIN, TECH_KNOWLEDGE_INVALID)
      .max(TECH_KNOWLEDGE_MAX, TECH_KNOWLEDGE_INVALID)
      .default(TECH_KNOWLEDGE_DEFAULT),
    topics: choiceList(TOPICS),
    hobbies: choiceList(HOBBIES),
  })
  .transform(({ job_title_other, ...profile }) => ({
    ...profile,
    job_title: jobTitleToSave(profile.job_title, job_title_other),
  }));

/** Values of the profile form. */
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** Parsed profile, ready to upsert. */
export type ProfileForm = z.output<typeof profileFormSchema>;
