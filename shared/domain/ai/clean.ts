/**
 * The clean description: the author's meaning for a reader in a hurry.
 * Greeting, sign-off and filler go; e-mail addresses and phone numbers are
 * masked; sentences are split and capitalised; steps to reproduce become a
 * numbered list; the page and element the text names are stated.
 */

const GREETING_WORD =
  '(?:sehr geehrte(?:r)? (?:damen und herren|frau|herr)|madame,? monsieur|estimad[oa]s?|prezad[oa]s?|gentili signori|gentile cliente|geachte (?:heer\\/mevrouw|heer|mevrouw)|liebes team|hi|hello|hey|hiya|dear|good (?:morning|afternoon|evening)|greetings|bonjour|bonsoir|salut|coucou|hallo|guten (?:tag|morgen|abend)|moin|servus|hola|buenos días|buenas|olá|oi|bom dia|boa tarde|ciao|salve|buongiorno|buonasera|hoi|goedemorgen|goedemiddag|dag)';

/**
 * The greeting and whom it greets ("Hi team,", "Dear Acme support!",
 * "Hello hello :)"), never the words after it: "Hello I was charged twice"
 * keeps "I was charged twice".
 */
const GREETING = new RegExp(
  String.raw`^${GREETING_WORD}(?![\p{L}\p{N}])(?:[\s,!]+(?:${GREETING_WORD}|team|all|everyone|everybody|there|guys|folks|friends|support|(?:à |a |an )?(?:tous|tutti|todos|alle|zusammen|allemaal|iedereen))(?![\p{L}\p{N}])){0,3}(?:\s*[:;=][-']?[()DPp]+)?\s*[,!.:\n-]*\s*`,
  'iu',
);

/** A name greeted, up to its comma ("Hi Anna," "Dear Acme Support!"): case matters here. */
const GREETED_NAME = /^(?:[\p{Lu}][\p{L}'’-]+\s*){1,3}[,!]+\s*/u;

/** A sentence that only signs off or thanks in advance. */
const SIGN_OFF =
  /^(thanks?( you)?( so much| a lot| in advance)?|thx|cheers|regards|best( regards| wishes)?|kind regards|sincerely|br|merci( d'avance| beaucoup)?|cordialement|bien à vous|danke( schön| im voraus)?|viele grüße|mit freundlichen grüßen|lg|gracias( de antemano)?|saludos|un saludo|obrigad[oa]|abraços?|cumprimentos|grazie( mille| in anticipo)?|saluti|cordiali saluti|bedankt|groetjes|met vriendelijke groet(en)?|groeten)\b[^.!?\n]{0,40}[.!]*$/i;

/**
 * Pleasantries in seven languages: greetings, "hope you are all doing
 * well", "how are you", "have a nice day", thanks. A sentence made only of
 * them says nothing a title or a reader needs (#40 item 26).
 */
const PLEASANTRY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:hi|hello|hey|hiya|howdy|yo|dear|good (?:morning|afternoon|evening|day)|greetings|(?:i )?hope (?:you|you're|everyone|everybody|all|this (?:message )?finds you)(?: (?:all|are|is|'s|doing|keeping|well|good|great|fine|ok|okay|today|safe)){0,5}|how are (?:you|things)(?: doing)?(?: today)?|have a (?:nice|great|good|lovely) (?:day|week|weekend|one)|thanks?(?: you)?(?: so much| a lot| in advance| again)?|thx|cheers|many thanks|regards|best|bonjour|bonsoir|salut|coucou|j'espère que (?:vous allez|tu vas|tout va) bien|ça va|comment allez-vous|bonne (?:journée|soirée)|merci(?: beaucoup| d'avance)?|hallo|guten (?:tag|morgen|abend)|moin|servus|ich hoffe,? (?:es geht (?:euch|ihnen|dir) gut|ihr seid wohlauf)|wie geht(?:'s| es (?:euch|ihnen))|schönen tag|danke(?: schön| sehr| im voraus)?|vielen dank|hola|buenos días|buenas(?: tardes| noches)?|espero que (?:estéis|estén|estés|estes) bien|qué tal|buen día|gracias(?: de antemano)?|olá|oi|bom dia|boa (?:tarde|noite)|espero que (?:estejam|esteja|estejas) bem|tudo bem|obrigad[oa]|ciao|salve|buongiorno|buonasera|spero (?:che )?(?:stiate|stia|stai) bene|come va|buona giornata|grazie(?: mille)?|hoi|goedemorgen|goedemiddag|ik hoop dat (?:alles goed is|het goed (?:met jullie )?gaat)|hoe gaat het|fijne dag|bedankt|dank je(?: wel)?|(?:all|everyone|team|guys|folks|there|again|y'all|(?:à )?tous|tout le monde|l'équipe|(?:an )?alle|zusammen|(?:a )?tod[oa]s|equipo|equipa|(?:a )?tutti|iedereen|allemaal))(?![\p{L}\p{N}])`,
  'giu',
);

/** Whether the sentence is only pleasantries (and smileys). */
export function isPleasantry(sentence: string): boolean {
  const text = sentence.replace(/[’‘]/g, "'");
  const rest = text
    .replace(PLEASANTRY, ' ')
    .replace(/[\p{P}\p{S}\p{N}\s]+/gu, ' ')
    .trim();
  return rest === '' && /\p{L}/u.test(text);
}

/** Words that add nothing for a reader. */
const FILLER: readonly RegExp[] = [
  /\b(i )?just wanted to (say|let you know|tell you|report|mention)( that)?,?\s*/gi,
  /\b(i )?wanted to (let you know|tell you|report|mention)( that)?,?\s*/gi,
  /\b(i('m| am) )?(writing|reaching out) (to|because) (let you know|tell you|report|say)( that)?,?\s*/gi,
  /\bnot sure if (this is|it's) (the right place|a bug|known|intended)( but)?,?\s*/gi,
  /\b(hope (this|that) helps|hope you('re| are) (well|doing well))[.!]?\s*/gi,
  /\b(honestly|basically|literally|actually|so yeah|anyway|lol|haha|btw),?\s*/gi,
  /\b(any help (would be|is) (much )?appreciated|please help( me)?|please fix( this| it)?( asap)?)[.!]?\s*/gi,
  /\bje voulais (juste )?(vous )?(dire|signaler) que\s*/gi,
  /\bich wollte (nur )?(kurz )?(sagen|melden),? dass\s*/gi,
  /\bsolo quería (decir|avisar) que\s*/gi,
  /\bsó queria (dizer|avisar) que\s*/gi,
  /\bvolevo (solo )?(dire|segnalare) che\s*/gi,
  /\bik wilde (even )?(laten weten|melden) dat\s*/gi,
];

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const PHONE = /(?<![\w/.])\+?\d[\d ().-]{7,}\d(?![\w/])/g;

/** E-mail addresses and phone numbers masked. */
export function maskContacts(text: string): string {
  return text
    .replace(EMAIL, '[e-mail]')
    .replace(PHONE, (m) =>
      (m.match(/\d/g)?.length ?? 0) >= 8 ? '[phone]' : m,
    );
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

const finish = (s: string) => (/[.!?…:)"”]$/.test(s) ? s : `${s}.`);

/** Sentences of a text (after greeting and sign-off are gone). */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=\S)|\n+/u)
    .map((s) =>
      s
        .replace(/([!?])\1+/g, '$1')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => /\p{L}/u.test(s));
}

/** Numbered or "then"-chained steps; null when the text gives none. */
export function extractSteps(text: string): string[] | null {
  const numbered = [
    ...text.matchAll(
      /(?:^|\s)(\d{1,2})[.)]\s+([^\n]+?)(?=\s+\d{1,2}[.)]\s|\n|$|\s+(?:expected|actual|result)\b)/gis,
    ),
  ];
  if (numbered.length >= 2)
    return numbered.map((m) =>
      finish(capitalise(m[2]!.trim().replace(/[,;]$/, ''))),
    );
  const chain = text.match(
    /\b(?:first|1st)\b,?\s+(.+?)(?:,\s*|\s+)then\s+(.+?)(?:(?:,\s*|\s+)(?:and )?then\s+(.+?))?(?=[.!\n]|$)/i,
  );
  if (chain)
    return chain
      .slice(1)
      .filter(Boolean)
      .map((s) => finish(capitalise(s!.trim())));
  return null;
}

const ELEMENTS =
  /\b(?:the|my|your)\s+((?:["“][^"”]{1,30}["”]|[\p{L}\d-]+(?:\s+[\p{L}\d-]+)?))\s+(page|button|field|form|tab|menu|link|screen|modal|popup|dropdown|checkbox|banner|section)\b/giu;

const NOT_A_NAME =
  /^(same|whole|entire|next|previous|first|last|new|old|this|that|other|main)$/i;

/** Pages and elements the text names ("the checkout page", "the "Pay" button"). */
export function namedPlaces(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ELEMENTS)) {
    const name = m[1]!.trim();
    if (NOT_A_NAME.test(name)) continue;
    const place = `${name} ${m[2]!.toLowerCase()}`;
    if (!out.some((p) => p.toLowerCase() === place.toLowerCase()))
      out.push(place);
    if (out.length === 3) break;
  }
  return out;
}

/** The text without greeting, sign-off and filler (contacts masked). */
export function stripChatter(text: string): string {
  let body = maskContacts(text).trim();
  const greeted = body.replace(GREETING, '');
  if (greeted !== body) body = greeted.replace(GREETED_NAME, '');
  for (const re of FILLER) body = body.replace(re, '');
  const lines = splitSentences(body);
  while (lines.length > 1 && SIGN_OFF.test(lines[lines.length - 1]!))
    lines.pop();
  // A name alone on the last line after a sign-off ("Thanks,\nMarie").
  if (
    lines.length > 2 &&
    /^[\p{Lu}][\p{L}'-]{1,20}\.?$/u.test(lines[lines.length - 1]!) &&
    SIGN_OFF.test(lines[lines.length - 2]!)
  )
    lines.splice(-2);
  return lines.join('\n');
}

/**
 * The clean description: one capitalised sentence per line; steps to
 * reproduce as a numbered list; "Expected" and "Actual" kept apart; the
 * named page or element stated.
 */
export function cleanDescription(text: string): string {
  const body = stripChatter(text);
  const steps = extractSteps(body);
  const sentences = splitSentences(body).map((s) => finish(capitalise(s)));
  const out: string[] = [];
  if (steps) {
    const prose = sentences.filter(
      (s) =>
        !/^\d{1,2}[.)]\s/.test(s) &&
        !/^(steps?( to reproduce)?|first)\b/i.test(s) &&
        !steps.some((st) => s.includes(st.slice(0, -1))),
    );
    out.push(...prose.filter((s) => !/^(expected|actual)/i.test(s)));
    out.push('Steps to reproduce:', ...steps.map((s, i) => `${i + 1}. ${s}`));
    const expected = body.match(
      /\bexpected( result)?\s*[:-]?\s*([^.\n]+?)(?=\s*\bactual\b|[.\n]|$)/i,
    );
    const actual = body.match(/\bactual( result)?\s*[:-]?\s*([^.\n]+)/i);
    if (expected)
      out.push(`Expected: ${finish(capitalise(expected[2]!.trim()))}`);
    if (actual) out.push(`Actual: ${finish(capitalise(actual[2]!.trim()))}`);
  } else {
    out.push(...sentences);
  }
  // Worth stating when the place is buried in several sentences or steps;
  // a one-sentence text already says it.
  const places = namedPlaces(body);
  if (places.length > 0 && (steps || sentences.length > 1))
    out.push(`Where: ${places.join(', ')}.`);
  return out.join('\n').slice(0, 5000);
}

const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * True when the clean description says nothing the author's text did not
 * (only capitals or punctuation changed): show "nothing to clean" instead
 * of repeating the text.
 */
export function descriptionAddsNothing(
  raw: string,
  description: string | null | undefined,
): boolean {
  if (!description) return true;
  return comparable(raw) === comparable(description);
}

/** What the test page and AI Insights say for spam instead of repeating the text. */
export const NOTHING_TO_CLEAN_SPAM =
  'Nothing to clean up: the text carries no feedback.';

/** What the AI Insights box and the test page say instead of repeating the text. */
export const NOTHING_TO_CLEAN =
  'Nothing to clean up: the feedback already reads clearly as written.';
