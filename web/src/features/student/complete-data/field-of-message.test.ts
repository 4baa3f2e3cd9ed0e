import { COMPLETE_DATA_LABELS, IMAGE_KIND_LABELS, MESSAGE_TEMPLATES, MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from './field-of-message';

describe('fieldOfMessage', () => {
  it.each([
    [MESSAGES.studentNameEnLatin, 'studentNameEn'],
    [MESSAGES.brothersSumMismatch, 'brothersFemaleNum'],
    [MESSAGES.phoneInvalid, 'phoneNumber'],
    [MESSAGES.emailInvalid, 'email'],
    [MESSAGES.qualificationYearInvalid, 'qualificationYear'],
    [MESSAGES.percentageZero, 'percentage'],
    [MESSAGES.fatherQualificationRequired, 'fatherQualification'],
    [MESSAGE_TEMPLATES.fieldTooLong(COMPLETE_DATA_LABELS.address), 'address'],
    [MESSAGE_TEMPLATES.wholeNumberInvalid(COMPLETE_DATA_LABELS.income), 'income'],
    [MESSAGE_TEMPLATES.mobileInvalid(COMPLETE_DATA_LABELS.motherMobile), 'motherMobile'],
    [MESSAGE_TEMPLATES.imageRequired(IMAGE_KIND_LABELS.nominationCard), 'nominationCard'],
  ])('maps %s to %s', (message, field) => {
    expect(fieldOfMessage(message)).toBe(field);
  });

  it('maps messages that name no single field to none', () => {
    expect(fieldOfMessage(MESSAGES.networkError)).toBeNull();
    expect(fieldOfMessage(MESSAGES.programRepeated)).toBeNull();
    expect(fieldOfMessage(MESSAGES.imageNotImage)).toBeNull();
  });
});
