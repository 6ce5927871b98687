import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { boilerplateReason, discountBoilerplate } from './boilerplate';
import { extract } from './extract';
import { COMMENT_THREAD_TOKEN, REVIEWS_TOKEN } from './rules';
import { computeStats } from './stats';
import { fakeLayout, prose } from './testPage';

function doc(body: string): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>A post</title></head><body>${body}</body></html>`, { url: 'https://blog.example.com/2025/post' }).window.document;
}
const el = (html: string): Element => doc(html).body.firstElementChild!;

/** A comment thread longer than the post it follows (SPEC §1: "comment sections with much text are kept"). */
function commentThread(n: number): string {
  const items = Array.from({ length: n }, (_, i) => `<li class="comment" id="comment-${100 + i}"><div class="comment-author"><img src="/avatar.png" data-w="40"> <b>Reader ${i}</b> says:</div><div class="comment-content"><p>${prose(3, 20 + i)}</p></div><a href="#reply-${i}">Reply</a></li>`);
  return `<div id="comments" class="comments-area"><h2>${n} Comments</h2><ol class="comment-list">${items.join('')}</ol></div>`;
}

describe('boilerplate regions: which elements', () => {
  it('names HTML5 and ARIA non-content regions', () => {
    expect(boilerplateReason(el('<aside>x</aside>'))).toBe('<aside>');
    expect(boilerplateReason(el('<footer>x</footer>'))).toBe('<footer>');
    expect(boilerplateReason(el('<div role="complementary">x</div>'))).toBe('role=complementary');
    expect(boilerplateReason(el('<div aria-modal="true">x</div>'))).toBe('aria-modal');
    expect(boilerplateReason(el('<div class="entry-content">x</div>'))).toBeNull();
    expect(boilerplateReason(el('<section>x</section>'))).toBeNull();
  });

  it('names regions by class/id vocabulary, Readability-style, sparing names that also say content', () => {
    expect(boilerplateReason(el('<div class="newsletter-signup">x</div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div class="jp-relatedposts">x</div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div class="post-author-bio">x</div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div class="ad-slot">x</div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div class="header-shadow">x</div>'))).toBeNull(); // "ad" only as a whole word
    expect(boilerplateReason(el('<div class="content-sidebar-wrap">x</div>'))).toBeNull();
  });

  it('an id made from the region\'s own heading (a section title of four words or more) is the author\'s words, not a role', () => {
    // Sphinx/docutils, Hugo, MkDocs: the section's id is the slug of its title.
    expect(boilerplateReason(el('<div class="section" id="sharing-with-a-single-developer"><h2>Sharing with a single developer<a class="headerlink" href="#sharing-with-a-single-developer">¶</a></h2><p>x</p></div>'))).toBeNull();
    expect(boilerplateReason(el('<section id="getting-into-trouble-with-shared-mutable-history"><span id="id3"></span><h2>Getting into trouble with shared mutable history</h2><p>x</p></section>'))).toBeNull();
    // Django's docs: an s- prefix, and the heading after the empty anchors Sphinx puts first.
    expect(boilerplateReason(el('<section id="s-be-careful-with-related-name-and-related-query-name"><span id="s-abstract-related-name"></span><span id="be-careful-with-related-name-and-related-query-name"></span><span id="abstract-related-name"></span><h4>Be careful with <code>related_name</code> and <code>related_query_name</code><a class="headerlink" href="#x">¶</a></h4><p>x</p></section>'))).toBeNull();
    expect(boilerplateReason(el('<section id="cafe-related-notes-for-everyone"><header><h3>Café: related notes, for everyone</h3></header><p>x</p></section>'))).toBeNull();
    // A widget's short label still names the region, and so does a class that says it.
    expect(boilerplateReason(el('<div id="share-this-story"><h3>Share this story</h3><a href="/t">t</a></div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div id="related-posts"><h3>Related posts</h3><a href="/r">r</a></div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div class="share-bar" id="sharing-with-a-single-developer"><h2>Sharing with a single developer</h2></div>'))).toMatch(/^class\/id "share/);
    // A heading's own id, with a generator's prefix or number; a prefix that names a role still counts.
    expect(boilerplateReason(el('<h2 class="wp-block-heading" id="h-what-is-social-shopping">What is social shopping?</h2>'))).toBeNull();
    expect(boilerplateReason(el('<h3 id="what-share-of-adolescents-report-poor-health-2">What share of adolescents report poor health</h3>'))).toBeNull();
    expect(boilerplateReason(el('<h2 id="related-stories">Related stories</h2>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div id="related-five-ways-to-cook-rice"><h3>Five ways to cook rice</h3><a href="/r">r</a></div>'))).toMatch(/^class\/id "related/);
    // The id must be the heading's slug, and the heading the region's own.
    expect(boilerplateReason(el('<div id="sharing-tools-for-every-post"><h2>Tell your friends</h2></div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div id="sharing-with-a-single-developer"><p>a</p><p>b</p><p>c</p><h2>Sharing with a single developer</h2></div>'))).toMatch(/^class\/id/);
  });

  it('a comment in highlighted code is code, not a comment thread', () => {
    const page = doc(`<article><h1>A brief intro to git</h1><p>${prose(6, 1)}</p><pre><code class="language-bash"><span class="hljs-comment"># make a new branch for the fix</span>\ngit switch -c fix-typo\n<span class="hljs-comment"># stage every change</span>\ngit add -A</code></pre>`
      + `<p>${prose(5, 2)} Run <code>git log <span class="token comment"># newest first</span></code> to see it.</p></article>${commentThread(2)}`);
    const regions = discountBoilerplate(computeStats(page, fakeLayout)!);
    expect(regions.roots).toEqual([page.querySelector('#comments')]);
    const clip = extract(page, { layout: fakeLayout })!;
    expect(clip.text).toContain('# make a new branch for the fix\ngit switch -c fix-typo\n# stage every change\ngit add -A');
    expect(clip.text).toContain('git log # newest first');
    expect(clip.text).not.toContain('Reader 1');
  });

  it('a documentation page keeps its sections whose titles hold a vocabulary word', () => {
    const section = (title: string, id: string, n: number) => `<div class="section" id="${id}"><h2>${title}<a class="headerlink" href="#${id}">¶</a></h2><p>Part ${n} begins. ${prose(4, n)}</p><p>Part ${n} goes on. ${prose(3, n + 5)}</p></div>`;
    const nav = `<nav>${Array.from({ length: 12 }, (_, i) => `<a href="/docs/${i}">Chapter ${i}</a>`).join(' ')}</nav>`;
    const page = doc(`${nav}<div class="content"><div class="section" id="evolve-shared-history"><h1>Evolve: shared history</h1><p>${prose(3, 1)}</p>`
      + `${section('Sharing with a single developer', 'sharing-with-a-single-developer', 2)}${section('Publishing and non-publishing repositories', 'publishing-and-non-publishing-repositories', 3)}`
      + `${section('Getting into trouble with shared mutable history', 'getting-into-trouble-with-shared-mutable-history', 4)}</div></div>`
      + `<div class="footer"><p>Copyright 2024, the Mercurial evolve project and its many contributors.</p></div>`);
    const clip = extract(page, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(3, 1));
    for (const n of [2, 3, 4]) { expect(clip.text).toContain(`Part ${n} begins. ${prose(4, n)}`); expect(clip.text).toContain(`Part ${n} goes on. ${prose(3, n + 5)}`); }
    expect(clip.text).toContain('Getting into trouble with shared mutable history');
    expect(clip.text).not.toContain('Copyright 2024');
  });

  it('knows comment threads from mentions of comments', () => {
    for (const t of ['comments', 'comment-list', 'commentlist', 'entry-comments', 'comments-area', 'comment-4711', 'disqus_thread', 'a2commentwrap', 'respond']) {
      expect(COMMENT_THREAD_TOKEN.test(t), t).toBe(true);
    }
    for (const t of ['comment-count', 'comments-link', 'has-comments', 'commentary', 'article-commentary', 'comments-open', 'img-respond', 'responsive']) {
      expect(COMMENT_THREAD_TOKEN.test(t), t).toBe(false);
    }
  });
  it('knows buyers\' reviews from one review and from mentions of reviews', () => {
    for (const t of ['reviews', 'product-reviews', 'customer-reviews-section', 'userreviews', 'review-list', 'reviews_container', 'product-reviews-content', 'okereviews', 'bvseo-reviewssection', 'yotpo-main-widget', 'jdgm-widget', 'reviews-2']) {
      expect(REVIEWS_TOKEN.test(t), t).toBe(true);
    }
    // One review (a review article's body), counts and links, a reviewer, and previews (post teasers).
    for (const t of ['review', 'review-content', 'reviews-count', 'has-reviews', 'write-reviews', 'review-stars', 'reviewed-by', 'reviewer', 'preview', 'previews', 'post-previews']) {
      expect(REVIEWS_TOKEN.test(t), t).toBe(false);
    }
  });
});

describe('boilerplate regions: discounting', () => {
  it('a comment thread longer than the post is discounted; the post is clipped, the thread is not', () => {
    const page = doc(`<div class="site"><article class="post"><h1>Notes from the harbour</h1><div class="entry"><p>${prose(6, 1)}</p><p>${prose(5, 2)}</p></div></article>${commentThread(12)}</div>`);
    const stats = computeStats(page, fakeLayout)!;
    const regions = discountBoilerplate(stats);
    expect(regions.roots).toEqual([page.querySelector('#comments')]);
    const clip = extract(page, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(6, 1));
    expect(clip.text).toContain(prose(5, 2));
    expect(clip.text).not.toContain('Reader 3');
    expect(clip.text).not.toContain('12 Comments');
  });

  it('on a page that declares itself a discussion, the comment thread is its replies and is clipped', () => {
    // A forum thread: a short opening post, the replies in a region named like comments.
    const thread = (head: string) => doc(`${head}<div class="site"><article class="thread"><h1>Which tent for a wet spring?</h1><div class="entry"><p>${prose(6, 1)}</p></div></article>${commentThread(8)}</div>`);
    const ld = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Which tent for a wet spring?"}</script>';
    for (const page of [thread(ld), thread('<div itemscope itemtype="https://schema.org/DiscussionForumPosting"></div>')]) {
      const regions = discountBoilerplate(computeStats(page, fakeLayout)!);
      expect(regions.roots).toEqual([]);
      expect(regions.threadsKept).toBe(1);
      const clip = extract(page, { layout: fakeLayout })!;
      expect(clip.text).toContain(prose(6, 1));
      expect(clip.text).toContain('Reader 3');
      expect(clip.trace.notes.some((n) => n.includes('comment thread(s) kept'))).toBe(true);
    }
    // An article (or a Q&A page: Stack Exchange's "comments" are remarks under each answer) is no discussion.
    for (const type of ['Article', 'QAPage']) {
      const page = thread(ld.replace('DiscussionForumPosting', type));
      expect(discountBoilerplate(computeStats(page, fakeLayout)!).roots).toEqual([page.querySelector('#comments')]);
      expect(extract(page, { layout: fakeLayout })!.text).not.toContain('Reader 3');
    }
  });

  it('a product\'s buyers\' reviews are dropped like comments, however many; a page of nothing but reviews keeps them', () => {
    const reviews = (n: number) => `<section class="product-reviews"><h2>Customer reviews</h2>${Array.from({ length: n }, (_, i) => `<div class="review-card"><b>Buyer ${i}</b><p>${prose(2, 40 + i)}</p></div>`).join('')}</section>`;
    // Three reviews, then fourteen: more text than the description itself.
    for (const n of [3, 14]) {
      const product = doc(`<main><div class="product"><h1>Trail 25 pack</h1><div class="description"><p>${prose(6, 1)}</p><ul><li>${prose(1, 2)}</li><li>${prose(1, 3)}</li></ul></div>${reviews(n)}</div></main>`);
      expect(discountBoilerplate(computeStats(product, fakeLayout)!).reasons).toEqual(['reviews']);
      const clip = extract(product, { layout: fakeLayout })!;
      expect(clip.text).toContain(prose(6, 1));
      expect(clip.text).not.toContain('Buyer 2');
      expect(clip.text).not.toContain('Customer reviews');
    }
    // The shop's page of reviews: without them too little text would be left, so they are the content.
    const reviewsPage = doc(`<div class="product"><h1>Reviews of the Trail 25 pack</h1><p>${prose(1, 1)}</p>${reviews(8)}</div>`);
    expect(discountBoilerplate(computeStats(reviewsPage, fakeLayout)!).roots).toEqual([]);
    expect(extract(reviewsPage, { layout: fakeLayout })!.text).toContain('Buyer 2');
  });

  it('the poster\'s panel beside each post of a thread (join date, post count, badges) is dropped; the posts are clipped', () => {
    // XenForo's markup, shortened: the panel is a <div> of <dl> pairs beside each message.
    const post = (i: number) => `<article class="message"><div class="message-cell message-cell--user"><h4><a href="/members/${i}">Poster ${i}</a></h4><div class="message-userExtras"><dl class="pairs"><dt>Joined</dt><dd>Mar ${i + 1}, 2019</dd></dl><dl class="pairs"><dt>Messages</dt><dd>${120 + i}</dd></dl><dl class="pairs"><dt>Reaction score</dt><dd>${40 + i}</dd></dl></div></div><div class="message-cell message-cell--main"><div class="bbWrapper"><p>${prose(3, 60 + i)}</p></div></div></article>`;
    const page = doc(`<div class="p-body"><h1>Which tent for a wet spring?</h1><div class="block-body">${[0, 1, 2, 3].map(post).join('')}</div></div>`);
    expect(discountBoilerplate(computeStats(page, fakeLayout)!).reasons).toEqual(Array(4).fill('class/id "userextras"'));
    const clip = extract(page, { layout: fakeLayout })!;
    for (const i of [0, 1, 2, 3]) expect(clip.text).toContain(prose(3, 60 + i));
    expect(clip.text).not.toContain('Joined');
    expect(clip.text).not.toContain('Reaction score');
    // Stack Exchange's and phpBB's names for the same panel.
    expect(boilerplateReason(el('<div class="user-info">x</div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<div class="user-details">x</div>'))).toMatch(/^class\/id/);
    expect(boilerplateReason(el('<dl class="postprofile">x</dl>'))).toMatch(/^class\/id/);
    // A user's own content is not their panel.
    expect(boilerplateReason(el('<div class="user-content">x</div>'))).toBeNull();
  });

  it('a poster\'s signature under a post is dropped; an API member\'s signature is not', () => {
    const post = (i: number, sig: string) => `<div class="post"><b>Poster ${i}</b><div class="postbody"><p>${prose(3, 70 + i)}</p></div>${sig}</div>`;
    const thread = doc(`<div id="topic"><h1>Which tent for a wet spring?</h1>${[0, 1, 2].map((i) => post(i, `<div class="signature" id="sig${i}">Rig ${i}: two stoves and a leaky fly, since 2009</div>`)).join('')}</div>`);
    const clip = extract(thread, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(3, 72));
    expect(clip.text).not.toContain('leaky fly');
    for (const name of ['post-signature', 'message-signature', 'postsignature', 'ipsEntry__signature']) {
      expect(boilerplateReason(el(`<div class="${name}">x</div>`)), name).toBe('signature');
    }
    for (const name of ['member-signature', 'signature-dish', 'digital-signature-row']) {
      expect(boilerplateReason(el(`<div class="${name}">x</div>`)), name).toBeNull();
    }
    // Scaladoc's member signatures are headings named so; a signature that holds code is a member's too.
    const api = doc(`<div id="template"><h1>class Tent</h1><p>${prose(4, 5)}</p><ol class="members">${[0, 1, 2].map((i) => `<li><h4 class="signature"><span class="kind">def</span> <span class="name">pitch${i}</span>(ground: Ground): Unit</h4><div class="signature"><code>fun stake${i}(n: Int)</code></div><p>${prose(2, 80 + i)}</p></li>`).join('')}</ol></div>`);
    const apiClip = extract(api, { layout: fakeLayout })!;
    expect(apiClip.text).toContain('pitch1');
    expect(apiClip.text).toContain('stake1');
  });

  it('a signature set in an <aside> without links is still a signature; a linkless aside named otherwise stays', () => {
    const post = (i: number) => `<article class="message"><b>Poster ${i}</b><div class="bbWrapper"><p>${prose(3, 90 + i)}</p></div><aside class="message-signature"><div>Rig ${i}: a projector, two subwoofers and patience</div></aside></article>`;
    const thread = doc(`<div id="topic"><h1>Which screen for a bright room?</h1>${[0, 1, 2].map(post).join('')}</div>`);
    const clip = extract(thread, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(3, 92));
    expect(clip.text).not.toContain('subwoofers');
    const page = doc(`<article><h1>Title</h1><p>${prose(8, 1)}</p><aside class="filters top-[var(--nav-height)]"><p>The note beside the text says where the numbers come from.</p></aside><p>${prose(8, 2)}</p></article>`);
    expect(discountBoilerplate(computeStats(page, fakeLayout)!).roots).toEqual([]);
  });

  it('fine print named a disclaimer is boilerplate', () => {
    expect(boilerplateReason(el('<div class="feature-benefit__disclaimer-wrap">x</div>'))).toBe('class/id "disclaimer"');
    expect(boilerplateReason(el('<div class="common-bottom-disclaimer">x</div>'))).toBe('class/id "disclaimer"');
    // A name that also says content is not discounted by the vocabulary alone.
    expect(boilerplateReason(el('<div class="disclaimer-content">x</div>'))).toBeNull();
  });

  it('regions inside a kept text block (author bio, newsletter box, footer) are dropped from the clip', () => {
    const page = doc(`<article><h1>Title</h1><p>${prose(6, 1)}</p><div class="newsletter-box"><p>Get our best stories in your inbox every week, free.</p></div><p>${prose(6, 2)}</p><footer class="entry-footer"><p>Jane Doe writes about harbours and has done so since the winter of 1999.</p></footer></article>`);
    const clip = extract(page, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(6, 2));
    expect(clip.text).not.toContain('inbox');
    expect(clip.text).not.toContain('Jane Doe');
  });

  it('an <aside> without links (a standfirst, a pull quote) stays; one with links is a sidebar', () => {
    const page = doc(`<article><h1>Title</h1><aside class="sub-heading"><p>The standfirst says what the story is about.</p></aside><p>${prose(8, 1)}</p><aside class="more"><a href="/a">Another story</a></aside><p>${prose(8, 2)}</p></article>`);
    const regions = discountBoilerplate(computeStats(page, fakeLayout)!);
    expect(regions.roots).toEqual([page.querySelector('aside.more')]);
    const clip = extract(page, { layout: fakeLayout })!;
    expect(clip.text).toContain('The standfirst says');
    expect(clip.text).not.toContain('Another story');
  });

  it('a region holding most of the page is the page itself: an ASP.NET <form>, a wrapper named has-sidebar', () => {
    const page = doc(`<form id="aspnetForm"><div class="layout has-sidebar"><div><h1>Title</h1><p>${prose(8, 1)}</p><p>${prose(8, 2)}</p></div><aside><p>${prose(1, 3)} <a href="/more">More</a></p></aside></div></form>`);
    const regions = discountBoilerplate(computeStats(page, fakeLayout)!);
    expect(regions.roots).toEqual([page.querySelector('aside')]);
    expect(extract(page, { layout: fakeLayout })!.text).toContain(prose(8, 2));
  });

  it('a region beside the page\'s <main> is boilerplate however much text it holds: a footer of legal prose under a short post', () => {
    const footer = `<footer id="page-footer"><p>${prose(8, 2)}</p><p>${prose(8, 3)}</p><p>© 2025 Harbour Partners. <a href="/privacy">Privacy</a></p></footer>`;
    const page = doc(`<header><a href="/">Harbour Partners</a></header><main><article><h1>Best practices for rentals</h1><p>${prose(6, 1)}</p></article></main>${footer}`);
    expect(discountBoilerplate(computeStats(page, fakeLayout)!).roots).toEqual([page.querySelector('footer')]);
    const clip = extract(page, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(6, 1));
    expect(clip.text).not.toContain(prose(8, 3));
    // Without a <main> the page does not say where its content is: the larger region stays.
    const unmarked = doc(`<header><a href="/">Harbour Partners</a></header><div class="page"><article><h1>Best practices for rentals</h1><p>${prose(6, 1)}</p></article></div>${footer}`);
    expect(discountBoilerplate(computeStats(unmarked, fakeLayout)!).roots).toEqual([]);
    // When that would leave almost no text, regions are judged by their share alone, as
    // without a <main> (the <nav> still goes), rather than nothing being discounted.
    const scant = doc(`<nav><a href="/">Home</a> <a href="/news">News</a></nav><main><h1>News</h1><p>${prose(2, 1)}</p></main>${footer}`);
    expect(discountBoilerplate(computeStats(scant, fakeLayout)!).roots).toEqual([scant.querySelector('nav')]);
  });

  it('reports only outermost regions, in document order, and zeroes exactly their subtrees', () => {
    const page = doc(`<nav><a href="/">Home</a> <a href="/a">A</a></nav><article><h1>Title</h1><p>${prose(8, 1)}</p><p>${prose(8, 2)}</p></article>`
      + `<aside class="sidebar"><div class="newsletter"><p>${prose(1, 3)} <a href="/s">Subscribe</a></p></div><div class="related"><a href="/r">Related</a></div></aside>`
      + `<div class="share"><a href="/t">Share</a></div><p>${prose(2, 4)}</p>`);
    const stats = computeStats(page, fakeLayout)!;
    const regions = discountBoilerplate(stats);
    expect(regions.roots).toEqual([page.querySelector('nav'), page.querySelector('aside'), page.querySelector('.share')]);
    expect(regions.reasons).toEqual(['<nav>', '<aside>', 'class/id "share"']);
    for (const [i, node] of stats.order.entries()) {
      const inside = regions.roots.some((r) => r.contains(node));
      if (inside) expect(regions.stats.tc[i]).toBe(0);
      else if (node !== stats.root && !node.contains(page.querySelector('nav')) && !node.contains(page.querySelector('aside'))) expect(regions.stats.tc[i]).toBe(stats.tc[i]);
    }
  });

  it('a region holding <main> is not discounted, but a region inside a rejected one is judged on its own', () => {
    const page = doc(`<div class="site-footer-wrap"><main><h1>Title</h1><p>${prose(8, 1)}</p><div class="comments-area"><p>${prose(2, 5)}</p></div></main></div><p>${prose(9, 2)}</p>`);
    const regions = discountBoilerplate(computeStats(page, fakeLayout)!);
    expect(regions.roots).toEqual([page.querySelector('.comments-area')]);
  });

  it('nothing is discounted when that would leave almost no text (Readability-style retry)', () => {
    const page = doc(`<div class="sidebar"><p>${prose(1, 1)}</p></div><div class="footer-links"><p>${prose(1, 2)}</p></div>`);
    const stats = computeStats(page, fakeLayout)!;
    const regions = discountBoilerplate(stats);
    expect(regions.roots).toEqual([]);
    expect(regions.stats).toBe(stats);
  });

  it('keeps the page link totals: a paragraph with one in-text link stays text once nav and comments are discounted', () => {
    const nav = `<nav>${Array.from({ length: 12 }, (_, i) => `<a href="/s${i}">Section ${i}</a>`).join(' ')}</nav>`;
    const page = doc(`${nav}<article><h1>Title</h1><p>${prose(3, 1)} as the <a href="https://trust.example.org">Harbour Trust</a> said.</p><p>${prose(6, 2)}</p></article>${commentThread(3)}`);
    const clip = extract(page, { layout: fakeLayout })!;
    expect(clip.text).toContain('Harbour Trust');
    expect(clip.text).not.toContain('Section 3');
  });
});

/**
 * discountBoilerplate before its cold-path rewrite (boilerplateReason called per element,
 * a region's first index found by `contains`): the regions and the discounted stats must
 * stay exactly the same.
 */
function referenceRegions(stats: NonNullable<ReturnType<typeof computeStats>>): { roots: Element[]; reasons: string[] } {
  const n = stats.order.length;
  const b = n - 1;
  const nlcB = stats.tc[b]! - stats.lc[b]!;
  const roots: Element[] = [];
  const reasons: string[] = [];
  const mains = Array.from(stats.root.querySelectorAll('main, [role="main"]'));
  for (let i = b - 1; i >= 0; i--) {
    if (stats.tc[i] === 0 && stats.img[i] === 0) continue;
    const e = stats.order[i]!;
    const reason = boilerplateReason(e);
    if (!reason) continue;
    if (reason === '<aside>' && stats.ln[i] === 0) continue;
    if (reason !== 'comment thread') {
      const share = nlcB > 0 ? (stats.tc[i]! - stats.lc[i]!) / nlcB : 0;
      if (share > 0.5 || mains.some((m) => m !== e && e.contains(m))) continue;
    }
    let first = i;
    while (first > 0 && e.contains(stats.order[first - 1]!)) first--;
    roots.unshift(e);
    reasons.unshift(reason);
    i = first;
  }
  return { roots, reasons };
}

describe('discountBoilerplate: the inline reason test and region bounds', () => {
  const pages = [
    `<nav class="menu"><ul><li><a href="/a">Home</a></li><li><a href="/b">News</a></li></ul></nav><article><h1>Title</h1><p>${prose(12)}</p><div class="share-bar" id="share"><a href="/s">Share</a> this</div><p>${prose(10, 3)}</p></article>${commentThread(3)}<footer><p>${prose(1)}</p><a href="/t">Terms</a></footer>`,
    `<div id="page"><div role="navigation"><a href="/x">X</a> <a href="/y">Y</a></div><div class="sidebar" id="side"><p hidden>${prose(2)}</p><picture><img src="/p.jpg" data-w="300"></picture><a href="/z">Z link text</a> <span>${prose(1, 2)}</span></div><main><p>${prose(15, 1)}</p></main><div class="related"><div><span><a href="/r">${prose(1, 4)}</a></span></div><img src="/q.jpg" data-w="200"></div><div aria-modal="true"><p>${prose(1, 5)}</p></div><div id="" class="newsletter">${prose(1, 6)}</div></div>`,
    `<div class="sidebar-wrapper"><main><p>${prose(14, 2)}</p></main></div><aside><p>${prose(2, 7)}</p></aside><aside><p>${prose(1, 8)} <a href="/l">link</a></p></aside><div class="entry-footer"><div class="ad-slot"><em>${prose(1, 9)}</em></div></div><p>${prose(6, 3)}</p>`,
  ];
  for (const [k, body] of pages.entries()) {
    it(`page ${k}: same regions, reasons and discounted counts as the reference`, () => {
      const stats = computeStats(doc(body), fakeLayout)!;
      const got = discountBoilerplate(stats);
      const want = referenceRegions(stats);
      expect(got.roots).toEqual(want.roots);
      expect(got.reasons).toEqual(want.reasons);
      expect(got.roots.length).toBeGreaterThan(0);
      // Every discounted element is inside a root, every other one keeps its counts.
      for (let i = 0; i < stats.order.length - 1; i++) {
        const inside = want.roots.some((r) => r.contains(stats.order[i]!));
        if (inside) expect([got.stats.tc[i], got.stats.img[i]]).toEqual([0, 0]);
        else if (!want.roots.some((r) => stats.order[i]!.contains(r))) expect(got.stats.tc[i]).toBe(stats.tc[i]);
      }
    });
  }
});
