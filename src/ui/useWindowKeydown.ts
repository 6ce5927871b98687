import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * A page-wide keydown handler that always sees the latest render. The listener is bound
 * once; the handler is swapped in on every render. Re-binding the listener in an effect
 * instead (with the handler's state as dependencies) runs a frame behind: a key pressed
 * right after something appeared (Esc right after `?` opened the help, Ctrl+Z as soon as
 * the "Moved to the trash" toast showed) reached the handler of the render before. It is
 * bound in the first commit (a layout effect), not after the first paint, so a key pressed
 * as soon as the page shows anything is not lost either.
 */
export function useWindowKeydown(handler: (e: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => latest.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
