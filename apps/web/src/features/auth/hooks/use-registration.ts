import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { capitalizeName } from '@monitor/domain/accounts/names';
import {
  CUSTOMER_SEGMENT_OTHER,
  PRODUCT_ORIGIN_OTHER,
  resolveCustomerSegment,
  resolveOtherText,
} from '@monitor/domain/accounts/registration';
import { ApiError, errorMessageFor, isApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand-context';
import { getLoginSource } from '../../../lib/mobile-app';
import { startSession } from '../../../lib/session';
import { useErrorModal } from '../../../components/ui/error-modal';
import { registerUser, type RegistrationInput } from '../api/register';
import { saveProductOrigin } from '../api/save-product-origin';
import { useMutation } from '@tanstack/react-query';

export type RegistrationValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  productOrigin: string | null;
  productOriginOther: string;
  customerSegment: string | null;
  segmentOther: string;
};

/** The registration body: names capitalised, Other text only with Other, segment 8 when none chosen (store-and-public-site §3, §5). */
export function toRegistrationInput(
  values: RegistrationValues,
  tenantId: number,
): RegistrationInput {
  const origin = values.productOrigin ? Number(values.productOrigin) : null;
  const segment = values.customerSegment ? Number(values.customerSegment) : null;
  return {
    FirstName: capitalizeName(values.firstName),
    LastName: capitalizeName(values.lastName),
    EmailAddress: values.email.trim(),
    Password: values.password,
    ConfirmPassword: values.confirmPassword,
    TenantId: tenantId,
    CompanyName: values.companyName.trim() || null,
    ProductOrigin: origin,
    ProductOriginOther: resolveOtherText(origin, PRODUCT_ORIGIN_OTHER, values.productOriginOther),
    CustomerSegmentation: resolveCustomerSegment(segment),
    SegmentationOther: resolveOtherText(segment, CUSTOMER_SEGMENT_OTHER, values.segmentOther),
    source: getLoginSource(),
  };
}

/**
 * Submit, save the user, keep the token and user, save where they heard of us, go to
 * /devices/add; a failure to save the origin alerts and still goes on (store-and-public-site §4).
 */
export function useRegistration() {
  const navigate = useNavigate();
  const brand = useBrand();
  const showError = useErrorModal();

  const mutation = useMutation({
    mutationFn: async (values: RegistrationValues) => {
      const input = toRegistrationInput(values, brand.tenantId);
      const user = await registerUser(input);
      if (!user.AccessToken) throw new ApiError(500, '');
      startSession({ user, apiToken: user.AccessToken });
      try {
        await saveProductOrigin({
          UserId: user.Id,
          ProductOrigin: input.ProductOrigin,
          ProductOriginOther: input.ProductOriginOther,
          CustomerSegmentation: input.CustomerSegmentation,
          SegmentationOther: input.SegmentationOther,
        });
      } catch {
        showError(MESSAGES.productOriginFailed);
      }
      return user;
    },
    onSuccess: async (user) => {
      notifications.show({
        title: 'Welcome aboard',
        message: `Your account is ready, ${user.FirstName}. Next, add your first device.`,
        color: 'teal',
      });
      await navigate('/devices/add');
    },
    onError: (error) => {
      // An address already in use is the e-mail field's message, next to the way to reset the
      // password (issue #24); any other failure is the alert (store-and-public-site §8).
      if (!isApiError(error, 409)) showError(errorMessageFor(error, MESSAGES.registrationFailed));
    },
  });

  return {
    register: (values: RegistrationValues) => mutation.mutate(values),
    isRegistering: mutation.isPending,
    /** The address the server said is already in use, until another registration is tried. */
    takenEmail: isApiError(mutation.error, 409) ? (mutation.variables?.email.trim() ?? null) : null,
  };
}
