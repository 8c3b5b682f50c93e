// Tone features of the offline AI processor in the seven reply languages
// (issue #23): negation, crude stems and tone markers the trained models read.
import { describe, expect, it } from 'vitest';
import {
  foldWord,
  negatedWords,
  toneCues,
  truncStem,
} from '../../../../../shared/domain/ai/tone.ts';

describe('negatedWords', () => {
  it.each([
    ['Le bouton ne marche pas du tout.', 'not_marche'],
    ['Die Suche funktioniert nicht richtig.', 'funktioniert'],
    ['Der Knopf ist nicht sichtbar.', 'not_sichtbar'],
    ['El botón no funciona.', 'not_funciona'],
    ['O botão não funciona.', 'not_funciona'],
    ['Il pulsante non funziona.', 'not_funziona'],
    ['De knop werkt niet goed.', 'werkt'],
    ['Ik zie geen knop.', 'not_knop'],
    ["The page doesn't load.", 'not_load'],
  ])('marks the words a negator turns around: %s', (text, expected) => {
    expect(negatedWords(text)).toContain(expected);
  });

  it('stops at the end of the clause and after three words', () => {
    const words = negatedWords(
      "Ce n'est pas rapide, mais le reste est très bien fait.",
    );
    expect(words).toContain('not_rapide');
    expect(words).toContain('bien');
    expect(words).not.toContain('not_bien');
    expect(negatedWords('no one two three four')).toEqual([
      'no',
      'not_one',
      'not_two',
      'not_three',
      'four',
    ]);
  });

  it('folds accents and drops elided articles', () => {
    expect(negatedWords("L'écran reste noir")).toEqual([
      'ecran',
      'reste',
      'noir',
    ]);
    expect(foldWord('Très')).toBe('tres');
  });
});

describe('truncStem', () => {
  it('gives inflections of one word one stem', () => {
    expect(truncStem('lenta')).toBe(truncStem('lento'));
    expect(truncStem('lentes')).toBe(truncStem('lento'));
    expect(truncStem('funktioniert')).toBe(truncStem('funktionieren'));
    expect(truncStem('rapide')).not.toBe(truncStem('lento'));
  });

  it('keeps short words whole', () => {
    expect(truncStem('non')).toBe('non');
    expect(truncStem('pas')).toBe('pas');
  });
});

describe('toneCues', () => {
  it.each([
    ['The site is extremely slow, every time I wait forever.', '__intense'],
    ['Die Seite ist sehr langsam, jedes Mal.', '__intense'],
    ['La página es muy lenta.', '__intense'],
    ['The text is slightly too small.', '__mild'],
    ['Le texte est un peu petit.', '__mild'],
    ['De tekst is een beetje klein.', '__mild'],
    ['Please add PayPal, thanks.', '__polite'],
    ['Bitte PayPal anbieten.', '__polite'],
    ["I'm so frustrated with this checkout.", '__feeling'],
    ["J'en ai marre de ce site.", '__feeling'],
    ['My order never arrived.', '__first_person'],
    ['Mein Paket ist nicht da.', '__first_person'],
    ['NOTHING works!!', '__shout'],
  ])('%s → %s', (text, cue) => {
    expect(toneCues(text)).toContain(cue);
  });

  it('finds no tone in a plain report', () => {
    expect(toneCues('The footer logo overlaps the copyright text.')).toEqual(
      [],
    );
  });
});
