import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import {
  AddSubAccountToDeviceRequest,
  CheckMarcellProValidityQuery,
  DeleteSubAccountQuery,
  EditParentNameRequest,
  EditSubAccountDetailsRequest,
  FetchSubAccountDetailsQuery,
  GetAllSubAccountsQuery,
  MarcellProValidity,
  RemoveSubAccountQuery,
  SubAccount,
  SubAccountDetails,
  SubAccountList,
} from '@monitor/contract/sub-accounts';
import { User } from '@monitor/contract/users';
import { requireSelf } from '../../platform/http/auth';
import {
  addSubAccountToDevice,
  checkMarcellProValidity,
  deleteSubAccount,
  editParentName,
  editSubAccountDetails,
  fetchSubAccountDetails,
  listSubAccounts,
  removeSubAccount,
} from './sub-accounts.service';

const tags = ['sub-accounts'];

/**
 * The sub-account page's calls (device-management §2, §4 "Sub-account flow", §7). Only the parent
 * manages its sub-accounts; creation goes through POST /RegistrationGateway.php with ParentId.
 */
export const subAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/getAllSubAccounts',
    {
      schema: {
        tags,
        summary: "The parent's sub-accounts, with their row on the user device (deviceId)",
        querystring: GetAllSubAccountsQuery,
        response: { 200: SubAccountList },
      },
    },
    async (request) => {
      const session = requireSelf(request, request.query.userId);
      return listSubAccounts(app.ctx, {
        callerId: session.userId,
        userDeviceId: request.query.deviceId,
      });
    },
  );

  app.get(
    '/api/users/checkMarcellProValidity',
    {
      schema: {
        tags,
        summary:
          "Whether the user device (deviceId) is the user's own, so its sub-accounts may be managed",
        querystring: CheckMarcellProValidityQuery,
        response: { 200: MarcellProValidity },
      },
    },
    async (request) => {
      const session = requireSelf(request, request.query.userId);
      return checkMarcellProValidity(app.ctx, {
        callerId: session.userId,
        userDeviceId: request.query.deviceId,
      });
    },
  );

  app.get(
    '/api/users/fetchSubAccountDetails',
    {
      schema: {
        tags,
        summary: 'One sub-account of the caller with the devices it was given',
        querystring: FetchSubAccountDetailsQuery,
        response: { 200: SubAccountDetails },
      },
    },
    async (request) => {
      return fetchSubAccountDetails(app.ctx, {
        callerId: request.caller.userId,
        subUserId: request.query.id,
      });
    },
  );

  app.put(
    '/api/users/editSubAccountDetails',
    {
      schema: {
        tags,
        summary: 'Rename a sub-account (first letters capitalised)',
        body: EditSubAccountDetailsRequest,
        response: { 200: SubAccountDetails },
      },
    },
    async (request) => {
      return editSubAccountDetails(app.ctx, {
        callerId: request.caller.userId,
        subUserId: request.body.Id,
        firstName: request.body.FirstName,
        lastName: request.body.LastName,
      });
    },
  );

  app.delete(
    '/api/users/removeSubAccount',
    {
      schema: {
        tags,
        summary: "Take a device away from a sub-account (subUserDeviceId is the sub-account's row)",
        querystring: RemoveSubAccountQuery,
        response: { 200: Ok },
      },
    },
    async (request) => {
      return removeSubAccount(app.ctx, {
        callerId: request.caller.userId,
        subUserId: request.query.subUserId,
        subUserDeviceId: request.query.subUserDeviceId,
      });
    },
  );

  app.delete(
    '/api/users/deleteSubAccount',
    {
      schema: {
        tags,
        summary: 'Delete a sub-account with its sessions and devices',
        querystring: DeleteSubAccountQuery,
        response: { 200: Ok },
      },
    },
    async (request) => {
      return deleteSubAccount(app.ctx, {
        callerId: request.caller.userId,
        subUserId: request.query.subUserId,
      });
    },
  );

  app.post(
    '/api/users/addSubAccountToDevice',
    {
      schema: {
        tags,
        summary:
          "Give one of the caller's user devices (deviceId) to one of its sub-accounts (userId)",
        body: AddSubAccountToDeviceRequest,
        response: { 200: SubAccount },
      },
    },
    async (request) => {
      return addSubAccountToDevice(app.ctx, {
        callerId: request.caller.userId,
        userDeviceId: request.body.deviceId,
        subUserId: request.body.userId,
      });
    },
  );

  app.put(
    '/api/users/editParentName',
    {
      schema: {
        tags,
        summary: 'Rename the caller ("First Last"); the page then signs out',
        body: EditParentNameRequest,
        response: { 200: User },
      },
    },
    async (request) => {
      const session = requireSelf(request, request.body.id);
      return editParentName(app.ctx, { callerId: session.userId, name: request.body.name });
    },
  );
};
