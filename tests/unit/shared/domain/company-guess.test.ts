import { describe, expect, it } from 'vitest';
import { guessCompanyName } from '@shared/domain/company-guess';

describe('guessCompanyName', () => {
  it.each([
    [
      { siteName: ' Acme Shop ', title: 'Cart', host: 'acme.test' },
      'Acme Shop',
    ],
    [
      { siteName: null, title: 'Cart | Acme Shop', host: 'x.test' },
      'Acme Shop',
    ],
    [{ siteName: '', title: 'Pricing – Example', host: 'x.test' }, 'Example'],
    [
      {
        siteName: null,
        title:
          'A - a title whose last part is far too long to be a company name',
        host: 'www.shop.example.co.uk',
      },
      'Example',
    ],
    [{ siteName: null, title: 'Home', host: 'www.github.com' }, 'Github'],
    [{ siteName: null, title: 'Home', host: 'localhost:3000' }, 'Localhost'],
    [{ siteName: null, title: '', host: '127.0.0.1' }, ''],
    [{ siteName: null, title: '', host: '' }, ''],
    [{ siteName: null, title: 'Well-known', host: 'bbc.co.uk' }, 'Bbc'],
  ])('%o → %s', (page, expected) => {
    expect(guessCompanyName(page)).toBe(expected);
  });
});
