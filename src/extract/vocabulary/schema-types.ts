export const ARTICLE_TYPE = new RegExp(
  '^(?:Article|NewsArticle|BlogPosting|TechArticle|ScholarlyArticle|Report|' +
    'OpinionNewsArticle|AnalysisNewsArticle|ReportageNewsArticle|' +
    'LiveBlogPosting|Recipe|HowTo|SocialMediaPosting)$',
);
export const PRODUCT_TYPE =
  /^(?:Product|ProductGroup|IndividualProduct|Offer|AggregateOffer|SoftwareApplication|Book|Vehicle)$/;
/** Goods as a page's subject: PRODUCT_TYPE without an offer alone (events and services carry offers too). */
export const GOODS_TYPE = /^(?:Product|ProductGroup|IndividualProduct|Book|Vehicle)$/;
export const FORUM_TYPE = /^(?:DiscussionForumPosting|QAPage|Question)$/;
/** An FAQ's questions are the site's own answers (a shop's or a service's FAQ block), not a thread. */
export const FAQ_TYPE = /^FAQPage$/;
export const LISTING_TYPE = /^(?:ItemList|CollectionPage|SearchResultsPage|OfferCatalog)$/;
export const OFFER_TYPE = /^(?:Offer|AggregateOffer)$/;
/** The page itself is a list (OfferCatalog also names a shop's menus of departments). */
export const LIST_PAGE_TYPE = /^(?:ItemList|CollectionPage|SearchResultsPage)$/;
/** A thread declared in microdata rather than JSON-LD: schema.org's thread types set as an
 *  `itemtype` on the element holding the posts. */
export const THREAD_ITEMTYPE = /schema\.org\/(?:DiscussionForumPosting|QAPage)\/?$/;
export const COMMENT_ITEMTYPE = /schema\.org\/Comment\/?$/;
/** A person item (a post's author in a forum's member panel). */
export const PERSON_ITEMTYPE = /schema\.org\/Person\/?$/;
/** schema.org types of a thread's posts. Not Article/BlogPosting: an article's byline stays out. */
export const POST_ITEMTYPE = /schema\.org\/(?:DiscussionForumPosting|Comment|Answer|Question|SocialMediaPosting)\/?$/;
export const RECIPE_TYPE = /(?:^|[\s/])Recipe(?:$|\s)/;
export const INGREDIENT_PROP = /(?:^|\s)(?:recipeIngredient|ingredients)(?:$|\s)/;
export const AUTHOR_PROPS = /\b(?:author|creator|datePublished|dateModified)\b/;
export const LEAD_PROPS = new Set(['description', 'alternativeHeadline', 'abstract']);
export const ARTICLE_BODY_TYPES = /article|posting|report|blog|review|recipe|howto|webpage|creativework/i;
