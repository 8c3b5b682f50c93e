import { describe, expect, it } from 'vitest';
import {
  PROFILE_COMPLETE_TEXT,
  PROFILE_SECTION_LABELS,
  isGeneralComplete,
  isInterestsComplete,
  isJobComplete,
  profileCompleteness,
} from '@shared/domain/profile-completeness.ts';
import type { ProfileCompletenessInput } from '@shared/domain/profile-completeness.ts';

const FULL: ProfileCompletenessInput = {
  age_range: '25-29',
  city: 'Lisbon, Portugal',
  languages: ['English'],
  devices: ['desktop'],
  gender: 'female',
  job_title: 'Frontend Developer',
  seniority: 'Senior',
  tech_knowledge: 5,
  topics: ['Technology'],
  hobbies: ['Football'],
};

describe('section labels and text', () => {
  it('labels the three tiles', () => {
    expect(PROFILE_SECTION_LABELS).toEqual({
      general: 'General',
      job: 'Job',
      interests: 'Interests',
    });
  });

  it('reads the complete text', () => {
    expect(PROFILE_COMPLETE_TEXT).toBe('Complete - 30 XP Earned!');
  });
});

describe('General section', () => {
  it.each<[string, ProfileCompletenessInput, boolean]>([
    ['all set', FULL, true],
    ['no age range', { ...FULL, age_range: null }, false],
    ['blank city', { ...FULL, city: '   ' }, false],
    ['no city', { ...FULL, city: undefined }, false],
    ['no language', { ...FULL, languages: [] }, false],
    ['only blank language', { ...FULL, languages: [''] }, false],
    ['no devices', { ...FULL, devices: null }, false],
    ['no gender', { ...FULL, gender: '' }, false],
    ['several languages', { ...FULL, languages: ['English', 'French'] }, true],
  ])('%s → %s', (_label, profile, expected) => {
    expect(isGeneralComplete(profile)).toBe(expected);
  });
});

describe('Job section', () => {
  it.each<[string, ProfileCompletenessInput, boolean]>([
    ['all set', FULL, true],
    ['no job title', { ...FULL, job_title: null }, false],
    ['blank job title', { ...FULL, job_title: '  ' }, false],
    [
      'Other with text',
      { ...FULL, job_title: 'Other', job_title_other: 'Chef' },
      true,
    ],
    [
      'Other without text',
      { ...FULL, job_title: 'Other', job_title_other: '' },
      false,
    ],
    [
      'Other with blank text',
      { ...FULL, job_title: 'Other', job_title_other: '  ' },
      false,
    ],
    ['free text as stored', { ...FULL, job_title: 'Beekeeper' }, true],
    ['no seniority', { ...FULL, seniority: null }, false],
    ['no tech knowledge', { ...FULL, tech_knowledge: null }, false],
    ['tech knowledge 1', { ...FULL, tech_knowledge: 1 }, true],
    ['tech knowledge 10', { ...FULL, tech_knowledge: 10 }, true],
    ['tech knowledge 0', { ...FULL, tech_knowledge: 0 }, false],
    ['tech knowledge 11', { ...FULL, tech_knowledge: 11 }, false],
    ['tech knowledge 4.5', { ...FULL, tech_knowledge: 4.5 }, false],
  ])('%s → %s', (_label, profile, expected) => {
    expect(isJobComplete(profile)).toBe(expected);
  });
});

describe('Interests section', () => {
  it.each<[string, ProfileCompletenessInput, boolean]>([
    ['one topic and one hobby', FULL, true],
    ['no topics', { ...FULL, topics: [] }, false],
    ['no hobbies', { ...FULL, hobbies: [] }, false],
    ['missing lists', { ...FULL, topics: null, hobbies: undefined }, false],
  ])('%s → %s', (_label, profile, expected) => {
    expect(isInterestsComplete(profile)).toBe(expected);
  });
});

describe('overall', () => {
  it.each<
    [string, ProfileCompletenessInput, boolean, boolean, boolean, boolean]
  >([
    ['empty profile', {}, false, false, false, false],
    ['full profile', FULL, true, true, true, true],
    ['general missing', { ...FULL, city: null }, false, true, true, false],
    ['job missing', { ...FULL, seniority: null }, true, false, true, false],
    ['interests missing', { ...FULL, hobbies: [] }, true, true, false, false],
  ])(
    '%s → general %s, job %s, interests %s, complete %s',
    (_label, profile, general, job, interests, complete) => {
      expect(profileCompleteness(profile)).toEqual({
        general,
        job,
        interests,
        complete,
      });
    },
  );
});
