import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import type { User } from '@monitor/contract/users';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useCreateBillingAddressMutation } from '../../../entities/billing/api/create-billing-address';
import { useUpdateBillingAddressMutation } from '../../../entities/billing/api/update-billing-address';
import { BillingAddressFields } from '../../../entities/billing/components/billing-address-fields';
import { useBillingAddressForm } from '../../../entities/billing/hooks/use-billing-address-form';
import {
  toBillingAddressInput,
  type BillingAddressValues,
} from '../../../entities/billing/lib/billing-address';
import { Form } from '../../../components/ui/form';

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
  const form = useBillingAddressForm({ address, user });
  const isSaving = create.isPending || update.isPending;

  function save(values: BillingAddressValues) {
    const input = toBillingAddressInput(values, user.Id);
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
    <Form noValidate onSubmit={form.onSubmit(save)}>
      <BillingAddressFields form={form} />
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={isSaving}>
          Save billing address
        </Button>
      </Group>
    </Form>
  );
}
