/** The keyboard cheat sheet (toggled with ?). */
export function Help({ onClose }: { onClose: () => void }) {
  const keys: [string, string][] = [
    ['j / k', 'scroll down / up'], ['Space', 'next screen'], ['n / p', 'next / previous clip'],
    ['+ / −', 'text size'], ['[ / ]', 'line width'], ['t', 'cycle theme'], ['a', 'typography panel'],
    ['o', 'open the original'], ['l / Esc', 'back to the library'], ['?', 'this help'],
  ];
  return (
    <div class="help" role="dialog" aria-label="Keyboard shortcuts">
      <h2>Keyboard</h2>
      <dl>{keys.map(([k, v]) => [<dt key={`k${k}`}><kbd>{k}</kbd></dt>, <dd key={`v${k}`}>{v}</dd>])}</dl>
      <button class="tb-btn" type="button" onClick={onClose}>Close</button>
    </div>
  );
}
