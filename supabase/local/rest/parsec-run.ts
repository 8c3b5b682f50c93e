// Running a parser and rendering Parsec's error position and messages.
import { charAt } from './parsec-chars.ts';
import { K, type Msg, type P } from './parsec.ts';

export interface ParseFailure {
  /** `"<name>" (line 1, column N)`, Parsec's `show` of the position. */
  message: string;
  /** "unexpected … expecting …" on one line. */
  details: string;
}

function position(s: string, at: number): { line: number; col: number } {
  let line = 1;
  let col = 1;
  for (let i = 0; i < at && i < s.length;) {
    const ch = charAt(s, i) ?? '';
    if (ch === '\n') {
      line++;
      col = 1;
    } else if (ch === '\t') col = col + 8 - ((col - 1) % 8);
    else col++;
    i += ch.length || 1;
  }
  return { line, col };
}

function commasOr(ms: string[]): string {
  if (ms.length <= 1) return ms[0] ?? '';
  return `${ms.slice(0, -1).join(', ')} or ${ms[ms.length - 1]}`;
}

const clean = (xs: string[]) => [...new Set(xs.filter((x) => x !== ''))];

function showMessages(msgs: Msg[]): string {
  if (msgs.length === 0) return 'unknown parse error';
  const sorted = [...msgs].sort((a, b) => a.k - b.k);
  const of = (k: Msg['k']) => sorted.filter((m) => m.k === k).map((m) => m.s);
  const sys = of(K.SysUnExpect);
  const unexp = of(K.UnExpect);
  const parts: string[] = [];
  if (unexp.length === 0 && sys.length > 0) {
    const first = sys[0] ?? '';
    parts.push(`unexpected ${first === '' ? 'end of input' : first}`);
  }
  const many = (pre: string, xs: string[]) => {
    const c = clean(xs);
    if (c.length === 0) return '';
    return pre ? `${pre} ${commasOr(c)}` : commasOr(c);
  };
  parts.push(many('unexpected', unexp));
  parts.push(many('expecting', of(K.Expect)));
  parts.push(many('', of(K.Message)));
  return clean(parts).join(' ').trim();
}

/** Runs a parser on the whole input (no implicit end-of-input check, like `P.parse`). */
export function runParser<T>(
  p: P<T>,
  name: string,
  input: string,
):
  | { ok: true; value: T }
  | { ok: false; consumed: boolean; error: ParseFailure } {
  const r = p({ s: input, i: 0, p: 0 });
  if (r.ok) return { ok: true, value: r.v };
  const { line, col } = position(input, r.e.at);
  return {
    ok: false,
    consumed: r.c,
    error: {
      message: `"${name}" (line ${line}, column ${col})`,
      details: showMessages(r.e.msgs),
    },
  };
}
