import { Button as MantineButton } from '@mantine/core';
import { MESSAGES } from '@portal/common';
import { useState } from 'react';
import { showApiError } from '@/components/notices';
import { API_BASE, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { fetchBehindStepUp } from '../api/fetch-behind-step-up';
import { StepUpDialog } from './step-up-dialog';

/** The student's own data as one zip (issue 20); the session cookie goes along. */
export function myDataUrl(studentId: string): string {
  return `${API_BASE}/students/myData/${encodeURIComponent(studentId)}`;
}
export const DOWNLOAD_MY_DATA = 'تنزيل بياناتي';
const MY_DATA_FILE = 'my-data.zip';

/** The file name the server gave the download, or the usual one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? MY_DATA_FILE;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * 'Download my data': fetched rather than opened, so that the server's answer that a verification is needed
 * (issue 33) opens the step-up dialog, and the download goes on once it is passed.
 */
export function DownloadMyData({ studentId }: { studentId: string }) {
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const outcome = await fetchBehindStepUp(myDataUrl(studentId));
      if (outcome === 'stepUp') setAsking(true);
      else if (outcome) save(await outcome.blob(), fileNameOf(outcome));
    } catch {
      // The zip's bytes stopped arriving after its answer began.
      showApiError({ status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <MantineButton variant="subtle" size="md" loading={pending} onClick={() => void download()}>
        {DOWNLOAD_MY_DATA}
      </MantineButton>
      {asking && (
        <StepUpDialog
          studentId={studentId}
          onCancel={() => setAsking(false)}
          onPassed={() => {
            setAsking(false);
            void download();
          }}
        />
      )}
    </>
  );
}
