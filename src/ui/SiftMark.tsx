/**
 * Sift's mark: the toolbar icon's funnel (public/icons, scripts/make-icons.ts) as inline SVG,
 * on the page's accent. Shown beside the name in the popup and the library; decorative.
 */
export function SiftMark({ size = 22 }: { size?: number }) {
  return (
    <svg class="sift-mark" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="22" height="22" rx="6" fill="var(--accent)" />
      <path d="M6 7h12l-4.5 5.5V17l-3 1.5v-6z" fill="#fff" />
    </svg>
  );
}
