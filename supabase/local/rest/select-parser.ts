// `select=` grammar (PostgREST 14): fields with alias, cast, JSON path and
// aggregate; embedded relations with hints, join types and spreads.
import type {
  AggregateFn,
  SelectField,
  SelectItem,
  SelectRelation,
} from './ast.ts';
import { pField, pFieldName, pIdentifier, lexeme } from './grammar.ts';
import {
  alt,
  as,
  attempt,
  between,
  bind,
  fail,
  lookAhead,
  map,
  optionMaybe,
  sepBy,
  seq,
  skip,
  andThen,
  type P,
} from './parsec.ts';
import { char, eof, notFollowedBy, showChar, string } from './parsec-chars.ts';

type EmbedParam = { hint: string } | { join: 'inner' | 'left' };

const aliasSeparator = andThen(char(':'), notFollowedBy(char(':'), showChar));
const pAlias = optionMaybe(attempt(skip(pFieldName, aliasSeparator)));

const pEmbedParam: P<EmbedParam> = andThen(
  char('!'),
  alt<EmbedParam>(
    attempt(as(string('left'), { join: 'left' as const })),
    attempt(as(string('inner'), { join: 'inner' as const })),
    attempt(map(pFieldName, (hint) => ({ hint }))),
  ),
);

const pEmbedParams = map(
  seq(optionMaybe(pEmbedParam), optionMaybe(pEmbedParam)),
  ([a, b]) => {
    const pick = <K extends 'hint' | 'join'>(k: K) =>
      [a, b].find((x): x is Extract<EmbedParam, Record<K, unknown>> =>
        Boolean(x && k in x),
      );
    return { hint: pick('hint')?.hint, join: pick('join')?.join };
  },
);

const openParen = attempt(lookAhead(string('(')));

type RelHead = Omit<SelectRelation, 'children'>;

const pRelationSelect: P<RelHead> = lexeme(
  bind(pAlias, (alias) =>
    bind(pFieldName, (name) =>
      name === 'count'
        ? fail
        : bind(pEmbedParams, ({ hint, join }) =>
            as(openParen, {
              kind: 'relation' as const,
              name,
              alias,
              hint,
              join,
              spread: false,
            }),
          ),
    ),
  ),
);

const pSpreadRelationSelect: P<RelHead> = lexeme(
  bind(andThen(string('...'), pFieldName), (name) =>
    bind(pEmbedParams, ({ hint, join }) =>
      as(openParen, {
        kind: 'relation' as const,
        name,
        hint,
        join,
        spread: true,
      }),
    ),
  ),
);

const pEnd = alt<unknown>(
  attempt(lookAhead(string(')'))),
  attempt(lookAhead(string(','))),
  attempt(eof),
);

const pAggregation: P<AggregateFn> = alt<AggregateFn>(
  as(string('sum'), 'sum' as const),
  as(string('avg'), 'avg' as const),
  as(string('count'), 'count' as const),
  attempt(as(string('max'), 'max' as const)),
  attempt(as(string('min'), 'min' as const)),
);

const pCast = optionMaybe(andThen(string('::'), pIdentifier));

const pFieldSelect: P<SelectField> = lexeme(
  alt<SelectField>(
    attempt(
      skip(
        as(string('*'), {
          kind: 'field' as const,
          field: { name: '*', path: [] },
        }),
        pEnd,
      ),
    ),
    attempt(
      bind(pAlias, (alias) =>
        andThen(
          string('count()'),
          bind(pCast, (aggCast) =>
            as(pEnd, {
              kind: 'field' as const,
              field: { name: '*', path: [] },
              agg: 'count' as const,
              aggCast,
              alias,
            }),
          ),
        ),
      ),
    ),
    bind(pAlias, (alias) =>
      bind(pField, (field) =>
        bind(pCast, (cast) =>
          bind(
            optionMaybe(
              attempt(skip(andThen(char('.'), pAggregation), string('()'))),
            ),
            (agg) =>
              bind(pCast, (aggCast) =>
                as(pEnd, {
                  kind: 'field' as const,
                  field,
                  alias,
                  cast,
                  agg,
                  aggCast,
                }),
              ),
          ),
        ),
      ),
    ),
  ),
);

const pChildren = (): P<SelectItem[]> =>
  between(char('('), char(')'), pFieldForest);

const relationTree = (head: P<RelHead>): P<SelectItem> =>
  bind(attempt(head), (h) =>
    map(pChildren(), (children) => ({ ...h, children })),
  );

const pFieldTree: P<SelectItem> = alt<SelectItem>(
  relationTree(pSpreadRelationSelect),
  relationTree(pRelationSelect),
  pFieldSelect,
);

// Recursive through pChildren, so declared as a function.
function pFieldForest(st: Parameters<P<SelectItem[]>>[0]) {
  return sepBy(pFieldTree, lexeme(char(',')))(st);
}

export const pSelect: P<SelectItem[]> = pFieldForest;
