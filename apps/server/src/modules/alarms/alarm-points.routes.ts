import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlarmPoint,
  AlarmPointIdParams,
  AlarmPointList,
  AlarmPointLowerIdParams,
  AlarmPointQuery,
  AlarmPointUpdate,
} from '@monitor/contract/alarm-points';
import {
  getAlarmPoint,
  queryAlarmPoints,
  setAlarmPointEnabled,
  updateAlarmPointSettings,
} from './alarm-points.service';

const tags = ['alarm points'];

/** Alarm points (device-management §3, §5, §7); device_id is the user device Id, peripheral_id a puck's hex serial. */
export const alarmPointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alarmpoints',
    {
      schema: {
        tags,
        summary:
          'Alarm points of a user device (device_id), optionally of a puck (peripheral_id) and type',
        querystring: AlarmPointQuery,
        response: { 200: AlarmPointList },
      },
    },
    async (request) => {
      return queryAlarmPoints(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.query.device_id,
        ...(request.query.peripheral_id !== undefined && {
          peripheralSerial: request.query.peripheral_id,
        }),
        ...(request.query.type !== undefined && { sensorType: request.query.type }),
      });
    },
  );

  app.get(
    '/api/alarmpoints/:Id',
    {
      schema: {
        tags,
        summary: 'One alarm point',
        params: AlarmPointIdParams,
        response: { 200: AlarmPoint },
      },
    },
    async (request) => {
      return getAlarmPoint(app.ctx, { callerId: request.caller.userId, id: request.params.Id });
    },
  );

  app.put(
    '/api/alarmpoints/:Id',
    {
      schema: {
        tags,
        summary:
          'Set the range (in TempPref, stored in °F; manual limits F -999..999, C -573..537) and optionally the deadband (in TempPref or %RH, null the default) and the delay',
        params: AlarmPointIdParams,
        body: AlarmPointUpdate,
        response: { 200: AlarmPoint },
      },
    },
    async (request) => {
      const { body } = request;
      return updateAlarmPointSettings(app.ctx, {
        callerId: request.caller.userId,
        id: request.params.Id,
        range: { rangeMin: body.RangeMin, rangeMax: body.RangeMax },
        unit: body.TempPref,
        ...(body.Deadband !== undefined && { deadband: body.Deadband }),
        ...(body.DelayMinutes !== undefined && { delayMinutes: body.DelayMinutes }),
        ...(body.DelayReadings !== undefined && { delayReadings: body.DelayReadings }),
      });
    },
  );

  app.post(
    '/api/alarmpoints/:id/enable',
    {
      schema: {
        tags,
        summary: 'Turn the alarm point on',
        params: AlarmPointLowerIdParams,
        response: { 200: AlarmPoint },
      },
    },
    async (request) => {
      return setAlarmPointEnabled(app.ctx, {
        callerId: request.caller.userId,
        id: request.params.id,
        isEnabled: true,
      });
    },
  );

  app.post(
    '/api/alarmpoints/:id/disable',
    {
      schema: {
        tags,
        summary: 'Turn the alarm point off; its alarm is set to none',
        params: AlarmPointLowerIdParams,
        response: { 200: AlarmPoint },
      },
    },
    async (request) => {
      return setAlarmPointEnabled(app.ctx, {
        callerId: request.caller.userId,
        id: request.params.id,
        isEnabled: false,
      });
    },
  );
};
