// The my-data module's public entry: what other modules may use of it.
export { myDataRepository } from './my-data.repository.js';
export { MY_DATA_JSON } from './my-data.service.js';
