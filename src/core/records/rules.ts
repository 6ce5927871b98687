/**
 * Every rule, word list and threshold of the structured-pages stage, in one place
 * (STYLE.md, 3). Each value says where it comes from: a paper section (SPEC §3 step 4,
 * §4) or a measurement on wcxb-dev (scripts/records-eval.ts prints them).
 */

/** Attribute/value delimiters (VSSE §4.3.2: "delimiters … such as ':'"); `：` is the CJK full-width colon. */
export const DELIMITERS = [':', '：'] as const;

/** A leaf reads as "key: value" or "key:" when its key part is at most this long (chars). */
export const MAX_KEY_LENGTH = 40;
/** Values longer than this are prose, not a record value; cut for the table. */
export const MAX_VALUE_LENGTH = 300;
/** A "punctuation-light" leaf (VSSE's punctuation characteristic read inversely: record values are short and carry no sentence punctuation). */
export const MAX_SHORT_LEAF = 80;
export const SENTENCE_PUNCTUATION = /[.!?。！？]\s|[.!?。！？]$/u;

/**
 * The attribute dictionary (VSSE §4.3.2: "popular attribute names, such as 'goods name',
 * 'price'"). Lower-case, several languages (en, de, fr, es, it, pt, nl, sv, pl, zh, ja, ko).
 * Matched against the whole key text (a trailing delimiter removed).
 */
export const ATTRIBUTE_DICTIONARY: ReadonlySet<string> = new Set([
  // English
  'name', 'product name', 'item name', 'goods name', 'title', 'price', 'list price', 'sale price', 'our price',
  'brand', 'manufacturer', 'maker', 'model', 'model number', 'model name', 'item model number', 'part number',
  'mpn', 'sku', 'upc', 'ean', 'isbn', 'isbn-10', 'isbn-13', 'asin', 'gtin', 'item number', 'item #', 'item#',
  'product code', 'style', 'colour', 'color', 'size', 'sizes', 'dimensions', 'product dimensions', 'weight',
  'item weight', 'net weight', 'capacity', 'volume', 'material', 'materials', 'fabric', 'composition',
  'condition', 'availability', 'stock', 'in stock', 'quantity', 'package quantity', 'country of origin',
  'origin', 'made in', 'warranty', 'type', 'category', 'series', 'publisher', 'author', 'language',
  'pages', 'hardcover', 'paperback', 'format', 'edition', 'release date', 'date first available',
  'shipping', 'delivery', 'returns', 'seller', 'sold by', 'ships from', 'fit', 'care', 'care instructions',
  'width', 'height', 'depth', 'length', 'diameter', 'power', 'voltage', 'wattage', 'battery',
  'battery life', 'connectivity', 'interface', 'memory', 'memory size', 'storage', 'processor', 'cpu',
  'gpu', 'chipset', 'resolution', 'display', 'screen size', 'operating system', 'compatibility',
  'compatible devices', 'ingredients', 'flavor', 'flavour', 'scent', 'finish', 'pattern', 'features',
  'assembly required', 'number of pieces', 'age range', 'gender', 'sleeve length', 'closure', 'sole',
  'upper', 'lining', 'heel height', 'form factor', 'ear placement', 'noise control', 'rating', 'reviews',
  'mount type', 'shape', 'theme', 'occasion', 'collection', 'designer', 'product type', 'unit count',
  'serving size', 'servings', 'best by', 'shelf life', 'certification', 'chip type', 'cores', 'speed',
  'cas latency', 'timing', 'voltage rating', 'bus', 'boost clock', 'core clock', 'memory type',
  // German
  'marke', 'hersteller', 'preis', 'modell', 'farbe', 'größe', 'grösse', 'gewicht', 'material',
  'maße', 'abmessungen', 'artikelnummer', 'zustand', 'lieferzeit', 'verfügbarkeit', 'inhalt', 'herkunft',
  // French
  'marque', 'fabricant', 'prix', 'modèle', 'couleur', 'taille', 'poids', 'matière', 'matériau',
  'dimensions', 'référence', 'état', 'disponibilité', 'contenance', 'origine', 'garantie', 'livraison',
  'puissance', 'hauteur', 'largeur', 'profondeur', 'longueur', 'diamètre', 'composition', 'finition',
  // Spanish / Italian / Portuguese
  'marca', 'precio', 'modelo', 'color', 'talla', 'tamaño', 'peso', 'dimensiones', 'referencia',
  'prezzo', 'colore', 'taglia', 'dimensioni', 'materiale', 'preço', 'cor', 'tamanho', 'garantía', 'garanzia',
  // Dutch / Swedish / Polish
  'merk', 'prijs', 'kleur', 'maat', 'gewicht', 'pris', 'märke', 'färg', 'storlek', 'vikt',
  'cena', 'kolor', 'rozmiar', 'waga', 'producent',
  // Chinese / Japanese / Korean
  '商品名称', '名称', '品名', '价格', '售价', '品牌', '型号', '颜色', '尺寸', '重量', '产地', '材质', '规格',
  '货号', '上市时间', '包装', '価格', '商品名', 'ブランド', 'メーカー', '型番', 'カラー', 'サイズ', '重さ',
  '素材', '原産国', '가격', '브랜드', '모델', '색상', '크기', '무게', '소재',
]);

/** Money amounts in common notations ($1,299.00, 49,90 €, £5, ¥300, USD 20, 20 zł). */
export const PRICE_PATTERN =
  /(?:[$€£¥₹₩₽]|\b(?:usd|eur|gbp|aud|cad|chf|jpy|sek|nok|dkk|pln|inr)\b)\s?\d[\d.,\s]*\d?|\d[\d.,]*\s?(?:[$€£¥₹₩₽]|\b(?:usd|eur|gbp|zł|kr|chf)\b)/iu;

/** Buy-box words: a product page offers one thing to buy (en, de, fr, es, it, nl, pt). */
export const BUY_BUTTON_PATTERN =
  /\b(?:add to (?:cart|bag|basket|trolley)|buy now|buy it now|pre-?order|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen|adicionar ao carrinho)\b/iu;

/** Forum words in repeated records (thread replies). */
export const FORUM_PATTERN =
  /\b(?:replies|reply|quote|posted by|joined|posts:|thread|topic starter|original poster|upvotes?|permalink|report post|likes?\b.*\bposts?)\b/iu;

/** URL path fragments that name a page kind; only used as one weak vote among many. */
export const URL_HINTS = {
  forum: /\/(?:forums?|threads?|t|topic|topics|community|discussions?|questions|comments|r)\//iu,
  documentation: /\/(?:docs?|documentation|reference|ref|api|manual|guide|guides|userguide|usersguide|kb|help|learn|tutorial|library|book)\b/iu,
  product: /\/(?:products?|item|itm|dp|p|sku)\/|\.html?$|\/(?:ip)\//iu,
  list: /\/(?:collections?|category|categories|search|shop|tag|tags|archive|browse|c|s|blog|news)\b|[?&](?:q|query|k|search)=/iu,
} as const;

/** Host names of documentation sites (docs.…, developer.…, *.readthedocs.io, *.gitbook.io). */
export const DOC_HOSTS = /^(?:docs?|developer|developers|devdocs|learn|wiki|manual|help|api)\.|\.(?:readthedocs\.io|gitbook\.io|github\.io)$/iu;

/** Generators of documentation sites (meta[name=generator]). */
export const DOC_GENERATORS = /\b(?:sphinx|docusaurus|mkdocs|gitbook|vuepress|hugo-book|docsy|mintlify|readme\.io|jsdoc|typedoc|javadoc|doxygen|vitepress|starlight|docutils|mdbook|antora|nextra)\b/iu;

/** schema.org @type values, grouped by the page kind they announce. */
export const SCHEMA_TYPES = {
  product: new Set(['product', 'productgroup', 'offer', 'aggregateoffer', 'individualproduct', 'vehicle', 'book']),
  list: new Set(['itemlist', 'collectionpage', 'searchresultspage', 'offercatalog']),
  forum: new Set(['discussionforumposting', 'qapage', 'question', 'answer', 'comment', 'socialmediaposting']),
  documentation: new Set(['techarticle', 'apireference', 'howto']),
  article: new Set(['article', 'newsarticle', 'blogposting', 'reportagenewsarticle', 'analysisnewsarticle', 'opinionnewsarticle', 'scholarlyarticle', 'report', 'liveblogposting']),
} as const;

/** SPEC §3 step 4: the Viterbi walk stops when the weight stops rising; a child must beat its parent by this factor. */
export const VITERBI_MIN_GAIN = 1.0;
/**
 * Attribute values longer than this that contain sentence punctuation are prose (feature
 * bullets, descriptions), not values. Spec values on the 10 labelled product pages are
 * ≤ 80 chars except lists of compatible devices, which carry no sentence punctuation.
 */
export const MAX_PLAIN_VALUE = 100;
/** Containers whose attribute-looking text is page chrome, not the product (HTML sectioning and ARIA landmarks). */
export const CHROME_TAGS: ReadonlySet<string> = new Set(['NAV', 'FOOTER', 'DIALOG']);
export const CHROME_ROLES = /^(?:navigation|contentinfo|search|dialog|menu|menubar)$/iu;
/**
 * Class/id/itemprop words of user content (reviews, comments, Q&A): reviewer profiles
 * ("Age: 35–44", "Location: …") repeat once per review and are not the product's attributes.
 */
export const USER_CONTENT = /(?:^|[\s_-])(?:reviews?|comments?|testimonials?|ugc|answers?|questions?)(?:$|[\s_-])/iu;

/** A record table needs at least this many pairs; fewer are noise (a lone "Share:"). */
export const MIN_ATTRIBUTE_PAIRS = 2;
/** Walks stop at this many attribute rows (a hostile page cannot make a huge table). */
export const MAX_ATTRIBUTE_PAIRS = 200;

/** SPEC §4 step 2: step into the busiest child while it holds more than this share of t's nodes (the paper's `factor`; 0.6 measured on wcxb-dev lists). */
export const RECORD_FACTOR = 0.6;
/** SPEC §4 step 2: drop records with fewer nodes than avgsize × this (the paper: half). */
export const RECORD_MIN_SIZE_RATIO = 0.5;
/** Fewer records than this is not a list. */
export const MIN_RECORDS = 3;
/** SPEC §4 step 1: Ocq = ξ·Cmp + (1−ξ)·Sep (He et al. 2002, the paper's ref. [6]); ξ = 0.5 weighs both equally. */
export const OCQ_XI = 0.5;
/** Region runs shorter than this many leaves are not a data region. */
export const MIN_REGION_LEAVES = 6;
/** Simple tree matching only descends this deep into a record (bounded recursion on hostile pages). */
export const MAX_MATCH_DEPTH = 24;
/** Records larger than this many elements are cut off for matching (time budget). */
export const MAX_RECORD_NODES = 600;
/** Tables keep at most this many rows and columns. */
export const MAX_ROWS = 1000;
export const MAX_COLUMNS = 24;
/** A column filled in fewer than this share of rows is dropped (noise like one badge). */
export const MIN_COLUMN_FILL = 0.2;

/**
 * Screen-reader-only text ("Regular price", "Vendor:", "Opens in a new window"): rendered as
 * a 1 px clip, so visibility checks pass, but a reader never sees it. Its leaves are dropped
 * (seen on most shop grids of wcxb-dev: Shopify `visually-hidden`, Bootstrap `sr-only`).
 */
export const SCREEN_READER_CLASS = /(?:^|\s)(?:sr-only|sr_only|visually-hidden|visuallyhidden|screen-reader-text|screenreader|u-text-sr-only|a11y-hidden|hidden-visually|assistive-text|offscreen)(?:\s|$)/iu;

/** A column whose cells are one short constant text in most rows is a label ("Price:"), not data: it names the next column. */
export const LABEL_COLUMN_SHARE = 0.9;
/** Two columns with the same text in this share of rows are one column (a title repeated in the image alt and the heading). */
export const DUPLICATE_COLUMN_SHARE = 0.9;
