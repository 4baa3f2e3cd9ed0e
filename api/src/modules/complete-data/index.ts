// The complete-data module's public entry: what other modules may use of it.
export type { StagedImage, UploadStaging } from './complete-data.upload.js';
export { ImageEnds } from './image-ends.js';
