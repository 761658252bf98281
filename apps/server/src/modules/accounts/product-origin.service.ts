import {
  CUSTOMER_SEGMENT_OTHER,
  PRODUCT_ORIGIN_OTHER,
  resolveCustomerSegment,
  resolveOtherText,
} from '@monitor/domain/accounts/registration';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { updateUser } from './users.repository';

export type ProductOriginInput = {
  ProductOrigin?: number | null | undefined;
  ProductOriginOther?: string | null | undefined;
  CustomerSegmentation?: number | null | undefined;
  SegmentationOther?: string | null | undefined;
};

/**
 * The stored where-did-you-hear and segment fields: free text only when Other was chosen, and
 * segment 8 when none was chosen (store-and-public-site §3, §5).
 */
export function toProductOriginValues(input: ProductOriginInput) {
  return {
    product_origin: input.ProductOrigin ?? null,
    product_origin_other: resolveOtherText(
      input.ProductOrigin,
      PRODUCT_ORIGIN_OTHER,
      input.ProductOriginOther,
    ),
    customer_segmentation: resolveCustomerSegment(input.CustomerSegmentation),
    segmentation_other: resolveOtherText(
      input.CustomerSegmentation,
      CUSTOMER_SEGMENT_OTHER,
      input.SegmentationOther,
    ),
  };
}

/** Saves the origin details sent after registration (store-and-public-site §4 "Registration"). */
export async function saveProductOrigin(
  ctx: AppContext,
  userId: number,
  input: ProductOriginInput,
): Promise<void> {
  const row = await updateUser(ctx.db, userId, toProductOriginValues(input));
  if (!row) throw notFound('User not found.');
}
