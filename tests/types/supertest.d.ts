// Types for the part of supertest (and superagent, which it drives) that the tests use. The project has
// no @types/supertest; these follow its shapes, so the day it is a dev dependency this file is deleted.
// A response's body and headers are untyped there too (`any`): JSON from the server under test.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare module 'supertest' {
  import type { ClientRequest, IncomingMessage, RequestListener, Server } from 'http';

  function supertest(app: RequestListener | Server | string): supertest.Agent;

  namespace supertest {
    interface Response {
      status: number;
      statusCode: number;
      ok: boolean;
      type: string;
      charset: string;
      text: string;
      body: any;
      header: any;
      headers: any;
      redirect: boolean;
      redirects: string[];
      /** The request that was sent (its path, method and headers). */
      req: ClientRequest;
      get(field: string): string | undefined;
    }

    /** Reads a raw response into `res.body` (with `.buffer(true).parse(...)`). */
    type Parser = (res: IncomingMessage, callback: (err: Error | null, body?: unknown) => void) => void;

    interface AttachOptions {
      filename?: string;
      contentType?: string;
    }

    interface Test extends Promise<Response> {
      set(field: string, value: string | string[]): this;
      set(fields: Record<string, string | string[]>): this;
      send(data?: string | object): this;
      query(query: string | Record<string, unknown>): this;
      type(type: string): this;
      accept(type: string): this;
      field(name: string, value: string | number | boolean): this;
      attach(field: string, file: string | Buffer, options?: string | AttachOptions): this;
      redirects(count: number): this;
      buffer(on?: boolean): this;
      parse(parser: Parser): this;
      timeout(ms: number | { deadline?: number; response?: number }): this;
      ok(accept: (res: Response) => boolean): this;
      expect(status: number, body?: unknown): this;
      expect(field: string, value: string | RegExp): this;
      // Before the body overload, or a checker would be taken for a body (a function is an object).
      expect(check: (res: Response) => unknown): this;
      expect(body: string | RegExp | object): this;
      end(callback?: (err: any, res: Response) => void): this;
    }

    /** Keeps cookies between requests (supertest.agent). */
    interface Agent {
      get(url: string): Test;
      post(url: string): Test;
      put(url: string): Test;
      patch(url: string): Test;
      delete(url: string): Test;
      del(url: string): Test;
      head(url: string): Test;
      options(url: string): Test;
    }

    function agent(app?: RequestListener | Server | string): Agent;
  }

  export = supertest;
}
