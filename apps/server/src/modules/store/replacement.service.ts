import type { ReplacementRequest, ReplacementUser } from '@monitor/contract/replacement';
import { computeVrpFlag, REPLACEMENT_OFFER_PATH } from '@monitor/domain/devices/replacement-offer';
import { isTenantId } from '@monitor/domain/shared/brands';
import { cents, centsToDollars, type Cents } from '@monitor/domain/shared/money';
import { REPLACEMENT_PRICE, replacementItemFor } from '@monitor/domain/store/replacement';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { queueDelivery, toMailDelivery } from '../outbox/deliveries.service';
import { findItemsByIds } from './items.repository';
import { buildReplacementOfferMail } from './mail/replacement-offer.mail';
import { placeOrder } from './orders.service';
import {
  claimToken,
  findReplacementOwner,
  findTokenUse,
  findUseSince,
  recordTokenOrder,
  releaseTokenClaim,
} from './replacement.repository';
import {
  issueReplacementToken,
  REPLACEMENT_LINK_INVALID,
  REPLACEMENT_LINK_USED,
  REPLACEMENT_TOKEN_DAYS,
  verifyReplacementToken,
} from './replacement-tokens';

type OfferDevice = NonNullable<Awaited<ReturnType<typeof findReplacementOwner>>>['devices'][number];

/** The owner and their devices the offer takes (VRP 1), each with its replacement item (§9). */
async function loadOffer(ctx: AppContext, userId: number) {
  const owner = await findReplacementOwner(ctx.db, userId);
  if (!owner) return undefined;
  const devices = owner.devices
    .filter(
      (device) =>
        computeVrpFlag({
          deviceType: device.device_type,
          deviceNsp: device.device_nsp,
          isSubAccountDevice: false,
        }) === 1,
    )
    .map((device) => ({
      ...device,
      itemId: replacementItemFor({ deviceType: device.device_type, deviceNsp: device.device_nsp }),
    }));
  // One price per owner (§3 "Replacement user" UnitPrice): the first device's item, else 99 (§4).
  const [item] = await findItemsByIds(
    ctx.db,
    devices.slice(0, 1).map((device) => device.itemId),
  );
  const unitPrice: Cents = item ? cents(item.unit_price_cents) : REPLACEMENT_PRICE;
  return { user: owner.user, devices, unitPrice };
}

/** The token's issue time when it is good for `userId` and unused; a 403 with its reason otherwise. */
async function requireUnusedToken(
  ctx: AppContext,
  { userId, token }: { userId: number; token: string },
): Promise<Date> {
  const issuedAt = await verifyReplacementToken(ctx, { userId, token });
  if (await findUseSince(ctx.db, { userId, issuedAt })) throw forbidden(REPLACEMENT_LINK_USED);
  return issuedAt;
}

/** GET /api/verizonreplacement/{userId}?token: the owner and their eligible devices (§3 "Replacement user"). */
export async function getReplacementUser(
  ctx: AppContext,
  { userId, token }: { userId: number; token: string },
): Promise<ReplacementUser> {
  await requireUnusedToken(ctx, { userId, token });
  const offer = await loadOffer(ctx, userId);
  if (!offer) throw forbidden(REPLACEMENT_LINK_INVALID);
  return {
    Id: offer.user.id,
    FirstName: offer.user.first_name,
    LastName: offer.user.last_name,
    EmailAddress: offer.user.email_address,
    UnitPrice: centsToDollars(offer.unitPrice),
    EligibleDevices: offer.devices.map((device) => ({
      DeviceId: device.device_id,
      UserDeviceId: device.user_device_id,
      SerialNumber: device.serial_number,
      Name: device.name ?? device.serial_number,
      DeviceNSP: device.device_nsp,
      DeviceType: device.device_type,
      ItemId: device.itemId,
      Replace: true,
    })),
  };
}

/**
 * The order's lines from the request: each named device must be one of the owner's eligible
 * devices, named once, with its own replacement item (§3, §4, §9). Nothing else can be bought.
 */
function replacementLines(devices: readonly OfferDevice[], items: ReplacementRequest['items']) {
  const seen = new Set<string>();
  return items.map((line) => {
    const serial = line.Serial.toUpperCase();
    const device = devices.find((d) => d.serial_number.toUpperCase() === serial);
    if (!device)
      throw badRequest(`Device ${line.Serial} is not one of yours eligible for replacement.`);
    if (seen.has(serial)) throw badRequest(`Device ${line.Serial} is listed more than once.`);
    seen.add(serial);
    const itemId = replacementItemFor({
      deviceType: device.device_type,
      deviceNsp: device.device_nsp,
    });
    if (line.ItemId !== itemId)
      throw badRequest(`Item ${line.ItemId} is not the replacement for device ${line.Serial}.`);
    return { itemId, quantity: 1, serial: device.serial_number };
  });
}

/**
 * POST /api/verizonreplacement/form/submit?token (§3 "Replacement request", decision 045): the
 * owner's order of replacements for their eligible devices, placed through `placeOrder` (source
 * 'replacement', shipped by regular ground: ShippingType 'N'). The token is claimed before the
 * order and kept once it is placed; a refused order (a 4xx: bad address, declined card) gives it
 * back, so nothing changed. A repeat with the same Idempotency-Key answers the same order.
 */
export async function submitReplacement(
  ctx: AppContext,
  {
    token,
    idempotencyKey,
    request,
  }: { token: string; idempotencyKey: string; request: ReplacementRequest },
): Promise<{ OrderNumber: string; OrderId: number }> {
  const userId = request.UserId;
  if (request.RequestToken !== token) throw forbidden(REPLACEMENT_LINK_INVALID);
  const issuedAt = await verifyReplacementToken(ctx, { userId, token });
  const use = await findTokenUse(ctx.db, token);
  if (use && use.idempotency_key !== idempotencyKey) throw forbidden(REPLACEMENT_LINK_USED);
  const offer = await loadOffer(ctx, userId);
  if (!offer) throw forbidden(REPLACEMENT_LINK_INVALID);
  const lines = replacementLines(offer.devices, request.items);

  let isClaimedHere = false;
  if (!use) {
    const claim = await claimToken(ctx.db, {
      token,
      userId,
      issuedAt,
      idempotencyKey,
      now: ctx.now(),
    });
    if (claim === 'retired') throw forbidden(REPLACEMENT_LINK_USED);
    if (claim === 'taken') {
      const taken = await findTokenUse(ctx.db, token);
      if (taken?.idempotency_key !== idempotencyKey) throw forbidden(REPLACEMENT_LINK_USED);
    }
    isClaimedHere = claim === 'claimed';
  }

  let order;
  try {
    order = await placeOrder(ctx, {
      callerId: userId,
      // Its own namespace: a key the owner used at the store never answers that order here.
      idempotencyKey: `replacement:${idempotencyKey}`,
      payer: request.payer,
      lines,
      discountCode: null,
      shippingType: 'regularShipping',
      source: 'replacement',
    });
  } catch (error) {
    // A refusal changed nothing, so the link stays good; after anything else the charge may
    // have been made, so the claim stays for a repeat with this key to settle.
    if (isClaimedHere && error instanceof AppError && error.statusCode < 500)
      await releaseTokenClaim(ctx.db, { token, idempotencyKey });
    throw error;
  }
  await recordTokenOrder(ctx.db, token, order.OrderId);
  return { OrderNumber: order.OrderNumber, OrderId: order.OrderId };
}

/**
 * The offer's link for an owner: PUBLIC_URL/deviceupgrade with the owner, a fresh token and the
 * first eligible device's item (§2), or null when the owner has no eligible device.
 */
export async function replacementOfferLink(
  ctx: AppContext,
  userId: number,
): Promise<{ link: string; offer: NonNullable<Awaited<ReturnType<typeof loadOffer>>> } | null> {
  const offer = await loadOffer(ctx, userId);
  const [first] = offer?.devices ?? [];
  if (!offer || !first) return null;
  const query = new URLSearchParams({
    customerid: String(userId),
    token: await issueReplacementToken(ctx, userId),
    item: String(first.itemId),
  });
  return { link: `${ctx.config.publicUrl}${REPLACEMENT_OFFER_PATH}?${query.toString()}`, offer };
}

/**
 * The admin command `send-replacement-offer`: e-mails an eligible owner the offer's link (through
 * the outbox, retried by the job queue) and answers the link, or a reason there is none.
 */
export async function sendReplacementOffer(
  ctx: AppContext,
  userId: number,
): Promise<{ link: string; email: string } | { refused: string }> {
  const found = await replacementOfferLink(ctx, userId);
  if (!found) {
    const owner = await findReplacementOwner(ctx.db, userId);
    return {
      refused: owner
        ? `User ${userId} has no device the replacement offer takes (type 1 or 4 on carrier 1 or 2).`
        : `No user has the id ${userId}.`,
    };
  }
  const { link, offer } = found;
  const tenantId = offer.user.tenant_id;
  const mail = buildReplacementOfferMail({
    to: offer.user.email_address,
    firstName: offer.user.first_name,
    link,
    unitPriceCents: offer.unitPrice,
    deviceNames: offer.devices.map((device) => device.name ?? device.serial_number),
    expiresInDays: REPLACEMENT_TOKEN_DAYS,
    brand: ctx.brands[isTenantId(tenantId) ? tenantId : 1],
  });
  // The link orders for the owner: the delivery record must not keep it.
  await queueDelivery(ctx, {
    kind: 'replacement-offer',
    userId,
    hasSecret: true,
    ...toMailDelivery(mail),
  });
  return { link, email: offer.user.email_address };
}
