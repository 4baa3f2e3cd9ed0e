declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the test PostgreSQL server (any database; tests swap the name). */
    dbServerUrl: string;
    /** The same server as the role the test apps serve as: rows only, no table of its own (decision 20). */
    dbServingUrl: string;
    /** The migrated, seeded database that each test file copies. */
    dbTemplate: string;
    /** Prefix of every database this run creates, so teardown drops them all. */
    dbPrefix: string;
  }
}

export {};
