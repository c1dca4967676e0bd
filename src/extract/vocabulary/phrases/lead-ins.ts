/**
 * Lead-ins of "other articles" boxes in the major languages of the web. A line that starts
 * with one of these and stays short ("Mehr zum Thema auf example.org") is the box's label.
 */
export const RELATED_LEAD_IN = new RegExp(
  '^(?:' +
    [
      // English
      'related(?: articles?| posts?| stories| content| coverage| topics| reading| news| links)?',
      'read (?:also|more|next)',
      'also read',
      'see also',
      'more on this(?: topic| story)?',
      'further reading',
      'you (?:may|might) (?:also )?(?:like|enjoy|be interested)',
      'recommended (?:for you|reading|articles|stories)',
      'more (?:stories|articles) (?:like this|from)',
      "don't miss",
      // German
      'mehr zum thema',
      'auch interessant',
      'ebenfalls interessant',
      'das (?:könnte|dürfte) (?:sie|dich|euch|ihnen) (?:auch )?interessieren',
      'das thema könnte (?:sie|dich|euch) (?:auch )?interessieren',
      '(?:lesen sie|lies) (?:auch|mehr|weiter)',
      'zum weiterlesen',
      'weiterlesen',
      'schon gelesen',
      'passend (?:dazu|zum thema)',
      'ähnliche (?:artikel|beiträge|themen|news)',
      'verwandte (?:artikel|beiträge|themen)',
      'weitere (?:artikel|beiträge|themen|news|meldungen|nachrichten)',
      'mehr themen',
      'empfohlene (?:artikel|beiträge)',
      // Rails of the site's other pages: "Mehr aus der Sendung", "Viel gelesen in Handel",
      // "Weitere Tourentipps in Schweden"
      'mehr aus (?:der|dem|diesem|dieser) (?:sendung|ressort|rubrik|reihe|serie|kategorie)',
      '(?:viel|meist) ?gelesene?',
      'weitere [\\p{L}-]*tipps',
      'neueste (?:artikel|beiträge|nachrichten)',
      '(?:heute )?empfehlen wir',
      'wir empfehlen (?:auch|außerdem|ihnen|dir|euch)',
      'diese (?:artikel|beiträge) könnten (?:sie|dich|euch) (?:auch |ebenfalls )?interessieren',
      'siehe auch',
      // Spanish / Portuguese
      'temas relacionados',
      '(?:noticias|artículos|notas|contenidos?) relacionad[oa]s',
      'le(?:e|a) (?:también|más)',
      '(?:también )?te puede interesar',
      'le puede interesar',
      'sigue leyendo',
      'seguir leyendo',
      'leia (?:também|mais)',
      'veja também',
      '(?:notícias|artigos) relacionad[oa]s',
      // French / Italian
      '(?:à )?lire aussi',
      '(?:à )?voir aussi',
      'sur le même sujet',
      'articles similaires',
      'dans la même rubrique',
      'leggi anche',
      'articoli correlati',
      '(?:ti )?potrebbe(?:ro)? interessarti',
      'vedi anche',
      // Polish / Dutch
      '(?:czytaj|przeczytaj|zobacz) (?:też|także|również|więcej)',
      'polecamy',
      'powiązane artykuły',
      'lees ook',
      'gerelateerde artikelen',
      // Links to other pages of the site: archives, next and previous article
      'alle (?:nachrichten|artikel|beiträge|news|meldungen)',
      'weitere informationen zu[mr]?',
      'vorschau auf (?:den|die) nächsten?',
      '(?:next|previous) (?:article|post|story)',
      '(?:nächster|vorheriger) (?:artikel|beitrag)',
      'artículo (?:anterior|siguiente)',
      'article (?:précédent|suivant)',
    ].join('|') +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);
/**
 * Labels of the contact / further-information / sources box under a press release or post,
 * when the label is the whole line (the box's text itself is judged on its own).
 */
export const APPENDIX_LABEL = new RegExp(
  '^(?:weitere (?:informationen|infos)|zusatzinformationen|' +
    'mehr (?:informationen|infos)|further information|more information|' +
    'más información|plus d.informations?|(?:presse)?kontakt|(?:press |' +
    'media )?contacts?|ansprechpartner(?:in)?(?: zum thema)?|' +
    'quellen(?:angaben)?|kontaktieren sie uns(?: gerne)?(?: auch)?(?: direkt)?|' +
    'contact us(?: directly)?|(?:pressesprecher|pressereferent)(?:\\*in|:in|in|' +
    "innen)?(?: \\p{Lu}[\\p{L}.'-]*){0,3})\\s*[:.]?$",
  'iu',
);
/** The label of a table of contents ("Inhaltsverzeichnis", "Table of contents"): the list of
 *  links under it goes as a link list, the label would stand alone. */
export const TOC_LABEL = new RegExp(
  '^(?:inhaltsverzeichnis|table of contents|contents|sommaire|' +
    'table des matières|índice|indice|spis treści|inhoudsopgave|innehåll|' +
    'indholdsfortegnelse)\\s*[:.]?$',
  'iu',
);
/** "Back to the overview" links left as text. */
export const BACK_LINK = new RegExp(
  '^[\\W_]*(?:zurück|back|retour|volver|powrót)(?: (?:to|zur|zum|zu|nach|à|' +
    'a la|al|do) .{0,30}(?:übersicht\\w*|startseite|seite|liste\\w*|top|oben|' +
    'home|overview|index|meldungen|newsroom|accueil|inicio|lexikon|ansicht|' +
    'blog|news|\\w+seite))?\\W*$',
  'iu',
);
/** The sentence or label of a blog's post-metadata footer ("This entry was posted on ... and is
 *  filed under ...", "Der Beitrag wurde am ... veröffentlicht", "Abgelegt unter: ..."). */
export const POST_META_LEAD = new RegExp(
  '^(?:this entry was posted|(?:der|dieser) (?:beitrag|eintrag|' +
    'artikel) wurde am|abgelegt unter|filed under|veröffentlicht in|posted in|' +
    'release date)(?![\\p{L}\\p{N}])',
  'iu',
);
/** The blog system's full footer goes on to the comment feed and trackbacks ("You can follow
 *  any responses to this entry through the RSS 2.0 feed", "Du kannst ... einen Trackback ...
 *  einrichten"): longer, and no sentence of an article talks so. */
export const POST_META_FEED = /\b(?:rss|trackbacks?|pingbacks?|pings|feed)\b/i;
