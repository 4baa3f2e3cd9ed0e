export type FirstScreenSchemas = typeof import('./first-screen-schemas');

/** The first screen's schemas, downloaded apart from the first load (issue 10); the browser keeps the module. */
export function loadFirstScreenSchemas(): Promise<FirstScreenSchemas> {
  return import('./first-screen-schemas');
}
