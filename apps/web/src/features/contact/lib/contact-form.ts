import type { ContactRequest } from '@monitor/contract/contact';
import { normalizePhoneNumber } from '@monitor/domain/shared/phone';
import type { TenantId } from '@monitor/domain/shared/brands';

/** The contact form as typed (store-and-public-site §2 "Contact page"). */
export type ContactValues = {
  name: string;
  email: string;
  phone: string;
  state: string;
  country: string;
  message: string;
};

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  email: '',
  phone: '',
  state: '',
  country: 'US',
  message: '',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The countries the site ships to and supports (store-and-public-site §3 "Lists": states and provinces). */
export const CONTACT_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
] as const;

/**
 * The field rules; the form is submitted only when all pass (store-and-public-site §5). A phone
 * is optional, and when given has 10 digits or 11 with a leading country digit (§5).
 */
export const contactValidators = {
  name: (value: string) => (value.trim() ? null : 'Enter your name.'),
  email: (value: string) =>
    EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid e-mail address.',
  phone: (value: string) =>
    !value.trim() || normalizePhoneNumber(value)
      ? null
      : 'Enter a 10-digit phone number, or leave it empty.',
  message: (value: string) => {
    if (!value.trim()) return 'Enter your message.';
    return value.trim().length > 4000 ? 'Keep the message under 4,000 characters.' : null;
  },
};

/** Body of POST /api/contactus (contract ContactRequest): the phone stored with its leading 1 (§9). */
export function toContactRequest(values: ContactValues, tenantId: TenantId): ContactRequest {
  return {
    TenantId: tenantId,
    Name: values.name.trim(),
    Email: values.email.trim(),
    Phone: values.phone.trim() ? normalizePhoneNumber(values.phone) : null,
    State: values.state || null,
    Country: CONTACT_COUNTRIES.find((country) => country.value === values.country)?.label ?? null,
    Message: values.message.trim(),
  };
}
