import { describe, expect, it } from 'vitest';
import { createInFlightRequests } from './in-flight-requests';

describe('in-flight requests', () => {
  it('is idle at once when nothing runs', async () => {
    expect(await createInFlightRequests().idle(10)).toBe(true);
  });

  it('becomes idle when the last running handler finishes, counting each end once', async () => {
    const requests = createInFlightRequests();
    const first = requests.begin();
    const second = requests.begin();
    const idle = requests.idle(1_000);
    first();
    first();
    expect(requests.count).toBe(1);
    second();
    expect(requests.count).toBe(0);
    expect(await idle).toBe(true);
  });

  it('gives up waiting after the time limit, telling that some still run', async () => {
    const requests = createInFlightRequests();
    requests.begin();
    expect(await requests.idle(20)).toBe(false);
    expect(requests.count).toBe(1);
  });
});
