import { articleHtml, expect, test } from './fixtures';

/**
 * Pages whose content Sift cannot see from the top page, as a user meets them. Found by
 * hand: a frameset page (two frames of a readable article, as old documentation sites and
 * classic Javadoc are built) and an SVG drawing both said "This page is empty: there is no
 * text or image to clip", while the tab visibly showed text; a page that shows its article
 * in a full-size <iframe> said it found "only 1 word of running text … a list of links or
 * an app", with nothing to tell the user where the article is. Sift clips the top frame
 * only (README, "How it works"), so the popup names the frame to open instead.
 */

test('a frameset page is not called empty: the popup names the largest frame to open on its own', async ({ context, server, openPopup }) => {
  server.setPage('/framed-article.html', articleHtml(server, { title: 'Inside the Frame' }));
  server.setPage('/framed-menu.html', '<!doctype html><title>Menu</title><ul><li><a href="/a">Overview</a></li><li><a href="/b">Classes</a></li></ul>');
  // A long address without break opportunities (a session query), as real framesets have.
  const articlePath = `/framed-article.html?session=${'0123456789abcdef'.repeat(8)}`;
  server.setPage('/frameset.html', `<!doctype html><html><head><title>Docs in frames</title></head><frameset cols="25%,75%"><frame src="/framed-menu.html" name="menu"><frame src="${articlePath}" name="main"></frameset></html>`);
  const page = await context.newPage();
  await page.goto(server.url('/frameset.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).not.toContainText('empty');
  await expect(panel).toContainText('frames');
  await expect(panel).toContainText(server.url(articlePath));
  await expect(popup.locator('[aria-busy="true"]')).toHaveCount(0);
  // The address wraps inside the popup instead of scrolling it sideways.
  for (const box of ['html', 'main.body']) expect(await popup.locator(box).evaluate((el) => el.scrollWidth - el.clientWidth), box).toBe(0);
});

test('an article shown in a page-size iframe: the not-an-article answer names the frame to open', async ({ context, server, openPopup }) => {
  server.setPage('/inner-article.html', articleHtml(server, { title: 'Behind the Iframe' }));
  server.setPage(
    '/iframe-shell.html',
    `<!doctype html><html><head><title>Shell</title></head><body style="margin:0"><nav><a href="/">Home</a></nav><iframe src="/inner-article.html" title="Article" style="border:0;width:100%;height:2400px"></iframe></body></html>`,
  );
  const page = await context.newPage();
  await page.goto(server.url('/iframe-shell.html'));
  await page.frameLocator('iframe').locator('h1').waitFor();
  const popup = await openPopup(page);
  const panel = popup.getByTestId('not-article');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).toContainText(`frame showing ${server.url('/inner-article.html')}`);
  // The usual choices stay.
  await expect(panel.getByRole('button', { name: 'Save full page' })).toBeEnabled();
});

test('a page that is only an iframe is not called empty either', async ({ context, server, openPopup }) => {
  server.setPage('/only-article.html', articleHtml(server, { title: 'The Only Frame' }));
  server.setPage('/only-iframe.html', '<!doctype html><html><head><title>Shell</title></head><body style="margin:0"><iframe src="/only-article.html" style="border:0;width:100%;height:100vh"></iframe></body></html>');
  const page = await context.newPage();
  await page.goto(server.url('/only-iframe.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).not.toContainText('empty');
  await expect(panel).toContainText(`Open the frame on its own to clip it: ${server.url('/only-article.html')}`);
});

test('a tracking pixel frame on an empty page is not offered as the content: the page is still empty', async ({ context, server, openPopup }) => {
  server.setPage('/pixel.html', '<!doctype html><title>Pixel</title><body></body>');
  server.setPage('/empty-with-pixel.html', '<!doctype html><html><head><title>Nothing</title></head><body><iframe src="/pixel.html" width="1" height="1" style="border:0"></iframe></body></html>');
  const page = await context.newPage();
  await page.goto(server.url('/empty-with-pixel.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('This page is empty', { timeout: 10_000 });
  await expect(panel).not.toContainText('frame');
});

test('a small embed does not take over the answer: a link list with a video-sized iframe gets the plain verdict', async ({ context, server, openPopup }) => {
  server.setPage('/embed.html', '<!doctype html><title>Embed</title><p>Clip</p>');
  const links = Array.from({ length: 30 }, (_, i) => `<li><a href="/story/${i}">Story number ${i} about the valley and the river</a></li>`).join('');
  server.setPage('/links-with-embed.html', `<!doctype html><html><head><title>Stories</title></head><body><ul>${links}</ul><iframe src="/embed.html" width="320" height="180"></iframe></body></html>`);
  const page = await context.newPage();
  await page.goto(server.url('/links-with-embed.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('not-article');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).not.toContainText('frame');
});

test('an SVG drawing is called a file, not an empty page', async ({ context, server, openPopup }) => {
  await context.route(/\/drawing\.svg$/, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><text x="10" y="40">A labelled drawing of the river</text></svg>' }),
  );
  const page = await context.newPage();
  await page.goto(server.url('/drawing.svg'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).toContainText('This tab shows a file (image/svg+xml), not a web page');
});
