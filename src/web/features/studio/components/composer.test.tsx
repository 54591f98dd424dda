// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SuggestedAction, UserFile } from '@shared/studio';
import { initI18n } from '@web/lib/i18n';
import type { PendingUpload } from '../lib/pending-upload';
import { Composer, type ComposerProps } from './composer';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

function userFile(metadata: SuggestedAction[] | null, verified: UserFile['verified_enum'] = 'approved'): UserFile {
  return {
    id: crypto.randomUUID(),
    user_id: 'u',
    file_type: 'image',
    original_filename: 'p.jpg',
    stored_filename: 's.jpg',
    file_url: '/f',
    thumbnailUrl: '/t',
    mime_type: 'image/jpeg',
    file_size_bytes: 1,
    is_generated: false,
    verified_enum: verified,
    upload_timestamp: '2025-01-01T00:00:00.000Z',
    contentDescription: '',
    metadata,
    width: 10,
    height: 10,
    expires_at: '2099-01-01T00:00:00.000Z',
    expired: false,
  };
}

let counter = 0;
function upload(patch: Partial<PendingUpload> = {}): PendingUpload {
  counter += 1;
  return {
    id: `item-${counter}`,
    file: new File(['x'], `photo-${counter}.jpg`, { type: 'image/jpeg' }),
    preview: 'blob:preview',
    status: 'pending',
    ...patch,
  };
}
function approved(metadata: SuggestedAction[] | null = null): PendingUpload {
  const file = userFile(metadata);
  return upload({ status: 'complete', result: 'approved', userFileId: file.id, userFile: file });
}

/** The composer as a screen holds it: the draft lives in the parent. */
function renderComposer(props: Partial<ComposerProps> = {}) {
  const onSend = vi.fn();
  const onTextChange = vi.fn();
  function Harness() {
    const [text, setText] = useState(props.text ?? '');
    return (
      <Composer
        items={[]}
        onAddFiles={() => undefined}
        onRemoveItem={() => undefined}
        limitExceeded={false}
        isLoading={false}
        disabled={false}
        onSend={onSend}
        {...props}
        text={text}
        onTextChange={(next) => {
          onTextChange(next);
          setText(next);
        }}
      />
    );
  }
  render(<Harness />);
  return {
    onSend,
    onTextChange,
    textarea: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
    sendButton: screen.getByRole('button', { name: 'Send message' }),
  };
}

describe('the composer', () => {
  it('counts characters and stops at 500', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('0/500');
    await user.type(textarea, 'make it red');
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('11/500');
    await user.clear(textarea);
    await user.click(textarea);
    await user.paste('x'.repeat(620));
    expect(textarea.value).toHaveLength(500);
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('500/500');
  });

  it('sends on Enter and breaks the line on Shift+Enter', async () => {
    const user = userEvent.setup();
    const { textarea, onSend } = renderComposer();
    await user.type(textarea, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(textarea.value).toBe('first line\nsecond line');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(textarea.value).toBe('first line\nsecond line');
  });

  it('does not send an empty message on Enter, nor with the send button', async () => {
    const user = userEvent.setup();
    const { textarea, onSend, sendButton } = renderComposer();
    await user.type(textarea, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(sendButton).toBeDisabled();
  });

  it('sends an approved image without text', async () => {
    const user = userEvent.setup();
    const { sendButton, onSend } = renderComposer({ items: [approved()] });
    expect(sendButton).toBeEnabled();
    await user.click(sendButton);
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('blocks sending while a photo uploads, while a send is loading, and when disabled', async () => {
    const user = userEvent.setup();
    const uploading = renderComposer({ text: 'hello', items: [approved(), upload({ status: 'processing' })] });
    expect(uploading.sendButton).toBeDisabled();
    await user.type(uploading.textarea, '{Enter}');
    expect(uploading.onSend).not.toHaveBeenCalled();
    cleanup();

    const loading = renderComposer({ text: 'hello', isLoading: true });
    expect(loading.sendButton).toBeDisabled();
    cleanup();

    const disabled = renderComposer({ text: 'hello', disabled: true });
    expect(disabled.sendButton).toBeDisabled();
    expect(disabled.textarea).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add images' })).toBeDisabled();
  });

  it("offers images only, and at five reads 'Max 5 files' and takes no more", () => {
    renderComposer({ items: [approved(), approved(), approved(), approved()] });
    const input = screen.getByTestId('composer-file-input');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Add images' })).toBeEnabled();
    cleanup();

    renderComposer({ items: [approved(), approved(), approved(), approved(), approved()] });
    expect(screen.getByRole('button', { name: 'Max 5 files' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add images' })).toBeNull();
  });

  it("says 'Maximum 5 files allowed' when a pick went over the limit", () => {
    renderComposer({ limitExceeded: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 5 files allowed');
  });

  it('names the 6th image of a message as not attached', async () => {
    const user = userEvent.setup();
    renderComposer({ items: [approved(), approved(), approved(), approved()] });
    await user.upload(screen.getByTestId('composer-file-input') as HTMLInputElement, [
      new File(['a'], 'fifth.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'sixth.jpg', { type: 'image/jpeg' }),
    ]);
    const refusals = screen.getByTestId('composer-pick-refusals');
    expect(refusals).toHaveTextContent('“sixth.jpg” was not attached: one message holds at most 5 images.');
    expect(refusals).not.toHaveTextContent('fifth.jpg');
  });

  it('hands picked files to the screen', async () => {
    const user = userEvent.setup();
    const onAddFiles = vi.fn();
    renderComposer({ onAddFiles });
    const files = [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' })];
    await user.upload(screen.getByTestId('composer-file-input') as HTMLInputElement, files);
    expect(onAddFiles).toHaveBeenCalledWith(files);
  });

  it('says by name which picked files cannot be attached, and hands on the rest', async () => {
    // A picker's type filter is a hint ("All files" bypasses it), so the test lets every file through.
    const user = userEvent.setup({ applyAccept: false });
    const onAddFiles = vi.fn();
    renderComposer({ onAddFiles });
    const photo = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('composer-file-input') as HTMLInputElement, [
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
      photo,
      new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }),
    ]);
    expect(onAddFiles).toHaveBeenCalledWith([photo]);
    const refusals = screen.getByTestId('composer-pick-refusals');
    expect(refusals).toHaveAttribute('role', 'alert');
    expect(refusals).toHaveTextContent('“report.pdf” is not an image. Only image files can be attached: JPEG, PNG or WebP.');
    expect(refusals).toHaveTextContent('“cat.gif” cannot be attached: only JPEG, PNG and WebP images are accepted.');

    await user.upload(screen.getByTestId('composer-file-input') as HTMLInputElement, [
      new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }),
    ]);
    expect(onAddFiles).toHaveBeenLastCalledWith([]);
    expect(screen.getByTestId('composer-pick-refusals')).toHaveTextContent('“huge.jpg” is larger than 20 MB and cannot be attached.');
    expect(screen.getByTestId('composer-pick-refusals')).not.toHaveTextContent('report.pdf');

    await user.upload(screen.getByTestId('composer-file-input') as HTMLInputElement, [photo]);
    expect(screen.queryByTestId('composer-pick-refusals')).toBeNull();
  });

  it("badges each photo 'Waiting...', 'Processing...', 'Ready' or 'Failed', with 'Image not allowed' or the upload error", () => {
    const rejectedFile = userFile(null, 'rejected');
    renderComposer({
      items: [
        upload(),
        upload({ status: 'processing' }),
        approved(),
        upload({ status: 'complete', result: 'rejected', userFileId: rejectedFile.id, userFile: rejectedFile }),
        upload({ status: 'processing', error: 'File verification timeout' }),
      ],
    });
    const list = screen.getByRole('list', { name: 'Images to send' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual(['Waiting...', 'Processing...', 'Ready', 'Failed', 'Failed']);
    expect(items[3]).toHaveTextContent('Image not allowed');
    expect(items[4]).toHaveTextContent('File verification timeout');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload images');
  });

  it('removes a photo with its remove button', async () => {
    const user = userEvent.setup();
    const onRemoveItem = vi.fn();
    const item = upload();
    renderComposer({ items: [item], onRemoveItem });
    await user.click(screen.getByRole('button', { name: `Remove ${item.file.name}` }));
    expect(onRemoveItem).toHaveBeenCalledWith(item.id);
  });
});

describe('the suggested actions strip', () => {
  const red = { title: 'Make it red', description: 'Change the jacket colour to red' };
  const cartoon = { title: 'Cartoon', description: 'Turn the photo into a cartoon' };
  const beach = { title: 'Beach', description: 'Put the person on a beach' };
  const sketch = { title: 'Sketch', description: 'Make a pencil sketch' };

  it("shows approved images' suggestions once per title, under 'Suggested Actions'", () => {
    const rejected = userFile([{ title: 'Hidden', description: 'from a rejected image' }], 'rejected');
    renderComposer({
      items: [
        approved([red, cartoon]),
        approved([{ ...cartoon, description: 'another wording' }, beach]),
        upload({ status: 'complete', result: 'rejected', userFileId: rejected.id, userFile: rejected }),
      ],
    });
    const strip = screen.getByRole('group', { name: 'Suggested Actions' });
    expect(
      within(strip)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Make it red', 'Cartoon', 'Beach']);
    expect(strip).toHaveAttribute('data-fade', 'false');
  });

  it('fills the message with the suggestion when clicked', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer({ items: [approved([red])] });
    await user.click(screen.getByRole('button', { name: 'Make it red' }));
    expect(textarea.value).toBe('Change the jacket colour to red');
  });

  it('fades the edges past three suggestions and disables them with the composer', () => {
    renderComposer({ items: [approved([red, cartoon, beach, sketch])], disabled: true });
    const strip = screen.getByRole('group', { name: 'Suggested Actions' });
    expect(strip).toHaveAttribute('data-fade', 'true');
    for (const button of within(strip).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('is absent without suggestions', () => {
    renderComposer({ items: [approved(null)] });
    expect(screen.queryByRole('group', { name: 'Suggested Actions' })).toBeNull();
  });
});
