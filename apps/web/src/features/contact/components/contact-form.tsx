import { useId, useState, type ChangeEvent } from 'react';
import { Alert, Button, Grid, Input, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { STORE_ACCOUNT_ENTRY_MESSAGES } from '@monitor/domain/shared/store-messages';
import { CANADIAN_PROVINCES, US_STATES } from '@monitor/domain/shared/regions';
import { CircleCheckIcon } from '../../../components/ui/icons/circle-check-icon';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useBrand } from '../../../lib/brand-context';
import { sendContact } from '../api/send-contact';
import {
  CONTACT_COUNTRIES,
  contactValidators,
  EMPTY_CONTACT,
  toContactRequest,
  type ContactValues,
} from '../lib/contact-form';
import { Form } from '../../../components/ui/form';

/**
 * The contact form (store-and-public-site §2 "Contact page", §3 "Contact"): name, e-mail, phone,
 * state, country and message, sent only when valid (§5); a confirmation after, and 'An unexpected
 * error occurred. Please try again.' in the 'Error!' alert when sending fails (§8).
 */
export function ContactForm() {
  const brand = useBrand();
  const showError = useErrorModal();
  const [isSending, setIsSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    mode: 'controlled',
    initialValues: EMPTY_CONTACT,
    validate: contactValidators,
  });
  const messageId = useId();
  const regions = form.values.country === 'CA' ? CANADIAN_PROVINCES : US_STATES;

  async function send(values: ContactValues) {
    setIsSending(true);
    try {
      await sendContact(toContactRequest(values, brand.tenantId));
      setSentTo(values.email.trim());
      form.reset();
    } catch {
      showError(STORE_ACCOUNT_ENTRY_MESSAGES.contactFailed);
    } finally {
      setIsSending(false);
    }
  }

  if (sentTo) {
    return (
      <Alert color="green" icon={<CircleCheckIcon />} title="Message sent" role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Thank you for writing to {brand.name}. We answer within one business day, at {sentTo}.
          </Text>
          <Button size="xs" variant="light" color="green" onClick={() => setSentTo(null)}>
            Send another message
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Form onSubmit={form.onSubmit((values) => void send(values))} noValidate>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="E-mail"
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            description="Optional"
            {...form.getInputProps('phone')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NativeSelect
            label="Country"
            data={CONTACT_COUNTRIES.map((country) => ({ ...country }))}
            {...form.getInputProps('country')}
            onChange={(event) => {
              form.setFieldValue('country', event.currentTarget.value);
              form.setFieldValue('state', '');
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NativeSelect
            label={form.values.country === 'CA' ? 'Province' : 'State'}
            description="Optional"
            data={[
              { value: '', label: 'Choose…' },
              ...regions.map((region) => ({ value: region.code, label: region.name })),
            ]}
            {...form.getInputProps('state')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          {/* A plain textarea in the Input frame: no Textarea chunk of its own (bench/web). */}
          <Input.Wrapper label="Message" required id={messageId} error={form.errors.message}>
            <Input
              component="textarea"
              id={messageId}
              rows={6}
              error={Boolean(form.errors.message)}
              value={form.values.message}
              onChange={(event: ChangeEvent<HTMLTextAreaElement>) =>
                form.setFieldValue('message', event.currentTarget.value)
              }
            />
          </Input.Wrapper>
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" loading={isSending}>
            Send message
          </Button>
        </Grid.Col>
      </Grid>
    </Form>
  );
}
