/**
 * How a text is said rather than what it is about, in the seven reply
 * languages: the trained sentiment and category models read these as
 * features, so tone learnt from English examples carries over to French,
 * German, Spanish, Portuguese, Italian and Dutch ones (wink-nlp's
 * negation and sentiment are English only).
 */

/** Accents folded, lowercase: "très" and "tres" are one word. */
export const foldWord = (word: string): string =>
  word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words that turn the next few words around (folded). */
const NEGATORS = new Set(
  'not no non never nothing nobody none ne pas jamais rien personne aucun aucune nicht kein keine keinen keinem keiner nie niemals nichts nunca nada nadie ningun ninguna nao nem nenhum nenhuma nulla nessun nessuno nessuna mai niet geen nooit niets niemand'.split(
    ' ',
  ),
);

/** How many words after a negator count as negated. */
const NEGATION_SPAN = 3;

/** Punctuation that ends the reach of a negator. */
const CLAUSE_END = /[.,;:!?]/;

/**
 * The text's words, folded, with those within three words after a negator
 * ("not", "ne … pas", "nicht", "no", "não", "non", "niet"…) marked `not_`,
 * up to the end of the clause. The negators themselves stay as they are.
 */
export function negatedWords(text: string): string[] {
  const out: string[] = [];
  let left = 0;
  for (const token of text.match(/[\p{L}\p{N}'’]+|[.,;:!?]/gu) ?? []) {
    if (CLAUSE_END.test(token)) {
      left = 0;
      continue;
    }
    const word = foldWord(token.replace(/^(?:[ldjnmcs]|qu)['’]/i, ''));
    if (NEGATORS.has(word) || /n['’]t$/.test(word)) {
      out.push(word);
      left = NEGATION_SPAN;
      continue;
    }
    out.push(left > 0 ? `not_${word}` : word);
    if (left > 0) left--;
  }
  return out;
}

/**
 * A crude stem for the languages wink-nlp does not stem: a final "s" and
 * final vowels dropped, then at most six letters ("lenta", "lento",
 * "lentes" → "lent"; "funktioniert", "funktionieren" → "funkti").
 * Words of three letters or fewer stay whole.
 */
export const truncStem = (word: string): string =>
  word.length <= 3
    ? word
    : word
        .replace(/s$/, '')
        .replace(/[aeiou]+$/, '')
        .slice(0, 6) || word;

/** Words that make a report heavier: very, always, again, every time… */
const INTENSE =
  /\b(very|really|so (slow|bad|annoying|frustrating|many)|extremely|totally|completely|absolutely|always|every (time|single)|constantly|keeps?|again|still|seriously|at all|for ages|takes ages|forever|impossible|sehr|total|immer|schon wieder|jedes mal|ständig|überhaupt|tres|vraiment|toujours|encore|a chaque fois|completement|du tout|muy|siempre|otra vez|cada vez|nunca|totalmente|muito|sempre|de novo|toda vez|nunca|molto|sempre|ogni volta|di nuovo|ancora|per niente|erg|heel|altijd|elke keer|weer|steeds|helemaal)\b/;

/** Words that make it lighter: slightly, a bit, sometimes, minor… */
const MILD =
  /\b(slightly|a bit|a little|a tad|minor|small|tiny|sometimes|occasionally|maybe|perhaps|just a|un peu|legerement|petit|parfois|peut-etre|etwas|ein bisschen|ein wenig|leicht|klein\w*|manchmal|vielleicht|un poco|ligeramente|pequen[oa]|a veces|quizas|tal vez|um pouco|ligeiramente|pequen[oa]|as vezes|talvez|un po|leggermente|piccol[oa]|a volte|forse|een beetje|iets|klein\w*|soms|misschien)\b/;

/** Courtesy: a calm request or report. */
const POLITE =
  /\b(please|thanks|thank you|kindly|s'il vous plait|svp|merci|bitte|danke|por favor|gracias|obrigad[oa]|per favore|grazie|alstublieft|graag|bedankt)\b/;

/** Feelings of the author: the text is about how they feel, not only what happened. */
const FEELING =
  /\b(i('m| am) (so |really |very )?(angry|upset|annoyed|frustrated|disappointed|fed up|tired)|makes me|drives me|i hate|i give up|never again|what a|how (can|is it possible)|je suis (tres |vraiment )?(decu|enerve|furieux)|j'en ai marre|ich bin (sehr |echt )?(enttauscht|sauer|genervt)|estoy (muy )?(harto|enfadado|molesto|decepcionado)|estou (muito )?(chateado|irritado|decepcionado|cansado)|sono (molto )?(deluso|arrabbiato|stufo)|ik ben (erg )?(teleurgesteld|boos)|ik baal)\b/;

/** The author speaks of themselves: what happened to me, my order, we… */
const FIRST_PERSON =
  /(^|[^\p{L}'])(i|i'm|i've|i'd|me|my|mine|we|our|us|je|j|moi|mon|ma|mes|nous|notre|nos|ich|mich|mir|mein\w*|wir|uns|unser\w*|yo|mi|mis|nosotros|nuestr[oa]s?|eu|meu|minha|meus|minhas|nos|nosso|nossa|io|mio|mia|miei|mie|noi|nostr[oa]|ik|mij|mijn|wij|ons|onze)(?![\p{L}])/u;

/**
 * Tone markers of a text (language independent names): `__intense`,
 * `__mild`, `__polite`, `__feeling`, `__first_person`, `__shout` (a word in capitals or "!!").
 */
export function toneCues(text: string): string[] {
  const folded = foldWord(text);
  const cues: string[] = [];
  if (INTENSE.test(folded)) cues.push('__intense');
  if (MILD.test(folded)) cues.push('__mild');
  if (POLITE.test(folded)) cues.push('__polite');
  if (FEELING.test(folded)) cues.push('__feeling');
  if (FIRST_PERSON.test(folded)) cues.push('__first_person');
  if (/!!|\?!|\b\p{Lu}{4,}\b/u.test(text)) cues.push('__shout');
  return cues;
}
