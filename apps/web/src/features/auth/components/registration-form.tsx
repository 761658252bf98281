import { Anchor, Button, Grid, Select, Stack, TextInput, Title, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { useForm } from '@mantine/form';
import {
  CUSTOMER_SEGMENTS,
  CUSTOMER_SEGMENT_OTHER,
  PRODUCT_ORIGINS,
  PRODUCT_ORIGIN_OTHER,
} from '@monitor/domain/accounts/registration';
import { PasswordField } from '../../../components/ui/password-field';
import { useRegistration, type RegistrationValues } from '../hooks/use-registration';
import { Form } from '../../../components/ui/form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const originOptions = PRODUCT_ORIGINS.map(({ id, label }) => ({ value: String(id), label }));
const segmentOptions = CUSTOMER_SEGMENTS.map(({ id, label }) => ({ value: String(id), label }));

/** The spec's 409 message (store-and-public-site §8), and the way back in for the address's owner. */
function EmailTakenMessage() {
  return (
    <>
      {MESSAGES.emailInUse} If it is yours,{' '}
      <Anchor component={Link} to="/forgotpassword" fz="inherit" underline="always">
        reset your password
      </Anchor>
      .
    </>
  );
}

/** The sign-up form (store-and-public-site §2 "Registration page"). */
export function RegistrationForm() {
  const { register, isRegistering, takenEmail } = useRegistration();
  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      productOrigin: null,
      productOriginOther: '',
      customerSegment: null,
      segmentOther: '',
    },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter your first name.'),
      lastName: (value) => (value.trim() ? null : 'Enter your last name.'),
      email: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid e-mail address.'),
      password: (value) =>
        value.length >= 8 ? null : 'Password must be at least 8 characters long.',
      confirmPassword: (value, values) =>
        value === values.password ? null : 'Passwords do not match.',
    },
  });
  const isOriginOther = form.values.productOrigin === String(PRODUCT_ORIGIN_OTHER);
  const isSegmentOther = form.values.customerSegment === String(CUSTOMER_SEGMENT_OTHER);
  // Shown while the field still holds the address the server refused; editing it clears it.
  const isEmailTaken = takenEmail !== null && form.values.email.trim() === takenEmail;

  return (
    <Form noValidate onSubmit={form.onSubmit((values) => register(values))}>
      <Stack gap="lg">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="Last name"
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              {...form.getInputProps('email')}
              error={form.errors.email ?? (isEmailTaken ? <EmailTakenMessage /> : undefined)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <PasswordField
              label="Password"
              autoComplete="new-password"
              description="At least 8 characters"
              {...form.getInputProps('password')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              description="Type it once more"
              {...form.getInputProps('confirmPassword')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Company name"
              description="Optional: for businesses"
              autoComplete="organization"
              {...form.getInputProps('companyName')}
            />
          </Grid.Col>
        </Grid>

        <Stack gap={4}>
          <Title order={2} fz="h4">
            A little about you
          </Title>
          <Text size="sm" c="dimmed">
            Optional. It helps us improve the service.
          </Text>
        </Stack>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="sm">
              <Select
                label="Where did you hear about us?"
                placeholder="Choose one"
                data={originOptions}
                clearable
                allowDeselect
                {...form.getInputProps('productOrigin')}
              />
              {isOriginOther && (
                <TextInput
                  label="Where did you hear about us? (other)"
                  placeholder="Tell us where"
                  {...form.getInputProps('productOriginOther')}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="sm">
              <Select
                label="What will you monitor?"
                placeholder="Choose one"
                data={segmentOptions}
                clearable
                allowDeselect
                {...form.getInputProps('customerSegment')}
              />
              {isSegmentOther && (
                <TextInput
                  label="What will you monitor? (other)"
                  placeholder="Describe it briefly"
                  {...form.getInputProps('segmentOther')}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <Button type="submit" size="md" loading={isRegistering} fullWidth>
          Create account
        </Button>
      </Stack>
    </Form>
  );
}
