/** A widget label that is the whole line: "Kommentare (3)", "Print", "Teilen:", a post's "Reply". */
export const WIDGET_WORD = new RegExp(
  '^(?:\\d+ )?(?:kommentare?|kommentieren|comments?|comentarios?|repl(?:y|ies)|' +
    'commentaires?|komentarze?|drucken|print|teilen|share|compartir|partager|' +
    'udostępnij)(?: ?\\(?\\d+\\)?)?\\s*[:.!]?$',
  'iu',
);
/** Lines that open a comment, share or rating widget. */
export const WIDGET_LEAD = new RegExp(
  '^(?:' +
    [
      'kommentare? (?:schreiben|verfassen|hinzufügen|abgeben)',
      'kommentare (?:sind )?geschlossen',
      'keine kommentare',
      'kommentare zu',
      'kommentieren sie',
      'leave a (?:comment|reply)',
      '(?:write|add|post) a comment',
      'comments are closed',
      'no comments',
      'comment by',
      'deja (?:un|tu) comentario',
      'laisser un commentaire',
      'dodaj komentarz',
      'pingback',
      'trackback',
      '(?:diesen )?artikel (?:teilen|bewerten|drucken)',
      'teilen (?:sie )?(?:dies|den artikel|mit)',
      'share (?:this|the) (?:article|post|story|page)',
      'möchten sie (?:den|diesen) artikel teilen',
      'hier können sie den artikel bewerten',
      'bewerten sie (?:diesen|dieses|den)',
      'rate this (?:article|post|recipe)',
      'print (?:this )?(?:recipe|article|page)',
      'sie sind (?:aktuell )?nicht (?:eingeloggt|angemeldet)',
      'you must be logged in',
      'nur (?:angemeldete|registrierte|eingeloggte) (?:benutzer|nutzer|user|mitglieder)',
      'only (?:registered|logged[- ]in) (?:users|members)',
      'noch keine kommentare',
      'sei (?:der|die) erste',
      'be the first to (?:comment|like)',
      '(?:\\S+ )*als pdf (?:herunterladen|speichern)',
      'download (?:as )?pdf',
      'pdf version',
    ].join('|') +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);
/** What a script prints while it waits or when it fails, the whole line: "Loading...", "Oops!
 *  Something went wrong.", "There was a problem calculating your shipping. Please try again."
 *  A failure is told by the line's opening words or by its closing request to try again, so
 *  that prose about errors ("the status is 0 even if an error occurred") stays. */
export const STATE_NOTICE = new RegExp(
  '^(?:(?:loading|please wait|wird geladen|bitte warten|cargando|chargement(?: en cours)?|caricamento|' +
    'carregando|ładowanie)(?:\\.\\.\\.|…)?' +
    '|(?:(?:oops|sorry|uh[- ]oh|error|hoppla)\\W+)?(?:something went wrong|an? (?:unexpected )?error ' +
    '(?:has )?occurred|there was an? (?:problem|error)|etwas ist schiefgelaufen|ein fehler ist aufgetreten|' +
    'se ha producido un error|ha ocurrido un error|une erreur (?:est survenue|s.est produite))' +
    '(?![\\p{L}\\p{N}]).*|.*(?:please try again(?: later)?|bitte versuchen sie es (?:später )?(?:erneut|noch ' +
    'einmal)|(?:inténtalo|intente|vuelva a intentarlo) de nuevo|veuillez réessayer)[.!]?)$',
  'iu',
);
/** A count of what a listing holds: "1,072 results", "(143 products)", "Products (83)", "Showing
 *  1–24 of 143". */
const LISTING_NOUN =
  '(?:results?|products?|items?|matches|listings?|ergebnisse|artikel|produkte|résultats|produits|' +
  'resultados|productos|risultati|prodotti)';
const COUNT = '\\d[\\d,.]*';
/** The bar over a listing's grid, the whole line: its count of results (a live region's
 *  "loaded 143 results" included) and its sort and page-size controls' labels ("Sort by:",
 *  "Sort: Best Match", "Show:"). A line of a listing's furniture, not a card's: a sentence
 *  that names a count or a sort order ("Sort the results by date") is not the whole line. */
export const LISTING_TOOLBAR = new RegExp(
  '^(?:' +
    [
      `(?:loaded )?${COUNT} ${LISTING_NOUN}(?: (?:found|gefunden|trouvés?|encontrados))?`,
      `${LISTING_NOUN} ?\\(${COUNT}\\)`,
      `\\(${COUNT} ${LISTING_NOUN}\\)`,
      `showing (?:${COUNT} ?(?:-|–|to) ?)?${COUNT} of ${COUNT}(?: ${LISTING_NOUN})?`,
      '(?:sort|sortieren|trier|ordenar|ordina)(?: (?:by|nach|par|por|per))? ?:.{0,30}',
      'sort by|sortieren nach|trier par|ordenar por|ordina per',
      'show ?:',
    ].join('|') +
    ')$',
  'iu',
);
/** Card actions and stock flags, the whole line (lower-cased, spaces collapsed). */
export const CARD_CONTROL = new RegExp(
  '^(?:\\+\\s?)?(?:' +
    [
      'quick ?(?:shop|view|add|buy|look)',
      'add to (?:cart|bag|basket|wish ?list|compare|favou?rites)',
      'wish ?list',
      'compare',
      'choose options',
      'select options',
      'more options',
      'loading(?:\\.\\.\\.|…)?',
      'calculate shipping',
      'view (?:details|product|company profile)',
      'shop now',
      'buy now',
      'book now',
      'see details',
      'rate this (?:book|item|product)',
      'clear rating',
      'see all reviews',
      'toggle caption',
      'get reward points',
      'back to project',
      'read full story(?: →)?',
      'more',
      'in stock',
      'out of stock',
      'low stock',
      'back-?order',
      'sold out',
      'sales? ends? soon',
      'available now',
      'available for shipping',
      'free fast delivery',
      // badges on the card's picture
      'top rated',
      'new',
      'new arrivals?',
      'sale',
      'on sale',
      'best ?sellers?',
      'limited edition',
      'online only',
      'exclusive',
      // the labels of a quick-buy form's fields
      'qty:?',
      'size',
      'type',
      'colou?rs?',
    ].join('|') +
    ')$',
  'u',
);
/** A product's stock, named anywhere in a short line ("In stock", "Sold out", "Low in stock, only 6 left"). */
export const STOCK = /\b(?:in|out of|low in|low) stock\b|\bsold out\b/i;
/** Headings that announce other products or the customers' words. */
export const RAIL_HEADING = new RegExp(
  '^(?:you (?:may|might) also (?:like|love)|customers (?:also|who) .{0,40}|' +
    'people (?:also|who) .{0,40}|related (?:products|items)|similar (?:items|' +
    'products)|frequently bought together|' +
    'how about these\\??|complete the look|more from .{1,40}|sponsored.{0,40}|' +
    'explore (?:related|more) .{0,30}|recently viewed.{0,20}|' +
    '(?:show )?variations of this (?:product|style|item)|(?:get|shop) the look|' +
    'ideas based on .{1,40}|this is what customers .{0,50}|' +
    'bundles? (?:&|and) (?:offers|save)|choose your add-ons?)$',
  'i',
);
