// The intent rules of the offline AI processor in seven languages (issue
// #23): what a reader never gets wrong, whatever words the author uses.
import { describe, expect, it } from 'vitest';
import {
  impactPriority,
  readIntent,
} from '../../../../../shared/domain/ai/intent.ts';

describe('readIntent', () => {
  it.each([
    'Quand je reviens en arrière, les filtres ont disparu.',
    'Die gespeicherten Adressen sind weg.',
    'El cupón no se aplica al total.',
    'Os filtros somem quando volto.',
    'Le foto del profilo sono sparite.',
    'De knop doet helemaal niets.',
    'Marking a message as read brings it back after a reload.',
    'The link opens a blank tab.',
    'Auf der Seite steht „Warenkrob“ statt „Warenkorb“.',
    'Il y a une faute de frappe dans le menu.',
  ])('reads a malfunction as broken: %s', (text) => {
    expect(readIntent(text).broken).toBe(true);
  });

  it.each([
    'Any plans to support Apple Pay?',
    'Is there a way to export my history?',
    'How about a button to reorder?',
    'Would love to see a family plan.',
    'I would like to get a text when my parcel ships.',
    'Super appli ! Il ne manque qu’une liste de favoris.',
    'App fantastica! Manca solo la possibilità di condividere.',
    'Is het mogelijk om iDEAL toe te voegen?',
  ])('reads a request: %s', (text) => {
    expect(readIntent(text).request).toBe(true);
  });

  it.each([
    'Die Schrift ist winzig.',
    'Le texte est un peu petit sur mobile.',
    'The menu could remember my last choice.',
    'It takes six clicks to reorder.',
  ])('reads something that could be better: %s', (text) => {
    expect(readIntent(text).improve).toBe(true);
  });

  it('does not read "could not" as a suggestion', () => {
    expect(readIntent('I could not find the button.').improve).toBe(false);
  });

  it.each([
    'Heel tevreden met mijn aankoop, aanrader.',
    'Muy buena tienda, gracias.',
    'Very happy with my purchase.',
    '10/10 would order again.',
  ])('reads praise in any language: %s', (text) => {
    expect(readIntent(text)).toMatchObject({ praise: true, purePraise: true });
  });

  it.each([
    'It would be great if I could save my searches.',
    'Eine Wunschliste wäre toll.',
    'Nice to have: custom sounds.',
  ])('does not take praise of what does not exist for praise: %s', (text) => {
    expect(readIntent(text).praise).toBe(false);
  });

  it('praise with something that could be better is not pure praise', () => {
    const intent = readIntent(
      'Nice clean design, only the menu text is a bit small.',
    );
    expect(intent.praise).toBe(true);
    expect(intent.purePraise).toBe(false);
  });

  it.each([
    'Thanks for nothing, my order is still not here.',
    'Oh great, the app crashed again.',
    'Perfect, another update and the dark mode is gone again.',
  ])('reads sarcasm as upset, not praise: %s', (text) => {
    expect(readIntent(text)).toMatchObject({ praise: false, upset: true });
  });

  it('keeps an opening "great" that reports nothing as praise', () => {
    expect(readIntent('Great, the parcel arrived early.').praise).toBe(true);
  });

  it.each([
    'Il pacco è arrivato rotto e nessuno risponde.',
    'O entregador deixou a caixa na porta.',
    'Way overpriced compared to other shops.',
  ])(
    'reads delivery, product and price complaints as off the site: %s',
    (text) => {
      expect(readIntent(text).offSite).toBe(true);
    },
  );

  it.each([
    'Me cobraron dos veces el mismo pedido.',
    'La web se cae cuando confirmo el pedido.',
    'Auf der Startseite steht „Liefrung“ statt „Lieferung“.',
  ])('a double charge or a page of the site is on the site: %s', (text) => {
    expect(readIntent(text).offSite).toBe(false);
  });

  it.each([
    'The food arrived cold and an hour late.',
    'Het eten kwam koud en te laat.',
    'The hotel room was dirty and the staff were rude.',
  ])('reads food, stay and staff complaints as off the site: %s', (text) => {
    expect(readIntent(text).offSite).toBe(true);
  });

  it.each(['Your fees are a rip-off.', 'The staff were rude.'])(
    'reads an insult to the service as upset: %s',
    (text) => {
      expect(readIntent(text).upset).toBe(true);
    },
  );
});

describe('readIntent in the seven languages', () => {
  it.each([
    'Não consigo finalizar o pedido, o botão de pagamento fica cinza.',
    'Ich kann meine Bestellung nicht abschließen, der Bezahlknopf bleibt grau.',
    'Je ne peux plus valider ma commande.',
    'Non riesco a completare l’ordine.',
    'Ik kan mijn bestelling niet afronden.',
  ])('"cannot" in any language is broken, and on the site: %s', (text) => {
    expect(readIntent(text)).toMatchObject({ broken: true, offSite: false });
  });

  it.each([
    'Les filtres devraient rester ouverts.',
    'Los filtros deberían quedarse abiertos.',
    'Os filtros deveriam continuar abertos.',
    'I filtri dovrebbero restare aperti.',
    'De filters zouden open moeten blijven.',
  ])('a plural "should" is a suggestion: %s', (text) => {
    expect(readIntent(text).improve).toBe(true);
  });
});

describe('questions and statements', () => {
  it.each([
    'When I rotate my tablet, the video restarts.',
    'Quand je change de langue, la moitié du site reste en anglais.',
    'Quando apro il carrello si chiude.',
    "C'è un errore di battitura nella home.",
    'Hay una falta de ortografía en la portada.',
  ])('a statement that opens like a question is no question: %s', (text) => {
    expect(readIntent(text).infoQuestion).toBe(false);
  });

  it.each([
    'When will the new model be available',
    'How do I delete my account',
    'Do you ship to Canada',
  ])('a question without its question mark is still one: %s', (text) => {
    expect(readIntent(text).infoQuestion).toBe(true);
  });

  it('the countdown of a sale is on the site', () => {
    expect(
      readIntent('The countdown on the sale banner shows negative hours.')
        .offSite,
    ).toBe(false);
  });
});

describe('impactPriority', () => {
  it.each([
    'The transfer went out of my account but the recipient never got it.',
    'Le virement est parti mais n’apparaît nulle part.',
    'Die Überweisung ist raus, aber in der App steht nichts.',
    'Restaurant prices in the app are lower than what I was charged at checkout.',
    'Booked a flight, paid, and the booking page says no reservation found.',
  ])('money that leaves and goes nowhere is high: %s', (text) => {
    expect(impactPriority(text)).toBe('high');
  });
});
