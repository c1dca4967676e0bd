// A markdown document -> cleaned content. The document is all content (a markdown file has no
// navigation, no sidebar, no footer of a site around it): its page is read whole, not searched for
// the main content as a web page is, so that no list of links or short line of a README is taken
// for chrome. The title, the title line and the parts are the HTML path's (clean-document.ts).
import type { Document, Element } from 'domhandler';
import { dropTitleAndByline } from '../extract/content/passes/title-and-byline.js';
import { isHiddenByMarkup } from '../extract/dom/visibility.js';
import { createUrlResolver } from '../extract/dom/url-resolver.js';
import { findElement } from '../extract/dom/walk.js';
import { markdownPage } from '../extract/markdown/markdown-page.js';
import { pageTitles } from '../extract/page/headline.js';
import { toBlocks } from '../extract/to-blocks/to-blocks.js';
import { inlineText } from '../extract/to-blocks/block-text.js';
import { collapseWhitespace } from '../extract/dom/measures.js';
import { answerBlocks, type CleanOptions } from './clean-document.js';
import type { CleanResult } from './clean-task.js';

export function cleanMarkdown(source: string, options: CleanOptions): CleanResult {
  return cleanMarkdownPage(markdownPage(source).doc, options);
}

/** The same, for the page already made of the document (the metadata tool reads it first). */
export function cleanMarkdownPage(doc: Document, options: CleanOptions): CleanResult {
  const titles = pageTitles(doc, options.finalUrl);
  const declared = options.profile === 'content' ? titles.headline : titles.declared;
  const body = findElement(doc, (el: Element) => el.name === 'body');
  const read = body ? toBlocks(body, createUrlResolver(doc, options.finalUrl), { isHidden: isHiddenByMarkup }) : [];
  // Without a title of the page's own, the heading that opens it ("## Changelog"), as a web page's
  // extraction reads one (clean-document.ts).
  const opening = read[0]?.type === 'heading' ? collapseWhitespace(inlineText(read[0].children)) : '';
  const title = declared || opening;
  // As on a web page, the heading that repeats the title is not body text (the title line, when
  // asked for, prints it; data.title always holds it).
  return answerBlocks(dropTitleAndByline(read, title), title, options, options.profile, false);
}
