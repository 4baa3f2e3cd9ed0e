import { MantineProvider } from '@mantine/core';
import { IMAGE_KIND_LABELS } from '@portal/common';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImagePicker, STORED_PLACEHOLDER } from './image-picker';
import {
  keptUploadText,
  RETRY_UPLOAD,
  UPLOAD_INTERRUPTED,
  unfinishedUploadText,
  uploadProgressLabel,
} from './upload-messages';
import type { ImageSlot } from './use-image-choices';

const STORED_URL = '/api/v1/students/photo/x/frontIdCard';
const stored: ImageSlot = {
  stored: true,
  chosen: null,
  processing: false,
  error: null,
  upload: null,
  keptName: null,
};
const chosen: ImageSlot = {
  ...stored,
  chosen: {
    kind: 'frontIdCard',
    file: new File(['x'], 'id.png', { type: 'image/png' }),
    originalName: 'id.png',
    previewUrl: 'blob:chosen',
  },
};

function renderPicker(slot: ImageSlot, storedPreviewUrl: string | null) {
  render(
    <MantineProvider env="test">
      <ImagePicker
        kind="frontIdCard"
        slot={slot}
        storedPreviewUrl={storedPreviewUrl}
        disabled={false}
        onChoose={vi.fn()}
        onClear={vi.fn()}
      />
    </MantineProvider>,
  );
}

const preview = () => screen.queryByRole('img', { name: `معاينة ${IMAGE_KIND_LABELS.frontIdCard}` });

describe('image picker: the stored image (issue 33)', () => {
  it('keeps its place with a placeholder, loading nothing, while its preview is hidden', () => {
    renderPicker(stored, null);
    expect(screen.getByText(STORED_PLACEHOLDER)).toBeInTheDocument();
    expect(preview()).toBeNull();
  });

  it('previews it from the server once given its address', () => {
    renderPicker(stored, STORED_URL);
    expect(preview()).toHaveAttribute('src', STORED_URL);
    expect(screen.queryByText(STORED_PLACEHOLDER)).toBeNull();
  });

  it('previews a chosen file from the device, whether or not the stored one is shown', () => {
    renderPicker(chosen, null);
    expect(preview()).toHaveAttribute('src', 'blob:chosen');
    expect(screen.queryByText(STORED_PLACEHOLDER)).toBeNull();
  });

  it('shows no placeholder where nothing is stored, nor over a refused choice', () => {
    renderPicker({ ...stored, stored: false }, null);
    expect(screen.queryByText(STORED_PLACEHOLDER)).toBeNull();
    renderPicker({ ...stored, error: 'رسالة' }, null);
    expect(screen.queryByText(STORED_PLACEHOLDER)).toBeNull();
  });
});

describe('image picker: the document upload (issue 34)', () => {
  const label = IMAGE_KIND_LABELS.frontIdCard;
  const fresh: ImageSlot = { ...chosen, stored: false };
  const renderUpload = (slot: ImageSlot, onRetry = vi.fn()) => {
    render(
      <MantineProvider env="test">
        <ImagePicker
          kind="frontIdCard"
          slot={slot}
          disabled={false}
          onChoose={vi.fn()}
          onClear={vi.fn()}
          onRetry={onRetry}
        />
      </MantineProvider>,
    );
    return onRetry;
  };

  it('shows its own progress bar, named for the document, while it goes and once done', () => {
    renderUpload({ ...fresh, upload: { state: 'uploading', percent: 40 } });
    expect(screen.getByRole('progressbar', { name: uploadProgressLabel(label) })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.queryByRole('button', { name: RETRY_UPLOAD })).toBeNull();
  });

  it('says a failure on the card, announced, and retries on request', async () => {
    const onRetry = renderUpload({
      ...fresh,
      upload: { state: 'failed', message: UPLOAD_INTERRUPTED, network: true },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOAD_INTERRUPTED);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.querySelector('input[type="file"]')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: RETRY_UPLOAD }));
    expect(onRetry).toHaveBeenCalledWith('frontIdCard');
  });

  it('says what this device sent before a reload, and what it must pick again to resume', () => {
    const kept: ImageSlot = { ...stored, stored: false, keptName: 'IMG_1.HEIC' };
    renderUpload({ ...kept, upload: { state: 'done', id: 'a'.repeat(32) } });
    expect(screen.getByRole('status')).toHaveTextContent(keptUploadText('IMG_1.HEIC'));
    cleanup();
    renderUpload(kept);
    expect(screen.getByRole('status')).toHaveTextContent(unfinishedUploadText('IMG_1.HEIC'));
  });
});
