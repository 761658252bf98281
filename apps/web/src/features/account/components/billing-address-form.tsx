import { Button, Grid, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import type { User } from '@monitor/contract/users';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { joinPhoneParts, splitPhoneNumber, type PhoneParts } from '@monitor/domain/shared/phone';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { CANADIAN_PROVINCES, DEFAULT_STATE, US_STATES } from '@monitor/domain/shared/regions';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useCreateBillingAddressMutation } from '../api/create-billing-address';
import { useUpdateBillingAddressMutation } from '../api/update-billing-address';
import { EMPTY_PHONE, PhoneNumberInput } from '../../../components/ui/phone-number-input';

const STATE_OPTIONS = [
  { group: 'United States', items: US_STATES.map((s) => ({ value: s.code, label: s.name })) },
  { group: 'Canada', items: CANADIAN_PROVINCES.map((s) => ({ value: s.code, label: s.name })) },
];
const US_ZIP = /^\d{5}(-\d{4})?$/;
const CANADIAN_POSTAL_CODE = /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/;

type Values = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  phone: PhoneParts;
};

const required = (label: string) => (value: string) =>
  value.trim() ? null : `Enter the ${label}.`;

function initialValues(address: BillingAddress | null, user: User): Values {
  return {
    firstName: address?.FirstName ?? user.FirstName,
    lastName: address?.LastName ?? user.LastName,
    address1: address?.Address1 ?? '',
    address2: address?.Address2 ?? '',
    city: address?.City ?? '',
    state: address?.State || DEFAULT_STATE,
    zip: address?.Zip ?? '',
    phone: (address?.PhoneNumber && splitPhoneNumber(address.PhoneNumber)) || EMPTY_PHONE,
  };
}

/** The default billing address with the phone in three parts (accounts-devices-billing §2); saved by POST or PUT. */
export function BillingAddressForm({
  address,
  user,
}: {
  address: BillingAddress | null;
  user: User;
}) {
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const create = useCreateBillingAddressMutation();
  const update = useUpdateBillingAddressMutation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(address, user),
    validate: {
      firstName: required('first name'),
      lastName: required('last name'),
      address1: required('street address'),
      city: required('city'),
      state: (value) => (value ? null : 'Choose the state or province.'),
      zip: (value) =>
        US_ZIP.test(value.trim()) || CANADIAN_POSTAL_CODE.test(value.trim())
          ? null
          : 'Enter a 5-digit ZIP code or a Canadian postal code.',
      phone: (parts) => {
        const typed = parts.areaCode + parts.prefix + parts.lineNumber;
        return typed === '' || joinPhoneParts(parts)
          ? null
          : 'Enter all 10 digits of the phone number.';
      },
    },
  });
  const isSaving = create.isPending || update.isPending;

  function save(values: Values) {
    const zip = values.zip.trim();
    const input = {
      UserId: user.Id,
      Default: true,
      FirstName: values.firstName.trim(),
      LastName: values.lastName.trim(),
      Address1: values.address1.trim(),
      Address2: values.address2.trim() || null,
      City: values.city.trim(),
      State: values.state,
      Zip: CANADIAN_POSTAL_CODE.test(zip) ? zip.toUpperCase() : zip,
      PhoneNumber: joinPhoneParts(values.phone),
    };
    const options = {
      onSuccess: () => {
        form.resetDirty();
        notifications.show({
          color: 'teal',
          title: 'Saved',
          message: 'Your billing address was saved.',
        });
      },
      onError: (error: Error) => showError(errorMessageFor(error, fill(MESSAGES.updateUserFailed))),
    };
    if (address) update.mutate({ id: address.Id, ...input }, options);
    else create.mutate(input, options);
  }

  return (
    <form noValidate onSubmit={form.onSubmit(save)}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="First name"
            autoComplete="billing given-name"
            {...form.getInputProps('firstName')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Last name"
            autoComplete="billing family-name"
            {...form.getInputProps('lastName')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="Street address"
            autoComplete="billing address-line1"
            {...form.getInputProps('address1')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="Apartment, suite, unit"
            description="Optional"
            autoComplete="billing address-line2"
            {...form.getInputProps('address2')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="City"
            autoComplete="billing address-level2"
            {...form.getInputProps('city')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 7, sm: 4 }}>
          <Select
            label="State or province"
            data={STATE_OPTIONS}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No match"
            autoComplete="billing address-level1"
            {...form.getInputProps('state')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 5, sm: 3 }}>
          <TextInput
            label="ZIP / postal code"
            autoComplete="billing postal-code"
            {...form.getInputProps('zip')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <PhoneNumberInput
            label="Phone number"
            description="Optional: used if we need to reach you about your account"
            value={form.values.phone}
            onChange={(phone) => form.setFieldValue('phone', phone)}
            error={typeof form.errors.phone === 'string' ? form.errors.phone : null}
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={isSaving}>
          Save billing address
        </Button>
      </Group>
    </form>
  );
}
