import { afterEach, describe, expect, it } from 'vitest';
import { removeDraftsExcept } from '@/lib/device-drafts';
import {
  forgetUploads,
  type RememberedUpload,
  rememberedUpload,
  rememberUpload,
  uploadIdOf,
} from './upload-memory';

const UPLOAD: RememberedUpload = {
  url: 'https://portal.example/api/v1/uploads/0123456789abcdef0123456789abcdef',
  fingerprint: 'abc',
  creationTime: '2026-07-01T10:00:00.000Z',
  size: 1000,
  name: 'IMG_0042.HEIC',
  done: false,
};

afterEach(() => window.localStorage.clear());

describe('the uploads kept on the device', () => {
  it('are kept per student and kind, and read back only when well formed', () => {
    rememberUpload('s1', 'frontIdCard', UPLOAD);
    expect(rememberedUpload('s1', 'frontIdCard')).toEqual(UPLOAD);
    expect(rememberedUpload('s1', 'backIdCard')).toBeNull();
    expect(rememberedUpload('s2', 'frontIdCard')).toBeNull();
    window.localStorage.setItem('stAdmission:completeData:upload:s1:backIdCard', '{"url":1}');
    expect(rememberedUpload('s1', 'backIdCard')).toBeNull();
  });

  it('are forgotten after a submit, and at logout with the drafts', () => {
    rememberUpload('s1', 'frontIdCard', UPLOAD);
    rememberUpload('s1', 'backIdCard', UPLOAD);
    forgetUploads('s1', ['frontIdCard']);
    expect(rememberedUpload('s1', 'frontIdCard')).toBeNull();
    expect(rememberedUpload('s1', 'backIdCard')).toEqual(UPLOAD);
    removeDraftsExcept(null);
    expect(rememberedUpload('s1', 'backIdCard')).toBeNull();
  });
});

describe('uploadIdOf', () => {
  it('is the last path segment of the upload URL, absolute or not', () => {
    expect(uploadIdOf(UPLOAD.url)).toBe('0123456789abcdef0123456789abcdef');
    expect(uploadIdOf('/api/v1/uploads/fedcba9876543210fedcba9876543210/')).toBe(
      'fedcba9876543210fedcba9876543210',
    );
  });
});
