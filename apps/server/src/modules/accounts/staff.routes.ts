import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffUserSearchAnswer, StaffUserSearchQuery } from '@monitor/contract/staff';
import { searchUsersForStaff } from './staff.service';

/** Staff tools (decision 023): finding the customer to act as (accounts-devices-billing §6); in the staff scope. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/users',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Staff only: customers by part of an e-mail address, serial number or IMEI, a page at a time',
        querystring: StaffUserSearchQuery,
        response: { 200: StaffUserSearchAnswer },
      },
    },
    async (request) => searchUsersForStaff(app.ctx.db, request.query),
  );
};
