import { render } from 'preact';
import { ReaderApp } from './ReaderApp';
import { readerApi } from './api';
import '../shared/base.css';
import './reader.css';

const id = new URLSearchParams(location.search).get('id');
render(<ReaderApp api={readerApi} id={id} />, document.getElementById('app')!);
