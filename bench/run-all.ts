import { benchBilling } from './billing.bench';
import { benchCheckout } from './checkout.bench';
import { benchHistory } from './history.bench';
import { benchHistoryChart } from './history-chart.bench';
import { benchIngest } from './ingest.bench';
import { benchLatency } from './latency.bench';
import { benchReadingsPartitions } from './readings-partitions.bench';
import { benchUserById } from './user-by-id.bench';
import { benchWeb } from './web.bench';

// Each benchmark prints its own ratio against a baseline measured in the same run.
// `tsx run-all.ts ingest latency` runs only the ones named.
const benches: Record<string, () => Promise<void>> = {
  'user-by-id': benchUserById,
  ingest: benchIngest,
  latency: benchLatency,
  web: benchWeb,
  history: benchHistory,
  'history-chart': benchHistoryChart,
  billing: benchBilling,
  checkout: benchCheckout,
  'readings-partitions': benchReadingsPartitions,
};
const names = process.argv.slice(2);
for (const name of names) if (!(name in benches)) throw new Error(`no benchmark named ${name}`);
for (const [name, run] of Object.entries(benches))
  if (names.length === 0 || names.includes(name)) await run();
