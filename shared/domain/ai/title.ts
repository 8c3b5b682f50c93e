/**
 * A title that summarises the problem or request in at most ~70
 * characters: the most telling sentence, without the author's preamble
 * ("I noticed that", "it would be great if you could"), shortened at a
 * clause boundary rather than cut mid-word.
 */

import { splitSentences, stripChatter } from './clean.ts';
import type { Intent } from './intent.ts';

export const TITLE_MAX = 70;

const PREAMBLE =
  /^(so|ok|okay|well|also|and|but|hmm|um)\b[, ]*|^(i (have )?(noticed|found|realised|realized|saw|see|think|feel|believe|guess)( that)?|it seems( like| that)?|it looks like|there is an issue where|there'?s a (bug|problem|issue) (where|with)|i('m| am) (having|getting) (a )?(problem|issue|trouble) (with )?|(it )?would be (great|nice|cool|awesome|helpful|useful) (if you could|if|to have|to)|could you( please)?|can you( please)?|please|i('d| would) (love|like)( to see| it if you could| it if| for you to| to have)?|i wish( you would| you could| there was| there were)?|any chance (you could|of)|j'ai remarqué que|il semble que|ce serait (bien|génial) (de|si)|pourriez-vous|ich habe bemerkt,? dass|es wäre (schön|toll),? wenn|könntet ihr|me he dado cuenta de que|sería (genial|bueno) (que|si)|podrían|percebi que|seria (ótimo|bom) (se|que)|poderiam|ho notato che|sarebbe (bello|utile) (se|che)|potreste|ik merkte dat|het zou (fijn|handig) zijn als|kunnen jullie)\b[, ]*/i;

const CLAUSE_BREAK =
  /\s*(?:[,;:(—–]|\s-\s|\b(?:because|since|which|so that|and then|although|when i|every time|each time|parce que|quand|weil|wenn|porque|cuando|perché|quando|omdat|wanneer)\b)\s*/i;

const TRAILING_SMALL_WORDS =
  /\s+(the|a|an|and|or|of|to|in|on|at|for|with|from|since|by|my|your|is|are|it|that|when|le|la|les|de|du|des|et|depuis|sur|dans|avec|pour|der|die|das|und|seit|mit|auf|für|von|el|los|y|o|desde|con|para|en|il|e|da|dal|di|con|per|het|een|sinds|op|met|voor|van|em|na|no|do|com)$/i;

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

function shorten(sentence: string, max: number): string {
  let s = sentence.replace(/[.!…]+$/u, '').trim();
  if (s.length <= max) return s;
  // Keep whole clauses while they fit: cut before the last clause break
  // that leaves at least 20 characters.
  const breaks = [...s.matchAll(new RegExp(CLAUSE_BREAK.source, 'gi'))]
    .map((m) => m.index)
    .filter((i) => i >= 20 && i <= max);
  if (breaks.length > 0)
    return s.slice(0, Math.max(...breaks)).replace(TRAILING_SMALL_WORDS, '');
  // One long clause: stop at the last whole word that fits.
  s = s.slice(0, max + 1);
  s = s.slice(0, Math.max(s.lastIndexOf(' '), 20)).trim();
  while (TRAILING_SMALL_WORDS.test(s)) s = s.replace(TRAILING_SMALL_WORDS, '');
  return s;
}

/** The sentence that says most about the problem or request. */
function pickSentence(sentences: readonly string[], intent: Intent): string {
  const score = (s: string) => {
    let n = 0;
    if (
      intent.broken &&
      /\b(not|n't|never|no|error|fail|broken|crash|wrong|ignor|missing|can'?t|cannot|won'?t|stuck|twice|doesn)\w*/i.test(
        s,
      )
    )
      n += 3;
    if (
      intent.request &&
      /\b(add|allow|let|option|support|would|could|should|wish|please|love to)\b/i.test(
        s,
      )
    )
      n += 2;
    if (/\?$/.test(s)) n += intent.infoQuestion ? 3 : 0;
    if (s.length < 12) n -= 2;
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
  const sentences = splitSentences(stripChatter(text)).filter(
    (s) =>
      !/^\d{1,2}[.)]\s/.test(s) &&
      !/^(steps?( to reproduce)?|expected|actual)\b/i.test(s),
  );
  if (sentences.length === 0) return 'Untitled feedback';
  let s = pickSentence(sentences, intent);
  for (let i = 0; i < 3; i++) s = s.replace(PREAMBLE, '');
  const title = shorten(s, max).replace(/[\s,;:–—-]+$/u, '');
  return title ? capitalise(title) : 'Untitled feedback';
}
