import { cardFieldsErrorOf } from './processor-errors';

/** What the card fields give back: a single-use nonce, never the number (decision 034). */
export type TokenizedCard = {
  nonce: string;
  /** The browser's device data for the processor's fraud checks; null where none is collected. */
  deviceData: string | null;
  details: { cardType: string; lastFour: string };
};

/** Open card fields: tokenize rejects with a CardFieldsError the payment error filter reads. */
export type CardFieldsInstance = {
  tokenize(): Promise<TokenizedCard>;
  teardown(): Promise<void>;
};

type LocalHostedFields = {
  tokenize(): Promise<{ nonce: string; details: TokenizedCard['details'] }>;
  teardown(): Promise<void>;
};

declare global {
  // Declaration merging onto the global Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    /** `/local-processor/hosted-fields.js`, the local processor's client (docs/payments.md). */
    localProcessor?: {
      hostedFields: {
        create(options: {
          authorization: string;
          container: HTMLElement;
          styles?: CardFieldStyles;
        }): Promise<LocalHostedFields>;
      };
    };
  }
}

/** CSS for the fields inside the processor's frames, in the shape of Braintree's `styles` option. */
export type CardFieldStyles = { input: Record<string, string> };

/**
 * The frames' fonts: the page's own font (a frame inherits nothing from the page, so its fields
 * would show the browser's default font), at 16 px so phones do not zoom into a field.
 */
export function cardFieldStylesFor(page: HTMLElement = document.body): CardFieldStyles {
  const fontFamily = getComputedStyle(page).fontFamily;
  return {
    input: { 'font-size': '16px', ...(fontFamily ? { 'font-family': fontFamily } : {}) },
  };
}

/** The processor a client token is for: its decoded JSON says `environment: 'local'` for ours. */
export function clientTokenKind(clientToken: string): 'local' | 'braintree' {
  try {
    const decoded = JSON.parse(atob(clientToken)) as { environment?: unknown };
    return decoded.environment === 'local' ? 'local' : 'braintree';
  } catch {
    return 'braintree';
  }
}

let localScript: Promise<void> | null = null;

/** Loads the local processor's client script once per page (a later failure may try again). */
function loadLocalScript(): Promise<void> {
  if (window.localProcessor) return Promise.resolve();
  localScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/local-processor/hosted-fields.js';
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      localScript = null;
      script.remove();
      reject(new Error('The card fields could not be loaded.'));
    };
    document.head.append(script);
  });
  return localScript;
}

async function openLocal(clientToken: string, container: HTMLElement): Promise<CardFieldsInstance> {
  await loadLocalScript();
  if (!window.localProcessor) throw new Error('The card fields could not be loaded.');
  const fields = await window.localProcessor.hostedFields.create({
    authorization: clientToken,
    container,
    styles: cardFieldStylesFor(),
  });
  return {
    tokenize: () =>
      fields.tokenize().then(
        ({ nonce, details }) => ({ nonce, details, deviceData: null }),
        (failure: unknown) => Promise.reject(cardFieldsErrorOf(failure as object)),
      ),
    teardown: () => fields.teardown(),
  };
}

// Placeholders show the shape only: a test card number here would be a card number in the page.
const BRAINTREE_FIELDS = [
  ['number', 'Card number', '•••• •••• •••• ••••'],
  ['expirationDate', 'Expiration date', 'MM/YYYY'],
  ['cvv', 'CVV', '•••'],
  ['postalCode', 'Postal code', 'ZIP or postal code'],
] as const;

/** Braintree's Hosted Fields: one labelled frame per field, made inside the container. */
async function openBraintree(
  clientToken: string,
  container: HTMLElement,
): Promise<CardFieldsInstance> {
  const [client, hostedFields, dataCollector] = await Promise.all([
    import('braintree-web/client'),
    import('braintree-web/hosted-fields'),
    import('braintree-web/data-collector'),
  ]);
  type FieldKey = (typeof BRAINTREE_FIELDS)[number][0];
  const fieldOptions = {} as Record<FieldKey, { container: HTMLElement; placeholder: string }>;
  for (const [key, label, placeholder] of BRAINTREE_FIELDS) {
    const caption = document.createElement('div');
    caption.textContent = label;
    caption.style.cssText = 'font-size:14px;margin:6px 0 2px';
    const box = document.createElement('div');
    box.style.cssText = 'height:36px;border:1px solid #ced4da;border-radius:4px;padding:0 8px';
    container.append(caption, box);
    fieldOptions[key] = { container: box, placeholder };
  }
  const clientInstance = await client.create({ authorization: clientToken });
  const fields = await hostedFields.create({
    client: clientInstance,
    fields: fieldOptions,
    styles: cardFieldStylesFor(),
  });
  // Device data helps the processor's fraud checks; a card is still taken without it.
  const deviceData = await dataCollector
    .create({ client: clientInstance })
    .then((collector) => collector.deviceData)
    .catch(() => null);
  return {
    tokenize: () =>
      fields.tokenize().then(
        ({ nonce, details }) => ({
          nonce,
          deviceData,
          details: { cardType: details.cardType, lastFour: details.lastFour },
        }),
        (failure: unknown) => Promise.reject(cardFieldsErrorOf(failure as object)),
      ),
    teardown: async () => {
      await fields.teardown();
      await clientInstance.teardown();
      container.replaceChildren();
    },
  };
}

/** Opens the card fields the client token is for inside `container`. */
export function openCardFields(
  clientToken: string,
  container: HTMLElement,
): Promise<CardFieldsInstance> {
  return clientTokenKind(clientToken) === 'local'
    ? openLocal(clientToken, container)
    : openBraintree(clientToken, container);
}
