import { describe, expect, it } from 'vitest';
import { bulkMoveSummary } from '../../../../shared/domain/triage.ts';

describe('bulkMoveSummary (#40 item 6)', () => {
  it('says how many moved, and nothing more when none was skipped', () => {
    expect(bulkMoveSummary({ moved: 2, skipped: [] }, 2, 'Completed')).toEqual({
      title: '2 of 2 feedback moved to Completed',
      description: null,
    });
  });

  it('names each reason with its count, pending first', () => {
    const s = bulkMoveSummary(
      {
        moved: 1,
        skipped: [
          { id: 'a', status: 'completed', reason: 'same_status' },
          { id: 'b', status: 'pending', reason: 'not_opened' },
          { id: 'c', status: 'pending', reason: 'not_opened' },
          { id: 'd', status: null, reason: 'not_found' },
        ],
      },
      5,
      'Completed',
    );
    expect(s.title).toBe('1 of 5 feedback moved to Completed');
    expect(s.description).toBe(
      'Not moved: 2 are still pending: open them first; 1 was already Completed; 1 is no longer on your verified domains. They stay selected.',
    );
  });

  it('speaks of one in the singular', () => {
    expect(
      bulkMoveSummary(
        {
          moved: 0,
          skipped: [{ id: 'b', status: 'pending', reason: 'not_opened' }],
        },
        1,
        'Rejected',
      ).description,
    ).toBe('Not moved: 1 is still pending: open it first. It stays selected.');
  });
});
