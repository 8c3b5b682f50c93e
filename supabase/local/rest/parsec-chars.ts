// Character-level Parsec parsers (Text.Parsec.Char), with Parsec's
// `show`-based error texts.
import {
  alt,
  attempt,
  bind,
  K,
  label,
  pure,
  unexpected,
  advance,
  unknown,
  type P,
} from './parsec.ts';

export function charAt(s: string, i: number): string | undefined {
  const cp = s.codePointAt(i);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}

/** Haskell's `show` of a String (double quotes, decimal escapes). */
export function showStr(x: string): string {
  let out = '"';
  const cps = [...x];
  cps.forEach((ch, n) => {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (cp >= 32 && cp < 127) out += ch;
    else {
      out += ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : `\\${cp}`;
      const next = cps[n + 1];
      if (/^\d$/.test(next ?? '') && !['\n', '\t'].includes(ch)) out += '\\&';
    }
  });
  return out + '"';
}

/** Haskell's `show` of a Char (single quotes). */
export function showChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (ch === "'") return "'\\''";
  if (ch === '\\') return "'\\\\'";
  if (cp >= 32 && cp < 127) return `'${ch}'`;
  if (ch === '\n') return "'\\n'";
  if (ch === '\t') return "'\\t'";
  return `'\\${cp}'`;
}

export const satisfy =
  (f: (ch: string) => boolean): P<string> =>
  (st) => {
    const ch = charAt(st.s, st.i);
    if (ch === undefined)
      return {
        ok: false,
        c: false,
        e: { at: st.p, msgs: [{ k: K.SysUnExpect, s: '' }] },
      };
    if (!f(ch))
      return {
        ok: false,
        c: false,
        e: { at: st.p, msgs: [{ k: K.SysUnExpect, s: showStr(ch) }] },
      };
    const next = advance(st, ch.length);
    return { ok: true, c: true, v: ch, st: next, e: unknown(next.p) };
  };

export const char = (c: string): P<string> =>
  label(
    satisfy((x) => x === c),
    showStr(c),
  );
export const oneOf = (cs: string): P<string> => satisfy((x) => cs.includes(x));
export const noneOf = (cs: string): P<string> =>
  satisfy((x) => !cs.includes(x));
export const anyChar = satisfy(() => true);
export const letter = label(
  satisfy((x) => /^\p{L}$/u.test(x)),
  'letter',
);
export const digit = label(
  satisfy((x) => x >= '0' && x <= '9'),
  'digit',
);

/** Parsec's `string`: errors are reported at the start position. */
export const string =
  (t: string): P<string> =>
  (st) => {
    const expect = { k: K.Expect, s: showStr(t) };
    let i = st.i;
    for (let n = 0; n < t.length; n++) {
      const ch = st.s[i];
      if (ch === undefined) {
        const e = { at: st.p, msgs: [expect, { k: K.SysUnExpect, s: '' }] };
        return { ok: false, c: n > 0, e };
      }
      if (ch !== t[n]) {
        const shown = showStr(charAt(st.s, i) ?? ch);
        const e = { at: st.p, msgs: [expect, { k: K.SysUnExpect, s: shown }] };
        return { ok: false, c: n > 0, e };
      }
      i++;
    }
    if (t.length === 0) return pure(t)(st);
    const next = advance(st, t.length);
    return { ok: true, c: true, v: t, st: next, e: unknown(next.p) };
  };

/** `anyToken` moves the input but not the reported position (Parsec quirk). */
const anyToken: P<string> = (st) => {
  const ch = charAt(st.s, st.i);
  if (ch === undefined)
    return {
      ok: false,
      c: false,
      e: { at: st.p, msgs: [{ k: K.SysUnExpect, s: '' }] },
    };
  return {
    ok: true,
    c: true,
    v: ch,
    st: { s: st.s, i: st.i + ch.length, p: st.p },
    e: unknown(st.p),
  };
};

export const notFollowedBy = (p: P<string>, show: (v: string) => string) =>
  attempt(
    alt<null>(
      bind(attempt(p), (c) => unexpected(show(c))),
      pure(null),
    ),
  );

export const eof: P<null> = label(
  notFollowedBy(anyToken, showChar),
  'end of input',
);
