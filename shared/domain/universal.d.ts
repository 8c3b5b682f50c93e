// The few web-platform globals every runtime of shared/domain has (browser,
// Node, Deno: the WinterTC minimum common API), declared for its own type
// check only. Its tsconfig has no DOM and no Node, so a rule that reaches
// for `document`, `fetch` or `process` fails `npm run typecheck`.
// Declarations follow the WHATWG URL and Encoding standards; add a member
// here when a rule needs it.

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  static canParse(url: string, base?: string): boolean;
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}

declare class TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(
    label?: string,
    options?: { fatal?: boolean; ignoreBOM?: boolean },
  );
  readonly encoding: string;
  decode(input?: ArrayBuffer | ArrayBufferView): string;
}

declare function atob(data: string): string;
declare function btoa(data: string): string;
