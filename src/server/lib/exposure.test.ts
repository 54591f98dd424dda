import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './exposure';

describe('loopback addresses', () => {
  it('knows the loopback addresses and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '192.168.1.20',
      '10.0.0.1',
      'photos.example.com',
      'localhost.example.com',
      '::ffff:10.0.0.1',
      '',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
