// A page selling one product (its JSON-LD passed in), with an upsell rail of six cards and reviews.

const cards = (n: number, wrap: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => wrap(i + 1)).join('\n');
export const PRODUCT_LD = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Iris hemp dress","offers":{"@type":"Offer","price":"132.34","priceCurrency":"EUR"}}</script>`;
export const productPage = (ld: string): string =>
  `<html><head><title>Iris hemp dress</title>${ld}</head><body>
<main><div class="product"><h1>Iris hemp dress</h1><p class="price">€132.34</p>
<div class="description"><p>We are in love with the Iris hemp dress, a flower that symbolises creativity and ` +
  `inspiration, just like this dress which blooms with every layer.</p>
<ul><li>Three layers of flowy hemp with a side zip</li><li>Pocket on the right side</li><li>` +
  `Materials: 100% hemp, azo-free dyes</li></ul></div></div>
<section class="upsells"><h2>You may also like</h2><ul class="products">` +
  `${cards(
    6,
    (i) =>
      `<li class="product-card"><a href="/p/${i}">Summer dress number ${i} in soft linen</a>` +
      `<span>€${60 + i}.00</span></li>`,
  )}` +
  `</ul></section>
<div class="product-reviews"><h2>Reviews</h2><p>` +
  `Lovely dress, fits well and the colour is just as in the pictures, I wear it every weekend.</p></div>
</main></body></html>`;
