import { randomInt } from 'node:crypto';
import net from 'node:net';
import { Agent, setGlobalDispatcher } from 'undici';

/**
 * Each integration test file sends its HTTP requests (fetch, and the SDKs built on it) from a
 * loopback address of its own, 127.x.y.z. The sign-in and sign-up limits count per client address
 * in the shared test database, so from one address the files that ran in the same minute added up
 * to the limit and each other's sign-ups were refused (429). A file's own requests still share its
 * address, so a file that tests those limits meets them as a visitor would.
 *
 * Linux routes the whole of 127.0.0.0/8 to the loopback interface; where only 127.0.0.1 exists
 * (macOS by default) the address cannot be bound, and requests keep the default address.
 */
const ownAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function canBind(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, address, () => probe.close(() => resolve(true)));
  });
}

if (await canBind(ownAddress)) setGlobalDispatcher(new Agent({ localAddress: ownAddress }));
