import type { FastifyBaseLogger } from 'fastify';
import { isTenantId } from '@monitor/domain/shared/brands';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { capitalizeName } from '@monitor/domain/accounts/names';
import { ROLE_SUBACCOUNT } from '@monitor/domain/accounts/roles';
import type {
  MarcellProValidity,
  SubAccount,
  SubAccountDetails,
} from '@monitor/contract/sub-accounts';
import type { User } from '@monitor/contract/users';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/database/errors';
import {
  deleteSubAccountUserDevice,
  deleteUserById,
  findSubAccountDevices,
  findSubAccountsOfParent,
  findSubAccountUser,
  insertSubAccountUserDevice,
  type SubAccountUserRow,
} from './sub-accounts.repository';
import { findUserDeviceRow } from '../devices/user-devices.repository';
import {
  addRole,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
} from '../accounts/users.repository';
import { hashPassword } from '../../platform/security/passwords';
import { requireUserDevice, type UserDeviceAccess } from '../devices/device-access.service';
import { buildSubAccountWelcomeMail } from './sub-account-welcome.mail';
import { queueDeliveryToSendNow, sendNow, toMailDelivery } from '../outbox/deliveries.service';
import type { Registration } from '../accounts/registration.service';
import { getUserEntity } from '../accounts/users.service';

const SUB_ACCOUNT_NOT_FOUND = 'Sub account not found.';

/**
 * Only the parent manages its sub-accounts, and only on its own units (device-management §6):
 * the caller's owner row of a user device; 404 unknown, 403 another user's or one given to the
 * caller as a sub-account.
 */
function requireOwnedUserDevice(
  ctx: AppContext,
  callerId: number,
  userDeviceId: number,
): Promise<UserDeviceAccess> {
  return requireUserDevice(ctx, { callerId, userDeviceId, mode: 'write' });
}

/** A sub-account of the caller: 404 when there is no such user, 403 when it is not the caller's. */
async function requireOwnSubAccount(
  ctx: AppContext,
  callerId: number,
  subUserId: number,
): Promise<SubAccountUserRow> {
  const row = await findSubAccountUser(ctx.db, subUserId);
  if (!row) throw notFound(SUB_ACCOUNT_NOT_FOUND);
  if (row.parent_id !== callerId) throw forbidden();
  return row;
}

const fullName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();

/** Every sub-account of the caller, with its row on the user device's unit when it has one. */
export async function listSubAccounts(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<SubAccount[]> {
  const access = await requireOwnedUserDevice(ctx, callerId, userDeviceId);
  const rows = await findSubAccountsOfParent(ctx.db, {
    parentId: callerId,
    deviceId: access.row.device_id,
  });
  return rows.map((row) => ({
    Id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    EmailAddress: row.email_address,
    ParentId: callerId,
    DateCreated: row.created_at.toISOString(),
    SubUserDeviceId: row.sub_user_device_id,
    SubAccountDateCreated: row.sub_user_device_created_at?.toISOString() ?? null,
  }));
}

/**
 * Whether the sub-account page may manage this user device (device-management §5): it must be
 * the caller's own. Not valid answers 200 with nothing about the device, so the page can say
 * 'This device is not associated with the user.' without learning whose it is.
 */
export async function checkMarcellProValidity(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<MarcellProValidity> {
  const row = await findUserDeviceRow(ctx.db, userDeviceId);
  const isValid =
    row !== undefined && row.user_id === callerId && row.parent_user_device_id === null;
  return {
    IsValid: isValid,
    UserDeviceId: userDeviceId,
    SerialNumber: isValid ? row.serial_number : null,
    Name: isValid ? row.name : null,
    DeviceType: isValid ? row.device_type : null,
  };
}

async function toDetails(
  ctx: AppContext,
  callerId: number,
  row: SubAccountUserRow,
): Promise<SubAccountDetails> {
  const [parent, devices] = await Promise.all([
    findUserById(ctx.db, callerId),
    findSubAccountDevices(ctx.db, row.id),
  ]);
  return {
    Id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    EmailAddress: row.email_address,
    ParentId: callerId,
    ParentName: parent ? fullName(parent) : '',
    DateCreated: row.created_at.toISOString(),
    Devices: devices.map((device) => ({
      SubUserDeviceId: device.id,
      UserDeviceId: device.parent_user_device_id,
      Name: device.name,
      SerialNumber: device.serial_number,
      DateCreated: device.created_at.toISOString(),
    })),
  };
}

export async function fetchSubAccountDetails(
  ctx: AppContext,
  { callerId, subUserId }: { callerId: number; subUserId: number },
): Promise<SubAccountDetails> {
  const row = await requireOwnSubAccount(ctx, callerId, subUserId);
  return toDetails(ctx, callerId, row);
}

/** Renames a sub-account; names get their first letter capitalised (device-management §5). */
export async function editSubAccountDetails(
  ctx: AppContext,
  {
    callerId,
    subUserId,
    firstName,
    lastName,
  }: { callerId: number; subUserId: number; firstName: string; lastName: string },
): Promise<SubAccountDetails> {
  await requireOwnSubAccount(ctx, callerId, subUserId);
  await updateUser(ctx.db, subUserId, {
    first_name: capitalizeName(firstName),
    last_name: capitalizeName(lastName),
  });
  const row = await requireOwnSubAccount(ctx, callerId, subUserId);
  return toDetails(ctx, callerId, row);
}

/** Takes a unit away from a sub-account (its row on that unit); the account stays. */
export async function removeSubAccount(
  ctx: AppContext,
  {
    callerId,
    subUserId,
    subUserDeviceId,
  }: { callerId: number; subUserId: number; subUserDeviceId: number },
): Promise<{ ok: true }> {
  await requireOwnSubAccount(ctx, callerId, subUserId);
  const removed = await deleteSubAccountUserDevice(ctx.db, { subUserId, subUserDeviceId });
  if (!removed) throw notFound('This sub account does not have that device.');
  return { ok: true };
}

/** Deletes a sub-account with its sessions and its rows on every unit. */
export async function deleteSubAccount(
  ctx: AppContext,
  { callerId, subUserId }: { callerId: number; subUserId: number },
): Promise<{ ok: true }> {
  await requireOwnSubAccount(ctx, callerId, subUserId);
  await deleteUserById(ctx.db, subUserId);
  return { ok: true };
}

/** Gives one of the caller's units to one of its sub-accounts; 409 when it already has it. */
export async function addSubAccountToDevice(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    subUserId,
  }: { callerId: number; userDeviceId: number; subUserId: number },
): Promise<SubAccount> {
  const access = await requireOwnedUserDevice(ctx, callerId, userDeviceId);
  const sub = await requireOwnSubAccount(ctx, callerId, subUserId);
  const row = await giveDevice(ctx, access, sub.id);
  return {
    Id: sub.id,
    FirstName: sub.first_name,
    LastName: sub.last_name,
    EmailAddress: sub.email_address,
    ParentId: callerId,
    DateCreated: sub.created_at.toISOString(),
    SubUserDeviceId: row.id,
    SubAccountDateCreated: row.created_at.toISOString(),
  };
}

/** A sub-account's row on the owner's unit: it reads through the owner's row (device-access.service). */
async function giveDevice(ctx: AppContext, access: UserDeviceAccess, subUserId: number) {
  const owner = access.row;
  try {
    return await insertSubAccountUserDevice(ctx.db, {
      user_id: subUserId,
      device_id: owner.device_id,
      name: owner.name,
      location: owner.location,
      time_zone: owner.time_zone,
      is_active: owner.is_active,
      registration_complete: true,
      temperature_active: owner.temperature_active,
      humidity_active: owner.humidity_active,
      parent_user_device_id: owner.id,
      created_at: ctx.now(),
      // A sub-account sees records only from when it is given the unit (device-management §6).
      visible_from: ctx.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This sub account already has this device.');
    throw error;
  }
}

/**
 * Renames the caller (the parent) from one "First Last" field: the first word is the first name,
 * the rest the last name, each capitalised (device-management §4; the page then signs out).
 */
export async function editParentName(
  ctx: AppContext,
  { callerId, name }: { callerId: number; name: string },
): Promise<User> {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  await updateUser(ctx.db, callerId, {
    first_name: capitalizeName(first),
    last_name: capitalizeName(rest.join(' ')),
  });
  return getUserEntity(ctx, callerId);
}

/**
 * Creates a sub-account through the registration call (device-management §7): the signed-in
 * parent names itself in ParentId and one of its user devices in DeviceId. The new user gets the
 * SUBACCOUNT role, the parent's brand and a row on that unit; names are capitalised (§5); a
 * welcome e-mail goes out unless SendEmail is false. The answer opens no session: the parent
 * stays signed in as itself.
 */
export async function createSubAccount(
  ctx: AppContext,
  {
    callerId,
    registration,
    parentId,
    userDeviceId,
  }: { callerId: number; registration: Registration; parentId: number; userDeviceId: number },
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<User> {
  if (parentId !== callerId) throw forbidden();
  const parent = await findUserById(ctx.db, callerId);
  if (!parent) throw notFound('User not found.');
  // A sub-account has no sub-accounts of its own.
  if (parent.parent_id !== null) throw forbidden();
  const access = await requireOwnedUserDevice(ctx, callerId, userDeviceId);
  if (await findUserByEmail(ctx.db, registration.EmailAddress)) {
    throw conflict(MESSAGES.emailInUse);
  }
  const passwordHash = await hashPassword(registration.Password);
  const brand = ctx.brands[isTenantId(parent.tenant_id) ? parent.tenant_id : 1];
  // The account, its unit and its welcome commit together.
  const { sub, welcome } = await ctx.db.transaction().execute(async (trx) => {
    const txCtx = { ...ctx, db: trx };
    let row;
    try {
      row = await insertUser(trx, {
        first_name: capitalizeName(registration.FirstName),
        last_name: capitalizeName(registration.LastName),
        email_address: registration.EmailAddress,
        password_hash: passwordHash,
        tenant_id: parent.tenant_id,
        customer_id: null,
        parent_id: callerId,
        created_at: ctx.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.emailInUse);
      throw error;
    }
    await addRole(trx, row.id, ROLE_SUBACCOUNT);
    await giveDevice(txCtx, access, row.id);
    if (!registration.SendEmail) return { sub: row, welcome: null };
    const message = buildSubAccountWelcomeMail({
      to: row.email_address,
      firstName: row.first_name,
      parentName: fullName(parent),
      deviceName: access.row.name ?? access.row.serial_number,
      signInUrl: `${ctx.config.publicUrl}/login`,
      brand,
    });
    const welcome = await queueDeliveryToSendNow(ctx, trx, {
      ...toMailDelivery(message),
      kind: 'sub-account-welcome',
      userId: row.id,
    });
    return { sub: row, welcome };
  });
  // Not awaited into the answer: a failing mail server does not undo the account (decision 028).
  if (welcome) void sendNow(ctx, welcome, log);
  return getUserEntity(ctx, sub.id);
}
