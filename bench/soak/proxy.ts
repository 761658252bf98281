import { createConnection, createServer, type Socket } from 'node:net';

/**
 * Several server processes behind one port, as a load balancer puts them (docs/scaling.md): a
 * TCP proxy that hands each new connection to the next process in turn. Requests on a kept-alive
 * connection and a WebSocket stay with the process that took the connection, as behind a
 * connection-level balancer. No header is added, so the processes see a loopback client (which
 * is why the soak reads each process's /metrics on its own port).
 */
export async function startRoundRobinProxy(
  backendPorts: readonly number[],
): Promise<{ port: number; connections: () => number[]; close: () => Promise<void> }> {
  let next = 0;
  const counts = backendPorts.map(() => 0);
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const index = next++ % backendPorts.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const upstream = createConnection({ host: '127.0.0.1', port: backendPorts[index]! });
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => [...counts],
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
