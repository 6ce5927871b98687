import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { clipSource } from '../../../shared/clipSource';
import type { ClipSummary } from '../../../storage/library';

export interface ClipRowProps {
  clip: ClipSummary;
  selected: boolean;
  trashView: boolean;
  onSelect: (id: string, on: boolean, range: boolean) => void;
  onTrash: (id: string) => void;
  onRestore: (id: string) => void;
  onAddTag: (id: string, tag: string) => void;
  onRemoveTag: (id: string, tag: string) => void;
  onFilterTag: (tag: string) => void;
}

const dateFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function readerHref(id: string): string {
  return `../reader/index.html?id=${encodeURIComponent(id)}`;
}

/** One clip in the list. Keyboard: the row is focusable; Enter opens, x selects (handled by the page). */
export function ClipRow({ clip, selected, trashView, onSelect, onTrash, onRestore, onAddTag, onRemoveTag, onFilterTag }: ClipRowProps) {
  // The site's name, else where the clip came from: the host, or the file a page opened from
  // disk was read from (src/shared/clipSource.ts; the popup's meta line says the same).
  const source = clipSource(clip.url);
  const site = clip.site ?? source?.label ?? null;
  const [tagging, setTagging] = useState(false);
  const [draft, setDraft] = useState('');
  // The tag box takes the focus when it opens: `autofocus` did only the first time, as a
  // browser honours it once per document, so from the second + tag on the box opened without
  // it (typing went nowhere). It goes away on Enter or Escape, and a tag's × with its tag:
  // the focus was left on the page's body, and the next Tab started again from the sidebar.
  // It goes back to + tag.
  const tagInputRef = useRef<HTMLInputElement>(null);
  const addTagRef = useRef<HTMLButtonElement>(null);
  const backToAddTag = useRef(false);
  useLayoutEffect(() => {
    if (tagging) {
      tagInputRef.current?.focus();
    } else if (backToAddTag.current) {
      backToAddTag.current = false;
      addTagRef.current?.focus();
    }
  }, [tagging]);
  const closeTagBox = () => {
    backToAddTag.current = true;
    setDraft('');
    setTagging(false);
  };
  const submit = (e: Event) => {
    e.preventDefault();
    if (draft.trim()) onAddTag(clip.id, draft);
    closeTagBox();
  };
  return (
    <li class={`row${selected ? ' selected' : ''}`} data-id={clip.id} data-testid="clip-row" tabIndex={-1} lang={clip.lang ?? undefined}>
      <label class="check">
        <input type="checkbox" checked={selected} aria-label={`Select “${clip.title}”`}
          onClick={(e) => onSelect(clip.id, (e.currentTarget as HTMLInputElement).checked, (e as MouseEvent).shiftKey)} />
      </label>
      <div class="row-main">
        <a class="row-title" href={readerHref(clip.id)} dir="auto">{clip.title || 'Untitled'}</a>
        <div class="row-meta">
          {site && <span class="site" title={source?.detail}>{site}</span>}
          <span>{dateFmt.format(clip.savedAt)}</span>
          <span>{clip.readingMinutes} min</span>
          {trashView && clip.deletedAt && <span class="deleted">deleted {dateFmt.format(clip.deletedAt)}</span>}
        </div>
        {clip.excerpt && <p class="excerpt" dir="auto">{clip.excerpt}</p>}
        <div class="tags">
          {clip.tags.map((t) => (
            <span class="chip" key={t}>
              <button type="button" class="chip-name" onClick={() => onFilterTag(t)} title={`Show clips tagged “${t}”`}>#{t}</button>
              {!trashView && <button type="button" class="chip-x" aria-label={`Remove tag ${t}`} onClick={() => { onRemoveTag(clip.id, t); addTagRef.current?.focus(); }}>×</button>}
            </span>
          ))}
          {!trashView && (tagging ? (
            <form class="tag-form" onSubmit={submit}>
              <input ref={tagInputRef} value={draft} placeholder="tag" aria-label="New tag" maxLength={64}
                onInput={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
                onBlur={() => { if (!draft.trim()) setTagging(false); }}
                onKeyDown={(e) => { if (e.key === 'Escape') closeTagBox(); }} />
            </form>
          ) : (
            <button ref={addTagRef} type="button" class="add-tag" onClick={() => setTagging(true)}>+ tag</button>
          ))}
        </div>
      </div>
      <div class="row-actions">
        {trashView ? (
          <button type="button" class="btn" onClick={() => onRestore(clip.id)}>Restore</button>
        ) : (
          <button type="button" class="icon-btn" aria-label={`Delete “${clip.title}”`} title="Move to trash (Delete)" onClick={() => onTrash(clip.id)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h1.5v-8H10Zm3.5 0v8H15v-8h-1.5Z"/></svg>
          </button>
        )}
      </div>
    </li>
  );
}
