import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@portal/common';
import { type ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { ExclamationIcon } from './icons';

const STATUS_CODE_LABEL = 'رمز الحالة';

/** A red, closable bottom-centre notice with an exclamation mark, kept for 20 s (spec sections 4 and 8). */
export function showErrorNotice(message: string): void {
  notifications.show({
    color: 'red',
    icon: <ExclamationIcon size={18} />,
    message,
    autoClose: TOAST_ERROR_MS,
    withCloseButton: true,
    position: 'bottom-center',
  });
}

/** A network failure has no server message, so the spec shows its status code beside the fixed text. */
export function showApiError(error: ApiError): void {
  showErrorNotice(
    error.httpStatus === NETWORK_ERROR_STATUS
      ? `${error.message} (${STATUS_CODE_LABEL}: ${error.httpStatus})`
      : error.message,
  );
}

export function showSuccessNotice(message: string, autoClose = TOAST_SUCCESS_MS): void {
  notifications.show({ color: 'teal', message, autoClose, withCloseButton: true, position: 'bottom-center' });
}
