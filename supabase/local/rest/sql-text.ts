// SQL text helpers: identifiers are always quoted, values always bound.

/** A quoted identifier; NUL characters cannot exist in identifiers. */
export function ident(name: string): string {
  return `"${name.replace(/\0/g, '').replace(/"/g, '""')}"`;
}

export const qident = (schema: string, name: string) =>
  `${ident(schema)}.${ident(name)}`;

/** Collects bound parameters; `add` returns the placeholder. */
export class Params {
  readonly values: string[] = [];

  add(value: string): string {
    this.values.push(value.replace(/\0/g, ''));
    return `$${this.values.length}`;
  }
}

/** A Postgres array literal of text elements, each quoted and escaped. */
export function arrayLiteral(values: string[]): string {
  const esc = (v: string) =>
    `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${values.map(esc).join(',')}}`;
}
