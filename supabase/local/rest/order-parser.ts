// `order=` grammar (v14 pOrder): fields or to-one embeds, direction, nulls.
import type { OrderTerm } from './ast.ts';
import { lexeme, pDelimiter, pField, pFieldName } from './grammar.ts';
import {
  alt,
  as,
  attempt,
  between,
  bind,
  lookAhead,
  map,
  optionMaybe,
  sepBy1,
  skip,
  andThen,
  type P,
} from './parsec.ts';
import { char, eof, string } from './parsec-chars.ts';

const pOrderEnd = alt<unknown>(attempt(lookAhead(char(','))), attempt(eof));
const pOrdDir = alt<'asc' | 'desc'>(
  attempt(as(andThen(pDelimiter, string('asc')), 'asc' as const)),
  attempt(as(andThen(pDelimiter, string('desc')), 'desc' as const)),
);
const pNulls = alt<'first' | 'last'>(
  attempt(as(andThen(pDelimiter, string('nullsfirst')), 'first' as const)),
  attempt(as(andThen(pDelimiter, string('nullslast')), 'last' as const)),
);
const pDirNulls = bind(optionMaybe(pOrdDir), (dir) =>
  map(
    alt(skip(optionMaybe(pNulls), pOrderEnd), as(pOrderEnd, undefined)),
    (nulls) => ({ dir, nulls }),
  ),
);

const pOrderTerm: P<OrderTerm> = bind(pField, (field) =>
  map(pDirNulls, (dn) => ({ field, ...dn })),
);
const pOrderRelationTerm: P<OrderTerm> = bind(pFieldName, (relation) =>
  bind(between(char('('), char(')'), pField), (field) =>
    map(pDirNulls, (dn) => ({ field, relation, ...dn })),
  ),
);

export const pOrder: P<OrderTerm[]> = sepBy1(
  lexeme(alt(attempt(pOrderRelationTerm), pOrderTerm)),
  char(','),
);
