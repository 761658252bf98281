import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseIsoDate } from '@monitor/domain/shared/calendar-date';
import { dollarsToCents } from '@monitor/domain/shared/money';
import { normalizePromoCode, readPromotionValue } from '@monitor/domain/store/promotions';
import type { AppContext } from '../context';
import { AppError } from '../platform/errors';
import {
  listContactsForAdmin,
  listInterestedForAdmin,
} from '../modules/contact/contact-admin.service';
import {
  createPromotionForAdmin,
  expirePromotionForAdmin,
  listItemsForAdmin,
  listPromotionsForAdmin,
  setItemForAdmin,
  type ItemEdit,
  type NewPromotionInput,
} from '../modules/store/catalogue-admin.service';

/** The store commands' part of the usage text (decision 042). */
export const STORE_USAGE = `  list-items
      Lists every store item: id, name, price, weight in ounces, active or not, accessory, pro.
  set-item ITEM_ID [--price 229.00] [--name TEXT] [--description TEXT] [--weight OZ]
           [--active true|false] [--accessory true|false] [--pro true|false]
      Changes an item (orders already placed keep their prices). An id not in the catalogue adds
      the item: --name and --price are then required.
  list-promotions
      Lists every promotion with its benefits, its expiry and whether it is in force today.
  create-promotion --code CODE [--discount N] [--shipping-discount N] [--free-shipping]
                   [--device-price DOLLARS] [--expires YYYY-MM-DD] [--description TEXT]
      Adds a promotion code (stored upper-cased). --discount and --shipping-discount: a positive
      amount in dollars, or -100 to -1 for that percentage off. --device-price makes it a
      referral code: the standard device (items 1 and 16) sells at that price (169 for a referral
      code the spec does not list). --expires: good through that day (New York); none = never.
      Refused without a benefit.
  expire-promotion CODE
      Ends a promotion as of yesterday (New York): validation refuses it from now on.
  list-contacts [--count N]
      Lists the latest contact-page messages (default 50), newest first.
  list-interested [--count N]
      Lists the latest news sign-ups (default 50), newest first.`;

export const STORE_COMMANDS = [
  'list-items',
  'set-item',
  'list-promotions',
  'create-promotion',
  'expire-promotion',
  'list-contacts',
  'list-interested',
] as const;
type StoreCommandName = (typeof STORE_COMMANDS)[number];

export type StoreCommand =
  | { name: 'list-items' }
  | { name: 'set-item'; itemId: number; edit: ItemEdit }
  | { name: 'list-promotions' }
  | { name: 'create-promotion'; promotion: NewPromotionInput }
  | { name: 'expire-promotion'; code: string }
  | { name: 'list-contacts'; count: number }
  | { name: 'list-interested'; count: number };

const Dollars = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d{1,2})?$/, 'must be dollars such as 229.00')
  .transform((value) => dollarsToCents(Number(value)) as number);
const ItemId = z.coerce
  .number('must be an item id')
  .int('must be an item id')
  .min(1, 'must be an item id')
  .max(1_000_000);
const Name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(120, 'must be at most 120 characters');
const Description = z.string().trim().max(2000, 'must be at most 2000 characters');
const Weight = z.coerce
  .number('must be ounces such as 16')
  .min(0, 'must be 0 or more ounces')
  .max(10_000, 'must be at most 10000 ounces');
const Flag = z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true');
const Code = z
  .string()
  .transform(normalizePromoCode)
  .pipe(z.string().regex(/^[A-Z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _'));
/** The spec's sign rule (§3, §9): a positive amount in dollars, or -100 to -1 for a percentage. */
const SignedDiscount = z.coerce
  .number('must be a number')
  .refine(
    (value) => readPromotionValue(value) !== null,
    'must be an amount in dollars above 0, or -100 to -1 for a percentage off',
  )
  .refine(
    (value) => value < 0 || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'must be whole cents',
  )
  .refine((value) => value <= 100_000, 'must be at most 100000 dollars');
const Expires = z
  .string()
  .trim()
  .refine((value) => parseIsoDate(value) !== null, 'must be a date such as 2026-12-31');
const Count = z.coerce
  .number()
  .int()
  .min(1, 'must be 1 or more')
  .max(10_000, 'must be at most 10000');

/**
 * `--discount -20` as `--discount=-20`: node's parser takes a value starting with '-' for an
 * option, and a percentage off is written negative (§3).
 */
const joinNegativeValues = (argv: readonly string[]): string[] => {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (arg.startsWith('--') && !arg.includes('=') && next !== undefined && /^-\d/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else args.push(arg);
  }
  return args;
};

/** Reads a store command (the arguments after its name); `fail` makes the usage error. */
export function parseStoreCommand(
  name: StoreCommandName,
  argv: readonly string[],
  fail: (message: string) => Error,
): StoreCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: {
        price: { type: 'string' },
        name: { type: 'string' },
        description: { type: 'string' },
        weight: { type: 'string' },
        active: { type: 'string' },
        accessory: { type: 'string' },
        pro: { type: 'string' },
        code: { type: 'string' },
        discount: { type: 'string' },
        'shipping-discount': { type: 'string' },
        'free-shipping': { type: 'boolean' },
        'device-price': { type: 'string' },
        expires: { type: 'string' },
        count: { type: 'string' },
      },
    });
  } catch (error) {
    throw fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  const read = <T>(schema: z.ZodType<T>, value: unknown, what: string): T => {
    if (value === undefined) throw fail(`${what} is required.`);
    const result = schema.safeParse(value);
    if (!result.success) throw fail(`${what}: ${result.error.issues[0]?.message ?? 'not valid'}`);
    return result.data;
  };
  const optional = <T>(schema: z.ZodType<T>, option: keyof typeof values): T | undefined =>
    values[option] === undefined ? undefined : read(schema, values[option], `--${option}`);
  const takesOne = name === 'set-item' || name === 'expire-promotion';
  if (positionals.length !== (takesOne ? 1 : 0)) {
    throw fail(
      takesOne
        ? `${name} takes one ${name === 'set-item' ? 'item id' : 'promotion code'}.`
        : `Unexpected argument: ${positionals.join(' ')}`,
    );
  }
  switch (name) {
    case 'list-items':
    case 'list-promotions':
      return { name };
    case 'set-item': {
      const edit: ItemEdit = {
        priceCents: optional(Dollars, 'price'),
        name: optional(Name, 'name'),
        description: optional(Description, 'description'),
        weight: optional(Weight, 'weight'),
        isActive: optional(Flag, 'active'),
        isAccessory: optional(Flag, 'accessory'),
        isMarcellProItem: optional(Flag, 'pro'),
      };
      if (Object.values(edit).every((value) => value === undefined))
        throw fail('set-item: give at least one change.');
      return { name, itemId: read(ItemId, positionals[0], 'ITEM_ID'), edit };
    }
    case 'create-promotion':
      return {
        name,
        promotion: {
          code: read(Code, values.code, '--code'),
          description: optional(Description, 'description'),
          discount: optional(SignedDiscount, 'discount') ?? null,
          shippingDiscount: optional(SignedDiscount, 'shipping-discount') ?? null,
          isFreeShipping: values['free-shipping'] === true,
          devicePriceCents: optional(Dollars, 'device-price') ?? null,
          expirationDate: optional(Expires, 'expires') ?? null,
        },
      };
    case 'expire-promotion':
      return { name, code: read(Code, positionals[0], 'CODE') };
    case 'list-contacts':
    case 'list-interested':
      return { name, count: optional(Count, 'count') ?? 50 };
  }
}

/** Runs a store command; a refusal (no such item, a promotion without benefit) is `fail`'s. */
export async function runStoreCommand(
  ctx: Pick<AppContext, 'db' | 'now'>,
  command: StoreCommand,
  fail: (message: string) => Error,
): Promise<string> {
  try {
    return await run(ctx, command);
  } catch (error) {
    throw error instanceof AppError ? fail(error.message) : error;
  }
}

async function run(ctx: Pick<AppContext, 'db' | 'now'>, command: StoreCommand): Promise<string> {
  switch (command.name) {
    case 'list-items':
      return listItemsForAdmin(ctx);
    case 'set-item': {
      const { isNew, line } = await setItemForAdmin(ctx, command.itemId, command.edit);
      return `${isNew ? 'Added' : 'Changed'} ${line}`;
    }
    case 'list-promotions':
      return listPromotionsForAdmin(ctx);
    case 'create-promotion':
      return `Created ${await createPromotionForAdmin(ctx, command.promotion)}`;
    case 'expire-promotion':
      return expirePromotionForAdmin(ctx, command.code);
    case 'list-contacts':
      return listContactsForAdmin(ctx, command.count);
    case 'list-interested':
      return listInterestedForAdmin(ctx, command.count);
  }
}
