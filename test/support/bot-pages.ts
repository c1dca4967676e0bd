// Anti-bot challenge and block pages as the vendors serve them (markup, status, headers and
// cookies modelled on real captures, trimmed), plus control pages that merely talk about the
// vendors or are served through them. Used by the detector's unit tests and the loopback site.

export interface BotPage {
  name: string;
  /** Vendor the detector should name; null for the controls. */
  vendor: string | null;
  status: number;
  headers: Record<string, string>;
  cookies?: string[];
  body: string;
}

const CF_CHALLENGE =
  `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>` +
  `<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">` +
  `<meta http-equiv="X-UA-Compatible" content="IE=Edge"><meta name="robots" content="noindex,nofollow">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1"><style>` +
  `*{box-sizing:border-box;margin:0;padding:0}html{line-height:1.15;-webkit-text-size-adjust:100%;` +
  `color:#313131}body{display:flex;flex-direction:column;height:100vh;min-height:100vh}.main-content{margin:8rem ` +
  `auto;max-width:60rem;padding-left:1.5rem}</style><meta http-equiv="refresh" content="390"></head>` +
  `<body class="no-js"><div class="main-wrapper" role="main"><div class="main-content"><noscript>` +
  `<div id="challenge-error-title"><div class="h2"><span class="icon-wrapper">` +
  `<div class="heading-icon warning-icon"></div></span><span id="challenge-error-text">` +
  `Enable JavaScript and cookies to continue</span></div></div></noscript></div></div><script>` +
  `(function(){window._cf_chl_opt={cvId: '3',cZone: "www.example.com",cType: 'managed',cRay: '8e1f2a3b4c5d6e7f',` +
  `cH: 'Xy1.abc',cUPMDTk: "\\/?__cf_chl_tk=abc",cFPWv: 'b',cITimeS: '1730000000'};var cpo = ` +
  `document.createElement('script');cpo.src = ` +
  `'/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8e1f2a3b4c5d6e7f';window._cf_chl_opt.cOgUHash = ` +
  `location.hash === '' && location.href.indexOf('#') !== -1 ? '#' : location.hash;` +
  `document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`;

const CF_INTERSTITIAL_200 =
  `<!DOCTYPE HTML>
<html lang="en-US">
<head>
  <meta charset="UTF-8" />
  <meta http-equiv="X-UA-Compatible" content="IE=Edge,chrome=1" />
  <meta name="robots" content="noindex, nofollow" />
  <title>Just a moment...</title>
  <link href="/cdn-cgi/styles/cf.errors.css" rel="stylesheet" type="text/css" />
</head>
<body>
  <div id="cf-wrapper">
    <div class="cf-browser-verification cf-im-under-attack">
      <noscript><h1 data-translate="turn_on_js">Please turn JavaScript on and reload the page.</h1></noscript>
      <div id="cf-content">
        <h1><span data-translate="checking_browser">Checking your browser before accessing</span> example.org.</h1>
        <p data-translate="process_is_automatic">` +
  `This process is automatic. Your browser will redirect to your requested content shortly.</p>
        <p data-translate="allow_5_secs">Please allow up to 5 seconds&hellip;</p>
      </div>
      <form class="challenge-form" id="challenge-form" action="/?__cf_chl_jschl_tk__=pmd_abc" method="POST" ` +
  `enctype="application/x-www-form-urlencoded">
        <input type="hidden" name="md" value="abc"/>
        <input type="hidden" name="r" value="def"/>
      </form>
    </div>
    <div class="attribution">DDoS protection by ` +
  `<a rel="noopener noreferrer" href="https://www.cloudflare.com/5xx-error-landing/" target="_blank">Cloudflare` +
  `</a><br /><span class="ray_id">Ray ID: <code>8e1f2a3b4c5d6e7f</code></span></div>
  </div>
</body>
</html>`;

const CF_BLOCK =
  `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>Attention Required! | Cloudflare</title>
<meta charset="UTF-8" />
<meta name="robots" content="noindex, nofollow" />
<link rel="stylesheet" id="cf_styles-css" href="/cdn-cgi/styles/cf.errors.css" />
</head>
<body>
  <div id="cf-wrapper">
    <div id="cf-error-details" class="cf-error-details-wrapper">
      <div class="cf-wrapper cf-header cf-error-overview">
        <h1 data-translate="block_headline">Sorry, you have been blocked</h1>
        <h2 class="cf-subheadline"><span data-translate="unable_to_access">You are unable to access</span>` +
  ` example.net</h2>
      </div>
      <div class="cf-section cf-wrapper">
        <div class="cf-columns two">
          <div class="cf-column">
            <h2 data-translate="blocked_why_headline">Why have I been blocked?</h2>
            <p data-translate="blocked_why_detail">` +
  `This website is using a security service to protect itself from online attacks. The action you just performed ` +
  `triggered the security solution. There are several actions that could trigger this block including submitting ` +
  `a certain word or phrase, a SQL command or malformed data.</p>
          </div>
          <div class="cf-column">
            <h2 data-translate="blocked_resolve_headline">What can I do to resolve this?</h2>
            <p data-translate="blocked_resolve_detail">` +
  `You can email the site owner to let them know you were blocked. Please include what you were doing when this ` +
  `page came up and the Cloudflare Ray ID found at the bottom of this page.</p>
          </div>
        </div>
      </div>
      <div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left ` +
  `border-solid border-0 border-t border-gray-300">
        <p class="text-13"><span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: ` +
  `<strong class="font-semibold">8e1f2a3b4c5d6e7f</strong></span></p>
      </div>
    </div>
  </div>
</body>
</html>`;

const AKAMAI = `<HTML><HEAD>
<TITLE>Access Denied</TITLE>
</HEAD><BODY>
<H1>Access Denied</H1>
 
You don't have permission to access "http&#58;&#47;&#47;www&#46;example&#46;com&#47;news&#47;story" on this server.<P>
Reference&#32;&#35;18&#46;5f3d2017&#46;1730000000&#46;2a1b3c4d
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;5f3d2017&#46;1730000000&#46;2a1b3c4d</P>
</BODY>
</HTML>
`;

const DATADOME = `<html lang="en"><head><title>example.com</title><style>#cmsg{animation: A 1.5s;}@keyframes A{0%{opacity:0;}99%{opacity:0;}100%{opacity:1;}}</style></head><body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p><script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA1b2c3d4e5f6AAAAA==','hsh':'2211F522B61E269B869FA6EAFFB5E1','t':'fe','s':17434,'e':'abcdef0123456789','host':'geo.captcha-delivery.com','cookie':'abcDEF'}</script><script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;

const PERIMETERX =
  `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="px-captcha">
  <title>Access to this page has been denied</title>
  <style>html,body{margin:0;padding:0;font-family:Helvetica,Arial,sans-serif;` +
  `background-color:#fff}.container{width:100%;text-align:center}</style>
</head>
<body>
  <section class="container">
    <div class="content">
      <h1>Before we continue...</h1>
      <p>Press &amp; Hold to confirm you are a human (and not a bot).</p>
      <div id="px-captcha"></div>
      <p class="reference">Reference ID 6f2a1b3c-9d8e-11ef-a1b2-0242ac120002</p>
    </div>
  </section>
  <script>
    window._pxAppId = 'PXabc123de';
    window._pxJsClientSrc = '/abc123de/init.js';
    window._pxFirstPartyEnabled = true;
    window._pxHostUrl = '/abc123de/xhr';
    window._pxreCaptchaTheme = 'light';
    window._pxuuid = '6f2a1b3c-9d8e-11ef-a1b2-0242ac120002';
  </script>
  <script src="/abc123de/captcha/captcha.js?a=c&u=6f2a1b3c&v=&m=0"></script>
</body>
</html>`;

const INCAPSULA =
  `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW">` +
  `<meta name="format-detection" content="telephone=no"><meta name="viewport" content="initial-scale=1.0">` +
  `<meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1"></head><body style="margin:0px;height:100%">` +
  `<iframe id="main-iframe" ` +
  `src="/_Incapsula_Resource?CWUDNSAI=24&xinfo=12-34567890-0%200NNN%20RT%281730000000000%20123%29%20q%280%20-1%20-` +
  `1%20-1%29%20r%280%20-1%29%20B12%284%2c316%2c0%29%20U18&incident_id=1234000560012345678-123456789012345678&edet=` +
  `12&cinfo=04000000&rpinfo=0&mth=GET" frameborder=0 width="100%" height="100%" marginheight="0px" ` +
  `marginwidth="0px">Request unsuccessful. Incapsula incident ID: 1234000560012345678-123456789012345678</iframe>` +
  `</body></html>`;

const SUCURI = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sucuri WebSite Firewall - Access Denied</title>
<link rel="stylesheet" href="https://cdn.sucuri.net/sucuri-firewall-block.css" />
</head>
<body>
<div id="main-container">
  <div id="error-box">
    <h1>Access Denied - Sucuri Website Firewall</h1>
    <p>If you are the site owner (or you manage this site), please whitelist your IP or if you think this block is an error please <a href="https://support.sucuri.net/">open a support ticket</a> and make sure to include the block details (displayed in the box below), so we can assist you in troubleshooting the issue.</p>
    <table class="block-details">
      <tr><td>Your IP:</td><td>203.0.113.7</td></tr>
      <tr><td>URL:</td><td>www.example.org/blog/</td></tr>
      <tr><td>Block ID:</td><td>BNP005</td></tr>
      <tr><td>Block reason:</td><td>Bad bot access attempt.</td></tr>
    </table>
  </div>
  <p class="footer">Sucuri Website Firewall - <a href="https://sucuri.net/website-firewall/">CloudProxy</a>. <a href="https://sucuri.net/privacy-policy">Privacy</a>.</p>
</div>
</body>
</html>`;

const SUCURI_JS =
  `<html><title>You are being redirected...</title>
<noscript>Javascript is required. Please enable javascript before you are allowed to see this page.</noscript>
<script>var s={},u,c,U,r,i,l=0,a,e=eval,w=String.fromCharCode,sucuri_cloudproxy_js='',S='cz0iMnN1Y3VyIjs=';` +
  `L=S.length;U=0;r='';document.cookie='sucuri_cloudproxy_uuid_0123456789=abcdef;path=/;max-age=86400';` +
  `location.reload();</script></html>`;

const AWS_WAF =
  `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title></title>
    <style>body{font-family:"Arial"}</style>
    <script type="text/javascript">
    window.awsWafCookieDomainList = [];
    window.gokuProps = {
"key":"AQIDAHjcYu/GjX+QlghicBgQ/7bFaQZ+m5FKCMDnO+vTbNg96AHmeab",
          "iv":"A6wWMwCMPAAABHxQ",
          "context":"rY8LQ3bcW3hF9j1bmBq2"
};
    </script>
    <script ` +
  `src="https://3e3378af7cd0.5c9b1a2e.us-east-1.token.awswaf.com/3e3378af7cd0/b0f70ab89207/1a1b/challenge.js">` +
  `</script>
</head>
<body>
    <div id="challenge-container"></div>
    <script type="text/javascript">
        AwsWafIntegration.saveReferrer();
        AwsWafIntegration.checkForceRefresh().then((forceRefresh) => {
            if (forceRefresh) {
                AwsWafIntegration.forceRefreshToken().then(() => { window.location.reload(true); });
            } else {
                AwsWafIntegration.getToken().then(() => { window.location.reload(true); });
            }
        });
    </script>
    <noscript><h1>JavaScript is disabled</h1>` +
  `In order to continue, we need to verify that you're not a robot. This requires JavaScript. Enable JavaScript ` +
  `and then reload the page.</noscript>
</body>
</html>`;

const CAPTCHA =
  `<!doctype html>
<html><head><meta charset="utf-8"><title>Security check</title>
<script src="https://www.google.com/recaptcha/api.js" async defer></script></head>
<body><main class="verify">
<h1>One more step</h1>
<p>Please complete the security check to access this site.</p>
<form action="/verify" method="post"><div class="g-recaptcha" ` +
  `data-sitekey="6LcABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"></div><button type="submit">Continue</button></form>
</main></body></html>`;

/** An article about bot protection: every vendor named, the challenge quoted, markup shown as code. */
export const VENDOR_ARTICLE =
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Why your scraper keeps seeing "Just a moment..." | Field Notes` +
  `</title>
<meta property="og:title" content="Why your scraper keeps seeing &quot;Just a moment...&quot;">
<meta name="description" content="A tour of Cloudflare, Akamai, DataDome, PerimeterX, Imperva, Sucuri and AWS WAF ` +
  `challenge pages.">
<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js" async></script>
</head><body>
<header class="site-header"><nav><a href="/">Field Notes</a> <a href="/archive">Archive</a></nav></header>
<main><article>
<h1>Why your scraper keeps seeing "Just a moment..."</h1>
<p class="byline">By Robin Vale</p>
<p>Anyone who has pointed a crawler at a large news site has met the page titled "Just a moment...". It is ` +
  `Cloudflare's managed challenge, and it answers with status 403, a header <code>cf-mitigated: challenge</code>` +
  `, and a tiny document whose only job is to load a script from <code>` +
  `/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1</code> and set <code>window._cf_chl_opt</code>` +
  `. Older sites still show the "Checking your browser before accessing" interstitial with a <code>challenge-form` +
  `</code>, and the block page says "Attention Required! | Cloudflare".</p>
<p>Akamai's edge answers "Access Denied" with a line like "Reference #18.5f3d2017.1730000000.2a1b3c4d" and a link ` +
  `to errors.edgesuite.net. DataDome serves an almost empty page that loads geo.captcha-delivery.com in an iframe ` +
  `and defines <code>var dd={...}</code>. HUMAN, the company formerly known as PerimeterX, asks you to "Press ` +
  `&amp; Hold" a button rendered into <code>&lt;div id="px-captcha"&gt;</code>, configured by <code>` +
  `window._pxAppId</code>.</p>
<pre><code>&lt;html&gt;&lt;head&gt;&lt;title&gt;Just a moment...&lt;/title&gt;&lt;/head&gt;
&lt;script&gt;window._cf_chl_opt={cType:'managed'}&lt;/script&gt;
&lt;iframe src="/_Incapsula_Resource?CWUDNSAI=24"&gt;Request unsuccessful. Incapsula incident ID: 123&lt;/iframe&gt;` +
  `</code></pre>
<p>Imperva, which bought Incapsula, hides its challenge behind an iframe pointing at <code>/_Incapsula_Resource` +
  `</code>, and its block page prints an "Incapsula incident ID". Sucuri's firewall says "Sucuri WebSite Firewall ` +
  `- Access Denied" and sets a <code>sucuri_cloudproxy_uuid</code>` +
  ` cookie from a JavaScript challenge. AWS WAF answers a challenge with status 202 and a script from a <code>` +
  `token.awswaf.com</code> host that calls <code>AwsWafIntegration.getToken()</code>` +
  `; its captcha comes with status 405.</p>
<p>None of these pages is content, and a tool that hands them to a language model as if they were the article does ` +
  `real harm: the model summarises a captcha. The right move is to recognise them from what the protection layer ` +
  `itself puts in the response: headers that only it sends, cookies it sets, and the structure of its tiny ` +
  `documents, which carry a sentence or two of text and a script. An article like this one, which quotes all of ` +
  `those strings, is thousands of characters of prose, and that alone tells it apart.</p>
<p>Generic captcha interstitials work the same way: a "Security check" title, a <code>g-recaptcha</code> or <code>` +
  `h-captcha</code> widget, and a button. Login forms carry the same widgets, which is why the widget alone ` +
  `proves nothing; the page around it does. We measured a thousand news front pages last spring and found ` +
  `challenge pages on roughly one in twelve when crawling from a cloud address, and on almost none from a ` +
  `residential connection, which says more about reputation scores than about the pages themselves.</p>
<p>What should a crawler do? Slow down, identify itself honestly in its User-Agent, respect robots.txt, and treat a ` +
  `challenge as an answer rather than as a puzzle to be solved. Many publishers offer feeds or APIs for exactly ` +
  `the readers who are not people, and those are nearly always the better route.</p>
</article></main>
<footer class="site-footer"><p>Field Notes, 2024</p></footer>
</body></html>`;

/** A normal article served through Cloudflare with Bot Management on (beacon script, cookies). */
export const CLOUDFLARE_SERVED_ARTICLE =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>` +
  `Harbour seals return to the estuary</title></head><body>
<article><h1>Harbour seals return to the estuary</h1>
<p>For the first time in thirty years a colony of harbour seals has been counted on the sandbanks of the estuary, ` +
  `with forty-two animals seen at low tide last Sunday by volunteers from the county wildlife trust.</p>
<p>The recovery follows two decades of work to clean the river, and a ban on netting near the mouth that came into ` +
  `force in 2009. Volunteers say the seals are shy but can be watched from the sea wall with binoculars.</p>
</article>
<script>(function(){function c(){var b=a.contentDocument||a.contentWindow.document;if(b){var ` +
  `d=b.createElement('script');d.innerHTML="window.__CF$cv$params={r:'8e1f2a3b4c5d6e7f',` +
  `t:'MTczMDAwMDAwMC4wMDAwMDA='};var a=document.createElement('script');a.nonce='';` +
  `a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';` +
  `document.getElementsByTagName('head')[0].appendChild(a);";` +
  `b.getElementsByTagName('head')[0].appendChild(d)}}var a=document.createElement('iframe');a.height=1;a.width=1;` +
  `a.style.position='absolute';a.style.top=0;a.style.left=0;a.style.border='none';a.style.visibility='hidden';` +
  `document.body.appendChild(a);c()})();</script>
</body></html>`;

/** A small contact page with a captcha on its form: a page, not an interstitial. */
export const CONTACT_WITH_CAPTCHA =
  `<!doctype html><html><head><title>Contact us - Riverside Bakery</title>` +
  `<script src="https://www.google.com/recaptcha/api.js"></script></head><body>
<h1>Contact us</h1><p>Questions about an order, a cake for a wedding or a delivery? Write to us and we answer ` +
  `within a day. The bakery is open from six in the morning until two in the afternoon, Tuesday to Sunday.</p>
<form action="/contact" method="post"><label>Your name <input name="name"></label><label>Message ` +
  `<textarea name="message"></textarea></label><div class="g-recaptcha" data-sitekey="6LcABCDEF"></div><button>` +
  `Send</button></form>
</body></html>`;

/** A short news brief naming the vendors and quoting their pages, on a Cloudflare-served site. */
export const SHORT_VENDOR_BRIEF =
  `<!doctype html><html><head><title>Just a moment... why bots see this page</title>` +
  `<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></head><body>
<h1>Just a moment... why bots see this page</h1>
<p>Cloudflare, Akamai, DataDome, PerimeterX, Imperva, Sucuri and AWS WAF all put challenge pages in front of ` +
  `crawlers. Readers of this site saw "Request unsuccessful. Incapsula incident ID" and "Access Denied" pages ` +
  `last week while our provider was being changed.</p>
<p>The migration is finished, and pages should load normally again. If you still see a captcha, clear your cookies ` +
  `and reload.</p>
</body></html>`;

/** A bare Cloudflare challenge as a minimal probe would serve it: title and a line, from the edge. */
const CF_MINIMAL =
  `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><h1>` +
  `Checking your browser before accessing example.com</h1><p>` +
  `This process is automatic. Your browser will redirect to your requested content shortly.</p></body></html>`;

const PX_MINIMAL =
  `<html><head><title>Access to this page has been denied</title></head><body><h1>` +
  `Access to this page has been denied</h1><p>Press and hold to confirm you are a human.</p></body></html>`;

const CLOUDFRONT_WAF =
  `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" ` +
  `"http://www.w3.org/TR/html4/loose.dtd">
<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">
<TITLE>ERROR: The request could not be satisfied</TITLE>
</HEAD><BODY>
<H1>403 ERROR</H1>
<H2>The request could not be satisfied.</H2>
<HR noshade size="1px">
Request blocked.
We can't connect to the server for this app or website at this time. There might be too much traffic or a ` +
  `configuration error. Try again later, or contact the app or website owner.
<BR clear="all">
If you provide content to customers through CloudFront, you can find steps to troubleshoot and help prevent this ` +
  `error by reviewing the CloudFront documentation.
<BR clear="all">
<HR noshade size="1px">
<PRE>
Generated by cloudfront (CloudFront)
Request ID: 3fN0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3aB4cD5eF6g==
</PRE>
<ADDRESS>
</ADDRESS>
</BODY></HTML>`;

const HTML = 'text/html; charset=UTF-8';

export const BOT_PAGES: BotPage[] = [
  {
    name: 'cloudflare-managed-challenge',
    vendor: 'cloudflare',
    status: 403,
    headers: {
      'content-type': HTML,
      server: 'cloudflare',
      'cf-mitigated': 'challenge',
      'cf-ray': '8e1f2a3b4c5d6e7f-FRA',
    },
    cookies: ['__cf_bm=abc; path=/; HttpOnly'],
    body: CF_CHALLENGE,
  },
  {
    name: 'cloudflare-challenge-no-header',
    vendor: 'cloudflare',
    status: 503,
    headers: { 'content-type': HTML, server: 'cloudflare' },
    body: CF_CHALLENGE,
  },
  {
    name: 'cloudflare-interstitial-200',
    vendor: 'cloudflare',
    status: 200,
    headers: { 'content-type': HTML, server: 'cloudflare' },
    body: CF_INTERSTITIAL_200,
  },
  {
    name: 'cloudflare-block',
    vendor: 'cloudflare',
    status: 403,
    headers: { 'content-type': HTML, server: 'cloudflare' },
    body: CF_BLOCK,
  },
  {
    name: 'akamai-access-denied',
    vendor: 'akamai',
    status: 403,
    headers: { 'content-type': 'text/html', server: 'AkamaiGHost', 'mime-version': '1.0' },
    body: AKAMAI,
  },
  {
    name: 'akamai-access-denied-200',
    vendor: 'akamai',
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: AKAMAI,
  },
  {
    name: 'datadome',
    vendor: 'datadome',
    status: 403,
    headers: { 'content-type': 'text/html;charset=utf-8', 'x-datadome': 'protected', 'x-dd-b': '1' },
    cookies: ['datadome=abc; Max-Age=31536000; Path=/'],
    body: DATADOME,
  },
  {
    name: 'datadome-200',
    vendor: 'datadome',
    status: 200,
    headers: { 'content-type': 'text/html;charset=utf-8' },
    body: DATADOME,
  },
  {
    name: 'perimeterx',
    vendor: 'perimeterx',
    status: 403,
    headers: { 'content-type': HTML },
    cookies: ['_pxhd=abc; path=/'],
    body: PERIMETERX,
  },
  { name: 'perimeterx-200', vendor: 'perimeterx', status: 200, headers: { 'content-type': HTML }, body: PERIMETERX },
  {
    name: 'incapsula',
    vendor: 'imperva',
    status: 200,
    headers: {
      'content-type': 'text/html',
      'x-cdn': 'Imperva',
      'x-iinfo': '12-34567890-0 0NNN RT(1730000000000 123) q(0 -1 -1 -1) r(0 -1)',
    },
    cookies: ['visid_incap_123=abc; path=/', 'incap_ses_456_123=def; path=/'],
    body: INCAPSULA,
  },
  {
    name: 'sucuri-block',
    vendor: 'sucuri',
    status: 403,
    headers: { 'content-type': HTML, server: 'Sucuri/Cloudproxy', 'x-sucuri-id': '11005', 'x-sucuri-block': 'BNP005' },
    body: SUCURI,
  },
  {
    name: 'sucuri-js-challenge',
    vendor: 'sucuri',
    status: 200,
    headers: { 'content-type': 'text/html', server: 'Sucuri/Cloudproxy' },
    body: SUCURI_JS,
  },
  {
    name: 'aws-waf-challenge',
    vendor: 'aws_waf',
    status: 202,
    headers: { 'content-type': 'text/html; charset=UTF-8', 'x-amzn-waf-action': 'challenge' },
    body: AWS_WAF,
  },
  {
    name: 'aws-waf-challenge-no-header',
    vendor: 'aws_waf',
    status: 200,
    headers: { 'content-type': 'text/html; charset=UTF-8' },
    body: AWS_WAF,
  },
  {
    name: 'cloudflare-minimal-403',
    vendor: 'cloudflare',
    status: 403,
    headers: { 'content-type': HTML, server: 'cloudflare' },
    body: CF_MINIMAL,
  },
  {
    name: 'cloudflare-minimal-200-cf-ray',
    vendor: 'cloudflare',
    status: 200,
    headers: { 'content-type': HTML, 'cf-ray': '8e1f2a3b4c5d6e7f-AMS' },
    body: CF_MINIMAL,
  },
  {
    name: 'perimeterx-minimal-403',
    vendor: 'perimeterx',
    status: 403,
    headers: { 'content-type': HTML },
    body: PX_MINIMAL,
  },
  {
    name: 'cloudfront-waf-block',
    vendor: 'aws_waf',
    status: 403,
    headers: { 'content-type': 'text/html', server: 'CloudFront', 'x-cache': 'Error from cloudfront' },
    body: CLOUDFRONT_WAF,
  },
  { name: 'captcha-interstitial', vendor: 'captcha', status: 200, headers: { 'content-type': HTML }, body: CAPTCHA },
  // Controls: never a challenge.
  {
    name: 'control-vendor-article',
    vendor: null,
    status: 200,
    headers: { 'content-type': HTML, server: 'cloudflare', 'x-datadome': 'protected' },
    cookies: ['__cf_bm=abc; path=/', 'datadome=def; path=/'],
    body: VENDOR_ARTICLE,
  },
  {
    name: 'control-cloudflare-served',
    vendor: null,
    status: 200,
    headers: { 'content-type': HTML, server: 'cloudflare', 'cf-ray': '8e1f2a3b4c5d6e7f-FRA' },
    cookies: ['__cf_bm=abc; path=/'],
    body: CLOUDFLARE_SERVED_ARTICLE,
  },
  {
    name: 'control-contact-captcha',
    vendor: null,
    status: 200,
    headers: { 'content-type': HTML },
    body: CONTACT_WITH_CAPTCHA,
  },
  {
    name: 'control-short-vendor-brief',
    vendor: null,
    status: 200,
    headers: { 'content-type': HTML, server: 'cloudflare' },
    cookies: ['__cf_bm=abc; path=/'],
    body: SHORT_VENDOR_BRIEF,
  },
  // A tiny page of some site that happens to be titled like a challenge, served normally.
  {
    name: 'control-tiny-please-wait',
    vendor: null,
    status: 200,
    headers: { 'content-type': HTML },
    body:
      '<html><head><title>Please wait...</title></head><body><h1>Please wait...</h1><p>' +
      'Our new shop opens on the first of May, with bread and cakes baked on the premises every morning from six.' +
      '</p></body></html>',
  },
  {
    name: 'control-article-404',
    vendor: null,
    status: 404,
    headers: { 'content-type': HTML, server: 'cloudflare' },
    cookies: ['__cf_bm=abc; path=/'],
    body: VENDOR_ARTICLE,
  },
];
