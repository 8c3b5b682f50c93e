// The offline processor on the texts of issue #23, as the test page and the
// job queue call it (supabase-free: the processor is pure).
import { describe, expect, it } from 'vitest';
import { processFeedbackRequestSchema } from '../../../../../shared/domain/validation/ai.ts';
import { processOffline } from '../../../../../supabase/functions/_shared/ai/offline.ts';

const run = (rawFeedback: string, companyName: string | null = 'Acme') =>
  processOffline(
    processFeedbackRequestSchema.parse({ rawFeedback, companyName }),
  );

describe('offline processor (issue #23)', () => {
  it('treats praise as positive, not actionable, and thanks for it', () => {
    const r = run(
      "Hi team! I love the new dark mode, it's so much easier on the eyes at night. Great job!\nThanks,\nMarie",
    );
    expect(r).toMatchObject({
      category: 'other',
      sentiment: 'positive',
      actionable: false,
      priority: 'low',
    });
    expect(r.suggested_fix).toBeNull();
    expect(r.suggested_response).toMatch(/kind words/);
    expect(r.suggested_response).not.toMatch(/easier/);
    expect(r.description).not.toMatch(/^Hi team|Marie/);
  });

  it('answers a shipping question as Other, not actionable', () => {
    const r = run('Do you ship to Canada? How much does shipping cost?');
    expect(r).toMatchObject({
      category: 'other',
      actionable: false,
      tags: ['delivery'],
    });
    expect(r.suggested_response).toMatch(/question/);
  });

  it.each([
    'Search ignores accents: typing cafe does not find café.',
    'The coupon code SAVE10 is accepted but the total price stays the same at checkout.',
  ])('keeps a bug a bug whatever its words: %s', (text) => {
    expect(run(text).category).toBe('bug');
  });

  it('tags a coupon bug payments with its evidence, never notifications', () => {
    const r = run(
      "The coupon code SAVE10 is accepted but the total price doesn't change at checkout.",
    );
    expect(r.tags).toEqual(['payments']);
    expect(r.tag_evidence.payments).toEqual(
      expect.arrayContaining(['coupon', 'checkout']),
    );
    expect(r.priority).toBe('high');
  });

  it.each([
    ['gibberish', 'asdkjh qwpoeiru zmxncbv lkjhsdf poiuqwe'],
    ['gibberish', 'xkcdq vbnrt plokm zzyqw trvbn'],
    [
      'placeholder',
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.',
    ],
    ['keyboard-mash', 'asdfasdf qwerqwer zxcvzxcv'],
    ['repetition', 'Great app. Great app. Great app. Great app. Great app.'],
    ['repetition', 'good good good good good good good'],
    [
      'unrelated',
      'Preheat the oven to two hundred degrees. Mix the flour, sugar and butter in a large bowl until smooth, then add three eggs one at a time and bake for forty minutes until golden brown on top.',
    ],
    [
      'advertising',
      'Earn $500 a day working from home, click here to join now!',
    ],
  ])(
    'flags %s as spam: Very Low quality, no language guess for noise',
    (reason, text) => {
      const r = run(text);
      expect(r.is_spam).toBe(true);
      expect(r.spam_reason).toBe(reason);
      expect(r.quality_score).toBe(1);
      expect(r.actionable).toBe(false);
      if (
        reason === 'gibberish' ||
        reason === 'placeholder' ||
        reason === 'keyboard-mash'
      )
        expect(r.language).toBe('und');
    },
  );

  it.each([
    'Love it!',
    'Search is slow',
    'Checkout broken',
    'Le site est trop lent sur mobile.',
  ])('does not flag short genuine feedback: %s', (text) =>
    expect(run(text).is_spam).toBe(false),
  );

  it.each([
    [
      'en',
      'The payment button does not work on the cart page since yesterday.',
      /Thank you/,
      '— The Acme team',
    ],
    [
      'fr',
      'Le bouton de paiement ne fonctionne plus sur la page panier depuis hier.',
      /Merci/,
      '— L’équipe Acme',
    ],
    [
      'de',
      'Der Bezahlen-Knopf funktioniert seit gestern nicht mehr auf der Warenkorbseite.',
      /Danke/,
      '— Ihr Acme-Team',
    ],
    [
      'es',
      'El botón de pago no funciona en la página del carrito desde ayer.',
      /Gracias/,
      '— El equipo de Acme',
    ],
    [
      'pt',
      'O botão de pagamento não funciona na página do carrinho desde ontem.',
      /Obrigado/,
      '— Equipe Acme',
    ],
    [
      'it',
      'Il pulsante di pagamento non funziona nella pagina del carrello da ieri.',
      /Grazie/,
      '— Il team di Acme',
    ],
    [
      'nl',
      'De betaalknop werkt niet meer op de winkelwagenpagina sinds gisteren.',
      /Bedankt/,
      '— Het Acme-team',
    ],
  ])(
    'replies in %s, signed with the registered name',
    (lang, text, hello, signature) => {
      const r = run(text);
      expect(r.language).toBe(lang);
      expect(r.category).toBe('bug');
      expect(r.suggested_response).toMatch(hello);
      expect(r.suggested_response.endsWith(signature)).toBe(true);
      expect(r.suggested_fix).not.toBeNull();
    },
  );

  it('does not sign without a registered company', () => {
    expect(run('The search is broken.', null).suggested_response).not.toMatch(
      /—/,
    );
  });

  it('writes a clean description with steps, masked contacts and the place', () => {
    const r = run(
      'Hello, I just wanted to let you know that when I click the Save button on the profile page nothing happens. Steps: 1. open profile 2. change name 3. click Save. Expected: saved. Actual: nothing. Mail me at jo@example.org. Thanks!',
    );
    expect(r.description).toBe(
      [
        'When I click the Save button on the profile page nothing happens.',
        'Mail me at [e-mail].',
        'Steps to reproduce:',
        '1. Open profile.',
        '2. Change name.',
        '3. Click Save.',
        'Expected: Saved.',
        'Actual: Nothing.',
        'Where: Save button, profile page.',
      ].join('\n'),
    );
    expect(r.title).toBe(
      'When I click the Save button on the profile page nothing happens',
    );
  });

  it('titles a long request with its gist in at most 70 characters, never mid-word', () => {
    const text =
      'It would be great if you could add an option to export my orders as CSV so I can do my accounting at the end of the year.';
    const r = run(text);
    expect(r.title.length).toBeLessThanOrEqual(70);
    expect(r.title).toMatch(/^Add an option to export my orders as CSV/);
    expect(text).toContain(r.title.split(' ').at(-1)!);
    expect(r.category).toBe('feature');
  });

  it('gives payment and data loss high priority and typos low', () => {
    expect(run('I was charged twice for the same order.').priority).toBe(
      'high',
    );
    expect(
      run('All my notes were deleted after the update, I lost everything.')
        .priority,
    ).toBe('high');
    expect(run('There is a typo on the pricing page: "anual".').priority).toBe(
      'low',
    );
  });

  it.each([
    'Cheers for the quick refund.',
    'Heel tevreden met mijn aankoop, aanrader.',
  ])('praise is low priority whatever impact words it holds: %s', (text) => {
    expect(run(text)).toMatchObject({
      category: 'other',
      sentiment: 'positive',
      priority: 'low',
      actionable: false,
    });
  });

  it.each([
    ['Me cobraron dos veces el mismo pedido.', 'bug'],
    ['Il pacco è arrivato rotto e nessuno risponde.', 'other'],
    ['Super appli ! Il ne manque qu’une liste de favoris.', 'feature'],
    ['Die Schrift ist winzig, man kann kaum etwas lesen.', 'improvement'],
  ])(
    'reads the category in any of the seven languages: %s',
    (text, category) => {
      expect(run(text).category).toBe(category);
    },
  );

  it.each([
    'Das Essen kam kalt und zu spät.',
    'Thanks for nothing, my order is still not here after a month.',
    'Oh great, the app logged me out again.',
  ])('complaints and sarcasm read negative: %s', (text) => {
    expect(run(text).sentiment).toBe('negative');
  });

  it.each([
    'Estaría bien poder guardar varias direcciones.',
    'Seria bom poder salvar vários endereços.',
    'Sarebbe bello poter salvare più indirizzi.',
  ])('a short request with common verbs is no gibberish: %s', (text) => {
    expect(run(text)).toMatchObject({ is_spam: false, category: 'feature' });
  });
});
