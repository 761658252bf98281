import { z } from 'zod';
import {
  CUSTOMER_SEGMENT_NONE,
  CUSTOMER_SEGMENTS,
  PRODUCT_ORIGINS,
} from '@monitor/domain/accounts/registration';

const ORIGIN_IDS: readonly number[] = PRODUCT_ORIGINS.map((origin) => origin.id);
const SEGMENT_IDS: readonly number[] = [
  ...CUSTOMER_SEGMENTS.map((segment) => segment.id),
  CUSTOMER_SEGMENT_NONE,
];

/** A where-did-you-hear option id (store-and-public-site §3). */
export const ProductOrigin = z
  .number()
  .int()
  .refine((id) => ORIGIN_IDS.includes(id), 'Choose where you heard about us from the list.');

/** A customer segment id; 8 means none was chosen (store-and-public-site §3). */
export const CustomerSegmentation = z
  .number()
  .int()
  .refine((id) => SEGMENT_IDS.includes(id), 'Choose a customer segment from the list.');
