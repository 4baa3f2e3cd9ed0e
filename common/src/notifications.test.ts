import { describe, expect, it } from 'vitest';
import {
  MESSAGE_AUDIENCE_LABELS,
  MESSAGE_AUDIENCES,
  messagePreviewRequestSchema,
  messageSendRequestSchema,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATE_LABELS,
  NOTIFICATION_STATES,
  STAFF_MESSAGE_MAX_LENGTH,
} from './notifications.js';

const VALID = {
  faculty: 'كلية الآداب',
  filter: { audience: 'all' },
  channels: ['email', 'sms'],
  text: 'تذكير',
};

function messageOf(body: unknown) {
  const result = messageSendRequestSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('a staff message', () => {
  it('parses the body the issue names, trimming the text', () => {
    expect(messageSendRequestSchema.parse({ ...VALID, text: '  تذكير  ' })).toEqual({
      ...VALID,
      text: 'تذكير',
    });
  });

  it('keeps the day only for the students appointed on it', () => {
    expect(
      messageSendRequestSchema.parse({ ...VALID, filter: { audience: 'appointedOn', day: '2026-12-02' } })
        .filter,
    ).toEqual({ audience: 'appointedOn', day: '2026-12-02' });
    expect(
      messageSendRequestSchema.parse({ ...VALID, filter: { audience: 'all', day: '2026-12-02' } }).filter,
    ).toEqual({ audience: 'all' });
  });

  it('sends each channel once however often it is named', () => {
    expect(messageSendRequestSchema.parse({ ...VALID, channels: ['sms', 'sms'] }).channels).toEqual(['sms']);
  });

  it.each([
    [
      'an unknown audience',
      { ...VALID, filter: { audience: 'everyone' } },
      NOTIFICATION_MESSAGES.audienceInvalid,
    ],
    ['no filter', { ...VALID, filter: undefined }, NOTIFICATION_MESSAGES.audienceInvalid],
    ['a filter that is text', { ...VALID, filter: 'all' }, NOTIFICATION_MESSAGES.audienceInvalid],
    [
      'appointedOn without a day',
      { ...VALID, filter: { audience: 'appointedOn' } },
      NOTIFICATION_MESSAGES.dayRequired,
    ],
    [
      'appointedOn with a day that does not exist',
      { ...VALID, filter: { audience: 'appointedOn', day: '2026-13-40' } },
      NOTIFICATION_MESSAGES.dayInvalid,
    ],
    [
      'appointedOn with 30 February, which the calendar lacks',
      { ...VALID, filter: { audience: 'appointedOn', day: '2026-02-30' } },
      NOTIFICATION_MESSAGES.dayInvalid,
    ],
    [
      'appointedOn with a day as a number',
      { ...VALID, filter: { audience: 'appointedOn', day: 20261202 } },
      NOTIFICATION_MESSAGES.dayInvalid,
    ],
    ['no channel', { ...VALID, channels: [] }, NOTIFICATION_MESSAGES.channelsRequired],
    ['channels missing', { ...VALID, channels: undefined }, NOTIFICATION_MESSAGES.channelsRequired],
    ['an unknown channel', { ...VALID, channels: ['fax'] }, NOTIFICATION_MESSAGES.channelsInvalid],
    ['channels as text', { ...VALID, channels: 'email' }, NOTIFICATION_MESSAGES.channelsInvalid],
    ['an empty text', { ...VALID, text: '   ' }, NOTIFICATION_MESSAGES.textRequired],
    ['no text', { ...VALID, text: undefined }, NOTIFICATION_MESSAGES.textRequired],
    ['a text that is a number', { ...VALID, text: 5 }, NOTIFICATION_MESSAGES.textInvalid],
    [
      'a text one character too long',
      { ...VALID, text: 'ا'.repeat(STAFF_MESSAGE_MAX_LENGTH + 1) },
      NOTIFICATION_MESSAGES.textTooLong,
    ],
  ])('refuses %s with its Arabic message', (_name, body, message) => {
    expect(messageOf(body)).toBe(message);
  });

  it('takes a text of exactly the longest length', () => {
    expect(messageOf({ ...VALID, text: 'ا'.repeat(STAFF_MESSAGE_MAX_LENGTH) })).toBeUndefined();
  });

  it('is previewed before its text is written', () => {
    expect(messagePreviewRequestSchema.safeParse({ ...VALID, text: undefined }).success).toBe(true);
    expect(messagePreviewRequestSchema.safeParse({ ...VALID, text: '' }).success).toBe(true);
  });
});

describe('the notification labels', () => {
  it('name every event, state and audience in Arabic', () => {
    for (const event of NOTIFICATION_EVENTS)
      expect(NOTIFICATION_EVENT_LABELS[event]).toMatch(/[\u0600-\u06ff]/);
    for (const state of NOTIFICATION_STATES)
      expect(NOTIFICATION_STATE_LABELS[state]).toMatch(/[\u0600-\u06ff]/);
    for (const audience of MESSAGE_AUDIENCES)
      expect(MESSAGE_AUDIENCE_LABELS[audience]).toMatch(/[\u0600-\u06ff]/);
  });
});
