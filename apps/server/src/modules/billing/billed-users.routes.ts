import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApContactCheck,
  ApContactQuery,
  BillingUserCheck,
  CustomerIdAnswer,
  CustomerIdChange,
  InvoicedSubscriptionCheck,
  SubscriptionIdQuery,
  SubscriptionView,
  UserIdQuery,
} from '@monitor/contract/subscriptions';
import { requireSelf } from '../../platform/http/auth';
import {
  changeCustomerId,
  checkApContact,
  checkBillingUser,
  checkIfInvoicedSubscription,
  getBillableSubscription,
  getCustomerId,
} from './billed-users.service';

/** Billed (invoice) users and the vault customer id (accounts-devices-billing §5, §6, §7). */
export const billedUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/checkBillingUser',
    {
      schema: {
        tags: ['billed users'],
        summary: "The caller's billing type: 0 not billable, else a billed (invoice) customer",
        querystring: UserIdQuery,
        response: { 200: BillingUserCheck },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return checkBillingUser(app.ctx, request.query.userId);
    },
  );

  app.get(
    '/api/users/checkAPContact',
    {
      schema: {
        tags: ['billed users'],
        summary: 'Whether the caller has an accounts-payable contact (that address, when given)',
        querystring: ApContactQuery,
        response: { 200: ApContactCheck },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return checkApContact(app.ctx, request.query);
    },
  );

  app.get(
    '/api/users/getCustomerId',
    {
      schema: {
        tags: ['billed users'],
        summary: "The caller's card-vault customer id (null before the first card)",
        querystring: UserIdQuery,
        response: { 200: CustomerIdAnswer },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return getCustomerId(app.ctx, request.query.userId);
    },
  );

  app.put(
    '/api/users/setCustomerId',
    {
      schema: {
        tags: ['billed users'],
        summary: "Set the caller's card-vault customer id; one another user holds is a 409",
        body: CustomerIdChange,
        response: { 200: CustomerIdAnswer },
      },
    },
    async (request) => {
      requireSelf(request, request.body.UserId);
      return changeCustomerId(app.ctx, {
        userId: request.body.UserId,
        customerId: request.body.CustomerId,
      });
    },
  );

  app.get(
    '/api/subscriptions/getBillableSubscription',
    {
      schema: {
        tags: ['billed users'],
        summary: "A billed customer's invoice subscription, management view",
        querystring: SubscriptionIdQuery,
        response: { 200: SubscriptionView },
      },
    },
    async (request) =>
      getBillableSubscription(app.ctx, {
        callerId: request.caller.userId,
        subscriptionId: request.query.subscriptionId,
      }),
  );

  app.get(
    '/api/subscriptions/checkIfInvoicedSubscription',
    {
      schema: {
        tags: ['billed users'],
        summary: "An invoice subscription's next billing date; null for any other",
        querystring: SubscriptionIdQuery,
        response: { 200: InvoicedSubscriptionCheck },
      },
    },
    async (request) =>
      checkIfInvoicedSubscription(app.ctx, {
        callerId: request.caller.userId,
        subscriptionId: request.query.subscriptionId,
      }),
  );
};
