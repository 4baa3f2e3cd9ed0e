import { IMAGE_KIND_LABELS, PERIOD_LABELS, REFUSAL_REASON_LABELS } from '@portal/common';
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { createDeliveringApp, outboxRow, PUBLIC_URL } from '../../../test/notifications.js';
import { messageIdOf, startSmtpSink } from '../../../test/smtp-sink.js';
import { queueNotifications } from '../../db/notification-outbox.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';
import { DELIVERY_MESSAGES } from './delivery-messages.js';

/**
 * Issue 17: e-mails delivered to a real SMTP server on loopback, read back and parsed as a mail program would.
 * SMS is not configured here: those messages end `skipped`.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const MAIL_FROM = 'بوابة القبول <admission@example.edu>';
const { database } = await createDeliveringApp({
  SMTP_URL: sink.url,
  MAIL_FROM,
  UNIVERSITY_NAME: 'جامعة الاختبار',
  UNIVERSITY_TIMEZONE: 'Africa/Cairo',
  // Long enough that no send of this file is cut short on a busy machine.
  NOTIFICATION_EXPIRE_S: '60',
});
const db = database.db;

const WAIT = { timeout: 30_000, interval: 100 };

/** Waits for the student's e-mail to be sent, and answers it as received, parsed. */
async function receivedMail(studentId: string): Promise<ParsedMail> {
  const row = await vi.waitFor(async () => {
    const found = await outboxRow(db, studentId, 'email');
    expect(found.state).toBe('sent');
    return found;
  }, WAIT);
  const received = sink.messages.filter(
    (message) => messageIdOf(message.raw) === `${row.id}@admission.example.edu`,
  );
  expect(received).toHaveLength(1);
  return simpleParser((received[0] as (typeof received)[number]).raw);
}

describe('e-mail delivery', () => {
  it('a document refusal: which document, why, the note and the link, in Arabic right to left', async () => {
    const student = await insertStudent(db, {
      name: '<script>alert("x")</script> منى عبد الله',
      email: 'mona@example.com',
      phoneNumber: '01012345678',
    });
    await queueNotifications(db, [
      {
        studentId: student.id,
        event: 'documentRefused',
        dedupeKey: 'documentRefused:1',
        payload: { documents: [{ kind: 'birthCertificate', reason: 'other', note: 'الختم <غير> واضح' }] },
      },
    ]);

    const mail = await receivedMail(student.id);
    expect(mail.subject).toBe(`مطلوب إعادة رفع مستند: ${IMAGE_KIND_LABELS.birthCertificate}`);
    expect(mail.from?.text).toContain('admission@example.edu');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('mona@example.com');
    const html = String(mail.html);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('جامعة الاختبار');
    expect(html).toContain(IMAGE_KIND_LABELS.birthCertificate);
    expect(html).toContain(REFUSAL_REASON_LABELS.other);
    expect(html).toContain('الختم &lt;غير&gt; واضح');
    expect(html).toContain(`href="${PUBLIC_URL}/stAdmission/"`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; منى عبد الله');
    expect(mail.text).toContain(`${IMAGE_KIND_LABELS.birthCertificate}: ${REFUSAL_REASON_LABELS.other}`);
    expect(mail.text).toContain('الختم <غير> واضح');
    expect(mail.text).toContain(`${PUBLIC_URL}/stAdmission/`);
    expect(mail.attachments).toHaveLength(0);

    const row = await outboxRow(db, student.id, 'email');
    expect(row.tries).toBe(1);
    expect(row.lastError).toBeNull();
    expect(row.sentAt).toBeInstanceOf(Date);
    // No SMS gateway is configured: its message is recorded as skipped, not tried.
    const sms = await vi.waitFor(async () => {
      const found = await outboxRow(db, student.id, 'sms');
      expect(found.state).toBe('skipped');
      return found;
    }, WAIT);
    expect(sms.lastError).toBe(DELIVERY_MESSAGES.smsNotConfigured);
    expect(sms.tries).toBe(0);
  });

  it('an interview appointment carries its .ics: the period start on the university clock, the place', async () => {
    const student = await insertStudent(db, { college: SOCIAL_WORK_COLLEGE, email: 'karim@example.com' });
    await queueNotifications(db, [
      {
        studentId: student.id,
        event: 'interviewAppointed',
        dedupeKey: 'interviewAppointed:2026-12-15:12',
        payload: { day: '2026-12-15', hour: 12, place: 'مدرج 2 - المبنى الرئيسي' },
      },
    ]);

    const mail = await receivedMail(student.id);
    expect(mail.subject).toContain('15 ديسمبر 2026');
    expect(String(mail.html)).toContain(PERIOD_LABELS[12]);
    expect(mail.text).toContain('المكان: مدرج 2 - المبنى الرئيسي');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment?.filename).toBe('interview.ics');
    expect(attachment?.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(attachment?.content.toString('utf8') ?? ''));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    // 12:00 in Cairo in December (winter time, UTC+2).
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-15T10:00:00.000Z');
    expect(event.location).toBe('مدرج 2 - المبنى الرئيسي');
    expect(event.summary).toContain(SOCIAL_WORK_COLLEGE);
  });

  it('a student without an e-mail address: skipped with the reason, nothing sent', async () => {
    const student = await insertStudent(db, { email: null });
    const before = sink.messages.length;
    await queueNotifications(db, [
      { studentId: student.id, event: 'dataCompleted', dedupeKey: 'dataCompleted' },
    ]);
    const row = await vi.waitFor(async () => {
      const found = await outboxRow(db, student.id, 'email');
      expect(found.state).toBe('skipped');
      return found;
    }, WAIT);
    expect(row.lastError).toBe(DELIVERY_MESSAGES.noEmail);
    expect(row.tries).toBe(0);
    expect(sink.messages.slice(before).some((message) => messageIdOf(message.raw)?.startsWith(row.id))).toBe(
      false,
    );
  });

  it('a step-up code goes to the address its row names (the one before a change), not the current one', async () => {
    const student = await insertStudent(db, { email: 'intruder@example.com' });
    const sendBefore = new Date(Date.now() + 600_000).toISOString();
    await queueNotifications(db, [
      {
        studentId: student.id,
        event: 'student.step_up',
        dedupeKey: 'stepUp:1',
        payload: { code: '042917', to: { email: 'owner@example.com', phone: null }, sendBefore },
      },
    ]);
    const mail = await receivedMail(student.id);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('owner@example.com');
    expect(mail.text).toContain('042917');
  });

  it('a step-up code past its 10 minutes is never sent: failed at once, no retry', async () => {
    const student = await insertStudent(db, { email: 'late@example.com' });
    const before = sink.messages.length;
    await queueNotifications(db, [
      {
        studentId: student.id,
        event: 'student.step_up',
        dedupeKey: 'stepUp:2',
        payload: { code: '042917', sendBefore: new Date(Date.now() - 1).toISOString() },
      },
    ]);
    const row = await vi.waitFor(async () => {
      const found = await outboxRow(db, student.id, 'email');
      expect(found.state).toBe('failed');
      return found;
    }, WAIT);
    expect(row.lastError).toBe(DELIVERY_MESSAGES.expired);
    expect(sink.messages.slice(before).some((message) => messageIdOf(message.raw)?.startsWith(row.id))).toBe(
      false,
    );
  });
});
