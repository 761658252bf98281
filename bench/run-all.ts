import { benchIngest } from './ingest.bench';
import { benchUserById } from './user-by-id.bench';

// Each benchmark prints its own ratio against a baseline measured in the same run.
await benchUserById();
await benchIngest();
