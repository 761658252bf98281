import type { FastifyInstance } from 'fastify';
import { loginRoutes } from './auth/login.routes';
import { passwordResetRoutes } from './auth/password-reset.routes';
import { registrationRoutes } from './auth/registration.routes';
import { sessionRoutes } from './auth/session.routes';
import { billingAddressesRoutes } from './billing-addresses/billing-addresses.routes';
import { brandsRoutes } from './brands/brands.routes';
import { deviceReportsRoutes } from './device-api/reports.routes';
import { deviceCommandsRoutes } from './device-commands/device-commands.routes';
import { deviceDebugRoutes } from './device-debug/device-debug.routes';
import { instantUpdatesRoutes } from './instant-updates/instant-updates.routes';
import { liveRoutes } from './live/live.routes';
import { deviceSideRoutes } from './device-side';
import { outboxRoutes } from './outbox/outbox.routes';
import { staffRoutes } from './staff/staff.routes';
import { subAccountsRoutes } from './sub-accounts/sub-accounts.routes';
import { passwordRoutes } from './users/password.routes';
import { usersRoutes } from './users/users.routes';

/** Every route plugin, registered in one place so the API surface is easy to read. */
export async function routes(app: FastifyInstance): Promise<void> {
  await app.register(brandsRoutes);
  await app.register(loginRoutes);
  await app.register(registrationRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordResetRoutes);
  await app.register(usersRoutes);
  await app.register(passwordRoutes);
  await app.register(billingAddressesRoutes);
  await app.register(outboxRoutes);
  await app.register(deviceReportsRoutes);
  await app.register(deviceCommandsRoutes);
  await app.register(instantUpdatesRoutes);
  await app.register(deviceSideRoutes);
  await app.register(liveRoutes);
  await app.register(subAccountsRoutes);
  await app.register(deviceDebugRoutes);
  await app.register(staffRoutes);
}
