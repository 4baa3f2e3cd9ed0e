import {
  COMPLETE_DATA_FIELDS,
  COMPLETE_DATA_LABELS,
  type CompleteDataField,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  type ImageKind,
  MESSAGE_TEMPLATES,
  MESSAGES,
} from '@portal/common';

/** The shared rules' messages that name one field (messages.ts); a message shared by fields is left out. */
const FIELD_MESSAGES: Record<CompleteDataField, readonly string[]> = {
  studentNameEn: [MESSAGES.studentNameEnRequired, MESSAGES.studentNameEnLatin],
  city: [MESSAGES.cityRequired],
  brothersNum: [MESSAGES.brothersNumRequired],
  brothersMaleNum: [MESSAGES.brothersMaleNumRequired],
  brothersFemaleNum: [MESSAGES.brothersFemaleNumRequired, MESSAGES.brothersSumMismatch],
  brothersOrder: [MESSAGES.brothersOrderRequired, MESSAGES.brothersOrderInvalid],
  income: [MESSAGES.incomeRequired],
  motherName: [MESSAGES.motherNameRequired],
  motherNationality: [MESSAGES.motherNationalityRequired],
  motherJob: [MESSAGES.motherJobRequired],
  motherMobile: [MESSAGES.motherMobileRequired],
  fatherNationality: [MESSAGES.fatherNationalityRequired],
  fatherMobile: [MESSAGES.fatherMobileRequired],
  phoneNumber: [MESSAGES.phoneRequired, MESSAGES.phoneInvalid],
  homeTel: [MESSAGES.homeTelRequired, MESSAGES.homeTelInvalid],
  address: [MESSAGES.addressRequired],
  email: [MESSAGES.emailRequired, MESSAGES.emailInvalid],
  program1: [MESSAGES.program1Required],
  program2: [MESSAGES.program2Required],
  program3: [MESSAGES.program3Required],
  qualification: [MESSAGES.qualificationRequired],
  qualificationYear: [MESSAGES.qualificationYearRequired, MESSAGES.qualificationYearInvalid],
  totalGrade: [MESSAGES.totalGradeRequired, MESSAGES.totalGradeZero, MESSAGES.totalGradeInvalid],
  percentage: [MESSAGES.percentageRequired, MESSAGES.percentageZero, MESSAGES.percentageInvalid],
  masterName: [MESSAGES.masterNameRequired],
  masterJob: [MESSAGES.masterJobRequired],
  masterQualification: [MESSAGES.masterQualificationRequired],
  fatherName: [MESSAGES.fatherNameRequired],
  fatherJob: [MESSAGES.fatherJobRequired],
  fatherQualification: [MESSAGES.fatherQualificationRequired],
};

export type MessageTarget = CompleteDataField | ImageKind;

function buildIndex(): Map<string, MessageTarget> {
  const index = new Map<string, MessageTarget>();
  for (const field of COMPLETE_DATA_FIELDS) {
    const label = COMPLETE_DATA_LABELS[field];
    const templated = [
      MESSAGE_TEMPLATES.fieldTooLong(label),
      MESSAGE_TEMPLATES.wholeNumberInvalid(label),
      MESSAGE_TEMPLATES.mobileInvalid(label),
    ];
    for (const message of [...FIELD_MESSAGES[field], ...templated]) index.set(message, field);
  }
  for (const kind of IMAGE_KINDS) index.set(MESSAGE_TEMPLATES.imageRequired(IMAGE_KIND_LABELS[kind]), kind);
  return index;
}

const INDEX = buildIndex();

/**
 * The field a server message is about, found by comparing it with the shared rules' messages, or null when it
 * names none (a network failure, a repeated program, an image refused for its content).
 */
export function fieldOfMessage(message: string): MessageTarget | null {
  return INDEX.get(message) ?? null;
}
