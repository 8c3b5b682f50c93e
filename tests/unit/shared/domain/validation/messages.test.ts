import { describe, expect, it } from 'vitest';
import * as m from '@shared/domain/validation/messages.ts';

describe('spec messages, character for character', () => {
  it.each<[string, unknown, unknown]>([
    // consumer spec §5
    [
      'CONSUMER_TERMS_REQUIRED',
      m.CONSUMER_TERMS_REQUIRED,
      'Please accept the terms and conditions to continue',
    ],
    [
      'CONSUMER_PASSWORDS_DO_NOT_MATCH',
      m.CONSUMER_PASSWORDS_DO_NOT_MATCH,
      'Passwords do not match',
    ],
    [
      'FEEDBACK_MISSING_INFORMATION',
      m.FEEDBACK_MISSING_INFORMATION,
      {
        title: 'Missing information',
        description: 'Please fill in title, description, and company name.',
      },
    ],
    [
      'FEEDBACK_AUTH_REQUIRED',
      m.FEEDBACK_AUTH_REQUIRED,
      {
        title: 'Authentication required',
        description: 'Please sign in to submit feedback.',
      },
    ],
    [
      'SCREENSHOT_INVALID_TYPE',
      m.SCREENSHOT_INVALID_TYPE,
      {
        title: 'Invalid file type',
        description: 'Please select an image file.',
      },
    ],
    [
      'SCREENSHOT_TOO_LARGE',
      m.SCREENSHOT_TOO_LARGE,
      {
        title: 'File too large',
        description: 'Please select an image smaller than 5MB.',
      },
    ],
    [
      'AUDIO_INVALID_TYPE',
      m.AUDIO_INVALID_TYPE,
      {
        title: 'Invalid file type',
        description: 'Please select an audio file.',
      },
    ],
    [
      'AUDIO_TOO_LARGE',
      m.AUDIO_TOO_LARGE,
      {
        title: 'File too large',
        description: 'Please select an audio file smaller than 10MB.',
      },
    ],
    // company spec §5, §8
    [
      'COMPANY_PASSWORDS_DO_NOT_MATCH',
      m.COMPANY_PASSWORDS_DO_NOT_MATCH,
      {
        title: "Passwords don't match",
        description: 'Please ensure both passwords are the same.',
      },
    ],
    [
      'COMPANY_TERMS_REQUIRED',
      m.COMPANY_TERMS_REQUIRED,
      {
        title: 'Terms required',
        description: 'Please accept the terms and conditions to continue.',
      },
    ],
    [
      'COMPANY_ACCOUNT_EXISTS',
      m.COMPANY_ACCOUNT_EXISTS,
      {
        title: 'Account exists',
        description:
          'An account with this email already exists. Please sign in instead: you can add a company profile to it.',
      },
    ],
    [
      'CHANGE_PASSWORD_MISMATCH',
      m.CHANGE_PASSWORD_MISMATCH,
      {
        title: 'Password mismatch',
        description: "New password and confirmation don't match.",
      },
    ],
    // DECISIONS: the spec's 6 raised to 8
    [
      'PASSWORD_TOO_SHORT',
      m.PASSWORD_TOO_SHORT,
      {
        title: 'Password too short',
        description: 'Password must be at least 8 characters long.',
      },
    ],
    [
      'PASSWORD_TOO_LONG',
      m.PASSWORD_TOO_LONG,
      {
        title: 'Password too long',
        description: 'Password must be at most 72 characters long.',
      },
    ],
    [
      'CANNOT_VOTE_OWN_FEEDBACK',
      m.CANNOT_VOTE_OWN_FEEDBACK,
      'You cannot vote on your own feedback',
    ],
    [
      'ALREADY_VOTED',
      m.ALREADY_VOTED,
      {
        title: 'Already voted',
        description: 'You have already voted on this feedback.',
      },
    ],
    [
      'BLOG_TITLE_AND_CONTENT_REQUIRED',
      m.BLOG_TITLE_AND_CONTENT_REQUIRED,
      { title: 'Error', description: 'Title and content are required' },
    ],
    [
      'BLOG_IMAGE_INVALID_TYPE',
      m.BLOG_IMAGE_INVALID_TYPE,
      'Please select an image file',
    ],
    [
      'BLOG_IMAGE_TOO_LARGE',
      m.BLOG_IMAGE_TOO_LARGE,
      'Image must be less than 5MB',
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('our messages', () => {
  it.each<[string, string, string]>([
    ['EMAIL_REQUIRED', m.EMAIL_REQUIRED, 'Please enter your email address.'],
    ['EMAIL_INVALID', m.EMAIL_INVALID, 'Please enter a valid email address.'],
    ['PASSWORD_REQUIRED', m.PASSWORD_REQUIRED, 'Please enter your password.'],
    [
      'CONFIRM_PASSWORD_REQUIRED',
      m.CONFIRM_PASSWORD_REQUIRED,
      'Please confirm your password.',
    ],
    [
      'CURRENT_PASSWORD_REQUIRED',
      m.CURRENT_PASSWORD_REQUIRED,
      'Please enter your current password.',
    ],
    [
      'FULL_NAME_REQUIRED',
      m.FULL_NAME_REQUIRED,
      'Please enter your full name.',
    ],
    [
      'COMPANY_NAME_REQUIRED',
      m.COMPANY_NAME_REQUIRED,
      'Please enter your company name.',
    ],
    [
      'WEBSITE_URL_INVALID',
      m.WEBSITE_URL_INVALID,
      'Please enter a valid website URL.',
    ],
    [
      'DOMAIN_INVALID',
      m.DOMAIN_INVALID,
      'Please enter a valid domain, like example.com.',
    ],
    ['TAG_NAME_REQUIRED', m.TAG_NAME_REQUIRED, 'Please enter a tag name.'],
    [
      'TAG_NAME_INVALID',
      m.TAG_NAME_INVALID,
      'Tag names need at least one letter or digit.',
    ],
    [
      'BLOG_SLUG_INVALID',
      m.BLOG_SLUG_INVALID,
      'Please enter a slug with at least one letter or digit.',
    ],
    [
      'BLOG_IMAGE_URL_INVALID',
      m.BLOG_IMAGE_URL_INVALID,
      'Please enter a valid image URL.',
    ],
    [
      'PROFILE_OPTION_INVALID',
      m.PROFILE_OPTION_INVALID,
      'Please choose one of the listed options.',
    ],
    [
      'TECH_KNOWLEDGE_INVALID',
      m.TECH_KNOWLEDGE_INVALID,
      'Technological knowledge must be a whole number from 1 to 10.',
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('message builders', () => {
  it.each([
    [
      5,
      {
        title: 'Feedback submitted! 🎉',
        description: 'Thank you for your feedback. You earned 5 points!',
      },
    ],
    [
      17,
      {
        title: 'Feedback submitted! 🎉',
        description: 'Thank you for your feedback. You earned 17 points!',
      },
    ],
  ])('feedbackSubmittedMessage(%d)', (points, expected) => {
    expect(m.feedbackSubmittedMessage(points)).toEqual(expected);
  });

  it.each([
    [
      'daily',
      5,
      {
        title: 'Daily limit reached',
        description:
          "You've reached your daily limit of 5 feedback views. Upgrade to view more.",
      },
    ],
    [
      'weekly',
      20,
      {
        title: 'Weekly limit reached',
        description:
          "You've reached your weekly limit of 20 feedback views. Upgrade to view more.",
      },
    ],
  ] as const)('viewLimitReachedMessage(%s, %d)', (period, limit, expected) => {
    expect(m.viewLimitReachedMessage(period, limit)).toEqual(expected);
  });

  it('dailyXpCapNotice(20)', () => {
    expect(m.dailyXpCapNotice(20)).toBe(
      "You've reached today's limit of 20 feedback that earn XP. You can still send feedback, but it earns 0 XP until midnight UTC.",
    );
  });

  it.each([
    [
      'Please fill in title, description, and company name.',
      m.FEEDBACK_MISSING_INFORMATION,
    ],
    ['Please select an image file.', m.SCREENSHOT_INVALID_TYPE],
    ['Please select an audio file smaller than 10MB.', m.AUDIO_TOO_LARGE],
    ["New password and confirmation don't match.", m.CHANGE_PASSWORD_MISMATCH],
    [
      'Please ensure both passwords are the same.',
      m.COMPANY_PASSWORDS_DO_NOT_MATCH,
    ],
    ['Title and content are required', m.BLOG_TITLE_AND_CONTENT_REQUIRED],
    ['Passwords do not match', { title: 'Passwords do not match' }],
    ['Please select an image file', { title: 'Please select an image file' }],
  ])('toastForIssue(%j)', (message, toast) => {
    expect(m.toastForIssue(message)).toEqual(toast);
  });
});
