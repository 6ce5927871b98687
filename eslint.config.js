import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noUnsanitizedHtml = {
  selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]",
  message: 'Never assign page HTML with innerHTML/outerHTML: sanitize with src/shared/sanitize.ts and use replaceChildren (STYLE.md, 9).',
};
const noInsertAdjacentHtml = {
  selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
  message: 'insertAdjacentHTML parses unsanitized HTML (STYLE.md, 9).',
};
const noDangerousPreact = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Render sanitized fragments with replaceChildren instead (STYLE.md, 9).',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-firefox/', 'dist-e2e/', 'build/', 'bench-out/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', globalThis: 'readonly',
        process: 'readonly', URL: 'readonly', performance: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        structuredClone: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly',
        Buffer: 'readonly', fetch: 'readonly', navigator: 'readonly', crypto: 'readonly',
        Blob: 'readonly', Response: 'readonly', AbortController: 'readonly', location: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', noUnsanitizedHtml, noInsertAdjacentHtml, noDangerousPreact],
    },
  },
  {
    // The core is pure DOM: it runs in the content script, in the benchmark page and in Node tests.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['dexie', 'preact', 'preact/*', 'webextension-polyfill', 'dompurify'], message: 'src/core is pure DOM TypeScript (STYLE.md, 1).' },
          { group: ['../*', '!../core/*'], message: 'src/core may not import from outside src/core.' },
        ],
      }],
      'no-restricted-globals': ['error', 'chrome', 'browser'],
    },
  },
  {
    // Sub-folders of the core (records/, engines/): `../x` is still inside src/core, `../../x` is not.
    files: ['src/core/*/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['dexie', 'preact', 'preact/*', 'webextension-polyfill', 'dompurify'], message: 'src/core is pure DOM TypeScript (STYLE.md, 1).' },
          { group: ['../../*', '!../../core/*'], message: 'src/core may not import from outside src/core.' },
        ],
      }],
    },
  },
  {
    // UI components get data and actions through props, never browser.* (STYLE.md, 7).
    files: ['src/popup/components/**/*.tsx', 'src/pages/**/components/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'webextension-polyfill', message: 'Pass actions in through props.' }] }],
    },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests and the bench harness deliberately write raw HTML into scratch pages (positive controls).
      'no-restricted-syntax': 'off',
    },
  },
);
