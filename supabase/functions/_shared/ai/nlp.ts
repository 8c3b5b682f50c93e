// The language tools of the offline processor: wink-nlp with its English
// model (tokens, stems, negation, sentiment, parts of speech) and tinyld
// (language). Bare specifiers: node_modules in Node, the import map in
// supabase/functions/process-feedback/deno.json on the edge runtime.
import winkNLP, { type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { detectAll } from 'tinyld/light';

const nlp = winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']);
const its = nlp.its;
// wink's typings give `its.stem` an addons parameter that `out` does not accept.
const stemOf = its.stem as unknown as typeof its.normal;

/** Languages the detector may answer (the profile's languages, spec §3). */
const LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'nl',
  'sv',
  'no',
  'ru',
  'zh',
  'ja',
  'ko',
  'ar',
];

export interface TextAnalysis {
  /** Lowercased word stems; negated words carry a `not_` prefix. */
  stems: string[];
  /** Lowercased words as written. */
  words: string[];
  /** Nouns and proper nouns, lowercased, stop words left out. */
  nouns: string[];
  /** wink's sentiment of the whole text, -1 to 1 (English only). */
  sentiment: number;
  sentences: string[];
  /** ISO 639-1 code, or 'und' when the text has no detectable language. */
  language: string;
  /** The detector's guesses, most likely first. */
  detected: { lang: string; accuracy: number }[];
}

/**
 * Most feedback is short; tinyld often misreads a short English sentence
 * (as Hungarian, say). English stop words are a reliable tie-breaker.
 */
function detectLanguage(
  ranked: { lang: string; accuracy: number }[],
  stopWordShare: number,
): string {
  if (ranked.length === 0) return stopWordShare >= 0.1 ? 'en' : 'und';
  const top = ranked[0];
  const en = ranked.find((r) => r.lang === 'en');
  if (
    stopWordShare >= 0.2 &&
    (!top || top.lang === 'en' || !en || en.accuracy >= top.accuracy * 0.5)
  ) {
    return 'en';
  }
  return top?.lang ?? (stopWordShare >= 0.1 ? 'en' : 'und');
}

/** Tokens, stems, sentiment and language of one text (at most its first 6,000 characters). */
export function analyseText(input: string): TextAnalysis {
  const text = input.slice(0, 6000);
  const doc = nlp.readDoc(text);
  const stems: string[] = [];
  const words: string[] = [];
  const nouns: string[] = [];
  let stopWords = 0;
  doc.tokens().each((t: ItemToken) => {
    if (t.out(its.type) !== 'word') return;
    const word = t.out(its.normal);
    words.push(word);
    const stop = t.out(its.stopWordFlag);
    if (stop) stopWords++;
    const stem = t.out(stemOf);
    stems.push(t.out(its.negationFlag) ? `not_${stem}` : stem);
    const pos = t.out(its.pos);
    if ((pos === 'NOUN' || pos === 'PROPN') && !stop && word.length > 2)
      nouns.push(word);
  });
  // One detector run: the features and the final language choice share it.
  const detected = /\p{L}{2,}/u.test(text)
    ? detectAll(text, { only: LANGUAGES })
    : [];
  return {
    stems,
    words,
    nouns,
    sentiment: doc.out(its.sentiment) as number,
    sentences: doc.sentences().out(),
    language: detectLanguage(
      detected,
      words.length ? stopWords / words.length : 0,
    ),
    detected,
  };
}
