import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TwilioSmsForm,
  TwilioVoiceForm,
  TwilioVoiceParams,
  TwilioVoiceQuery,
} from '@monitor/contract/twilio';
import { isSignedByTwilio } from '../../adapters/sms/twilio-signature';
import { messageTwiml, sayTwiml } from '../../adapters/sms/twiml';
import { forbidden, notFound } from '../../platform/errors';
import { answerKeypress, answerTextReply } from './alarm-replies.service';

const tags = ['alarms'];
const TWIML = 'text/xml; charset=utf-8';

/** A form body as Twilio posts it: every field kept, a repeated one as a list (its signature covers them all). */
function parseForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = fields[key];
    fields[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

/**
 * Twilio's webhooks for answers to alarms (issue #23), outside any scope: Twilio's signature is
 * the permission. Each call is refused (404) unless Twilio is configured — the local outbox's
 * messages are answered from the local mailbox instead (outbox-replies.routes.ts) — and, before
 * its body is read, refused (403) unless `X-Twilio-Signature` signs PUBLIC_URL + the path as
 * called and every form field with the account's auth token. Answers are TwiML.
 */
export const twilioWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  // Twilio posts forms; only these calls read them (the parser is this plugin's own).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseForm(body as string)),
  );

  const requireTwilioSignature = async (request: FastifyRequest) => {
    const { twilio, publicUrl } = app.ctx.config;
    if (!twilio)
      throw notFound('Texts and calls are kept in the local outbox: answer them in the mailbox.');
    const signature = request.headers['x-twilio-signature'];
    const body = request.body;
    const isSigned = await isSignedByTwilio({
      authToken: twilio.authToken,
      signature: typeof signature === 'string' ? signature : undefined,
      url: `${publicUrl}${request.url}`,
      params: body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {},
    });
    if (!isSigned) throw forbidden('This request is not signed by Twilio.');
  };

  app.post(
    '/api/twilio/sms',
    {
      preValidation: requireTwilioSignature,
      schema: {
        tags,
        summary:
          'Twilio’s inbound-text webhook: ACK (or "ACK {Id}") acknowledges the newest unacknowledged alarm texted to the sender; answers TwiML <Message>. Signed by Twilio (X-Twilio-Signature), Twilio configured only',
        consumes: ['application/x-www-form-urlencoded'],
        body: TwilioSmsForm,
      },
    },
    async (request, reply) => {
      const text = await answerTextReply(app.ctx, {
        from: request.body.From,
        body: request.body.Body,
      });
      return reply.type(TWIML).send(messageTwiml(text));
    },
  );

  app.post(
    '/api/twilio/voice/:Id',
    {
      preValidation: requireTwilioSignature,
      schema: {
        tags,
        summary:
          'Twilio’s webhook for the key gathered on an alarm call (?token=… the call’s, for its event and number): 1 acknowledges the alarm; answers TwiML <Say>. Signed by Twilio (X-Twilio-Signature), Twilio configured only',
        consumes: ['application/x-www-form-urlencoded'],
        params: TwilioVoiceParams,
        querystring: TwilioVoiceQuery,
        body: TwilioVoiceForm,
      },
    },
    async (request, reply) => {
      const words = await answerKeypress(app.ctx, {
        eventId: request.params.Id,
        token: request.query.token,
        digits: request.body.Digits ?? '',
      });
      return reply.type(TWIML).send(sayTwiml(words));
    },
  );
};
