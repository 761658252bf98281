import type { FastifyInstance } from 'fastify';
import { alarmPointsRoutes } from './alarm-points/alarm-points.routes';
import { deviceLookupRoutes } from './device-lookup/device-lookup.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { peripheralsRoutes } from './peripherals/peripherals.routes';
import { reportLogRoutes } from './report-log/report-log.routes';
import { userDevicesRoutes } from './user-devices/user-devices.routes';

/** The device-side calls of the catalogue (issue #4): user devices, units, pucks, alarm points, notifications, report log. */
export async function deviceSideRoutes(app: FastifyInstance): Promise<void> {
  await app.register(userDevicesRoutes);
  await app.register(deviceLookupRoutes);
  await app.register(peripheralsRoutes);
  await app.register(alarmPointsRoutes);
  await app.register(notificationsRoutes);
  await app.register(reportLogRoutes);
}
