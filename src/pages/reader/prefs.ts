/** Reader preferences, remembered in the settings table under one key. */
export type ReaderTheme = 'system' | 'light' | 'dark' | 'sepia';
export type ReaderFont = 'serif' | 'sans' | 'mono';

export interface ReaderPrefs {
  theme: ReaderTheme;
  font: ReaderFont;
  /** Body font size, CSS px. */
  size: number;
  /** Line width in `ch` (characters): 60–75 is the classic comfortable measure. */
  width: number;
  lineHeight: number;
}

export const READER_PREFS_KEY = 'reader.prefs';
export const DEFAULT_PREFS: ReaderPrefs = { theme: 'system', font: 'serif', size: 19, width: 68, lineHeight: 1.6 };
export const THEMES: readonly ReaderTheme[] = ['system', 'light', 'sepia', 'dark'];
export const FONTS: readonly ReaderFont[] = ['serif', 'sans', 'mono'];
export const SIZE = { min: 14, max: 30, step: 1 } as const;
export const WIDTH = { min: 45, max: 100, step: 5 } as const;
export const LINE_HEIGHT = { min: 1.3, max: 2.1, step: 0.1 } as const;

const clamp = (v: unknown, lo: number, hi: number, d: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : d;

/** Settings may come from an older version or a hand-edited backup: coerce, never trust. */
export function coercePrefs(raw: unknown): ReaderPrefs {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    theme: THEMES.includes(r.theme as ReaderTheme) ? (r.theme as ReaderTheme) : DEFAULT_PREFS.theme,
    font: FONTS.includes(r.font as ReaderFont) ? (r.font as ReaderFont) : DEFAULT_PREFS.font,
    size: clamp(r.size, SIZE.min, SIZE.max, DEFAULT_PREFS.size),
    width: clamp(r.width, WIDTH.min, WIDTH.max, DEFAULT_PREFS.width),
    lineHeight: Math.round(clamp(r.lineHeight, LINE_HEIGHT.min, LINE_HEIGHT.max, DEFAULT_PREFS.lineHeight) * 10) / 10,
  };
}
