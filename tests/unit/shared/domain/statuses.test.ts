import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_STATUSES,
  INITIAL_FEEDBACK_STATUS,
  canTransition,
  isFeedbackStatus,
  nextStatuses,
  statusInfo,
} from '@shared/domain/statuses.ts';

describe('statuses', () => {
  it('has the five statuses, starting pending', () => {
    expect(FEEDBACK_STATUSES).toEqual([
      'pending',
      'read',
      'in_progress',
      'completed',
      'rejected',
    ]);
    expect(INITIAL_FEEDBACK_STATUS).toBe('pending');
  });

  it.each([
    ['pending', 'Pending', 'yellow'],
    ['read', 'Read', 'purple'],
    ['in_progress', 'In Progress', 'blue'],
    ['completed', 'Completed', 'green'],
    ['rejected', 'Rejected', 'red'],
    ['archived', 'Unknown', 'grey'],
    ['PENDING', 'Unknown', 'grey'],
    ['', 'Unknown', 'grey'],
    [null, 'Unknown', 'grey'],
    [undefined, 'Unknown', 'grey'],
  ])('statusInfo(%j) → %s, %s', (status, label, color) => {
    expect(statusInfo(status)).toEqual({ label, color });
  });

  it.each([
    ['read', true],
    ['in_progress', true],
    ['done', false],
    [null, false],
  ])('isFeedbackStatus(%j) → %s', (value, expected) => {
    expect(isFeedbackStatus(value)).toBe(expected);
  });

  it.each([
    // allowed
    ['pending', 'read', true],
    ['read', 'in_progress', true],
    ['read', 'completed', true],
    ['read', 'rejected', true],
    ['in_progress', 'completed', true],
    ['in_progress', 'rejected', true],
    ['completed', 'in_progress', true],
    ['completed', 'rejected', true],
    ['rejected', 'in_progress', true],
    ['rejected', 'completed', true],
    // refused: skipping read
    ['pending', 'in_progress', false],
    ['pending', 'completed', false],
    ['pending', 'rejected', false],
    // refused: going back
    ['read', 'pending', false],
    ['in_progress', 'read', false],
    ['in_progress', 'pending', false],
    ['completed', 'read', false],
    ['rejected', 'pending', false],
    // refused: same status
    ['pending', 'pending', false],
    ['read', 'read', false],
    ['completed', 'completed', false],
    // refused: unknown values
    ['archived', 'read', false],
    ['read', 'archived', false],
    [null, 'read', false],
    ['pending', undefined, false],
  ])('canTransition(%j, %j) → %s', (from, to, expected) => {
    expect(canTransition(from, to)).toBe(expected);
  });

  it.each([
    ['pending', ['read']],
    ['read', ['in_progress', 'completed', 'rejected']],
    ['in_progress', ['completed', 'rejected']],
    ['completed', ['in_progress', 'rejected']],
    ['rejected', ['in_progress', 'completed']],
    ['unknown', []],
  ])('nextStatuses(%s) → %j', (from, expected) => {
    expect(nextStatuses(from)).toEqual(expected);
  });
});
