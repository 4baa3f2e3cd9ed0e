import { MantineProvider } from '@mantine/core';
import { IMAGE_KIND_LABELS } from '@portal/common';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImagePicker, STORED_PLACEHOLDER } from './image-picker';
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
