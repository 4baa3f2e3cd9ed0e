import {
  formatDeadline,
  IMAGE_KIND_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  PERIOD_LABELS,
  REFUSAL_REASON_LABELS,
} from '@portal/common';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  ContentError,
  type ContentSettings,
  type ContentStudent,
  escapeHtml,
  messageContent,
  type OutboxContentInput,
} from './message-content.js';

const HOSTILE_NAME = `<img src=x onerror="alert('x')"> سارة & "أحمد"`;
const student: ContentStudent = {
  id: '3f2b8c1e-5d4a-4b7e-9c1d-2a6f8e0b4c3d',
  name: HOSTILE_NAME,
  college: 'كلية الخدمة الاجتماعية',
  socialWork: true,
};
const settings: ContentSettings = {
  universityName: 'جامعة <الاختبار>',
  publicUrl: 'https://admission.example.edu',
  timeZone: 'Africa/Cairo',
  now: new Date('2026-08-01T08:00:00Z'),
};

/** One valid input of every event. */
const INPUTS: Record<NotificationEvent, OutboxContentInput> = {
  'student.step_up': { event: 'student.step_up', payload: { code: '042917' }, campaignText: null },
  'student.contact_changed': { event: 'student.contact_changed', payload: {}, campaignText: null },
  dataCompleted: { event: 'dataCompleted', payload: {}, campaignText: null },
  documentRefused: {
    event: 'documentRefused',
    payload: {
      documents: [
        { kind: 'birthCertificate', reason: 'cropped', note: null },
        { kind: 'personalPhoto', reason: 'other', note: 'الخلفية <b>ليست</b> بيضاء' },
      ],
    },
    campaignText: null,
  },
  documentsAccepted: { event: 'documentsAccepted', payload: {}, campaignText: null },
  interviewAppointed: {
    event: 'interviewAppointed',
    payload: { day: '2026-08-15', hour: 9, place: 'قاعة 3, الدور "الثاني"' },
    campaignText: null,
  },
  deadlineReminder: {
    event: 'deadlineReminder',
    payload: { deadline: '2026-08-20T21:59:00.000Z', days: 3 },
    campaignText: null,
  },
  staffMessage: {
    event: 'staffMessage',
    payload: { campaignId: 'a1b2c3d4-0000-4000-8000-000000000000' },
    campaignText: 'اجتماع الطلاب الجدد غدا\n</p><script>alert(1)</script> في المدرج',
  },
};

const contentOf = (event: NotificationEvent) => messageContent(INPUTS[event], student, settings);

describe('messageContent, every event', () => {
  it.each(NOTIFICATION_EVENTS)(
    '%s: Arabic right-to-left HTML with a plain-text part and a short SMS',
    (event) => {
      const content = contentOf(event);
      expect(content.subject.length).toBeGreaterThan(0);
      expect(content.subject).toMatch(/[\u0600-\u06ff]/);
      expect(content.html).toContain('<html lang="ar" dir="rtl">');
      expect(content.html).toContain('text-align:right');
      // The university's name heads it, escaped like every other value.
      expect(content.html).toContain('جامعة &lt;الاختبار&gt;');
      expect(content.html).toContain('رسالة آلية من بوابة القبول');
      expect(content.text).toContain('جامعة <الاختبار>');
      expect(content.text).toContain(`مرحبا ${HOSTILE_NAME}`);
      expect(content.text).not.toMatch(/<(p|ul|li|div)\b|<a /);
      expect(content.text).toContain('https://admission.example.edu/stAdmission/');
      expect(content.sms).toMatch(/[\u0600-\u06ff]/);
      expect(content.sms).not.toContain('\n');
      if (event !== 'staffMessage') expect(content.sms.length).toBeLessThanOrEqual(160);
    },
  );

  it.each(NOTIFICATION_EVENTS)('%s: the student name is escaped in the HTML', (event) => {
    const { html } = contentOf(event);
    expect(html).not.toContain('<img');
    expect(html).toContain(escapeHtml(HOSTILE_NAME));
    expect(html).toContain(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; سارة &amp; &quot;أحمد&quot;',
    );
  });

  it('carries the calendar file only for the interview appointment', () => {
    for (const event of NOTIFICATION_EVENTS) {
      const { attachments } = contentOf(event);
      expect(attachments.length, event).toBe(event === 'interviewAppointed' ? 1 : 0);
    }
  });

  it('dataCompleted: what was done and the next step, the interview for the social-work college', () => {
    const social = contentOf('dataCompleted');
    expect(social.text).toContain('الخطوة التالية: مراجعة المستندات');
    expect(social.text).toContain('- موعد الاختبار الشخصي');
    expect(social.text).toContain('- تنزيل الاستمارات');
    const other = messageContent(INPUTS.dataCompleted, { ...student, socialWork: false }, settings);
    expect(other.text).not.toContain('موعد الاختبار الشخصي');
    expect(other.text).toContain('- تنزيل الاستمارات');
  });

  it('documentRefused: each document with its reason and note, and the link', () => {
    const { subject, text, html, sms } = contentOf('documentRefused');
    expect(subject).toBe('مطلوب إعادة رفع 2 من مستنداتك');
    expect(text).toContain(`- ${IMAGE_KIND_LABELS.birthCertificate}: ${REFUSAL_REASON_LABELS.cropped}`);
    expect(text).toContain(
      `- ${IMAGE_KIND_LABELS.personalPhoto}: ${REFUSAL_REASON_LABELS.other}. ملاحظة الكلية: الخلفية <b>ليست</b> بيضاء`,
    );
    expect(html).toContain('الخلفية &lt;b&gt;ليست&lt;/b&gt; بيضاء');
    expect(html).toContain('<a href="https://admission.example.edu/stAdmission/"');
    expect(sms).toContain('https://admission.example.edu/stAdmission/');

    const one = messageContent(
      { ...INPUTS.documentRefused, payload: { documents: [{ kind: 'nominationCard', reason: 'expired' }] } },
      student,
      settings,
    );
    expect(one.subject).toBe(`مطلوب إعادة رفع مستند: ${IMAGE_KIND_LABELS.nominationCard}`);
  });

  it('documentsAccepted: the next step by college', () => {
    expect(contentOf('documentsAccepted').sms).toContain('الخطوة التالية: موعد الاختبار الشخصي');
    const other = messageContent(INPUTS.documentsAccepted, { ...student, socialWork: false }, settings);
    expect(other.sms).toContain('الخطوة التالية: تنزيل الاستمارات');
  });

  it('interviewAppointed: the date, the period and the place, and the .ics at the period start', () => {
    const { subject, text, html, attachments } = contentOf('interviewAppointed');
    expect(subject).toContain('15 أغسطس 2026');
    expect(text).toContain(`الفترة: ${PERIOD_LABELS[9]}`);
    expect(text).toContain('المكان: قاعة 3, الدور "الثاني"');
    expect(html).toContain('المكان: قاعة 3, الدور &quot;الثاني&quot;');
    const [ics] = attachments;
    expect(ics?.filename).toMatch(/\.ics$/);
    expect(ics?.contentType).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(ics?.content ?? ''));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    // 9:00 in Cairo in August (UTC+3).
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-08-15T06:00:00.000Z');
    expect(event.location).toBe('قاعة 3, الدور "الثاني"');
  });

  it('interviewAppointed without a place: the college', () => {
    const content = messageContent(
      { ...INPUTS.interviewAppointed, payload: { day: '2026-12-15', hour: 12, place: null } },
      student,
      settings,
    );
    expect(content.text).toContain(`المكان: ${student.college}`);
    expect(content.text).toContain(`الفترة: ${PERIOD_LABELS[12]}`);
  });

  it('deadlineReminder: the deadline on the university clock and the days left', () => {
    const three = contentOf('deadlineReminder');
    const formatted = formatDeadline('2026-08-20T21:59:00.000Z', 'Africa/Cairo');
    expect(three.subject).toContain('3 أيام');
    expect(three.text).toContain(formatted);
    expect(three.sms).toContain(formatted);
    const one = messageContent(
      { ...INPUTS.deadlineReminder, payload: { deadline: '2026-08-20T21:59:00.000Z', days: 1 } },
      student,
      settings,
    );
    expect(one.subject).toContain('يوم واحد');
  });

  it("staffMessage: the campaign's text, its line breaks kept, escaped in the HTML", () => {
    const { subject, text, html, sms } = contentOf('staffMessage');
    expect(subject).toBe(`رسالة من ${student.college}`);
    expect(text).toContain('اجتماع الطلاب الجدد غدا\n</p><script>alert(1)</script> في المدرج');
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      'اجتماع الطلاب الجدد غدا<br>&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt; في المدرج',
    );
    expect(sms).toContain('اجتماع الطلاب الجدد غدا');
  });

  it.each<[string, OutboxContentInput]>([
    ['a refusal without documents', { ...INPUTS.documentRefused, payload: { documents: [] } }],
    [
      'a refusal with an unknown reason',
      { ...INPUTS.documentRefused, payload: { documents: [{ kind: 'personalPhoto', reason: 'ugly' }] } },
    ],
    ['an appointment at 10', { ...INPUTS.interviewAppointed, payload: { day: '2026-08-15', hour: 10 } }],
    [
      'an appointment on 30 February',
      { ...INPUTS.interviewAppointed, payload: { day: '2026-02-30', hour: 9 } },
    ],
    [
      'a reminder 2 days ahead',
      { ...INPUTS.deadlineReminder, payload: { deadline: '2026-08-20T21:59:00Z', days: 2 } },
    ],
    ['a staff message without its text', { ...INPUTS.staffMessage, campaignText: null }],
  ])('refuses %s: no try could make it', (_, input) => {
    expect(() => messageContent(input, student, settings)).toThrow(ContentError);
  });
});
