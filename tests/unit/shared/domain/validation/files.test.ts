import { describe, expect, it } from 'vitest';
import {
  REFUSED_IMAGE_TYPES,
  audioFileSchema,
  blogImageFileSchema,
  fileExtension,
  isAcceptedImageType,
  isAudioType,
  screenshotFileSchema,
} from '@shared/domain/validation/files.ts';
import { issuesOf } from './issues.ts';

const MB = 1024 * 1024;

describe('type tests', () => {
  it('refuses SVG', () => {
    expect(REFUSED_IMAGE_TYPES).toEqual(['image/svg+xml']);
  });

  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['IMAGE/WEBP', true],
    ['image/svg+xml', false],
    ['Image/SVG+XML', false],
    ['audio/mpeg', false],
    ['application/pdf', false],
    ['', false],
  ])('isAcceptedImageType(%j) → %s', (type, expected) => {
    expect(isAcceptedImageType(type)).toBe(expected);
  });

  it.each([
    ['audio/mpeg', true],
    ['audio/webm', true],
    ['Audio/Ogg', true],
    ['video/webm', false],
    ['', false],
  ])('isAudioType(%j) → %s', (type, expected) => {
    expect(isAudioType(type)).toBe(expected);
  });
});

describe('screenshotFileSchema', () => {
  it.each<[string, number, [string, string][]]>([
    ['image/png', 1024, []],
    ['image/png', 0, []],
    ['image/png', 5 * MB, []],
    [
      'image/png',
      5 * MB + 1,
      [['size', 'Please select an image smaller than 5MB.']],
    ],
    ['text/plain', 10, [['type', 'Please select an image file.']]],
    ['image/svg+xml', 10, [['type', 'Please select an image file.']]],
    ['', 10, [['type', 'Please select an image file.']]],
    [
      'audio/mpeg',
      6 * MB,
      [
        ['type', 'Please select an image file.'],
        ['size', 'Please select an image smaller than 5MB.'],
      ],
    ],
  ])('%j of %d bytes → %j', (type, size, expected) => {
    expect(issuesOf(screenshotFileSchema, { name: 'f', type, size })).toEqual(
      expected,
    );
  });
});

describe('audioFileSchema', () => {
  it.each<[string, number, [string, string][]]>([
    ['audio/webm', 1024, []],
    ['audio/mpeg', 10 * MB, []],
    [
      'audio/mpeg',
      10 * MB + 1,
      [['size', 'Please select an audio file smaller than 10MB.']],
    ],
    ['image/png', 10, [['type', 'Please select an audio file.']]],
    ['video/mp4', 10, [['type', 'Please select an audio file.']]],
  ])('%j of %d bytes → %j', (type, size, expected) => {
    expect(issuesOf(audioFileSchema, { name: 'f', type, size })).toEqual(
      expected,
    );
  });
});

describe('blogImageFileSchema', () => {
  it.each<[string, number, [string, string][]]>([
    ['image/jpeg', 5 * MB, []],
    ['image/jpeg', 5 * MB + 1, [['size', 'Image must be less than 5MB']]],
    ['application/pdf', 10, [['type', 'Please select an image file']]],
    ['image/svg+xml', 10, [['type', 'Please select an image file']]],
  ])('%j of %d bytes → %j', (type, size, expected) => {
    expect(issuesOf(blogImageFileSchema, { name: 'f', type, size })).toEqual(
      expected,
    );
  });
});

describe('file shape', () => {
  it('accepts any object with name, type and size', () => {
    const file = { name: 'a.png', type: 'image/png', size: 3, extra: true };
    expect(screenshotFileSchema.parse(file)).toEqual({
      name: 'a.png',
      type: 'image/png',
      size: 3,
    });
  });

  it.each([
    [{ name: 'a.png', type: 'image/png', size: -1 }],
    [{ name: 'a.png', type: 'image/png', size: 1.5 }],
    [{ name: 'a.png', type: 'image/png' }],
    [{ type: 'image/png', size: 1 }],
  ])('refuses %j', (input) => {
    expect(screenshotFileSchema.safeParse(input).success).toBe(false);
  });
});

describe('fileExtension', () => {
  it.each([
    ['shot.png', 'png'],
    ['Shot.PNG', 'png'],
    ['voice.note.webm', 'webm'],
    ['noext', null],
    ['.hidden', null],
    ['trailing.', null],
    ['weird.ex-t', null],
    ['long.abcdefghijk', null],
  ])('%j → %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});
