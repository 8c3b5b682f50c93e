import { describe, expect, it } from 'vitest';
import { profileFormSchema } from '@shared/domain/validation/profile.ts';
import { issuesOf } from './issues.ts';

const OPTION = 'Please choose one of the listed options.';
const TECH = 'Technological knowledge must be a whole number from 1 to 10.';

describe('profileFormSchema', () => {
  it('accepts an empty form (saving never blocks)', () => {
    expect(profileFormSchema.parse({})).toEqual({
      age_range: null,
      city: null,
      languages: [],
      devices: [],
      gender: null,
      job_title: null,
      seniority: null,
      tech_knowledge: 5,
      topics: [],
      hobbies: [],
    });
  });

  it('parses a full form', () => {
    expect(
      profileFormSchema.parse({
        age_range: '30-34',
        city: ' Porto, Portugal ',
        languages: ['English', 'Portuguese', 'English'],
        devices: ['mobile', 'desktop'],
        gender: 'prefer-not-to-say',
        job_title: 'Cloud Engineer',
        job_title_other: 'ignored',
        seniority: 'C-Level',
        tech_knowledge: 10,
        topics: ['Food & Beverage'],
        hobbies: ['Swimming'],
      }),
    ).toEqual({
      age_range: '30-34',
      city: 'Porto, Portugal',
      languages: ['English', 'Portuguese'],
      devices: ['mobile', 'desktop'],
      gender: 'prefer-not-to-say',
      job_title: 'Cloud Engineer',
      seniority: 'C-Level',
      tech_knowledge: 10,
      topics: ['Food & Beverage'],
      hobbies: ['Swimming'],
    });
  });

  it.each([
    ['Other', ' Beekeeper ', 'Beekeeper'],
    ['Other', '', null],
    ['Data Analyst', 'x', 'Data Analyst'],
    ['', '', null],
  ])(
    'job title %j with text %j saves %j',
    (job_title, job_title_other, saved) => {
      expect(
        profileFormSchema.parse({ job_title, job_title_other }).job_title,
      ).toBe(saved);
    },
  );

  it.each([
    ['', null],
    [null, null],
    ['60+', '60+'],
  ])('age range %j → %j', (age_range, expected) => {
    expect(profileFormSchema.parse({ age_range }).age_range).toBe(expected);
  });

  it.each<[Record<string, unknown>, [string, string][]]>([
    [{ age_range: '17-20' }, [['age_range', OPTION]]],
    [{ gender: 'other' }, [['gender', OPTION]]],
    [{ seniority: 'Mid-Level' }, [['seniority', OPTION]]],
    [{ languages: ['Klingon'] }, [['languages.0', OPTION]]],
    [{ devices: ['watch'] }, [['devices.0', OPTION]]],
    [{ topics: ['Cars'] }, [['topics.0', OPTION]]],
    [{ hobbies: ['Chess', 'Football'] }, [['hobbies.0', OPTION]]],
    [{ tech_knowledge: 0 }, [['tech_knowledge', TECH]]],
    [{ tech_knowledge: 11 }, [['tech_knowledge', TECH]]],
    [{ tech_knowledge: 2.5 }, [['tech_knowledge', TECH]]],
    [{ tech_knowledge: 1 }, []],
  ])('%j → %j', (input, expected) => {
    expect(issuesOf(profileFormSchema, input)).toEqual(expected);
  });
});
