// Types for the part of node-postgres that the tests and benchmarks use (the admin connection that
// creates and drops test databases). The project has no @types/pg; these follow its shapes, so the day
// it is a dev dependency this file is deleted. Rows are untyped there too: they are what the SQL says.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare module 'pg' {
  export interface ClientConfig {
    connectionString?: string;
  }

  export interface QueryResult<R = any> {
    rows: R[];
    rowCount: number | null;
    command: string;
  }

  export class Client {
    constructor(config?: string | ClientConfig);
    connect(): Promise<void>;
    query<R = any>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
    end(): Promise<void>;
    on(event: 'error', listener: (error: Error) => void): this;
  }

  export class Pool {
    constructor(config?: ClientConfig & { max?: number });
    query<R = any>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
    end(): Promise<void>;
  }
}
