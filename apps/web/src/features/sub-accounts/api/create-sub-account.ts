import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

export type CreateSubAccountInput = {
  parentId: number;
  userDeviceId: number;
  firstName: string;
  lastName: string;
  emailAddress: string;
  password: string;
  confirmPassword: string;
  sendEmail: boolean;
};

/**
 * Creates a sub-account through the registration call (device-management §7), sent with the
 * parent's token: ParentId and DeviceId name the parent and its user device.
 */
export function createSubAccount(input: CreateSubAccountInput): Promise<User> {
  return apiRequest<User>('/RegistrationGateway.php', {
    method: 'POST',
    body: {
      FirstName: input.firstName,
      LastName: input.lastName,
      EmailAddress: input.emailAddress,
      Password: input.password,
      ConfirmPassword: input.confirmPassword,
      ParentId: input.parentId,
      DeviceId: input.userDeviceId,
      SendEmail: input.sendEmail,
    },
  });
}

export function useCreateSubAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sub-accounts'] }),
  });
}
