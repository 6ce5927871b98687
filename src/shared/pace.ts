/**
 * Long work on an extension page (checking a backup, writing an export) that only awaits
 * promises already resolved, or none, never gives the browser a turn: the page paints no
 * frame, its progress bar stays undrawn and its Cancel button cannot be pressed. A pacer,
 * awaited once per step of such work, hands the page a turn (a task) whenever `everyMs` have
 * passed since the last one, so a step costs nothing in between.
 */
export function pacer(everyMs = 50): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    last = performance.now();
  };
}
