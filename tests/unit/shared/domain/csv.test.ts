import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '@shared/domain/csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-x', "'-x"],
    ['@cmd', "'@cmd"],
    ['=a,b', `"'=a,b"`],
    [3, '3'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
  ] as const)('%j → %s', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes the header and rows with CRLF', () => {
    const csv = toCsv(
      [
        { header: 'Title', value: (r: { t: string; n: number }) => r.t },
        { header: 'Votes', value: (r) => r.n },
      ],
      [
        { t: 'A, B', n: 2 },
        { t: 'C', n: 0 },
      ],
    );
    expect(csv).toBe('Title,Votes\r\n"A, B",2\r\nC,0\r\n');
  });

  it('writes only the header without rows', () => {
    expect(toCsv([{ header: 'x', value: () => 1 }], [])).toBe('x\r\n');
  });
});
