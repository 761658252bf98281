import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import { UserPeripherals, UserPeripheralsParams } from '@monitor/contract/peripherals';
import {
  DeviceCount,
  UserDevice,
  UserDeviceList,
  UserDeviceParams,
  UserDeviceRegistration,
  UserDevicesParams,
  UserDeviceUpdate,
  UserIdQuery,
} from '@monitor/contract/user-devices';
import { requireSelf } from '../../platform/http/auth';
import { requireUserDevice } from './device-access.service';
import { listPeripheralsOf } from '../pucks/peripherals.service';
import {
  changeUserDevice,
  countDevicesOfUser,
  getUserDevice,
  listUserDevices,
  registerUserDevice,
  removeUserDevice,
} from './user-devices.service';

const tags = ['user devices'];

/**
 * A user's devices (device-management §7, accounts-devices-billing §7). The static paths
 * (getDeviceCount, getActiveDeviceByUserId, peripherals) win over `/api/users/:Id` in the router.
 */
export const userDevicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/devices',
    {
      schema: {
        tags,
        summary: "The user's devices with LastRead, AlarmPoints and Peripherals",
        params: UserDevicesParams,
        response: { 200: UserDeviceList },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return listUserDevices(app.ctx, { userId: request.params.userId });
    },
  );

  app.post(
    '/api/users/:userId/devices',
    {
      schema: {
        tags,
        summary:
          'Register a serial to the account: 404 unknown serial, 409 already registered, 400 firmware below 4',
        params: UserDevicesParams,
        body: UserDeviceRegistration,
        response: { 200: UserDevice },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return registerUserDevice(app.ctx, {
        userId: request.params.userId,
        serial: request.body.SerialNumber,
        name: request.body.Name,
        location: request.body.Location ?? null,
        timeZone: request.body.TimeZone,
      });
    },
  );

  app.get(
    '/api/users/:userId/devices/:userDeviceId',
    {
      schema: {
        tags,
        summary: 'One device of the user',
        params: UserDeviceParams,
        response: { 200: UserDevice },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return getUserDevice(app.ctx, {
        callerId: request.params.userId,
        userDeviceId: request.params.userDeviceId,
      });
    },
  );

  app.put(
    '/api/users/:userId/devices/:userDeviceId',
    {
      schema: {
        tags,
        summary: "Change a device's name, location, time zone, mute and toggles",
        params: UserDeviceParams,
        body: UserDeviceUpdate,
        response: { 200: UserDevice },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return changeUserDevice(app.ctx, {
        callerId: request.params.userId,
        userDeviceId: request.params.userDeviceId,
        input: request.body,
      });
    },
  );

  app.delete(
    '/api/users/:userId/devices/:userDeviceId',
    {
      schema: {
        tags,
        summary: 'Remove a device from the account',
        params: UserDeviceParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      await removeUserDevice(app.ctx, {
        callerId: request.params.userId,
        userDeviceId: request.params.userDeviceId,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/users/getDeviceCount',
    {
      schema: {
        tags,
        summary: 'How many devices the user has (userId)',
        querystring: UserIdQuery,
        response: { 200: DeviceCount },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return { DeviceCount: await countDevicesOfUser(app.ctx, request.query.userId) };
    },
  );

  app.get(
    '/api/users/getActiveDeviceByUserId',
    {
      schema: {
        tags,
        summary: "The user's active devices (userId)",
        querystring: UserIdQuery,
        response: { 200: UserDeviceList },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return listUserDevices(app.ctx, { userId: request.query.userId, onlyActive: true });
    },
  );

  app.get(
    '/api/users/peripherals/:deviceId',
    {
      schema: {
        tags,
        summary:
          'Puck data of a user device (deviceId is the user device Id): Peripherals and their AlarmPoints',
        params: UserPeripheralsParams,
        response: { 200: UserPeripherals },
      },
    },
    async (request) => {
      const access = await requireUserDevice(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.params.deviceId,
        mode: 'read',
      });
      const Peripherals = await listPeripheralsOf(app.ctx, access);
      return { Peripherals, AlarmPoints: Peripherals.flatMap((p) => p.AlarmPoints) };
    },
  );
};
