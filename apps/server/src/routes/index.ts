import type { FastifyInstance } from 'fastify';
import { loginRoutes } from './auth/login.routes';
import { brandsRoutes } from './brands/brands.routes';

/** Every route plugin, registered in one place so the API surface is easy to read. */
export async function routes(app: FastifyInstance): Promise<void> {
  await app.register(brandsRoutes);
  await app.register(loginRoutes);
}
