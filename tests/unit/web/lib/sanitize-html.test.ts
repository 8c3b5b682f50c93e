import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../fixtures/blog/xss-payloads';
import {
  sanitizeArticleHtml,
  sanitizeArticleHtmlWithReport,
} from '@web/lib/sanitize-html';

describe('sanitizeArticleHtml', () => {
  it.each(XSS_PAYLOADS.map((p, i) => [i + 1, p]))(
    'payload %i leaves nothing that runs',
    (_n, payload) => {
      const clean = sanitizeArticleHtml(payload);
      const doc = document.createElement('div');
      doc.innerHTML = clean;
      for (const el of doc.querySelectorAll('*')) {
        expect(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM']).not.toContain(
          el.tagName,
        );
        for (const attr of el.attributes) {
          expect(attr.name).not.toMatch(/^on|^srcdoc$|^style$|^formaction$/i);
          expect(attr.value.replace(/\s/g, '')).not.toMatch(
            /^(javascript|vbscript|data:text\/html)/i,
          );
        }
      }
    },
  );

  it('keeps ordinary article HTML', () => {
    const html =
      '<h2>Title</h2><p>Text <strong>bold</strong> <a href="https://example.com/">link</a></p><img src="https://example.com/a.png" alt="A">';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('drops data: URLs other than raster images, as the database would', () => {
    expect(
      sanitizeArticleHtml(
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a"><img src="data:image/png;base64,iVBO" alt="b">',
      ),
    ).toBe('<img alt="a"><img src="data:image/png;base64,iVBO" alt="b">');
  });

  it('says what it removed, once each', () => {
    expect(
      sanitizeArticleHtmlWithReport(
        '<p onclick="x()">a</p><p onclick="y()">b</p><script>1</script><a href="javascript:1">c</a>',
      ),
    ).toEqual({
      html: '<p>a</p><p>b</p><a>c</a>',
      removed: ['onclick on <p>', '<script>', 'href on <a>'],
    });
    expect(sanitizeArticleHtmlWithReport('<p>fine</p>').removed).toEqual([]);
  });
});
