import {
  COMPLETE_DATA_FIELDS,
  COMPLETE_DATA_LABELS,
  type CompleteDataField,
} from './complete-data-fields.js';
import { normalizeDigits } from './digits.js';
import { IMAGE_CONTENT_TYPES } from './image-integrity.js';
import { IMAGE_KINDS } from './limits.js';
import { z } from './zod.js';

/**
 * The complete-data form on the wire: the multipart body's text fields and the stored values the edit form is
 * filled from.
 */

const wireText = (field: CompleteDataField) =>
  z.string().optional().meta({ description: COMPLETE_DATA_LABELS[field] });
const wireNumber = (field: CompleteDataField, example: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : normalizeDigits(value)))
    .meta({
      description: `${COMPLETE_DATA_LABELS[field]} (Arabic-Indic digits accepted)`,
      examples: [example],
    });

/**
 * The text fields of the multipart body (every value is a string on the wire; number fields come out with
 * their digits normalised). Unknown fields are dropped. The rules are `validateCompleteData`'s, not this
 * schema's, so the messages are the screen's.
 */
export const completeDataWireSchema = z.object({
  studentNameEn: wireText('studentNameEn'),
  city: wireText('city'),
  brothersNum: wireNumber('brothersNum', '3'),
  brothersMaleNum: wireNumber('brothersMaleNum', '2'),
  brothersFemaleNum: wireNumber('brothersFemaleNum', '1'),
  brothersOrder: wireNumber('brothersOrder', '2'),
  income: wireNumber('income', '6000'),
  motherName: wireText('motherName'),
  motherNationality: wireText('motherNationality'),
  motherJob: wireText('motherJob'),
  motherMobile: wireNumber('motherMobile', '01012345678'),
  fatherNationality: wireText('fatherNationality'),
  fatherMobile: wireNumber('fatherMobile', '01112345678'),
  phoneNumber: wireNumber('phoneNumber', '01212345678'),
  homeTel: wireNumber('homeTel', '0502212345'),
  address: wireText('address'),
  email: wireText('email'),
  program1: wireText('program1'),
  program2: wireText('program2'),
  program3: wireText('program3'),
  qualification: wireText('qualification'),
  qualificationYear: wireNumber('qualificationYear', '2025/2026'),
  totalGrade: wireNumber('totalGrade', '385.5'),
  percentage: wireNumber('percentage', '93.75'),
  masterName: wireText('masterName'),
  masterJob: wireText('masterJob'),
  masterQualification: wireText('masterQualification'),
  fatherName: wireText('fatherName'),
  fatherJob: wireText('fatherJob'),
  fatherQualification: wireText('fatherQualification'),
} satisfies Record<CompleteDataField, z.ZodType>);
export type CompleteDataWire = z.input<typeof completeDataWireSchema>;

/** The stored values as the edit form shows them (strings; '' for a value never entered). */
export type CompleteDataFormValues = Record<CompleteDataField, string>;

export const storedPhotoSchema = z.object({
  kind: z.enum(IMAGE_KINDS),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  reviewStatus: z.enum(['pending', 'accepted', 'rejected']),
  /** Staff's reason when a document was rejected (documents review comes after the spec). */
  reviewNote: z.string().nullable(),
  uploadedAt: z.string(),
});
export type StoredPhoto = z.infer<typeof storedPhotoSchema>;

/** Answer of `GET /students/completeStudentData/{id}`: the stored values and images, to fill the edit form. */
export const completeDataStoredResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    isComplete: z.boolean(),
    values: z.object(
      Object.fromEntries(COMPLETE_DATA_FIELDS.map((field) => [field, z.string()])) as Record<
        CompleteDataField,
        z.ZodString
      >,
    ),
    photos: z.array(storedPhotoSchema),
  }),
});
export type CompleteDataStoredResponse = z.infer<typeof completeDataStoredResponseSchema>;
