import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlarmIdParams,
  AlarmLinkView,
  AlarmTokenQuery,
  SnoozeInput,
  SnoozeState,
} from '@monitor/contract/alarms';
import { acknowledgeAlarmEvent, getAlarmLinkView } from './acknowledgement.service';
import { snoozeFromLink } from './snooze.service';

const tags = ['alarms'];

/**
 * The calls behind an alarm message's link (issue #23), outside any scope: the link's token is the
 * permission (alarm-links.ts), worth this one event and its unit; without a token the caller must
 * be signed in and see the event (checked in the service). Without a session they fall under the
 * limit of anonymous calls.
 */
export const alarmLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alarms/:Id',
    {
      schema: {
        tags,
        summary:
          'An alarm event as its acknowledge page shows it: by the alarm message’s link (?token=…) or a session that sees the unit',
        params: AlarmIdParams,
        querystring: AlarmTokenQuery,
        response: { 200: AlarmLinkView },
      },
    },
    async (request) =>
      getAlarmLinkView(app.ctx, {
        eventId: request.params.Id,
        token: request.query.token,
        session: request.session,
      }),
  );

  app.post(
    '/api/alarms/:Id/acknowledge',
    {
      schema: {
        tags,
        summary:
          'Acknowledge an alarm event once, by its message’s link (?token=…) or a session that sees the unit (owner or sub-account); a repeat changes nothing',
        params: AlarmIdParams,
        querystring: AlarmTokenQuery,
        response: { 200: AlarmLinkView },
      },
    },
    async (request) =>
      acknowledgeAlarmEvent(app.ctx, {
        eventId: request.params.Id,
        token: request.query.token,
        session: request.session,
      }),
  );

  app.post(
    '/api/alarms/:Id/snooze',
    {
      schema: {
        tags,
        summary:
          'Silence the alarm messages of the event’s unit for 1, 4 or 24 hours, by the alarm message’s link (?token=…)',
        params: AlarmIdParams,
        querystring: AlarmTokenQuery,
        body: SnoozeInput,
        response: { 200: SnoozeState },
      },
    },
    async (request) =>
      snoozeFromLink(app.ctx, {
        eventId: request.params.Id,
        token: request.query.token,
        hours: request.body.Hours,
      }),
  );
};
