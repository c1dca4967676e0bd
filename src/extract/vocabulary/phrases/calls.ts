/** Newsletter, subscription, "support us" and "follow us" calls in the major languages. */
export const CALL_TO_ACTION = new RegExp(
  [
    'subscribe (?:to|for|now|and|here)',
    'sign(?:ing)? up (?:for|to|here|now)',
    '\\babonnier',
    'abonnez-vous',
    'inscrivez-vous',
    'suscr[ií]b(?:ete|ite|ase)',
    'zapraszamy (?:też )?do subskrypcji',
    'support (?:our|independent|quality) (?:work|journalism)',
    'unterstützen sie (?:uns|diese)',
    'unterstütze uns',
    'apóyanos',
    'hazte (?:miembro|socio)',
    'become a (?:member|patron|supporter|subscriber)',
    'werden sie mitglied',
    'follow us',
    'folg(?:e|t|en sie) uns',
    'síguenos',
    'suivez[- ]nous',
    'obserwuj nas',
    'nuestro canal de',
    'unseren? (?:youtube|instagram|tiktok)',
    'our (?:youtube|instagram|tiktok) (?:channel|account)',
  ].join('|'),
  'i',
);
/**
 * Appeals to support, join or pay for the publication, and ads for the site's own app or ad
 * space: imperatives no article prose uses about itself ("Unterstütze unser Magazin mit einem
 * kleinen Beitrag", "Apóyanos", "Would you consider supporting our work?"). Such a box is often
 * a whole paragraph of pitch, so it is judged up to APPEAL_MAX_CHARS.
 */
export const SUPPORT_APPEAL_PHRASES: ReadonlyArray<readonly [word: string, phrase: string]> = [
  // Each phrase with a word it cannot match without (written in it, outside any optional part).
  ['support', 'consider supporting'],
  ['support', 'support (?:our|independent|quality) (?:work|journalism|reporting)'],
  ['become a', 'become a (?:member|patron|supporter|subscriber)'],
  ['join now', 'join now or renew'],
  ['first-time', 'first-time subscribers'],
  ['advertise', 'advertise with us'],
  ['straight to', 'straight to your (?:phone|inbox)'],
  // Asking for money, not for a petition or a cause ("unterstützen Sie unsere Forderung").
  ['unterstütz', '(?:unterstütze|unterstützen sie) (?:uns|unser\\p{L}*)(?: \\p{L}+)? mit (?:einem|einer|\\d)'],
  ['unterstütz', 'brauchen wir (?:deine|eure|ihre) unterstützung'],
  // An amount names the money whatever is supported ("Unterstütze RosaMag bereits mit 2,50!").
  ['unterstütz', '(?:unterstütze|unterstützen sie) \\S+(?: \\S+)? (?:bereits |schon |ab )?mit (?:\\d|€)'],
  ['mitglied', 'werden sie mitglied'],
  ['beitrag', 'ihr beitrag hilft'],
  ['apóyanos', 'apóyanos'],
  ['hazte', 'hazte (?:miembro|socio)'],
  ['únete', 'únete a nuestra comunidad'],
  ['cancela', 'cancela cuando quieras'],
  ['soutenez', 'soutenez[- ](?:nous|notre)'],
  ['wesprzyj', 'wesprzyj nas'],
];
export const SUPPORT_APPEAL = new RegExp(SUPPORT_APPEAL_PHRASES.map(([, phrase]) => phrase).join('|'), 'iu');
/** The phrases' words, with the same flags: a line without any of them holds no appeal. Most
 *  lines hold none, and this scan costs about half of the phrases' (their alternatives are
 *  tried at each place of the line). */
export const SUPPORT_APPEAL_WORD = new RegExp(
  [...new Set(SUPPORT_APPEAL_PHRASES.map(([word]) => word))].join('|'),
  'iu',
);
/** A line naming a newsletter is a call only when it is a label or asks the reader to act:
 *  "The newsletter reached 10,000 readers" is prose. */
export const NEWSLETTER = /newsletter/i;
export const NEWSLETTER_CALL = new RegExp(
  'abonn|subscri|sign(?:ing)? ?up|anmeld|register|registrier|inscri|suscri|' +
    'bestell|iscriv|zapisz|receive|erhalt|bekomm|recib|recev|get (?:the|our)|' +
    'join (?:our|the|us)|hol (?:dir|euch)|holen sie|kostenlos|gratis|free\\b|' +
    'e-?mail',
  'i',
);
/** "Follow X on Twitter and Instagram ...": a follow call naming social networks is furniture
 *  even with contact details appended. */
export const SOCIAL_FOLLOW = new RegExp(
  '\\b(?:follow|folg\\w*|síg\\w*|suiv\\w*|obserwuj)\\b.{1,80}\\b(?:twitter|' +
    'facebook|instagram|youtube|tiktok|linkedin|whatsapp|telegram|mastodon)\\b',
  'iu',
);
/** Cheap first test: most lines name no network at all. */
export const SOCIAL_NETWORK = /twitter|facebook|instagram|youtube|tiktok|linkedin|whatsapp|telegram|mastodon/i;
/** Advertising labels standing alone ("Anzeige", "- Advertisement -", "Reklama"). */
export const AD_LABEL = new RegExp(
  '^[\\W_]*(?:anzeige|werbung|reklama|publicidad|publicité|pubblicità|' +
    'advertisement|advertorial|sponsored|gesponsert)[\\W_]*$',
  'iu',
);
