import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCentsShort,
  formatCount,
  formatFileSize,
  formatUploadDate,
  supportEmailFor,
  truncateName,
  truncatePrompt,
} from './format';

describe('display formats', () => {
  it('cuts names to 25 characters, marking the cut', () => {
    expect(truncateName('Jane Doe')).toBe('Jane Doe');
    expect(truncateName('a'.repeat(25))).toBe('a'.repeat(25));
    const cut = truncateName('Maximilian Alexander von Habsburg');
    expect(cut).toBe('Maximilian Alexander von…');
    expect(Array.from(cut)).toHaveLength(25);
  });

  it('never splits an emoji when cutting a name', () => {
    const cut = truncateName(`${'x'.repeat(23)}😀😀😀`);
    expect(cut).toBe(`${'x'.repeat(23)}😀…`);
  });

  it('shows a prompt badge of 30 characters plus an ellipsis', () => {
    expect(truncatePrompt('Make the jacket red')).toBe('Make the jacket red');
    expect(truncatePrompt('x'.repeat(30))).toBe('x'.repeat(30));
    expect(truncatePrompt('Put me on a sunny beach at golden hour with palm trees')).toBe('Put me on a sunny beach at gol…');
  });

  it("says 'Unknown date' for a missing or unreadable upload date", () => {
    expect(formatUploadDate(null)).toBe('Unknown date');
    expect(formatUploadDate(undefined)).toBe('Unknown date');
    expect(formatUploadDate('')).toBe('Unknown date');
    expect(formatUploadDate('not a date')).toBe('Unknown date');
    expect(formatUploadDate(null, 'Неизвестно')).toBe('Неизвестно');
    expect(formatUploadDate('2025-05-02T12:00:00Z')).toBe('May 2, 2025');
  });

  it('formats file sizes in B, KB, MB and GB with one decimal', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048.0 GB');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });

  it('formats money from cents with the dollar sign', () => {
    expect(formatCents(1234)).toBe('$12.34');
    expect(formatCents(80)).toBe('$0.80');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(100_000)).toBe('$1,000.00');
    expect(formatCentsShort(1000)).toBe('$10');
    expect(formatCentsShort(1050)).toBe('$10.50');
  });

  it('groups thousands in counters', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('derives the support address from the public URL', () => {
    expect(supportEmailFor('https://www.photomuse.example')).toBe('support@photomuse.example');
    expect(supportEmailFor('http://localhost:3000')).toBe('support@localhost');
    expect(supportEmailFor('not a url')).toBe('support@localhost');
  });
});
