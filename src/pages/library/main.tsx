import { render } from 'preact';
import { LibraryApp } from './LibraryApp';
import { libraryApi } from './api';
import '../shared/base.css';
import './library.css';

render(<LibraryApp api={libraryApi} />, document.getElementById('app')!);

// The e2e build only (never shipped): lets the scale benchmark seed 10,000 clips through the
// import's own write path in batches, instead of minutes of UI import.
if (import.meta.env.MODE === 'e2e') {
  void import('./testHooks').then((m) => m.install());
}
