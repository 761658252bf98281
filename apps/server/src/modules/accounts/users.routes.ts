import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import {
  SaveProductOriginRequest,
  UpdateUserRequest,
  User,
  UserIdParams,
} from '@monitor/contract/users';
import { requireSelf } from '../../platform/http/auth';
import { saveProductOrigin } from './product-origin.service';
import { getUserEntity, updateUserAccount } from './users.service';

/** A user reaches only their own account (403 for anyone else's, 401 signed out). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:Id',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        params: UserIdParams,
        response: { 200: User },
      },
    },
    async (request) => {
      requireSelf(request, request.params.Id);
      return getUserEntity(app.ctx, request.params.Id);
    },
  );

  app.put(
    '/api/users/:Id',
    {
      schema: {
        tags: ['users'],
        summary: 'Update names, e-mail address (with the current password) and temperature unit',
        params: UserIdParams,
        body: UpdateUserRequest,
        response: { 200: User },
      },
    },
    async (request) => {
      const session = requireSelf(request, request.params.Id);
      return updateUserAccount(app.ctx, session, request.body);
    },
  );

  app.post(
    '/api/users/saveProductOrigin',
    {
      schema: {
        tags: ['users'],
        summary: 'Save where the user heard of us and their segment, after registration',
        body: SaveProductOriginRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      requireSelf(request, request.body.UserId);
      await saveProductOrigin(app.ctx, request.body.UserId, request.body);
      return { ok: true as const };
    },
  );
};
