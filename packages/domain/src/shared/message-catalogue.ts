/* Every catalogue group by section, for lookups and the test that no placeholder is left. */
import { ACCOUNT_ALERT_MESSAGES, REGISTRATION_MESSAGES } from './account-messages';
import { DEVICE_MANAGEMENT_MESSAGES } from './device-messages';
import {
  STORE_ACCOUNT_ENTRY_MESSAGES,
  STORE_ADDRESS_MESSAGES,
  STORE_CART_MESSAGES,
  STORE_ORDER_MESSAGES,
  STORE_PROMOTION_MESSAGES,
  STORE_SUB_ACCOUNT_MESSAGES,
} from './store-messages';

/** Every catalogue group by section, for lookups and for the test that no placeholder is left. */
export const MESSAGE_CATALOGUE = {
  storeCart: STORE_CART_MESSAGES,
  storeAddress: STORE_ADDRESS_MESSAGES,
  storeOrder: STORE_ORDER_MESSAGES,
  storePromotion: STORE_PROMOTION_MESSAGES,
  storeAccountEntry: STORE_ACCOUNT_ENTRY_MESSAGES,
  storeSubAccount: STORE_SUB_ACCOUNT_MESSAGES,
  accountAlerts: ACCOUNT_ALERT_MESSAGES,
  registration: REGISTRATION_MESSAGES,
  device: DEVICE_MANAGEMENT_MESSAGES,
} as const;
