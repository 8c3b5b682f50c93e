/**
 * A title that summarises the problem or request in at most ~70
 * characters: the most telling sentence, without the author's preamble
 * ("I noticed that", "it would be great if you could"), shortened at a
 * clause boundary rather than cut mid-word.
 */

import { isPleasantry, splitSentences, stripChatter } from './clean.ts';
import { readIntent, type Intent } from './intent.ts';

export const TITLE_MAX = 70;

const PREAMBLE =
  /^(so|ok|okay|well|also|and|but|hmm|um)\b[, ]*|^(i (have )?(noticed|found|realised|realized|saw|see|think|feel|believe|guess)( that)?|it seems( like| that)?|it looks like|there is an issue where|there'?s a (bug|problem|issue) (where|with)|i('m| am) (having|getting) (a )?(problem|issue|trouble) (with )?|(it )?would be (great|nice|cool|awesome|helpful|useful) (if you could|if|to have|to)|could you( please)?|can you( please)?|would you( please)?|please|i('d| would) (love|like)( to see| it if you could| it if| for you to| to have)?|i wish( you would| you could| there was| there were)?|any chance (you could|of)|j'ai remarqué que|il semble que|ce serait (bien|génial) (de|si)|pourriez-vous|pourrais-tu|ich habe bemerkt,? dass|es wäre (schön|toll),? wenn|könntet ihr|könnten sie|me he dado cuenta de que|sería (genial|bueno) (que|si)|podrían|podríais|podrías|podéis|pueden|percebi que|seria (ótimo|bom) (se|que)|vocês poderiam|vocês podem|poderiam|podem|ho notato che|sarebbe (bello|utile) (se|che)|potreste|potete|ik merkte dat|het zou (fijn|handig) zijn als|kunnen jullie)\b[, ]*/i;

const CLAUSE_BREAK =
  /\s*(?:[,;:(—–]|\s-\s|\b(?:because|since|which|so that|and then|although|when i|every time|each time|parce que|quand|weil|wenn|porque|cuando|perché|quando|omdat|wanneer)\b)\s*/i;

const CONTRAST = /^(but|aber|mais|pero|mas|ma|maar|however|doch)\b/i;

const TRAILING_SMALL_WORDS =
  /\s+(the|a|an|and|or|of|to|in|on|at|for|with|from|since|by|my|your|is|are|it|that|when|le|la|les|de|du|des|et|depuis|sur|dans|avec|pour|der|die|das|und|seit|mit|auf|für|von|el|los|y|o|desde|con|para|en|il|e|da|dal|di|con|per|het|een|sinds|op|met|voor|van|em|na|no|do|com)$/i;

/** "…, please fix" at the end says nothing the title needs. */
const PLEASE_FIX =
  /[\s,;:–—-]*(?:please (?:fix|look into|check|have a look|take a look)(?: at)?(?: this| it)?(?: asap)?|(?:could|can|would) you (?:please )?(?:have|take) a look(?: at)?(?: this| it)?\??|pourriez-vous (?:y )?(?:regarder|jeter un (?:œil|oeil))\s?\??|(?:könntet|könnt) ihr (?:euch das )?(?:mal )?(?:nachsehen|nachschauen|anschauen)\??|¿?pod[ée]is echarle un vistazo\??|podem (?:ver|verificar) isso\??|potete dare un'occhiata\??|schaut (?:bitte )?mal|merci de regarder|echad(?:le)? un vistazo,?(?: por favor)?|deem uma olhada,?(?: por favor)?|date un'occhiata,?(?: per favore)?|(?:willen|kunnen) jullie (?:even )?kijken\??|bitte (?:beheben|reparieren|fixen|korrigieren)|merci de (?:corriger|réparer)(?: ça)?|por favor,? (?:arréglenlo|arreglad(?:lo)?|arreglen(?:lo)?|corríjanlo|corrijan(?:lo)?|corrijam|consertem)|per favore,? (?:sistemate|correggete|risolvete)|graag (?:oplossen|repareren)|gelieve (?:dit )?op te lossen)[.!]*$/iu;

/** Smileys and emoji: a title is words. */
const EMOTICONS =
  /(?:^|\s)[:;=8][-']?[()DPp/\\|]+(?=\s|$)|(?:^|\s)\^\^(?=\s|$)|\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D/gu;

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** A clause that only asks for "an option" says nothing until what follows it. */
const EMPTY_FRAME =
  /\b(option|optie|opción|opção|opzione|möglichkeit|funktion|possibilité)( hinzu| toe)?$/iu;

function shorten(sentence: string, max: number): string {
  let s = sentence.replace(/[.!…]+$/u, '').trim();
  if (s.length <= max) return s;
  // Keep whole clauses while they fit: cut before the last clause break
  // that leaves at least 20 characters.
  const breaks = [...s.matchAll(new RegExp(CLAUSE_BREAK.source, 'gi'))]
    // "I booked a table, but never got the e-mail": the point is after "but".
    .filter((m) => !CONTRAST.test(s.slice(m.index + m[0].length)))
    .map((m) => m.index)
    .filter((i) => i >= 20 && i <= max && !EMPTY_FRAME.test(s.slice(0, i)));
  if (breaks.length > 0)
    return s.slice(0, Math.max(...breaks)).replace(TRAILING_SMALL_WORDS, '');
  // One long clause: stop at the last whole word that fits.
  s = s.slice(0, max + 1);
  s = s.slice(0, Math.max(s.lastIndexOf(' '), 20)).trim();
  while (TRAILING_SMALL_WORDS.test(s)) s = s.replace(TRAILING_SMALL_WORDS, '');
  return s;
}

/**
 * The sentence that says most about the problem or request, read with the
 * same seven-language cues as the whole text: a sentence that reports the
 * problem or asks for the thing wins; pleasantries and praise lose unless
 * the feedback is only praise ("Me encanta la tienda. ¿Podríais añadir una
 * lista de deseos?" is titled by the request).
 */
function pickSentence(sentences: readonly string[], intent: Intent): string {
  const score = (s: string) => {
    const own = readIntent(s);
    let n = 0;
    if (intent.broken && own.broken) n += 4;
    else if (
      intent.broken &&
      /\b(not|n't|never|no|error|fail|broken|crash|wrong|ignor|missing|can'?t|cannot|won'?t|stuck|twice|doesn)\w*/i.test(
        s,
      )
    )
      n += 3;
    if (intent.request && own.request) n += 3;
    if (intent.improve && own.improve) n += 2;
    if (/\?$/.test(s)) n += intent.infoQuestion ? 3 : 0;
    if (!intent.purePraise && own.purePraise) n -= 4;
    if (s.length < 16) n -= 2;
    return n;
  };
  let best = sentences[0] ?? '';
  for (const s of sentences) if (score(s) > score(best)) best = s;
  return best;
}

/**
 * The title of a feedback; 'Untitled feedback' when the text has no words.
 */
export function summariseTitle(
  text: string,
  intent: Intent,
  max = TITLE_MAX,
): string {
  const all = splitSentences(stripChatter(text))
    .map((s) => s.replace(EMOTICONS, ' ').replace(/\s+/g, ' ').trim())
    .filter(
      (s) =>
        /\p{L}/u.test(s) &&
        !/^\d{1,2}[.)]\s/.test(s) &&
        !/^(steps?( to reproduce)?|expected|actual)\b/i.test(s),
    );
  // Greetings, "hope you are well" and thanks never title a feedback that
  // says anything else.
  const said = all.filter(
    (s) => !isPleasantry(s) && /\p{L}/u.test(s.replace(PLEASE_FIX, '')),
  );
  const sentences = said.length > 0 ? said : all;
  if (sentences.length === 0) return 'Untitled feedback';
  const picked = pickSentence(sentences, intent).replace(/^[¿¡]+/u, '');
  let s = picked;
  for (let i = 0; i < 3; i++) s = s.replace(PREAMBLE, '');
  // "Could you add X?" titles "Add X": the question went with its opening.
  if (s !== picked) s = s.replace(/\?+$/u, '');
  const title = shorten(s.replace(PLEASE_FIX, ''), max).replace(
    /[\s,;:–—-]+$/u,
    '',
  );
  return title ? capitalise(title) : 'Untitled feedback';
}
