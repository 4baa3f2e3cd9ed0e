/** Business constants of spec section 9 and the product decisions, shared by client and server. */
export const STUDENT_PAGE_SIZE = 500;
export const QUIZ_QUESTION_COUNT = 4;
/** Longest national ID accepted by the student lookup, counted after digit normalisation. */
export const NATIONAL_ID_MAX_LENGTH = 32;
export const MIN_USERNAME_LENGTH = 5;
export const MIN_PASSWORD_LENGTH = 8;
export const GENERATED_PASSWORD_LENGTH = 12;
export const SESSION_DAYS = 1;
export const COOKIE_MAX_AGE_MS = 86_400_000;
export const CLIENT_IMAGE_MAX_BYTES = 512 * 1024;
export const CLIENT_IMAGE_MAX_SIDE_PX = 1920;
export const SERVER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
export const STUDENT_NAME_WORDS_SHOWN = 4;

export const PERIODS = [9, 12] as const;
export type Period = (typeof PERIODS)[number];

export const UPLOAD_STATUSES = ['regular', 'affiliated', 'none'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export const IMAGE_KINDS = [
  'frontIdCard',
  'backIdCard',
  'birthCertificate',
  'personalPhoto',
  'secondarySchoolCertificate',
  'nominationCard',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const TOAST_SUCCESS_MS = 2000;
export const TOAST_SUCCESS_LONG_MS = 10_000;
export const TOAST_ERROR_MS = 20_000;
