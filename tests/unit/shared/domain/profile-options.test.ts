import { describe, expect, it } from 'vitest';
import {
  AGE_RANGES,
  DEVICES,
  DEVICE_OPTIONS,
  GENDERS,
  GENDER_OPTIONS,
  HOBBIES,
  JOB_TITLES,
  JOB_TITLE_CHOICES,
  LANGUAGES,
  OTHER_JOB_TITLE,
  SENIORITY_LEVELS,
  TECH_KNOWLEDGE_DEFAULT,
  TECH_KNOWLEDGE_MAX,
  TECH_KNOWLEDGE_MIN,
  TECH_KNOWLEDGE_STEP,
  TOPICS,
  jobTitleFromStored,
  jobTitleToSave,
} from '@shared/domain/profile-options.ts';

describe('option lists', () => {
  it('age ranges', () => {
    expect(AGE_RANGES).toEqual([
      '18-24',
      '25-29',
      '30-34',
      '35-39',
      '40-44',
      '45-49',
      '50-54',
      '55-59',
      '60+',
    ]);
  });

  it('14 languages', () => {
    expect(LANGUAGES).toEqual([
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
    ]);
  });

  it('devices and genders (stored values)', () => {
    expect(DEVICES).toEqual(['mobile', 'desktop', 'tablet']);
    expect(DEVICE_OPTIONS.map((o) => o.value)).toEqual([...DEVICES]);
    expect(GENDERS).toEqual(['female', 'male', 'prefer-not-to-say']);
    expect(GENDER_OPTIONS.map((o) => o.value)).toEqual([...GENDERS]);
  });

  it.each([
    ['mobile', 'Mobile'],
    ['desktop', 'Desktop'],
    ['tablet', 'Tablet'],
  ])('device %s is labelled %s', (value, label) => {
    expect(DEVICE_OPTIONS.find((o) => o.value === value)?.label).toBe(label);
  });

  it.each([
    ['female', 'Female'],
    ['male', 'Male'],
    ['prefer-not-to-say', 'Prefer not to say'],
  ])('gender %s is labelled %s', (value, label) => {
    expect(GENDER_OPTIONS.find((o) => o.value === value)?.label).toBe(label);
  });

  it('10 seniority levels', () => {
    expect(SENIORITY_LEVELS).toEqual([
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
    ]);
  });

  it('21 job titles from Frontend Developer to Cloud Engineer, plus Other', () => {
    expect(JOB_TITLES).toHaveLength(21);
    expect(JOB_TITLES[0]).toBe('Frontend Developer');
    expect(JOB_TITLES[20]).toBe('Cloud Engineer');
    expect(new Set(JOB_TITLES).size).toBe(21);
    expect(OTHER_JOB_TITLE).toBe('Other');
    expect(JOB_TITLE_CHOICES).toEqual([...JOB_TITLES, 'Other']);
  });

  it('14 topics', () => {
    expect(TOPICS).toEqual([
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
    ]);
  });

  it('16 hobbies from Football to Swimming', () => {
    expect(HOBBIES).toHaveLength(16);
    expect(HOBBIES[0]).toBe('Football');
    expect(HOBBIES[15]).toBe('Swimming');
    expect(new Set(HOBBIES).size).toBe(16);
  });

  it.each([
    ['TECH_KNOWLEDGE_MIN', TECH_KNOWLEDGE_MIN, 1],
    ['TECH_KNOWLEDGE_MAX', TECH_KNOWLEDGE_MAX, 10],
    ['TECH_KNOWLEDGE_STEP', TECH_KNOWLEDGE_STEP, 1],
    ['TECH_KNOWLEDGE_DEFAULT', TECH_KNOWLEDGE_DEFAULT, 5],
  ])('%s = %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('job title with Other', () => {
  it.each([
    ['Frontend Developer', '', 'Frontend Developer'],
    ['Cloud Engineer', 'ignored', 'Cloud Engineer'],
    ['Other', 'Beekeeper', 'Beekeeper'],
    ['Other', '  Beekeeper  ', 'Beekeeper'],
    ['Other', '   ', null],
    ['Other', null, null],
    [null, 'Beekeeper', null],
    ['', '', null],
  ])('choice %j, text %j → saves %j', (choice, text, saved) => {
    expect(jobTitleToSave(choice, text)).toBe(saved);
  });

  it.each([
    ['Data Scientist', { choice: 'Data Scientist', otherText: '' }],
    ['Beekeeper', { choice: 'Other', otherText: 'Beekeeper' }],
    ['', { choice: null, otherText: '' }],
    [null, { choice: null, otherText: '' }],
  ])('stored %j → form %j', (stored, form) => {
    expect(jobTitleFromStored(stored)).toEqual(form);
  });
});
