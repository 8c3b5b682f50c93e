/**
 * Peega's tag taxonomy (docs/ai.md): a fixed set of topics, each with the
 * words in seven languages that are evidence for it. A tag is given only
 * when its evidence occurs in the text, and the evidence is returned with
 * it; no tag rather than a wrong one (no nouns picked at random).
 */

export const TAG_TAXONOMY = {
  payments:
    /\b(pay|paid|paying|payment|payments|checkout|check out|credit card|card|charged?|charges|invoice|billing|billed|paypal|refund\w*|coupon|promo code|discount code|voucher|subscription|paiement|payer|facture|remboursement|zahlung|bezahl\w*|rechnung|gutschein|pago|pagar|factura|reembolso|cupón|pagamento|fatura|cupom|pagare|fattura|rimborso|betal\w*|factuur|kortingscode)\b/i,
  account:
    /\b(log ?in|logging in|sign ?in|sign ?up|signup|login|logout|log out|password|account|2fa|two-factor|passkey|verification code|connexion|mot de passe|compte|anmeld\w*|passwort|konto|contraseña|cuenta|iniciar sesión|senha|conta|accesso|account|wachtwoord|inloggen)\b/i,
  performance:
    /\b(slow|slowly|slower|speed|lag|laggy|sluggish|takes (forever|ages|\d+ ?(s|sec|seconds|minutes))|load(ing)? time|loads? (slowly|forever)|timeout|timed out|battery|lent|lente|lenteur|langsam|ladezeit|lento|lenta|lentissimo|traag)\b/i,
  mobile:
    /\b(mobile( (site|app|view|version|browser|data|device|phone|screen|layout))?|(on|from|with|using) (my|the|a|your) (phone|mobile)|phone'?s? (app|screen|browser|display)|iphone|android|ipad|tablet|smartphone|ios|(mon|un|le|sur) (téléphone|portable)|handy|smartphone|(el|mi|un) móvil|móvil|celular|telemóvel|cellulare|smartphone|(mijn|de|een) telefoon|mobiel)\b/i,
  accessibility:
    /\b(accessibilit\w*|screen ?reader|colou?r ?blind\w*|keyboard navigation|focus (outline|ring|indicator)|contrast|font size|text size|zoom|alt text|a11y|dyslex\w*|barrierefrei\w*|accesibilidad|acessibilidade|accessibilità|toegankelijk\w*)\b/i,
  search:
    /\b(search\w*|filter\w*|sort\w*|results|recherche|suche|such\w*|búsqueda|buscar|buscador|pesquisa|busca|ricerca|cerca|zoek\w*)\b/i,
  content:
    /\b(article|articles|text|typo|spelling|translation|wording|copy|content|description|photo|photos|image|images|video|videos|blog|faq|help (article|page)s?|outdated|contenu|traduction|inhalt|übersetzung|contenido|traducción|conteúdo|tradução|contenuto|traduzione|inhoud|vertaling)\b/i,
  navigation:
    /\b(navigation|navigate|menu|menus|breadcrumb|back button|link|links|footer|header|sidebar|homepage|home page|find (the|my|where)|hard to find|can'?t find|lost|redirect\w*|404|navegación|navegação|navigazione|menü|navigatie)\b/i,
  design:
    /\b(design|layout|colou?rs?|font|fonts|icon|icons|spacing|theme|dark mode|light mode|logo|overlap\w*|misaligned|alignment|cluttered|ugly|looks?|mise en page|couleur|diseño|cor(es)?|colori|kleur\w*|ontwerp)\b/i,
  notifications:
    /\b(notification\w*|push (notification|message)s?|reminder\w*|alerts|(price|stock|email|e-mail) alerts?|too many (newsletters|e-?mails)|newsletters? (every|each|daily|twice|again|keep)|unsubscribe\w*|e-?mails? (from you|every|each day)|benachrichtigung\w*|notificaci\w*|notificaç\w*|notifiche|melding\w*|désabonner|abmelden|darme de baja|descadastrar|disiscriver\w*|afmelden)\b/i,
  delivery:
    /\b(deliver\w*|shipping|shipped|ship|courier|parcel|package|tracking|livraison|livr\w*|colis|lieferung|versand|paket|envío|entrega|paquete|frete|encomenda|spedizione|consegna|pacco|bezorging|levering|pakket|verzending)\b/i,
  security:
    /\b(security|privacy|breach|hacked|leak\w*|vulnerab\w*|phishing|someone else'?s|other (customers|users)'?|sécurité|confidentialité|sicherheit|datenschutz|seguridad|privacidad|segurança|privacidade|sicurezza|veiligheid)\b/i,
  stability:
    /\b(crash\w*|freez\w*|frozen|hangs?|blank (page|screen)|white screen|error 5\d\d|5\d\d error|outage|is down|plante|abstürz\w*|stürzt|se cierra|trava|si blocca|crasht|loopt vast)\b/i,
  support:
    /\b(support|customer service|help ?desk|chat ?bot|agent|staff|complaint|service client|kundenservice|atención al cliente|atendimento|assistenza|klantenservice)\b/i,
  data: /\b(export\w*|import\w*|csv|excel|pdf|download\w*|upload\w*|backup|sync\w*|data|exporter|herunterladen|descargar|baixar|scaricare|downloaden)\b/i,
} as const satisfies Record<string, RegExp>;

export type Tag = keyof typeof TAG_TAXONOMY;

export interface TagWithEvidence {
  tag: Tag;
  /** The words of the text that point to the tag, lowercased. */
  evidence: string[];
}

/** Tags of the taxonomy the text gives evidence for, in taxonomy order, at most `max`. */
export function tagsWithEvidence(text: string, max = 5): TagWithEvidence[] {
  const out: TagWithEvidence[] = [];
  for (const [tag, pattern] of Object.entries(TAG_TAXONOMY) as [
    Tag,
    RegExp,
  ][]) {
    const global = new RegExp(pattern.source, 'gi');
    const evidence = [
      ...new Set([...text.matchAll(global)].map((m) => m[0].toLowerCase())),
    ];
    if (evidence.length > 0) out.push({ tag, evidence: evidence.slice(0, 4) });
  }
  // Most evidence first when trimming; ties keep taxonomy order.
  return out
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t.evidence.length - a.t.evidence.length || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i)
    .map(({ t }) => t);
}
