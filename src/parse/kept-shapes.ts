// One small page's parse (and, in extract/, its blocks and its content extraction) held for the
// life of the process, so that V8 keeps the code it compiled for every page.
//
// Each page's tokenizer, tree builder, DOM nodes and content context are garbage once the page
// is answered. V8 links an object's hidden class (map) to its parent map only weakly, so when a
// full collection finds no live instance of such a class, it frees the class's maps, and every
// optimized function that checked one is thrown away (`--trace-deopt`: "weak objects") and
// compiled again on the next pages. A full collection with no page in flight is what a worker
// runs after every task of 1 MiB or more (workers/worker-entry.cts) and what bench:speed runs
// before each pass. There, a collection threw away about 200 optimized functions,
// each pass recompiled some 330 on a background thread, and the content row ran 3.2-3.9x the parse
// floor against 2.4-2.7x with this page kept (docs/content-extraction.md, "What the content row
// pays for after a full collection"). One live instance of each class keeps its maps, whatever
// page it came from.
//
// The page below is read at module load; it has what most pages have (a doctype, a head with
// declarations, scripts and styles, comments, entities, every kind of attribute quoting,
// navigation, an article with figures, lists and a table, an SVG icon, a footer), so that the
// fields of the objects it leaves hold the kinds of values real pages give them.

/** The objects held: never read, only kept reachable. */
const KEPT: object[] = [];

/** Keeps `objects` alive for the life of the process (see above). */
export function keepShapes(...objects: object[]): void {
  KEPT.push(...objects);
}

export const SHAPES_PAGE_URL = 'https://example.com/news/2026/11/shapes-page';

export const SHAPES_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>How the river came back &amp; what it took | Example News</title>
<meta name="description" content="A town, a river and twenty years of work.">
<meta property="og:title" content="How the river came back &amp; what it took">
<meta property="og:type" content="article">
<meta name=author content='Ana Lima'>
<link rel="canonical" href="/news/2026/11/shapes-page">
<style>.hidden{display:none} body{margin:0}</style>
<script>window.dataLayer = window.dataLayer || []; if (1 < 2) { dataLayer.push({a: "</div>"}); }</script>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",
"headline": "How the river came back", "author": {"@type": "Person", "name": "Ana Lima"},
"datePublished": "2026-11-02T08:00:00Z"}</script>
</head>
<body class="article-page">
<!-- site header -->
<header id="top" class="site-header"><a href="/" class="logo"><svg viewBox="0 0 10 10" aria-hidden="true">
<path d="M0 0h10v10z"/></svg>Example News</a>
<nav aria-label="Main"><ul><li><a href="/world">World</a></li><li><a href="/science">Science</a></li>
<li class="active"><a href="/local">Local</a></li></ul></nav>
<form action="/search" role="search"><input type="search" name="q" placeholder="Search">
<button type=submit>Go</button></form>
</header>
<div class="hidden" id="cookie-note">We use cookies.</div>
<main id="content">
<article class="post">
<h1 class="headline">How the river came back &amp; what it took</h1>
<p class="byline">By <a rel="author" href="/people/ana-lima">Ana Lima</a> &middot;
<time datetime="2026-11-02">2 November 2026</time></p>
<figure><img src="/img/river.jpg" alt="The river in spring" width="800" height="450">
<figcaption>The river in spring. <span class="credit">Photo: J. Doe</span></figcaption></figure>
<p>Twenty years ago the river that runs through the town was <em>dead</em>: nothing lived in it, and nobody
walked beside it. Today it has fish, birds and a path on both banks, and on a warm evening half the town is
there.</p>
<p>It did not happen by chance. The town&#39;s council bought back the land along the water, one plot at a time,
and a group of volunteers cleared it every Saturday for a decade. &ldquo;We thought it would take five
years,&rdquo; says one of them. &#x201C;It took twenty.&#x201D;</p>
<h2>What changed</h2>
<ul><li>The old mill's weir was taken down, so fish could swim upstream.</li>
<li>Farms upstream planted hedges along their fields.</li><li>The sewage works was rebuilt in 2014.</li></ul>
<p>Each of these cost more than the town could pay alone; the money came from
<a href="https://example.org/fund">a regional fund</a> and from <strong>thousands of small gifts</strong>.</p>
<blockquote><p>The river is the town's best neighbour now.</p></blockquote>
<table><thead><tr><th>Year</th><th>Fish species</th></tr></thead>
<tbody><tr><td>2006</td><td>0</td></tr><tr><td>2026</td><td>14</td></tr></tbody></table>
<p>Not everyone is pleased: some farmers say the hedges cost them land, and the council has had to pay for the
path's upkeep from its own budget since the fund ran out.<br>The work goes on.</p>
<pre><code>level = read_gauge()</code></pre>
</article>
<aside class="related"><h3>Related</h3><ul><li><a href="/local/bridge">The new bridge opens</a></li>
<li><a href="/local/market">The market moves</a></li></ul></aside>
</main>
<footer class="site-footer"><p>&copy; 2026 Example News. <a href="/about">About</a> <a href="/contact">Contact</a></p>
</footer>
<script src="/app.js" defer></script>
</body>
</html>
`;
