// Types for the part of jsonld (a JSON-LD processor) the tests use: expanding a document with a
// document loader of our own (the test machine has no network, so schema.org's context is local).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare module 'jsonld' {
  export interface RemoteDocument {
    contextUrl: string | null;
    documentUrl: string;
    document: any;
  }
  export interface Options {
    documentLoader?: (url: string) => Promise<RemoteDocument>;
  }
  export function expand(input: any, options?: Options): Promise<any[]>;
  const jsonld: { expand: typeof expand };
  export default jsonld;
}
