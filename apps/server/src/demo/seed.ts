import type { FastifyBaseLogger } from 'fastify';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import type { AppContext } from '../context';
import { addRole, findUserByEmail, insertUser } from '../modules/accounts/users.repository';
import { hashPassword } from '../platform/security/passwords';
import { DEMO_CUSTOMER, DEMO_STAFF } from '../platform/config/demo-accounts';
import { ensureDemoFleet } from './fleet';
import { ensureDemoSubscriptions } from './demo-subscriptions';
import { ensureLegacyProfileCustomer } from './legacy-profile';
import { ensureDemoPromotions } from './promotions';

/**
 * Seeds the demo customer and a staff user once; later starts leave existing data alone. The demo
 * customer's units (the demo fleet) get new keys on every start, written for the simulator.
 */
export async function seedDemo(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  const tenantId = ctx.config.defaultTenantId;
  for (const person of [DEMO_CUSTOMER, DEMO_STAFF]) {
    if (await findUserByEmail(ctx.db, person.email)) continue;
    const user = await insertUser(ctx.db, {
      first_name: person.firstName,
      last_name: person.lastName,
      email_address: person.email,
      password_hash: await hashPassword(person.password),
      tenant_id: tenantId,
    });
    if (person === DEMO_STAFF) await addRole(ctx.db, user.id, ROLE_STAFF);
  }
  const customer = await findUserByEmail(ctx.db, DEMO_CUSTOMER.email);
  if (customer) {
    const fleet = await ensureDemoFleet(ctx, { userId: customer.id, dataDir: ctx.config.dataDir });
    await ensureDemoSubscriptions(ctx, customer.id);
    log.info(
      `Demo fleet: ${fleet.units.length} units of ${DEMO_CUSTOMER.email}${fleet.isNew ? ' (new)' : ''}, keys in ${fleet.path}`,
    );
  }
  await ensureLegacyProfileCustomer(ctx);
  await ensureDemoPromotions(ctx);
  log.info(
    `Demo sign-in: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password} (staff: ${DEMO_STAFF.email} / ${DEMO_STAFF.password})`,
  );
}
