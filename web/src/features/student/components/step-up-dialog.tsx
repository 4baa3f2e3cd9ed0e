import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { STEP_UP_MESSAGES, STEP_UP_RESEND_MS, type StepUpStartResponse } from '@portal/common';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { startStepUp, verifyStepUp } from '../api/step-up';

type Start = StepUpStartResponse['data'];

interface StepUpDialogProps {
  studentId: string;
  /** The step-up passed: the action that asked for it goes on. */
  onPassed: () => void;
  onCancel: () => void;
}

/** Seconds until a new code may be asked, counting down once a second. */
function useResendCountdown(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  return sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + STEP_UP_RESEND_MS - now) / 1000));
}

/**
 * Issue 33: before the own-data zip and the document images, the code sent to the student's phone and e-mail (or
 * the seat number where none is on record). Opened when the server answered that a verification is needed.
 */
export function StepUpDialog({ studentId, onPassed, onCancel }: StepUpDialogProps) {
  const [start, setStart] = useState<Start | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const waitSeconds = useResendCountdown(sentAt);

  const send = async () => {
    setPending(true);
    const result = await startStepUp(studentId);
    setPending(false);
    if (result.status === 'error') {
      setError(result.message);
      return;
    }
    const started = result.data.data;
    setStart(started);
    setError(null);
    if (started.method === 'code') setSentAt(Date.now());
    if (started.method === 'off') onPassed();
  };

  // Asked once when the dialog opens; the student asks again with the resend link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first code is sent on opening only.
  useEffect(() => {
    void send();
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // React bubbles a portal's events through the component tree: opened inside another form (the edit form's
    // stored previews), this submit must not also submit that form.
    event.stopPropagation();
    if (!start) return;
    setPending(true);
    const result = await verifyStepUp(
      studentId,
      start.method === 'code' ? { code: answer.trim() } : { seatNo: answer.trim() },
    );
    setPending(false);
    if (result.status === 'error') {
      setError(result.message);
      return;
    }
    onPassed();
  };

  const isCode = start?.method !== 'seatNo';
  return (
    <Modal opened onClose={onCancel} title={STEP_UP_MESSAGES.dialogTitle} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{STEP_UP_MESSAGES.required}</Text>
          {start?.method === 'code' && start.sentTo && (
            <Text>
              {STEP_UP_MESSAGES.sentTo}:{' '}
              {start.sentTo.map((to) => (
                <bdi key={to} dir="ltr" style={{ marginInlineEnd: '0.75em' }}>
                  {to}
                </bdi>
              ))}
            </Text>
          )}
          {start?.method === 'seatNo' && <Text>{STEP_UP_MESSAGES.seatNoHint}</Text>}
          <InputField
            label={isCode ? STEP_UP_MESSAGES.codeLabel : STEP_UP_MESSAGES.seatNoLabel}
            dir="ltr"
            inputMode="numeric"
            autoComplete={isCode ? 'one-time-code' : 'off'}
            maxLength={isCode ? 10 : 30}
            value={answer}
            onChange={(event) => setAnswer(event.currentTarget.value)}
            error={error ?? undefined}
            data-autofocus
          />
          <Button type="submit" loading={pending} disabled={!start} fullWidth>
            {STEP_UP_MESSAGES.verify}
          </Button>
          {start?.method === 'code' &&
            (waitSeconds > 0 ? (
              <Text size="sm" c="dimmed">
                {STEP_UP_MESSAGES.resendIn} {waitSeconds} {STEP_UP_MESSAGES.seconds}
              </Text>
            ) : (
              <Anchor component="button" type="button" onClick={() => void send()}>
                {STEP_UP_MESSAGES.resend}
              </Anchor>
            ))}
        </Stack>
      </form>
    </Modal>
  );
}
