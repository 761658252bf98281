/*
 * The parts of braintree-web (it ships no types) the card fields use: a client from the client
 * token, Hosted Fields on it, and the data collector's device data for fraud checks.
 */
declare module 'braintree-web/client' {
  export type Client = { teardown(): Promise<void> };
  export function create(options: { authorization: string }): Promise<Client>;
}

declare module 'braintree-web/hosted-fields' {
  import type { Client } from 'braintree-web/client';
  type Field = { container: HTMLElement; placeholder?: string };
  export type HostedFields = {
    tokenize(): Promise<{ nonce: string; details: { cardType: string; lastFour: string } }>;
    teardown(): Promise<void>;
  };
  export function create(options: {
    client: Client;
    fields: Record<'number' | 'expirationDate' | 'cvv' | 'postalCode', Field>;
    styles?: Record<string, Record<string, string>>;
  }): Promise<HostedFields>;
}

declare module 'braintree-web/data-collector' {
  import type { Client } from 'braintree-web/client';
  export function create(options: { client: Client }): Promise<{ deviceData: string }>;
}
