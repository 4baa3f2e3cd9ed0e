/** Types of what the worker script exports besides its work (see photo-fit.worker.mjs). */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}
export function pngSize(bytes: Buffer): { width: number; height: number } | null;
export function decodePng(bytes: Buffer): RgbImage | null;
export function downscale(image: RgbImage, width: number, height: number): RgbImage;
export function encodePng(image: RgbImage): Buffer;
export function fitPng(bytes: Buffer, boxWidth: number, boxHeight: number): Buffer | null;
