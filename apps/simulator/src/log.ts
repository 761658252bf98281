/** Where the simulator writes what it does; a pino or Fastify logger fits, so does `console`. */
export type SimulatorLog = {
  info(message: string): void;
  warn(message: string): void;
};

export const SILENT_LOG: SimulatorLog = { info: () => {}, warn: () => {} };
