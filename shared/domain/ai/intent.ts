/**
 * What the author is doing, from cue phrases in seven languages: reporting
 * something broken, asking for something, praising, or asking a question.
 * These rules sit on top of the trained classifier: they decide the cases
 * a reader would never get wrong (praise is not a to-do, a shipping
 * question is not a feature request, a bug stays a bug whatever its words).
 */

/** Something does not work as intended. */
const BROKEN =
  /\b(errad[oa]|equivocad[oa]|sbagliat[oa]|verkeerde?|falsch\w*|faux|fausse|dos veces|duas vezes|due volte|deux fois|zweimal|twee keer|ne répond pas|não responde|no responde|non risponde|reagiert nicht|reageert niet|(is|are|went|goes) (completely |totally )?down|outage|still (shows?|showing|listed|there|appears?|visible|charged)|(resets?|restarts?|jumps back|scrolls back|goes back) to|bug|bugs|buggy|broken|breaks?|crash\w*|error|errors|exception|fails?|failed|failing|doesn'?t work|does not work|don'?t work|not working|isn'?t working|stopped working|no longer works?|won'?t (load|open|work|let|save|start)|can'?t|cannot|unable to|nothing happens|does nothing|blank (page|screen)|stuck|freez\w*|frozen|hangs|glitch\w*|ignores?|ignored|wrong|incorrect\w*|missing|disappear\w*|vanish\w*|never (arrives?|loads?|shows?|works?|sends?)|twice|duplicated?|404|500|502|503|timeout|timed out|charged (twice|again|anyway)|not (applied|saved|sent|shown|showing|loading|updating|accepted)|doesn'?t (load|open|save|show|apply|update|accept|change|match|find|recognise|recognize)|shows? (the )?(wrong|old|another)|instead of|overlaps?|cut off|misaligned|typo|ne (marche|fonctionne) (pas|plus)|plante|bogue|erreur|impossible de|n'arrive pas|funktioniert (nicht|nicht mehr)|fehler|stürzt|geht nicht|kaputt|no funciona|error|falla|se cierra|no carga|não funciona|erro|trava|não carrega|non funziona|errore|si blocca|non carica|werkt niet|fout|crasht|loopt vast|laadt niet)\b/i;

/** The author asks for something new or different. */
const REQUEST =
  /\b((could|can|would|will) you (please )?(add|make|offer|build|provide|create|support|include|allow|let|introduce|bring|implement|integrate|consider)|even better with|would be (clearer|better|easier|handier) if|aggiung\w*|voeg\w*|hätte gerne|gerne (eine|ein|die)|sarebbe (utile|comodo)|mi piacerebbe|me gustaría|gostaria|j'aimerais|please (add|make|let|allow|consider|bring|support|include|offer)|could you (add|make|let|allow)|can you (add|make|let|allow)|would (be|love) (nice|great|cool|helpful|useful|awesome)|it would be (nice|great|cool|helpful|useful|awesome)|i'?d love|i would love|i wish|wish (there|you|it)|add (an?|the|support|option)|option to|ability to|allow (me|us|users)|let (me|us|users)|support for|should (be|have|let|allow|show|remember|keep)|could (be|have|use)|needs? (an?|more|better)|ajoute[rz]?|pourriez|serait (bien|génial|pratique)|j'aimerais|bitte|wäre (schön|toll|gut|praktisch|super|klasse|hilfreich)|könntet|hinzufügen|por favor|sería (genial|bueno|útil)|podrían|añadir|agregar|poderiam|seria (ótimo|bom|útil)|adicionar|sarebbe (bello|utile|ottimo)|potreste|aggiungere|graag|zou (fijn|handig|mooi) zijn|kunnen jullie|toevoegen)\b/i;

/** Something that works could be better: slow, hard, too much, unclear. */
const IMPROVE =
  /\b(too (slow|long|many|much|small|big|large|often|hard|complicated|expensive|frequent)|slow|slowly|sluggish|faster|hard to|difficult to|confusing|cluttered|cramped|unclear|not (very )?(clear|intuitive|obvious|relevant)|could be|should (be|have|show|list|remember|ask|explain|keep|include|let|link)|would (help|be (better|easier|clearer))|takes (forever|too long|ages)|outdated|annoying|irritating|frustrating|a lot of|way too|trop|lent|lente|compliqué|pas clair|zu (lang|langsam|klein|viel|kompliziert)|langsam|unübersichtlich|sollte|demasiad[oa]s?|lent[oa]|confus[oa]|debería|demorad[oa]|muito (lento|demorado|pequeno)|pequeno demais|deveria|troppo|lento|poco (visibili|chiaro)|dovrebbe|traag|onduidelijk|moeilijk|te (klein|lang|veel)|zou moeten)\b/i;

/** Problems off the website: delivery, support, product quality, refunds. */
const OFF_SITE =
  /\b(courier|package|parcel|delivery|delivered|arrived|shipping|order (arrived|came|is late)|customer service|support|nobody (replies|answers)|callback|refund|money back|quality|broke after|wrong item|damaged|livraison|livré|colis|service client|lieferung|kundenservice|pedido|llegó|envío|atención|entrega|encomenda|atendimento|consegna|assistenza|bezorging|klantenservice|pakket)\b/i;

/** Words of the website itself: a malfunction there is a bug. */
const ON_SITE =
  /\b(site|website|page|app|button|link|menu|form|field|screen|click|tap|load|loads|loading|search|filter|login|log in|sign in|checkout|cart|upload|download|error|crash\w*|dropdown|tab|scroll|popup|modal|dashboard|account|password|notification|email|e-mail|seite|knopf|bouton|página|botón|pagina|pulsante|knop)\b/i;

/** Praise and thanks. */
const PRAISE =
  /\b(recommend|enjoy|enjoying|vielen dank|dank|love|loving|loved|great|awesome|amazing|excellent|fantastic|wonderful|brilliant|perfect|beautiful|nice job|good job|great job|well done|congrat\w*|kudos|thank(s| you)|impressed|superb|best|j'adore|merci|génial|excellent|bravo|super|parfait|toll|danke|großartig|hervorragend|liebe|genial|gracias|me encanta|excelente|increíble|perfecto|obrigad[oa]|adoro|ótimo|maravilhos[oa]|grazie|fantastico|ottimo|perfetto|adoro|geweldig|bedankt|fantastisch|top|prachtig|heerlijk)\b/i;

/** Words of disappointment, annoyance or anger (seven languages). */
const UPSET =
  /\b(disappoint\w*|frustrat\w*|annoy\w*|irritat\w*|terrible|horrible|awful|worst|useless|ridiculous|unacceptable|nightmare|cheated|scam|boring|not (impressed|happy|satisfied)|unhappy|angry|hate|sucks|rubbish|waste|fed up|too expensive|way too|never (happened|arrived|replied|answered)|déçu\w*|décevant\w*|nul|inadmissible|énervant|enttäusch\w*|ärgerlich|schrecklich|unmöglich|nervig|decepcion\w*|pésimo|horrible|fatal|molest\w*|decepcionad\w*|péssim\w*|horrível|irritante|delus\w*|pessim\w*|orribile|fastidios\w*|teleurgesteld|teleurstellend|slecht|vreselijk|irritant)\b/i;

/** Negative turns that make praise something else. */
const BUT =
  /\b(but|however|except|although|though|unfortunately|sadly|mais|sauf|aber|leider|pero|sin embargo|mas|porém|però|ma|maar|helaas)\b/i;

/** Asking for information (shipping, prices, jobs, opening hours…). */
const INFO_TOPIC =
  /\b(store|shop|physical store|magasin|boutique|laden|geschäft|tienda|loja|negozio|winkel|membership|opening|horaires|öffnungszeiten|horario|horário|orari|openingstijden|ship|ships|shipping|deliver|delivers|delivery|price|prices|pricing|cost|costs|how much|hiring|jobs?|careers?|internship|vacanc\w*|open(ing)? hours|store hours|open on|stock|in stock|available|availability|return policy|refund policy|warranty|contact|discount|student|livr\w*|prix|combien|recrut\w*|emploi|versand|liefer\w*|preis|kosten|stellen|envío|envían|precio|cuánto|empleo|trabajo|frete|entrega|preço|quanto|vaga|emprego|spedi\w*|consegna|prezzo|quanto|lavoro|verzend\w*|bezorg\w*|prijs|kost|vacature)\b/i;

const QUESTION_START =
  /^(quick question|do you have|avez-vous|quels?|quelles?|haben sie|habt ihr|tienen|tenéis|vocês têm|têm|avete|hebben jullie|heeft u|do|does|did|is|are|can|could|will|when|where|what|which|who|how|why|est-ce|quand|où|combien|comment|pourquoi|quel|quelle|wann|wo|wie|was|warum|gibt es|cuándo|dónde|cuánto|cómo|qué|hay|quando|onde|quanto|como|qual|há|dove|quali?|c'è|wanneer|waar|hoeveel|hoe|wat|is er)\b/i;

export interface Intent {
  broken: boolean;
  /** The author is disappointed, annoyed or angry. */
  upset: boolean;
  /** Something that works could be better. */
  improve: boolean;
  /** About delivery, support or the product rather than the website. */
  offSite: boolean;
  request: boolean;
  praise: boolean;
  /** Praise with no problem or request in it. */
  purePraise: boolean;
  /** A question asking for information rather than reporting or requesting. */
  infoQuestion: boolean;
}

export function readIntent(text: string): Intent {
  const broken = BROKEN.test(text);
  const request = REQUEST.test(text);
  const praise =
    PRAISE.test(text) && !/\bnot (great|good|perfect)\b/i.test(text);
  const question = text.includes('?') || QUESTION_START.test(text.trim());
  const offSite = OFF_SITE.test(text) && !ON_SITE.test(text);
  const notInfo =
    /\b(is there a way|any plans|possible to)\b/i.test(text) || request;
  return {
    broken,
    upset: UPSET.test(text),
    improve: IMPROVE.test(text),
    offSite,
    request,
    praise,
    purePraise:
      praise && !broken && !request && !BUT.test(text) && !text.includes('?'),
    // A question that reports nothing and asks for nothing new asks for
    // information (shipping, stores, accounts, prices…).
    infoQuestion:
      question &&
      !notInfo &&
      !request &&
      (INFO_TOPIC.test(text) ||
        (QUESTION_START.test(text.trim()) && !broken && !IMPROVE.test(text))),
  };
}

/** Cues of high impact: money, data, security, blocked core tasks, outages. */
const HIGH =
  /\b(crash\w*|lost|losing|deleted|erased|wiped|data loss|charged (twice|again|anyway)|double (charge|charged|billing)|refund|security|privacy|breach|hacked|leak\w*|vulnerab\w*|someone else'?s|other (customers|users|people)'?s?|locked out|can'?t (log ?in|sign ?in|login|access|pay|buy|check ?out|order|purchase)|cannot (log ?in|sign ?in|login|access|pay|buy|check ?out|order|purchase)|unable to (log ?in|sign ?in|login|access|pay|buy|check ?out|order|purchase)|down for|outage|(is|are|went) (completely |totally )?down|error 5\d\d|5\d\d error|internal server error|urgent|asap|critical|blank (page|screen)|payment (fails?|failed|declined)|checkout (is )?(broken|fails?)|plante|impossible de (payer|me connecter|commander)|perdu|kann mich nicht|stürzt|bezahlen|no puedo (pagar|entrar|acceder)|perdí|não consigo (pagar|entrar|acessar)|perdi|non riesco a (pagare|accedere)|perso|kan niet (betalen|inloggen)|kwijt)\b/i;

/** Cosmetic or nice-to-have. */
const LOW =
  /\b(typo|misspell\w*|spelling|grammar|minor|cosmetic|tiny|small thing|nitpick|slightly|nice to have|would be (nice|cool|fun)|someday|misaligned|off cent(er|re)|overlaps?|color|colour|font|icon|faute de frappe|tippfehler|errata)\b/i;

/**
 * Priority by impact: payment, data loss, security, crashes and blocked
 * core tasks are high; cosmetic and nice-to-have remarks low; null when
 * the text says neither.
 */
export function impactPriority(text: string): 'high' | 'low' | null {
  if (HIGH.test(text)) return 'high';
  if (LOW.test(text)) return 'low';
  return null;
}
