import { render } from 'preact';
import { LibraryApp } from './LibraryApp';
import { libraryApi } from './api';
import '../shared/base.css';
import './library.css';

render(<LibraryApp api={libraryApi} />, document.getElementById('app')!);
