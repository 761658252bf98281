import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_SID,
  ICCID,
  SIM_NOT_FOUND,
  SIM_SID,
  simPage,
  simResource,
} from './recorded/twilio-supersim-answers';
import { createTwilioCellularCarrier } from './twilio-cellular-carrier';

type Captured = { method: string; path: string; form?: Record<string, string> };

const IMEI = '352656100000001';

/** A stand-in for supersim.twilio.com on 127.0.0.1 that records what the official SDK sends. */
async function startSuperSimStub() {
  const requests: Captured[] = [];
  const app = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.get('/v1/Sims', async (request) => {
    requests.push({ method: 'GET', path: request.url });
    const { Iccid } = request.query as { Iccid?: string };
    return simPage(Iccid === ICCID ? [simResource(IMEI, 'ready')] : []);
  });
  app.post('/v1/Sims/:sid', async (request, reply) => {
    const { sid } = request.params as { sid: string };
    requests.push({
      method: 'POST',
      path: request.url,
      form: request.body as Record<string, string>,
    });
    if (sid !== IMEI && sid !== SIM_SID) return reply.code(404).send(SIM_NOT_FOUND);
    return simResource(IMEI);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, requests };
}

describe('Twilio Super SIM activation against recorded answers (accounts-devices-billing §4 step 3; decision 035)', () => {
  let stub: Awaited<ReturnType<typeof startSuperSimStub>>;
  let carrier: ReturnType<typeof createTwilioCellularCarrier>;
  beforeAll(async () => {
    stub = await startSuperSimStub();
    carrier = createTwilioCellularCarrier({
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'secret-token',
      fleet: FLEET_SID,
      apiBaseUrl: stub.url,
    });
  });
  afterAll(() => stub.app.close());

  it('activates the SIM named by the IMEI in the configured Fleet', async () => {
    await carrier.activateModem({ imei: IMEI, deviceNsp: 1 });
    expect(stub.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v1/Sims/${IMEI}`,
      form: { Status: 'active', Fleet: FLEET_SID },
    });
  });

  it('finds the SIM by its ICCID when one is given', async () => {
    await carrier.activateModem({ imei: IMEI, deviceNsp: 2, iccid: ICCID });
    expect(stub.requests.slice(-2).map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /v1/Sims',
      `POST /v1/Sims/${SIM_SID}`,
    ]);
  });

  it('rejects when Twilio does not know the SIM', async () => {
    await expect(carrier.activateModem({ imei: '000000000000000', deviceNsp: 1 })).rejects.toThrow(
      'was not found',
    );
    await expect(
      carrier.activateModem({ imei: IMEI, deviceNsp: 1, iccid: '89000000000000000000' }),
    ).rejects.toThrow('no Super SIM with ICCID');
  });
});
