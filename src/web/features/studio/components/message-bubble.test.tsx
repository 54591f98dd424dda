// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AWAITING_CREDIT_STATUS, type Message } from '@shared/studio';
import { initI18n } from '@web/lib/i18n';
import { MessageBubble } from './message-bubble';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

const userMessage = (processing_status: string | null): Message => ({
  id: 'm1',
  session_id: 's1',
  contentText: 'make 4 versions of a mountain lake',
  timestamp_created: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  parent_message_id: null,
  role: 'user',
  user_id: 'u1',
  processing_status,
  intent_data: null,
  context_references: null,
  files: [],
  chosen_version: null,
  engine: null,
});

describe('a message whose reply was refused for lack of credit', () => {
  it('says so and offers Retry, which asks once per press and waits while pending', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <MessageBubble message={userMessage(AWAITING_CREDIT_STATUS)} onOpenImage={() => undefined} retry={{ onRetry, pending: false }} />,
    );
    expect(screen.getByText('Not answered yet: your balance did not cover this request.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(
      <MessageBubble message={userMessage(AWAITING_CREDIT_STATUS)} onOpenImage={() => undefined} retry={{ onRetry, pending: true }} />,
    );
    expect((screen.getByRole('button', { name: 'Retrying…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no note and no Retry once answered, nor Retry on an older message', () => {
    render(
      <MessageBubble message={userMessage(null)} onOpenImage={() => undefined} retry={{ onRetry: () => undefined, pending: false }} />,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    cleanup();
    render(<MessageBubble message={userMessage(AWAITING_CREDIT_STATUS)} onOpenImage={() => undefined} />);
    expect(screen.getByText(/Not answered yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('an image the retention job deleted', () => {
  it('shows an expired placeholder with its prompt instead of the image, and the photo by its name', () => {
    const onOpenImage = vi.fn();
    const reply: Message = {
      ...userMessage(null),
      role: 'system',
      contentText: 'Here you go',
      files: [
        {
          id: 'f1',
          fileUrl: '/api/files/f1',
          thumbnailUrl: '/api/files/f1',
          originalFilename: 'generated-1.png',
          isGenerated: true,
          expired: true,
          contentDescription: 'A lighthouse at sunset',
          version: 0,
          engine: null,
        },
        {
          id: 'f2',
          fileUrl: '/api/files/f2',
          thumbnailUrl: '/api/files/f2',
          originalFilename: 'beach.jpg',
          isGenerated: false,
          expired: true,
          contentDescription: '',
          version: 0,
          engine: null,
        },
      ],
    };
    const { container } = render(<MessageBubble message={reply} onOpenImage={onOpenImage} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Image expired')).toBeTruthy();
    expect(screen.getByText('A lighthouse at sunset')).toBeTruthy();
    expect(screen.getByText('Photo expired')).toBeTruthy();
    expect(screen.getByText('beach.jpg')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /generated-1.png/ })).toBeNull();
  });
});

describe('a photo the user sent', () => {
  it('offers Select area, and only that, under it', async () => {
    const onSelectArea = vi.fn();
    const handlers = { onDownload: vi.fn(), onEdit: vi.fn(), onSelectArea };
    const photo = {
      id: 'f2',
      fileUrl: '/api/files/f2',
      thumbnailUrl: '/api/files/f2',
      originalFilename: 'beach.jpg',
      isGenerated: false,
      expired: false,
      contentDescription: '',
      version: 0,
      engine: null,
    };
    render(<MessageBubble message={{ ...userMessage(null), files: [photo] }} onOpenImage={vi.fn()} imageActions={handlers} />);
    const actions = screen.getByRole('group', { name: /beach\.jpg/ });
    expect([...actions.querySelectorAll('button, a')].map((control) => control.textContent)).toEqual(['Select area']);
    await userEvent.click(screen.getByRole('button', { name: 'Select area' }));
    expect(onSelectArea).toHaveBeenCalledWith(photo);
  });
});

describe('a reply with versions', () => {
  const output = (id: string, version: number) => ({
    id,
    fileUrl: `/api/files/${id}`,
    thumbnailUrl: `/api/files/${id}`,
    originalFilename: `${id}.png`,
    isGenerated: true,
    expired: false,
    contentDescription: '',
    version,
    engine: null,
  });
  const reply = (files: ReturnType<typeof output>[], chosen: number | null = null): Message => ({
    ...userMessage(null),
    id: 'r1',
    role: 'system',
    contentText: 'Made by the local engine',
    processing_status: 'completed',
    files,
    chosen_version: chosen,
  });
  const shownImages = () => screen.getAllByRole('img').map((img) => img.getAttribute('alt'));
  const wrap = (message: Message, onChoose = vi.fn()) => (
    <MessageBubble message={message} onOpenImage={() => undefined} versions={{ onVariation: () => undefined, pending: false, onChoose }} />
  );

  it('shows the chosen version, flips with the arrows (reporting the choice), and shows a newer version when it arrives', async () => {
    const onChoose = vi.fn();
    const { rerender } = render(wrap(reply([output('a', 0), output('b', 1)], 0), onChoose));
    expect(shownImages()).toEqual(['a.png']);
    expect(screen.getByTestId('version-position').textContent).toBe('1 / 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(shownImages()).toEqual(['b.png']);
    expect(onChoose).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(shownImages()).toEqual(['a.png']);
    expect(onChoose).toHaveBeenLastCalledWith(0);

    rerender(wrap(reply([output('a', 0), output('b', 1), output('c', 2)], null), onChoose));
    expect(shownImages()).toEqual(['c.png']);
    expect(screen.getByTestId('version-position').textContent).toBe('3 / 3');
  });

  it('has no arrows with one version, but offers Variations', () => {
    render(wrap(reply([output('a', 0)])));
    expect(screen.queryByTestId('version-position')).toBeNull();
    expect(screen.getByRole('button', { name: 'Variations' })).toBeTruthy();
  });
});
