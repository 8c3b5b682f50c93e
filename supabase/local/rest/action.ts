// What a REST request asks for (PostgREST's ApiRequest Action): a leaf module
// shared by the request parser and the payload reader.
export type Action =
  | { t: 'read'; name: string; head: boolean }
  | {
      t: 'mutate';
      name: string;
      kind: 'insert' | 'update' | 'delete' | 'upsert-put';
    }
  | { t: 'rpc'; name: string; method: 'get' | 'head' | 'post' }
  | { t: 'openapi'; head: boolean };
