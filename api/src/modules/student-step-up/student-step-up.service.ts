import {
  MESSAGES,
  maskEmail,
  maskPhone,
  normalizeSeatNo,
  STEP_UP_MAX_TRIES,
  STEP_UP_MESSAGES,
  type StepUpMethod,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { newStepUpCode, sameText, stepUpCodeHash } from './step-up-code.js';
import type { StepUpSession, StudentStepUpRepository } from './student-step-up.repository.js';

/** Tries a student's sessions may make together in an hour: a new session (a new login) is no new chance. */
const STUDENT_TRIES_PER_HOUR = 15;

export interface StudentStepUpOptions {
  method: StepUpMethod;
  /** The channels configured: a code goes only where it can be sent. */
  email: boolean;
  sms: boolean;
  secret: string;
}

export interface StepUpContext {
  ip: string;
}

export function studentStepUpService(repository: StudentStepUpRepository, options: StudentStepUpOptions) {
  const audit = (session: StepUpSession, action: string, context: StepUpContext, details?: object) =>
    repository.audit({
      actor: null,
      action,
      targetType: 'student',
      targetId: session.studentId,
      details: details ? { ...details } : null,
      ip: context.ip,
    });

  /** A refused try: audited, then answered. */
  async function refuse(
    session: StepUpSession,
    context: StepUpContext,
    status: number,
    message: string,
    reason: string,
  ): Promise<never> {
    await audit(session, 'student.stepUp.refused', context, { reason });
    throw new AppError(status, message);
  }

  /** The student's contacts; 404 once the student is gone (its session may outlive it). */
  async function studentContacts(session: StepUpSession) {
    const contacts = await repository.contacts(session.studentId);
    if (!contacts) throw new AppError(404, MESSAGES.studentNotFound);
    return contacts;
  }

  return {
    /**
     * `POST /students/stepUp/{id}`: sends a code to the contacts it may go to, or names the seat number where
     * the student has none the configured channels reach (or the setting says so).
     */
    async start(
      session: StepUpSession,
      context: StepUpContext,
    ): Promise<{ method: StepUpMethod; sentTo?: string[] }> {
      const contacts = await studentContacts(session);
      if (options.method !== 'code') return { method: options.method };
      const phone = options.sms ? contacts.phone?.trim() || null : null;
      const email = options.email ? contacts.email?.trim() || null : null;
      if (!phone && !email) return { method: 'seatNo' };
      const code = newStepUpCode();
      const hash = stepUpCodeHash(options.secret, session.sessionId, code);
      if (!(await repository.storeCode(session, hash, { code, to: { phone, email } }))) {
        await refuse(session, context, 429, STEP_UP_MESSAGES.resendTooSoon, 'resendTooSoon');
      }
      const sentTo = [...(phone ? [maskPhone(phone)] : []), ...(email ? [maskEmail(email)] : [])];
      return { method: 'code', sentTo };
    },

    /** `POST /students/stepUp/{id}/verify`: a code or a seat number; every try counted first, failures audited. */
    async verify(
      session: StepUpSession,
      answer: { code?: string; seatNo?: string },
      context: StepUpContext,
    ): Promise<void> {
      if (options.method === 'off') return;
      const contacts = await studentContacts(session);
      const counted = await repository.countTry(session);
      if (!counted) return refuse(session, context, 403, STEP_UP_MESSAGES.codeExpired, 'foreignSession');
      if (counted.tries > STEP_UP_MAX_TRIES || counted.tries + counted.otherTries > STUDENT_TRIES_PER_HOUR) {
        return refuse(session, context, 429, STEP_UP_MESSAGES.tooManyTries, 'tooManyTries');
      }
      if (answer.code !== undefined) {
        if (!counted.codeHash || !counted.codeValid) {
          return refuse(session, context, 400, STEP_UP_MESSAGES.codeExpired, 'codeExpiredOrUsed');
        }
        const hash = stepUpCodeHash(options.secret, session.sessionId, answer.code);
        if (!sameText(hash, counted.codeHash)) {
          return refuse(session, context, 400, STEP_UP_MESSAGES.codeWrong, 'codeWrong');
        }
        const passed = await repository.pass(session, hash, {
          actor: null,
          action: 'student.stepUp.passed',
          targetType: 'student',
          targetId: session.studentId,
          details: { method: 'code' },
          ip: context.ip,
        });
        if (!passed) return refuse(session, context, 400, STEP_UP_MESSAGES.codeExpired, 'codeExpiredOrUsed');
        return;
      }
      // The seat number: where the setting asks for it, or for a student no code can reach.
      const reachable =
        options.method === 'code' &&
        ((options.sms && contacts.phone?.trim()) || (options.email && contacts.email?.trim()));
      const seatNo = contacts.seatNo ? normalizeSeatNo(contacts.seatNo) : null;
      if (reachable || !seatNo || !sameText(seatNo, answer.seatNo ?? '')) {
        return refuse(session, context, 400, STEP_UP_MESSAGES.seatNoWrong, 'seatNoWrong');
      }
      await repository.pass(session, null, {
        actor: null,
        action: 'student.stepUp.passed',
        targetType: 'student',
        targetId: session.studentId,
        details: { method: 'seatNo' },
        ip: context.ip,
      });
    },
  };
}
