import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import {
  Notification,
  NotificationDetailsQuery,
  NotificationIdParams,
  NotificationInput,
  NotificationList,
  NotificationQuery,
} from '@monitor/contract/notifications';
import {
  changeNotification,
  createNotification,
  getNotificationDetails,
  queryNotifications,
  removeNotification,
} from './notifications.service';

const tags = ['notifications'];

/** Notifications (device-management §3, §5, §7, §9); DeviceId and device_id are the user device Id. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Notifications of a user device (device_id), optionally of a puck (peripheral_id)',
        querystring: NotificationQuery,
        response: { 200: NotificationList },
      },
    },
    async (request) => {
      return queryNotifications(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.query.device_id,
        ...(request.query.peripheral_id !== undefined && {
          peripheralSerial: request.query.peripheral_id,
        }),
      });
    },
  );

  app.get(
    '/api/notifications/getNotificationDetails',
    {
      schema: {
        tags,
        summary: "Notifications of the caller's unit by IMEI",
        querystring: NotificationDetailsQuery,
        response: { 200: NotificationList },
      },
    },
    async (request) => {
      return getNotificationDetails(app.ctx, {
        callerId: request.caller.userId,
        imei: request.query.IMEI,
      });
    },
  );

  app.post(
    '/api/notifications',
    {
      schema: {
        tags,
        summary:
          'Add a notification; caps per device (9, NOCALL not counted) and per puck logic level',
        body: NotificationInput,
        response: { 200: Notification },
      },
    },
    async (request) => {
      return createNotification(app.ctx, { callerId: request.caller.userId, input: request.body });
    },
  );

  app.put(
    '/api/notifications/:Id',
    {
      schema: {
        tags,
        summary:
          'Change a notification (its device and puck stay; repeat and escalate settings left out stay)',
        params: NotificationIdParams,
        body: NotificationInput,
        response: { 200: Notification },
      },
    },
    async (request) => {
      return changeNotification(app.ctx, {
        callerId: request.caller.userId,
        id: request.params.Id,
        input: request.body,
      });
    },
  );

  app.delete(
    '/api/notifications/:Id',
    {
      schema: {
        tags,
        summary: 'Remove a notification',
        params: NotificationIdParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await removeNotification(app.ctx, { callerId: request.caller.userId, id: request.params.Id });
      return { ok: true as const };
    },
  );
};
