// Lexical rules shared by select, filters, order and logic trees (PostgREST 14).
import type { Field, JsonOp } from './ast.ts';
import {
  alt,
  as,
  attempt,
  bind,
  label,
  lookAhead,
  many,
  many1,
  map,
  option,
  sepBy1,
  seq,
  skip,
  andThen,
  type P,
} from './parsec.ts';
import {
  anyChar,
  char,
  digit,
  eof,
  letter,
  noneOf,
  notFollowedBy,
  oneOf,
  showChar,
  string,
} from './parsec-chars.ts';

const strip = (s: string) => s.trim();

export const ws: P<string> = map(many(oneOf(' \t')), (x) => x.join(''));
export const lexeme = <T>(p: P<T>): P<T> => andThen(ws, skip(p, ws));

export const pQuotedValue: P<string> = map(
  between3(
    char('"'),
    many(alt(noneOf('\\"'), andThen(char('\\'), anyChar))),
    char('"'),
  ),
  (cs) => cs.join(''),
);

function between3<T>(o: P<unknown>, p: P<T>, c: P<unknown>): P<T> {
  return skip(andThen(o, p), c);
}

export const pIdentifier: P<string> = map(
  many1(alt(letter, digit, oneOf('_ $'))),
  (cs) => strip(cs.join('')),
);

const dash: P<string> = as(
  attempt(andThen(char('-'), notFollowedBy(char('>'), showChar))),
  '-',
);

const sepByDash = (p: P<string>): P<string> =>
  map(sepBy1(p, dash), (xs) => xs.join('-'));

export const pFieldName: P<string> = label(
  alt(pQuotedValue, sepByDash(pIdentifier)),
  'field name (* or [a..z0..9_$])',
);

export const pDelimiter: P<string> = label(char('.'), 'delimiter (.)');

const pJsonKeyName: P<string> = label(
  alt(
    pQuotedValue,
    sepByDash(map(many1(noneOf('(-:.,>)')), (cs) => strip(cs.join('')))),
  ),
  'any non reserved character different from: .,>()',
);

const jsonEnd: P<unknown> = alt<unknown>(
  attempt(lookAhead(string('->'))),
  attempt(lookAhead(string('::'))),
  attempt(lookAhead(string('.'))),
  attempt(lookAhead(string(','))),
  attempt(eof),
);

const pJsonIndex: P<string> = skip(
  map(seq(option('+', char('-')), many1(digit)), ([s, ds]) => s + ds.join('')),
  jsonEnd,
);

const pJsonOperation: P<JsonOp> = bind(
  alt<'->' | '->>'>(
    attempt(as(string('->>'), '->>' as const)),
    attempt(as(string('->'), '->' as const)),
  ),
  (arrow) =>
    alt<JsonOp>(
      attempt(map(pJsonIndex, (key) => ({ arrow, key, index: true }))),
      attempt(map(pJsonKeyName, (key) => ({ arrow, key, index: false }))),
    ),
);

export const pJsonPath: P<JsonOp[]> = many(pJsonOperation);

export const pField: P<Field> = lexeme(
  map(seq(pFieldName, option<JsonOp[]>([], pJsonPath)), ([name, path]) => ({
    name,
    path,
  })),
);

export const pColumns: P<string[]> = sepBy1(pFieldName, lexeme(char(',')));
