import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ExclamationIcon } from '@/components/icons';

/** The screen's message boxes (spec section 2, studentDataEnter): info, error, or load (something under way). */
export type MessageBoxType = 'info' | 'error' | 'load';

const COLORS: Record<MessageBoxType, string> = { info: 'university', error: 'red', load: 'gray' };

interface MessageBoxProps {
  type: MessageBoxType;
  title?: string;
  children?: ReactNode;
  id?: string;
}

/** An error is announced at once (role alert); info and load politely (role status). */
export function MessageBox({ type, title, children, id }: MessageBoxProps) {
  return (
    <Alert
      id={id}
      color={COLORS[type]}
      variant="light"
      role={type === 'error' ? 'alert' : 'status'}
      title={title}
      data-type={type}
      icon={
        type === 'load' ? (
          <Loader size="sm" aria-hidden="true" />
        ) : type === 'error' ? (
          <ExclamationIcon size={18} />
        ) : undefined
      }
    >
      {children}
    </Alert>
  );
}
