/**
 * The suggested reply to the author and the suggested first step for the
 * company, in the author's language (English, French, German, Spanish,
 * Portuguese, Italian, Dutch; English otherwise), signed with the
 * company's registered name. Companies forward these replies to customers:
 * each kind of feedback gets a reply that fits it (praise is thanked, a
 * question is answered, a bug is acknowledged), never a generic promise.
 */

import { isReplyLanguage, type ReplyLanguage } from './languages.ts';

export type ReplyKind =
  | 'bug-urgent'
  | 'bug'
  | 'feature'
  | 'improvement'
  | 'praise'
  | 'question'
  | 'complaint'
  | 'other'
  | 'unclear';

type Texts = Record<ReplyKind, string> & { sign: (name: string) => string };

const REPLIES: Record<ReplyLanguage, Texts> = {
  en: {
    'bug-urgent':
      'Thank you for reporting this, and sorry for the trouble. We are treating it as urgent and will let you know as soon as it is fixed.',
    bug: 'Thank you for reporting this problem. We will reproduce it and let you know when the fix is released.',
    feature:
      'Thank you for the suggestion! We have added it to the ideas we review when planning new features.',
    improvement:
      'Thank you for telling us what could work better. We will look at it with the team and let you know what changes.',
    praise:
      'Thank you so much for your kind words! We are glad you enjoy it and will pass your message on to the team.',
    question:
      'Thank you for your question. We will get back to you with an answer shortly.',
    complaint:
      'We are sorry about your experience. We will look into it and get back to you.',
    other: 'Thank you for your message. We will get back to you shortly.',
    unclear:
      'Thank you for reaching out. We could not understand this message; could you describe what happened or what you would like to see?',
    sign: (n) => `— The ${n} team`,
  },
  fr: {
    'bug-urgent':
      'Merci de nous avoir signalé ce problème, et désolés pour la gêne. Nous le traitons en priorité et vous préviendrons dès qu’il sera corrigé.',
    bug: 'Merci d’avoir signalé ce problème. Nous allons le reproduire et vous prévenir dès que la correction sera en ligne.',
    feature:
      'Merci pour cette suggestion ! Nous l’avons ajoutée aux idées que nous étudions pour les prochaines fonctionnalités.',
    improvement:
      'Merci de nous dire ce qui pourrait mieux fonctionner. Nous allons l’étudier avec l’équipe et vous tiendrons au courant.',
    praise:
      'Merci beaucoup pour votre message ! Nous sommes ravis que cela vous plaise et transmettons vos compliments à l’équipe.',
    question: 'Merci pour votre question. Nous vous répondons très vite.',
    complaint:
      'Nous sommes désolés de votre expérience. Nous allons examiner la situation et revenir vers vous.',
    other: 'Merci pour votre message. Nous revenons vers vous rapidement.',
    unclear:
      'Merci de nous avoir écrit. Nous n’avons pas compris ce message : pourriez-vous décrire ce qui s’est passé ou ce que vous souhaitez ?',
    sign: (n) => `— L’équipe ${n}`,
  },
  de: {
    'bug-urgent':
      'Danke für die Meldung, und entschuldigen Sie die Unannehmlichkeiten. Wir behandeln das dringend und melden uns, sobald es behoben ist.',
    bug: 'Danke, dass Sie uns dieses Problem gemeldet haben. Wir stellen es nach und sagen Bescheid, sobald die Korrektur verfügbar ist.',
    feature:
      'Danke für den Vorschlag! Wir haben ihn zu den Ideen für kommende Funktionen aufgenommen.',
    improvement:
      'Danke, dass Sie uns sagen, was besser laufen könnte. Wir schauen uns das im Team an und halten Sie auf dem Laufenden.',
    praise:
      'Herzlichen Dank für Ihre netten Worte! Es freut uns sehr, dass es Ihnen gefällt; wir geben das Lob an das Team weiter.',
    question:
      'Danke für Ihre Frage. Wir melden uns in Kürze mit einer Antwort.',
    complaint:
      'Es tut uns leid, dass Sie diese Erfahrung gemacht haben. Wir prüfen das und melden uns bei Ihnen.',
    other: 'Danke für Ihre Nachricht. Wir melden uns in Kürze.',
    unclear:
      'Danke für Ihre Nachricht. Leider konnten wir sie nicht verstehen; können Sie beschreiben, was passiert ist oder was Sie sich wünschen?',
    sign: (n) => `— Ihr ${n}-Team`,
  },
  es: {
    'bug-urgent':
      'Gracias por avisarnos, y perdone las molestias. Lo estamos tratando como urgente y le avisaremos en cuanto esté resuelto.',
    bug: 'Gracias por informarnos de este problema. Vamos a reproducirlo y le avisaremos cuando publiquemos la corrección.',
    feature:
      '¡Gracias por la sugerencia! La hemos añadido a las ideas que revisamos al planificar nuevas funciones.',
    improvement:
      'Gracias por contarnos qué podría funcionar mejor. Lo revisaremos con el equipo y le mantendremos informado.',
    praise:
      '¡Muchas gracias por sus amables palabras! Nos alegra mucho que le guste y se lo transmitiremos al equipo.',
    question: 'Gracias por su pregunta. Le responderemos en breve.',
    complaint:
      'Sentimos mucho su experiencia. Vamos a revisarlo y nos pondremos en contacto con usted.',
    other: 'Gracias por su mensaje. Le responderemos en breve.',
    unclear:
      'Gracias por escribirnos. No hemos podido entender el mensaje; ¿podría describir qué ocurrió o qué le gustaría ver?',
    sign: (n) => `— El equipo de ${n}`,
  },
  pt: {
    'bug-urgent':
      'Obrigado por nos avisar, e desculpe o transtorno. Estamos tratando isso como urgente e avisaremos assim que for corrigido.',
    bug: 'Obrigado por relatar este problema. Vamos reproduzi-lo e avisaremos quando a correção for publicada.',
    feature:
      'Obrigado pela sugestão! Ela foi adicionada às ideias que avaliamos ao planejar novas funcionalidades.',
    improvement:
      'Obrigado por nos dizer o que poderia funcionar melhor. Vamos analisar com a equipe e manteremos você informado.',
    praise:
      'Muito obrigado pelas palavras gentis! Ficamos muito felizes que esteja gostando e vamos repassar o elogio à equipe.',
    question: 'Obrigado pela sua pergunta. Responderemos em breve.',
    complaint:
      'Lamentamos a sua experiência. Vamos verificar o que aconteceu e entraremos em contato.',
    other: 'Obrigado pela sua mensagem. Responderemos em breve.',
    unclear:
      'Obrigado pelo contato. Não conseguimos entender a mensagem; poderia descrever o que aconteceu ou o que gostaria de ver?',
    sign: (n) => `— Equipe ${n}`,
  },
  it: {
    'bug-urgent':
      'Grazie per la segnalazione, e ci scusiamo per il disagio. Lo stiamo trattando come urgente e ti avviseremo appena sarà risolto.',
    bug: 'Grazie per averci segnalato questo problema. Lo riprodurremo e ti avviseremo quando la correzione sarà disponibile.',
    feature:
      'Grazie per il suggerimento! L’abbiamo aggiunto alle idee che valutiamo per le prossime funzionalità.',
    improvement:
      'Grazie per averci detto cosa potrebbe funzionare meglio. Lo valuteremo con il team e ti terremo aggiornato.',
    praise:
      'Grazie mille per le belle parole! Siamo felici che ti piaccia e gireremo i complimenti al team.',
    question: 'Grazie per la domanda. Ti risponderemo a breve.',
    complaint:
      'Ci dispiace per la tua esperienza. Verificheremo e ti ricontatteremo.',
    other: 'Grazie per il messaggio. Ti risponderemo a breve.',
    unclear:
      'Grazie per averci scritto. Non siamo riusciti a capire il messaggio: potresti descrivere cosa è successo o cosa vorresti vedere?',
    sign: (n) => `— Il team di ${n}`,
  },
  nl: {
    'bug-urgent':
      'Bedankt voor je melding, en sorry voor het ongemak. We behandelen dit met spoed en laten het je weten zodra het is opgelost.',
    bug: 'Bedankt voor het melden van dit probleem. We gaan het nabootsen en laten het je weten zodra de oplossing live staat.',
    feature:
      'Bedankt voor je suggestie! We hebben haar toegevoegd aan de ideeën die we bekijken bij het plannen van nieuwe functies.',
    improvement:
      'Bedankt dat je laat weten wat beter kan. We bekijken het met het team en houden je op de hoogte.',
    praise:
      'Heel erg bedankt voor je vriendelijke woorden! Fijn dat je er blij mee bent; we geven het compliment door aan het team.',
    question:
      'Bedankt voor je vraag. We komen zo snel mogelijk bij je terug met een antwoord.',
    complaint:
      'Het spijt ons dat je dit zo hebt ervaren. We zoeken het uit en nemen contact met je op.',
    other: 'Bedankt voor je bericht. We komen zo snel mogelijk bij je terug.',
    unclear:
      'Bedankt voor je bericht. We konden het helaas niet begrijpen; kun je beschrijven wat er gebeurde of wat je graag zou zien?',
    sign: (n) => `— Het ${n}-team`,
  },
};

type FixKind = 'bug-steps' | 'bug' | 'feature' | 'improvement' | 'complaint';

/** First steps for the company; `{where}` is the named page or element, if any. */
const FIXES: Record<
  ReplyLanguage,
  Record<FixKind, string> & { urgent: string; where: (p: string) => string }
> = {
  en: {
    'bug-steps':
      'Follow the steps given to reproduce the problem{where}, add a regression test, then fix and verify it.',
    bug: 'Reproduce the problem{where} (ask the author for any missing steps in the feedback’s conversation), add a regression test, then fix it.',
    feature:
      'Gauge demand for this request{where} (votes, similar feedback), then scope it for the roadmap.',
    improvement:
      'Review the current experience{where} with a few users and simplify what the author found hard.',
    complaint:
      'Check this case with the support team and answer the author in the feedback’s conversation.',
    urgent: 'Treat as urgent: ',
    where: (p) => ` on the ${p}`,
  },
  fr: {
    'bug-steps':
      'Suivre les étapes données pour reproduire le problème{where}, ajouter un test de non-régression, puis corriger et vérifier.',
    bug: 'Reproduire le problème{where} (demander à l’auteur les étapes manquantes dans la conversation du retour), ajouter un test de non-régression, puis corriger.',
    feature:
      'Mesurer la demande pour cette idée{where} (votes, retours similaires), puis la planifier dans la feuille de route.',
    improvement:
      'Revoir le parcours actuel{where} avec quelques utilisateurs et simplifier ce qui a gêné l’auteur.',
    complaint:
      'Examiner ce cas avec le service client et répondre à l’auteur dans la conversation du retour.',
    urgent: 'À traiter en urgence : ',
    where: (p) => ` (${p})`,
  },
  de: {
    'bug-steps':
      'Das Problem{where} mit den angegebenen Schritten nachstellen, einen Regressionstest ergänzen, dann beheben und prüfen.',
    bug: 'Das Problem{where} nachstellen (fehlende Schritte in der Unterhaltung zum Feedback beim Autor erfragen), einen Regressionstest ergänzen, dann beheben.',
    feature:
      'Den Bedarf für diesen Wunsch{where} prüfen (Stimmen, ähnliches Feedback) und ihn für die Roadmap einplanen.',
    improvement:
      'Den aktuellen Ablauf{where} mit einigen Nutzern prüfen und vereinfachen, was den Autor gestört hat.',
    complaint:
      'Den Fall mit dem Kundenservice prüfen und dem Autor in der Unterhaltung zum Feedback antworten.',
    urgent: 'Dringend: ',
    where: (p) => ` (${p})`,
  },
  es: {
    'bug-steps':
      'Seguir los pasos indicados para reproducir el problema{where}, añadir una prueba de regresión y luego corregirlo y verificarlo.',
    bug: 'Reproducir el problema{where} (pedir al autor los pasos que falten en la conversación del comentario), añadir una prueba de regresión y corregirlo.',
    feature:
      'Medir la demanda de esta petición{where} (votos, comentarios similares) y planificarla en la hoja de ruta.',
    improvement:
      'Revisar la experiencia actual{where} con algunos usuarios y simplificar lo que le resultó difícil al autor.',
    complaint:
      'Revisar este caso con el equipo de soporte y responder al autor en la conversación del comentario.',
    urgent: 'Urgente: ',
    where: (p) => ` (${p})`,
  },
  pt: {
    'bug-steps':
      'Seguir os passos indicados para reproduzir o problema{where}, adicionar um teste de regressão e depois corrigir e verificar.',
    bug: 'Reproduzir o problema{where} (pedir ao autor os passos que faltam na conversa do feedback), adicionar um teste de regressão e corrigir.',
    feature:
      'Avaliar a procura por este pedido{where} (votos, feedback semelhante) e planejá-lo no roadmap.',
    improvement:
      'Rever a experiência atual{where} com alguns usuários e simplificar o que o autor achou difícil.',
    complaint:
      'Verificar este caso com a equipe de suporte e responder ao autor na conversa do feedback.',
    urgent: 'Urgente: ',
    where: (p) => ` (${p})`,
  },
  it: {
    'bug-steps':
      'Seguire i passaggi indicati per riprodurre il problema{where}, aggiungere un test di regressione, poi correggere e verificare.',
    bug: 'Riprodurre il problema{where} (chiedere all’autore i passaggi mancanti nella conversazione del feedback), aggiungere un test di regressione e correggere.',
    feature:
      'Valutare la domanda per questa richiesta{where} (voti, feedback simili) e pianificarla nella roadmap.',
    improvement:
      'Rivedere l’esperienza attuale{where} con alcuni utenti e semplificare ciò che l’autore ha trovato difficile.',
    complaint:
      'Verificare il caso con l’assistenza clienti e rispondere all’autore nella conversazione del feedback.',
    urgent: 'Urgente: ',
    where: (p) => ` (${p})`,
  },
  nl: {
    'bug-steps':
      'Volg de gegeven stappen om het probleem{where} na te bootsen, voeg een regressietest toe en los het daarna op.',
    bug: 'Boots het probleem{where} na (vraag de auteur in het gesprek bij de feedback naar ontbrekende stappen), voeg een regressietest toe en los het op.',
    feature:
      'Peil de vraag naar dit verzoek{where} (stemmen, vergelijkbare feedback) en plan het in op de roadmap.',
    improvement:
      'Bekijk de huidige ervaring{where} met een paar gebruikers en vereenvoudig wat de auteur lastig vond.',
    complaint:
      'Bekijk dit geval met de klantenservice en antwoord de auteur in het gesprek bij de feedback.',
    urgent: 'Met spoed: ',
    where: (p) => ` (${p})`,
  },
};

const lang = (language: string): ReplyLanguage =>
  isReplyLanguage(language) ? language : 'en';

/** The reply, in the author's language, signed with the company's registered name when known. */
export function replyText(
  kind: ReplyKind,
  language: string,
  companyName: string | null,
): string {
  const t = REPLIES[lang(language)];
  const name = companyName?.trim();
  return name ? `${t[kind]}\n\n${t.sign(name)}` : t[kind];
}

/** The first step for the company, or null when there is nothing to fix. */
export function fixText(
  kind: ReplyKind,
  language: string,
  opts: { hasSteps: boolean; urgent: boolean; place: string | null },
): string | null {
  const t = FIXES[lang(language)];
  const fixKind: FixKind | null =
    kind === 'bug' || kind === 'bug-urgent'
      ? opts.hasSteps
        ? 'bug-steps'
        : 'bug'
      : kind === 'feature' || kind === 'improvement' || kind === 'complaint'
        ? kind
        : null;
  if (!fixKind) return null;
  const text = t[fixKind].replace(
    '{where}',
    opts.place ? t.where(opts.place) : '',
  );
  return opts.urgent && fixKind.startsWith('bug')
    ? `${t.urgent}${text.charAt(0).toLowerCase()}${text.slice(1)}`
    : text;
}
