/**
 * Text that carries no feedback (DECISIONS.md "Daily XP cap (anti-farming)":
 * such feedback earns no XP): placeholder text, gibberish, keyboard
 * mashing, copy-pasted repeats, advertising and text unrelated to any
 * website. General signals, not lists of known spam: function words of
 * real languages, plausible letter sequences, repetition, and whether the
 * text talks about a site, a product or a service at all.
 */

import { hasFunctionWords } from './languages.ts';

export type SpamKind =
  | 'binary'
  | 'too-short'
  | 'placeholder'
  | 'repetition'
  | 'keyboard-mash'
  | 'gibberish'
  | 'advertising'
  | 'unrelated';

const KEYBOARD_RUNS =
  /(asdf|sdfg|dfgh|fghj|ghjk|hjkl|jklö|qwer|wert|erty|rtyu|tyui|yuio|uiop|zxcv|xcvb|cvbn|vbnm|azer|qwertz|yxcv)/;

/**
 * Whether a Latin-script word could be a word: it has a vowel, no run of
 * five consonants or four vowels, and no letter three times in a row.
 */
export function plausibleWord(word: string): boolean {
  if (!/^[a-zà-öø-ÿ]+$/.test(word)) return true;
  if (word.length <= 2) return true;
  if (!/[aeiouyàâäéèêëïîôöùûüáíóúãõ]/.test(word)) return false;
  if (/[bcdfghjklmnpqrstvwxz]{5,}/.test(word)) return false;
  if (/[aeiouy]{4,}/.test(word)) return false;
  if (/(.)\1\1/.test(word)) return false;
  return !KEYBOARD_RUNS.test(word);
}

const PLACEHOLDER =
  /\blorem ipsum\b|\bdolor sit amet\b|\bconsectetur adipiscing\b|\bsed do eiusmod\b|\b(test(ing)?|asdf|foo bar|blah)( \1){2,}\b/i;

const ADVERTISING =
  /\b(buy now|click here|free money|casino|viagra|crypto giveaway|earn \$?\d+|work from home|limited offer|visit my (site|website|channel)|subscribe to my|promo code for you|follow me on|dm me|whatsapp me|bitcoin doubler|cheap (pills|followers))\b/i;

/**
 * Words that show a text is about a website, an app, a product or a
 * service (stems, seven languages). Feedback without any, and without
 * addressing the company, is unrelated to the site.
 */
const ABOUT_A_SITE =
  /\b(site|website|web|page|pages|app|apps|application|button|link|menu|form|login|log in|sign|account|password|search|checkout|cart|basket|order|orders|payment|pay|price|prices|product|products|delivery|shipping|service|support|feature|option|setting|settings|screen|load|loading|error|bug|crash|click|tap|scroll|download|upload|email|notification|profile|dashboard|subscription|plan|customer|store|shop|item|items|version|update|design|layout|font|color|dark mode|mobile|phone|browser|chrome|firefox|safari|video|photo|image|images|newsletter|coupon|discount|refund|invoice|review|reviews|filter|results|seite|webseite|konto|bestellung|suche|anmeldung|preis|lieferung|knopf|schaltfläche|compte|commande|recherche|paiement|livraison|bouton|prix|página|cuenta|pedido|búsqueda|pago|envío|botón|precio|conta|pedido|pesquisa|busca|pagamento|entrega|botão|preço|pagina|ordine|ricerca|pagamento|consegna|pulsante|prezzo|bestelling|zoeken|betaling|bezorging|knop|prijs|winkel)\b/i;

const ADDRESSES_THE_COMPANY =
  /\b(you|your|yours|you're|vous|votre|vos|tu|ton|ta|ihr|ihre|euer|eure|sie|usted|ustedes|su|sus|vocês|você|seu|sua|voi|vostro|vostra|jullie|jij|je|uw|jouw)\b/i;

export interface SpamInput {
  /** The original text, before cleaning. */
  raw: string;
  /** The cleaned text. */
  text: string;
  /** Words of the text, lowercased. */
  words: readonly string[];
}

const CJK =
  /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u;

function oddShare(raw: string): number {
  if (raw.length === 0) return 0;
  const odd = raw.match(
    // eslint-disable-next-line no-control-regex -- counting control characters
    /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\uFFFD\uE000-\uF8FF]/g,
  );
  return (odd?.length ?? 0) / raw.length;
}

function repeated({ text, words }: SpamInput): boolean {
  if (/(.)\1{7,}/u.test(text.replace(/[\s.!?-]/g, '')) && words.length < 12)
    return true;
  if (words.length >= 4) {
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    if (Math.max(...counts.values()) / words.length > 0.5 && counts.size <= 3)
      return true;
  }
  // Copy-pasted: the same sentences over and over (at most half of them
  // distinct), or a block of six words repeated over most of the text.
  const sentences = text
    .toLowerCase()
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/[^\p{L}\p{N} ]/gu, '').trim())
    .filter((s) => s.length > 0);
  if (sentences.length >= 3 && new Set(sentences).size <= sentences.length / 2)
    return true;
  if (words.length >= 18) {
    const grams = new Map<string, number>();
    for (let i = 0; i + 6 <= words.length; i++) {
      const g = words.slice(i, i + 6).join(' ');
      grams.set(g, (grams.get(g) ?? 0) + 1);
    }
    // Repeats of one block covering most of the text.
    if (Math.max(...grams.values()) * 6 > words.length * 0.6) return true;
  }
  return false;
}

/**
 * Why a text earns no XP, or null when it is feedback. Short genuine
 * feedback ("Love it!", "Search is slow", "Checkout broken") is not spam.
 */
export function spamKind(input: SpamInput): SpamKind | null {
  const { raw, text, words } = input;
  if (oddShare(raw) > 0.1) return 'binary';
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3) return 'too-short';
  if (words.length < 2 && !CJK.test(text)) return 'too-short';
  if (PLACEHOLDER.test(text)) return 'placeholder';
  if (repeated(input)) return 'repetition';
  const latin = words.filter((w) => /^[a-zà-öø-ÿ]+$/.test(w));
  const mashed = latin.filter((w) => KEYBOARD_RUNS.test(w));
  if (latin.length > 0 && mashed.length / latin.length >= 0.5)
    return 'keyboard-mash';
  if (latin.length >= 2 && latin.length >= words.length * 0.8) {
    const implausible =
      latin.filter((w) => !plausibleWord(w)).length / latin.length;
    if (implausible >= 0.5) return 'gibberish';
    if (!hasFunctionWords(latin) && latin.length >= 3 && implausible >= 0.25)
      return 'gibberish';
    if (
      !hasFunctionWords(latin) &&
      latin.length >= 5 &&
      !ABOUT_A_SITE.test(text)
    )
      return 'gibberish';
  }
  const links = text.match(/https?:\/\/\S+/gi)?.length ?? 0;
  if (ADVERTISING.test(text) || (links >= 2 && words.length < links * 8))
    return 'advertising';
  if (
    words.length >= 25 &&
    !ABOUT_A_SITE.test(text) &&
    !ADDRESSES_THE_COMPANY.test(text)
  )
    return 'unrelated';
  return null;
}
