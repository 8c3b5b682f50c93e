/**
 * Peega's own rules of the offline AI feedback processor (DECISIONS.md "AI
 * processing", "Daily XP cap (anti-farming)"): cleaning the text, priority
 * cues, steps to reproduce, spam and empty-of-meaning text, prompt
 * injection, the quality estimate, title, tags and the suggested texts.
 * Pure: the language model (tokens, sentiment, language) is computed
 * elsewhere and passed in.
 */

import type { FeedbackCategory } from './categories.ts';
import type { FeedbackPriority, FeedbackSentiment } from './validation/ai.ts';

/* eslint-disable no-control-regex -- control characters are what these rules remove */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/g;
/* eslint-enable no-control-regex */

/**
 * The text as shown: control and replacement characters removed, Unicode
 * composed (NFC), runs of spaces and tabs collapsed, at most two line
 * breaks in a row, trimmed.
 */
export function cleanFeedbackText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, ' ')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Share of characters of the original text that are control, replacement
 * or private-use characters (0 to 1): high for binary data pasted as text.
 */
export function binaryShare(text: string): number {
  if (text.length === 0) return 0;
  const odd = text.match(
    // eslint-disable-next-line no-control-regex -- counting control characters
    /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\uFFFD\uE000-\uF8FF]/g,
  );
  return (odd?.length ?? 0) / text.length;
}

/** Cues that a feedback blocks users, loses data or money, or exposes data. */
const HIGH_CUES: readonly RegExp[] = [
  /\bcrash(es|ed|ing)?\b/i,
  /\b(lost|lose|losing|deleted|erased|wiped|gone)\b.{0,40}\b(data|work|files?|notes?|projects?|documents?|photos?|everything|orders?|draft)\b/i,
  /\b(data|work|files?|notes?|projects?|documents?|photos?)\b.{0,40}\b(lost|deleted|erased|disappeared|gone|vanished)\b/i,
  /\b(can'?t|cannot|can not|unable to|impossible to|won'?t let me)\b.{0,25}\b(log ?in|sign ?in|login|access|pay|buy|check ?out|order|purchase|open|use)\b/i,
  /\blocked out\b/i,
  /\b(charged|billed|taken)\b.{0,30}\b(twice|anyway|again|although|even though|double)\b/i,
  /\bdouble (charge|charged|billing)\b/i,
  /\b(security|privacy|breach|vulnerab\w*|hacked|leak\w*)\b/i,
  /\b(someone|somebody) else'?s\b|\bother (customers|users|people)'?s?\b.{0,30}\b(data|address\w*|info\w*|account|orders?|invoices?)\b|\bstrangers'?\b/i,
  /\b(is|are|went|goes) (completely |totally )?down\b|\boutage\b/i,
  /\berror (5\d\d)\b|\b5\d\d error\b|\binternal server error\b/i,
  /\b(urgent|asap|critical|emergency)\b/i,
  /\b(won'?t|doesn'?t|does not|will not) (start|launch|open at all)\b|\bcloses immediately\b/i,
  /\bredirect loop\b/i,
  /\b(broken|stuck|fails?)\b.{0,30}\b(checkout|payment|pay|login|sign ?in)\b|\b(checkout|payment|login)\b.{0,20}\b(is )?(broken|fails?|failing)\b/i,
  // French, German, Spanish, Italian, Portuguese, Dutch.
  /\bplante\b|\bimpossible de\b|\bn'arrive (plus|pas) à\b/i,
  /\bstürzt\b.{0,20}\bab\b|\bkann mich nicht\b/i,
  /\bno puedo\b|\bse cierra\b/i,
  /\bsi blocca\b|\bnon riesco\b/i,
  /\bfecha sozinho\b|\bnão consigo\b/i,
  /\bkan niet\b.{0,20}\binloggen\b|\bloopt vast\b/i,
];

/** Cues of cosmetic, minor or nice-to-have feedback. */
const LOW_CUES: readonly RegExp[] = [
  /\b(typo|misspell\w*|spelling|grammar)\b/i,
  /\b(minor|cosmetic|tiny|small thing|nitpick|slightly)\b/i,
  /\b(nice to have|would be (nice|cool|fun)|someday)\b/i,
  /\bmisaligned\b|\boff cent(er|re)\b|\boverlaps?\b/i,
];

/**
 * Priority named by the text's own cues: 'high' when it reports a crash,
 * lost data or money, a blocked sign-in or payment, a security or privacy
 * problem, an outage or urgency (English and the main European languages);
 * 'low' for typos, cosmetic and nice-to-have remarks; null when neither.
 * High wins over low.
 */
export function priorityCue(text: string): FeedbackPriority | null {
  if (HIGH_CUES.some((re) => re.test(text))) return 'high';
  if (LOW_CUES.some((re) => re.test(text))) return 'low';
  return null;
}

/**
 * True when the text describes how to reproduce a problem: a "steps"
 * heading, a numbered list of at least two steps, or expected versus
 * actual behaviour.
 */
export function hasReproductionSteps(text: string): boolean {
  return (
    /\bsteps?( to reproduce)?\s*:/i.test(text) ||
    /(^|\s)1[.)]\s.+(^|\s)2[.)]\s/ms.test(text) ||
    /\bexpected\b.{0,200}\b(actual(ly)?|instead|but)\b/is.test(text)
  );
}

/** Phrases that address an AI model rather than describe a website. */
const INJECTION =
  /\b(ignore|disregard|forget)\b.{0,30}\b(previous|prior|above|all|earlier|your)\b.{0,30}\b(instructions?|prompts?|rules|messages?)\b|\b(system prompt|you are now|act as|jailbreak|developer mode)\b|\b(respond|answer|reply|output)\b.{0,20}\b(only )?with\b.{0,40}\b(json|quality_score|priority|"?high"?)\b/i;

/**
 * True when the text tries to instruct the AI ("ignore previous
 * instructions…", "you are now…", "answer with priority high"). Such text
 * is processed by the offline rules only and never sent to an LLM.
 */
export function looksLikePromptInjection(text: string): boolean {
  return INJECTION.test(text);
}

const SPAM_PHRASES =
  /\b(buy now|click here|free money|casino|viagra|crypto giveaway|earn \$?\d+|work from home|limited offer|visit my (site|website|channel)|subscribe to my|promo code for you)\b/i;

/** What the spam rules need to know about a text. */
export interface MeaningInput {
  /** The original text. */
  raw: string;
  /** The cleaned text. */
  text: string;
  /** Words of the text, lowercased. */
  words: readonly string[];
}

/** Why a text was flagged, or null when it carries meaning. */
export type SpamReason =
  | 'binary'
  | 'too-short'
  | 'repetition'
  | 'keyboard-mash'
  | 'advertising'
  | null;

/**
 * Spam or empty of meaning (anti-farming: such feedback earns no XP):
 * mostly binary characters; fewer than three letters or fewer than two
 * words; one word or character repeated over most of the text; keyboard
 * mashing (rows like "asdf", long vowel-less words in Latin script); or
 * advertising phrases and links with little else. Short genuine feedback
 * ("Love it!", "Search is slow") is not spam.
 */
export function spamReason({ raw, text, words }: MeaningInput): SpamReason {
  if (binaryShare(raw) > 0.1) return 'binary';
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3) return 'too-short';
  if (
    words.length < 2 &&
    !/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(
      text,
    )
  )
    return 'too-short';
  if (/(.)\1{7,}/u.test(text.replace(/[\s.!?-]/g, '')) && letters < 60)
    return 'repetition';
  if (words.length >= 4) {
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    const top = Math.max(...counts.values());
    if (top / words.length > 0.5 && counts.size <= 3) return 'repetition';
  }
  const latin = words.filter((w) => /^[a-z]+$/.test(w));
  const mashed = latin.filter(
    (w) =>
      /(asdf|sdfg|dfgh|fghj|ghjk|hjkl|qwer|wert|erty|rtyu|tyui|yuio|zxcv|xcvb|cvbn|vbnm)/.test(
        w,
      ) ||
      (w.length >= 6 && !/[aeiouy]/.test(w)),
  );
  if (latin.length > 0 && mashed.length / latin.length >= 0.5)
    return 'keyboard-mash';
  const links = text.match(/https?:\/\/\S+/gi)?.length ?? 0;
  if (SPAM_PHRASES.test(text) || (links >= 2 && words.length < links * 8))
    return 'advertising';
  return null;
}

/** What the quality estimate looks at. */
export interface QualityInput {
  words: number;
  isSpam: boolean;
  hasSteps: boolean;
  /** Numbers, versions, error codes, quoted UI texts, browsers or devices. */
  hasSpecifics: boolean;
  category: FeedbackCategory;
}

/**
 * Initial quality estimate, 1 (very low) to 5 (excellent), before any
 * company rates it: spam is 1; under 4 words 1, under 8 words 2, else 3;
 * +1 with steps to reproduce or expected/actual behaviour; +1 with concrete
 * details (versions, numbers, quoted texts, devices) in at least 12 words;
 * +1 for 40 words or more of actionable (non-"other") feedback; at most 5.
 */
export function estimateQuality(q: QualityInput): number {
  if (q.isSpam) return 1;
  let score = q.words < 4 ? 1 : q.words < 8 ? 2 : 3;
  if (q.hasSteps) score++;
  if (q.hasSpecifics && q.words >= 12) score++;
  if (q.words >= 40 && q.category !== 'other') score++;
  return Math.max(1, Math.min(5, score));
}

/**
 * True when the text names concrete details: digits, quoted texts, error
 * codes, browsers, operating systems or devices.
 */
export function hasSpecifics(text: string): boolean {
  return /\d|["“”«»]|\b(chrome|firefox|safari|edge|android|ios|iphone|ipad|windows|mac ?os|linux|pixel|samsung)\b/i.test(
    text,
  );
}

const GREETING =
  /^(hi|hello|hey|dear [^,.!]{1,30}|hallo|bonjour|salut|hola|ciao|olá)\b[,!.\s]*/i;

/**
 * A short title from the text: its first sentence without a greeting,
 * at most `max` characters (cut at a word, with '…'), first letter
 * capitalised; 'Untitled feedback' when nothing is left.
 */
export function makeTitle(text: string, max = 80): string {
  const body = text.replace(GREETING, '').trim();
  const first =
    body
      .split(/(?<=[.!?])\s+|\n+/)
      .map((s) => s.trim())
      .find((s) => /\p{L}/u.test(s)) ?? '';
  let title = first.replace(/[.!,;:\s]+$/u, '');
  if (title.length > max) {
    const cut = title.slice(0, max - 1);
    const space = cut.lastIndexOf(' ');
    title = `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/u, '')}…`;
  }
  if (!title) return 'Untitled feedback';
  return title.charAt(0).toLocaleUpperCase() + title.slice(1);
}

/** Topic tags and the words that point to them (lowercased words or stems). */
const TOPICS: readonly [tag: string, pattern: RegExp][] = [
  [
    'payments',
    /\b(pay|paid|payment|payments|checkout|card|charge[ds]?|invoice|billing|paypal|refund|price|prices|fee|fees|discount|coupon|subscription|paiement|zahlung|pago|pagar|pagamento|betalen)\b/i,
  ],
  [
    'account',
    /\b(log ?in|sign ?in|sign ?up|login|logout|password|account|profile|2fa|two-factor|passkey|session|connexion|konto|cuenta|conta|inloggen|anmelden)\b/i,
  ],
  [
    'performance',
    /\b(slow|slowly|speed|fast|faster|lag|laggy|sluggish|loads?|loading|freezes?|battery|lent|langsam|lenta|lento|traag)\b/i,
  ],
  [
    'mobile',
    /\b(mobile|phone|iphone|android|ipad|tablet|app|móvil|celular|telefoon|handy)\b/i,
  ],
  [
    'search',
    /\b(search|filter|filters|sort|sorting|results|recherche|suche|buscador|busca|ricerca|zoek\w*)\b/i,
  ],
  [
    'design',
    /\b(design|layout|font|color|colour|colors|colours|contrast|button|buttons|icon|icons|spacing|theme|dark mode|ui|menu)\b/i,
  ],
  [
    'accessibility',
    /\b(accessibility|screen reader|colorblind|colourblind|keyboard navigation|focus|contrast|a11y)\b/i,
  ],
  [
    'notifications',
    /\b(notification|notifications|email|emails|newsletter|reminder|alert|alerts)\b/i,
  ],
  [
    'delivery',
    /\b(delivery|deliver|shipping|ship|courier|package|parcel|livraison|lieferung|envío|entrega)\b/i,
  ],
  ['security', /\b(security|privacy|breach|hacked|leak|vulnerability)\b/i],
  [
    'stability',
    /\b(crash|crashes|crashed|freeze|freezes|frozen|hangs?|plante|abstürz\w*|stürzt)\b/i,
  ],
  [
    'localization',
    /\b(translation|translations|translated|language|languages|locale)\b/i,
  ],
  ['support', /\b(support|customer service|help ?desk|chat ?bot|staff)\b/i],
  ['data', /\b(export|import|csv|excel|pdf|download|backup|sync)\b/i],
];

/**
 * Up to `max` lowercase tags: the topics the text mentions (payments,
 * account, performance, mobile, search, design, accessibility,
 * notifications, delivery, security, stability, localization, support,
 * data), then its most frequent nouns; no duplicates, each at most 40
 * characters.
 */
export function makeTags(
  text: string,
  nouns: readonly string[],
  max = 6,
): string[] {
  const tags: string[] = [];
  for (const [tag, pattern] of TOPICS) {
    if (tags.length >= max) break;
    if (pattern.test(text)) tags.push(tag);
  }
  const counts = new Map<string, number>();
  for (const n of nouns) {
    if (!/^\p{L}[\p{L}-]{2,39}$/u.test(n)) continue;
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  for (const [noun] of ranked) {
    if (tags.length >= max) break;
    if (!tags.includes(noun)) tags.push(noun);
  }
  return tags;
}

/** Inputs of the suggested reply and fix. */
export interface SuggestionInput {
  category: FeedbackCategory;
  sentiment: FeedbackSentiment;
  priority: FeedbackPriority;
  isSpam: boolean;
  hasSteps: boolean;
  tags: readonly string[];
  companyName: string | null;
}

const area = (tags: readonly string[]) =>
  tags[0] ? ` in the ${tags[0]} area` : '';

/**
 * A reply the company can send the author: thanks, what happens next,
 * matched to the category, sentiment and priority; signed with the
 * company's name when known.
 */
export function suggestResponse(s: SuggestionInput): string {
  const team = s.companyName ? `The ${s.companyName} team` : 'Our team';
  if (s.isSpam)
    return 'Thank you for reaching out. We could not understand this message; could you describe what happened or what you would like to see?';
  switch (s.category) {
    case 'bug':
      return s.priority === 'high'
        ? `Thank you for reporting this, and sorry for the trouble. ${team} is treating it as urgent and will update you as soon as it is fixed.`
        : `Thank you for reporting this problem. ${team} will reproduce it and let you know when a fix is released.`;
    case 'feature':
      return `Thank you for the suggestion! ${team} has added it to the ideas we review when planning new features.`;
    case 'improvement':
      return `Thank you for helping us improve. ${team} will look at how to make this easier and keep you posted.`;
    default:
      return s.sentiment === 'positive'
        ? `Thank you for your kind words! ${team} is glad you enjoy it.`
        : s.sentiment === 'negative'
          ? `We are sorry about your experience. ${team} will look into it and get back to you.`
          : `Thank you for your message. ${team} will get back to you shortly.`;
  }
}

/**
 * A first step for the company, or null when there is nothing to fix
 * (spam, praise and plain questions).
 */
export function suggestFix(s: SuggestionInput): string | null {
  if (s.isSpam) return null;
  switch (s.category) {
    case 'bug':
      return s.hasSteps
        ? `Follow the steps given to reproduce the problem${area(s.tags)}, add a regression test, then fix and verify it.`
        : `Reproduce the problem${area(s.tags)} (ask the author for device, browser and steps if needed), add a regression test, then fix it.`;
    case 'feature':
      return `Gauge demand for this request${area(s.tags)} (votes, similar feedback), then scope it for the roadmap.`;
    case 'improvement':
      return `Review the current experience${area(s.tags)} with a few users and simplify the flow or wording described.`;
    default:
      return s.sentiment === 'negative'
        ? `Check this case${area(s.tags)} with the support team and follow up with the author.`
        : null;
  }
}
