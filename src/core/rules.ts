/**
 * Rules as data, in one place (STYLE.md, 3). Every tag set, character class and threshold
 * the core uses lives here with a note on where it comes from: a paper section (SPEC §1/§2)
 * or our own reading where the papers are silent.
 */

/**
 * NTA "ignore" type [4] (SPEC §1, the paper's list), extended deliberately:
 * - SVG/CANVAS/VIDEO/AUDIO/OBJECT: drawings and players carry no readable text (an
 *   `<svg role="img">` is handled as an image instead, see IMAGE_TAGS);
 * - TEMPLATE/DIALOG: inert or modal content that is not part of the reading flow;
 * - TEXTAREA/HEAD/META/LINK/TITLE: form state and document metadata, never body text.
 */
export const IGNORE_TAGS: ReadonlySet<string> = new Set([
  'SCRIPT', 'IFRAME', 'STYLE', 'NOSCRIPT', 'BR', 'BUTTON', 'INPUT', 'SELECT', 'OPTION',
  'LABEL', 'FORM', 'MAP', 'AREA', 'EMBED',
  'SVG', 'CANVAS', 'VIDEO', 'AUDIO', 'OBJECT', 'TEMPLATE', 'DIALOG', 'TEXTAREA',
  'HEAD', 'META', 'LINK', 'TITLE', 'DATALIST', 'OPTGROUP', 'PARAM', 'SOURCE', 'TRACK',
]);

/**
 * Tags whose subtree the stats walk never enters: not rendered text at all. FORM is in the
 * paper's ignore list but is *not* skipped here: ASP.NET-era pages wrap the whole body in
 * one <form>, so skipping it would throw the article away; it still types as ignore when
 * it is a leaf (an empty form).
 */
export const SKIP_SUBTREE_TAGS: ReadonlySet<string> = new Set([
  'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'HEAD', 'META', 'LINK', 'TITLE',
  'SVG', 'CANVAS', 'VIDEO', 'AUDIO', 'OBJECT', 'EMBED', 'MAP', 'SELECT', 'TEXTAREA',
  'BUTTON', 'DIALOG', 'DATALIST', 'INPUT', 'OPTION', 'PARAM', 'SOURCE', 'TRACK',
]);

/** Image leaves [3]: `<img>`, `<picture>` (SPEC §1). `<svg role=img>` is checked separately. */
export const IMAGE_TAGS: ReadonlySet<string> = new Set(['IMG', 'PICTURE']);

/** The heading elements, h1–h6 (upper-case tag names, as stats.tagOf gives them). */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** Elements that start a new block in the plain-text output and in the HTML serializer. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET',
  'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER',
  'HGROUP', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE',
  'TBODY', 'THEAD', 'TFOOT', 'TR', 'TD', 'TH', 'CAPTION', 'UL', 'CENTER', 'BODY', 'HTML',
]);

/**
 * The clean HTML vocabulary of a clip (issue 2, Output): what a reader view needs and
 * nothing that runs or styles. Anything else is unwrapped (its children kept).
 */
export const KEEP_TAGS: ReadonlySet<string> = new Set([
  'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'CODE',
  'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'CAPTION', 'FIGURE', 'FIGCAPTION',
  'IMG', 'A', 'EM', 'STRONG', 'B', 'I', 'U', 'S', 'SUB', 'SUP', 'BR', 'HR', 'DL', 'DT', 'DD',
  'MARK', 'SMALL', 'Q', 'CITE', 'ABBR', 'TIME', 'KBD', 'SAMP', 'VAR', 'DEL', 'INS',
  'DETAILS', 'SUMMARY',
]);

/** Containers unwrapped in the clean HTML; inline runs directly inside them become <p>. */
export const UNWRAP_BLOCK_TAGS: ReadonlySet<string> = new Set([
  'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'CENTER',
  'ADDRESS', 'FIELDSET', 'FORM', 'HGROUP', 'BODY', 'HTML',
]);

/** Void elements: no closing tag in the code-distance stream (SPEC §2) or the output. */
export const VOID_TAGS: ReadonlySet<string> = new Set([
  'AREA', 'BASE', 'BR', 'COL', 'EMBED', 'HR', 'IMG', 'INPUT', 'LINK', 'META', 'PARAM',
  'SOURCE', 'TRACK', 'WBR',
]);

/** Paper defaults (SPEC §1: θ_DoC = θ_TD = 0.9 and the 100 px icon width; SPEC §2: C_t = 3, d_t = 40/80). */
export const PAPER = {
  thetaDoC: 0.9,
  thetaTD: 0.9,
  minImageWidth: 100,
  linkBlockMinLinks: 3,
  linkBlockTextDistance: 40,
  linkBlockCodeDistance: 80,
} as const;

/**
 * Where the candidate list is empty (no text node holds > θ_TD of the page's plain text,
 * typical when a long comment thread or footer shares the page), we retry with lower
 * thresholds, one step at a time, like Readability's retry loop (STYLE.md): the first
 * threshold that yields a candidate wins. Our choice; the paper is silent.
 */
export const TD_FALLBACK_STEPS: readonly number[] = [0.8, 0.7, 0.6, 0.5, 0.4, 0.3];

/**
 * Pruning descends an anchor node with no text beside it, rather than skip it, when its
 * plain text outweighs its link text and is more than this share of the page's plain text
 * (nodeTypes.holdsPageText). Measured on wcxb-dev against skipping: 0.35 changed 4 pages,
 * all up (0.2 changed 5, one down; 0.5 kept two of the four gains; any share at all, 127
 * pages, 53 down: related posts, office addresses, product cards).
 */
export const ANCHOR_TEXT_SHARE = 0.35;

/**
 * A logical link block inside the chosen content is removed only when links make up at
 * least this share of its characters. Without the guard a prose paragraph with in-text
 * links every few words (Wikipedia) forms one d_t = 40 block and would be cut; the paper
 * names exactly this case as needing "extra judgments" (000, content webpages (1)).
 * Nav bars, related lists, tag clouds and share bars are nearly all link text.
 */
export const LINK_BLOCK_MIN_LINK_DENSITY = 0.5;

/**
 * Link blocks are removed from the selection as clusters in its content (SPEC §2). When the
 * blocks inside the selection hold more than this share of its text (their links and the
 * gaps between them, in non-whitespace characters, against what is left after removal
 * plus them), the selection is a list of links with their descriptions, not an article with
 * clusters in it: a blog's index whose every card has a linked title, author and tags, or
 * a shop's grid (extract.ts). The paper is silent: its pages are articles. Our choice
 * (session 34, wcxb-dev): with no link-block removal at all, bag-of-words F1 rose on listing
 * and collection pages and fell on articles and forums. Sorted by the share removal took,
 * the 13 pages above 0.7 went 10 up, 2 down; those between 0.3 and 0.7 were mixed. With the
 * rule: 13 pages change (9 up, 4 down), overall 0.845 → 0.847, articles unchanged.
 */
export const LINK_BLOCKS_MAX_CONTENT_SHARE = 0.7;

/** An edge link more than this many distance units from the rest of its block is trimmed off (linkBlocks.removableSpan). */
export const LINK_BLOCK_EDGE_GAP_MIN = 2;

/** Hard size limit: refuse above this many elements, before any walk (issue 2, Budgets). */
export const MAX_ELEMENTS = 400_000;

/** Reading speed for reading time: words per minute (Latin) and characters per minute (CJK). */
export const WORDS_PER_MINUTE = 230;
export const CJK_CHARS_PER_MINUTE = 500;

/**
 * CJK ideographs, kana, hangul: each character is one text unit (SPEC §2 rule 2) and one
 * word for word counts.
 */
export const CJK_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u{20000}-\u{2fa1f}]/u;

/** Month names for whole-date units (SPEC §2 rule 4: `March 8th, 2014` = 1). */
export const MONTH_NAMES =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

/** Title separators between an article title and the site name (`Title | Site`). */
export const TITLE_SEPARATORS = [' | ', ' - ', ' – ', ' — ', ' :: ', ' · ', ' • ', ' » ', ' / ', ' : '];

/** Lazy-image attributes, most specific first (issue 2: `data-src` and friends). */
export const LAZY_SRC_ATTRIBUTES = [
  'data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src',
  'data-full-src', 'data-orig-file', 'data-large-file', 'data-echo', 'data-img-src',
];
export const LAZY_SRCSET_ATTRIBUTES = ['data-srcset', 'data-lazy-srcset', 'data-original-set'];

/**
 * Phrasing elements that are only hidden through a class or inline style in practice: the
 * stats walk asks `checkVisibility()` about them only when they carry one (a hidden
 * ancestor already removes the whole subtree). Saves most visibility calls on text-heavy
 * pages (budget: a normal article in a few ms).
 */
export const PHRASING_TAGS: ReadonlySet<string> = new Set([
  'A', 'SPAN', 'EM', 'STRONG', 'B', 'I', 'U', 'S', 'SMALL', 'SUB', 'SUP', 'CODE', 'ABBR',
  'TIME', 'MARK', 'CITE', 'Q', 'FONT', 'BR', 'WBR', 'KBD', 'SAMP', 'VAR', 'DFN', 'BDI', 'BDO',
]);

/** ASCII and common Unicode punctuation (general punctuation, CJK and full-width forms). */
export const PUNCTUATION_CLASS = '!-/:-@\\[-`{-~\\u00a1-\\u00bf\\u00d7\\u00f7\\u2010-\\u2027\\u2030-\\u205e\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65';
/** CJK ranges (BMP) as a character-class body, for regexes built without the u flag. */
export const CJK_CLASS = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af';

/**
 * Boilerplate regions (boilerplate.ts). HTML5 elements whose content is, by definition,
 * not the main content: tangential content (`aside`), navigation (`nav`), a section's
 * footer (`footer`: author box, tags, legal text) and forms (search, newsletter, comment
 * forms). A `<form>` wrapping the whole page (ASP.NET) is protected by BOILERPLATE_MAX_SHARE.
 */
export const BOILERPLATE_TAGS: ReadonlySet<string> = new Set(['ASIDE', 'NAV', 'FOOTER', 'FORM', 'MENU']);

/**
 * Sectioning elements: a `<footer>` inside one of them is that section's footer (an article's
 * byline and tags), not the page's (HTML's contentinfo landmark rule; boilerplate.inPageFooter).
 */
export const SECTIONING_TAGS: ReadonlySet<string> = new Set(['ARTICLE', 'ASIDE', 'MAIN', 'NAV', 'SECTION']);

/** ARIA landmark and widget roles that are not main content (WAI-ARIA 1.2; Readability drops the same roles). */
export const BOILERPLATE_ROLES: ReadonlySet<string> = new Set([
  'complementary', 'contentinfo', 'navigation', 'search', 'menu', 'menubar', 'dialog', 'alertdialog', 'alert',
]);

/**
 * schema.org types by which a page says it *is* a discussion (JSON-LD @type, short and
 * lower-case, or a microdata itemtype): there the comment thread holds the replies, which are
 * the page's content, not a section after an article. WCXB-dev's forum pages declare
 * DiscussionForumPosting on 60 of 113 (none of its 1,384 other pages do). Not QAPage: Stack
 * Exchange declares it, and there a "comments" region is the short remarks under each post
 * that the answers are read without.
 */
export const DISCUSSION_TYPES: readonly string[] = ['discussionforumposting'];

/**
 * Comment threads by the class/id token that names them: `comments`, `comment-list`,
 * `commentlist`, `entry-comments`, `comments-area`, `comment-123`, `disqus_thread`,
 * `respond`… but not a mention of comments (`comment-count`, `comments-link`,
 * `has-comments`) nor `commentary` (an opinion column). Tested per token (boilerplate.ts).
 */
export const COMMENT_THREAD_TOKEN =
  /^(?!(?:has|no|with|show|hide|open|closed)[-_])(?:(?:[a-z0-9]+[-_])*(?:[a-z0-9]*comments?|commentlist(?:ing)?)(?:[-_]?(?:list|listing|area|wrap|wrapper|section|container|thread|holder|block|body|content|box|tree|respond|form|inner|outer))*(?:[-_]?\d+)?|disqus[a-z_]*|(?:comment[-_]?)?respond)$/;

/**
 * Buyers' reviews by the class/id token that names them (session 36): `reviews`,
 * `product-reviews`, `customer-reviews-section`, `userReviews`, `review-list`,
 * `reviews_container`, `product-reviews-content`, and the review widgets shops embed
 * (Yotpo's `yotpo-…`, Judge.me's `jdgm-…`, Okendo's `okeReviews`, Bazaarvoice's
 * `bvseo-reviewsSection`), but not `previews` (post teasers). Other people's
 * words about the thing the page offers, like an article's comments, and left out of the
 * content the same way. Not one review (`review`, `review-content`: a review article's own
 * body is named so) nor a mention (`reviews-count`, `has-reviews`, `review-stars`). Measured
 * on WCXB-dev (same loads, both builds, 1,497 pages): 0.84792 → 0.84909; product, collection,
 * service and listing pages 25 up, 6 down (Etsy, whose truth keeps its reviews, −0.065);
 * articles, forums, documentation 1 up, 2 down (a movers listicle whose entries are named
 * `reviews`, an article's `user-reviews-container`). Since session 43 a reviews region, like
 * a comment thread, keeps no size guard (boilerplate.discountBoilerplate): forty reviews can
 * hold more text than the description they follow. A shop's page of nothing but reviews keeps
 * them, since dropping them would leave less than BOILERPLATE_MIN_REMAINING. Measured the same
 * way: 0.86118 → 0.86185, product pages 0.671 → 0.680 (5 up, among them REI 0.278 → 0.777;
 * 2 down by less than 0.01), the readability set unchanged.
 */
export const REVIEWS_TOKEN =
  /^(?!(?:has|no|with|show|hide|open|closed|write|add)[-_])(?:(?:[a-z0-9]+[-_])*(?:[a-z0-9]*(?<!p)reviews|review[-_]?(?:list|listing|section|container|wrap|wrapper|widget|block|area|tab|panel|module))(?:[-_]?(?:list|listing|area|wrap|wrapper|section|container|widget|block|holder|box|tab|panel|module|content|inner))*(?:[-_]?\d+)?|(?:yotpo|jdgm)(?:[-_][a-z0-9_-]*)?)$/;

/**
 * A poster's signature under each post of a forum thread, by the class token that names it:
 * `signature` (vBulletin, phpBB, SMF), `post-signature`, `message-signature`, `postsignature`,
 * Invision's `ipsEntry__signature`; but not `member-signature` (Javadoc's method signatures)
 * nor a name that goes on (`signature-dish`, `digital-signature-row`). A heading so named, or
 * one holding code, is an API member's signature (Scaladoc's `h4.signature`) and is kept
 * (boilerplate.ts). Session 43, same loads: 0.86268 → 0.86304 overall, forum pages 0.7756 →
 * 0.7803 (12 up, none down), the readability set unchanged.
 */
export const SIGNATURE_TOKEN = /^(?:[a-z0-9]*(?:post|entry|message)[-_]*)?signature$/;

/**
 * Class/id vocabulary of boilerplate regions, in the spirit of Readability's
 * `unlikelyCandidates` (sidebar, footer, related, social, sponsor, popup, rss, comment,
 * shoutbox, pagination…), extended with what WCXB-dev article pages showed kept as text:
 * newsletter/subscribe boxes, author bios, share bars, cookie/consent notices, modals; and
 * with the poster's panel beside each post of a forum thread or a Q&A page (session 43:
 * XenForo's `message-userExtras`, Stack Exchange's `user-info`/`user-details`, phpBB's
 * `postprofile`, wpDiscuz's `wpd-user-info`), which shows the poster's join date, post count,
 * reputation and badges. On the same loads 0.86185 → 0.86268 overall, forum pages 0.7645 →
 * 0.7756 (39 up, 7 down by 0.006 at most), the readability set 0.92913 → 0.92924, articles
 * unchanged. And with `disclaimer` (session 45): the fine print a shop or a vendor sets under
 * its copy (Samsung's `feature-benefit__disclaimer`, `common-bottom-disclaimer`), which the
 * truth leaves out; same loads, 0.86304 → 0.86359 overall (31 pages up, 6 down: 0112, an
 * insurer's page whose truth keeps its coverage notes, −0.077; footnotes of a tax article,
 * 0146, −0.015), product pages 0.6796 → 0.6826, articles 0.9488 → 0.9492, the readability
 * set unchanged.
 * Not `testimonial` or `promo`: on service and product pages those are the content
 * (measured: recall fell on WCXB-dev service/product pages). Nor `faq` (session 43, same
 * loads: 0.86185 → 0.85606 overall, service pages 0.853 → 0.827): a page's questions and
 * answers are its content far more often than an appendix to it. Matched inside class
 * names and ids (so `entry-footer`, `wp-sidebar`, `jp-relatedposts` match), with short
 * tokens (`ad`, `nav`) only as whole words.
 */
export const BOILERPLATE_VOCABULARY = new RegExp([
  'sidebar', 'footer', 'related', 'newsletter', 'subscribe', 'subscription', 'signup', 'sign-up', 'optin', 'opt-in',
  'breadcrumb', 'share', 'sharing', 'social', 'cookie', 'consent', 'gdpr', 'popup', 'modal',
  'sponsor', 'pagination', 'pager', 'disclaimer', 'shoutbox', 'skyscraper', 'recommend', 'more-stories', 'trending',
  'author-?(?:bio|box|info|card|profile|about)', 'user-?(?:info|details|extras|card|panel|profile)', 'postprofile', 'about-?the-?author', 'comment-?(?:form|respond|reply)', 'disqus',
  '[\\s_-](?:ads?|advert\\w*|rss|nav|navbar|navigation)(?=[\\s_-])',
].join('|'));

/**
 * Readability's `okMaybeItsACandidate` (minus its `and`, `column`, `shadow`, which match too
 * much): a name that also says "content" (`sidebar-content`, `content-sidebar-wrap`) is not
 * discounted by the vocabulary alone (substrings, tested with `includes`).
 */
export const CONTENT_WORDS: readonly string[] = ['article', 'body', 'content', 'main'];

/**
 * An id made from the element's own title (boilerplate.ts `idBesideTitle`) of at least this
 * many words is the author's words, not a name for the region's role: a widget's heading is a
 * shorter label ("Related posts", "Share this story", "About the author").
 */
export const TITLE_ID_MIN_WORDS = 4;

/** The elements a page marks its main content with (boilerplate.ts, nodeTypes.ts). */
export const MAIN_SELECTOR = 'main, [role="main"]';

/** The page's <main>, or its <article>, holding more than this share of its plain text is where pruning starts (nodeTypes.ts markedMain). */
export const MAIN_MIN_SHARE = 0.5;

/**
 * When only <body> holds θ_TD of the page's plain text, pruning starts at the lowest ancestor
 * of the page's <h1> holding more than this share of it (nodeTypes.ts titleRegion): the post
 * with its title, most of the page's text, without the sidebar and footer prose around it.
 */
export const TITLE_REGION_MIN_SHARE = 0.5;

/**
 * The most characters (whitespace aside) a button may show to count as the toggle of the
 * hidden section after it (layout.ts foldedByToggle): a toggle is a label ("More", "What
 * is an ITIN?"); a cookie banner focusable as a whole, beside its hidden settings, is not.
 */
export const TOGGLE_MAX_LABEL_CHARS = 120;

/**
 * Longest text of a tab that the clip writes as its panel's label (tabPanels.ts): a tab names
 * its panel in a word or a few ("Windows", "What happens in an accident"); a longer text is
 * not a name.
 */
export const TAB_LABEL_MAX_CHARS = 80;

/** A boilerplate region holding more than this share of the page's plain text is the page itself (not discounted). */
export const BOILERPLATE_MAX_SHARE = 0.5;

/** Discount boilerplate only when at least this many non-whitespace characters of plain text remain (Readability: 500 characters). */
export const BOILERPLATE_MIN_REMAINING = 400;

/**
 * A link block that reaches into the content is left there when the part inside is a
 * described list (linkBlocks.isDescribedList): at least this share of its gaps, and at
 * least C_t of them, hold a sentence of at least DESCRIBED_LIST_SENTENCE_WORDS words.
 * Reference pages give every link a line of description (MDN's member lists, Django's
 * settings); a cluster's gaps hold separators, prices, dates and counts. Without the C_t
 * floor an author box or two related posts with excerpts passed too. Our choice (session
 * 15, full benchmark: 10 wcxb-dev pages change, documentation +0.005 bag-of-words F1,
 * articles unchanged); the paper is silent.
 */
export const DESCRIBED_LIST_MIN_SENTENCE_SHARE = 1 / 3;
/**
 * A described list may be mostly link text when at least this share of its gaps hold a
 * sentence: a list of references whose every title is a link, its authors, journal and year
 * in the gaps (NIH's pages; link density 0.55). Session 15, full benchmark: 2 pages change,
 * both up (0348 +0.193, 0472 +0.061), none down.
 */
export const DESCRIBED_LIST_DENSE_SENTENCE_SHARE = 2 / 3;
export const DESCRIBED_LIST_SENTENCE_WORDS = 4;

/**
 * Headings that name a widget, not a part of the article (widgets.ts): author and reviewer
 * boxes, teasers of other articles, newsletter and share boxes, comment forms, disclaimers.
 * Not "Comments" nor "12 replies" (a forum's replies are its content; measured: as many
 * forum pages lost as gained), "See also", "Further reading" (a reference page's own
 * sections), nor a bare "Share" or "Related".
 *
 * Keyed by the label's first word (lower case, trailing punctuation off); each expression must
 * match the whole label, lower-cased with spaces collapsed and ’ read as ' (widgets.ts
 * isWidgetLabel; trailing punctuation allowed). A map of small case-sensitive expressions, not
 * one alternation: V8 compiles an expression anew in every page on its first use, and one
 * case-insensitive alternation of them all cost ~0.3 ms a page (ab-core, 75 pages), more than
 * the search it served. Most short texts fail the first-word lookup and compile nothing.
 */
export const WIDGET_LABELS: ReadonlyMap<string, RegExp> = widgetLabels({
  about: 'about the (?:author|reviewer|writer|contributor|editor)s?',
  related: 'related (?:articles?|posts?|stories|story|content|reading|links|topics|news|items|products|coverage|videos|guides)',
  recent: 'recent (?:articles?|posts?|stories|news)',
  'you we': '(?:you|we think you) (?:may|might|could|will|would) (?:also )?(?:like|love|enjoy|be interested in)(?: \\S+){0,3}',
  more: 'more (?:from|stories|articles|news|to read|like this)(?: \\S+){0,4}',
  most: 'most (?:popular|read|viewed|shared|commented)(?: \\S+){0,3}',
  popular: 'popular (?:articles|posts|stories|now|right now)',
  trending: 'trending(?: now| stories| articles| posts)?',
  'sign subscribe': '(?:sign up|subscribe)(?: (?:for|to|now))?(?: \\S+){0,5}',
  'get join our the free weekly daily email newsletter newsletters':
    '(?:(?:get|join) )?(?:our |the )?(?:free |weekly |daily |email )?newsletters?(?: \\S+){0,4}',
  share: 'share (?:this|the) (?:article|post|story|page|recipe)',
  leave: 'leave a (?:reply|comment)',
  'post add write': '(?:post|add|write) a comment',
  disclaimer: 'disclaimer',
  recommended: 'recommended (?:articles|reading|for you|stories|posts)',
  'read up keep what': 'read (?:next|also)|up next|keep reading|what to read next',
  latest: 'latest (?:news|articles|posts|stories)',
  "editor editor's editors editors'": "editor'?s'? picks?",
  print: 'print this page',
  advertisement: 'advertisement',
  // A shop's widgets around the product (session 21): its buyers' reviews and what else it sells.
  'customer customers': "customers? (?:reviews|ratings|ratings (?:&|and) reviews|(?:also|who) (?:viewed|bought|purchased)(?: \\S+){0,5})",
  people: 'people (?:who (?:viewed|bought) this (?:item|product) )?also (?:viewed|bought|purchased|searched for)',
  'user product': '(?:user|product) reviews',
  reviews: 'reviews for this (?:item|product)(?: \\(?[\\d,.]+\\)?)?',
  ratings: 'ratings (?:&|and) reviews',
  similar: 'similar (?:items|products)',
  frequently: 'frequently bought together',
  explore: 'explore (?:related|similar) (?:items|products)',
  sponsored: 'sponsored (?:items|products)(?: \\S+){0,4}',
  recently: 'recently viewed(?: items| products)?',
});

/** `{ 'first words': 'label pattern' }` → first word → whole-label expression. */
function widgetLabels(table: Record<string, string>): Map<string, RegExp> {
  const out = new Map<string, RegExp>();
  for (const [words, pattern] of Object.entries(table)) {
    const re = new RegExp(`^(?:${pattern})[ :.…!?]*$`);
    for (const word of words.split(' ')) out.set(word, re);
  }
  return out;
}

/**
 * Streamed segments (streamed.ts) holding fewer characters of text than this, all together, are
 * a sign-in button or an empty slot, not worth composing the page for (as NOSCRIPT_MIN_CHARS:
 * less is a notice).
 */
export const STREAMED_SEGMENT_MIN_CHARS = 200;

/**
 * A page that renders fewer than MARKUP_RETRY_MAX_RENDERED_CHARS non-space characters of text
 * (a header, a cookie notice) is walked once more with visibility judged by its markup alone
 * (layout.markupVisibility), and read that way when the markup holds at least
 * MARKUP_RETRY_MIN_RATIO times as many: its stylesheets hide the content until scripts run
 * (`.js-loading { display: none }`, a product page revealed by its app). Above the floor a
 * page is trusted as rendered, so a normal page pays no second walk; the ratio keeps a short
 * page whose markup adds only a hidden menu or dialog as it renders. Our choice; full
 * benchmark: 5 wcxb-dev pages change, all up (Sweetwater's product pages 0.01 -> 0.64/0.55,
 * Nike 0.24 -> 0.90, Death Wish Coffee), the readability set unchanged. A page rendering
 * nothing readable is always retried (extract.ts).
 */
export const MARKUP_RETRY_MAX_RENDERED_CHARS = 1_000;
export const MARKUP_RETRY_MIN_RATIO = 2;

/** A widget section holding more than this share of the selection's text is the content (widgets.ts). */
export const WIDGET_MAX_SHARE = 0.5;

/**
 * Repeated regions (repeats.ts): blocks a page may repeat on purpose, so a copy of one is
 * not dropped (a refrain, a quoted post, a table row, the same step in two recipes); only
 * containers around them are compared. Phrasing elements (PHRASING_TAGS) are never compared
 * either.
 */
export const REPEATABLE_TAGS: ReadonlySet<string> = new Set([
  'P', 'LI', 'DT', 'DD', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE',
  'TD', 'TH', 'TR', 'FIGCAPTION', 'CAPTION', 'LABEL', 'BUTTON',
]);

/** A container with fewer non-space characters is not compared for copies (repeats.ts). */
export const REPEAT_MIN_CHARS = 100;

/** At most this much text is read to compare containers (repeats.ts; the largest first). */
export const REPEAT_MAX_READ_CHARS = 1_000_000;

/**
 * Teaser lists (teasers.ts): at least TEASER_MIN_CARDS cards, each at most
 * TEASER_MAX_CARD_CHARS non-space characters (a title and an excerpt of two or three lines; an
 * entry of a "ten best tools" post runs longer), and at least TEASER_MIN_SHARE_ALIKE of their
 * titles linking to a post of the same site; a post's address ends in a slug of at least
 * TEASER_SLUG_MIN_WORDS words. Wrappers adding at most TEASER_LABEL_MAX_CHARS (a label) go
 * with the list.
 */
export const TEASER_MIN_CARDS = 3;
export const TEASER_MAX_CARD_CHARS = 400;
export const TEASER_MIN_SHARE_ALIKE = 0.8;
export const TEASER_SLUG_MIN_WORDS = 3;
export const TEASER_LABEL_MAX_CHARS = 80;

/**
 * Lists of card links (cardLists.ts): a card link holds at least CARD_MIN_CHARS non-space
 * characters laid out in blocks; the list is looked for when NTA's start node holds at most
 * CARD_LIST_MAX_START_CHARS, and taken when it has at least CARD_LIST_MIN_CARDS cards, they
 * are at least CARD_LIST_MIN_SHARE of its text, and they hold at least CARD_LIST_MIN_RATIO
 * times the start node's.
 */
export const CARD_MIN_CHARS = 60;
export const CARD_LIST_MAX_START_CHARS = 800;
export const CARD_LIST_MIN_CARDS = 3;
export const CARD_LIST_MIN_SHARE = 0.5;
export const CARD_LIST_MIN_RATIO = 3;

/**
 * Control text (controls.ts). A call to action, matched against an element's whole text (lower
 * case; trailing dots, ellipsis and arrows allowed), dropped when it stands on a line of its own
 * and is no heading: "Read more" and "Learn more" under a teaser or a card, "Continue reading",
 * XenForo's "Click to expand..." under a quote.
 */
export const CONTROL_PHRASE = /^(?:read more|learn more|continue reading|click to expand)[\s.…:»›→>]*$/;

/**
 * A post's or a product card's own control (controls.ts): the whole text of a link or a button
 * under a forum post ("Reply", "Quote", "Report"), a Q&A site's answer ("Improve this answer",
 * "Add a comment", "Show 2 more comments"), a share bar ("Share", "Embed", "Save"), or a shop's
 * card ("Quick view", "Add to cart", "Compare", "Shop now"): lower case, spaces collapsed, a
 * number written `#`, trailing separators and arrows left off (controls.ts actionKey). Unlike a
 * call to action these are also words of a sentence, so only a link or a button holding exactly
 * this text is read, and it is dropped when it stands on its line with nothing beside it but
 * more such controls and separators (a post's action bar, "Reply · Quote · Report"). A set, not
 * a pattern: a page compiles no regular expression to ask (a long alternation costs ~0.2 ms to
 * compile in a fresh page; see rules.READING_TIME).
 */
export const ACTION_LABELS: ReadonlySet<string> = new Set([
  'reply', 'reply with quote', 'quote', 'multiquote', 'multi-quote', 'report', 'report post', 'report comment', 'report abuse',
  'permalink', 'share', 'embed', 'save', 'follow', 'edit', 'flag',
  'improve this answer', 'improve this question', 'improve this post', 'add a comment', 'add comment',
  'show # more comment', 'show # more comments',
  'quick view', 'view options', 'choose options', 'select options',
  'add to cart', 'add to bag', 'add to basket', 'add to wishlist', 'shop now', 'book now', 'buy now', 'get a quote', 'compare',
]);

/**
 * A placeholder for what the page's scripts were still loading ("Loading...", a spinner's
 * label, heading or not). Only with its ellipsis: a bare "Loading" is a word of the text
 * (a mover's list of services: "Packing, Loading, Unloading").
 */
export const PLACEHOLDER_PHRASE = /^loading\s*(?:\.{2,}|…)$/;

/** Marks a heading's permalink shows (Sphinx's `¶`, GitHub's and many generators' `#`, `§`, 🔗). */
export const PERMALINK_MARKS: ReadonlySet<string> = new Set(['#', '§', '¶', '🔗', '⚓']);

/**
 * The label of a table of contents ("Table of contents", "Contents"), dropped when it stands on
 * a line of its own, heading or not: its list of links into the page goes as a link block,
 * and the label is left over (controls.ts).
 */
export const TOC_LABEL = /^(?:table of )?contents:?$/;

/**
 * The first UTF-16 unit a control text can begin with, in either case: the first letters of
 * CONTROL_PHRASE's, PLACEHOLDER_PHRASE's, TOC_LABEL's and ACTION_LABELS' words, and a permalink mark's first
 * unit (`#` also begins a post's number). controls.ts tests no pattern against a text that
 * begins otherwise, as most short texts of a clip do. Kept in step with the patterns above by
 * controls.test.ts.
 */
export const CONTROL_FIRST_UNITS: ReadonlySet<string> = new Set([
  ...'rlctRLCT',
  ...[...ACTION_LABELS].flatMap((label) => [label.charAt(0), label.charAt(0).toUpperCase()]),
  ...[...PERMALINK_MARKS].map((mark) => mark[0]!),
]);

/** Control texts are short: only elements of at most this many non-space characters are read (controls.ts). */
export const CONTROL_MAX_CHARS = 24;

/** Minutes, as reading-time labels write them (READING_TIME). */
const MINUTES = '(?:min|mins|minutes?|minuten|minutos?|minuti)\\.?';
/** What a reading-time label says before its number: "Reading time: 8 minutes". */
const READING_TIME_BEFORE = '(?:(?:estimated |average )?(?:reading|read) time|lesezeit|leestijd|temps de lecture|tiempo de lectura|tempo de leitura|tempo di lettura)';
/** What it says after: "5 min read", "3-minute read", "4 min de lectura". */
const READING_TIME_AFTER = '(?:(?:read|reading)(?: time)?|lesezeit|leestijd|de lecture|de lectura|de leitura|di lettura)';

/**
 * A page's estimate of its own reading time, as an element's whole text (lower case): "5 min
 * read", "3 MIN. READ", "< 5-minute read", "Reading time: 8 minutes", "Estimated reading time:
 * 11 minutes", "Lesezeit: 4 Minuten". It is the page's chrome, not its text: the clip has its
 * own (Clip.readingMinutes). In wcxb-dev clips a loose pattern for it found 111 lines outside
 * the truth (a byline's "· 3 min read", a post's header) and 4 inside. Its number is required:
 * a recipe's "10 min" and a sentence's "a five-minute read" say something else (controls.ts).
 */
export const READING_TIME = new RegExp(`^(?:${READING_TIME_BEFORE}\\s*:?\\s*(?:about |approx(?:imately|\\.)? |ca\\.? |~\\s*)?\\d{1,3}\\s*${MINUTES}|(?:~|<|about )?\\s*\\d{1,3}\\s*[-\\s]?${MINUTES}\\s+${READING_TIME_AFTER})$`);

/** The first UTF-16 units a READING_TIME label can begin with, in either case (kept in step by controls.test.ts). */
export const READING_TIME_FIRST_UNITS: ReadonlySet<string> = new Set([...'0123456789~<aertlALERT']);

/** Reading-time labels are at most this many non-space characters long ("Estimated reading time: 11 minutes" is 30). */
export const READING_TIME_MAX_CHARS = 30;
