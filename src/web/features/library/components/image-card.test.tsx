// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserFile } from '@shared/studio';
import { i18nOptions } from '@web/lib/i18n';
import { ImageCard, type ImageCardProps } from './image-card';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nOptions(), lng: 'en' });

const generated: UserFile = {
  id: 'g1',
  user_id: 'u1',
  file_type: 'image',
  original_filename: 'generated-1.png',
  stored_filename: 'g1.png',
  file_url: '/api/files/g1',
  thumbnailUrl: '/api/files/g1/thumbnail',
  mime_type: 'image/png',
  file_size_bytes: 2048,
  is_generated: true,
  verified_enum: 'approved',
  upload_timestamp: '2025-08-01T10:00:00.000Z',
  contentDescription: 'Put me on a sunny beach at golden hour with palm trees',
  metadata: null,
  width: 512,
  height: 512,
  expires_at: '2099-01-01T00:00:00.000Z',
  expired: false,
};

function renderCard(props: Partial<ImageCardProps> = {}) {
  const handlers = { onOpen: vi.fn(), onDownload: vi.fn(), onDelete: vi.fn() };
  render(
    <I18nextProvider i18n={i18n}>
      <ImageCard image={generated} {...handlers} {...props} />
    </I18nextProvider>,
  );
  return handlers;
}

const imageOf = (container: HTMLElement = document.body) => container.querySelector('img')!;
const openButton = () => screen.getByRole('button', { name: /Open preview of/ });

afterEach(cleanup);

describe('an image card', () => {
  it('says how long the image has left before the retention job deletes it', () => {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString();
    renderCard({ image: { ...generated, expires_at: inThreeDays } });
    expect(screen.getByText('Expires in 3 days')).toBeInTheDocument();
    cleanup();
    renderCard({ image: { ...generated, expires_at: new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString() } });
    expect(screen.getByText('Expires in 5 hours')).toBeInTheDocument();
    cleanup();
    // Past its time but not yet swept (a running reply still needs it, or the next run is due).
    renderCard({ image: { ...generated, expires_at: new Date(Date.now() - 1000).toISOString() } });
    expect(screen.getByText('Expires soon')).toBeInTheDocument();
  });

  it('keeps preview, download and delete off until the image has loaded', () => {
    const { onOpen, onDownload, onDelete } = renderCard();
    expect(openButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download image' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete image' })).toBeDisabled();

    fireEvent.load(imageOf());
    fireEvent.click(openButton());
    fireEvent.click(screen.getByRole('button', { name: 'Download image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete image' }));
    expect(onOpen).toHaveBeenCalledWith(generated);
    expect(onDownload).toHaveBeenCalledWith(generated);
    expect(onDelete).toHaveBeenCalledWith(generated);
  });

  it('shows the failed-image placeholder and keeps the actions off when the image cannot load', () => {
    renderCard();
    fireEvent.error(imageOf());
    expect(screen.getByText('Failed to load image')).toBeInTheDocument();
    expect(openButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download image' })).toBeDisabled();
  });

  it('shows the prompt badge cut at 30 characters plus an ellipsis', () => {
    renderCard();
    expect(screen.getByText('Put me on a sunny beach at gol…')).toBeInTheDocument();
  });

  it('shows status badges only in preview mode', () => {
    renderCard({ status: 'complete' });
    expect(screen.queryByText('Ready')).toBeNull();
    cleanup();
    renderCard({ status: 'complete', previewMode: true });
    expect(screen.getByText('Ready')).toBeInTheDocument();
    cleanup();
    renderCard({ status: 'pending', previewMode: true });
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('while uploading: badge Uploading, no actions or info, no preview', () => {
    renderCard({ status: 'uploading', previewMode: true });
    fireEvent.load(imageOf());
    expect(screen.getByText('Uploading')).toBeInTheDocument();
    expect(openButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Download image' })).toBeNull();
    expect(screen.queryByText(/Put me on a sunny beach/)).toBeNull();
  });

  it('has no delete button for an uploaded image', () => {
    renderCard({ image: { ...generated, is_generated: false, contentDescription: '' }, onDelete: undefined });
    expect(screen.queryByRole('button', { name: 'Delete image' })).toBeNull();
    expect(screen.getByText('generated-1.png')).toBeInTheDocument();
  });
});
