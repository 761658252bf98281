import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Ok } from '@monitor/contract/common';
import { ContactRequest, InterestedCustomerRequest } from '@monitor/contract/contact';
import { perAddressLimit } from '../../platform/http/rate-limits';
import { signUpForNews, submitContactMessage } from './contact.service';

const tags = ['contact'];

/**
 * The contact form and the news sign-up (store-and-public-site §7 "Authentication and users"):
 * anyone may send them, so each is limited per client address (RATE_LIMIT_STORE_WRITES), signed
 * in or not: each writes a row, and the contact form sends an e-mail.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = perAddressLimit(app.ctx.config.rateLimits.storeWrites);

  app.post(
    '/api/contactus',
    {
      config,
      schema: {
        tags,
        summary:
          "Send the contact form: stored and e-mailed to the brand's support address; Phone optional, 10 or 11 digits",
        body: ContactRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await submitContactMessage(app.ctx, request.body, request.log);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/interestedcustomers',
    {
      config,
      schema: {
        tags,
        summary: 'Sign up for news: one sign-up per address and tenant; a second one is also 200',
        body: InterestedCustomerRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await signUpForNews(app.ctx, request.body);
      return { ok: true as const };
    },
  );
};
