/**
 * The seven languages the offline processor writes replies in, with the
 * function words that identify them. Function words are the most reliable
 * signal on short texts, where character n-gram detectors guess (a short
 * English sentence read as Hungarian, keyboard mashing read as Spanish).
 */

export const REPLY_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'pt',
  'it',
  'nl',
] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

export const isReplyLanguage = (lang: string): lang is ReplyLanguage =>
  (REPLY_LANGUAGES as readonly string[]).includes(lang);

/** Frequent function words, auxiliaries and modal verbs per language (lowercase); overlaps are fine. */
const FUNCTION_WORDS: Record<ReplyLanguage, readonly string[]> = {
  en: "the a an and or but is are was were be been it its this that these those i you we they my your our to of in on at for with from not no do does did don’t don't can can't when what why how there here have has had will would should could please very too just would could be more all also only without about".split(
    ' ',
  ),
  fr: "le la les un une des et ou mais est sont était je tu il elle nous vous ils mon ma mes votre vos notre du de au aux en dans sur pour avec pas ne plus que qui quand pourquoi comment c'est j'ai très trop merci serait pouvoir peux peut pourrait faire avoir être bien tout tous aussi déjà seulement sans".split(
    ' ',
  ),
  de: 'der die das ein eine einen und oder aber ist sind war ich du er sie wir ihr mein meine ihre unser zu von im in am auf für mit nicht kein keine wenn was warum wie es gibt habe hat wird würde bitte sehr zu danke auch noch schon wäre können kann könnte machen haben sein gut mehr alle alles nur ohne über'.split(
    ' ',
  ),
  es: 'el la los las un una y o pero es son era yo tú él ella nosotros ustedes mi mis su sus del de al en con para por no que cuando porque cómo muy gracias hay está están tengo estaría sería poder puedo puede podría hacer tener ser estar bien más todo todos también ya solo sin sobre'.split(
    ' ',
  ),
  pt: 'o a os as um uma e ou mas é são era eu você ele ela nós meu minha seu sua do da dos das de no na em com para por não que quando porque como muito obrigado obrigada tem está estão seria poder posso pode poderia fazer ter ser estar bem mais todo todos também já só sem sobre'.split(
    ' ',
  ),
  it: "il lo la i gli le un una e o ma è sono era io tu lui lei noi voi mio mia suo sua del della dei di al nel in con per non che quando perché come molto grazie c'è ho ha sta sarebbe potere posso può potrebbe fare avere essere stare bene più tutto tutti anche già solo senza".split(
    ' ',
  ),
  nl: 'de het een en of maar is zijn was ik jij je hij zij wij we mijn jouw uw ons onze van in op aan voor met niet geen dat die wanneer waarom hoe erg heel bedankt er heb heeft wordt kan niet zou kunnen maken hebben goed meer alle alles ook alleen zonder over'.split(
    ' ',
  ),
};

const SETS = Object.fromEntries(
  Object.entries(FUNCTION_WORDS).map(([l, w]) => [l, new Set(w)]),
) as Record<ReplyLanguage, Set<string>>;

/** Function words of each language found among the words. */
export function functionWordVotes(
  words: readonly string[],
): Record<ReplyLanguage, number> {
  const votes = Object.fromEntries(
    REPLY_LANGUAGES.map((l) => [l, 0]),
  ) as Record<ReplyLanguage, number>;
  for (const w of words)
    for (const l of REPLY_LANGUAGES) if (SETS[l].has(w)) votes[l]++;
  return votes;
}

/** True when any of the seven languages' function words occurs. */
export const hasFunctionWords = (words: readonly string[]) =>
  words.some((w) => REPLY_LANGUAGES.some((l) => SETS[l].has(w)));

/**
 * The language of a text from its function words and a detector's ranked
 * guesses: 'und' for gibberish; a clear function-word winner among the
 * seven wins on short texts; otherwise the detector's top guess.
 */
export function pickLanguage(
  words: readonly string[],
  detected: readonly { lang: string; accuracy: number }[],
  gibberish: boolean,
): string {
  if (gibberish || words.length === 0) return 'und';
  const votes = functionWordVotes(words);
  const ranked = REPLY_LANGUAGES.map((l) => [l, votes[l]] as const).sort(
    (a, b) => b[1] - a[1],
  );
  const [first, second] = ranked;
  const top = detected[0];
  // The detector agrees with one of the leading languages: trust it.
  if (
    top &&
    isReplyLanguage(top.lang) &&
    votes[top.lang] >= first![1] - 1 &&
    votes[top.lang] > 0
  )
    return top.lang;
  if (first![1] >= 2 && first![1] >= second![1] * 2) return first![0];
  if (first![1] >= 1 && first![1] > second![1]) return first![0];
  return top?.lang ?? 'und';
}
