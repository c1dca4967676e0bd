/** Boilerplate containers: dropped before scoring in the strict pass. A BEM modifier such as
 *  "Section--Ads" names a variant of a content block that hosts ad slots, not an ad.
 *  "login" is not read inside "blog" + "In...": camel-cased "blogInner", "blogIndex",
 *  "blogInfo" are the article's own wrappers. */
export const UNLIKELY = new RegExp(
  '-ad-|(?<!--)\\bads?\\b|adsense|advert|agegate|banner|breadcrumb|combx|' +
    'comment|community|consent|cookie|cover-wrap|disqus|extra|footer|gdpr|' +
    'header|legends|menu|modal|newsletter|outbrain|pager|pagination|popup|' +
    'promo|related|remark|replies|rss|share|shoutbox|sidebar|skyscraper|social|' +
    'sponsor|subscribe|taboola|tags?\\b|toolbar|widget|yom-remote|signup|' +
    '(?<!b)login|navbar|sharing|editsection|edit-link|reviews?\\b|follow-us|' +
    'recommend|trending|most-popular|byline|author-bio|print-only',
  'i',
);
/** Words that rescue an UNLIKELY match: the element is probably the content wrapper. */
export const MAYBE_CANDIDATE = /and|article|body|column|content|main|shadow|entry|post|story|text/i;
/** Lists of other articles ("related_post", "related-articles") and rating widgets
 *  ("post-ratings") are furniture whatever content word rides along, so no rescue applies. */
export const RELATED = /(?:^|[\s_-])(?:related|ratings?)(?:$|[\s_-])/i;
/** Signs of content. */
export const POSITIVE =
  /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story|prose|rich-text|markdown/i;
/** Signs of boilerplate. Utility classes that clip or scroll a box ("overflow-hidden",
 *  "overflow-y-scroll") say nothing about what it holds. */
export const NEGATIVE = new RegExp(
  '-ad-|(?<!overflow-(?:[xy]-)?)hidden|^hid$| hid$| hid |^hid |banner|combx|' +
    'comment|com-|contact|footer|gdpr|masthead|(?<!no-)media|meta|outbrain|' +
    'promo|related|(?<!overflow-(?:[xy]-)?)scroll|share|shoutbox|sidebar|' +
    'skyscraper|sponsor|shopping|tags|widget|social|byline|author|dateline|' +
    'newsletter|subscribe|cookie|consent|breadcrumb|caption-credit|credit|' +
    'recommend|nav|menu',
  'i',
);
export const BODY_CLASS = new RegExp(
  '(?:^|[\\s_-])(?:entry-content|entry-body|post-content|post-body|' +
    'post-entry|postcontent|postbody|post-text|article-body|article-content|' +
    'article-text|articlebody|articlecontent|article__body|article__content|' +
    'articletext|story-body|story-content|storycontent|story-text|blog-content|' +
    'blog-post-content|single-content|content-body|body-text|bodytext|' +
    'text-content|main-text|page-content|td-post-content|field-body|' +
    'field-name-body|rich-text|richtext|c-article-body|news-text|newstext|' +
    'articolo|artikel|content-text)(?:$|[\\s_-])',
  'i',
);
export const LEAD = new RegExp(
  '(?:^|[\\s_-])(?:lead|leadin|lede|intro|introduction|intro-text|introtext|' +
    'teaser|teaser-text|chapo|chapeau|standfirst|stand-first|summary|subtitle|' +
    'sub-title|subheadline|subhead|deck|dek|excerpt|abstract|kicker-text|' +
    'article-lead|article-intro|article-summary|field-intro)(?:$|[\\s_-])',
  'i',
);
export const TEASER = /(?:^|[\s_-])teasers?(?:$|[\s_-])/i;
/** Picture captions and credits: about the picture (and its rights), not the article. */
export const CAPTION = new RegExp(
  '(?:^|[\\s_-])(?:caption|captions|legend|credit|credits|copyright|' +
    'photo-?credit|image-?credit|img-?credit|bildunterschrift|bildnachweis|' +
    'bildquelle|image-?source|photo-?source|figure-?caption|wp-caption-text|' +
    'media-?caption)(?:$|[\\s_-])',
  'i',
);
/** Post metadata lines: dates, authors, "posted in" lines. Only short ones: a long element
 *  with such a class is a wrapper that happens to carry the word. */
export const POST_META = new RegExp(
  '(?:^|[\\s_-])(?:date|dates|time|timestamp|meta|metadata|metabox|published|' +
    'updated|posted|posted-on|postmeta|entry-meta|post-meta|article-meta|' +
    'post-info|entry-info|dateline|datetime|pubdate|publish-date|publishdate|' +
    'byline|author|authors|author-name|autor|writer|post-author|entry-author|' +
    'tags|tag-list|tagcloud|categories|cat-links|tags-links)(?:$|[\\s_-])',
  'i',
);
/** Boxes that sit inside the article container but are about the site or the author, not the
 *  story: author bios, disclosures and disclaimers, calls to action, the article's own footer
 *  (tags, share and follow lines), and a forum member's signature under each of their posts.
 *  Matched as whole class tokens; a content word beside them does not rescue them ("article-footer"
 *  is the article's footer). Wrappers that merely carry such a token hold far more text than such
 *  a box. */
/** A forum post's signature as a class token's end (SIGNATURE_NAME, FURNITURE_BOX). */
const SIGNATURE_WORD = '(?:message-?|post-?|user-?)?signature';
export const FURNITURE_BOX = new RegExp(
  '(?:^|[\\s_-])(?:author-?box|about-?(?:the-?)?author|author-?bio|' +
    'author-?info|autorenbox|autoren-?info|disclaimer|disclosure|' +
    'affiliate-?(?:text|notice|disclosure|hinweis)|cta|call-to-action|' +
    `(?:article|post|entry|story)-?footer|${SIGNATURE_WORD})(?:$|[\\s_-])`,
  'i',
);
/** A class or id naming the article's writer or contributors ("author-bio", "ContributorsWrapper",
 *  "card author"), not an authority ("authority-badge"). */
export const AUTHOR_BOX_NAME = /author(?!it)|contributor/i;
/** A class token ending in a forum post's signature ("signature", "postsignature",
 *  "ipsEntry__signature", "post-signature"); not one that goes on ("signatures-count",
 *  "digital-signature-row": a petition's tally, a feature). */
export const SIGNATURE_NAME = new RegExp(`(?:^|[\\s_-])${SIGNATURE_WORD}(?:$|\\s)`, 'i');
/** A class or id naming a reader's comment. */
export const COMMENT_NAME = /comment/i;
/** A forum engine's preview of a linked page inside a post (Discourse's "onebox", XenForo's
 *  "unfurl"): its title and summary are the other page's. */
export const LINK_PREVIEW = /(?:^|[\s_-])(?:onebox|unfurl)(?:$|[\s_-])/i;
/** A category's SEO copy set at the foot of its grid ("seofootercopy", "seo-footer-text") is the
 *  page's own text, whatever slot it names. */
export const SEO_COPY = /seo-?_?(?:footer-?)?(?:copy|text|content|description)/i;
export const SHARE = /share|sharing|social|sociable|addthis|print|email-this|follow/i;
/** Class words that hold a SHARE word without naming a share bar: a code highlighter's
 *  "prettyprint", print style sheets' "noprint" / "hidden-print" / Tailwind's "print:" variants
 *  (how the element prints, not a print button), a "follow-up" item. */
export const NOT_SHARE = /prettyprint|(?:no|hidden|visible|d)-?print|print:|follow-?ups?(?:$|[\s_-])/i;
/** A recipe's ingredient list links its items to products or glossary pages: link density
 *  says nothing about it. */
export const INGREDIENTS = /ingredient|zutaten/;
/** A content system's state flag on the article's node: Drupal marks a node "promoted to the
 *  front page" (`node--promoted`, `node-promoted`), which the boilerplate words read as a promo
 *  box. It says how the node is listed elsewhere, not what it is: the class weight and the
 *  score it lowered are given back (the flag's -25 in each). */
export const PROMOTED_NODE = /(?:^|\s)node-{1,2}promoted(?:$|\s)/;
/** Unlikely words that name a layout slot; any other unlikely word (comments, related,
 *  share...) keeps the element out however much text it holds. */
export const LAYOUT_WORDS = /sidebar|header|footer|extra/gi;
export const HEADER_WORD = /header/i;
/** "review" in the singular ("product-review-card", "review-box", an id "acme-x100-review")
 *  names one review: an editor's review of a product is a section of the article, a customer's
 *  a line or two of testimonial. The plural ("reviews", "customer-reviews") is the reviews
 *  section, left out whatever it holds. */
export const WIDGET = /widget|review(?![a-z])/i;
/** The region that holds the widgets is the sidebar or the footer ("widget-area", "widgets",
 *  "widgetized-area"), whatever it holds. */
export const WIDGET_REGION = /widget[-_]?areas?|widgets(?:$|[\s_-])|widgetized/i;
export const DATELINE = /(?:^|[\s_-])dateline(?:$|[\s_-])/i;
