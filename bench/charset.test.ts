import { describe, expect, it } from 'vitest';
import { decideCharset } from './charset';

const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('decideCharset (BOM, <meta charset>, else UTF-8)', () => {
  it('lets the browser sniff a BOM or an early <meta>', () => {
    expect(decideCharset(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]))).toEqual({ header: null, expected: 'utf-8' });
    expect(decideCharset(bytes('<meta charset="windows-1252"><p>x'))).toEqual({ header: null, expected: 'windows-1252' });
    expect(decideCharset(bytes('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'))).toEqual({ header: null, expected: 'windows-1252' });
  });
  it('names a late <meta> label, else UTF-8, where Chromium would fall back to windows-1252', () => {
    expect(decideCharset(bytes(`<!-- ${'x'.repeat(1500)} --><meta charset=iso-8859-2>`))).toEqual({ header: 'iso-8859-2', expected: 'iso-8859-2' });
    expect(decideCharset(bytes('<title>none</title><p>caf\u00c3\u00a9'))).toEqual({ header: 'utf-8', expected: 'utf-8' });
  });
  it('ignores <meta name="content-type"> like browsers do (wcxb-dev 0549)', () => {
    expect(decideCharset(bytes('<meta name="content-type" content="text/html; charset=UTF-8" /><p>x'))).toEqual({ header: 'utf-8', expected: 'utf-8' });
  });
});
