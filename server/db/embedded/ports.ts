import net from 'node:net';

/** Binds port 0 on 127.0.0.1 to let the OS pick a free port, then releases it. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/** PostgreSQL could not bind the port: someone took it between our probe and its start. */
export class PortInUseError extends Error {}
