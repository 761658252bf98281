import Fastify, { type FastifyInstance } from 'fastify';
import { DEVICE_REPORTS_PATH, MAX_REPORTS_PER_BATCH } from '@monitor/contract/device-protocol';
import type { DeviceCommand, DeviceReport, ReportCall } from './protocol';

/**
 * A tiny server speaking device protocol version 1, for tests only: Basic auth, the 500-report
 * limit, duplicates by timestamp, commands listed until acknowledged, and calls that can be
 * made to fail so a unit's resending can be watched.
 */
export type ProtocolTestServer = {
  url: string;
  /** Every call that reached the handler, in order, with whether it answered 200. */
  calls: { body: ReportCall; status: number }[];
  /** Stored reports by timestamp, as a server that dedupes would keep them. */
  stored: Map<string, DeviceReport>;
  duplicates: number;
  queueCommand(command: string): number;
  /** Answers `status` (503 unless told) to `count` calls after letting `after` through, storing nothing. */
  failNext(count: number, after?: number, status?: number): void;
  close(): Promise<void>;
};

export async function startProtocolTestServer(credentials: {
  imei: string;
  deviceKey: string;
}): Promise<ProtocolTestServer> {
  const app: FastifyInstance = Fastify({ bodyLimit: 50 * 1024 * 1024 });
  const expectedAuth = `Basic ${Buffer.from(`${credentials.imei}:${credentials.deviceKey}`).toString('base64')}`;
  const commands: DeviceCommand[] = [];
  let nextCommandId = 1;
  let failuresLeft = 0;
  let passesLeft = 0;
  let failureStatus = 503;
  const server: Omit<ProtocolTestServer, 'url'> = {
    calls: [],
    stored: new Map(),
    duplicates: 0,
    queueCommand(command) {
      const id = nextCommandId++;
      commands.push({ Id: id, Command: command, IssuedAt: new Date().toISOString() });
      return id;
    },
    failNext(count, after = 0, status = 503) {
      failuresLeft = count;
      failureStatus = status;
      passesLeft = after;
    },
    close: () => app.close(),
  };

  app.post(DEVICE_REPORTS_PATH, async (request, reply) => {
    const body = request.body as ReportCall;
    const answer = (status: number, payload: unknown) => {
      server.calls.push({ body, status });
      return reply.code(status).send(payload);
    };
    if (request.headers.authorization !== expectedAuth) return answer(401, { error: 'auth' });
    if (passesLeft > 0) passesLeft -= 1;
    else if (failuresLeft > 0) {
      failuresLeft -= 1;
      return answer(failureStatus, { error: { code: failureStatus, message: 'refused' } });
    }
    if (body.Reports.length > MAX_REPORTS_PER_BATCH) return answer(400, { error: 'Reports' });
    let accepted = 0;
    for (const report of body.Reports) {
      if (server.stored.has(report.ReportTimestamp)) server.duplicates += 1;
      else accepted += 1;
      server.stored.set(report.ReportTimestamp, report);
    }
    for (const id of body.Acks) {
      const index = commands.findIndex((command) => command.Id === id);
      if (index >= 0) commands.splice(index, 1);
    }
    return answer(200, {
      Accepted: accepted,
      Duplicates: body.Reports.length - accepted,
      Refused: 0,
      RefusedReports: [],
      Commands: commands,
    });
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(server, { url });
}
