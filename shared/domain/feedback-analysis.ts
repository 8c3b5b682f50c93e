/**
 * Peega's own rules of the offline AI feedback processor (DECISIONS.md "AI
 * processing", "Daily XP cap (anti-farming)"): cleaning the text, priority
 * cues, steps to reproduce, prompt injection, the quality estimate and the
 * extension's draft title. The processor's other rules live in ./ai/.
 * Pure: the language model (tokens, sentiment, language) is computed
 * elsewhere and passed in.
 */

import type { FeedbackCategory } from './categories.ts';
import type { FeedbackPriority } from './validation/ai.ts';

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
