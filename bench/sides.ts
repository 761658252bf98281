import { openBareDriver, type BareDriver } from './bare-driver';
import { startProduct, waitForDataFolder } from './support';

export type Where = { dataDir: string; databaseUrl?: string | undefined };

/**
 * The product on a bench's database, and the bare driver on the same database: both at once on
 * PostgreSQL; on the embedded database, which admits one process, one at a time, the product
 * restarted for its turns and the bare driver reopened for its own.
 */
export function productAndBare(
  where: Where,
  { port, bareMax }: { port: number; bareMax?: number },
) {
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  let bare: BareDriver | undefined;
  const isEmbedded = !where.databaseUrl;
  const stopProduct = async () => {
    if (!product) return;
    product.stop();
    await product.stopped;
    product = undefined;
    await waitForDataFolder(where.dataDir);
  };
  const closeBare = async () => {
    await bare?.close();
    bare = undefined;
  };
  return {
    product: async () => {
      if (isEmbedded) await closeBare();
      product ??= await startProduct(port, where);
      return product;
    },
    bare: async () => {
      if (isEmbedded) await stopProduct();
      bare ??= await openBareDriver({ ...where, ...(bareMax ? { max: bareMax } : {}) });
      return bare;
    },
    /** Stops the product and closes the bare driver; never throws (it runs in `finally`). */
    close: async () => {
      await stopProduct().catch(() => undefined);
      await closeBare().catch(() => undefined);
    },
  };
}
