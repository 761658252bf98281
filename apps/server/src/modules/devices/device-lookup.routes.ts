import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Ok } from '@monitor/contract/common';
import {
  Peripheral,
  PeripheralDeleteParams,
  PuckSerial,
  TransferSpuck,
} from '@monitor/contract/peripherals';
import {
  Device,
  DeviceBySerial,
  DeviceFirmware,
  DeviceRefParams,
  ImeiParams,
  SerialNumberQuery,
  SerialParams,
  SerialQuery,
} from '@monitor/contract/user-devices';
import {
  activateDevice,
  findDeviceBySerial,
  getDevice,
  getDeviceFirmware,
  validateDeviceSerial,
  validatePeripheralSerial,
} from './device-lookup.service';
import { detachPeripheral, transferPeripheral } from '../pucks/peripheral-transfer.service';

const tags = ['devices'];

/** Units, serial checks and the puck calls under /api/devices (device-management §7, accounts-devices-billing §7). */
export const deviceLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/devices/:id',
    {
      schema: {
        tags,
        summary: 'A unit the caller owns or was given, by numeric Id or 15-digit IMEI',
        params: DeviceRefParams,
        response: { 200: Device },
      },
    },
    async (request) => {
      return getDevice(app.ctx, { callerId: request.caller.userId, ref: request.params.id });
    },
  );

  app.get(
    '/api/devices/findbyserial/:serial',
    {
      schema: {
        tags,
        summary:
          'A unit by serial, for registration: whole for its owner; anyone else gets Registered and the firmware facts (404 when it does not exist)',
        params: SerialParams,
        response: { 200: DeviceBySerial },
      },
    },
    async (request) => {
      return findDeviceBySerial(app.ctx, {
        callerId: request.caller.userId,
        serial: request.params.serial,
      });
    },
  );

  app.get(
    '/api/devices/getDeviceFirmware',
    {
      schema: {
        tags,
        summary: 'Firmware of a unit by serial: ?serialNumber=ABC123 (404 when it does not exist)',
        querystring: SerialNumberQuery,
        response: { 200: DeviceFirmware },
      },
    },
    async (request) => {
      return getDeviceFirmware(app.ctx, request.query.serialNumber);
    },
  );

  app.post(
    '/api/devices/:imei/activate',
    {
      schema: {
        tags,
        summary: "Mark the unit's modem activated (carriers 1 and 2)",
        params: ImeiParams,
        response: { 200: Device },
      },
    },
    async (request) => {
      return activateDevice(app.ctx, {
        callerId: request.caller.userId,
        imei: request.params.imei,
      });
    },
  );

  app.get(
    '/api/validation/serialnumber',
    {
      schema: {
        tags,
        summary:
          'Check a device serial: 404 does not exist, 409 already registered; a free one answers as findbyserial does',
        querystring: SerialQuery,
        response: { 200: DeviceBySerial },
      },
    },
    async (request) => {
      return validateDeviceSerial(app.ctx, {
        callerId: request.caller.userId,
        serial: request.query.serial,
      });
    },
  );

  app.get(
    '/api/validation/peripheral',
    {
      schema: {
        tags,
        summary: 'Check a puck serial: 404 does not exist, 409 already registered to a device',
        querystring: z.object({ serial: PuckSerial }),
        response: {
          200: z.object({
            Id: z.string(),
            SerialNumber: z.string(),
            LogicLevel: z.number().int().nullable(),
            SPuckStyle: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      return validatePeripheralSerial(app.ctx, request.query.serial);
    },
  );

  app.put(
    '/api/devices/transferSpuck',
    {
      schema: {
        tags,
        summary:
          'Replace a puck by another serial, keeping name, location, alarm points and notifications; body [old id, new serial, IMEI]',
        body: TransferSpuck,
        response: { 200: Peripheral },
      },
    },
    async (request) => {
      const [oldSerial, newSerial, imei] = request.body;
      return transferPeripheral(app.ctx, {
        callerId: request.caller.userId,
        oldSerial,
        newSerial,
        imei,
      });
    },
  );

  app.delete(
    '/api/devices/:DeviceId/peripherals/:Id',
    {
      schema: {
        tags,
        summary:
          "Detach a puck (Id, hex serial) from a user device (DeviceId: its Id, or the unit's IMEI)",
        params: PeripheralDeleteParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await detachPeripheral(app.ctx, {
        callerId: request.caller.userId,
        unit: request.params.DeviceId,
        serial: request.params.Id,
      });
      return { ok: true as const };
    },
  );
};
