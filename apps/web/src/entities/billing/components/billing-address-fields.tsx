import { Alert, Grid, Select, TextInput } from '@mantine/core';
import { resolveRegionForZip } from '@monitor/domain/shared/postal-codes';
import {
  CANADIAN_PROVINCES,
  isCanadianProvinceCode,
  US_STATES,
  type Region,
} from '@monitor/domain/shared/regions';
import { PhoneNumberInput } from '../../../components/ui/phone-number-input';
import type { BillingAddressForm } from '../hooks/use-billing-address-form';

const toOptions = (regions: readonly Region[]) =>
  regions.map((region) => ({ value: region.code, label: region.name }));
const STATE_OPTIONS = toOptions(US_STATES);
const PROVINCE_OPTIONS = toOptions(CANADIAN_PROVINCES);

export type BillingAddressFieldsProps = {
  /** From `useBillingAddressForm`. */
  form: BillingAddressForm;
  /** The verification's alert (useAddressVerification().error), shown under the fields. */
  verificationError?: string | null;
  disabled?: boolean;
  phoneDescription?: string;
};

/**
 * The billing address fields (accounts-devices-billing §2, §3, §5, §9): names, street, city, ZIP,
 * the state or province the ZIP calls for (5 characters a US state, 6 a Canadian province,
 * default AB; NY to start with) and the phone in three parts.
 */
export function BillingAddressFields({
  form,
  verificationError,
  disabled = false,
  phoneDescription = 'Optional: used if we need to reach you about your account',
}: BillingAddressFieldsProps) {
  const { zip, state } = form.values;
  const region = resolveRegionForZip(zip, state);
  const isProvince = region.isLoaded ? region.kind === 'province' : isCanadianProvinceCode(state);

  function changeZip(value: string) {
    form.setFieldValue('zip', value);
    const next = resolveRegionForZip(value, form.getValues().state);
    if (next.isLoaded && next.region !== form.getValues().state) {
      form.setFieldValue('state', next.region);
    }
  }

  return (
    <>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="First name"
            autoComplete="billing given-name"
            disabled={disabled}
            {...form.getInputProps('firstName')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Last name"
            autoComplete="billing family-name"
            disabled={disabled}
            {...form.getInputProps('lastName')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="Street address"
            autoComplete="billing address-line1"
            disabled={disabled}
            {...form.getInputProps('address1')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="Apartment, suite, unit"
            description="Optional"
            autoComplete="billing address-line2"
            disabled={disabled}
            {...form.getInputProps('address2')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="City"
            autoComplete="billing address-level2"
            disabled={disabled}
            {...form.getInputProps('city')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 5, sm: 3 }}>
          <TextInput
            label="ZIP / postal code"
            autoComplete="billing postal-code"
            disabled={disabled}
            {...form.getInputProps('zip')}
            onChange={(event) => changeZip(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 7, sm: 4 }}>
          <Select
            label={isProvince ? 'Province' : 'State'}
            data={isProvince ? PROVINCE_OPTIONS : STATE_OPTIONS}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No match"
            autoComplete="billing address-level1"
            disabled={disabled}
            {...form.getInputProps('state')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <PhoneNumberInput
            label="Phone number"
            description={phoneDescription}
            value={form.values.phone}
            onChange={(phone) => form.setFieldValue('phone', phone)}
            error={typeof form.errors.phone === 'string' ? form.errors.phone : null}
          />
        </Grid.Col>
      </Grid>
      {verificationError && (
        <Alert color="red" role="alert" mt="md" title="Address not verified">
          {verificationError}
        </Alert>
      )}
    </>
  );
}
