import { describe, expect, it } from 'vitest';
import {
  REPORT_BUCKETS,
  bucketRange,
  reportBucket,
  waitingNotice,
} from '../../../../shared/domain/claims.ts';
import {
  hasVerificationMeta,
  verificationMetaTag,
} from '../../../../shared/domain/verification-meta.ts';

describe('report buckets (#35)', () => {
  it('a count falls to the largest lower bound not above it', () => {
    expect(reportBucket(0)).toBe(0);
    expect(reportBucket(1)).toBe(1);
    expect(reportBucket(4)).toBe(1);
    expect(reportBucket(5)).toBe(5);
    expect(reportBucket(24)).toBe(10);
    expect(reportBucket(2_000_000)).toBe(100_000);
  });

  it('each bucket reads as its range', () => {
    expect(bucketRange(0)).toBe('None');
    expect(bucketRange(1)).toBe('Fewer than 5');
    expect(bucketRange(10)).toBe('10–24');
    expect(bucketRange(1000)).toBe('1,000–2,499');
    expect(bucketRange(REPORT_BUCKETS.at(-1)!)).toBe('100,000+');
  });

  it('the author is told what waiting means for their XP', () => {
    expect(waitingNotice('shop.example', 10)).toBe(
      'shop.example is not on Peega yet: your feedback waits for its owner. 10–24 reports are waiting for it. The XP for sending is yours now; the XP for a verdict comes when the owner reads it and acts.',
    );
    expect(waitingNotice('shop.example', 0)).not.toContain('reports are');
  });
});

describe('the verification meta tag', () => {
  const token = 'abc123';
  it('is found in the head in any quoting, order and case', () => {
    expect(
      hasVerificationMeta(
        `<html><head>${verificationMetaTag(token)}</head></html>`,
        token,
      ),
    ).toBe(true);
    expect(
      hasVerificationMeta(
        `<head><META CONTENT=abc123 NAME='Peega-Verification'></head>`,
        token,
      ),
    ).toBe(true);
  });

  it('a wrong token, a comment or the body proves nothing', () => {
    expect(
      hasVerificationMeta(
        `<head>${verificationMetaTag('other')}</head>`,
        token,
      ),
    ).toBe(false);
    expect(
      hasVerificationMeta(
        `<head><!-- ${verificationMetaTag(token)} --></head>`,
        token,
      ),
    ).toBe(false);
    expect(
      hasVerificationMeta(
        `<head></head><body>${verificationMetaTag(token)}</body>`,
        token,
      ),
    ).toBe(false);
    expect(
      hasVerificationMeta(
        `<head><meta data-name="peega-verification" content="abc123"></head>`,
        token,
      ),
    ).toBe(false);
  });
});
