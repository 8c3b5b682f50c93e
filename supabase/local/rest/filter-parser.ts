// Filter, order, logic-tree and tree-path grammars (PostgREST 14).
import type {
  EmbedPath,
  Field,
  Filter,
  FtsOp,
  IsVal,
  LogicTree,
  OpExpr,
  Operation,
  QuantOp,
  SimpleOp,
} from './ast.ts';
import {
  lexeme,
  pDelimiter,
  pField,
  pFieldName,
  pIdentifier,
  pJsonPath,
  pQuotedValue,
} from './grammar.ts';
import {
  alt,
  as,
  attempt,
  between,
  bind,
  label,
  many,
  map,
  option,
  optionMaybe,
  pure,
  sepBy1,
  seq,
  skip,
  andThen,
  type P,
} from './parsec.ts';
import {
  anyChar,
  char,
  noneOf,
  notFollowedBy,
  showChar,
  string,
} from './parsec-chars.ts';

const words = <T extends string>(ws: T[], lbl: string): P<T> =>
  label(alt<T>(...ws.map((w) => attempt(as(string(w), w)))), lbl);

const simpleOperator = words<SimpleOp>(
  ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'],
  'unknown single value operator',
);
const quantOperator = words<QuantOp>(
  ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'],
  'unknown single value operator',
);

const ciString = (w: string): P<string> =>
  w
    .split('')
    .reduceRight<P<string>>(
      (rest, c) =>
        bind(alt(char(c), char(c.toUpperCase())), (x) =>
          map(rest, (r) => x + r),
        ),
      pure(''),
    );

const pIsVal: P<IsVal> = label(
  alt<IsVal>(
    ...(['null', 'not_null', 'true', 'false', 'unknown'] as const).map((v) =>
      attempt(as(ciString(v), v)),
    ),
  ),
  'isVal: (null, not_null, true, false, unknown)',
);

const pListElement: P<string> = alt(
  attempt(skip(pQuotedValue, notFollowedBy(noneOf(',)'), showChar))),
  map(many(noneOf(',)')), (cs) => cs.join('')),
);

const pListVal: P<string[]> = skip(
  andThen(lexeme(char('(')), sepBy1(pListElement, char(','))),
  lexeme(char(')')),
);

const pQuant = optionMaybe(
  attempt(
    between(
      char('('),
      char(')'),
      alt<'any' | 'all'>(
        attempt(as(string('any'), 'any' as const)),
        as(string('all'), 'all' as const),
      ),
    ),
  ),
);

function pOperation(pVal: P<string>): P<Operation> {
  const kw = (w: string) => attempt(andThen(string(w), pDelimiter));
  const pIn = map(andThen(kw('in'), pListVal), (values) => ({
    t: 'in' as const,
    values,
  }));
  const pIs = map(andThen(kw('is'), pIsVal), (value) => ({
    t: 'is' as const,
    value,
  }));
  const pIsDist = map(andThen(kw('isdistinct'), pVal), (value) => ({
    t: 'isdistinct' as const,
    value,
  }));
  const pFts = bind(
    alt<FtsOp>(
      ...(['fts', 'plfts', 'phfts', 'wfts'] as const).map((w) =>
        attempt(as(string(w), w)),
      ),
    ),
    (op) =>
      bind(
        optionMaybe(attempt(between(char('('), char(')'), pIdentifier))),
        (lang) =>
          map(andThen(pDelimiter, pVal), (value) => ({
            t: 'fts' as const,
            op,
            lang,
            value,
          })),
      ),
  );
  const pSimpleOp = bind(simpleOperator, (op) =>
    map(andThen(pDelimiter, pVal), (value) => ({
      t: 'simple' as const,
      op,
      value,
    })),
  );
  const pQuantOp = bind(quantOperator, (op) =>
    bind(pQuant, (quant) =>
      map(andThen(pDelimiter, pVal), (value) => ({
        t: 'quant' as const,
        op,
        quant,
        value,
      })),
    ),
  );
  return label(
    alt<Operation>(
      pIn,
      pIs,
      pIsDist,
      attempt(pFts),
      attempt(pSimpleOp),
      attempt(pQuantOp),
    ),
    'operator (eq, gt, ...)',
  );
}

const pNotDot = alt(
  attempt(as(andThen(string('not'), pDelimiter), true)),
  pure(false),
);

export const pOpExpr = (pVal: P<string>): P<OpExpr> =>
  bind(pNotDot, (not) => map(pOperation(pVal), (op) => ({ not, op })));

export const pSingleVal: P<string> = map(many(anyChar), (cs) => cs.join(''));

export const pTreePath: P<[EmbedPath, Field]> = bind(
  sepBy1(pFieldName, pDelimiter),
  (names) =>
    map(option([], pJsonPath), (path) => [
      names.slice(0, -1),
      { name: names[names.length - 1] ?? '', path },
    ]),
);

// ---------------------------------------------------------------- logic

const pPgArray: P<string> = map(
  seq(string('{'), many(noneOf('{}')), string('}')),
  ([a, b, c]) => a + b.join('') + c,
);

const pLogicSingleVal: P<string> = alt(
  attempt(skip(pQuotedValue, notFollowedBy(noneOf(',)'), showChar))),
  attempt(pPgArray),
  map(many(noneOf(',)')), (cs) => cs.join('')),
);

const pLogicFilter: P<Filter> = bind(skip(pField, pDelimiter), (field) =>
  map(pOpExpr(pLogicSingleVal), (expr) => ({ field, expr })),
);

const pNot = label(
  alt(attempt(as(andThen(string('not'), pDelimiter), true)), pure(false)),
  'negation operator (not)',
);
const pLogicOp = label(
  alt<'and' | 'or'>(
    attempt(as(string('and'), 'and' as const)),
    as(string('or'), 'or' as const),
  ),
  'logic operator (and, or)',
);

export function pLogicTree(st: Parameters<P<LogicTree>>[0]) {
  const expr: P<LogicTree> = bind(pNot, (not) =>
    bind(pLogicOp, (op) =>
      map(
        skip(
          andThen(lexeme(char('(')), sepBy1(pLogicTree, lexeme(char(',')))),
          lexeme(char(')')),
        ),
        (children) => ({ t: 'expr' as const, not, op, children }),
      ),
    ),
  );
  return alt<LogicTree>(
    map(attempt(pLogicFilter), (filter) => ({ t: 'stmt' as const, filter })),
    expr,
  )(st);
}

/** `a.b.not.or` → (["a","b"], "not.or"). */
export const pLogicPath: P<[EmbedPath, string]> = map(
  sepBy1(pFieldName, pDelimiter),
  (path) => {
    const op = path[path.length - 1] ?? '';
    const embed = path.slice(0, -1).filter((p) => p !== 'not');
    return [embed, path.slice(0, -1).includes('not') ? `not.${op}` : op];
  },
);
