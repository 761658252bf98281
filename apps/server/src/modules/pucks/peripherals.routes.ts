import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LogicLevelUpdate,
  Peripheral,
  PeripheralAttach,
  PeripheralIdParams,
  PeripheralList,
  PeripheralQuery,
  PeripheralUpdate,
  SpuckDetailsQuery,
  SpucksByDeviceQuery,
} from '@monitor/contract/peripherals';
import {
  attachPeripheral,
  getPeripheral,
  listPeripherals,
  updateLogicLevel,
  updatePeripheralDetails,
} from './peripherals.service';

const tags = ['peripherals'];

/**
 * Pucks (device-management §4, §5, §7). Ids in paths are the puck's hex serial; device_id and
 * deviceId are the caller's user device Id. Detach and transfer live under /api/devices.
 */
export const peripheralsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/peripherals',
    {
      schema: {
        tags,
        summary: 'Pucks of a user device (device_id), optionally at one location',
        querystring: PeripheralQuery,
        response: { 200: PeripheralList },
      },
    },
    async (request) => {
      return listPeripherals(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.query.device_id,
        ...(request.query.location !== undefined && { location: request.query.location }),
      });
    },
  );

  app.get(
    '/api/peripherals/getSpucksByDevice',
    {
      schema: {
        tags,
        summary: 'Pucks of a user device (deviceId)',
        querystring: SpucksByDeviceQuery,
        response: { 200: PeripheralList },
      },
    },
    async (request) => {
      return listPeripherals(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.query.deviceId,
      });
    },
  );

  app.get(
    '/api/peripherals/getSpuckDetails',
    {
      schema: {
        tags,
        summary: 'One puck (spuckId, hex serial)',
        querystring: SpuckDetailsQuery,
        response: { 200: Peripheral },
      },
    },
    async (request) => {
      return getPeripheral(app.ctx, {
        callerId: request.caller.userId,
        serial: request.query.spuckId,
      });
    },
  );

  app.get(
    '/api/peripherals/:id',
    {
      schema: {
        tags,
        summary: 'One puck by hex serial',
        params: PeripheralIdParams,
        response: { 200: Peripheral },
      },
    },
    async (request) => {
      return getPeripheral(app.ctx, { callerId: request.caller.userId, serial: request.params.id });
    },
  );

  app.post(
    '/api/peripherals',
    {
      schema: {
        tags,
        summary:
          'Attach a puck to a user device: at most 16, unique location, firmware 8 for pucks with a logic level',
        body: PeripheralAttach,
        response: { 200: Peripheral },
      },
    },
    async (request) => {
      return attachPeripheral(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.body.DeviceId,
        serial: request.body.SerialNumber,
        name: request.body.Name,
        location: request.body.Location,
      });
    },
  );

  app.put(
    '/api/peripherals/updatelogiclevel',
    {
      schema: {
        tags,
        summary:
          'Turn puck alarms on (setType 1) or off (-1): id, alarmType list, setType; one must stay on',
        body: LogicLevelUpdate,
        response: { 200: Peripheral },
      },
    },
    async (request) => {
      return updateLogicLevel(app.ctx, {
        callerId: request.caller.userId,
        serial: request.body.id,
        alarmTypes: request.body.alarmType,
        setType: request.body.setType,
      });
    },
  );

  app.put(
    '/api/peripherals/:id',
    {
      schema: {
        tags,
        summary: "Change a puck's Name and Location (unique on the device)",
        params: PeripheralIdParams,
        body: PeripheralUpdate,
        response: { 200: Peripheral },
      },
    },
    async (request) => {
      return updatePeripheralDetails(app.ctx, {
        callerId: request.caller.userId,
        serial: request.params.id,
        name: request.body.Name,
        location: request.body.Location,
      });
    },
  );
};
