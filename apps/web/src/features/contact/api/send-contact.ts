import type { ContactRequest } from '@monitor/contract/contact';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/contactus (store-and-public-site §7): the contact form's message, stored and sent to
 * the brand's support address. Public; a signed-in visitor's token goes along as with most calls.
 */
export function sendContact(request: ContactRequest): Promise<unknown> {
  return apiRequest<unknown>('/api/contactus', { method: 'POST', body: request });
}
