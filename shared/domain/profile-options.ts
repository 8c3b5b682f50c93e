/**
 * Option lists of the profile questionnaire (consumer spec §3 "Profile",
 * §2 "Profile pages"). Stored values are the strings below; lists the spec
 * shows in full are copied exactly, the job titles and hobbies the spec
 * only sketches ("21 entries from Frontend Developer to Cloud Engineer",
 * "16, from Football to Swimming") are completed by us with those ends.
 */

/** A choice with its stored value and its label. */
export interface ProfileOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** Age ranges (9), stored and shown as is. */
export const AGE_RANGES = [
  '18-24',
  '25-29',
  '30-34',
  '35-39',
  '40-44',
  '45-49',
  '50-54',
  '55-59',
  '60+',
] as const;

/** Languages spoken (14), stored and shown as is. */
export const LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Chinese',
  'Japanese',
  'Korean',
  'Arabic',
  'Russian',
  'Dutch',
  'Swedish',
  'Norwegian',
] as const;

/** Stored device values (3). */
export const DEVICES = ['mobile', 'desktop', 'tablet'] as const;

/** A stored device value. */
export type Device = (typeof DEVICES)[number];

/** Device choices with labels (labels are ours: capitalised values). */
export const DEVICE_OPTIONS: readonly ProfileOption<Device>[] = [
  { value: 'mobile', label: 'Mobile' },
  { value: 'desktop', label: 'Desktop' },
  { value: 'tablet', label: 'Tablet' },
];

/** Stored gender values (3). */
export const GENDERS = ['female', 'male', 'prefer-not-to-say'] as const;

/** A stored gender value. */
export type Gender = (typeof GENDERS)[number];

/** Gender choices with labels (labels are ours). */
export const GENDER_OPTIONS: readonly ProfileOption<Gender>[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
];

/** Seniority levels (10), from Intern to C-Level, stored and shown as is. */
export const SENIORITY_LEVELS = [
  'Intern',
  'Junior',
  'Mid-level',
  'Senior',
  'Lead',
  'Principal',
  'Manager',
  'Director',
  'VP',
  'C-Level',
] as const;

/**
 * Job titles (21), from 'Frontend Developer' to 'Cloud Engineer'. Only the
 * two ends come from the spec; the 19 in between are ours.
 */
export const JOB_TITLES = [
  'Frontend Developer',
  'Backend Developer',
  'Full Stack Developer',
  'Mobile Developer',
  'DevOps Engineer',
  'Data Scientist',
  'Data Analyst',
  'Machine Learning Engineer',
  'QA Engineer',
  'Software Architect',
  'Security Engineer',
  'Product Manager',
  'Project Manager',
  'UX Designer',
  'UI Designer',
  'Marketing Manager',
  'Sales Representative',
  'Business Analyst',
  'Customer Support Specialist',
  'Content Writer',
  'Cloud Engineer',
] as const;

/** The job-title choice that reveals a free-text field. */
export const OTHER_JOB_TITLE = 'Other';

/** Every job-title choice: the 21 titles, then 'Other'. */
export const JOB_TITLE_CHOICES: readonly string[] = [
  ...JOB_TITLES,
  OTHER_JOB_TITLE,
];

/** Topics of interest (14), stored and shown as is. */
export const TOPICS = [
  'UX Design',
  'UI Design',
  'Food & Beverage',
  'Technology',
  'Travel',
  'Finance',
  'Health & Fitness',
  'E-commerce',
  'Entertainment',
  'Education',
  'Gaming',
  'Social Media',
  'Productivity',
  'Photography',
] as const;

/**
 * Hobbies (16), from 'Football' to 'Swimming'. Only the two ends come from
 * the spec; the 14 in between are ours.
 */
export const HOBBIES = [
  'Football',
  'Basketball',
  'Tennis',
  'Running',
  'Cycling',
  'Hiking',
  'Reading',
  'Cooking',
  'Music',
  'Painting',
  'Dancing',
  'Yoga',
  'Travelling',
  'Video Games',
  'Gardening',
  'Swimming',
] as const;

/** Lowest technological-knowledge value of the slider. */
export const TECH_KNOWLEDGE_MIN = 1;

/** Highest technological-knowledge value of the slider. */
export const TECH_KNOWLEDGE_MAX = 10;

/** Slider step. */
export const TECH_KNOWLEDGE_STEP = 1;

/** Slider value before the user moves it. */
export const TECH_KNOWLEDGE_DEFAULT = 5;

/**
 * Job title to save: the trimmed free text when 'Other' is chosen, else the
 * chosen title. Null when nothing (or 'Other' with blank text) is given.
 */
export function jobTitleToSave(
  choice: string | null | undefined,
  otherText: string | null | undefined,
): string | null {
  const value = (choice === OTHER_JOB_TITLE ? otherText : choice)?.trim();
  return value === undefined || value === '' ? null : value;
}

/**
 * Form state of a stored job title: a listed title selects itself; any
 * other non-empty text selects 'Other' with that text in the free-text
 * field; empty selects nothing.
 */
export function jobTitleFromStored(stored: string | null | undefined): {
  readonly choice: string | null;
  readonly otherText: string;
} {
  const value = (stored ?? '').trim();
  if (value === '') return { choice: null, otherText: '' };
  if ((JOB_TITLES as readonly string[]).includes(value)) {
    return { choice: value, otherText: '' };
  }
  return { choice: OTHER_JOB_TITLE, otherText: value };
}
