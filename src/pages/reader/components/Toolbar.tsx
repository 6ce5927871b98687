import type { ReaderPrefs, ReaderTheme, ReaderFont } from '../prefs';
import { FONTS, LINE_HEIGHT, SIZE, THEMES, WIDTH } from '../prefs';

const THEME_LABEL: Record<ReaderTheme, string> = { system: 'Auto', light: 'Light', sepia: 'Sepia', dark: 'Dark' };
const FONT_LABEL: Record<ReaderFont, string> = { serif: 'Serif', sans: 'Sans', mono: 'Mono' };

/**
 * The clip's original: a web page is a link; a file on this computer is a button, as an
 * extension page cannot follow a file: link and the reader opens it through the extension
 * (only where the browser allows it: otherwise there is no Original, and the article's foot
 * gives the file's path as text).
 */
export type OriginalLink = { kind: 'link'; href: string } | { kind: 'file'; path: string; open: () => void };

export interface ToolbarProps {
  prefs: ReaderPrefs;
  onChange: (p: ReaderPrefs) => void;
  libraryHref: string;
  original: OriginalLink | null;
  open: boolean;
  onToggle: () => void;
  /** Opens the keyboard shortcuts dialog, as the ? key does. */
  onHelp: () => void;
}

/** The typography panel and the button that opens it (the reader returns the focus there on Esc). */
export const TYPOGRAPHY_PANEL_ID = 'typography';
export const TYPOGRAPHY_TOGGLE_ID = 'typography-toggle';

/** Top bar: back to the library, the original link, and the typography panel. */
export function Toolbar({ prefs, onChange, libraryHref, original, open, onToggle, onHelp }: ToolbarProps) {
  const set = <K extends keyof ReaderPrefs>(k: K, v: ReaderPrefs[K]) => onChange({ ...prefs, [k]: v });
  return (
    <header class="toolbar" role="banner">
      <a class="tb-btn" href={libraryHref} title="Back to the library (L)">
        <span aria-hidden="true">←</span> Library
      </a>
      <span class="tb-spacer" />
      {original?.kind === 'link' && (
        <a class="tb-btn" href={original.href} target="_blank" rel="noopener noreferrer" title="Open the original page (O)" data-testid="original-link">
          Original <span aria-hidden="true">↗</span>
        </a>
      )}
      {original?.kind === 'file' && (
        <button type="button" class="tb-btn" onClick={original.open} title={`Open the original file, ${original.path} (O)`} data-testid="original-link">
          Original <span aria-hidden="true">↗</span>
        </button>
      )}
      <button id={TYPOGRAPHY_TOGGLE_ID} class="tb-btn" type="button" aria-expanded={open} aria-controls={TYPOGRAPHY_PANEL_ID} onClick={onToggle} title="Typography (A)">
        <span aria-hidden="true" class="aa">Aa</span> <span class="sr-only">Typography settings</span>
      </button>
      <button class="tb-btn" type="button" onClick={() => window.print()} title="Print">
        Print
      </button>
      {/* The shortcuts were found only by pressing ?, which nothing on screen mentioned. The
          dialog gives the focus back here when it closes. */}
      <button class="tb-btn" type="button" onClick={onHelp} aria-haspopup="dialog" aria-keyshortcuts="?" title="Keyboard shortcuts (?)" data-testid="shortcuts-button">
        <span aria-hidden="true" class="key-q">?</span> <span class="sr-only">Keyboard shortcuts</span>
      </button>
      {open && (
        <div id={TYPOGRAPHY_PANEL_ID} class="panel" role="group" aria-label="Typography">
          <fieldset class="seg" aria-label="Theme">
            <legend>Theme</legend>
            {THEMES.map((t) => (
              <label key={t} class={`swatch swatch-${t}`}>
                <input type="radio" name="theme" value={t} checked={prefs.theme === t} onChange={() => set('theme', t)} />
                <span>{THEME_LABEL[t]}</span>
              </label>
            ))}
          </fieldset>
          <fieldset class="seg" aria-label="Font">
            <legend>Font</legend>
            {FONTS.map((f) => (
              <label key={f} class={`font-${f}`}>
                <input type="radio" name="font" value={f} checked={prefs.font === f} onChange={() => set('font', f)} />
                <span>{FONT_LABEL[f]}</span>
              </label>
            ))}
          </fieldset>
          <Stepper label="Size" value={prefs.size} unit="px" {...SIZE} testid="size" onChange={(v) => set('size', v)} />
          <Stepper label="Line width" value={prefs.width} unit="ch" {...WIDTH} testid="width" onChange={(v) => set('width', v)} />
          <Stepper label="Line height" value={prefs.lineHeight} unit="" {...LINE_HEIGHT} testid="line-height" onChange={(v) => set('lineHeight', Math.round(v * 10) / 10)} />
        </div>
      )}
    </header>
  );
}

interface StepperProps {
  label: string; value: number; unit: string; min: number; max: number; step: number; testid: string;
  onChange: (v: number) => void;
}

function Stepper({ label, value, unit, min, max, step, testid, onChange }: StepperProps) {
  return (
    <div class="stepper">
      <span class="stepper-label">{label}</span>
      <button type="button" class="step" aria-label={`Decrease ${label.toLowerCase()}`} disabled={value <= min} onClick={() => onChange(Math.max(min, value - step))}>−</button>
      <output data-testid={testid} aria-live="polite">{Number.isInteger(value) ? value : value.toFixed(1)}{unit}</output>
      <button type="button" class="step" aria-label={`Increase ${label.toLowerCase()}`} disabled={value >= max} onClick={() => onChange(Math.min(max, value + step))}>+</button>
    </div>
  );
}
