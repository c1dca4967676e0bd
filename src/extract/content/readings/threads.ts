// A discussion thread is all of its posts: the look-alikes of a post a relaxed reading chose,
// the replies a page declared a thread left out with their "comment" wrappers, and the declared
// replies of a thread set in an article template (select/thread-posts.ts, declared-replies.ts).
import type { ChildNode, Element } from 'domhandler';
import { isElement } from '../../dom/walk.js';
import { ElementStats } from '../select/element-stats.js';
import { ATTEMPTS } from '../select/attempt-flags.js';
import { inDeclaredThread, threadPosts, threadReplies } from '../select/thread-posts.js';
import { declaredReplies } from '../select/declared-replies.js';
import { REPLIES_GAIN } from '../thresholds/readings.js';
import { plan, type Plan } from './attempt.js';
import { convert } from './convert.js';
import { reading } from './reading.js';

/** When a relaxed reading chose one short block that is one of several look-alikes (a thread's
 *  opening post beside its replies), all of them are the content. Not after the strict
 *  reading: an article body found there stands alone, and its look-alikes are comments or
 *  teasers. */
export const threadPostsReading = reading<Plan>({
  name: 'thread posts',
  kind: 'container',
  when: 'a relaxed reading was chosen',
  reads: "the chosen container's look-alikes (same tag and classes) with it, in page order",
  accepts: 'more than what was found',
  applies: (_ctx, found) => (found.plan !== null && found.strategy === 'relaxed' ? found.plan : false),
  read(ctx, found, p) {
    let main: Element | null = null;
    for (const r of p.roots)
      if (isElement(r) && (!main || (p.stats.get(r)?.chars ?? 0) > (p.stats.get(main)?.chars ?? 0))) main = r;
    const posts = main && threadPosts(main, p.stats);
    if (!posts) return null;
    return convert(ctx, plan(ctx, posts, p.stats, p.flags), found.strategy + ' + thread posts', ctx.captionsOut);
  },
  accept: (_ctx, found, attempt) => attempt.chars > found.chars,
});

/** A thread declares itself in JSON-LD (a forum page), or in microdata around its posts. */
export const threadRepliesReading = reading<Plan>({
  name: 'thread replies',
  kind: 'container',
  when: 'the page declares a thread (JSON-LD, or microdata around what was found)',
  reads: 'the posts marked up like a kept one that the strict measure left out in reply wrappers, with it',
  accepts: '(1 + REPLIES_GAIN) times what was found, or more',
  applies(ctx, found) {
    const p = found.plan;
    const declared =
      ctx.declaredType === 'forum' || (ctx.declaredType === 'unknown' && p !== null && inDeclaredThread(p.roots));
    return declared && isElement(ctx.frame) && p !== null && p.roots.length > 0 ? p : false;
  },
  read(ctx, found, p) {
    const all = new ElementStats(ctx.frame, ctx.ex.always, ctx.texts);
    const kept = (el: Element): boolean => {
      if (!p.stats.get(el)) return false;
      let inRoot = false;
      for (let a: ChildNode | null = el; a; a = a.parent as ChildNode | null) {
        if (isElement(a) && p.pruned.has(a)) return false;
        if (p.roots.includes(a)) inRoot = true;
      }
      return inRoot;
    };
    const posts = threadReplies(all, kept, (el) => !p.stats.get(el));
    if (!posts) return null;
    return convert(ctx, plan(ctx, posts, all, ATTEMPTS[1]!), found.strategy + ' + replies', ctx.captionsOut);
  },
  accept: (_ctx, found, attempt) => attempt.chars > (1 + REPLIES_GAIN) * found.chars,
});

/** A thread in an article template: its replies, declared Comments in a container named a
 *  thread (declared-replies.ts). */
export const declaredRepliesReading = reading<Plan>({
  name: 'declared replies',
  kind: 'container',
  when: 'the page does not declare a forum, and what was found is a container',
  reads: 'what was found and the declared replies (schema.org Comments) in a container named a thread',
  accepts: '(1 + REPLIES_GAIN) times what was found, or more',
  applies: (ctx, found) => (ctx.declaredType !== 'forum' && found.plan && isElement(ctx.frame) ? found.plan : false),
  read(ctx, found, p) {
    const replies = declaredReplies(p.roots);
    if (!replies) return null;
    const all = new ElementStats(ctx.frame, ctx.ex.always, ctx.texts);
    const posts = [...(p.roots as Element[]), ...replies];
    return convert(ctx, plan(ctx, posts, all, ATTEMPTS[1]!), found.strategy + ' + declared replies', ctx.captionsOut);
  },
  accept: (_ctx, found, attempt) => attempt.chars > (1 + REPLIES_GAIN) * found.chars,
});
