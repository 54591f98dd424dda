import { describe, expect, it } from 'vitest';
import type { Message, MessageFile } from '@shared/studio';
import { compareSourceOf } from './compare-source';

const file = (id: string, isGenerated: boolean, extra: Partial<MessageFile> = {}): MessageFile => ({
  id,
  fileUrl: `/files/${id}`,
  thumbnailUrl: `/files/${id}`,
  originalFilename: `${id}.png`,
  isGenerated,
  expired: false,
  contentDescription: '',
  version: 0,
  engine: null,
  ...extra,
});

const message = (id: string, role: Message['role'], files: MessageFile[], extra: Partial<Message> = {}): Message => ({
  id,
  session_id: 's',
  contentText: '',
  timestamp_created: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  parent_message_id: null,
  role,
  user_id: 'u',
  processing_status: null,
  intent_data: null,
  context_references: null,
  files,
  chosen_version: null,
  engine: null,
  ...extra,
});

describe('compareSourceOf', () => {
  const photo = file('photo', false);
  const edited = file('edited', true);
  const request = message('m1', 'user', [photo], { context_references: { fileIds: ['photo'] } });
  const reply = message('m2', 'system', [edited], { parent_message_id: 'm1' });

  it('pairs an edit with the photo it was made from', () => {
    expect(compareSourceOf(edited, [request, reply])?.id).toBe('photo');
  });

  it('pairs a follow-up edit with the earlier result it changed', () => {
    const followUp = message('m3', 'user', [], { context_references: { fileIds: ['edited'] } });
    const darker = file('darker', true);
    const second = message('m4', 'system', [darker], { parent_message_id: 'm3' });
    expect(compareSourceOf(darker, [request, reply, followUp, second])?.id).toBe('edited');
  });

  it('offers no compare for an image made from words, an upload, or a source that expired', () => {
    const fromWords = message('m5', 'user', [], { context_references: { fileIds: [] } });
    const made = file('made', true);
    expect(compareSourceOf(made, [fromWords, message('m6', 'system', [made], { parent_message_id: 'm5' })])).toBeNull();
    expect(compareSourceOf(photo, [request, reply])).toBeNull();
    const gone = message('m1', 'user', [file('photo', false, { expired: true })], { context_references: { fileIds: ['photo'] } });
    expect(compareSourceOf(edited, [gone, reply])).toBeNull();
  });
});
