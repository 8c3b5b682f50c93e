/**
 * What the author is doing, from cue phrases in seven languages: reporting
 * something broken, asking for something, praising, or asking a question.
 * These rules sit on top of the trained classifier: they decide the cases
 * a reader would never get wrong (praise is not a to-do, a shipping
 * question is not a feature request, a bug stays a bug whatever its words).
 */

/**
 * The pattern with Unicode word boundaries: JavaScript's `\b` knows ASCII
 * letters only, so "débité", "qualité" or "Überweisung" never matched a
 * `\b…\b` pattern; here any letter or digit is part of a word.
 */
function words(re: RegExp): RegExp {
  const W = '[\\p{L}\\p{N}_]';
  const boundary = `(?:(?<!${W})(?=${W})|(?<=${W})(?!${W}))`;
  return new RegExp(re.source.replaceAll('\\b', boundary), `${re.flags}u`);
}

/** Something does not work as intended. */
const BROKEN = words(
  /\b(never (got|received|get|receive)|n'ai jamais reçu|nie (bekommen|erhalten)|nunca (me )?(llegó|llega|recibí)|nunca (recebi|chegou)|non ho mai ricevuto|nooit (gekregen|ontvangen)|(empty|blank) (pdf|file|document|invoice)|(pdf|fichier|document) vide|leere[sn]? (pdf|datei|seite)|(pdf|archivo|documento) vacío|(pdf|arquivo|documento) vazio|(pdf|file|documento) vuoto|lege (pdf|pagina|factuur)|nothing happens|no pasa nada|nada acontece|não acontece nada|non succede (niente|nulla)|(er )?gebeurt (er )?niets|disappears?|disappeared|disparaît|disparait|verschwindet|desaparece|some do|sparisce|verdwijnt|finds nothing|returns nothing|(no|not) \w+ any ?more|not working any ?more|keine?n? (\w+ ){1,2}mehr|n'(ont|a|est) plus|ne \w+ plus|ya no (funciona|carga|tiene|tienen|sale|aparece)|sin \w+ desde|(estão|está|ficou|ficaram) sem \w+|sem \w+ desde|não \w+ mais|non (hanno|ha|c'è) più|non \w+ più|geen (\w+ ){1,2}meer|niet meer|ne fait (plus )?rien|il ne se passe rien|rien ne se passe|macht nichts|passiert nichts|tut (sich )?nichts|doet niets|er gebeurt niets|no results (for|when)|gr[ae]yed out|(stays|remains) gr[ae]y|reste grisé|bleibt grau|se queda gris|fica cinza|resta grigio|blijft grijs|não consigo|je ne peux (pas|plus)|ich kann (\w+ ){0,3}(nicht|kein\w*)|no puedo|no consigo|non riesco|non posso|ik kan (\w+ ){0,3}niet|dead|won'?t (even )?(load|open|work|start)|(is|are) gone|gone again|blank (page|screen|tab|window)|opens an? (empty|blank)|replaced by|on top of|grammar mistake|spelling mistake|se cae|foutpagina|page d'erreur|fehlerseite|página de error|página de erro|pagina di errore|ne trouve rien|findet (gar )?nichts|no encuentra nada|não encontra nada|non trova niente|vindt niets|jumps? (me )?back|brings? (it|them) back|comes? back after|closes? (itself|before)|still says|restarts?( from)?|logs? me out|logged me out|not found|revert(s|ed|ing)? to|misspel\w*|strangers'?|someone else'?s|other (people|users|customers)'?s?|typfout|tippfehler|faute de frappe|falta de ortografía|erro de digitação|errore di battitura|statt|au lieu de|en vez de|em vez de|invece di|in plaats van|chevauche|überdeckt|tapa parte|fica por cima|valt over|copre|ne réagit pas|ne s'affiche\w* (pas|plus)|se vide|disparu\w*|verschwunden|(sind|ist) weg|reagiert nicht|l[äa]dt nicht|laden nicht|bleibt gleich|zurückgesetzt|doppelt|no se aplica|no cargan?|no hace nada|se pierden?|se vacía|desaparec\w*|sigo recibiendo|não muda|não aparece\w*|não faz nada|esvazia|some|somem|sumi\w*|continuo recebendo|non cambia|non si vede\w*|non fa niente|si svuota|spari\w*|ricevo ancora|blijft hetzelfde|doet (helemaal )?niets|vanzelf leeg|verdwenen|zijn weg|nog steeds|errad[oa]|equivocad[oa]|sbagliat[oa]|verkeerde?|falsch\w*|faux|fausse|dos veces|duas vezes|due volte|deux fois|zweimal|twee keer|ne répond pas|não responde|no responde|non risponde|reagiert nicht|reageert niet|(is|are|went|goes) (completely |totally )?down|outage|still (shows?|showing|listed|there|appears?|visible|charged)|(resets?|restarts?|jumps back|scrolls back|goes back) to|bug|bugs|buggy|broken|breaks?|crash\w*|error|errors|exception|fails?|failed|failing|doesn'?t work|does not work|don'?t work|not working|isn'?t working|stopped (working|doing anything|responding|loading|showing)|no longer works?|won'?t (load|open|work|let|save|start)|can'?t|cannot|unable to|nothing happens|does nothing|blank (page|screen)|stuck|freez\w*|frozen|hangs|glitch\w*|ignores?|ignored|wrong|incorrect\w*|missing|disappear\w*|vanish\w*|never (arrives?|loads?|shows?|works?|sends?)|twice|duplicated?|404|500|502|503|timeout|timed out|charged (twice|again|anyway)|not (applied|saved|sent|shown|showing|loading|updating|accepted)|doesn'?t (load|open|save|show|apply|update|accept|change|match|find|recognise|recognize)|shows? (the )?(wrong|old|another)|instead of|overlaps?|cut off|misaligned|typo|ne (marche|fonctionne) (pas|plus)|plante|bogue|erreur|impossible de|n'arrive pas|funktioniert (nicht|nicht mehr)|fehler|stürzt|geht nicht|kaputt|no funciona|error|falla|se cierra|no carga|não funciona|erro|trava|não carrega|non funziona|errore|si blocca|non carica|werkt niet|fout|crasht|loopt vast|laadt niet)\b/i,
);

/**
 * "Please fix" asks for a repair, not for something new: it marks a
 * report of something broken, and is not read as a request.
 */
const FIX_ASKED = words(
  /\b(please fix|please (have|take) a look|(could|can|would) you (please )?(have|take) a look|pourriez-vous (y )?(regarder|jeter un (œil|oeil))|(könntet|könnt) ihr (euch das )?(mal )?(nachsehen|nachschauen|anschauen)|pod[ée]is echarle un vistazo|podem (ver|verificar) isso|potete dare un'occhiata|please look into (it|this)|bitte (beheben|reparieren|fixen|korrigieren)|schaut (bitte )?mal|bitte (mal )?(anschauen|prüfen|nachsehen)|merci de (corriger|réparer|regarder)|echad(le)? un vistazo|deem uma olhada|date un'occhiata|(willen|kunnen) jullie (even )?kijken|por favor,? (arregl\w*|corr[ií]j\w*|consert\w*)|per favore,? (sistemat\w*|corregget\w*|risolvet\w*)|graag (oplossen|repareren)|gelieve (dit )?op te lossen)\b/gi,
);

/** The author asks for something new or different. */
const REQUEST = words(
  /\b((podríais|podrías|podrían|podéis|pourriez-vous|pourrais-tu|könntet ihr|könnten sie|potreste|potresti|poderiam|podem|kunnen jullie|zouden jullie) (\w+ ){0,2}(añadir|mandar|enviar|avisar|poner|ofrecer|incluir|permitir|ajouter|envoyer|proposer|prévenir|mettre|permettre|offrir|hinzufügen|schicken|senden|anbieten|einbauen|einführen|ermöglichen|aggiungere|mandare|inviare|avvisare|offrire|mettere|permettere|adicionar|oferecer|colocar|permitir|incluir|toevoegen|sturen|aanbieden|mogelijk maken|laten weten)|(seria|sería|sarebbe) (possível|posible|possibile)|serait-il possible|wäre es möglich|would it be possible|is it possible to|é possível|es posible|è possibile|would make it perfect|la rendrait parfaite|le rendrait parfait|würde (sie|es|ihn) perfekt machen|la haría perfecta|lo haría perfecto|deixaria (\w+ )?perfeit[oa]|la renderebbe perfetta|lo renderebbe perfetto|zou (hem|het|haar) perfect maken|cherry on (top|the cake)|icing on the cake|cerise sur le gâteau|i-tüpfelchen|la guinda|cereja do bolo|ciliegina sulla torta|kers op de taart|(could|can) (customers|users|buyers|shoppers) |les clients pourraient|könnten (kunden|nutzer)|podrían los (clientes|usuarios)|os clientes poderiam|i clienti potrebbero|kunnen klanten|estaría (bien|genial|guay)|sería (útil|práctico|bueno poder)|ce serait (pratique|utile|bien de pouvoir)|seria (bom|útil|prático) (poder|ter)|sarebbe (comodo|pratico)|het zou (handig|fijn|leuk) zijn|wäre (praktisch|hilfreich)|any plans to|is there a way to|how about|one wish|missing:|would love|'d love|hoping (you'?ll|for|to see)|you should (offer|add|have|make|let|support|allow)|pls|would be (handy|useful|helpful|good)|est-il possible d|ist es möglich|es posible añadir|é possível adicionar|è possibile aggiungere|is het mogelijk om|i would like|i'?d like|we need|we'?d need|would make it (perfect|complete|even better)|(il ne )?manque (que|qu'une?|plus que)|il manque|solo falta|só falta|manca solo|fehlt (nur|noch)|ontbreekt( nog)?|je voudrais|ich möchte|quisiera|vorrei|ik zou graag|ik wil graag|wäre noch (schön|toll|gut|praktisch|super)|(could|can|would|will) you (please )?(add|make|offer|build|provide|create|support|include|allow|let|introduce|bring|implement|integrate|consider)|even better with|would be (clearer|better|easier|handier) if|aggiung\w*|voeg\w*|hätte gerne|gerne (eine|ein|die)|sarebbe (utile|comodo)|mi piacerebbe|me gustaría|gostaria|j'aimerais|please (add|make|let|allow|consider|bring|support|include|offer)|could you (add|make|let|allow)|can you (add|make|let|allow)|would (be|love) (nice|great|cool|helpful|useful|awesome)|would be (lovely|wonderful|fantastic|amazing|brilliant|perfect|ideal)|sarebbe (fantastic[oa]|perfett[oa]|carin[oa]|ideale|top)|sería (fantástico|perfecto|ideal|estupendo)|seria (fantástico|perfeito|ideal|incrível)|serait (super|top|parfait|idéal)|wäre (genial|perfekt|ideal|cool)|zou (geweldig|top|ideaal|perfect|super) zijn|it would be (nice|great|cool|helpful|useful|awesome)|i'?d love|i would love|i wish|wish (there|you|it)|add (an?|the|support|option)|option to|ability to|allow (me|us|users)|let (me|us|users)|support for|should (be|have|let|allow|show|remember|keep)|could (be|have|use)|needs? (an?|more|better)|ajoute[rz]?|pourriez|serait (bien|génial|pratique)|j'aimerais|bitte|wäre (schön|toll|gut|praktisch|super|klasse|hilfreich)|könntet|hinzufügen|por favor|sería (genial|bueno|útil)|podrían|añadir|agregar|poderiam|seria (ótimo|bom|útil)|adicionar|sarebbe (bello|utile|ottimo)|potreste|aggiungere|graag|zou (fijn|handig|mooi) zijn|kunnen jullie|toevoegen)\b/i,
);

/** Something that works could be better: slow, hard, too much, unclear. */
const IMPROVE = words(
  /\b(needs? (a |an )?(label|labels|tooltip|tooltips|explanation)|nightmare|cauchemar|albtraum|pesadilla|pesadelo|incubo|nachtmerrie|(twice|three times|trois fois|dreimal|zweimal|dos veces|tres veces|duas vezes|três vezes|due volte|tre volte|twee keer|drie keer)|podia|podiam|poderia|(it would help|ce serait utile|es wäre hilfreich|sería útil|seria útil|sarebbe utile|het zou helpen),? (\w+ ){0,4}(to see|de voir|zu sehen|ver|vedere|te zien|zien)|(seraient|serait) plus (facile|simple|clair|rapide|lisible)\w*|wären? (leichter|einfacher|übersichtlicher|schneller|klarer)|(serían?|seriam?) (más|mais) (fácil|fáceis|fáciles|simple|clar|rápid)\w*|sarebber?o più (facil|semplic|chiar|rapid)\w*|zou(den)? (\w+ ){0,2}(makkelijker|eenvoudiger|duidelijker|sneller|overzichtelijker)|(auraient|aurait) besoin d|brauchen eine? \w+|necesitan \w+|precisam de \w+|hanno bisogno di|heeft \w+ nodig|hebben \w+ nodig|devraient|deberían|deveriam|dovrebbero|sollten|zouden (\w+ ){0,3}moeten|tiny|minuscule|minúscul\w*|winzig|diminut\w*|piepklein|minuscol\w*|barely|kaum|à peine|a malapena|nauwelijks|battery|(\d+|six|five|four|too many) clicks|(?<!you )could (?!not\b)|make (the|it) \w+ (more|less)|(un peu|etwas|un poco|um pouco|un po'?|een beetje|a bit|a little|slightly) (petit\w*|klein\w*|pequen\w*|piccol\w*|small|lent\w*|slow|traag|langsam)|pénible|vervelend|fastidios\w*|chato|molest\w*|nervig|könnten?|pourrai(t|ent)|podrían?|poderiam?|potrebber?o|zou \w+ (kunnen|moeten)|mogen wat|mag wat|devrait|sollten|too (slow|long|many|much|small|big|large|often|hard|complicated|frequent)|slow|slowly|sluggish|faster|hard to|difficult to|confusing|cluttered|cramped|unclear|not (very )?(clear|intuitive|obvious|relevant)|could be|should (be|have|show|list|remember|ask|explain|keep|include|let|link)|would (help|be (better|easier|clearer))|takes (forever|too long|ages)|outdated|annoying|irritating|frustrating|a lot of|way too|trop|lent|lente|compliqué|pas clair|zu (lang|langsam|klein|viel|kompliziert)|langsam|unübersichtlich|sollte|demasiad[oa]s?|lent[oa]|confus[oa]|debería|demorad[oa]|muito (lento|demorado|pequeno)|pequeno demais|deveria|troppo|lento|poco (visibili|chiaro)|dovrebbe|traag|onduidelijk|moeilijk|te (klein|lang|veel)|zou moeten)\b/i,
);

/** Problems off the website: delivery, support, product quality, refunds. */
const OFF_SITE = words(
  /\b(material|fabric|tissu|stoff|tela|tecido|tessuto|stof|late|en retard|zu spät|tarde|atrasad[oa]|in ritardo|te laat|cold|froid|kalt|frí[oa]|fri[oa]|fredd[oa]|koud|dirty|rude|hotel|room|staff|schmutzig|sucio|sujo|sporco|vies|unfreundlich|food|meal|repas|essen|comida|cibo|eten|fees|entregador|repartidor|livreur|bote|corriere|bezorger|fattorino|overpriced|expensive|prices? (went|go|have gone) up|hidden fees|trop cher|zu teuer|muy caro|muito caro|troppo caro|te duur|qualité|qualität|calidad|qualidade|qualità|kwaliteit|roto|rotto|quebrad[oa]|kapot|cassée?|beschädigt|abîmée?|dañad[oa]|danneggiat[oa]|beschadigd|pacco|paquete|paket|pacote|nadie contesta|nessuno risponde|ninguém responde|niemand reageert|personne ne répond|niemand meldet sich|courier|package|parcel|delivery|delivered|arrived|shipping|order (arrived|came|is late)|customer service|support|nobody (replies|answers)|callback|refund|money back|remboursement|rückerstattung|erstattung|reembolso|rimborso|terugbetaling|geld terug|quality|broke after|wrong item|damaged|livraison|livré|colis|service client|lieferung|kundenservice|pedido|llegó|envío|atención|entrega|encomenda|atendimento|consegna|assistenza|bezorging|klantenservice|pakket)\b/i,
);

/** Words of the website itself: a malfunction there is a bug. */
const ON_SITE = words(
  /\b(correo|basket|panier|warenkorb|cesta|carrinho|carrello|winkelwagen|discount|remise|rabatt|descuento|desconto|sconto|korting|transfer|virement|überweisung|transferencia|transferência|bonifico|overboeking|voucher|coupon|gutschein|cupón|cupom|buono|kortingscode|botão|bouton|knopf|knop|pulsante|botón|button|bezahl\w*|paiement|pago|pagamento|betaal\w*|pay|paying|payment|calendar|calendrier|kalender|calendario|date picker|startseite|webseite|homepage|home page|accueil|inicio|inicial|lien|enlace|collegamento|newsletter|nieuwsbrief|web|sito|sitio|site|confirmation|slot|charged|billed|cobra\w*|débité|abgebucht|addebitat\w*|afgeschreven|site|website|page|app|button|link|menu|form|field|screen|click|tap|load|loads|loading|search|filter|login|log in|sign in|checkout|cart|upload|download|error|crash\w*|dropdown|tab|scroll|popup|modal|dashboard|account|password|notification|email|e-mail|seite|knopf|bouton|página|botón|pagina|pulsante|knop)\b/i,
);

/** Praise and thanks. */
const PRAISE = words(
  /\b(cheers|lovely|as pictured|as described|sorted (everything|it|me)|10\/10|five stars|5 stars|would (order|buy|recommend) again|you rock|rock|happy|glad|pleased|satisfied|delighted|i (really )?like|like the new|nice|beautiful|schön\w*|muy buen[oa]|beau|belle|bellissim[oa]|mooie?|gostei|me gusta|me gustan|mi piace|mi piacciono|ich mag|j'aime|gefällt|tevreden|aanrader|zufrieden|satisfait\w*|content[oa]|satisfeit[oa]|soddisfatt[oa]|recomiendo|recomendo|consiglio|je recommande|empfehle|impeccable|parfait\w*|perfeit[oa]|superbe|top notch|impressive|painless|recommend|enjoy|enjoying|vielen dank|dank|love|loving|loved|great|awesome|amazing|excellent|fantastic|wonderful|brilliant|perfect|beautiful|nice job|good job|great job|well done|congrat\w*|kudos|thank(s| you)|impressed|superb|best|j'adore|merci|génial|excellent|bravo|super|parfait|toll|danke|großartig|hervorragend|liebe|genial|gracias|me encanta|excelente|increíble|perfecto|obrigad[oa]|adoro|ótimo|maravilhos[oa]|grazie|fantastico|ottimo|perfetto|adoro|geweldig|bedankt|fantastisch|top|prachtig|heerlijk|fantástic[oa]|a adorar|blij met|buen trabajo|bom trabalho|enhorabuena|parabéns|complimenti|ottim[oa] lavoro|magnifique|beau travail|tolle arbeit|goed werk|great work)\b/i,
);

/** Words of disappointment, annoyance or anger (seven languages). */
const UPSET = words(
  /\b(rip-?off|ripoff|rude|dirty|filthy|much too|far too|viel zu|beaucoup trop|bien trop|takes forever|forever|ewig|éternité|eternidad|eternidade|una vita|eeuwen|for ages|painful|pénible|nervig|chato|vervelend|disappoint\w*|frustrat\w*|annoy\w*|irritat\w*|terrible|horrible|awful|worst|useless|ridiculous|unacceptable|nightmare|cheated|scam|boring|not (impressed|happy|satisfied)|unhappy|angry|hate|sucks|rubbish|waste|fed up|too expensive|way too|never (happened|arrived|replied|answered)|déçu\w*|décevant\w*|nul|inadmissible|énervant|enttäusch\w*|ärgerlich|schrecklich|unmöglich|nervig|decepcion\w*|pésimo|horrible|fatal|molest\w*|decepcionad\w*|péssim\w*|horrível|irritante|delus\w*|pessim\w*|orribile|fastidios\w*|teleurgesteld|teleurstellend|slecht|vreselijk|irritant)\b/i,
);

/** Sarcasm: thanks for nothing, always. */
const SARCASM = words(
  /\b(thanks for nothing|merci pour rien|danke für nichts|gracias por nada|obrigad[oa] por nada|grazie per niente|bedankt voor niets|yeah right)\b/i,
);

/** Opening praise that is sarcastic when the rest reports a problem ("Oh great, it crashed again"). */
const SARCASTIC_OPENING = words(
  /^(oh |just )?(great|wonderful|perfect|brilliant|fantastic|super|bravo|génial|toll|genial|ótimo|perfetto|geweldig)[,!.]+ /i,
);

/**
 * Praise of something that does not exist yet ("it would be great if…",
 * "wäre toll") asks for it: it is not praise.
 */
const CONDITIONAL_PRAISE = words(
  /\b(nice to have|(it )?(would|'d) be (so |really )?(nice|great|cool|awesome|amazing|fantastic|perfect|lovely)|(wäre|würde) (\w+ )?(schön|toll|super|klasse|genial|großartig)|serait (\w+ )?(bien|génial|super|parfait|top)|sería (\w+ )?(genial|fantástico|perfecto|bueno)|seria (\w+ )?(ótimo|legal|perfeito|incrível)|sarebbe (\w+ )?(bello|fantastico|perfetto|ottimo|top)|zou (\w+ )?(fijn|mooi|geweldig|top|super) zijn)\b/gi,
);

/** Thanks in advance close a request or a report: they are not praise. */
const THANKS_AHEAD = words(
  /\b(thanks?( you)? in advance|thx in advance|merci d'avance|merci par avance|danke (im voraus|vorab)|vielen dank im voraus|gracias de antemano|gracias por adelantado|obrigad[oa] desde já|desde já obrigad[oa]|grazie in anticipo|alvast bedankt|bedankt alvast|merci de (bien vouloir )?(ajouter|mettre|prévoir|proposer|rajouter|corriger|regarder))\b/gi,
);

/** Negative turns that make praise something else. */
const BUT = words(
  /\b(until (today|now|recently|the (last |latest )?update)|but|however|except|although|though|unfortunately|sadly|mais|sauf|aber|leider|pero|sin embargo|mas|porém|però|ma|maar|helaas)\b/i,
);

/** Asking for information (shipping, prices, jobs, opening hours…). */
const INFO_TOPIC = words(
  /\b(store|shop|physical store|magasin|boutique|laden|geschäft|tienda|loja|negozio|winkel|membership|opening|horaires|öffnungszeiten|horario|horário|orari|openingstijden|ship|ships|shipping|deliver|delivers|delivery|price|prices|pricing|cost|costs|how much|hiring|jobs?|careers?|internship|vacanc\w*|open(ing)? hours|store hours|open on|stock|in stock|available|availability|return policy|refund policy|warranty|contact|discount|student|livr\w*|prix|combien|recrut\w*|emploi|versand|liefer\w*|preis|kosten|stellen|envío|envían|precio|cuánto|empleo|trabajo|frete|entrega|preço|quanto|vaga|emprego|spedi\w*|consegna|prezzo|quanto|lavoro|verzend\w*|bezorg\w*|prijs|kost|vacature)\b/i,
);

const QUESTION_START = words(
  /^(quick question|do you have|avez-vous|quels?|quelles?|haben sie|habt ihr|tienen|tenéis|vocês têm|têm|avete|hebben jullie|heeft u|do|does|did|is|are|can|could|will|when|where|what|which|who|how|why|est-ce|quand|où|combien|comment|pourquoi|quel|quelle|wann|wo|wie|was|warum|gibt es|cuándo|dónde|cuánto|cómo|qué|hay|quando|onde|quanto|como|qual|há|dove|quali?|c'è|wanneer|waar|hoeveel|hoe|wat|is er)\b/i,
);

/**
 * Openings that look like a question word but start a statement when no
 * question mark follows: "When I filter…", "Quand je change…", "Wenn ich…",
 * "Cuando abro…", "Hay un error…", "C'è un errore…".
 */
const STATEMENT_START = words(
  /^((when|whenever|quand|lorsque|wanneer) (i|you|we|they|the|my|a|an|je|j'|on|tu|il|le|la|les|mon|ma|ik|je|we|de|het|een|mijn)\b|(when|whenever) \w+ing\b|(wenn|falls|als|cuando|quando|si|se|if) |(hay|há|c'è|ci sono|er is|er zijn|il y a|es gibt) )/i,
);

/**
 * A failure named as the condition of a wish ("should keep what I typed if
 * validation fails") describes when, not what is broken.
 */
const CONDITIONAL_FAILURE = words(
  /\b(if|when|whenever) (the |a |my )?\w+ (fails|failed|errors|is invalid)|si (la |le |l')?\w+ échoue|wenn (die |der |das )?\w+ fehlschlägt|si (la |el )?\w+ falla|se (a |o )?\w+ falhar|se (la |il |l')?\w+ fallisce|als (de |het )?\w+ mislukt\b/gi,
);

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
  /** A wish said with enthusiasm ("would be amazing", « serait génial »). */
  eagerWish: boolean;
  /** A question asking for information rather than reporting or requesting. */
  infoQuestion: boolean;
}

/** Quoted labels ("Add to cart", « Ajouter au panier ») name a button, not a wish. */
const QUOTED =
  /«[^»\n]{1,40}»|"[^"\n]{1,40}"|“[^”\n]{1,40}”|„[^“”\n]{1,40}[“”]/gu;

export function readIntent(input: string): Intent {
  // Typographic apostrophes (’) read as plain ones (qu’une, don’t). Quoted
  // labels are names: a wish inside them is not the author's (an error
  // message inside them still reports one).
  const text = input.replace(/[’‘]/g, "'");
  const fixAsked = FIX_ASKED.test(text);
  FIX_ASKED.lastIndex = 0;
  const request = REQUEST.test(
    text.replace(QUOTED, ' "label" ').replace(FIX_ASKED, ' '),
  );
  const broken =
    BROKEN.test(
      IMPROVE.test(text) ? text.replace(CONDITIONAL_FAILURE, ' ') : text,
    ) || fixAsked;
  const sarcasm =
    SARCASM.test(text) || (broken && SARCASTIC_OPENING.test(text.trim()));
  const praise =
    !sarcasm &&
    PRAISE.test(
      text.replace(CONDITIONAL_PRAISE, ' ').replace(THANKS_AHEAD, ' '),
    ) &&
    !/\b(not|never) (\w+ )?(great|good|perfect|nice|happy|glad|pleased|satisfied)\b/i.test(
      text,
    );
  const improve = IMPROVE.test(text);
  const eagerWish = CONDITIONAL_PRAISE.test(text);
  CONDITIONAL_PRAISE.lastIndex = 0;
  const question =
    text.includes('?') ||
    (QUESTION_START.test(text.trim()) && !STATEMENT_START.test(text.trim()));
  const offSite = OFF_SITE.test(text) && !ON_SITE.test(text) && !fixAsked;
  const notInfo =
    /\b(is there a way|any plans|possible to)\b/i.test(text) || request;
  return {
    broken,
    upset: UPSET.test(text) || sarcasm,
    improve,
    offSite,
    request,
    praise,
    eagerWish,
    purePraise:
      praise &&
      !broken &&
      !request &&
      !improve &&
      !BUT.test(text) &&
      !text.includes('?'),
    // A question that reports nothing and asks for nothing new asks for
    // information (shipping, stores, accounts, prices…).
    infoQuestion:
      question &&
      !notInfo &&
      !fixAsked &&
      !request &&
      (INFO_TOPIC.test(text) ||
        (QUESTION_START.test(text.trim()) && !broken && !improve)),
  };
}

/** Cues of high impact: money, data, security, blocked core tasks, outages. */
const HIGH = words(
  /\b(overcharged|(was|were|got|been|am) (double )?charged|charged (me )?(more|for|although|even though|but)|(money|transfer|payment) (went out|left|was taken|is gone|never arrived)|paid,? (but|and)|virement|überweisung|transferencia|transferência|bonifico|overboeking|débité|abgebucht|cobrad[oa]|addebitat\w*|afgeschreven|crash\w*|lost|losing|deleted|erased|wiped|data loss|charged (twice|again|anyway)|double (charge|charged|billing)|refund|security|privacy|breach|hacked|leak\w*|vulnerab\w*|someone else'?s|other (customers|users|people)'?s?|locked out|can'?t (log ?in|sign ?in|login|access|pay|buy|check ?out|order|purchase)|cannot (log ?in|sign ?in|login|access|pay|buy|check ?out|order|purchase)|unable to (log ?in|sign ?in|login|access|pay|buy|check ?out|order|purchase)|down for|outage|(is|are|went) (completely |totally )?down|error 5\d\d|5\d\d error|internal server error|urgent|asap|critical|blank (page|screen)|payment (fails?|failed|declined)|checkout (is )?(broken|fails?)|plante|impossible de (payer|me connecter|commander)|perdu|kann mich nicht|stürzt|bezahlen|no puedo (pagar|entrar|acceder)|perdí|não consigo (pagar|entrar|acessar)|perdi|non riesco a (pagare|accedere)|perso|kan niet (betalen|inloggen)|kwijt)\b/i,
);

/** Cosmetic or nice-to-have. */
const LOW = words(
  /\b(typo|misspell\w*|spelling|grammar|minor|cosmetic|tiny|small thing|nitpick|slightly|nice to have|would be (nice|cool|fun)|someday|misaligned|off cent(er|re)|overlaps?|color|colour|font|icon|faute de frappe|tippfehler|refuso)\b/i,
);

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
