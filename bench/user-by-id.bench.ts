import Fastify from 'fastify';
import { formatRatio, load, startProduct } from './support';

/**
 * GET /api/users/{Id} with a valid token under concurrent load, against a bare Fastify route
 * answering a similar JSON body, measured side by side in this run. The ratio says what the
 * real call (session lookup, then the User entity with roles, default address and parent in one
 * query, validation) costs.
 */
export async function benchUserById(): Promise<void> {
  const product = await startProduct(3951);
  const bare = Fastify();
  bare.get('/api/users/:id', async () => ({
    Id: 1,
    FirstName: 'Bench',
    LastName: 'User',
    EmailAddress: 'bench@example.com',
    Roles: [],
  }));
  await bare.listen({ port: 3952, host: '127.0.0.1' });
  try {
    const registration = await fetch(`${product.url}/RegistrationGateway.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        FirstName: 'Bench',
        LastName: 'User',
        EmailAddress: `bench-${Date.now()}@example.com`,
        Password: 'bench-password',
        ConfirmPassword: 'bench-password',
        TenantId: 2,
      }),
    });
    if (!registration.ok)
      throw new Error(`registration failed: ${registration.status} ${await registration.text()}`);
    const user = (await registration.json()) as { Id: number; AccessToken: string };
    const realUrl = `${product.url}/api/users/${user.Id}?access_token=${user.AccessToken}`;

    await load(realUrl, { seconds: 1 }); // warm-up
    await load('http://127.0.0.1:3952/api/users/1', { seconds: 1 });
    const baseline = await load('http://127.0.0.1:3952/api/users/1');
    const real = await load(realUrl);
    if (real.non2xx > 0 || real.errors > 0)
      throw new Error(
        `the real call failed under load: ${real.non2xx} non-2xx, ${real.errors} errors`,
      );

    console.log(
      'GET /api/users/{Id} (session, then User entity in one query) vs bare Fastify route, 32 connections, 5 s each',
    );
    console.log(
      `  baseline: ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99Ms} ms`,
    );
    console.log(`  real:     ${real.requestsPerSecond.toFixed(0)} req/s, p99 ${real.p99Ms} ms`);
    console.log(
      `  throughput ratio real/baseline: ${formatRatio(real.requestsPerSecond / baseline.requestsPerSecond)}`,
    );
    console.log(
      `  p99 latency ratio real/baseline: ${formatRatio(real.p99Ms / Math.max(baseline.p99Ms, 1))}`,
    );
  } finally {
    await bare.close();
    product.stop();
  }
}
