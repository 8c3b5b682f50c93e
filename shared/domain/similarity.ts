/**
 * How likely two feedback describe the same thing (0 to 1): used to group
 * the topics of the company workspace and for "others reported this".
 * Pure and offline. Two signals, both general:
 * - what it is about: the content words of both texts, accents folded,
 *   lightly stemmed and mapped to shared concepts ("log in" = "sign in",
 *   "basket" = "cart", "photo" = "image"), weighted so that generic
 *   feedback words ("page", "button", "please") count little; plus
 *   character trigrams of those words, which bridge inflections;
 * - what the author does: reporting something broken, asking for
 *   something, asking a question or praising. "Checkout crashes with
 *   PayPal" and "please add PayPal" share a subject but are not the same
 *   feedback.
 * `SIMILAR_THRESHOLD` is the cut-off measured on the labelled pairs in
 * tests/fixtures/ai/similar-pairs.tsv (precision ≥ 90 % at recall ≥ 70 %).
 */

import { functionWordVotes, REPLY_LANGUAGES } from './ai/languages.ts';
import { readIntent } from './ai/intent.ts';

/** Scores at or above this mean "the same thing". */
export const SIMILAR_THRESHOLD = 0.39;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Phrases first, so "log in" never counts as "log" + "in". */
const PHRASES: readonly [RegExp, string][] = [
  [
    /\b(log ?in|logon|sign ?in|signin|logged in|signing in|inloggen|anmelden|connexion|iniciar sesion)\b/g,
    ' login ',
  ],
  [
    /\b(log ?out|logged out|sign ?out|abmelden|deconnexion|uitloggen)\b/g,
    ' logout ',
  ],
  [
    /\b(sign ?up|registration|register|registrierung|inscription|registro|cadastro|registrazione|registratie)\b/g,
    ' signup ',
  ],
  [
    /\b(dark (mode|theme)|night mode|mode sombre|dunkelmodus|modo oscuro|modo escuro|donkere modus)\b/g,
    ' darkmode ',
  ],
  [
    /\b(two times|2 times|double|twice|deux fois|zweimal|dos veces|duas vezes|due volte|twee keer)\b/g,
    ' twice ',
  ],
  [
    /\b(white (page|screen)|blank (page|screen)|page blanche|weisse seite|pagina en blanco)\b/g,
    ' blank ',
  ],
  [/\b(wish ?list|wunschliste|liste de souhaits)\b/g, ' wishlist '],
  [/\b(text size|font size|taille du texte|schriftgrosse)\b/g, ' font '],
  [/\b(e-?mails?|mails?|courriel)\b/g, ' email '],
  [/\b(2fa|two-factor|two factor|verification codes?)\b/g, ' twofactor '],
  // What goes wrong: the same subject with another symptom is another feedback.
  [
    /\b(do(es)?n'?t|not|never|won'?t) (load|loading|show|display|displayed|appear)\w*|nothing loads|broken images?|fails? to load|not displayed/g,
    ' ~noshow ',
  ],
  [
    /\b(lost|disappear\w*|vanish\w*|empt(y|ies)|gone|erased|deleted)\b/g,
    ' ~lost ',
  ],
  [
    /\b(wrong|incorrect|do(es)?n'?t (update|change)|stays the same|not updated?)\b/g,
    ' ~wrong ',
  ],
  [/\b(hidden|hard to find|can'?t find|ages to find|where is)\b/g, ' ~hidden '],
  [/\b(rejected|invalid|refused|declined|never works)\b/g, ' ~rejected '],
  [/\b(too (many|much|frequent|often)|every day|way too)\b/g, ' ~toomuch '],
  [/\b(resets?|jumps? back|goes back)\b/g, ' ~reset '],
  [/\b(too small|tiny|bigger|larger)\b/g, ' ~small '],
  [/\b(closes?|closing)\b/g, ' ~closes '],
  [
    /\b(slow\w*|lag\w*|forever|takes ages|lent[aoe]?|langsam|traag|lentisima)\b/g,
    ' ~slow ',
  ],
  [
    /\b(crash\w*|freez\w*|frozen|blocca|plante|sturzt|se cierra)\b/g,
    ' ~crash ',
  ],
  [/\b(do(es)?n'?t understand|useless)\b/g, ' ~useless '],
];

/** Words that mean the same thing for grouping feedback, per concept. */
const CONCEPTS: Record<string, readonly string[]> = {
  pay: [
    'pay',
    'paying',
    'paid',
    'payment',
    'payments',
    'paiement',
    'payer',
    'zahlung',
    'bezahlen',
    'pago',
    'pagar',
    'pagamento',
    'pagare',
    'betalen',
    'betaling',
  ],
  charge: ['charge', 'charged', 'charges', 'billed', 'debited', 'debite'],
  card: [
    'card',
    'cards',
    'carte',
    'karte',
    'tarjeta',
    'cartao',
    'carta',
    'kaart',
  ],
  cart: [
    'cart',
    'basket',
    'panier',
    'warenkorb',
    'carrito',
    'carrinho',
    'carrello',
    'winkelwagen',
  ],
  discount: [
    'coupon',
    'coupons',
    'discount',
    'promo',
    'voucher',
    'code',
    'gutschein',
    'cupon',
    'cupom',
    'sconto',
    'kortingscode',
  ],
  price: [
    'price',
    'prices',
    'total',
    'cost',
    'costs',
    'amount',
    'prix',
    'preis',
    'precio',
    'preco',
    'prezzo',
    'prijs',
  ],
  slow: ['sluggish', 'lento', 'lentissimo'],
  crash: ['absturz', 'trava', 'crasht'],
  freeze: ['freeze', 'freezes', 'frozen', 'stuck', 'hangs'],
  image: [
    'image',
    'images',
    'photo',
    'photos',
    'picture',
    'pictures',
    'pic',
    'avatar',
    'foto',
    'fotos',
    'bild',
    'bilder',
    'imagen',
    'imagem',
  ],
  search: [
    'search',
    'searching',
    'searches',
    'recherche',
    'suche',
    'busqueda',
    'buscar',
    'pesquisa',
    'busca',
    'ricerca',
    'zoeken',
  ],
  mobile: [
    'mobile',
    'phone',
    'smartphone',
    'movil',
    'telefone',
    'telefoon',
    'handy',
    'cellulare',
  ],
  notification: ['notification', 'notifications', 'push', 'notify', 'alerts'],
  delivery: [
    'delivery',
    'shipping',
    'ship',
    'shipped',
    'parcel',
    'package',
    'tracking',
    'livraison',
    'lieferung',
    'versand',
    'envio',
    'entrega',
    'spedizione',
    'consegna',
    'bezorging',
  ],
  language: [
    'language',
    'languages',
    'translation',
    'translated',
    'german',
    'french',
    'spanish',
    'langue',
    'sprache',
    'idioma',
    'lingua',
    'taal',
  ],
  review: ['review', 'reviews', 'rating', 'ratings'],
  newest: ['newest', 'recent', 'latest', 'new'],
  sort: ['sort', 'sorted', 'sorting', 'order by'],
  upload: ['upload', 'uploading', 'uploads', 'carico', 'caricare', 'hochladen'],
  sound: ['audio', 'sound', 'volume'],
  buy: ['buy', 'purchase', 'comprar', 'kaufen', 'acheter', 'comprare', 'kopen'],
  site: ['site', 'website', 'webseite', 'sito', 'sitio'],
  address: [
    'address',
    'addresses',
    'adresse',
    'direccion',
    'endereco',
    'indirizzo',
    'adres',
  ],
  contrast: ['contrast', 'grey', 'gray', 'faint'],
  font: ['font', 'tiny', 'small'],
  down: ['down', 'outage', '502', '503', 'unavailable'],
  location: ['location', 'gps', 'position'],
  invoice: [
    'invoice',
    'invoices',
    'receipt',
    'facture',
    'rechnung',
    'factura',
    'fatura',
    'fattura',
    'factuur',
  ],
  video: ['video', 'videos', 'player'],
  comment: ['comment', 'comments'],
  chatbot: ['bot', 'chatbot'],
};

const CONCEPT_OF = new Map<string, string>();
for (const [c, words] of Object.entries(CONCEPTS))
  for (const w of words) CONCEPT_OF.set(w, c);

/** Words that carry little: function words and generic feedback vocabulary. */
const STOP = new Set<string>([
  ...'a an and or but is are was were be been it its this that these those i me my you your we our they to of in on at for with from not no do does did can cant when what why how there here have has had will would should could please very too just so also still even now again always every each time all any some only really get got getting make makes use using see seen show shows showing go goes one thing things way lot much more most like want need let add would love nice great instead than then after before while because into out up about over'.split(
    ' ',
  ),
  ...'page pages button buttons app website click clicking clicked tap work works working doesnt dont isnt wont fails failed failing broken error issue problem bug nothing happens does says said option settings'.split(
    ' ',
  ),
]);

/** Function words of the seven reply languages count as stop words. */
const FUNCTION_WORD = new Map<string, boolean>();
function isFunctionWord(w: string): boolean {
  let known = FUNCTION_WORD.get(w);
  if (known === undefined) {
    const votes = functionWordVotes([w]);
    known = REPLY_LANGUAGES.some((l) => votes[l] > 0);
    // Bounded: a long-running job reads many words.
    if (FUNCTION_WORD.size > 50_000) FUNCTION_WORD.clear();
    FUNCTION_WORD.set(w, known);
  }
  return known;
}

const stem = (w: string) =>
  w.length > 5
    ? w.replace(/(ing|ed|es|s|ly|ment|ness)$/, '')
    : w.length > 3
      ? w.replace(/s$/, '')
      : w;

/** Concepts and stems of a text's content words. */
export function contentTerms(text: string): string[] {
  let t = ` ${fold(text)} `;
  for (const [re, to] of PHRASES) t = t.replace(re, to);
  const words = t
    .replace(/[^\p{L}\p{N}~]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
  const out: string[] = [];
  for (const w of words) {
    if (w.startsWith('~')) {
      out.push(w);
      continue;
    }
    const concept = CONCEPT_OF.get(w);
    if (concept) {
      out.push(`#${concept}`);
      continue;
    }
    if (w.length < 3 || STOP.has(w) || isFunctionWord(w)) continue;
    out.push(stem(w));
  }
  return [...new Set(out)];
}

function trigrams(terms: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const term of terms) {
    if (term.startsWith('#') || term.startsWith('~')) continue;
    const s = ` ${term} `;
    for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  }
  return out;
}

const REQUEST =
  /\b(please (add|let|show|support|make|allow)|would (love|like|be (great|useful|nice|helpful))|i'?d (like|love)|i want|add an?|could you add|wish|ajouter|hinzufugen|anadir|adicionar|aggiungere|toevoegen)\b/;

/** 'request' (asks for something, names no symptom), 'report' (names a symptom), 'praise' or 'other'. */
function kindOf(
  text: string,
  terms: readonly string[],
): 'request' | 'report' | 'praise' | 'other' {
  // One reading of the intent and one fold per text: topics read 50 texts a feedback.
  const intent = readIntent(text);
  const folded = fold(text);
  const symptom = terms.some((t) => t.startsWith('~')) || intent.broken;
  if (symptom && !/\b(would be (great|nice)|please (add|make))\b/.test(folded))
    return 'report';
  if (REQUEST.test(folded)) return 'request';
  if (intent.purePraise) return 'praise';
  return symptom ? 'report' : 'other';
}

const weight = (term: string) =>
  term.startsWith('~') ? 2 : term.startsWith('#') ? 1.5 : 1;

/** What the similarity reads of one text: computed once, compared many times. */
export interface FeedbackReading {
  terms: readonly string[];
  grams: ReadonlySet<string>;
  kind: 'request' | 'report' | 'praise' | 'other';
}

/** Reads a feedback text for similarityOf (topics compare one text with many). */
export function readFeedback(text: string): FeedbackReading {
  const terms = contentTerms(text);
  return { terms, grams: trigrams(terms), kind: kindOf(text, terms) };
}

/** feedbackSimilarity of two texts already read. */
export function similarityOf(a: FeedbackReading, b: FeedbackReading): number {
  const ta = a.terms;
  const tb = b.terms;
  if (ta.length === 0 || tb.length === 0) return 0;
  const setB = new Set(tb);
  let shared = 0;
  let total = 0;
  for (const t of new Set([...ta, ...tb])) {
    total += weight(t);
    if (setB.has(t) && ta.includes(t)) shared += weight(t);
  }
  const terms = shared / total;
  const ga = a.grams;
  const gb = b.grams;
  let common = 0;
  for (const g of ga) if (gb.has(g)) common++;
  const chars = ga.size + gb.size > 0 ? (2 * common) / (ga.size + gb.size) : 0;
  const score = 0.7 * terms + 0.3 * chars;
  const ka = a.kind;
  const kb = b.kind;
  // A problem and a request (or praise) about the same subject are two feedback.
  const sameKind = ka === kb || ka === 'other' || kb === 'other';
  return Math.round((sameKind ? score : score * 0.3) * 1000) / 1000;
}

/** Similarity of two feedback texts (title and description), 0 to 1. */
export function feedbackSimilarity(a: string, b: string): number {
  const ta = contentTerms(a);
  const tb = contentTerms(b);
  if (ta.length === 0 || tb.length === 0) return 0;
  return similarityOf(
    { terms: ta, grams: trigrams(ta), kind: kindOf(a, ta) },
    { terms: tb, grams: trigrams(tb), kind: kindOf(b, tb) },
  );
}

/** True when two feedback most likely describe the same thing. */
export const isSameFeedback = (a: string, b: string) =>
  feedbackSimilarity(a, b) >= SIMILAR_THRESHOLD;
