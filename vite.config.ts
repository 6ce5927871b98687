import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import baseManifest from './manifest.json' with { type: 'json' };

/**
 * Three builds from one source (`vite build --mode <mode>`):
 * - `production` → dist/: the shipped Chromium extension (activeTab only, no host permissions).
 * - `e2e` → dist-e2e/: identical except for host permissions on the local test server,
 *   because Playwright cannot click the toolbar and so never grants activeTab
 *   (TOOLCHAIN.md), and `downloads` granted at install rather than asked for (optional in
 *   the shipped build). Never ship this build.
 * - `firefox` → dist-firefox/: background.scripts instead of a service worker, plus the
 *   gecko settings AMO requires (`web-ext lint` must report 0 errors).
 */
type BuildMode = 'production' | 'e2e' | 'firefox';

/**
 * Hosts the e2e test server listens on (the page origin and a second, cross-origin image
 * host), and files on disk: what the toolbar click's activeTab grant gives the shipped build
 * for the clicked page, a file:// one included when "Allow access to file URLs" is on
 * (e2e/clip-file.spec.ts).
 */
const E2E_HOSTS = ['http://localhost/*', 'http://127.0.0.1/*', 'file:///*'];

/** The Firefox add-on id; stable so storage survives updates. */
const GECKO_ID = 'sift@sift-clipper.org';

function manifestFor(mode: BuildMode): ManifestV3Export {
  const manifest = structuredClone(baseManifest) as Record<string, unknown>;
  if (mode === 'e2e') {
    manifest.host_permissions = E2E_HOSTS;
    // The PDF panel's download asks for `downloads` in a browser prompt, which Playwright
    // cannot answer: the test build holds it from the start (e2e/clip-pdf.spec.ts).
    manifest.permissions = [...(manifest.permissions as string[]), 'downloads'];
    delete manifest.optional_permissions;
    manifest.name = 'Sift (e2e test build)';
  }
  if (mode === 'firefox') {
    manifest.background = { scripts: ['src/background/worker.ts'], type: 'module' };
    manifest.browser_specific_settings = {
      gecko: {
        id: GECKO_ID,
        // 142: first Firefox (desktop and Android) that understands data_collection_permissions.
        strict_min_version: '142.0',
        data_collection_permissions: { required: ['none'] },
      },
    };
  }
  return manifest as unknown as ManifestV3Export;
}

/**
 * crxjs lists every `?iife` script as web-accessible to all http(s) pages, for the case where
 * a content script loads it. Sift only injects it with scripting.executeScript({ files }),
 * which reads extension files directly, so the entry would merely let any site fingerprint
 * the extension. Drop web_accessible_resources entries that hold nothing but that script.
 */
function noWebAccessibleContentScript(): Plugin & { renderCrxManifest: (m: Record<string, unknown>) => Record<string, unknown> } {
  return {
    name: 'sift:no-web-accessible-content-script',
    enforce: 'post',
    renderCrxManifest(manifest) {
      const war = (manifest.web_accessible_resources ?? []) as Array<{ resources: string[] }>;
      const kept = war.filter((entry) => !entry.resources.every((r) => r.startsWith('src/content/')));
      if (kept.length > 0) manifest.web_accessible_resources = kept;
      else delete manifest.web_accessible_resources;
      return manifest;
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  const buildMode: BuildMode = mode === 'e2e' || mode === 'firefox' ? mode : 'production';
  const outDir = { production: 'dist', e2e: 'dist-e2e', firefox: 'dist-firefox' }[buildMode];
  return {
    plugins: [
      preact(),
      crx({ manifest: manifestFor(buildMode), browser: buildMode === 'firefox' ? 'firefox' : 'chrome' }),
      noWebAccessibleContentScript(),
    ],
    define: {
      // Lets code state which build it is in (the popup shows a banner in the test build).
      'import.meta.env.SIFT_BUILD': JSON.stringify(buildMode),
    },
    build: {
      outDir,
      emptyOutDir: true,
      // Extension pages load from disk: source maps help debugging and cost nothing at runtime.
      sourcemap: false,
      target: 'es2022',
      rolldownOptions: {
        // ==== Extension pages (not referenced by the manifest) ====
        // Add one line per page; the key is only a chunk name. The popup is listed by the
        // manifest (action.default_popup) and needs no entry here.
        input: {
          reader: 'src/pages/reader/index.html',
          library: 'src/pages/library/index.html',
        },
      },
    },
    server: { strictPort: true },
  };
});
