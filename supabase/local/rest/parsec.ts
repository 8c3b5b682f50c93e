// A small Parsec (Haskell) work-alike. PostgREST parses its query string with
// Parsec, and PGRST100 errors expose Parsec's exact positions and
// "unexpected … expecting …" texts, so the semantics (consumed vs empty
// replies, try, labels, error merging) are reproduced here.

/** Parsec's message kinds, in the order errors show them. */
export const K = {
  SysUnExpect: 0,
  UnExpect: 1,
  Expect: 2,
  Message: 3,
} as const;
type Kind = (typeof K)[keyof typeof K];

export interface Msg {
  k: Kind;
  s: string;
}

export interface PErr {
  /** Index in the input of the reported position. */
  at: number;
  msgs: Msg[];
}

export interface State {
  readonly s: string;
  /** Input index. */
  i: number;
  /** Reported position; only `anyToken` lets it lag behind the index. */
  p: number;
}

export type Reply<T> =
  | { ok: true; c: boolean; v: T; st: State; e: PErr }
  | { ok: false; c: boolean; e: PErr };

export type P<T> = (st: State) => Reply<T>;

export const unknown = (at: number): PErr => ({ at, msgs: [] });
const isUnknown = (e: PErr) => e.msgs.length === 0;

function merge(e1: PErr, e2: PErr): PErr {
  if (e2.msgs.length === 0 && e1.msgs.length > 0) return e1;
  if (e1.msgs.length === 0 && e2.msgs.length > 0) return e2;
  if (e1.at === e2.at) return { at: e1.at, msgs: [...e1.msgs, ...e2.msgs] };
  return e1.at > e2.at ? e1 : e2;
}

function setMsg(e: PErr, m: Msg): PErr {
  return { at: e.at, msgs: [m, ...e.msgs.filter((x) => x.k !== m.k)] };
}

export const advance = (st: State, n: number): State => ({
  s: st.s,
  i: st.i + n,
  p: st.i + n,
});

export const pure =
  <T>(v: T): P<T> =>
  (st) => ({ ok: true, c: false, v, st, e: unknown(st.p) });

export const fail: P<never> = (st) => ({
  ok: false,
  c: false,
  e: unknown(st.p),
});

export const unexpected =
  (msg: string): P<never> =>
  (st) => ({
    ok: false,
    c: false,
    e: { at: st.p, msgs: [{ k: K.UnExpect, s: msg }] },
  });

export function bind<A, B>(p: P<A>, f: (a: A) => P<B>): P<B> {
  return (st) => {
    const r = p(st);
    if (!r.ok) return r;
    const q = f(r.v)(r.st);
    if (q.c) return q;
    const e = isUnknown(r.e) ? q.e : merge(r.e, q.e);
    return { ...q, c: r.c, e };
  };
}

export const map = <A, B>(p: P<A>, f: (a: A) => B): P<B> =>
  bind(p, (a) => pure(f(a)));
export const andThen = <A, B>(p: P<A>, q: P<B>): P<B> => bind(p, () => q);
export const skip = <A, B>(p: P<A>, q: P<B>): P<A> =>
  bind(p, (a) => map(q, () => a));
export const as = <A, B>(p: P<A>, v: B): P<B> => map(p, () => v);

export function alt<T>(...ps: P<T>[]): P<T> {
  return (st) => {
    let err: PErr | undefined;
    for (const p of ps) {
      const r = p(st);
      if (r.c) return r;
      const e = err ? merge(err, r.e) : r.e;
      if (r.ok) return { ...r, e };
      err = e;
    }
    return { ok: false, c: false, e: err ?? unknown(st.p) };
  };
}

export const attempt =
  <T>(p: P<T>): P<T> =>
  (st) => {
    const r = p(st);
    return !r.ok && r.c ? { ...r, c: false } : r;
  };

export const label =
  <T>(p: P<T>, msg: string): P<T> =>
  (st) => {
    const r = p(st);
    if (r.c) return r;
    if (!r.ok) return { ...r, e: setMsg(r.e, { k: K.Expect, s: msg }) };
    return isUnknown(r.e)
      ? r
      : { ...r, e: setMsg(r.e, { k: K.Expect, s: msg }) };
  };

export const lookAhead =
  <T>(p: P<T>): P<T> =>
  (st) => {
    const r = p(st);
    return r.ok ? { ok: true, c: false, v: r.v, st, e: unknown(st.p) } : r;
  };

export function many<T>(p: P<T>): P<T[]> {
  return (st) => {
    const out: T[] = [];
    let cur = st;
    let consumed = false;
    for (;;) {
      const r = p(cur);
      if (r.ok) {
        if (!r.c) throw new Error('many applied to a parser that accepts ""');
        out.push(r.v);
        cur = r.st;
        consumed = true;
        continue;
      }
      if (r.c) return r;
      return { ok: true, c: consumed, v: out, st: cur, e: r.e };
    }
  };
}

export const many1 = <T>(p: P<T>): P<T[]> =>
  bind(p, (x) => map(many(p), (xs) => [x, ...xs]));

export const sepBy1 = <T>(p: P<T>, sep: P<unknown>): P<T[]> =>
  bind(p, (x) => map(many(andThen(sep, p)), (xs) => [x, ...xs]));

export const sepBy = <T>(p: P<T>, sep: P<unknown>): P<T[]> =>
  alt(sepBy1(p, sep), pure<T[]>([]));

export const between = <T>(o: P<unknown>, c: P<unknown>, p: P<T>): P<T> =>
  skip(andThen(o, p), c);

export const option = <T>(d: T, p: P<T>): P<T> => alt(p, pure(d));
export const optionMaybe = <T>(p: P<T>): P<T | undefined> =>
  alt<T | undefined>(p, pure(undefined));

export function seq<T extends unknown[]>(
  ...ps: { [K in keyof T]: P<T[K]> }
): P<T> {
  const run = (i: number, acc: unknown[]): P<T> =>
    i === ps.length
      ? pure(acc as T)
      : bind(ps[i] as P<unknown>, (v) => run(i + 1, [...acc, v]));
  return run(0, []);
}
