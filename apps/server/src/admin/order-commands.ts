import { z } from 'zod';
import { dollarsToCents } from '@monitor/domain/shared/money';
import type { AppContext } from '../context';
import type { OrderStatus } from '../platform/database/schema';
import {
  listOrdersForAdmin,
  refundOrder,
  shipOrder,
  showOrderForAdmin,
} from '../modules/store/order-admin.service';
import { AppError } from '../platform/errors';

/** The order commands' part of the usage text (decision 044). */
export const ORDER_USAGE = `  list-orders [--status paid|shipped|refunded|cancelled]
      Lists the latest 100 store orders, newest first: number, placed, status, total, buyer.
  show-order ORDER_NUMBER
      Shows an order: buyer, addresses, lines, totals and its charge.
  ship-order ORDER_NUMBER --tracking NUMBER
      Marks an order shipped with its tracking number and e-mails the buyer the number.
  refund-order ORDER_NUMBER [--amount 12.34]
      Refunds an order's charge through the payment processor: all of what is left, or --amount;
      the order is refunded once nothing is left.`;

export const ORDER_COMMANDS = ['list-orders', 'show-order', 'ship-order', 'refund-order'] as const;

export type OrderCommand =
  | { name: 'list-orders'; status: OrderStatus | undefined }
  | { name: 'show-order'; orderNumber: string }
  | { name: 'ship-order'; orderNumber: string; trackingNumber: string }
  | { name: 'refund-order'; orderNumber: string; amountCents: number | undefined };

const Status = z.enum(
  ['paid', 'shipped', 'refunded', 'cancelled'],
  'must be paid, shipped, refunded or cancelled',
);
const OrderNumber = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, 'must be an order number');
const Tracking = z.string().trim().min(4, 'must be a tracking number').max(60, 'is too long');
const Amount = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount such as 12.34')
  .transform((value) => dollarsToCents(Number(value)))
  .refine((value) => value > 0, 'must be more than 0');

function read<T>(
  schema: z.ZodType<T>,
  value: unknown,
  what: string,
  fail: (m: string) => Error,
): T {
  if (value === undefined) throw fail(`${what} is required.`);
  const result = schema.safeParse(value);
  if (!result.success) throw fail(`${what}: ${result.error.issues[0]?.message ?? 'not valid'}`);
  return result.data;
}

/** Reads an order command from its parsed options and its positionals after the name. */
export function parseOrderCommand(
  name: (typeof ORDER_COMMANDS)[number],
  values: { status?: string; tracking?: string; amount?: string },
  extra: readonly string[],
  fail: (message: string) => Error,
): OrderCommand {
  if (name === 'list-orders') {
    if (extra.length > 0) throw fail(`Unexpected argument: ${extra.join(' ')}`);
    return {
      name,
      status:
        values.status === undefined ? undefined : read(Status, values.status, '--status', fail),
    };
  }
  if (extra.length !== 1) throw fail(`${name} takes one order number.`);
  const orderNumber = read(OrderNumber, extra[0], 'ORDER_NUMBER', fail);
  switch (name) {
    case 'show-order':
      return { name, orderNumber };
    case 'ship-order':
      return {
        name,
        orderNumber,
        trackingNumber: read(Tracking, values.tracking, '--tracking', fail),
      };
    case 'refund-order':
      return {
        name,
        orderNumber,
        amountCents:
          values.amount === undefined ? undefined : read(Amount, values.amount, '--amount', fail),
      };
  }
}

/** Runs an order command; a refusal (no such order, not shippable, too much to refund) is `fail`'s. */
export async function runOrderCommand(
  ctx: AppContext,
  command: OrderCommand,
  fail: (message: string) => Error,
): Promise<string> {
  try {
    switch (command.name) {
      case 'list-orders':
        return await listOrdersForAdmin(ctx, { ...(command.status && { status: command.status }) });
      case 'show-order':
        return await showOrderForAdmin(ctx, command.orderNumber);
      case 'ship-order':
        return await shipOrder(ctx, command);
      case 'refund-order':
        return await refundOrder(ctx, {
          orderNumber: command.orderNumber,
          ...(command.amountCents !== undefined && { amountCents: command.amountCents }),
        });
    }
  } catch (error) {
    throw error instanceof AppError ? fail(error.message) : error;
  }
}
